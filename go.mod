module github.com/kifu-go/shogi

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)
