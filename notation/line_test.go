package notation

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	shogi "github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

func seedLine(t *testing.T) Line {
	t.Helper()
	var l Line
	for _, u := range seedMoves {
		l.Moves = append(l.Moves, mustMove(t, u))
	}
	return l
}

func TestFormatLine(t *testing.T) {
	seed := seedLine(t)
	resigned := Line{Moves: seed.Moves, End: shogi.EndResign}
	cases := []struct {
		f    LineFormat
		sfen string
		line Line
		want string
	}{
		{LineFormat{Notation: JapaneseStyle}, seedSFEN, resigned, "31.☗5八金右 32.☖3三桂打 33.☗同角成 34.☖4九成銀 35.投了"},
		{LineFormat{Notation: Japanese{Marks: MarksTriangle, Squares: SquaresDigits}, Unnumbered: true}, seedSFEN, resigned, "▲58金右 △33桂打 ▲同角成 △49成銀 投了"},
		{LineFormat{Notation: Iroha}, seedSFEN, resigned, "31.▲す金右 32.△な桂打 33.▲同角成 34.△き成銀 35.投了"},
		{LineFormat{Notation: Western}, seedSFEN, seed, "16.G49-58 N*33 17.Bx33+ +S-49"},
		{LineFormat{Notation: Hodges}, seedSFEN, seed, "16.G(4i)-5h N*3c 17.BxN+ S(+)-4i"},
		{LineFormat{Notation: HodgesRevised}, seedSFEN, seed, "16.G4i-5h N*3c 17.Bx3c+ +S-4i"},
		{LineFormat{Notation: Hosking}, seedSFEN, seed, "16.G49-58 N’33 17.Bx33+ +S49"},
		{LineFormat{Notation: KitaoKawasaki}, seedSFEN, seed, "16.☗金(49)-58 ☖桂*33 17.☗角x+ ☖+銀-49"},
		{LineFormat{Notation: KitaoKawasaki, Unnumbered: true}, seedSFEN, seed, "☗金(49)-58 ☖桂*33 ☗角x+ ☖+銀-49"},
		{LineFormat{Notation: USI}, seedSFEN, resigned, "4i5h N*3c 7g3c+ 3h4i resign"},
		{LineFormat{Notation: CSA}, seedSFEN, resigned, "+4958KI -0033KE +7733UM -3849NG %TORYO"},
		{LineFormat{Notation: Western}, seedSFEN, Line{Moves: seed.Moves, End: shogi.EndResign}, "16.G49-58 N*33 17.Bx33+ +S-49 resigns"},
		{LineFormat{Notation: Western}, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
			Line{Moves: []shogi.Move{mustMove(t, "3c3d"), mustMove(t, "7g7f"), mustMove(t, "2b8h+")}},
			"1…P-34 2.P-76 Bx88+"},
		{LineFormat{Notation: KI2, Start: true}, shogi.StartSFEN,
			Line{Moves: []shogi.Move{mustMove(t, "7g7f"), mustMove(t, "3c3d")}, End: shogi.EndSennichite},
			"0.開始 1.▲７六歩 2.△３四歩 3.千日手"},
		{LineFormat{Notation: CSA}, shogi.StartSFEN, Line{Moves: []shogi.Move{mustMove(t, "7g7f")}, End: shogi.EndIllegalWin}, "+7776FU %+ILLEGAL_ACTION"},
		{LineFormat{Notation: JapaneseStyle, Multiline: true}, seedSFEN, resigned, "31.☗5八金右\n32.☖3三桂打\n33.☗同角成\n34.☖4九成銀\n35.投了"},
		{LineFormat{Notation: Japanese{Marks: MarksTriangle, Squares: SquaresDigits}, Unnumbered: true, Multiline: true}, seedSFEN, resigned, "▲58金右\n△33桂打\n▲同角成\n△49成銀\n投了"},
		{LineFormat{Notation: Western, Multiline: true}, seedSFEN, resigned, "16.G49-58 N*33\n17.Bx33+ +S-49\nresigns"},
		{LineFormat{Notation: Western, Multiline: true}, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
			Line{Moves: []shogi.Move{mustMove(t, "3c3d"), mustMove(t, "7g7f"), mustMove(t, "2b8h+")}},
			"1…P-34\n2.P-76 Bx88+"},
		{LineFormat{Notation: HodgesRevised, NumberSpace: true}, shogi.StartSFEN,
			Line{Moves: []shogi.Move{mustMove(t, "7g7f"), mustMove(t, "3c3d"), mustMove(t, "2g2f")}}, "1. P-7f P-3d 2. P-2f"},
		{LineFormat{Notation: KI2, Start: true, NumberSpace: true, Multiline: true}, shogi.StartSFEN,
			Line{Moves: []shogi.Move{mustMove(t, "7g7f")}}, "0. 開始\n1. ▲７六歩"},
	}
	for _, tc := range cases {
		p := mustPosition(t, tc.sfen)
		before := p.String()
		got, err := tc.f.Format(p, tc.line)
		if err != nil {
			t.Errorf("%s: Format: %v", tc.f.Notation, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s: Format = %q, want %q", tc.f.Notation, got, tc.want)
		}
		if p.String() != before {
			t.Errorf("%s: Format changed the position", tc.f.Notation)
		}
		back, err := tc.f.Parse(p, tc.want)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", tc.f.Notation, tc.want, err)
			continue
		}
		if diff := cmp.Diff(tc.line, back); diff != "" {
			t.Errorf("%s: Parse(%q) (-want +got):\n%s", tc.f.Notation, tc.want, diff)
		}
	}
	if _, err := FormatLine(Western, mustPosition(t, seedSFEN), Line{End: shogi.EndNoMate}); !errors.Is(err, ErrEnding) {
		t.Errorf("FormatLine with an ending Western has no word for: %v, want ErrEnding", err)
	}
	if _, err := FormatLine(KI2, mustPosition(t, shogi.StartSFEN), Line{Moves: []shogi.Move{mustMove(t, "7g7e")}}); !errors.Is(err, shogi.ErrCannotMove) {
		t.Errorf("FormatLine with an illegal move: %v, want ErrCannotMove", err)
	}
}

func TestParseLineVariants(t *testing.T) {
	seed := seedLine(t)
	cases := []struct {
		n    Notation
		text string
		want Line
	}{
		{KI2, "▲５八金右　△３三桂打　▲同　角成　△４九成銀", seed},
		{KI2, "▲５八金右△３三桂打", Line{}},
		{JapaneseStyle, "31.☗5八金右 32.☖3三桂打 33.☗同　角成 34.☖4九成銀 35.投了", Line{seed.Moves, shogi.EndResign}},
		{KI2, "▲58金右 △33桂打 ▲同 角成 △49成銀 △投了", Line{seed.Moves, shogi.EndResign}},
		{KI2, "30.開始 31.▲58金右", Line{Moves: seed.Moves[:1]}},
		// Full-width numbers, and numbers right before the turn mark.
		{JapaneseStyle, "３１．☗5八金右 ３２．☖3三桂打 ３３．☗同角成 ３４．☖4九成銀", seed},
		{JapaneseStyle, "31☗5八金右 32☖3三桂打 33☗同角成 34☖4九成銀 35.投了", Line{seed.Moves, shogi.EndResign}},
		{KI2, "３１ ▲５八金右 ３２ △３三桂打", Line{Moves: seed.Moves[:2]}},
		{KI2, "1234567.▲５八金右", Line{}}, // seven digits: not a number
		{Western, "16. G49-58 N*33 17. Bx33+ +S-49", seed},
		{Western, "16.G49-58 16...N*33 17.Bx33+ +S-49 Resigns", Line{seed.Moves, shogi.EndResign}},
		{Hosking, "G49-58 N'33 Bx33+ +S49", seed},
	}
	for _, tc := range cases {
		p := mustPosition(t, seedSFEN)
		got, err := ParseLine(tc.n, p, tc.text)
		if tc.want.Moves == nil && tc.want.End == shogi.EndNone {
			if err == nil {
				t.Errorf("%s: ParseLine(%q) = %v, want an error", tc.n, tc.text, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: ParseLine(%q): %v", tc.n, tc.text, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: ParseLine(%q) (-want +got):\n%s", tc.n, tc.text, diff)
		}
	}
}

func TestParseLineErrors(t *testing.T) {
	cases := []struct {
		n      Notation
		text   string
		column int
		want   error
	}{
		{JapaneseStyle, "31.☗5八金右 33.☖3三桂打", 10, ErrMoveNumber},
		{JapaneseStyle, "３１．☗5八金右 ３３．☖3三桂打", 10, ErrMoveNumber},
		{JapaneseStyle, "31☗5八金右 33☖3三桂打", 9, ErrMoveNumber},
		{JapaneseStyle, "31.☗5八金右 32.☖3三桂打 投了 33.☗同角成", 22, ErrAfterEnding},
		{JapaneseStyle, "31.☗5八金 32.☖3三桂打", 4, ErrAmbiguous},
		{JapaneseStyle, "31.☗5八金右 32.☗3三桂打", 13, shogi.ErrWrongSide},
		{Western, "16.G49-58 17.N*33", 11, ErrMoveNumber},
		{Western, "16.G49-58 N*33 16.Bx33+", 16, ErrMoveNumber},
		{Western, "15.G49-58", 1, ErrMoveNumber},
		{Western, "16…G49-58", 1, ErrMoveNumber},
		{Western, "16.", 1, ErrSyntax},
		{USI, "4i5h N*3c 7g3c+ 3h2g", 17, shogi.ErrCannotMove},
	}
	for _, tc := range cases {
		p := mustPosition(t, seedSFEN)
		_, err := ParseLine(tc.n, p, tc.text)
		var le *LineError
		if !errors.As(err, &le) || !errors.Is(err, tc.want) {
			t.Errorf("%s: ParseLine(%q) error = %v, want a *LineError wrapping %v", tc.n, tc.text, err, tc.want)
			continue
		}
		if le.Column != tc.column {
			t.Errorf("%s: ParseLine(%q) error column = %d, want %d (%v)", tc.n, tc.text, le.Column, tc.column, err)
		}
	}
}

// TestLineRoundTrip formats random games in every style and parses them back.
func TestLineRoundTrip(t *testing.T) {
	for _, n := range All {
		t.Run(n.String(), rapid.MakeCheck(func(t *rapid.T) {
			sfen := rapid.SampledFrom(startSFENs).Draw(t, "start")
			p, err := shogi.ParseSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			q := p.Clone()
			var line Line
			for range rapid.IntRange(0, 80).Draw(t, "plies") {
				moves := q.LegalMoves()
				if len(moves) == 0 {
					break
				}
				m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
				line.Moves = append(line.Moves, m)
				q.PlayUnchecked(m)
			}
			if rapid.Bool().Draw(t, "resign") {
				line.End = shogi.EndResign
			}
			f := LineFormat{Notation: n, Unnumbered: rapid.Bool().Draw(t, "unnumbered"), Start: rapid.Bool().Draw(t, "start"),
				Multiline: rapid.Bool().Draw(t, "multiline"), NumberSpace: rapid.Bool().Draw(t, "numberSpace")}
			text, err := f.Format(p, line)
			if err != nil {
				t.Fatalf("Format: %v", err)
			}
			back, err := f.Parse(p, text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", text, err)
			}
			if diff := cmp.Diff(line, back); diff != "" {
				t.Fatalf("Parse(%q) (-want +got):\n%s", text, diff)
			}
		}))
	}
}
