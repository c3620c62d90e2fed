package shogi_test

import (
	"slices"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"pgregory.net/rapid"
)

// startSFENs are the positions random play starts from: the even game, every handicap
// of formats.md §9, the positions of perft.md, and a few without one king (tsume
// problems), which the library allows.
var startSFENs = []string{
	// formats.md §9.2 positions the handicap package does not list
	"9/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",                     // 二十枚落ち
	"l3k3l/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",     // トンボ＋香
	"ln2k2nl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",   // トンボ＋桂香
	"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w L 1", // 香得
	"1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",     // lishogi's 三枚落ち
	// tsume problems: one side without a king
	"4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1",
	"3sks3/9/4P4/9/9/9/9/9/9 b 2RB4G2S4N4L17Pb 1",
}

func init() {
	for _, h := range handicap.All { // the even game and every handicap
		startSFENs = append(startSFENs, h.SFEN)
	}
	for _, tc := range perftCases {
		startSFENs = append(startSFENs, tc.sfen)
	}
}

func mustParse(t tHelper, sfen string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	return p
}

// drawPosition draws a start position and plays up to maxPlies random legal moves from
// it, each chosen by its index in the generated list so that rapid shrinks towards
// short lines and early moves.
func drawPosition(t *rapid.T, maxPlies int) *shogi.Position {
	sfen := rapid.SampledFrom(startSFENs).Draw(t, "start")
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	n := rapid.IntRange(0, maxPlies).Draw(t, "plies")
	if rapid.Bool().Draw(t, "long") { // rapid favours small numbers; even that out
		n = maxPlies - n
	}
	for range n {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
		if err := p.Play(m); err != nil {
			t.Fatalf("%s: generated move %v refused: %v", p, m, err)
		}
	}
	return p
}

// twin returns the position rotated by 180° with the colours swapped: the same game
// seen from the other side.
func twin(t tHelper, p *shogi.Position) *shogi.Position {
	t.Helper()
	s := p.Setup()
	var r shogi.Setup
	for i := range shogi.NumSquares {
		sq := shogi.SquareAt(i)
		if pc := s.At(sq); pc != shogi.NoPiece {
			r.Put(sq.Flip(), shogi.NewPiece(pc.Color().Opponent(), pc.Type()))
		}
	}
	r.Hands[shogi.Black], r.Hands[shogi.White] = s.Hands[shogi.White], s.Hands[shogi.Black]
	r.SideToMove = s.SideToMove.Opponent()
	r.MoveNumber = s.MoveNumber
	r.AllowUnreachable = true // the twin of a position that could arise could arise too
	q, err := shogi.NewPosition(r)
	if err != nil {
		t.Fatalf("twin of %s: %v", p, err)
	}
	return q
}

// flipMove returns m as played in the twin position.
func flipMove(m shogi.Move) shogi.Move {
	if m.IsDrop() {
		return shogi.NewDrop(m.DropType(), m.To().Flip())
	}
	return shogi.NewMove(m.From().Flip(), m.To().Flip(), m.IsPromotion())
}

// sortedMoves returns the moves sorted, for comparing move sets.
func sortedMoves(ms []shogi.Move) []shogi.Move {
	ms = slices.Clone(ms)
	slices.Sort(ms)
	return ms
}

// tHelper is what the helpers need of a *testing.T or a *rapid.T.
type tHelper interface {
	Helper()
	Fatalf(format string, args ...any)
}
