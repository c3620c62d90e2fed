module github.com/kifu-go/shogi

go 1.24

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/term v0.34.0
	golang.org/x/text v0.28.0
	pgregory.net/rapid v1.3.0
)

require golang.org/x/sys v0.35.0 // indirect
