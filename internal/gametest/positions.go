package gametest

import (
	"testing"

	shogi "github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// DrawPlayed plays up to maxPlies random legal moves from the position of startSFEN
// (the even-game start when it is ""), stopping early at a position without a move.
func DrawPlayed(t *rapid.T, startSFEN string, maxPlies int) *shogi.Position {
	p := shogi.NewStartPosition()
	if startSFEN != "" {
		var err error
		if p, err = shogi.ParseSFEN(startSFEN); err != nil {
			t.Fatalf("start position %q: %v", startSFEN, err)
		}
	}
	var list shogi.MoveList
	for range rapid.IntRange(0, maxPlies).Draw(t, "plies") {
		p.GenerateMoves(&list)
		if list.Len() == 0 {
			break
		}
		p.PlayUnchecked(list.At(rapid.IntRange(0, list.Len()-1).Draw(t, "move")))
	}
	return p
}

// DrawComposed draws a position by placing the pieces of a game (or fewer) at random:
// each piece left out, in a hand, or on a free square (promoted or not), with or
// without each king, either side to move, and a move number drawn from moveNumbers
// (1 when it is empty). The position may be one no game reaches (AllowUnreachable).
func DrawComposed(t *rapid.T, moveNumbers []int) *shogi.Position {
	var s shogi.Setup
	s.AllowUnreachable = true
	s.SideToMove = shogi.Color(rapid.IntRange(0, 1).Draw(t, "side"))
	s.MoveNumber = 1
	if len(moveNumbers) > 0 {
		s.MoveNumber = rapid.SampledFrom(moveNumbers).Draw(t, "move number")
	}
	free := make([]shogi.Square, 0, shogi.NumSquares)
	for i := range shogi.NumSquares {
		free = append(free, shogi.SquareAt(i))
	}
	place := func(c shogi.Color, t shogi.PieceType, sq int) {
		s.Put(free[sq], shogi.NewPiece(c, t))
		free = append(free[:sq], free[sq+1:]...)
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		if rapid.IntRange(0, 5).Draw(t, "no king") > 0 {
			place(c, shogi.King, rapid.IntRange(0, len(free)-1).Draw(t, "king square"))
		}
	}
	for _, pt := range shogi.HandTypes {
		for range shogi.MaxInHand[pt] {
			c := shogi.Color(rapid.IntRange(0, 1).Draw(t, "color"))
			switch rapid.IntRange(0, 3).Draw(t, "where") {
			case 0: // left out
			case 1:
				s.Hands[c] = s.Hands[c].Add(pt)
			default:
				kind := pt
				if pt.CanPromote() && rapid.Bool().Draw(t, "promoted") {
					kind = pt.Promote()
				}
				place(c, kind, rapid.IntRange(0, len(free)-1).Draw(t, "square"))
			}
		}
	}
	p, err := shogi.NewPosition(s)
	if err != nil {
		t.Fatalf("composed position: %v", err)
	}
	return p
}

// Play returns the position of sfen after the USI moves, each checked by the rules;
// a bad SFEN or move fails the test.
func Play(t testing.TB, sfen string, moves ...string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, usi := range moves {
		m, err := shogi.ParseUSIMove(usi)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return p
}
