package shogi_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
)

// usi parses a USI move for a test table.
func usi(t *testing.T, s string) shogi.Move {
	t.Helper()
	m, err := shogi.ParseUSIMove(s)
	if err != nil {
		t.Fatalf("ParseUSIMove(%q): %v", s, err)
	}
	return m
}

type foulCase struct {
	name string
	sfen string
	move string     // USI, or empty when raw is used
	raw  shogi.Move // a move USI cannot write
	want error      // nil: the move is legal
	// unreachable: sfen needs Setup.AllowUnreachable (the side not to move in check).
	unreachable bool
}

const (
	sfenKings = "4k4/9/9/9/9/9/9/9/4K4 b P 1"
	// A white rook on 5a checks the black king on 5i; white king 9a.
	sfenRookCheck = "k3r4/9/9/9/9/9/9/P6P1/4K4 b P 1"
	// The black silver on 5h is pinned by the white rook on 5a.
	sfenPinned = "k3r4/9/9/9/9/9/9/4S4/4K4 b - 1"
	// Double check: the rook on 5a and the knight on 4g both check the king on 5i.
	sfenDoubleCheck = "k3r4/9/9/9/9/9/5n3/6G2/4K4 b P 1"
)

var foulCases = []foulCase{
	// The piece moved.
	{name: "no piece", sfen: shogi.StartSFEN, move: "5e5d", want: shogi.ErrNoPiece},
	{name: "opponent's piece", sfen: shogi.StartSFEN, move: "3c3d", want: shogi.ErrNotYourPiece},
	{name: "white moves black's piece", sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", move: "7g7f", want: shogi.ErrNotYourPiece},
	// Where it may go.
	{name: "pawn two steps", sfen: shogi.StartSFEN, move: "7g7e", want: shogi.ErrCannotMove},
	{name: "pawn backwards", sfen: "4k4/9/9/9/4P4/9/9/9/4K4 b - 1", move: "5e5f", want: shogi.ErrCannotMove},
	{name: "rook diagonally", sfen: shogi.StartSFEN, move: "2h3f", want: shogi.ErrCannotMove},
	{name: "knight straight ahead", sfen: "4k4/9/9/9/4N4/9/9/9/4K4 b - 1", move: "5e5c", want: shogi.ErrCannotMove},
	{name: "white knight jumps like black's", sfen: "4k4/9/9/9/4n4/9/9/9/4K4 w - 1", move: "5e4c", want: shogi.ErrCannotMove},
	{name: "silver sideways", sfen: shogi.StartSFEN, move: "3i2i", want: shogi.ErrCaptureOwn},
	{name: "silver sideways to an empty square", sfen: "4k4/9/9/9/4S4/9/9/9/4K4 b - 1", move: "5e4e", want: shogi.ErrCannotMove},
	{name: "gold diagonally back", sfen: "4k4/9/9/9/4G4/9/9/9/4K4 b - 1", move: "5e4f", want: shogi.ErrCannotMove},
	{name: "lance backwards", sfen: "k8/9/9/9/4L4/9/9/9/4K4 b - 1", move: "5e5g", want: shogi.ErrCannotMove},
	{name: "king two squares", sfen: sfenKings, move: "5i5g", want: shogi.ErrCannotMove},
	{name: "horse two squares straight", sfen: "4k4/9/9/9/4+B4/9/9/9/4K4 b - 1", move: "5e5c", want: shogi.ErrCannotMove},
	{name: "horse one square straight", sfen: "4k4/9/9/9/4+B4/9/9/9/4K4 b - 1", move: "5e5d", want: nil},
	{name: "rook blocked", sfen: shogi.StartSFEN, move: "2h2c", want: shogi.ErrPathBlocked},
	{name: "bishop blocked", sfen: shogi.StartSFEN, move: "8h4d", want: shogi.ErrPathBlocked},
	{name: "lance blocked", sfen: shogi.StartSFEN, move: "9i9e", want: shogi.ErrPathBlocked},
	{name: "dragon blocked", sfen: "k8/9/9/9/4+R4/4p4/9/9/K8 b - 1", move: "5e5h", want: shogi.ErrPathBlocked},
	{name: "rook captures the blocker", sfen: "k8/9/9/9/4R4/4p4/9/9/K8 b - 1", move: "5e5f", want: nil},
	{name: "capture own piece", sfen: shogi.StartSFEN, move: "2h2g", want: shogi.ErrCaptureOwn},
	{name: "king captures own gold", sfen: shogi.StartSFEN, move: "5i4i", want: shogi.ErrCaptureOwn},
	// Promotion.
	{name: "promotion outside the zone", sfen: shogi.StartSFEN, move: "7g7f+", want: shogi.ErrPromotionOutsideZone},
	{name: "white promotion outside its zone", sfen: "4k4/9/9/4p4/9/9/9/9/4K4 w - 1", move: "5d5e+", want: shogi.ErrPromotionOutsideZone},
	{name: "promotion into the zone", sfen: "4k4/9/9/1P7/9/9/9/9/4K4 b - 1", move: "8d8c+", want: nil},
	{name: "promotion leaving the zone", sfen: "4k4/9/2S6/9/9/9/9/9/4K4 b - 1", move: "7c6d+", want: nil},
	{name: "gold cannot promote", sfen: "4k4/9/9/4G4/9/9/9/9/4K4 b - 1", move: "5d5c+", want: shogi.ErrCannotPromote},
	{name: "king cannot promote", sfen: sfenKings, move: "5i5h+", want: shogi.ErrCannotPromote},
	{name: "tokin already promoted", sfen: "4k4/9/9/4+P4/9/9/9/9/4K4 b - 1", move: "5d5c+", want: shogi.ErrAlreadyPromoted},
	{name: "dragon already promoted", sfen: "k8/9/9/4+R4/9/9/9/9/K8 b - 1", move: "5d5c+", want: shogi.ErrAlreadyPromoted},
	{name: "pawn to the last rank", sfen: "8k/4P4/9/9/9/9/9/9/4K4 b - 1", move: "5b5a", want: shogi.ErrMustPromote},
	{name: "lance to the last rank", sfen: "8k/9/9/4L4/9/9/9/9/4K4 b - 1", move: "5d5a", want: shogi.ErrMustPromote},
	{name: "lance to the second rank may stay", sfen: "8k/9/9/4L4/9/9/9/9/4K4 b - 1", move: "5d5b", want: nil},
	{name: "knight to the second rank", sfen: "8k/9/9/4N4/9/9/9/9/4K4 b - 1", move: "5d4b", want: shogi.ErrMustPromote},
	{name: "knight to the third rank may stay", sfen: "8k/9/9/9/4N4/9/9/9/4K4 b - 1", move: "5e4c", want: nil},
	{name: "white pawn to the last rank", sfen: "4k4/9/9/9/9/9/9/4p4/K8 w - 1", move: "5h5i", want: shogi.ErrMustPromote},
	{name: "white knight to the eighth rank", sfen: "4k4/9/9/9/9/4n4/9/9/K8 w - 1", move: "5f4h", want: shogi.ErrMustPromote},
	{name: "silver to the last rank may stay", sfen: "8k/4S4/9/9/9/9/9/9/4K4 b - 1", move: "5b5a", want: nil},
	// Drops.
	{name: "drop not in hand", sfen: shogi.StartSFEN, move: "P*5e", want: shogi.ErrNotInHand},
	{name: "drop the opponent's hand piece", sfen: "4k4/9/9/9/9/9/9/9/4K4 b r 1", move: "R*5e", want: shogi.ErrNotInHand},
	{name: "drop a king", sfen: sfenKings, raw: shogi.NewDrop(shogi.King, shogi.NewSquare(5, 5)), want: shogi.ErrNotInHand},
	{name: "drop on an occupied square", sfen: sfenKings, move: "P*5i", want: shogi.ErrDropOccupied},
	{name: "drop on the opponent's piece", sfen: sfenKings, move: "P*5a", want: shogi.ErrDropOccupied},
	{name: "drop a tokin", sfen: sfenKings, raw: shogi.NewDrop(shogi.ProPawn, shogi.NewSquare(5, 5)), want: shogi.ErrDropPromoted},
	{name: "drop a dragon", sfen: "4k4/9/9/9/9/9/9/9/4K4 b R 1", raw: shogi.NewDrop(shogi.Dragon, shogi.NewSquare(5, 5)), want: shogi.ErrDropPromoted},
	{name: "pawn drop on the last rank", sfen: sfenKings, move: "P*4a", want: shogi.ErrDeadDrop},
	{name: "lance drop on the last rank", sfen: "4k4/9/9/9/9/9/9/9/4K4 b L 1", move: "L*4a", want: shogi.ErrDeadDrop},
	{name: "lance drop on the second rank", sfen: "4k4/9/9/9/9/9/9/9/4K4 b L 1", move: "L*4b", want: nil},
	{name: "knight drop on the second rank", sfen: "4k4/9/9/9/9/9/9/9/4K4 b N 1", move: "N*4b", want: shogi.ErrDeadDrop},
	{name: "knight drop on the third rank", sfen: "4k4/9/9/9/9/9/9/9/4K4 b N 1", move: "N*1c", want: nil},
	{name: "white pawn drop on the ninth rank", sfen: "4k4/9/9/9/9/9/9/9/4K4 w p 1", move: "P*1i", want: shogi.ErrDeadDrop},
	{name: "white knight drop on the eighth rank", sfen: "4k4/9/9/9/9/9/9/9/4K4 w n 1", move: "N*1h", want: shogi.ErrDeadDrop},
	{name: "white pawn drop on the first rank", sfen: "4k4/9/9/9/9/9/9/9/4K4 w p 1", move: "P*1a", want: nil},
	{name: "gold drop on the last rank", sfen: "4k4/9/9/9/9/9/9/9/4K4 b G 1", move: "G*1a", want: nil},
	{name: "nifu", sfen: "4k4/9/9/9/9/9/4P4/9/4K4 b P 1", move: "P*5e", want: shogi.ErrNifu},
	{name: "nifu with the pawn behind", sfen: "4k4/9/9/9/9/9/4P4/9/4K4 b P 1", move: "P*5h", want: shogi.ErrNifu},
	{name: "white nifu", sfen: "4k4/9/4p4/9/9/9/9/9/4K4 w p 1", move: "P*5e", want: shogi.ErrNifu},
	{name: "a tokin is no pawn", sfen: "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", move: "P*5e", want: nil},
	{name: "the opponent's pawn does not count", sfen: "4k4/9/4p4/9/9/9/9/9/4K4 b P 1", move: "P*5e", want: nil},
	{name: "another file", sfen: "4k4/9/9/9/9/9/4P4/9/4K4 b P 1", move: "P*4e", want: nil},
	// 打ち歩詰め.
	{name: "uchifuzume, pawn guarded by a silver", sfen: "7lk/9/8S/9/9/9/9/7L1/8K b P 1", move: "P*1b", want: shogi.ErrUchifuzume},
	{name: "uchifuzume, the only capturer is pinned", sfen: "4R2gk/9/9/6NN1/9/9/9/9/4K4 b P 1", move: "P*1b", want: shogi.ErrUchifuzume},
	{name: "pawn drop check, the unpinned gold captures", sfen: "7gk/9/9/6NN1/9/9/9/9/4K4 b P 1", move: "P*1b", want: nil},
	{name: "uchifuzume, the king may not capture a guarded pawn", sfen: "7lk/7p1/9/7N1/9/9/9/9/4K4 b P 1", move: "P*1b", want: shogi.ErrUchifuzume},
	{name: "pawn drop check, the king captures the unguarded pawn", sfen: "7lk/7p1/9/9/9/9/9/9/4K4 b P 1", move: "P*1b", want: nil},
	{name: "pawn drop check, the king escapes", sfen: "8k/9/8S/9/9/9/9/9/4K4 b P 1", move: "P*1b", want: nil},
	{name: "white uchifuzume", sfen: "k8/1l7/9/9/9/9/s8/9/KL7 w p 1", move: "P*9h", want: shogi.ErrUchifuzume},
	{name: "mate by a pawn move is legal", sfen: "4R2gk/9/8P/6NN1/9/9/9/9/4K4 b - 1", move: "1c1b+", want: nil},
	{name: "pawn drop mate of a king-less side is impossible", sfen: "9/9/9/9/9/9/9/9/4K4 b P 1", move: "P*1b", want: nil},
	// 王手放置.
	{name: "leaving check", sfen: sfenRookCheck, move: "9h9g", want: shogi.ErrKingInCheck},
	{name: "drop that does not block", sfen: sfenRookCheck, move: "P*4e", want: shogi.ErrKingInCheck},
	{name: "drop that blocks", sfen: sfenRookCheck, move: "P*5e", want: nil},
	{name: "king steps along the checking line", sfen: sfenRookCheck, move: "5i5h", want: shogi.ErrKingInCheck},
	{name: "king steps off the line", sfen: sfenRookCheck, move: "5i4h", want: nil},
	{name: "king moves into check", sfen: "k2r5/9/9/9/9/9/9/9/4K4 b - 1", move: "5i6h", want: shogi.ErrKingInCheck},
	{name: "king moves next to the other king", sfen: "9/9/9/9/9/9/4k4/9/4K4 b - 1", move: "5i5h", want: shogi.ErrKingInCheck},
	{name: "king captures a guarded piece", sfen: "k8/9/9/9/9/9/4r4/4g4/4K4 b - 1", move: "5i5h", want: shogi.ErrKingInCheck},
	{name: "king captures an unguarded piece", sfen: "k8/9/9/9/9/9/9/4g4/4K4 b - 1", move: "5i5h", want: nil},
	{name: "pinned piece leaves the line", sfen: sfenPinned, move: "5h4g", want: shogi.ErrKingInCheck},
	{name: "pinned piece moves along the line", sfen: sfenPinned, move: "5h5g", want: nil},
	{name: "pinned by a lance", sfen: "k3l4/9/9/9/9/9/9/4G4/4K4 b - 1", move: "5h4h", want: shogi.ErrKingInCheck},
	{name: "pinned by a bishop", sfen: "k8/9/9/9/b8/9/2G6/9/4K4 b - 1", move: "7g7f", want: shogi.ErrKingInCheck},
	{name: "double check, capture one checker", sfen: sfenDoubleCheck, move: "3h4g", want: shogi.ErrKingInCheck},
	{name: "double check, interpose", sfen: sfenDoubleCheck, move: "P*5e", want: shogi.ErrKingInCheck},
	{name: "double check, the king moves", sfen: sfenDoubleCheck, move: "5i6h", want: nil},
	// Malformed moves.
	{name: "no move", sfen: shogi.StartSFEN, raw: shogi.NoMove, want: shogi.ErrInvalidMove},
	{name: "move to its own square", sfen: shogi.StartSFEN, raw: shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 7), false), want: shogi.ErrInvalidMove},
	{name: "move without an origin", sfen: shogi.StartSFEN, raw: shogi.NewMove(shogi.NoSquare, shogi.NewSquare(7, 6), false), want: shogi.ErrInvalidMove},
	{name: "origin off the board", sfen: shogi.StartSFEN, raw: shogi.NewMove(shogi.Square(100), shogi.NewSquare(7, 6), false), want: shogi.ErrInvalidMove},
	{name: "destination off the board", sfen: shogi.StartSFEN, raw: shogi.NewMove(shogi.NewSquare(7, 7), shogi.Square(90), false), want: shogi.ErrInvalidMove},
	{name: "drop of no type", sfen: sfenKings, raw: shogi.NewDrop(shogi.NoPieceType, shogi.NewSquare(5, 5)), want: shogi.ErrInvalidMove},
	{name: "drop off the board", sfen: sfenKings, raw: shogi.NewDrop(shogi.Pawn, shogi.NoSquare), want: shogi.ErrInvalidMove},
	{name: "stray high bits", sfen: shogi.StartSFEN, raw: shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false) | 1<<24, want: shogi.ErrInvalidMove},
	{name: "board move with a drop type", sfen: shogi.StartSFEN, raw: shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false) | 1<<16, want: shogi.ErrInvalidMove},
	{name: "promoting drop", sfen: sfenKings, raw: shogi.NewDrop(shogi.Pawn, shogi.NewSquare(5, 5)) | shogi.NewMove(shogi.NoSquare, shogi.NoSquare, true), want: shogi.ErrInvalidMove},
	{name: "drop with an origin", sfen: sfenKings, raw: shogi.NewDrop(shogi.Pawn, shogi.NewSquare(5, 5)) | shogi.NewMove(shogi.NewSquare(1, 1), shogi.NoSquare, false), want: shogi.ErrInvalidMove},
	// Taking a king that stands in check on the side not to move (an unreachable setup).
	{name: "rook takes the king", sfen: "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", move: "5e5a", want: shogi.ErrCaptureKing, unreachable: true},
	{name: "promoting capture of the king", sfen: "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", move: "5e5a+", want: shogi.ErrCaptureKing, unreachable: true},
	{name: "king takes the king", sfen: "9/9/9/9/4k4/4K4/9/9/9 b - 1", move: "5f5e", want: shogi.ErrCaptureKing, unreachable: true},
	{name: "the checked king takes the checking king", sfen: "9/9/9/9/4k4/4K4/9/9/9 w - 1", move: "5e5f", want: shogi.ErrCaptureKing, unreachable: true},
	{name: "a rook too far to take the king", sfen: "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", move: "5e5b", unreachable: true},
}

func TestFouls(t *testing.T) {
	for _, tc := range foulCases {
		t.Run(tc.name, func(t *testing.T) {
			parse := mustParse
			if tc.unreachable {
				parse = mustParseUnreachable
			}
			p := parse(t, tc.sfen)
			m := tc.raw
			if tc.move != "" {
				m = usi(t, tc.move)
			}
			sfen, hash := p.String(), p.Hash()
			err := p.CheckMove(m)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("CheckMove(%v) = %v, want nil", m, err)
				}
				if !p.IsLegal(m) || !slicesContains(p.LegalMoves(), m) {
					t.Fatalf("%v: IsLegal %v, generated %v", m, p.IsLegal(m), slicesContains(p.LegalMoves(), m))
				}
				if err := p.Play(m); err != nil {
					t.Fatalf("Play(%v): %v", m, err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("CheckMove(%v) = %v, want %v", m, err, tc.want)
			}
			var ie *shogi.IllegalMoveError
			if !errors.As(err, &ie) {
				t.Fatalf("CheckMove(%v) = %T, want *shogi.IllegalMoveError", m, err)
			}
			if ie.Ply != p.MoveNumber() || ie.Move != m || ie.Reason != tc.want {
				t.Errorf("IllegalMoveError{Ply: %d, Move: %v, Reason: %v}, want {%d, %v, %v}", ie.Ply, ie.Move, ie.Reason, p.MoveNumber(), m, tc.want)
			}
			if ie.Error() == "" || ie.Unwrap() != tc.want {
				t.Errorf("Error() %q, Unwrap() %v", ie.Error(), ie.Unwrap())
			}
			checkFoul(t, err, tc.want)
			if p.IsLegal(m) || slicesContains(p.LegalMoves(), m) {
				t.Errorf("%v: IsLegal %v, generated %v", m, p.IsLegal(m), slicesContains(p.LegalMoves(), m))
			}
			perr := p.Play(m)
			if !errors.Is(perr, tc.want) {
				t.Errorf("Play(%v) = %v, want %v", m, perr, tc.want)
			}
			if p.String() != sfen || p.Hash() != hash || p.Ply() != 0 {
				t.Errorf("a refused Play changed the position to %s", p)
			}
			// The same foul in the twin position.
			if m != shogi.NoMove && m.IsValid() {
				q := twin(t, p)
				if err := q.CheckMove(flipMove(m)); !errors.Is(err, tc.want) {
					t.Errorf("twin %s: CheckMove(%v) = %v, want %v", q, flipMove(m), err, tc.want)
				}
			}
		})
	}
}

// TestFoulPly checks that the error carries the SFEN move number of the position the
// move was tried in, after moves were played.
func TestFoulPly(t *testing.T) {
	p := mustParse(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 37")
	for _, s := range []string{"7g7f", "3c3d"} {
		if err := p.Play(usi(t, s)); err != nil {
			t.Fatal(err)
		}
	}
	err := p.Play(usi(t, "7f7d"))
	var ie *shogi.IllegalMoveError
	if !errors.As(err, &ie) || ie.Ply != 39 || ie.Move != usi(t, "7f7d") || !errors.Is(err, shogi.ErrCannotMove) {
		t.Fatalf("Play(7f7d) at move 39 = %#v", err)
	}
}

// recordFoulCases are the fouls that only a record can commit: CheckMove never gives
// them, the readers of the formats build them.
var recordFoulCases = []struct {
	name    string
	err     *shogi.IllegalMoveError
	want    error
	message string
}{
	{"a promoted piece written unpromoted", &shogi.IllegalMoveError{Ply: 31, Move: shogi.NewMove(shogi.NewSquare(3, 8), shogi.NewSquare(4, 9), false), Reason: shogi.ErrUnpromote},
		shogi.ErrUnpromote, "shogi: illegal move 3h4i at move 31: a promoted piece cannot unpromote"},
	{"two moves in a row", &shogi.IllegalMoveError{Ply: 12, Reason: shogi.ErrWrongSide},
		shogi.ErrWrongSide, "shogi: illegal move at move 12: move by the side not to move"},
	{"the named piece is not there", &shogi.IllegalMoveError{Ply: 1, Move: shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false), Reason: shogi.ErrPieceMismatch},
		shogi.ErrPieceMismatch, "shogi: illegal move 7g7f at move 1: the named piece is not the piece on the origin square"},
	{"the named piece is not there, with the piece that is", &shogi.IllegalMoveError{Ply: 5, Move: shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(2, 2), true),
		Reason: fmt.Errorf("%w: 7七 holds a bishop (角), not a rook (飛)", shogi.ErrPieceMismatch)},
		shogi.ErrPieceMismatch, "shogi: illegal move 7g2b+ at move 5: the named piece is not the piece on the origin square: 7七 holds a bishop (角), not a rook (飛)"},
}

func TestRecordFouls(t *testing.T) {
	for _, tc := range recordFoulCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.message, tc.err.Error()); diff != "" {
				t.Errorf("message (-want +got)\n%s", diff)
			}
			checkFoul(t, tc.err, tc.want)
			// Wrapped again, as a reader's SyntaxError wraps it.
			checkFoul(t, fmt.Errorf("kif: line 3: %w", tc.err), tc.want)
		})
	}
}

// checkFoul checks that err, an *IllegalMoveError or an error wrapping one, tells the
// foul want in every way the package offers.
func checkFoul(t *testing.T, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("errors.Is(%v, %v) is false", err, want)
	}
	var foul shogi.Foul
	if !errors.As(err, &foul) || foul != want {
		t.Errorf("errors.As(%v, &foul) gives %v, want %v", err, foul, want)
	}
	if f, ok := shogi.FoulOf(err); !ok || f != want {
		t.Errorf("FoulOf(%v) = %v, %v; want %v", err, f, ok, want)
	}
	var ie *shogi.IllegalMoveError
	if !errors.As(err, &ie) || ie.Foul() != want {
		t.Errorf("%v: IllegalMoveError.Foul() is not %v", err, want)
	}
	if n := strings.Count(err.Error(), "shogi: "); n != 1 {
		t.Errorf("%q has %d package prefixes, want 1", err.Error(), n)
	}
	if !strings.Contains(err.Error(), foul.String()) {
		t.Errorf("%q does not say %q", err.Error(), foul.String())
	}
}

// TestEveryFoulCovered makes sure the tables name every foul: every reason CheckMove
// can give in foulCases, the record-only fouls in recordFoulCases, and so every code.
func TestEveryFoulCovered(t *testing.T) {
	seen := map[error]bool{}
	for _, tc := range foulCases {
		seen[tc.want] = true
	}
	for _, f := range fouls {
		if !seen[f] {
			t.Errorf("no foul case for %v", f)
		}
	}
	byCheckMove := maps.Clone(seen)
	for _, tc := range recordFoulCases {
		if byCheckMove[tc.want] {
			t.Errorf("%v is in both tables", tc.want)
		}
		seen[tc.want] = true
	}
	for _, fc := range foulCodes {
		if !seen[fc.err] {
			t.Errorf("no foul case for %v (%s)", fc.err, fc.code)
		}
	}
	if len(seen) != len(foulCodes)+1 { // nil: the legal cases
		t.Errorf("the tables name %d fouls and nil, want %d", len(seen)-1, len(foulCodes))
	}
}

// foulCodes are the machine codes of the fouls. They are written to files and read
// back by other programs: this table must never change, only grow.
var foulCodes = []struct {
	foul shogi.Foul
	err  error
	code string
}{
	{shogi.FoulMalformedMove, shogi.ErrInvalidMove, "malformed-move"},
	{shogi.FoulNoPiece, shogi.ErrNoPiece, "no-piece"},
	{shogi.FoulNotYourPiece, shogi.ErrNotYourPiece, "not-your-piece"},
	{shogi.FoulCannotMove, shogi.ErrCannotMove, "cannot-move"},
	{shogi.FoulPathBlocked, shogi.ErrPathBlocked, "path-blocked"},
	{shogi.FoulCaptureOwn, shogi.ErrCaptureOwn, "capture-own"},
	{shogi.FoulPromotionOutsideZone, shogi.ErrPromotionOutsideZone, "promotion-outside-zone"},
	{shogi.FoulCannotPromote, shogi.ErrCannotPromote, "cannot-promote"},
	{shogi.FoulAlreadyPromoted, shogi.ErrAlreadyPromoted, "already-promoted"},
	{shogi.FoulUnpromote, shogi.ErrUnpromote, "unpromote"},
	{shogi.FoulMustPromote, shogi.ErrMustPromote, "must-promote"},
	{shogi.FoulNotInHand, shogi.ErrNotInHand, "not-in-hand"},
	{shogi.FoulDropOccupied, shogi.ErrDropOccupied, "drop-occupied"},
	{shogi.FoulDropPromoted, shogi.ErrDropPromoted, "drop-promoted"},
	{shogi.FoulDeadDrop, shogi.ErrDeadDrop, "dead-drop"},
	{shogi.FoulNifu, shogi.ErrNifu, "nifu"},
	{shogi.FoulUchifuzume, shogi.ErrUchifuzume, "uchifuzume"},
	{shogi.FoulKingInCheck, shogi.ErrKingInCheck, "king-in-check"},
	{shogi.FoulWrongSide, shogi.ErrWrongSide, "wrong-side"},
	{shogi.FoulPieceMismatch, shogi.ErrPieceMismatch, "piece-mismatch"},
	{shogi.FoulCaptureKing, shogi.ErrCaptureKing, "capture-king"},
}

func TestFoulCodes(t *testing.T) {
	seen := map[string]shogi.Foul{}
	for _, fc := range foulCodes {
		f := fc.foul
		if fc.err != error(f) {
			t.Errorf("%s: the sentinel %v is not the Foul %v", fc.code, fc.err, f)
		}
		if got := f.Code(); got != fc.code {
			t.Errorf("%v.Code() = %q, want %q", f, got, fc.code)
		}
		if !f.IsValid() {
			t.Errorf("%s: IsValid is false", fc.code)
		}
		if prev, ok := seen[fc.code]; ok {
			t.Errorf("code %q used by %v and %v", fc.code, prev, f)
		}
		seen[fc.code] = f
		text, err := f.MarshalText()
		if err != nil || string(text) != fc.code {
			t.Errorf("%v.MarshalText() = %q, %v", f, text, err)
		}
		var back shogi.Foul
		if err := back.UnmarshalText(text); err != nil || back != f {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, back, err, f)
		}
		msg := f.Error()
		if !strings.HasPrefix(msg, "shogi: ") || strings.Count(msg, "shogi: ") != 1 || msg != "shogi: "+f.String() {
			t.Errorf("%s: Error() %q, String() %q", fc.code, msg, f.String())
		}
		if s := f.String(); s == "" || s != strings.ToLower(s[:1])+s[1:] {
			t.Errorf("%s: String() %q should be a lower-case message", fc.code, s)
		}
	}
	// No other value is a foul, and every foul is in the table.
	for i := range 256 {
		f := shogi.Foul(i)
		if _, listed := seen[f.Code()]; f.IsValid() != listed || f.IsValid() != (f.Code() != "" && f.Code() != "none") {
			t.Errorf("Foul(%d): IsValid %v, code %q, listed %v", i, f.IsValid(), f.Code(), listed)
		}
	}
	var zero shogi.Foul
	if zero.Code() != "none" || zero.IsValid() {
		t.Errorf("the zero Foul: code %q, IsValid %v", zero.Code(), zero.IsValid())
	}
	if _, ok := shogi.FoulOf(errors.New("shogi: something else")); ok {
		t.Error("FoulOf found a foul in an error without one")
	}
	if _, ok := shogi.FoulOf(nil); ok {
		t.Error("FoulOf(nil) found a foul")
	}
	if _, err := shogi.Foul(200).MarshalText(); err == nil {
		t.Error("Foul(200).MarshalText succeeded")
	}
	var f shogi.Foul
	for _, bad := range []string{"", "Nifu", "nifu ", "king_in_check", "invalid"} {
		if err := f.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) succeeded: %v", bad, f)
		}
	}
	// In JSON, a foul is its code.
	data, err := json.Marshal(map[string]shogi.Foul{"foul": shogi.FoulNifu})
	if err != nil || string(data) != `{"foul":"nifu"}` {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
}

func slicesContains(ms []shogi.Move, m shogi.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func TestSetupErrors(t *testing.T) {
	sq := shogi.NewSquare
	kings := func() shogi.Setup {
		var s shogi.Setup
		s.Put(sq(5, 1), shogi.NewPiece(shogi.White, shogi.King))
		s.Put(sq(5, 9), shogi.NewPiece(shogi.Black, shogi.King))
		return s
	}
	with := func(f func(s *shogi.Setup)) shogi.Setup {
		s := kings()
		f(&s)
		return s
	}
	bp := func(t shogi.PieceType) shogi.Piece { return shogi.NewPiece(shogi.Black, t) }
	wp := func(t shogi.PieceType) shogi.Piece { return shogi.NewPiece(shogi.White, t) }
	tests := []struct {
		name   string
		setup  shogi.Setup
		want   error
		square shogi.Square
	}{
		{"two black kings", with(func(s *shogi.Setup) { s.Put(sq(1, 9), bp(shogi.King)) }), shogi.ErrTooManyKings, sq(5, 9)},
		{"two white kings", with(func(s *shogi.Setup) { s.Put(sq(9, 5), wp(shogi.King)) }), shogi.ErrTooManyKings, sq(9, 5)},
		{"black pawn on the last rank", with(func(s *shogi.Setup) { s.Put(sq(3, 1), bp(shogi.Pawn)) }), shogi.ErrDeadPiece, sq(3, 1)},
		{"black lance on the last rank", with(func(s *shogi.Setup) { s.Put(sq(3, 1), bp(shogi.Lance)) }), shogi.ErrDeadPiece, sq(3, 1)},
		{"black knight on the second rank", with(func(s *shogi.Setup) { s.Put(sq(3, 2), bp(shogi.Knight)) }), shogi.ErrDeadPiece, sq(3, 2)},
		{"white knight on the ninth rank", with(func(s *shogi.Setup) { s.Put(sq(3, 9), wp(shogi.Knight)) }), shogi.ErrDeadPiece, sq(3, 9)},
		{"white pawn on the ninth rank", with(func(s *shogi.Setup) { s.Put(sq(3, 9), wp(shogi.Pawn)) }), shogi.ErrDeadPiece, sq(3, 9)},
		{"two black pawns on a file", with(func(s *shogi.Setup) { s.Put(sq(3, 7), bp(shogi.Pawn)); s.Put(sq(3, 4), bp(shogi.Pawn)) }), shogi.ErrDoublePawn, sq(3, 7)},
		{"two white pawns on a file", with(func(s *shogi.Setup) { s.Put(sq(3, 3), wp(shogi.Pawn)); s.Put(sq(3, 6), wp(shogi.Pawn)) }), shogi.ErrDoublePawn, sq(3, 6)},
		{"side not to move in check", with(func(s *shogi.Setup) { s.Put(sq(5, 5), bp(shogi.Rook)) }), shogi.ErrOpponentInCheck, sq(5, 1)},
		{"nineteen pawns", with(func(s *shogi.Setup) {
			for f := 1; f <= 9; f++ {
				s.Put(sq(f, 7), bp(shogi.Pawn))
				s.Put(sq(f, 3), wp(shogi.Pawn))
			}
			s.Hands[shogi.White] = s.Hands[shogi.White].WithCount(shogi.Pawn, 1)
		}), shogi.ErrTooManyPieces, shogi.NoSquare},
		{"three rooks, one promoted", with(func(s *shogi.Setup) {
			s.Put(sq(9, 5), bp(shogi.Dragon))
			s.Hands[shogi.Black] = s.Hands[shogi.Black].WithCount(shogi.Rook, 2)
		}), shogi.ErrTooManyPieces, shogi.NoSquare},
		{"five golds", with(func(s *shogi.Setup) {
			s.Hands[shogi.Black] = s.Hands[shogi.Black].WithCount(shogi.Gold, 3)
			s.Hands[shogi.White] = s.Hands[shogi.White].WithCount(shogi.Gold, 2)
		}), shogi.ErrTooManyPieces, shogi.NoSquare},
		{"hand overflowed by Add", with(func(s *shogi.Setup) {
			for range 4 {
				s.Hands[shogi.Black] = s.Hands[shogi.Black].Add(shogi.Rook)
			}
		}), shogi.ErrTooManyPieces, shogi.NoSquare},
		{"hand with stray bits", with(func(s *shogi.Setup) { s.Hands[shogi.White] = shogi.Hand(1 << 30) }), shogi.ErrTooManyPieces, shogi.NoSquare},
		{"invalid piece", with(func(s *shogi.Setup) { s.Put(sq(2, 2), shogi.Piece(0x0F)) }), shogi.ErrInvalidPiece, sq(2, 2)},
		{"promoted gold", with(func(s *shogi.Setup) { s.Put(sq(2, 2), shogi.Piece(shogi.Gold|8)) }), shogi.ErrInvalidPiece, sq(2, 2)},
		{"side to move 2", with(func(s *shogi.Setup) { s.SideToMove = 2 }), shogi.ErrInvalidSide, shogi.NoSquare},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := shogi.NewPosition(tc.setup)
			if !errors.Is(err, tc.want) {
				t.Fatalf("NewPosition = %v, %v; want %v", p, err, tc.want)
			}
			var se *shogi.SetupError
			if !errors.As(err, &se) || se.Square != tc.square {
				t.Fatalf("NewPosition error %#v, want a *SetupError on %v", err, tc.square)
			}
			if p != nil {
				t.Errorf("NewPosition returned a position with its error")
			}
			used := shogi.NewStartPosition()
			if err := used.Play(shogi.NewMove(sq(7, 7), sq(7, 6), false)); err != nil {
				t.Fatal(err)
			}
			if rerr := used.Reset(tc.setup); rerr == nil || rerr.Error() != err.Error() {
				t.Errorf("Reset = %v, want NewPosition's %v", rerr, err)
			}
			if used.Ply() != 1 || used.String() != "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2" {
				t.Errorf("a failed Reset changed the position: %s, ply %d", used, used.Ply())
			}
		})
	}
	// The valid neighbours of those setups.
	valid := []shogi.Setup{
		kings(),
		{}, // an empty board (no kings) is a valid tsume setup
		with(func(s *shogi.Setup) { s.Put(sq(3, 1), bp(shogi.ProPawn)); s.Put(sq(3, 2), bp(shogi.Lance)) }),
		with(func(s *shogi.Setup) {
			s.Put(sq(3, 7), bp(shogi.Pawn))
			s.Put(sq(3, 4), bp(shogi.ProPawn))
			s.Put(sq(3, 3), wp(shogi.Pawn))
		}),
		with(func(s *shogi.Setup) { s.Put(sq(5, 5), wp(shogi.Rook)); s.SideToMove = shogi.Black }),
		with(func(s *shogi.Setup) { s.Put(sq(5, 5), bp(shogi.Rook)); s.SideToMove = shogi.White }),
		with(func(s *shogi.Setup) {
			s.Hands[shogi.Black] = s.Hands[shogi.Black].WithCount(shogi.Pawn, 18).WithCount(shogi.Rook, 2).WithCount(shogi.Gold, 4)
		}),
	}
	for i, s := range valid {
		p, err := shogi.NewPosition(s)
		if err != nil {
			t.Errorf("valid setup %d: %v", i, err)
			continue
		}
		if got := p.Setup(); got.Board != s.Board || got.Hands != s.Hands || got.SideToMove != s.SideToMove || got.MoveNumber != 1 {
			t.Errorf("valid setup %d: Setup() does not give it back: %+v", i, got)
		}
	}
}

func TestParseSFENErrors(t *testing.T) {
	bad := []string{
		"",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/54/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - -1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 extra",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1", // nineteen pawns
		"4k4/9/9/9/9/9/9/9/4K4 b 19P 1",
		"4k4/9/9/9/9/9/9/9/4K4 b 3R 1",
		"4k4/9/9/9/9/9/9/9/4K4 b 100P 1",
		"4k4/9/9/9/9/9/9/9/4K4 b 0P 1",
		"4k4/9/9/9/9/9/9/9/4K4 b P2 1",
		"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", // White in check with Black to move
		"4k4/9/9/9/9/9/9/9/3KK4 b - 1",
		"P3k4/9/9/9/9/9/9/9/4K4 b - 1",
	}
	for _, s := range bad {
		if p, err := shogi.ParseSFEN(s); err == nil {
			t.Errorf("ParseSFEN(%q) = %s, want an error", s, p)
		}
	}
	good := map[string]string{
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1":           shogi.StartSFEN,
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -":                  shogi.StartSFEN,
		"  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL\tb\n-   1 ":         shogi.StartSFEN,
		"4k4/9/9/9/9/9/9/9/4K4 b PPPPbpp 3":                                              "4k4/9/9/9/9/9/9/9/4K4 b 4Pb2p 3",
		"4k4/9/9/9/9/9/9/9/4K4 w 10p2PGr 12":                                             "4k4/9/9/9/9/9/9/9/4K4 w G2Pr10p 12",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0":                shogi.StartSFEN,
		"l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbslpppp 1": "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1",
	}
	for in, want := range good {
		p, err := shogi.ParseSFEN(in)
		if err != nil {
			t.Errorf("ParseSFEN(%q): %v", in, err)
			continue
		}
		if p.String() != want {
			t.Errorf("ParseSFEN(%q).String() = %q, want %q", in, p.String(), want)
		}
	}
}

// TestUnreachableSetups: Setup.AllowUnreachable (ParseSFENUnreachable) lifts the
// checks that a position could arise in a game, and only those.
func TestUnreachableSetups(t *testing.T) {
	for _, tc := range []struct {
		sfen string
		err  error // from ParseSFEN
	}{
		{"P3k4/9/9/9/9/9/9/9/4K4 b - 1", shogi.ErrDeadPiece},
		{"4k4/9/9/9/9/9/9/9/n3K4 b - 1", shogi.ErrDeadPiece},
		{"4k4/P8/P8/P8/P8/P8/P8/P8/P3K4 b - 1", shogi.ErrDoublePawn},
		{"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", shogi.ErrOpponentInCheck},
	} {
		if _, err := shogi.ParseSFEN(tc.sfen); !errors.Is(err, tc.err) {
			t.Errorf("ParseSFEN(%q) = %v, want %v", tc.sfen, err, tc.err)
		}
		p, err := shogi.ParseSFENUnreachable(tc.sfen)
		if err != nil {
			t.Errorf("ParseSFENUnreachable(%q): %v", tc.sfen, err)
			continue
		}
		if p.String() != tc.sfen {
			t.Errorf("ParseSFENUnreachable(%q).String() = %q", tc.sfen, p.String())
		}
		checkAgainstReference(t, p)
	}
	for _, tc := range []struct {
		sfen string
		err  error
	}{
		{"4k4/9/9/9/9/9/9/9/3KK4 b - 1", shogi.ErrTooManyKings},
		{"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", shogi.ErrTooManyPieces},
		{"4k4/9/9/9/9/9/9/9/4K4 b 3B 1", shogi.ErrTooManyPieces},
	} {
		if _, err := shogi.ParseSFENUnreachable(tc.sfen); !errors.Is(err, tc.err) {
			t.Errorf("ParseSFENUnreachable(%q) = %v, want %v", tc.sfen, err, tc.err)
		}
	}
	// White stands in check from the bishop on 8h (and the lance on 1c): the silver
	// may take the dropped pawn, but that leaves the bishop's check, so P*1b mates.
	u, err := shogi.ParseSFENUnreachable("7sk/9/8L/9/9/9/9/1B7/8B b P 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := u.CheckMove(usi(t, "P*1b")); !errors.Is(err, shogi.ErrUchifuzume) {
		t.Errorf("P*1b with White already in check: %v, want ErrUchifuzume", err)
	}
	checkAgainstReference(t, u)
	// Moves from an unreachable position obey the rules: no second pawn on file 9.
	p, err := shogi.ParseSFENUnreachable("4k4/P8/P8/P8/P8/P8/P8/P8/P3K4 b P 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckMove(usi(t, "P*9a")); !errors.Is(err, shogi.ErrDeadDrop) {
		t.Errorf("P*9a: %v", err)
	}
	if err := p.CheckMove(usi(t, "P*9e")); !errors.Is(err, shogi.ErrDropOccupied) {
		t.Errorf("P*9e: %v", err)
	}
	if err := p.CheckMove(usi(t, "P*8e")); err != nil {
		t.Errorf("P*8e: %v", err)
	}
}

func TestIllegalMoveErrorWithoutReason(t *testing.T) {
	err := &shogi.IllegalMoveError{Ply: 3, Move: shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false)}
	if got, want := err.Error(), "shogi: illegal move 7g7f at move 3: no reason given"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if f := err.Foul(); f != 0 {
		t.Errorf("Foul() = %v, want none", f)
	}
	if _, ok := shogi.FoulOf(err); ok {
		t.Error("FoulOf found a foul without a reason")
	}
}

func TestIllegalMoveErrorWithoutMove(t *testing.T) {
	err := &shogi.IllegalMoveError{Ply: 12, Reason: shogi.ErrWrongSide}
	if got, want := err.Error(), "shogi: illegal move at move 12: move by the side not to move"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(err, shogi.ErrWrongSide) {
		t.Error("errors.Is does not find the reason")
	}
}

// TestParseErrorMessages: the parse errors of the root package name the text at fault,
// count columns in characters and carry one package prefix.
func TestParseErrorMessages(t *testing.T) {
	move := func(s string) error { _, err := shogi.ParseUSIMove(s); return err }
	sfen := func(s string) error { _, err := shogi.ParseSFEN(s); return err }
	tests := []struct {
		name string
		err  error
		is   error
		want string
	}{
		{"short move", move("7g7"), shogi.ErrMoveSyntax, `shogi: invalid USI move "7g7"`},
		{"empty move", move(""), shogi.ErrMoveSyntax, `shogi: invalid USI move ""`},
		{"move to its origin", move("7g7g"), shogi.ErrMoveSyntax, `shogi: invalid USI move "7g7g"`},
		{"king drop", move("K*5e"), shogi.ErrMoveSyntax, `shogi: invalid USI move "K*5e"`},
		{"long text", move(strings.Repeat("７六歩", 10)), shogi.ErrMoveSyntax, `shogi: invalid USI move "７六歩７六歩７六…"`},
		{"empty SFEN", sfen(""), shogi.ErrNoRecord, "shogi: the input holds no record"},
		{"blank SFEN", sfen(" \t\n"), shogi.ErrNoRecord, "shogi: the input holds no record"},
		{"bad side", sfen("4k4/9/9/9/9/9/9/9/4K4 x - 1"), nil, "shogi: invalid SFEN at column 23: the side to move must be b or w"},
		{"column in characters", sfen("4k4/9/9/9/9/9/9/9/4K4 b - １"), nil, "shogi: invalid SFEN at column 27: invalid move number"},
		{"setup error", sfen("4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1"), shogi.ErrDoublePawn, "shogi: two unpromoted pawns of a side on one file (nifu) on 5g"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tt.want, tt.err.Error()); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
			if tt.is != nil && !errors.Is(tt.err, tt.is) {
				t.Errorf("%v is not %v", tt.err, tt.is)
			}
		})
	}
}

// TestMoveNumberLimit: a setup's move number runs from 0 to MaxMoveNumber, no move is
// played from MaxMoveNumber, and so the SFEN of every position reads back.
func TestMoveNumberLimit(t *testing.T) {
	for _, n := range []int{-1, shogi.MaxMoveNumber + 1, math.MaxInt} {
		s := mustParse(t, shogi.StartSFEN).Setup()
		s.MoveNumber = n
		if _, err := shogi.NewPosition(s); !errors.Is(err, shogi.ErrMoveNumber) {
			t.Errorf("NewPosition with move number %d: %v, want ErrMoveNumber", n, err)
		}
	}
	if _, err := shogi.ParseSFEN(fmt.Sprintf("%s %d", strings.TrimSuffix(shogi.StartSFEN, " 1"), shogi.MaxMoveNumber+1)); err == nil {
		t.Errorf("ParseSFEN accepted move number %d", shogi.MaxMoveNumber+1)
	}
	p := mustParse(t, fmt.Sprintf("%s %d", strings.TrimSuffix(shogi.StartSFEN, " 1"), shogi.MaxMoveNumber-1))
	if err := p.Play(usi(t, "7g7f")); err != nil {
		t.Fatal(err)
	}
	if p.MoveNumber() != shogi.MaxMoveNumber {
		t.Fatalf("move number %d, want %d", p.MoveNumber(), shogi.MaxMoveNumber)
	}
	if _, err := shogi.ParseSFEN(p.String()); err != nil {
		t.Errorf("the SFEN at the limit, %s, does not read back: %v", p, err)
	}
	before := p.String()
	err := p.Play(usi(t, "3c3d"))
	var ie *shogi.IllegalMoveError
	if !errors.As(err, &ie) || !errors.Is(err, shogi.ErrMoveNumberLimit) || ie.Ply != shogi.MaxMoveNumber || ie.Foul() != 0 {
		t.Fatalf("Play at the limit: %#v, want an IllegalMoveError at move %d for ErrMoveNumberLimit", err, shogi.MaxMoveNumber)
	}
	if p.String() != before || p.IsLegal(usi(t, "3c3d")) {
		t.Errorf("the refused move changed the position or is legal: %s", p)
	}
	if p.Undo() != usi(t, "7g7f") || p.MoveNumber() != shogi.MaxMoveNumber-1 {
		t.Errorf("Undo at the limit: move number %d", p.MoveNumber())
	}
}
