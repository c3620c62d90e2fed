package diagram_test

import (
	"bytes"
	"flag"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/diagram"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/kif"
	"pgregory.net/rapid"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

// The positions of the golden files. middle and check come from the 27th Ryūō-sen
// challenger final, game 2 (testdata/records/kif/ryuou201409020101.kif at the module
// root): moves 110 (△６八歩成, a promotion, full hands) and 115 (▲７五桂打, a drop that
// checks, White to move).
func goldenPositions(t testing.TB) map[string]*shogi.Position {
	return map[string]*shogi.Position{
		"start": shogi.NewStartPosition(),
		// 二枚落ち: the giver (上手, White) moves first.
		"handicap": gametest.Play(t, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
		"middle":   gametest.Play(t, "l6nl/2k6/4p1+P2/p6Rp/1R2bg3/P1P1s4/1PGp4P/1K3S3/LN1G1b1NL b 6Pg2sn3p 109", "2d2a+", "6g6h+"),
		"check":    gametest.Play(t, "l+R6l/9/3kp1+P2/p7p/4Rg3/P1P1s4/1PG5P/1K3S3/LN1+p1b1NL b BN6P2g2sn3p 115", "N*7e"),
	}
}

// goldenCases are the diagrams of the golden files: testdata/golden/NAME.
var goldenCases = []struct {
	name, position string
	style          diagram.Style
	o              *diagram.Options
}{
	{"start.text", "start", diagram.Text, nil},
	{"start.letters.text", "start", diagram.Text, &diagram.Options{Letters: true}},
	{"start.bod", "start", diagram.BOD, nil},
	{"start.csa", "start", diagram.CSA, nil},
	{"handicap.text", "handicap", diagram.Text, &diagram.Options{Handicap: true}},
	{"handicap.letters.text", "handicap", diagram.Text, &diagram.Options{Letters: true}},
	{"handicap.bod", "handicap", diagram.BOD, &diagram.Options{Handicap: true}},
	{"handicap.csa", "handicap", diagram.CSA, nil},
	{"middle.text", "middle", diagram.Text, nil},
	{"middle.letters.text", "middle", diagram.Text, &diagram.Options{Letters: true}},
	{"middle.color.text", "middle", diagram.Text, &diagram.Options{Color: true}},
	{"middle.bod", "middle", diagram.BOD, nil},
	{"middle.csa", "middle", diagram.CSA, nil},
	{"middle.flip.text", "middle", diagram.Text, &diagram.Options{Flip: true}},
	{"middle.flip.letters.color.text", "middle", diagram.Text, &diagram.Options{Flip: true, Letters: true, Color: true}},
	{"check.text", "check", diagram.Text, nil},
	{"check.letters.text", "check", diagram.Text, &diagram.Options{Letters: true}},
	{"check.color.text", "check", diagram.Text, &diagram.Options{Color: true}},
	{"check.bod", "check", diagram.BOD, nil},
	{"check.csa", "check", diagram.CSA, nil},
}

// TestGolden compares every style with its golden file (go test -update rewrites
// them), and checks that Format writes what Append appends.
func TestGolden(t *testing.T) {
	positions := goldenPositions(t)
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			p := positions[tc.position]
			got := diagram.Append(nil, p, tc.style, tc.o)
			path := filepath.Join("testdata", "golden", tc.name)
			gametest.Golden(t, path, got, *update)
			var buf bytes.Buffer
			if err := diagram.Format(&buf, p, tc.style, tc.o); err != nil {
				t.Fatal(err)
			}
			if buf.String() != string(got) {
				t.Errorf("Format writes\n%s\nAppend appends\n%s", buf.String(), got)
			}
		})
	}
}

// TestReadBack: the BOD and CSA diagrams of the golden positions read back as the
// same positions with the kif and csa packages (BOD with the move number; CSA has
// none).
func TestReadBack(t *testing.T) {
	for name, p := range goldenPositions(t) {
		for _, handicap := range []bool{false, true} {
			text := diagram.Append(nil, p, diagram.BOD, &diagram.Options{Handicap: handicap})
			got, err := kif.ParseBoard(text)
			if err != nil {
				t.Fatalf("%s: kif.ParseBoard: %v\n%s", name, err, text)
			}
			if !got.Equal(p) {
				t.Errorf("%s: BOD reads back as %s, want %s", name, got, p)
			}
		}
		got, err := csa.ParseBoard(diagram.Append(nil, p, diagram.CSA, nil))
		if err != nil {
			t.Fatalf("%s: csa.ParseBoard: %v", name, err)
		}
		if want := strings.TrimSuffix(p.String(), " "+lastField(p.String())) + " 1"; got.String() != want {
			t.Errorf("%s: CSA reads back as %s, want %s", name, got, want)
		}
	}
}

func lastField(s string) string { return s[strings.LastIndexByte(s, ' ')+1:] }

func TestParseStyle(t *testing.T) {
	for _, s := range []diagram.Style{diagram.Text, diagram.BOD, diagram.CSA} {
		got, err := diagram.ParseStyle(s.String())
		if err != nil || got != s {
			t.Errorf("ParseStyle(%q) = %v, %v; want %v", s.String(), got, err, s)
		}
	}
	if _, err := diagram.ParseStyle("svg"); err == nil || err.Error() != `diagram: unknown style "svg" (want text, bod or csa)` {
		t.Errorf("ParseStyle(svg): %v", err)
	}
	if got := diagram.Style(7).String(); got != "Style(7)" {
		t.Errorf("Style(7).String() = %q", got)
	}
	if got := diagram.Append([]byte("x"), shogi.NewStartPosition(), diagram.Style(7), nil); string(got) != "x" {
		t.Errorf("an unknown style appends %q", got)
	}
}

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// width is the number of terminal columns of s: two for the wide characters of the
// diagrams (kanji, kana, full-width digits, the middle dot ・), one for ASCII.
func width(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r < 0x80:
			n++
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) || r == '・' || r >= '０' && r <= '９':
			n += 2
		default:
			n = -1000 // a character of unknown width: the test fails
		}
	}
	return n
}

// TestTextProperties checks the text board over random positions and options: every
// line of the board is 31 columns wide in a terminal (the frame lines 29, the file
// numbers 28 in kanji and 27 in letters, each above the middle of its square), the
// coloured diagram is the plain one with escape sequences added, the letters diagram
// is ASCII, and the flipped board holds the same squares in the reverse order.
func TestTextProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := gametest.DrawPlayed(t, "", 200)
		o := diagram.Options{
			Letters:  rapid.Bool().Draw(t, "letters"),
			Flip:     rapid.Bool().Draw(t, "flip"),
			Handicap: rapid.Bool().Draw(t, "handicap"),
		}
		plain := string(diagram.Append(nil, p, diagram.Text, &o))
		o.Color = true
		colored := string(diagram.Append(nil, p, diagram.Text, &o))
		if got := sgr.ReplaceAllString(colored, ""); got != plain {
			t.Fatalf("the coloured diagram without its escapes differs:\n%s\nwant\n%s", got, plain)
		}
		if !strings.Contains(colored, "\x1b[") {
			t.Fatalf("no colour:\n%s", colored)
		}
		lines := strings.Split(plain, "\n")
		// hand, files, frame, nine ranks, frame, hand, turn, [last move], "".
		if len(lines) < 16 {
			t.Fatalf("%d lines:\n%s", len(lines), plain)
		}
		for i, l := range lines[1:13] {
			want := 31 // a rank
			switch {
			case i == 1 || i == 11: // a frame
				want = 29
			case i == 0 && o.Letters: // the files
				want = 27
			case i == 0:
				want = 28
			}
			if w := width(l); w != want {
				t.Fatalf("line %d %q is %d columns wide, want %d\n%s", i+2, l, w, want, plain)
			}
		}
		if o.Letters {
			for i := 0; i < len(plain); i++ {
				if plain[i] >= utf8.RuneSelf {
					t.Fatalf("a letters diagram holds %q", plain)
				}
			}
		}
		o.Color = false
		o.Flip = !o.Flip
		flipped := strings.Split(string(diagram.Append(nil, p, diagram.Text, &o)), "\n")
		if strings.Join(squares(lines[3:12]), "") != reverse(squares(flipped[3:12])) {
			t.Fatalf("the flipped board does not hold the squares reversed:\n%s\n%s", plain, strings.Join(flipped, "\n"))
		}
		if lines[0] != flipped[13] || lines[13] != flipped[0] {
			t.Fatalf("the flipped board does not swap the hands")
		}
	})
}

// squares returns the cells of board rows, three columns each, as one list.
func squares(rows []string) []string {
	var cells []string
	for _, r := range rows {
		r = r[1:strings.LastIndexByte(r, '|')]
		for r != "" {
			// A cell is a mark or space and a letter and a space, or a mark and a
			// wide character.
			_, n := utf8.DecodeRuneInString(r[1:])
			size := 1 + n
			if n == 1 {
				size = 3
			}
			cells = append(cells, r[:size])
			r = r[size:]
		}
	}
	return cells
}

func reverse(s []string) string {
	var b strings.Builder
	for i := len(s) - 1; i >= 0; i-- {
		b.WriteString(s[i])
	}
	return b.String()
}
