package gametest

import "testing"

func TestLong(t *testing.T) {
	rec := Long(3000, 7)
	if n := len(rec.Moves()); n != 3000 {
		t.Fatalf("%d moves, want 3000", n)
	}
	p, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if !p.HasLegalMove() {
		t.Error("the game ends without a legal move")
	}
	line := rec.MainLine()
	if last := line[len(line)-1]; !last.HasTime || last.Time.Total < last.Time.Spent {
		t.Errorf("last move time %+v", last.Time)
	}
	if Long(50, 7).Moves()[49] != rec.Moves()[49] {
		t.Error("the same seed gave another game")
	}
}
