package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	shogi "github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// illegalCases hold one illegal move for each foul that CheckMove can give.
var illegalCases = []struct {
	sfen string
	move shogi.Move
	foul shogi.Foul
}{
	{shogi.StartSFEN, shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 7), false), shogi.FoulMalformedMove},
	{shogi.StartSFEN, shogi.NoMove, shogi.FoulMalformedMove},
	{shogi.StartSFEN, shogi.Move(0xFFFFFFFF), shogi.FoulMalformedMove},
	{shogi.StartSFEN, usiMove("5e5d"), shogi.FoulNoPiece},
	{shogi.StartSFEN, usiMove("3c3d"), shogi.FoulNotYourPiece},
	{shogi.StartSFEN, usiMove("7g7e"), shogi.FoulCannotMove},
	{shogi.StartSFEN, usiMove("2h2c"), shogi.FoulPathBlocked},
	{shogi.StartSFEN, usiMove("2h2g"), shogi.FoulCaptureOwn},
	{shogi.StartSFEN, usiMove("7g7f+"), shogi.FoulPromotionOutsideZone},
	{"4k4/9/9/4G4/9/9/9/9/4K4 b - 1", usiMove("5d5c+"), shogi.FoulCannotPromote},
	{"4k4/9/9/4+P4/9/9/9/9/4K4 b - 1", usiMove("5d5c+"), shogi.FoulAlreadyPromoted},
	{"8k/4P4/9/9/9/9/9/9/4K4 b - 1", usiMove("5b5a"), shogi.FoulMustPromote},
	{shogi.StartSFEN, usiMove("P*5e"), shogi.FoulNotInHand},
	{"4k4/9/9/9/9/9/9/9/4K4 b P 1", usiMove("P*5i"), shogi.FoulDropOccupied},
	{"4k4/9/9/9/9/9/9/9/4K4 b P 1", shogi.NewDrop(shogi.ProPawn, shogi.NewSquare(5, 5)), shogi.FoulDropPromoted},
	{"4k4/9/9/9/9/9/9/9/4K4 b N 1", usiMove("N*4b"), shogi.FoulDeadDrop},
	{"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", usiMove("P*5e"), shogi.FoulNifu},
	{"7lk/9/8S/9/9/9/9/7L1/8K b P 1", usiMove("P*1b"), shogi.FoulUchifuzume},
	{"k3r4/9/9/9/9/9/9/P6P1/4K4 b P 1", usiMove("9h9g"), shogi.FoulKingInCheck},
	{"4k4/9/9/9/4R4/9/9/9/4K4 b - 1", usiMove("5e5a"), shogi.FoulCaptureKing}, // unreachable: White in check
}

// usiMove parses a USI move for a test table.
func usiMove(s string) shogi.Move {
	m, err := shogi.ParseUSIMove(s)
	if err != nil {
		panic(err)
	}
	return m
}

// TestFormatRefusesIllegalMoves: for every foul and every style, Format and Append give
// no text and the move's *shogi.IllegalMoveError.
func TestFormatRefusesIllegalMoves(t *testing.T) {
	covered := map[shogi.Foul]bool{}
	for _, tc := range illegalCases {
		p, err := shogi.ParseSFENUnreachable(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range All {
			text, err := Format(n, p, tc.move)
			var ie *shogi.IllegalMoveError
			if text != "" || !errors.As(err, &ie) || ie.Move != tc.move || ie.Ply != p.MoveNumber() || ie.Foul() != tc.foul {
				t.Errorf("%s: Format(%v) = %q, %v; want the foul %s", n, tc.move, text, err, tc.foul.Code())
			}
			if _, ok := err.(*shogi.IllegalMoveError); !ok {
				t.Errorf("%s: Format(%v) error is a %T, want the *shogi.IllegalMoveError itself", n, tc.move, err)
			}
			buf := []byte("before ")
			out, err := Append(buf, n, p, tc.move)
			if string(out) != "before " || !errors.Is(err, tc.foul) {
				t.Errorf("%s: Append(%v) = %q, %v; want the buffer unchanged and %s", n, tc.move, out, err, tc.foul.Code())
			}
			// The unchecked fast path does not panic, and writes nothing for a
			// malformed move.
			if enc := n.Encode(p, tc.move); !tc.move.IsValid() && enc != "" {
				t.Errorf("%s: Encode(%#x) = %q, want nothing for a malformed move", n, uint32(tc.move), enc)
			}
		}
		covered[tc.foul] = true
	}
	recordOnly := map[shogi.Foul]bool{shogi.FoulUnpromote: true, shogi.FoulWrongSide: true, shogi.FoulPieceMismatch: true}
	for f := shogi.Foul(1); f.IsValid(); f++ {
		if !covered[f] && !recordOnly[f] {
			t.Errorf("no illegal case for %s", f.Code())
		}
	}
}

// TestFormatProperty: on random positions, Format gives the text of Encode for every
// legal move, and refuses exactly the moves that CheckMove refuses, garbage included.
func TestFormatProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		n := rapid.SampledFrom(All).Draw(t, "notation")
		for _, m := range p.LegalMoves() {
			text, err := Format(n, p, m)
			if err != nil || text != n.Encode(p, m) {
				t.Fatalf("%s: %s: Format(%v) = %q, %v; Encode %q", p, n, m, text, err, n.Encode(p, m))
			}
			b, err := Append([]byte("x"), n, p, m)
			if err != nil || string(b) != "x"+text {
				t.Fatalf("%s: %s: Append(%v) = %q, %v", p, n, m, b, err)
			}
		}
		for _, g := range rapid.SliceOfN(rapid.Uint32(), 1, 50).Draw(t, "moves") {
			m := shogi.Move(g)
			if rapid.Bool().Draw(t, "well formed") {
				m = shogi.NewMove(shogi.SquareAt(int(g%81)), shogi.SquareAt(int(g>>8%81)), g&1<<20 != 0)
			}
			text, err := Format(n, p, m)
			if (err == nil) != p.IsLegal(m) || err != nil && text != "" {
				t.Fatalf("%s: %s: Format(%#x) = %q, %v; IsLegal %v", p, n, uint32(m), text, err, p.IsLegal(m))
			}
			_ = n.Encode(p, m) // unchecked, but no panic
		}
	})
}

// TestPieceMismatch: a text that names another piece than the one on the origin is the
// move's *shogi.IllegalMoveError, with the piece that is there.
func TestPieceMismatch(t *testing.T) {
	p := mustPosition(t, shogi.StartSFEN, "7g7f", "3c3d")
	tests := []struct {
		n    Notation
		text string
		want string
	}{
		{KIF, "７五金(76)", `notation: kif "７五金(76)": illegal move 7f7e at move 3: the named piece is not the piece on the origin square: 7f holds a pawn, not a gold`},
		{Western, "R88-77", `notation: western "R88-77": illegal move 8h7g at move 3: the named piece is not the piece on the origin square: 8h holds a bishop, not a rook`},
		{CSA, "+8822HI", `notation: csa "+8822HI": illegal move 8h2b at move 3: the named piece is not the piece on the origin square: 8h holds a bishop, not a rook`},
	}
	for _, tt := range tests {
		_, err := tt.n.Decode(p, tt.text)
		if err == nil {
			t.Errorf("%s: Decode(%q) succeeded", tt.n, tt.text)
			continue
		}
		if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tt.n, diff)
		}
		var ie *shogi.IllegalMoveError
		if !errors.As(err, &ie) || ie.Ply != 3 || ie.Foul() != shogi.FoulPieceMismatch ||
			!errors.Is(err, ErrPieceMismatch) || !errors.Is(err, shogi.ErrPieceMismatch) {
			t.Errorf("%s: Decode(%q) = %#v, want the piece mismatch of the move", tt.n, tt.text, err)
		}
	}
}

// TestErrorPrefixes: every message of the package has one package prefix.
func TestErrorPrefixes(t *testing.T) {
	p := mustPosition(t, shogi.StartSFEN)
	var errs []error
	for _, n := range All {
		_, err := n.Decode(p, "P*5e")
		errs = append(errs, err)
		_, err = n.Decode(p, "")
		errs = append(errs, err)
	}
	_, err := ParseLine(KI2, p, "1.▲７六歩 2.△３四歩 3.▲５五角打")
	errs = append(errs, err)
	_, err = ParseLine(Western, p, "1.P-76 P-34 3.Bx22+")
	errs = append(errs, err)
	_, err = FormatLine(Western, p, Line{End: shogi.EndNoMate})
	errs = append(errs, err)
	for _, err := range errs {
		if err == nil {
			t.Error("no error")
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "notation: ") || strings.Count(msg, "notation: ")+strings.Count(msg, "shogi: ") != 1 {
			t.Errorf("%q: want exactly one package prefix, at the start", msg)
		}
	}
	if got, want := errs[len(errs)-1].Error(), `notation: western "no-mate": ending not expressible in this style`; got != want {
		t.Errorf("FormatLine error %q, want %q", got, want)
	}
}
