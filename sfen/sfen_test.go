package sfen_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
	"pgregory.net/rapid"
)

func TestParseAccepts(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"canonical", shogi.StartSFEN, shogi.StartSFEN},
		{"no move number", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -", shogi.StartSFEN},
		{"sfen prefix and runs of space", "sfen  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL\tb  -   1 ", shogi.StartSFEN},
		{"two-digit hand", "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1"},
		{"hand order normalised", "4k4/9/9/9/9/9/9/9/4K4 b PPLpRb 7", "4k4/9/9/9/9/9/9/9/4K4 b RL2Pbp 7"},
		{"promoted pieces", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := sfen.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, sfen.Format(p)); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		column int
		err    error
	}{
		{"empty", "", 1, shogi.ErrNoRecord},
		{"blank", " \t\n ", 1, shogi.ErrNoRecord},
		{"only the sfen word", "sfen", 5, sfen.ErrFields},
		{"columns count characters", "4k4/9/9/9/9/9/9/9/4K4 b - １ 5", 29, sfen.ErrFields},
		{"a wide digit on the board", "4k4/9/９/9/9/9/9/9/4K4 b - 1", 7, sfen.ErrBoard},
		{"leading blanks before a setup error", "  4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1", 3, shogi.ErrDoublePawn},
		{"too many fields", shogi.StartSFEN + " 5", 65, sfen.ErrFields},
		{"short rank", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", 57, sfen.ErrRankLength},
		{"long rank", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", 58, sfen.ErrRankLength},
		{"adjacent digits", "lnsgkgsnl/1r5b1/ppppppppp/45/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 28, sfen.ErrRankLength},
		{"eight ranks", "lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 56, sfen.ErrRankCount},
		{"ten ranks", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 50, sfen.ErrRankCount},
		{"promoted gold", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1", 53, sfen.ErrBoard},
		{"plus before digit", "lnsgkgsnl/1r5b1/ppppppppp/9/9/+9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 32, sfen.ErrRankLength},
		{"unknown letter", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGXGSNL b - 1", 53, sfen.ErrBoard},
		{"bad side", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", 59, sfen.ErrSide},
		{"king in hand", "4k4/9/9/9/9/9/9/9/4K4 b K 1", 25, sfen.ErrHand},
		{"three-digit count", "4k4/9/9/9/9/9/9/9/4K4 b 100P 1", 27, sfen.ErrHand},
		{"count without piece", "4k4/9/9/9/9/9/9/9/4K4 b 2 1", 26, sfen.ErrHand},
		{"bad move number", "4k4/9/9/9/9/9/9/9/4K4 b - x", 27, sfen.ErrMoveNumber},
		{"nifu on board", "4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1", 1, shogi.ErrDoublePawn},
		{"dead pawn", "P3k4/9/9/9/9/9/9/9/4K4 b - 1", 1, shogi.ErrDeadPiece},
		{"too many pawns", "4k4/9/9/9/9/9/9/9/4K4 b 18Pp 1", 1, shogi.ErrTooManyPieces},
		{"opponent in check", "4k4/4R4/9/9/9/9/9/9/4K4 b - 1", 1, shogi.ErrOpponentInCheck},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sfen.Parse(tt.in)
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			var se *sfen.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not a *SyntaxError", err)
			}
			if se.Column != tt.column {
				t.Errorf("column %d, want %d (%v)", se.Column, tt.column, err)
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	p := shogi.NewStartPosition()
	m, err := sfen.ParseMove(p, "7g7f")
	if err != nil || m != shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false) {
		t.Fatalf("ParseMove(7g7f) = %v, %v", m, err)
	}
	if _, err := sfen.ParseMove(p, "7g7x"); !errors.Is(err, sfen.ErrMove) || !errors.Is(err, shogi.ErrMoveSyntax) {
		t.Errorf("malformed move: error %v, want ErrMove", err)
	}
	if _, err := sfen.ParseMove(p, "7g7e"); !errors.Is(err, shogi.ErrCannotMove) {
		t.Errorf("7g7e: error %v, want ErrCannotMove", err)
	}
	if _, err := sfen.ParseMove(p, "P*5e"); !errors.Is(err, shogi.ErrNotInHand) {
		t.Errorf("P*5e: error %v, want ErrNotInHand", err)
	}
}

func TestParsePosition(t *testing.T) {
	tests := []struct {
		in, wantSFEN, wantLine string
	}{
		{"position startpos", shogi.StartSFEN, "position startpos"},
		{"startpos moves 7g7f 3c3d", "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "position startpos moves 7g7f 3c3d"},
		{"moves 7g7f", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "position startpos moves 7g7f"},
		{"position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b",
			"lnsg1gsn1/1r3k1b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2",
			"position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b"},
		{"sfen 4k4/9/9/9/9/9/9/9/4K4 b P", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1"},
	}
	for _, tt := range tests {
		p, err := sfen.ParsePosition(tt.in)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if diff := cmp.Diff(tt.wantSFEN, p.String()); diff != "" {
			t.Errorf("%q: SFEN (-want +got)\n%s", tt.in, diff)
		}
		if diff := cmp.Diff(tt.wantLine, sfen.FormatPosition(p)); diff != "" {
			t.Errorf("%q: line (-want +got)\n%s", tt.in, diff)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	cases := []struct {
		in     string
		column int
		err    error
	}{
		{"position", 9, sfen.ErrCommand},
		{"position fen x", 10, sfen.ErrCommand},
		{"position startpos 7g7f", 19, sfen.ErrCommand},
		{"position startpos moves 7g7f 3c3x", 30, sfen.ErrMove},
		{"", 1, shogi.ErrNoRecord},
		{"  \t", 1, shogi.ErrNoRecord},
		{"position sfen", 14, sfen.ErrFields},
		{"position startpos moves ７六歩 7g7f", 25, sfen.ErrMove},
		{"position ＳＦＥＮ x", 10, sfen.ErrCommand},
		{"position sfen 4k4/9/9/9/9/9/9/9/4K4 b - １ 2 moves 5i5h", 43, sfen.ErrFields},
		{"position sfen 4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1", 15, shogi.ErrDoublePawn},
		{"position startpos moves 7g7f 7g7f", 30, shogi.ErrNoPiece},
		{"position sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1", 37, sfen.ErrSide},
		{"position sfen 4k4/4g4/9/9/9/9/9/9/4K4 b P 1 moves P*5b", 51, shogi.ErrDropOccupied},
	}
	for _, tt := range cases {
		_, err := sfen.ParsePosition(tt.in)
		if !errors.Is(err, tt.err) {
			t.Errorf("%q: error %v, want %v", tt.in, err, tt.err)
			continue
		}
		var se *sfen.SyntaxError
		if !errors.As(err, &se) || se.Column != tt.column {
			t.Errorf("%q: error %v, want column %d", tt.in, err, tt.column)
		}
	}
}

// randomPosition plays random legal moves from the start or a handicap start.
func randomPosition(t *rapid.T) *shogi.Position {
	starts := []string{shogi.StartSFEN,
		"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1"}
	p, err := shogi.ParseSFEN(rapid.SampledFrom(starts).Draw(t, "start"))
	if err != nil {
		t.Fatal(err)
	}
	n := rapid.IntRange(0, 120).Draw(t, "plies")
	for range n {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		p.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
	}
	return p
}

func TestRoundTripProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		q, err := sfen.Parse(sfen.Format(p))
		if err != nil {
			t.Fatal(err)
		}
		if !p.Equal(q) || p.Hash() != q.Hash() {
			t.Fatalf("SFEN round trip changed %s into %s", p, q)
		}
		line := sfen.FormatPosition(p)
		r, err := sfen.ParsePosition(line)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if !p.Equal(r) || sfen.FormatPosition(r) != line {
			t.Fatalf("position line round trip: %s gave %s", line, r)
		}
		for _, m := range p.LegalMoves() {
			got, err := sfen.ParseMove(p, m.String())
			if err != nil || got != m {
				t.Fatalf("ParseMove(%s) = %v, %v", m, got, err)
			}
		}
	})
}

// TestErrorMessages: every message has one package prefix, names what is wrong and,
// for a malformed move, quotes it.
func TestErrorMessages(t *testing.T) {
	parse := func(s string) error { _, err := sfen.Parse(s); return err }
	position := func(s string) error { _, err := sfen.ParsePosition(s); return err }
	move := func(s string) error { _, err := sfen.ParseMove(shogi.NewStartPosition(), s); return err }
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"empty", parse(""), "sfen: column 1: the input holds no record"},
		{"bad side", parse("4k4/9/9/9/9/9/9/9/4K4 x - 1"), "sfen: column 23: the side to move must be b or w"},
		{"setup error", parse("4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1"), "sfen: column 1: two unpromoted pawns of a side on one file (nifu) on 5g"},
		{"malformed move", move("7g7"), `sfen: column 1: invalid USI move "7g7"`},
		{"malformed move in a line", position("startpos moves 7g7f 3c3x"), `sfen: column 21: invalid USI move "3c3x"`},
		{"illegal move in a line", position("startpos moves 7g7f 7g7f"), "sfen: column 21: illegal move 7g7f at move 2: no piece on the origin square"},
		{"unknown command", position("go"), "sfen: column 1: expected position, startpos, sfen or moves"},
		{"illegal move alone", move("7g7e"), "shogi: illegal move 7g7e at move 1: the piece cannot move that way"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tt.want, tt.err.Error()); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestOnePrefixProperty: whatever the text, an error message has exactly one package
// prefix, at its start.
func TestOnePrefixProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := rapid.OneOf(rapid.String(), rapid.StringMatching(`(position )?(startpos|sfen [1-9kKpP/]{1,30} [bwx] [-pP2]{1,3} ?[0-9]?)( moves( [1-9][a-i][1-9][a-i]\+?| [PG]\*[1-9][a-i])+)?`)).Draw(t, "text")
		for _, err := range []error{
			func() error { _, err := sfen.Parse(text); return err }(),
			func() error { _, err := sfen.ParsePosition(text); return err }(),
		} {
			if err == nil {
				continue
			}
			msg := err.Error()
			prefixes := 0
			for _, p := range []string{"sfen: ", "shogi: "} {
				prefixes += strings.Count(msg, p)
			}
			if prefixes != 1 || !strings.HasPrefix(msg, "sfen: ") {
				t.Fatalf("%q: message %q", text, msg)
			}
			var se *sfen.SyntaxError
			if !errors.As(err, &se) || se.Column < 1 || se.Column > utf8.RuneCountInString(text)+1 {
				t.Fatalf("%q: error %#v, column out of the text", text, err)
			}
		}
	})
}

// TestParseSetup: ParseSetup reads positions that Parse refuses as positions, with the
// same syntax errors and columns, and refuses a hand count no hand can hold.
func TestParseSetup(t *testing.T) {
	const extra = "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1"
	if _, err := sfen.Parse(extra); !errors.Is(err, shogi.ErrTooManyPieces) {
		t.Errorf("Parse: %v, want ErrTooManyPieces", err)
	}
	s, err := sfen.ParseSetup(extra)
	if err != nil {
		t.Fatal(err)
	}
	s.AllowExtraPieces = true
	p, err := shogi.NewPosition(s)
	if err != nil || p.String() != extra {
		t.Errorf("NewPosition: %v, %v", p, err)
	}
	for _, tc := range []struct {
		text   string
		err    error
		column int
	}{
		{"", shogi.ErrNoRecord, 1},
		{"9/9/9/9/9/9/9/9/10 b - 1", sfen.ErrBoard, 18},
		{"9/9/9/9/9/9/9/9/9 x - 1", sfen.ErrSide, 19},
		{"  4k4/9/9/9/9/9/9/9/4K4 b 64P 1", shogi.ErrTooManyPieces, 3},
	} {
		_, err := sfen.ParseSetup(tc.text)
		var se *sfen.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, tc.err) || se.Column != tc.column {
			t.Errorf("ParseSetup(%q) = %v, want %v at column %d", tc.text, err, tc.err, tc.column)
		}
	}
}
