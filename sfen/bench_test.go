package sfen_test

import (
	"testing"

	"github.com/kifu-go/shogi/sfen"
)

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		p, err := sfen.Parse(seedSFENs[1])
		if err != nil || p == nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormat(b *testing.B) {
	p, _ := sfen.Parse(seedSFENs[1])
	buf := make([]byte, 0, 128)
	b.ReportAllocs()
	for b.Loop() {
		buf = sfen.Append(buf[:0], p)
	}
	if len(buf) == 0 {
		b.Fatal("empty")
	}
}
