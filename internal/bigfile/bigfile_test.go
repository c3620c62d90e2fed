package bigfile

import (
	"testing"

	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/packed"
)

// Every move of a generated game carries floodgate's evaluation comment, read back as
// the evaluation the benchmarks of shogi positions count on.
func TestGamesCarryFloodgateEvaluations(t *testing.T) {
	games, err := Games(2, 30, 40)
	if err != nil {
		t.Fatal(err)
	}
	for g, data := range games {
		rec, err := csa.Parse(data)
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		line := rec.MainLine()
		if len(line) != 30 {
			t.Fatalf("game %d: %d moves, want 30", g, len(line))
		}
		for ply, node := range line {
			got, ok := packed.FloodgateEval(node.Comments)
			if want := (ply*37)%2000 - 1000; !ok || got != want {
				t.Errorf("game %d ply %d: evaluation %d, %v; want %d from %q", g, ply, got, ok, want, node.Comments)
			}
		}
	}
}
