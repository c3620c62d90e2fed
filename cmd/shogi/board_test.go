package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/kif"
)

// ryuou is a record of 117 moves; the golden files of the diagram packages show its
// positions after moves 110 and 115.
const ryuou = "../../testdata/records/kif/ryuou201409020101.kif"

func runBoardCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(append([]string{"board"}, args...), strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestBoardCommand(t *testing.T) {
	golden := func(name string) string {
		return readFile(t, filepath.Join("..", "..", "diagram", "testdata", "golden", name))
	}
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"start, text", nil, "", golden("start.text")},
		{"the start in letters", []string{"-pieces", "letters", "-color", "never"}, "", golden("start.letters.text")},
		{"a record's position, flags after it", []string{ryuou, "-ply", "110", "-format", "bod"}, "", golden("middle.bod")},
		{"a record's position, text", []string{"-ply", "115", ryuou}, "", golden("check.text")},
		{"colours asked for", []string{"-ply", "110", "-color", "always", ryuou}, "", golden("middle.color.text")},
		{"flipped, letters, colours", []string{"-ply", "110", "-flip", "-pieces", "letters", "-color", "always", ryuou}, "",
			golden("middle.flip.letters.color.text")},
		{"csa", []string{"-format", "csa", "-ply", "115", ryuou}, "", golden("check.csa")},
		// A handicap names the sides 上手 and 下手.
		{"handicap", []string{"-handicap", "二枚落ち"}, "", golden("handicap.text")},
		{"handicap bod", []string{"-handicap", "2-piece", "-format", "bod"}, "", golden("handicap.bod")},
		// A diagram alone is a record without moves: the reader takes it from standard
		// input (any format is detected).
		{"a BOD from stdin as CSA", []string{"-format", "csa", "-"}, golden("check.bod"), golden("check.csa")},
		{"a CSA position from stdin as BOD", []string{"-format", "bod", "-"}, golden("check.csa"),
			strings.Replace(golden("check.bod"), "手数＝115  ▲７五桂  まで\n", "", 1)}, // CSA has no move number
		{"a composed SFEN", []string{"-format", "csa", "-sfen", "4k4/9/9/9/9/9/9/9/4K4 w 2G18Pr 31"}, "",
			csa.FormatBoard(mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 w 2G18Pr 31"))},
		{"the end of the main line by default", []string{"-format", "bod", ryuou}, "", kif.FormatBoard(ryuouEnd(t), nil)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runBoardCmd(t, tt.stdin, tt.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %s", code, errOut)
			}
			if diff := cmp.Diff(tt.want, out); diff != "" {
				t.Errorf("output (-want +got)\n%s", diff)
			}
		})
	}
}

// ryuouEnd is the position at the end of ryuou's main line, read with the kif package.
func ryuouEnd(t *testing.T) *shogi.Position {
	t.Helper()
	rec, err := kif.Parse([]byte(readFile(t, ryuou)))
	if err != nil {
		t.Fatal(err)
	}
	p, err := rec.StartPosition()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rec.Moves() {
		if err := p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func mustSFEN(t *testing.T, s string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFENUnreachable(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBoardSVG(t *testing.T) {
	golden := func(name string) string {
		return readFile(t, filepath.Join("..", "..", "diagram", "svg", "testdata", "golden", name))
	}
	// One picture.
	code, out, errOut := runBoardCmd(t, "", "-format", "svg", "-ply", "110", ryuou)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if diff := cmp.Diff(golden("middle.svg"), out); diff != "" {
		t.Errorf("-ply 110 (-want +got)\n%s", diff)
	}
	code, out, errOut = runBoardCmd(t, "", "-format", "svg", "-ply", "110", "-flip", "-pieces", "kanji2", "-coords", "numeric", ryuou)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if diff := cmp.Diff(golden("flipped.svg"), out); diff != "" {
		t.Errorf("-flip (-want +got)\n%s", diff)
	}

	// Arrows, marks, a size and a title.
	code, out, errOut = runBoardCmd(t, "", "-format", "svg", "-size", "30", "-arrow", "2a8a", "-arrow", "P*6i", "-mark", "7b", "-title", "a & b", "-ply", "110", ryuou)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	for _, want := range []string{`width="390" height="300"`, "<polygon", "<title>a &amp; b</title>", `fill-opacity="0.5"`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the picture", want)
		}
	}
	if n := strings.Count(out, "<polygon"); n != 2 {
		t.Errorf("%d arrows, want 2", n)
	}

	// One picture per move into a directory, then again: no file is overwritten
	// without -f.
	dir := filepath.Join(t.TempDir(), "pictures") + string(filepath.Separator)
	code, _, errOut = runBoardCmd(t, "", "-format", "svg", "-o", dir, ryuou)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 118 {
		t.Fatalf("%d files, want 118 (the start and 117 moves)", len(entries))
	}
	for i, e := range entries {
		if want := fmt.Sprintf("ryuou201409020101-%03d.svg", i); e.Name() != want {
			t.Fatalf("file %d is %s, want %s", i, e.Name(), want)
		}
		if err := wellFormed(readFile(t, filepath.Join(dir, e.Name()))); err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
	}
	if got := readFile(t, filepath.Join(dir, "ryuou201409020101-110.svg")); got != golden("middle.svg") {
		t.Error("the picture of move 110 is not the golden one")
	}
	code, _, errOut = runBoardCmd(t, "", "-format", "svg", "-o", dir, ryuou)
	if code != 2 || !strings.Contains(errOut, "exists; not overwritten (use -f)") {
		t.Errorf("again: exit %d, stderr %q; want 2 and a refusal", code, errOut)
	}
	if code, _, errOut = runBoardCmd(t, "", "-format", "svg", "-o", dir, "-f", "-ply", "3", ryuou); code != 0 {
		t.Errorf("-f -ply 3: exit %d, stderr %s", code, errOut)
	}

	// -o FILE.
	file := filepath.Join(t.TempDir(), "board.bod")
	if code, _, errOut = runBoardCmd(t, "", "-format", "bod", "-o", file, "-handicap", "香落ち"); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	if got := readFile(t, file); !strings.HasPrefix(got, "上手の持駒：なし\n") {
		t.Errorf("-o FILE wrote %q", got)
	}
}

func wellFormed(s string) error {
	dec := xml.NewDecoder(strings.NewReader(s))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func TestBoardCommandErrors(t *testing.T) {
	tests := []struct {
		args    []string
		code    int
		wantErr string
	}{
		{[]string{"-format", "png"}, 2, `unknown format "png"`},
		{[]string{"-sfen", "9/9/9/9/9/9/9/9/9 b - 1", "-handicap", "香落ち"}, 2, "exclude each other"},
		{[]string{"-handicap", "香落ち", ryuou}, 2, "exclude each other"},
		{[]string{"-ply", "3"}, 2, "-ply and -record go with RECORD"},
		{[]string{ryuou, ryuou}, 2, "one RECORD"},
		{[]string{"-size", "30"}, 2, "-size goes with -format svg"},
		{[]string{"-format", "bod", "-flip"}, 2, "-flip goes with -format text or svg"},
		{[]string{"-format", "svg", "-color", "always"}, 2, "-color goes with -format text"},
		{[]string{"-format", "svg", "-size", "5"}, 2, "want 8 to 1000"},
		{[]string{"-format", "svg", "-arrow", "7g"}, 2, `-arrow "7g"`},
		{[]string{"-format", "svg", "-mark", "0z"}, 2, `-mark "0z"`},
		{[]string{"-pieces", "emoji"}, 2, "unknown style"},
		{[]string{"-coords", "polar", "-format", "svg"}, 2, "unknown labels"},
		{[]string{"-f"}, 2, "-f goes with -o"},
		{[]string{"-ply", "-1", ryuou}, 2, "want 0 or more"},
		{[]string{"-ply", "118", ryuou}, 2, "the main line of " + ryuou + " has 117 moves"},
		{[]string{"-record", "2", ryuou}, 2, "holds 1 record\n"},
		{[]string{"-sfen", "nonsense"}, 2, "shogi board: -sfen: column 9: an SFEN has"},
		{[]string{"-handicap", "queen"}, 2, "unknown handicap"},
		{[]string{"no-such-file.kif"}, 2, "no-such-file.kif"},
		{[]string{"-"}, exitNothingChecked, "holds no record"},
	}
	for _, tt := range tests {
		code, out, errOut := runBoardCmd(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, errOut, tt.code, tt.wantErr)
		}
		if out != "" {
			t.Errorf("%v: output %q", tt.args, out)
		}
	}
}
