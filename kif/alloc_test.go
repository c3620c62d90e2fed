package kif

import (
	"bytes"
	"testing"

	"github.com/kifu-go/shogi/internal/gametest"
)

// TestReadAllocationsPerBlock: reading a long record allocates per block of moves (of
// nodes, of decoded text, of the position's history), never per move, in UTF-8 and in
// Shift_JIS. A record ten times longer may take a few more blocks, not an allocation
// per move (a Shift_JIS line decoded into a string of its own made 20 000 allocations
// for 20 000 moves).
func TestReadAllocationsPerBlock(t *testing.T) {
	if testing.Short() {
		t.Skip("long records")
	}
	const short, long = 2000, 20000
	for _, enc := range []Encoding{UTF8, ShiftJIS} {
		allocs := map[int]float64{}
		for _, n := range []int{short, long} {
			var buf bytes.Buffer
			w := NewWriter(&buf)
			w.Encoding = enc
			if err := w.Write(gametest.Long(n, 3)); err != nil {
				t.Fatal(err)
			}
			w.Flush()
			data := buf.Bytes()
			allocs[n] = testing.AllocsPerRun(3, func() {
				rec, err := Parse(data)
				if err != nil || len(rec.Moves()) != n {
					t.Fatalf("%v: %d moves, %v", enc, len(rec.Moves()), err)
				}
			})
		}
		// At most one allocation per 100 moves more.
		if extra := allocs[long] - allocs[short]; extra > (long-short)/100 {
			t.Errorf("%v: %v allocations for %d moves, %v for %d: %.3f per move more, want none",
				enc, allocs[short], short, allocs[long], long, extra/(long-short))
		}
		t.Logf("%v: %v allocations for %d moves, %v for %d", enc, allocs[short], short, allocs[long], long)
	}
}
