//go:build !race

// The race detector allocates on its own, so these tests run only without it.

package shogi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
)

// allocPositions are positions with many moves, drops, checks and captures.
var allocPositions = []string{
	shogi.StartSFEN,
	"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
	"l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1",
	"7lk/9/8S/9/9/9/9/7L1/8K b P 1",
	"k3r4/9/9/9/9/9/5n3/6G2/4K4 b P 1",
}

func TestGenerateMovesAllocatesNothing(t *testing.T) {
	var list shogi.MoveList
	for _, sfen := range allocPositions {
		p := mustParse(t, sfen)
		if n := testing.AllocsPerRun(100, func() { p.GenerateMoves(&list) }); n != 0 {
			t.Errorf("%s: GenerateMoves allocates %v times", sfen, n)
		}
		if n := testing.AllocsPerRun(100, func() { _ = p.HasLegalMove() }); n != 0 {
			t.Errorf("%s: HasLegalMove allocates %v times", sfen, n)
		}
	}
}

func TestPlayUndoAllocatesNothing(t *testing.T) {
	var list shogi.MoveList
	for _, sfen := range allocPositions {
		p := mustParse(t, sfen)
		p.GenerateMoves(&list)
		moves := list.Moves()
		if n := testing.AllocsPerRun(10, func() {
			for _, m := range moves {
				p.PlayUnchecked(m)
				p.Undo()
			}
		}); n != 0 {
			t.Errorf("%s: PlayUnchecked+Undo allocates %v times", sfen, n)
		}
		if n := testing.AllocsPerRun(10, func() {
			for _, m := range moves {
				if err := p.Play(m); err != nil {
					panic(err)
				}
				p.Undo()
			}
		}); n != 0 {
			t.Errorf("%s: Play+Undo allocates %v times", sfen, n)
		}
		if n := testing.AllocsPerRun(10, func() {
			for _, m := range candidates {
				_ = p.IsLegal(m)
			}
		}); n != 0 {
			t.Errorf("%s: IsLegal allocates %v times", sfen, n)
		}
		if n := testing.AllocsPerRun(10, func() {
			for _, m := range moves {
				if p.CheckMove(m) != nil {
					panic(m)
				}
			}
		}); n != 0 {
			t.Errorf("%s: CheckMove of legal moves allocates %v times", sfen, n)
		}
	}
}

// TestDeepLineAllocatesNothing plays a line longer than the history the position
// starts with, then checks that replaying it after Undo reuses the storage.
func TestDeepLineAllocatesNothing(t *testing.T) {
	p := shogi.NewStartPosition()
	line := make([]shogi.Move, 0, 300)
	var list shogi.MoveList
	for range 300 {
		p.GenerateMoves(&list)
		if list.Len() == 0 {
			break
		}
		m := list.At(list.Len() / 2)
		line = append(line, m)
		p.PlayUnchecked(m)
	}
	for p.Undo() != shogi.NoMove {
	}
	if n := testing.AllocsPerRun(5, func() {
		for _, m := range line {
			p.PlayUnchecked(m)
		}
		for range line {
			p.Undo()
		}
	}); n != 0 {
		t.Errorf("replaying a %d-move line allocates %v times", len(line), n)
	}
	if n := testing.AllocsPerRun(5, func() { _ = p.Perft(3) }); n != 0 {
		t.Errorf("Perft(3) allocates %v times", n)
	}
}

// TestGrowRoomForAGame: after Grow(n), playing n moves allocates nothing, and the
// moves already played stay.
func TestGrowRoomForAGame(t *testing.T) {
	p := shogi.NewStartPosition()
	var list shogi.MoveList
	play := func(n int) {
		for range n {
			p.GenerateMoves(&list)
			if list.Len() == 0 {
				t.Fatal("no legal move")
			}
			p.PlayUnchecked(list.At(list.Len() / 2))
		}
	}
	play(3)
	before := p.Moves()
	p.Grow(200)
	if n := testing.AllocsPerRun(1, func() { play(100) }); n != 0 {
		t.Errorf("playing 200 moves after Grow(200): %v allocations, want 0", n)
	}
	if diff := cmp.Diff(before, p.Moves()[:3]); diff != "" {
		t.Errorf("the moves played before Grow (-want +got)\n%s", diff)
	}
}

// TestResetAllocatesNothing: Reset into a position whose history has room allocates
// nothing, neither for a valid setup nor for one it refuses with a sentinel error.
func TestResetAllocatesNothing(t *testing.T) {
	p := shogi.NewStartPosition()
	for _, sfen := range allocPositions {
		s, err := shogi.ParseSetup(sfen)
		if err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() {
			if err := p.Reset(s); err != nil {
				panic(err)
			}
			p.PlayUnchecked(p.LegalMoves()[0])
		}); n != 1 { // LegalMoves' slice; Reset and the move none
			t.Errorf("%s: Reset allocates %v times", sfen, n-1)
		}
	}
}
