package packed

import (
	"errors"
	"testing"

	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// TestHandCounts: the counts read from a hand's bytes are Hand.Count's, for every hand
// a position can hold (up to shogi.HandCapacity of each kind).
func TestHandCounts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var h shogi.Hand
		var want uint64
		for k, kind := range handOrder {
			n := rapid.IntRange(0, shogi.HandCapacity[kind]).Draw(t, kind.String())
			h = h.WithCount(kind, n)
			want |= uint64(n) << (8 * k)
		}
		if got := handCounts(h); got != want {
			t.Fatalf("%v: %#x, want %#x", h, got, want)
		}
	})
}

// TestBoxCounts: the box's counts, compared a byte at a time at once, are the set's
// less the board's and the hands' for every kind, and too many pieces of any kind is
// ErrTooManyPieces, for counts up to 81 on the board and 63 in a hand.
func TestBoxCounts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var board, bh, wh, want uint64
		over := false
		for k, kind := range handOrder {
			b, x, y := 0, 0, 0
			if rapid.IntRange(0, 19).Draw(t, "past") == 0 { // any counts
				b = rapid.IntRange(0, 81).Draw(t, "board")
				x = rapid.IntRange(0, 63).Draw(t, "black")
				y = rapid.IntRange(0, 63).Draw(t, "white")
			} else { // a set's pieces, some in the box
				b = rapid.IntRange(0, setCount[kind]).Draw(t, "board")
				x = rapid.IntRange(0, setCount[kind]-b).Draw(t, "black")
				y = rapid.IntRange(0, setCount[kind]-b-x).Draw(t, "white")
			}
			board |= uint64(b) << (8 * k)
			bh |= uint64(x) << (8 * k)
			wh |= uint64(y) << (8 * k)
			if m := b + x + y; m > setCount[kind] {
				over = true
			} else {
				want |= uint64(setCount[kind]-m) << (8 * k)
			}
		}
		got, err := boxCounts(board, bh, wh)
		if over {
			if !errors.Is(err, ErrTooManyPieces) {
				t.Fatalf("%#x %#x %#x: %#x, %v; want ErrTooManyPieces", board, bh, wh, got, err)
			}
			return
		}
		if err != nil || got != want {
			t.Fatalf("%#x %#x %#x: %#x, %v; want %#x", board, bh, wh, got, err, want)
		}
	})
}
