package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const notateSeedSFEN = "3k3n1/9/9/9/9/9/2B6/6+s2/3GKG3 b n 31"

func TestNotateCommand(t *testing.T) {
	tests := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"notate", "-style", "ki2", "-sfen", notateSeedSFEN, "4i5h", "N*3c", "7g3c+", "3h4i"}, "",
			"▲５八金右\n△３三桂打\n▲同角成\n△４九成銀\n"},
		{[]string{"notate", "-style", "kitao-kawasaki", "-sfen", notateSeedSFEN, "4i5h", "N*3c", "7g3c+", "3h4i"}, "",
			"☗金(49)-58\n☖桂*33\n☗角x+\n☖+銀-49\n"},
		{[]string{"notate", "-style", "hodges", "-from", "ki2", "-sfen", notateSeedSFEN, "▲５八金右", "△３三桂打", "▲同　角成", "△４九成銀"}, "",
			"G(4i)-5h\nN*3c\nBxN+\nS(+)-4i\n"},
		{[]string{"notate", "-style", "usi", "-from", "western"}, "1.P-76 P-34 2.Bx22+ Sx22 resigns\n",
			"7g7f\n3c3d\n8h2b+\n3a2b\nresign\n"},
		{[]string{"notate", "-style", "japanese", "-line", "-sfen", notateSeedSFEN}, "4i5h N*3c 7g3c+ 3h4i resign",
			"31.☗5八金右 32.☖3三桂打 33.☗同角成 34.☖4九成銀 35.投了\n"},
		{[]string{"notate", "-style", "western", "-line", "-handicap", "香落ち", "3c3d", "7g7f"}, "",
			"1…P-34 2.P-76\n"},
		{[]string{"notate", "-style", "csa"}, "", ""},
		{[]string{"notate", "-style", "ki2", "-squares", "digits", "-from", "japanese", "-sfen", notateSeedSFEN}, "31 ☗5八金右 32．☖3三桂打 33.☗同 角成 34.☖4九成銀 35.投了",
			"▲58金右\n△33桂打\n▲同角成\n△49成銀\n投了\n"},
		{[]string{"notate", "-style", "usi", "-from", "western", "-handicap", "香落ち"}, "1. ... K-52 2. p 76 p-34 3.Bx22 + sx22",
			"5a5b\n7g7f\n3c3d\n8h2b+\n3a2b\n"},
		{[]string{"notate", "-style", "ki2", "-line", "-start", "-numbers", "-number-space"}, "",
			"0. 開始\n"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		if code := run(tt.args, strings.NewReader(tt.stdin), &out, &errOut); code != 0 {
			t.Errorf("%v: exit %d, stderr %s", tt.args, code, errOut.String())
			continue
		}
		if diff := cmp.Diff(tt.want, out.String()); diff != "" {
			t.Errorf("%v: output (-want +got)\n%s", tt.args, diff)
		}
	}
}

func TestNotateCommandErrors(t *testing.T) {
	tests := []struct {
		args    []string
		code    int
		wantErr string
	}{
		{[]string{"notate", "-style", "klingon", "7g7f"}, 2, "unknown style"},
		{[]string{"notate", "-from", "klingon", "7g7f"}, 2, "unknown style"},
		{[]string{"notate", "7g7f", "7g7f"}, 1, "move 2"},
		{[]string{"notate", "-from", "ki2", "５八金"}, 1, "ambiguous"},
		{[]string{"notate", "-sfen", "not an sfen", "7g7f"}, 2, "shogi notate: -sfen: column 2: invalid board\n"},
		{[]string{"notate", "-handicap", "queen", "7g7f"}, 2, "shogi notate: -handicap: unknown handicap \"queen\"\n"},
		{[]string{"notate", "position", "startpos", "moves", "7g7f", "zz"}, 1, "shogi notate: line 1, column 30: invalid USI move \"zz\"\n"},
		{[]string{"notate", "-style", "western", "-marks", "none", "7g7f"}, 2, "apply to the Japanese styles"},
		{[]string{"notate", "-squares", "kanji", "7g7f"}, 2, "unknown -squares"},
		{[]string{"notate", "-forward", "前", "7g7f"}, 2, "unknown -forward"},
		{[]string{"notate", "-from", "western", "P-7z"}, 1, `shogi notate: move 1: western "P-7z": column 3: expected a square such as 76 or 7f, found "7z"`},
		{[]string{"notate", "-from", "ki2", "▲７六歩", "△同　歩"}, 1, `ki2 "△同　歩": no piece can make the move`},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &out, &errOut)
		if code != tt.code || !strings.Contains(errOut.String(), tt.wantErr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, errOut.String(), tt.code, tt.wantErr)
		}
	}
}

// seedLinesCase is a run of `shogi notate` that prints lines of the seed documents.
type seedLinesCase struct {
	name   string
	args   []string // without -line
	stdin  string
	seed   []string // the lines of the seed it prints, in order
	inText bool     // the seed writes the move inside a sentence
}

var seedLinesCases = []seedLinesCase{
	{"official japanese", []string{"-style", "ki2", "-squares", "digits", "-numbers=false", "-sfen", notateSeedSFEN},
		"4i5h N*3c 7g3c+ 3h4i resign", []string{"▲58金右", "△33桂打", "▲同角成", "△49成銀", "投了"}, false},
	{"common japanese", []string{"-style", "japanese", "-numbers", "-sfen", notateSeedSFEN},
		"4i5h N*3c 7g3c+ 3h4i resign", []string{"31.☗5八金右", "32.☖3三桂打", "33.☗同角成", "34.☖4九成銀", "35.投了"}, false},
	{"start", []string{"-style", "japanese", "-numbers", "-start"}, "", []string{"0.開始"}, false},
	{"iroha", []string{"-style", "iroha", "-numbers", "-sfen", notateSeedSFEN},
		"4i5h N*3c 7g3c+ 3h4i resign", []string{"31.▲す金右", "32.△な桂打", "33.▲同角成", "34.△き成銀", "35.投了"}, false},
	{"western", []string{"-style", "western", "-numbers", "-sfen", notateSeedSFEN, "4i5h", "N*3c", "7g3c+", "3h4i"},
		"", []string{"16.G49-58 N*33", "17.Bx33+ +S-49"}, false},
	{"western white first", []string{"-style", "western", "-numbers", "-handicap", "香落ち", "5a5b"}, "", []string{"1…K-52"}, false},
	{"hodges", []string{"-style", "hodges", "-numbers", "-sfen", notateSeedSFEN, "4i5h", "N*3c", "7g3c+", "3h4i"},
		"", []string{"16.G(4i)-5h N*3c", "17.BxN+ S(+)-4i"}, false},
	{"hodges revised", []string{"-style", "hodges-revised", "-numbers", "-sfen", notateSeedSFEN, "4i5h", "N*3c", "7g3c+", "3h4i"},
		"", []string{"16.G4i-5h N*3c", "17.Bx3c+ +S-4i"}, false},
	{"hosking", []string{"-style", "hosking", "-numbers", "-sfen", notateSeedSFEN, "4i5h", "N*3c", "7g3c+", "3h4i"},
		"", []string{"16.G49-58 N’33", "17.Bx33+ +S49"}, false},
	{"kitao-kawasaki", []string{"-style", "kitao-kawasaki", "-numbers=false", "-sfen", notateSeedSFEN, "4i5h", "N*3c", "7g3c+", "3h4i"},
		"", []string{"☗金(49)-58", "☖桂*33", "☗角x+", "☖+銀-49"}, false},
	{"game opening", []string{"-style", "hodges-revised", "-numbers", "-number-space"},
		"7g7f 3c3d 2g2f 4a3b 2f2e 2b8h+ 7i8h 3a2b", []string{"1. P-7f P-3d", "2. P-2f G-3b", "3. P-2e Bx8h+", "4. Sx8h S-2b"}, false},
	{"tokin 2一", []string{"-numbers=false", "-marks", "none", "-sfen", seedTokins, "2a2b"}, "", []string{"2二と引"}, true},
	{"tokin 1二", []string{"-numbers=false", "-marks", "none", "-sfen", seedTokins, "1b2b"}, "", []string{"2二と右寄"}, true},
	{"tokin 3二", []string{"-numbers=false", "-marks", "none", "-sfen", seedTokins, "3b2b"}, "", []string{"2二と左寄"}, true},
	{"tokin 1三", []string{"-numbers=false", "-marks", "none", "-sfen", seedTokins, "1c2b"}, "", []string{"2二と右上"}, true},
	{"tokin 2三", []string{"-numbers=false", "-marks", "none", "-sfen", seedTokins, "2c2b"}, "", []string{"2二と直"}, true},
	{"tokin 3三", []string{"-numbers=false", "-marks", "none", "-sfen", seedTokins, "3c2b"}, "", []string{"2二と左上"}, true},
	{"dragon 8一", []string{"-numbers=false", "-marks", "none", "-forward", "行", "-sfen", seedDragons, "8a8d"}, "", []string{"8四龍引"}, true},
	{"dragon 8九", []string{"-numbers=false", "-marks", "none", "-forward", "行", "-sfen", seedDragons, "8i8d"}, "", []string{"8四龍行"}, true},
	{"typical", []string{"-style", "hodges-revised", "-numbers=false", "8g8f"}, "", []string{"P-8f"}, true},
	{"left gold", []string{"-style", "hodges-revised", "-numbers=false", "6i5h"}, "", []string{"G6i-5h"}, true},
	{"right gold", []string{"-style", "hodges-revised", "-numbers=false", "4i5h"}, "", []string{"G4i-5h"}, true},
	{"declined promotion", []string{"-style", "hodges-revised", "-numbers=false", "-sfen", "4k4/9/2p6/9/1N7/9/9/9/4K4 b - 1", "8e7c"}, "", []string{"Nx7c="}, true},
}

const (
	// seedTokins has Black tokins on 2一, 1二, 3二, 1三, 2三 and 3三 around 2二.
	seedTokins = "k6+P1/6+P1+P/6+P+P+P/9/9/9/9/9/4K4 b - 1"
	// seedDragons has Black dragons on 8一 and 8九.
	seedDragons = "1+R7/9/4k4/9/9/9/9/9/1+R2K4 b - 1"
)

// TestNotateSeedLines checks that `shogi notate` prints each line of the seed documents
// that shows moves (testdata/notate/seed-excerpts.txt), byte for byte: one move (or, in
// the Western styles, one numbered pair) per line as the seed prints them, and as one
// line with -line.
func TestNotateSeedLines(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "notate", "seed-excerpts.txt"))
	if err != nil {
		t.Fatal(err)
	}
	excerpts := string(data)
	lines := make(map[string]bool)
	for _, l := range strings.Split(excerpts, "\n") {
		lines[l] = true
	}
	for _, tc := range seedLinesCases {
		for _, l := range tc.seed {
			if tc.inText && !strings.Contains(excerpts, l) || !tc.inText && !lines[l] {
				t.Errorf("%s: %q is not in the seed", tc.name, l)
			}
		}
		for _, asLine := range []bool{false, true} {
			args := append([]string{"notate"}, tc.args...)
			want := strings.Join(tc.seed, "\n") + "\n"
			if asLine {
				args = append([]string{"notate", "-line"}, tc.args...)
				want = strings.Join(tc.seed, " ") + "\n"
			}
			var out, errOut bytes.Buffer
			if code := run(args, strings.NewReader(tc.stdin), &out, &errOut); code != 0 {
				t.Errorf("%s: %v: exit %d, stderr %s", tc.name, args, code, errOut.String())
				continue
			}
			if diff := cmp.Diff(want, out.String()); diff != "" {
				t.Errorf("%s: %v: output (-want +got)\n%s", tc.name, args, diff)
			}
		}
	}
}

// TestNotatePositionLineAndRecord: notate takes the position line convert -to usi
// writes (its start position included), from standard input or as arguments, and the
// main line of a record with -record FILE, cut with -ply N.
func TestNotatePositionLineAndRecord(t *testing.T) {
	dir := t.TempDir()
	kifPath := filepath.Join(dir, "g.kif")
	if err := os.WriteFile(kifPath, []byte("手合割：香落ち\n手数----指手---------消費時間--\n   1 ５二玉(51)\n   2 ７六歩(77)\n   3 ３四歩(33)\n   4 投了\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, usiLine, errOut := runCmd("", "convert", "-to", "usi", kifPath)
	if code != 0 || !strings.HasPrefix(usiLine, "position sfen ") {
		t.Fatalf("convert -to usi: exit %d, %q %s", code, usiLine, errOut)
	}
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"position line on stdin", []string{"notate", "-style", "western", "-line"}, usiLine, "1…K-52 2.P-76 P-34\n"},
		{"position line as arguments", append([]string{"notate", "-style", "usi"}, strings.Fields(usiLine)...), "", "5a5b\n7g7f\n3c3d\n"},
		{"startpos line", []string{"notate", "-style", "ki2"}, "position startpos moves 7g7f 3c3d\n", "▲７六歩\n△３四歩\n"},
		{"record", []string{"notate", "-style", "usi", "-record", kifPath}, "", "5a5b\n7g7f\n3c3d\nresign\n"},
		{"record to -ply", []string{"notate", "-style", "western", "-line", "-record", kifPath, "-ply", "2"}, "", "1…K-52 2.P-76\n"},
		{"record on stdin", []string{"notate", "-style", "usi", "-record", "-", "-ply", "1"}, "position startpos moves 2g2f 8c8d\n", "2g2f\n"},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(tt.stdin, tt.args...)
		if code != 0 {
			t.Errorf("%s: exit %d, %s", tt.name, code, errOut)
			continue
		}
		if diff := cmp.Diff(tt.want, out); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tt.name, diff)
		}
	}
	for _, tt := range []struct {
		name  string
		args  []string
		stdin string
		code  int
		want  string
	}{
		{"two position lines", []string{"notate"}, "position startpos moves 7g7f\nposition startpos moves 2g2f\n", 1, "more than one position line"},
		{"position line and -sfen", []string{"notate", "-handicap", "香落ち"}, usiLine, 2, "brings its own start"},
		{"-ply without -record", []string{"notate", "-ply", "2", "7g7f"}, "", 2, "-ply goes with -record"},
		{"-record and moves", []string{"notate", "-record", kifPath, "7g7f"}, "", 2, "exclude each other"},
		{"illegal move in a position line", []string{"notate"}, "position startpos moves 7g7f 7g7f\n", 1, "shogi notate:"},
	} {
		code, _, errOut := runCmd(tt.stdin, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("%s: exit %d, %q; want %d and %q", tt.name, code, errOut, tt.code, tt.want)
		}
	}
}
