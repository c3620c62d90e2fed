package shogi_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// drawSetup draws a setup near a position of random play: its setup with a few
// squares overwritten by any piece code (invalid ones too), hands of random counts or
// random bits, any side to move from 0 to 2, a move number around the limits and
// either flag. Many are valid, many are refused for one reason or another.
func drawSetup(t *rapid.T) shogi.Setup {
	s := drawPosition(t, 40).Setup()
	for range rapid.IntRange(0, 3).Draw(t, "puts") {
		sq := shogi.SquareAt(rapid.IntRange(0, shogi.NumSquares-1).Draw(t, "square"))
		s.Put(sq, shogi.Piece(rapid.IntRange(0, 0x1F).Draw(t, "piece")))
	}
	for c := range s.Hands {
		switch rapid.IntRange(0, 3).Draw(t, "hand") {
		case 1:
			pt := shogi.HandTypes[rapid.IntRange(0, len(shogi.HandTypes)-1).Draw(t, "handType")]
			s.Hands[c] = s.Hands[c].WithCount(pt, rapid.IntRange(0, shogi.HandCapacity[pt]).Draw(t, "count"))
		case 2:
			s.Hands[c] = shogi.Hand(rapid.Uint32().Draw(t, "handBits"))
		}
	}
	if rapid.IntRange(0, 5).Draw(t, "otherSide") == 0 {
		s.SideToMove = shogi.Color(rapid.IntRange(0, 2).Draw(t, "side"))
	}
	s.MoveNumber = rapid.SampledFrom([]int{-1, 0, 1, 2, 117, shogi.MaxMoveNumber, shogi.MaxMoveNumber + 1}).Draw(t, "moveNumber")
	s.AllowUnreachable = rapid.Bool().Draw(t, "allowUnreachable")
	s.AllowExtraPieces = rapid.Bool().Draw(t, "allowExtraPieces")
	return s
}

// setupReasons are the sentinels of a refused setup.
var setupReasons = []error{shogi.ErrInvalidPiece, shogi.ErrInvalidSide, shogi.ErrTooManyKings, shogi.ErrTooManyPieces,
	shogi.ErrDeadPiece, shogi.ErrDoublePawn, shogi.ErrOpponentInCheck, shogi.ErrMoveNumber}

// TestResetAgreesWithNewPosition: Reset of a used position (with a history) and
// NewPosition give the same position or the same error; after an error the used
// position is unchanged, and after a success it plays and takes back moves as the new
// one does.
func TestResetAgreesWithNewPosition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawSetup(t)
		used := drawPosition(t, 30)
		sfen, moves := used.String(), used.Moves()
		want, wantErr := shogi.NewPosition(s)
		err := used.Reset(s)
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Fatalf("Reset = %v, NewPosition = %v", err, wantErr)
		}
		if err != nil {
			var se, wantSE *shogi.SetupError
			if !errors.As(err, &se) || !errors.As(wantErr, &wantSE) || se.Square != wantSE.Square {
				t.Fatalf("Reset error %#v, NewPosition's %#v", err, wantErr)
			}
			for _, reason := range setupReasons {
				if errors.Is(err, reason) != errors.Is(wantErr, reason) {
					t.Fatalf("Reset error %v, NewPosition's %v: not both %v", err, wantErr, reason)
				}
			}
			if used.String() != sfen {
				t.Fatalf("a failed Reset changed %s into %s", sfen, used)
			}
			if diff := cmp.Diff(moves, used.Moves()); diff != "" {
				t.Fatalf("a failed Reset changed the history (-want +got):\n%s", diff)
			}
			return
		}
		samePosition(t, want, used)
		if used.Ply() != 0 || used.LastMove() != shogi.NoMove {
			t.Fatalf("Reset kept a history: ply %d", used.Ply())
		}
		if err := used.Invariants(); err != nil {
			t.Fatal(err)
		}
		// The reset position plays and takes back a line as the new one does.
		line := []shogi.Move{}
		for range rapid.IntRange(0, 20).Draw(t, "plies") {
			legal := want.LegalMoves()
			if len(legal) == 0 {
				break
			}
			m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
			errWant, errUsed := want.Play(m), used.Play(m)
			if (errWant == nil) != (errUsed == nil) {
				t.Fatalf("Play(%v): new position %v, reset one %v", m, errWant, errUsed)
			}
			if errWant != nil {
				break // at MaxMoveNumber
			}
			line = append(line, m)
			samePosition(t, want, used)
		}
		if diff := cmp.Diff(line, used.Moves()); diff != "" {
			t.Fatalf("history of the reset position (-want +got):\n%s", diff)
		}
		for range line {
			if a, b := want.Undo(), used.Undo(); a != b {
				t.Fatalf("Undo: new position %v, reset one %v", a, b)
			}
			samePosition(t, want, used)
		}
	})
}

// samePosition fails unless p and q have the same SFEN, hash and checkers.
func samePosition(t tHelper, want, got *shogi.Position) {
	t.Helper()
	if !got.Equal(want) || got.String() != want.String() || got.Hash() != want.Hash() || got.Checkers() != want.Checkers() {
		t.Fatalf("got %s (hash %#x, checkers %v), want %s (hash %#x, checkers %v)",
			got, got.Hash(), got.Checkers(), want, want.Hash(), want.Checkers())
	}
}

// TestResetZeroPosition: the zero Position can be Reset, and grows a history.
func TestResetZeroPosition(t *testing.T) {
	s, err := shogi.ParseSetup(shogi.StartSFEN)
	if err != nil {
		t.Fatal(err)
	}
	var p shogi.Position
	if err := p.Reset(s); err != nil {
		t.Fatal(err)
	}
	samePosition(t, shogi.NewStartPosition(), &p)
	if err := p.Play(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false)); err != nil {
		t.Fatal(err)
	}
	if p.Ply() != 1 {
		t.Fatalf("ply %d after a move", p.Ply())
	}
}
