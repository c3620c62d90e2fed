package tsume_test

import (
	"testing"

	"github.com/kifu-go/shogi/tsume"
	"pgregory.net/rapid"
)

// TestBoundedAgainstBruteForce cross-checks the depth-bounded df-pn with the brute-force
// judge on random small positions: with every reply counted, a proof within r plies is
// a mate within its length (at most r) and a disproof means none within r; with futile
// drops not counted, a disproof still means no mate within r counting every reply.
func TestBoundedAgainstBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawProblem(t)
		r := rapid.SampledFrom([]int{1, 3, 5}).Draw(t, "plies")
		want := bruteOR(p.Clone(), r)
		proven, disproven, length := tsume.BoundedMate(p, r, tsume.FutileNone, 300_000)
		switch {
		case proven && (length > r || length < 1 || want < 0 || want > length):
			t.Fatalf("%v: bounded df-pn mates within %d plies (length %d), brute force says %d", p, r, length, want)
		case disproven && want >= 0:
			t.Fatalf("%v: bounded df-pn finds no mate within %d plies, brute force mates in %d", p, r, want)
		case proven && bruteOR(p.Clone(), length) < 0:
			t.Fatalf("%v: bounded df-pn mates in %d, brute force finds no such mate", p, length)
		}
		if _, disproven, _ := tsume.BoundedMate(p, r, tsume.FutileDrops, 300_000); disproven && want >= 0 {
			t.Fatalf("%v: bounded df-pn (futile drops) finds no mate within %d plies, brute force mates in %d", p, r, want)
		}
	})
}
