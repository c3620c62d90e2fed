package notation

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// Positions of the variant tests.
const (
	// knightsSFEN is the position of the capture-with-origin bug: the knight on 5f can
	// take only the rook on 6d, the one on 7f either rook.
	knightsSFEN = "4k4/9/9/1r1r5/9/2N1N4/9/9/4K4 b - 1"
	// dragonsSFEN has Black dragons on 8一 and 8九.
	dragonsSFEN = "1+R7/9/4k4/9/9/9/9/9/1+R2K4 b - 1"
	// lanceHandicapSFEN is the lance handicap: White moves first.
	lanceHandicapSFEN = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
)

var (
	japaneseStyles = []Notation{JapaneseStyle, KIF, KI2, Iroha}
	letterStyles   = []Notation{Western, Hodges, HodgesRevised, Hosking}
	westernStyles  = []Notation{Western, Hodges, HodgesRevised, Hosking, KitaoKawasaki}
)

// TestDecodeVariants decodes every spelling variant of issue 10 in every style it
// applies to: an accepted one gives the move, a refused one the reason.
func TestDecodeVariants(t *testing.T) {
	bishopTakes := []string{"7g7f", "3c3d"}
	cases := []struct {
		styles []Notation
		sfen   string
		moves  []string // played before
		text   string
		want   string // the move, or "" when refused
		err    error  // the reason of a refusal
	}{
		// An origin narrows a capture written with the captured piece's name.
		{letterStyles, knightsSFEN, nil, "N(5f)xR", "5f6d", nil},
		{letterStyles, knightsSFEN, nil, "N56xR", "5f6d", nil},
		{letterStyles, knightsSFEN, nil, "N5fxR", "5f6d", nil},
		{letterStyles, knightsSFEN, nil, "NxR", "", ErrAmbiguous},
		{letterStyles, knightsSFEN, nil, "N76xR", "", ErrAmbiguous},
		{letterStyles, knightsSFEN, nil, "N(59)xR", "", ErrNoCandidate},
		{[]Notation{KitaoKawasaki}, knightsSFEN, nil, "☗桂(56)xR", "5f6d", nil},
		// Lower-case pieces.
		{letterStyles, shogi.StartSFEN, nil, "p-76", "7g7f", nil},
		{letterStyles, dragonsSFEN, nil, "d81-84", "8a8d", nil},
		{letterStyles, dragonsSFEN, nil, "d89-84", "8i8d", nil},
		{letterStyles, dragonsSFEN, nil, "d-84", "", ErrAmbiguous},
		{letterStyles, shogi.StartSFEN, nil, "g-58", "", ErrAmbiguous},
		{[]Notation{KitaoKawasaki}, shogi.StartSFEN, nil, "p-76", "", ErrUnknownPiece},
		// Upper-case ranks.
		{letterStyles, shogi.StartSFEN, nil, "P-7F", "7g7f", nil},
		{letterStyles, shogi.StartSFEN, nil, "G4I-5H", "4i5h", nil},
		{letterStyles, shogi.StartSFEN, nil, "P-7J", "", ErrSyntax},
		// Capture marks, and a space before the promotion.
		{letterStyles, shogi.StartSFEN, bishopTakes, "B×22+", "8h2b+", nil},
		{letterStyles, shogi.StartSFEN, bishopTakes, "BX22+", "8h2b+", nil},
		{letterStyles, shogi.StartSFEN, bishopTakes, "Bx22 +", "8h2b+", nil},
		{letterStyles, shogi.StartSFEN, bishopTakes, "Bx22 =", "8h2b", nil},
		{letterStyles, shogi.StartSFEN, bishopTakes, "B x 22 +", "8h2b+", nil},
		{letterStyles, shogi.StartSFEN, bishopTakes, "Bx22 + +", "", ErrSyntax},
		{[]Notation{KitaoKawasaki}, shogi.StartSFEN, bishopTakes, "☗角×22+", "8h2b+", nil},
		{[]Notation{KitaoKawasaki}, shogi.StartSFEN, bishopTakes, "☗角x22 +", "8h2b+", nil},
		// Dashes and spaces.
		{letterStyles, shogi.StartSFEN, nil, "P–76", "7g7f", nil},
		{letterStyles, shogi.StartSFEN, nil, "P—76", "7g7f", nil},
		{letterStyles, shogi.StartSFEN, nil, "P−76", "7g7f", nil},
		{[]Notation{KitaoKawasaki}, shogi.StartSFEN, nil, "☗歩–76", "7g7f", nil},
		{letterStyles, shogi.StartSFEN, nil, "P 76", "7g7f", nil},
		{letterStyles, shogi.StartSFEN, nil, "P 7f", "7g7f", nil},
		{letterStyles, shogi.StartSFEN, nil, "P 7 6", "", ErrSyntax},
		{letterStyles, shogi.StartSFEN, nil, "+ P-76", "", ErrSyntax},
		{[]Notation{KitaoKawasaki}, shogi.StartSFEN, nil, "☗歩 76", "7g7f", nil},
		// A USI move given to a Western reader; a Japanese reader says what it is.
		{westernStyles, shogi.StartSFEN, nil, "7g7f", "7g7f", nil},
		{westernStyles, shogi.StartSFEN, bishopTakes, "8h2b+", "8h2b+", nil},
		{westernStyles, shogi.StartSFEN, nil, "7g7e", "", shogi.ErrCannotMove},
		{westernStyles, shogi.StartSFEN, nil, "7g7", "", ErrSyntax},
		{japaneseStyles, shogi.StartSFEN, nil, "7g7f", "", ErrSyntax},
		{[]Notation{CSA}, shogi.StartSFEN, nil, "7g7f", "", ErrSyntax},
		// A move number before a move given alone.
		{westernStyles, shogi.StartSFEN, nil, "1.P-76", "", ErrSyntax},
		{japaneseStyles, shogi.StartSFEN, nil, "1.▲７六歩", "", ErrSyntax},
		// Kanji files.
		{japaneseStyles, shogi.StartSFEN, nil, "七六歩", "7g7f", nil},
		{japaneseStyles, shogi.StartSFEN, nil, "▲七六歩", "7g7f", nil},
		{japaneseStyles, shogi.StartSFEN, nil, "七6歩", "", ErrSyntax},
		{[]Notation{JapaneseStyle, KIF, KI2}, shogi.StartSFEN, nil, "七歩", "", ErrSyntax},
		{japaneseStyles, seedSFEN, nil, "五八金", "", ErrAmbiguous},
		{japaneseStyles, seedSFEN, nil, "五八金右", "4i5h", nil},
		{japaneseStyles, shogi.StartSFEN, bishopTakes, "二二角成", "8h2b+", nil},
	}
	for _, tc := range cases {
		for _, n := range tc.styles {
			p := mustPosition(t, tc.sfen, tc.moves...)
			got, err := n.Decode(p, tc.text)
			switch {
			case tc.want == "":
				var ne *Error
				if !errors.Is(err, tc.err) || !errors.As(err, &ne) {
					t.Errorf("%s: Decode(%q) = %s, %v; want an *Error for %v", n, tc.text, got, err, tc.err)
				}
			case err != nil || got.String() != tc.want:
				t.Errorf("%s: Decode(%q) = %s, %v; want %s", n, tc.text, got, err, tc.want)
			}
		}
	}
}

// TestParseLineNumberVariants reads the move numbers people write in every style of the
// Japanese and Western families.
func TestParseLineNumberVariants(t *testing.T) {
	cases := []struct {
		styles []Notation
		sfen   string
		text   string
		want   []string // the moves, or nil when refused
		err    error
	}{
		{westernStyles, lanceHandicapSFEN, "1…{K-52} 2.{P-76}", []string{"5a5b", "7g7f"}, nil},
		{westernStyles, lanceHandicapSFEN, "1. ... {K-52} 2. {P-76}", []string{"5a5b", "7g7f"}, nil},
		{westernStyles, lanceHandicapSFEN, "1..{K-52} 2.{P-76}", []string{"5a5b", "7g7f"}, nil},
		{westernStyles, lanceHandicapSFEN, "1...{K-52}", []string{"5a5b"}, nil},
		{westernStyles, lanceHandicapSFEN, "1 ... {K-52} 2 {P-76}", []string{"5a5b", "7g7f"}, nil},
		{westernStyles, lanceHandicapSFEN, "1. …{K-52}", []string{"5a5b"}, nil},
		{westernStyles, lanceHandicapSFEN, "1.{K-52}", nil, ErrMoveNumber},
		{westernStyles, shogi.StartSFEN, "1. ... {P-76}", nil, ErrMoveNumber},
		{westernStyles, shogi.StartSFEN, "1....{P-76}", nil, ErrSyntax},
		{letterStyles, shogi.StartSFEN, "1. P 76 P 34 2. B x 22 + S x 22", []string{"7g7f", "3c3d", "8h2b+", "3a2b"}, nil},
		{letterStyles, shogi.StartSFEN, "1.7g7f 3c3d 2.Bx22 =", []string{"7g7f", "3c3d", "8h2b"}, nil},
		{japaneseStyles, seedSFEN, "31 {☗5八金右} 32 {☖3三桂打}", []string{"4i5h", "N*3c"}, nil},
		{japaneseStyles, seedSFEN, "31．{☗5八金右} 32．{☖3三桂打}", []string{"4i5h", "N*3c"}, nil},
		{japaneseStyles, seedSFEN, "31. {☗5八金右} 32. {☖3三桂打}", []string{"4i5h", "N*3c"}, nil},
		{japaneseStyles, seedSFEN, "31…{☗5八金右}", nil, ErrMoveNumber},
		{japaneseStyles, seedSFEN, "32 {☗5八金右}", nil, ErrMoveNumber},
		{japaneseStyles, seedSFEN, "31", nil, ErrSyntax},
	}
	for _, tc := range cases {
		for _, n := range tc.styles {
			p := mustPosition(t, tc.sfen)
			text := spellMoves(t, n, p, tc.text)
			line, err := ParseLine(n, p, text)
			if tc.want == nil {
				var le *LineError
				if !errors.Is(err, tc.err) || !errors.As(err, &le) {
					t.Errorf("%s: ParseLine(%q) = %v, %v; want a *LineError for %v", n, text, line, err, tc.err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: ParseLine(%q): %v", n, text, err)
				continue
			}
			var got []string
			for _, m := range line.Moves {
				got = append(got, m.String())
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("%s: ParseLine(%q) = %v, want %v", n, text, got, tc.want)
			}
		}
	}
}

// spellMoves replaces each {move} of text, written in Western or Japanese style, by
// the move in the style n, played from p.
func spellMoves(t *testing.T, n Notation, p *shogi.Position, text string) string {
	t.Helper()
	q := p.Clone()
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := strings.IndexByte(text, '}')
		b.WriteString(text[:i])
		word := text[i+1 : j]
		text = text[j+1:]
		var m shogi.Move
		var err error
		if _, ok := n.(Japanese); ok {
			m, err = JapaneseStyle.Decode(q, word)
		} else {
			m, err = Western.Decode(q, word)
		}
		if err != nil {
			t.Fatalf("%s: %v", word, err)
		}
		b.WriteString(n.Encode(q, m))
		q.PlayUnchecked(m)
	}
}

// spellings returns other ways to write the text of the legal move m of p in the style
// n, as people write them, each of which must decode to m.
func spellings(n Notation, p *shogi.Position, m shogi.Move, text string) []string {
	var out []string
	add := func(s string) {
		if s != text {
			out = append(out, s)
		}
	}
	switch n := n.(type) {
	case Japanese:
		body, _, marked := cutMark(text)
		if marked {
			add(body)
			add(strings.NewReplacer("▲", "☗", "△", "☖", "☗", "▲", "☖", "△").Replace(text))
		}
		// The kanji file of a digit file before a kanji rank.
		if d, k := digit(body, false); d != 0 && n.Squares != SquaresIroha {
			if r, _ := digit(body[k:], true); r != 0 && !strings.HasPrefix(body[k:], "１") && body[k] >= 0x80 {
				add(text[:len(text)-len(body)] + kanjiNumerals[d] + body[k:])
			}
		}
		add(strings.Replace(text, "同　", "同", 1))
		add(strings.Replace(text, "同　", "同 ", 1))
		add(strings.Replace(text, "龍", "竜", 1))
	case western:
		if n.style != styleKitaoKawasaki {
			add(strings.ToLower(text))
			add(strings.ToUpper(text))
		}
		add(strings.Replace(text, "x", "×", 1))
		add(strings.Replace(text, "x", "X", 1))
		add(strings.Replace(text, "-", "–", 1))
		add(strings.Replace(text, "-", "—", 1))
		// A space after the piece and before the promotion mark.
		s := text
		if n.style == styleKitaoKawasaki {
			s, _, _ = cutMark(s)
		}
		if rest, _, ok := n.cutWesternPiece(s); ok && rest != "" {
			k := len(text) - len(rest)
			add(text[:k] + " " + text[k:])
		}
		if last, size := utf8.DecodeLastRuneInString(text); (last == '+' || last == '=') && size < len(text) {
			add(text[:len(text)-1] + " " + text[len(text)-1:])
		}
		if !m.IsDrop() || n.style != styleKitaoKawasaki {
			add(m.String())
		}
	case usi:
		add(" " + text + " ")
	case csa:
		add(text[1:])
		add(text[:5] + strings.ToLower(text[5:]))
	}
	return out
}

// TestSpellingVariants checks that every accepted spelling of a move — the spelling
// variants people write, generated from the style's own text — decodes to that move.
func TestSpellingVariants(t *testing.T) {
	for _, n := range All {
		t.Run(n.String(), rapid.MakeCheck(func(t *rapid.T) {
			p := randomPosition(t)
			for _, m := range p.LegalMoves() {
				text := n.Encode(p, m)
				for _, v := range spellings(n, p, m, text) {
					got, err := n.Decode(p, v)
					if err != nil || got != m {
						t.Fatalf("%s: %s is %q; its spelling %q decodes to %s, %v", p, m, text, v, got, err)
					}
				}
			}
		}))
	}
}
