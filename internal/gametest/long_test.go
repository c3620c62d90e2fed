package gametest

import (
	"testing"

	"github.com/kifu-go/shogi"
)

// Seeds 818 and 2349 once drew, at 400 moves, a position where every move left the
// opponent without a legal move; Long now takes the move before back instead of failing.
func TestLongReachesItsLength(t *testing.T) {
	for _, seed := range []uint64{0, 1, 818, 2349, 2583} {
		rec := Long(400, seed)
		line := rec.MainLine()
		if len(line) != 400 {
			t.Fatalf("seed %d: %d moves, want 400", seed, len(line))
		}
		pos := shogi.NewStartPosition()
		for i, n := range line {
			if err := pos.Play(n.Move); err != nil {
				t.Fatalf("seed %d: move %d: %v", seed, i+1, err)
			}
		}
		if !pos.HasLegalMove() {
			t.Errorf("seed %d: the game ends in a position without a legal move", seed)
		}
		if again := Long(400, seed); len(again.MainLine()) != 400 || again.MainLine()[399].Move != line[399].Move {
			t.Errorf("seed %d: not the same game twice", seed)
		}
	}
}
