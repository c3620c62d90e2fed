package packed

import (
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
