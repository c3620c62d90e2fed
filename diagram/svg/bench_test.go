package svg

import (
	"io"
	"testing"

	"github.com/kifu-go/shogi"
)

// BenchmarkAppend draws the middle game of the golden files (both hands full,
// promoted pieces, the last move marked) into a reused buffer, in each piece style
// and with marks and arrows; it reports the picture's size (svg-bytes) besides the
// time and the allocations.
func BenchmarkAppend(b *testing.B) {
	p := middleGame(b)
	for _, bc := range []struct {
		name string
		o    *Options
	}{
		{"kanji", nil},
		{"kanji2", &Options{Pieces: Kanji2}},
		{"letters", &Options{Pieces: Letters}},
		{"marks+arrows", &Options{
			Marks:  []Mark{{Square: sq(7, 2)}, {Square: sq(6, 8)}},
			Arrows: []Arrow{{Move: shogi.NewMove(sq(8, 5), sq(8, 1), false)}, {Move: shogi.NewDrop(shogi.Pawn, sq(6, 9))}},
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			buf := Append(nil, p, bc.o)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				buf = Append(buf[:0], p, bc.o)
			}
			b.ReportMetric(float64(len(buf)), "svg-bytes")
		})
	}
}

// BenchmarkFormat is the same middle game written to an io.Writer: one allocation,
// the buffer.
func BenchmarkFormat(b *testing.B) {
	p := middleGame(b)
	b.ReportAllocs()
	for range b.N {
		if err := Format(io.Discard, p, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestAppendAllocations: drawing into a buffer large enough allocates nothing.
func TestAppendAllocations(t *testing.T) {
	p := middleGame(t)
	o := &Options{Arrows: []Arrow{{Move: shogi.NewDrop(shogi.Pawn, sq(6, 9))}}, Title: "a <title>"}
	buf := Append(nil, p, o)
	if n := testing.AllocsPerRun(20, func() { buf = Append(buf[:0], p, o) }); n != 0 {
		t.Errorf("Append allocates %v times a picture into a buffer large enough", n)
	}
	if n := testing.AllocsPerRun(20, func() { _ = Format(io.Discard, p, nil) }); n > 1 {
		t.Errorf("Format allocates %v times a picture, want 1 (its buffer)", n)
	}
}
