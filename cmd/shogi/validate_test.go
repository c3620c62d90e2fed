package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/record"
)

const records = "../../testdata/records"

// runCmd runs the command with args and stdin and returns its exit status and outputs.
func runCmd(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// jsonLines decodes the validations of -json output.
func jsonLines(t *testing.T, out string) []validation {
	t.Helper()
	var vs []validation
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r record.Report
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%v in %q", err, sc.Text())
		}
		vs = append(vs, validationOf(r))
	}
	return vs
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestValidateShippedRecords(t *testing.T) {
	code, out, errOut := runCmd("", "validate", "-j", "2", records)
	if code != 0 {
		t.Errorf("exit %d, want 0\n%s%s", code, out, errOut)
	}
	lines := 0
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, records) && !strings.Contains(line, "skipped") {
			lines++
			if !strings.Contains(line, ": OK;") {
				t.Errorf("not OK: %s", line)
			}
		}
	}
	if lines < 25 {
		t.Errorf("%d records reported, want every shipped record\n%s", lines, out)
	}
	if !strings.Contains(out, "README.md: skipped (no record extension)") {
		t.Errorf("the skipped README is not named:\n%s", out)
	}
	if !strings.Contains(errOut, "1 file skipped") {
		t.Errorf("summary does not count the skipped README: %q", errOut)
	}
}

func TestValidateJSON(t *testing.T) {
	path := filepath.Join(records, "kif", "jt201409130101.kif")
	code, out, errOut := runCmd("", "validate", "-json", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	vs := jsonLines(t, out)
	if len(vs) != 1 {
		t.Fatalf("%d objects: %s", len(vs), out)
	}
	v := vs[0]
	want := validation{record.Report{Path: path, Record: 1, StartLine: v.StartLine, Format: "kif", OK: true, Moves: 107, Ending: "resign", Winner: "black", SFEN: v.SFEN}}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if !strings.HasSuffix(v.SFEN, " 108") || v.StartLine < 1 {
		t.Errorf("final SFEN %q, start line %d", v.SFEN, v.StartLine)
	}
	// Skipped files are named in -json output too.
	_, out, _ = runCmd("", "validate", "-json", records)
	if !strings.Contains(out, `"skipped":"no record extension"`) {
		t.Errorf("no skipped entry in -json output")
	}
}

func TestValidateIllegalMove(t *testing.T) {
	dir := t.TempDir()
	// Move 4 is White's, but moves Black's pawn on 7五: an illegal move on line 5.
	writeFile(t, dir, "foul.kif", "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(76)\n   4 ７六歩(75)\n")
	// A pawn drop on a file that holds a pawn: 二歩 at column 51.
	writeFile(t, dir, "nifu.usi", "position sfen 4k4/9/9/9/9/4P4/9/9/4K4 b P 1 moves P*5c\n")
	code, out, _ := runCmd("", "validate", "-json", dir)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	got := map[string]validation{}
	for _, v := range jsonLines(t, out) {
		got[filepath.Base(v.Path)] = v
	}
	k := got["foul.kif"]
	if k.OK || k.Line != 5 || k.Ply != 4 || k.Code != "not-your-piece" {
		t.Errorf("foul.kif: %+v; want an error on line 5 at move 4, code not-your-piece", k)
	}
	if k.Moves != 3 || k.SFEN != "lnsgkgsnl/1r5b1/pppppp1pp/6p2/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4" {
		t.Errorf("foul.kif: %d moves, SFEN %q; want the 3 moves and the position before the foul", k.Moves, k.SFEN)
	}
	u := got["nifu.usi"]
	if u.OK || u.Line != 1 || u.Column != 51 || u.Ply != 1 || u.Code != "nifu" {
		t.Errorf("nifu.usi: %+v; want line 1, column 51, move 1, nifu", u)
	}

	// Lenient: the same foul is a warning, the line stops there, and no result is made up.
	code, out, _ = runCmd("", "validate", "-json", "-lenient", filepath.Join(dir, "foul.kif"))
	vs := jsonLines(t, out)
	if code != 0 || len(vs) != 1 {
		t.Fatalf("lenient: exit %d, %s", code, out)
	}
	l := vs[0]
	if !l.OK || l.Moves != 3 || l.Ending != "unread" || l.Winner != "" || len(l.Warnings) != 1 || l.Warnings[0].Code != "not-your-piece" || l.Warnings[0].Line != 5 {
		t.Errorf("lenient: %+v", l)
	}
}

// threeGames is a CSA file whose second game has an illegal third move.
const threeGames = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nV2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n/\nV2.2\nPI\n+\n+2726FU\n%CHUDAN\n"

func TestValidateEveryRecordOfAFile(t *testing.T) {
	path := writeFile(t, t.TempDir(), "three.csa", threeGames)
	code, out, _ := runCmd("", "validate", path)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "#1: OK") || !strings.Contains(lines[1], "#2: line 13, column 1") || !strings.Contains(lines[2], "#3: OK") {
		t.Errorf("want a verdict for each of the three games:\n%s", out)
	}
	// -only-invalid prints the bad one only; -q nothing.
	_, out, _ = runCmd("", "validate", "-only-invalid", path)
	if strings.Count(out, "\n") != 1 || !strings.Contains(out, "#2:") {
		t.Errorf("-only-invalid:\n%s", out)
	}
	code, out, _ = runCmd("", "validate", "-q", path)
	if code != 1 || out != "" {
		t.Errorf("-q: exit %d, output %q", code, out)
	}
}

func TestValidateFilesFrom(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.csa", threeGames)
	b := writeFile(t, dir, "b b.usi", "position startpos moves 7g7f\n")
	for _, tc := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"-files-from", "-"}, a + "\n" + b + "\n"},
		{[]string{"-files-from", "-", "-0"}, a + "\x00" + b + "\x00"},
		{[]string{"-files-from", writeFile(t, dir, "list.txt", a+"\r\n"+b+"\r\n")}, ""},
	} {
		code, out, errOut := runCmd(tc.stdin, append([]string{"validate", "-json"}, tc.args...)...)
		vs := jsonLines(t, out)
		if code != 1 || len(vs) != 4 || vs[3].Path != b || !vs[3].OK {
			t.Errorf("%v: exit %d, %d verdicts\n%s%s", tc.args, code, len(vs), out, errOut)
		}
	}
}

// TestValidateEmptyInputIsNamed: an input without a record is named, and when no input
// holds one, nothing was checked: exit 3, said on stderr.
func TestValidateEmptyInputIsNamed(t *testing.T) {
	path := writeFile(t, t.TempDir(), "empty.kif", "# nothing here\n\n")
	code, out, errOut := runCmd("", "validate", path)
	if code != exitNothingChecked || !strings.Contains(errOut, "nothing checked") || !strings.Contains(out, "empty.kif: skipped (no record in it)") || !strings.Contains(errOut, "1 file skipped") {
		t.Errorf("exit %d, %q %q", code, out, errOut)
	}
}

// TestEmptyInputAsValidate: an input that holds no record is named alike by every command
// that reads a collection, validate's and tsume's on standard output, convert's on
// standard error (its output is the records): "empty.kif: skipped (no record in it)";
// convert said "empty.kif: warning: no record in it". Each then says nothing was
// checked, exit 3.
func TestEmptyInputAsValidate(t *testing.T) {
	path := writeFile(t, t.TempDir(), "empty.kif", "# nothing here\n\n")
	want := path + ": skipped (no record in it)\n"
	for _, args := range [][]string{{"validate"}, {"tsume"}, {"convert", "-to", "csa"}} {
		code, out, errOut := runCmd("", append(args, path)...)
		named := out
		if args[0] == "convert" {
			named = strings.SplitAfter(errOut, "\n")[0]
			if out != "" {
				t.Errorf("convert: output %q", out)
			}
		}
		if code != exitNothingChecked || named != want || !strings.Contains(errOut, "shogi "+args[0]+": nothing checked: no record in the inputs\n") {
			t.Errorf("%v: exit %d, %q %q; want %d and %q", args, code, out, errOut, exitNothingChecked, want)
		}
	}
}

// TestWalkSkippedAsValidate holds convert to naming the files a directory walk passes
// over as validate names them, which it left unsaid; positions and book name them too.
func TestWalkSkippedAsValidate(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "game.usi", "position startpos moves 7g7f 3c3d\n")
	writeFile(t, dir, "notes.txt", "not a record\n")
	want := filepath.Join(dir, "notes.txt") + ": skipped (no record extension)\n"
	for _, args := range [][]string{{"validate"}, {"convert", "-to", "csa"}, {"positions", "-to", "sfen"}, {"book", "build", "-to", "yaneuraou"}} {
		code, out, errOut := runCmd("", append(args, dir)...)
		said := errOut
		if args[0] == "validate" {
			said = out
		}
		if code != 0 || !strings.Contains(said, want) {
			t.Errorf("%v: exit %d, %q %q; want 0 and %q", args, code, out, errOut, want)
		}
	}
}

func TestValidateStdin(t *testing.T) {
	code, out, errOut := runCmd("position startpos moves 7g7f 3c3d\n", "validate", "-")
	if code != 0 || !strings.HasPrefix(out, "-#1: OK; 2 moves") {
		t.Errorf("stdin: exit %d, %q %q", code, out, errOut)
	}
}

func TestValidateUsageAndExitStatus(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"validate"}, 2, "no input"},
		{[]string{"validate", "-j", "0", "x"}, 2, "-j: 0"},
		{[]string{"validate", "-j", "many", "x"}, 2, "invalid value \"many\" for flag -j"},
		{[]string{"validate", "-from", "pgn", "x"}, 2, "unknown format \"pgn\""},
		{[]string{"validate", "-0", "x"}, 2, "-0 goes with -files-from"},
		{[]string{"validate", "/no/such/path"}, 2, "no such file"},
		{[]string{"validate", "-nope"}, 2, "flag provided but not defined: -nope"},
	} {
		code, out, errOut := runCmd("", tc.args...)
		if code != tc.code || !strings.Contains(out+errOut, tc.says) {
			t.Errorf("%v: exit %d (want %d), output %q %q (want it to say %q)", tc.args, code, tc.code, out, errOut, tc.says)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	for _, args := range [][]string{{"validate", "-h"}, {"help", "validate"}, {"convert", "--help"}, {"help", "convert"}, {"help"}, {"-h"}} {
		code, out, _ := runCmd("", args...)
		if code != 0 || !strings.Contains(out, "usage:") {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
	}
	if code, out, _ := runCmd("", "help", "validate"); code != 0 || !strings.Contains(out, "-files-from") {
		t.Errorf("help validate: %d %q", code, out)
	}
	if code, _, _ := runCmd("", "help", "nope"); code != 2 {
		t.Errorf("help nope: exit %d", code)
	}
	if code, out, _ := runCmd("", "version"); code != 0 || !strings.HasPrefix(out, "shogi ") || !strings.Contains(out, "go1.") {
		t.Errorf("version: %d %q", code, out)
	}
}

func TestValidateUnrecordedMateWarns(t *testing.T) {
	path := filepath.Join(records, "kif", "shogidokoro.kifu")
	code, out, _ := runCmd("", "validate", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	if !strings.Contains(out, "OK; 19 moves") || !strings.Contains(out, "warning: the line ends in checkmate") {
		t.Errorf("want OK with a warning about the unrecorded mate, got:\n%s", out)
	}
}

// TestValidateJSONBytes pins the bytes of -json output: the fields in order, empty ones
// left out but "ok" and "moves", no HTML escaping, a newline after each object. The
// lines are record.Report's, which the Beam pipeline prints too.
func TestValidateJSONBytes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a&b<c>.kif", "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(76)\n   4 ７六歩(75)\n")
	writeFile(t, dir, "two.usi", "position startpos moves 7g7f 3c3d\nposition startpos moves 7g7f 7g7f\n")
	writeFile(t, dir, "empty.kif", "")
	writeFile(t, dir, "README", "x")
	mate, err := os.ReadFile(filepath.Join(records, "kif", "shogidokoro.kifu"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "mate.kifu", string(mate))
	want := `{"path":"DIR/README","skipped":"no record extension","ok":false,"moves":0}
{"path":"DIR/a&b<c>.kif","record":1,"start_line":1,"format":"kif","ok":false,"error":"line 5, column 6: illegal move 7e7f at move 4: the piece belongs to the opponent","code":"not-your-piece","line":5,"column":6,"ply":4,"moves":3,"ending":"unread","sfen":"lnsgkgsnl/1r5b1/pppppp1pp/6p2/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4"}
{"path":"DIR/empty.kif","skipped":"no record in it","ok":false,"moves":0}
{"path":"DIR/mate.kifu","record":1,"start_line":3,"format":"kif","ok":true,"moves":19,"sfen":"6Sn1/7+R1/5Nppk/7gp/4P3P/9/9/9/9 w r2b3g3s2n4l13p 20","warnings":[{"severity":"warning","code":"unrecorded-mate","message":"the line ends in checkmate at move 20, which the record does not say","ply":20}]}
{"path":"DIR/two.usi","record":1,"start_line":1,"format":"usi","ok":true,"moves":2,"sfen":"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"}
{"path":"DIR/two.usi","record":2,"start_line":2,"format":"usi","ok":false,"error":"line 2, column 30: illegal move 7g7f at move 2: no piece on the origin square","code":"no-piece","line":2,"column":30,"ply":2,"moves":1,"ending":"unread","sfen":"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"}
{"path":"DIR/nosuch.kif","ok":false,"error":"stat DIR/nosuch.kif: no such file or directory","code":"io","moves":0}
`
	_, out, _ := runCmd("", "validate", "-json", "-j", "1", dir, filepath.Join(dir, "nosuch.kif"))
	if diff := cmp.Diff(strings.ReplaceAll(want, "DIR", dir), out); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}
