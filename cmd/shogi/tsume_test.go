package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/tsume"
)

// tsumeSummary is what a test checks of a verdict of -json.
type tsumeSummary struct {
	Record   int
	Status   string
	Recorded int
	Length   int
	Findings []string // "ply 2: longer-defence 3b3a (4)"
	Code     string
}

// tsumeJSON is a verdict of -json as a program reads it.
type tsumeJSON struct {
	Path     string          `json:"path"`
	Record   int             `json:"record"`
	Status   string          `json:"status"`
	Code     string          `json:"code"`
	Recorded int             `json:"recorded"`
	Length   int             `json:"length"`
	Findings []tsume.Finding `json:"findings"`
	Result   *tsume.Result   `json:"result"` // read back as a program reads it
}

func tsumeSummaries(t *testing.T, out string) []tsumeSummary {
	t.Helper()
	var got []tsumeSummary
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var v tsumeJSON
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%v in %q", err, sc.Text())
		}
		s := tsumeSummary{Record: v.Record, Status: v.Status, Recorded: v.Recorded, Length: v.Length, Code: v.Code}
		for _, f := range v.Findings {
			s.Findings = append(s.Findings, f.String())
		}
		if v.Result != nil && (v.Result.Line == tsume.LineTsume || v.Result.Line == tsume.LineLength) && len(v.Result.Moves) != v.Length {
			t.Errorf("record %d: length %d, but the result's line has %d moves", v.Record, v.Length, len(v.Result.Moves))
		}
		got = append(got, s)
	}
	return got
}

func TestTsumeCommandJSON(t *testing.T) {
	code, out, errOut := runCmd("", "tsume", "-json", "-j", "2", filepath.Join(tsumeData, "problems.usi"),
		filepath.Join(tsumeData, "taichitsume.kif"), filepath.Join(tsumeData, "tsumeshogi.csa"))
	if code != 1 {
		t.Errorf("exit %d, want 1 (some problems are wrong); stderr %s", code, errOut)
	}
	want := []tsumeSummary{
		{Record: 1, Status: "correct", Recorded: 3, Length: 3},
		{Record: 2, Status: "wrong", Recorded: 3, Length: 5, Findings: []string{"ply 2: longer-defence 3b3a (4)"}},
		{Record: 3, Status: "solved", Recorded: 0, Length: 3},
		{Record: 4, Status: "wrong", Findings: []string{"ply 0: no-mate"}},
		{Record: 5, Status: "invalid", Code: "king-in-check"},
		{Record: 6, Status: "wrong", Recorded: 1, Length: 3, Findings: []string{"ply 1: no-check 5d6e"}},
		{Record: 7, Status: "wrong", Recorded: 3, Length: 1, Findings: []string{"ply 0: short-mate (1)",
			"ply 1: alternative-mate G*1b (1)", "ply 1: alternative-mate G*2a (1)", "ply 1: alternative-mate G*2b (1)", "ply 3: not-mate"}},
		{Record: 8, Status: "wrong", Recorded: 3, Length: 3, Findings: []string{"ply 1: alternative-mate G*5c (3)", "ply 3: leftover"}},
		{Record: 9, Status: "invalid", Code: "no-problem"},
		{Record: 1, Status: "correct", Recorded: 7, Length: 7},
		{Record: 1, Status: "correct", Recorded: 3, Length: 3},
	}
	if diff := cmp.Diff(want, tsumeSummaries(t, out)); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	wantSummary := "11 problems in 3 inputs: 3 correct, 1 solved, 5 wrong, 0 undecided, 2 invalid; 0 files skipped"
	if !strings.Contains(errOut, wantSummary) {
		t.Errorf("stderr %q, want %q", errOut, wantSummary)
	}
}

// TestTsumeCommandText: the verdicts of one input, in its order, whether its problems
// are verified one at a time or four at once (tsume_jobs.go: with -j 1, the nine
// records pass the window of four verdicts that wait for the one before them).
func TestTsumeCommandText(t *testing.T) {
	want := `testdata/tsume/problems.usi#1: correct; 3 moves
testdata/tsume/problems.usi#2: wrong; 3 moves recorded, mate in 5
	ply 2: longer-defence 3b3a (4)
testdata/tsume/problems.usi#3: solved; mate in 3: S*5c 5b4a G*4b
testdata/tsume/problems.usi#4: wrong; no mate
	ply 0: no-mate
testdata/tsume/problems.usi#5: invalid: line 5, column 70: illegal move 5b5c at move 2: the king is left in check
testdata/tsume/problems.usi#6: wrong; 1 move recorded, mate in 3
	ply 1: no-check 5d6e
testdata/tsume/problems.usi#7: wrong; 3 moves recorded, mate in 1
	ply 0: short-mate (1)
	ply 1: alternative-mate G*1b (1)
	ply 1: alternative-mate G*2a (1)
	ply 1: alternative-mate G*2b (1)
	ply 3: not-mate
testdata/tsume/problems.usi#8: wrong; 3 moves
	ply 1: alternative-mate G*5c (3)
	ply 3: leftover
testdata/tsume/problems.usi#9: invalid: the defender (the side not to move) has no king
`
	for _, jobs := range []string{"1", "4"} {
		code, out, errOut := runCmd("", "tsume", "-style", "usi", "-j", jobs, filepath.Join(tsumeData, "problems.usi"))
		if code != 1 {
			t.Errorf("-j %s: exit %d, want 1; stderr %s", jobs, code, errOut)
		}
		if diff := cmp.Diff(want, out); diff != "" {
			t.Errorf("-j %s: stdout (-want +got):\n%s", jobs, diff)
		}
	}
}

func TestTsumeCommandExitStatus(t *testing.T) {
	dir := t.TempDir()
	correct := writeFile(t, dir, "correct.usi", "position sfen "+mate3SFEN+" moves S*5c 5b4a G*4b\n")
	solvedOnly := writeFile(t, dir, "solved.sfen", mate3SFEN+"\n")
	undecided := writeFile(t, dir, "long.sfen", longSFEN+"\n")
	empty := writeFile(t, dir, "empty.kif", "")
	weird := writeFile(t, dir, "a\x1b[2Jb.usi", "position sfen "+mate3SFEN+" moves S*5c 5b4a G*4b\n")
	tests := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"correct", []string{correct}, 0, correct + "#1: correct; 3 moves\n"},
		{"solved", []string{solvedOnly}, 0, solvedOnly + "#1: solved; mate in 3: S*5c 5b4a G*4b\n"},
		{"quiet", []string{"-q", correct, solvedOnly}, 0, ""},
		{"undecided", []string{"-nodes", "1000", undecided}, 1, undecided + "#1: undecided; unknown (node-limit)\n\tply 0: undecided\n"},
		{"unreadable", []string{correct, filepath.Join(dir, "missing.kif")}, 2, ""},
		{"nothing checked", []string{empty}, 3, empty + ": skipped (no record in it)\n"},
		{"escaped name", []string{weird}, 0, `"` + dir + `/a\x1b[2Jb.usi"#1: correct; 3 moves` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd("", append([]string{"tsume", "-style", "usi"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %s", code, tt.code, errOut)
			}
			if tt.out != "" || code == 0 {
				if diff := cmp.Diff(tt.out, out); diff != "" {
					t.Errorf("stdout (-want +got):\n%s", diff)
				}
			}
		})
	}
	for _, args := range [][]string{{}, {"-hash", "0", correct}, {"-j", "0", correct}, {"-bogus", correct}} {
		if code, _, errOut := runCmd("", append([]string{"tsume"}, args...)...); code != 2 || !strings.Contains(errOut, "usage: shogi tsume") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and the usage", args, code, errOut)
		}
	}
	// tsume's -j counts problems, not inputs: the error says the flag's value alone.
	if _, _, errOut := runCmd("", "tsume", "-j", "0", correct); !strings.HasPrefix(errOut, "shogi tsume: -j: 0; want 1 or more\n") {
		t.Errorf("-j 0: stderr %q", errOut)
	}
}

// TestTsumeCommandRealRecords verifies the tsume records of the compatibility suite,
// when it is there: every sample problem of tsumemi is correct but 3te/9, whose
// recorded defence is not the longest.
func TestTsumeCommandRealRecords(t *testing.T) {
	dir := "/work/shared/fixtures/real/tsumemi"
	paths, _ := filepath.Glob(filepath.Join(dir, "sample_problems__*"))
	if len(paths) == 0 {
		t.Skip("no compatibility suite here")
	}
	code, out, errOut := runCmd("", append([]string{"tsume", "-json", "-j", "2"}, paths...)...)
	if code != 1 {
		t.Errorf("exit %d, want 1; stderr %s", code, errOut)
	}
	wrong := 0
	for _, s := range strings.Split(strings.TrimSpace(out), "\n") {
		var v tsumeJSON
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasSuffix(v.Path, "3te__9.kif"):
			if v.Status != tsumeWrong || len(v.Findings) == 0 || v.Findings[0].Flaw != tsume.FlawLongerDefence {
				t.Errorf("%s: %s %v, want wrong: longer-defence", v.Path, v.Status, v.Findings)
			}
			wrong++
		case v.Status != tsumeCorrect:
			t.Errorf("%s: %s %v, want correct", v.Path, v.Status, v.Findings)
		}
	}
	if wrong != 1 {
		t.Errorf("3te/9 not verified")
	}
}

// TestTsumeVerdictUnsettled: when the limits leave the tsume length unsettled, the line
// is the proof's, which is no tsume length: the verdict's length is 0 and its text says
// what is proven of the length (Result.MinLength, MaxLength), not "mate in" the length
// of the proof's line.
func TestTsumeVerdictUnsettled(t *testing.T) {
	// A mate in 5 (problems.usi #2), recorded as an 11-ply mate whose replies are not the
	// longest; a tsume-line search of 1 node settles nothing.
	const problem = "position sfen 6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1"
	rest := false
	sf := &solverFlags{rest: &rest}
	tests := []struct {
		name, record string
		status       string
		text         func(r *tsume.Result) string
	}{
		{"recorded", problem + " moves G*2b 3b3c 2b3b 3c2c 3a1c+ 2c1c 4d4c+ G*3c 4c3c P*2c G*2d", tsumeWrong, func(r *tsume.Result) string {
			return fmt.Sprintf("p.usi#1: wrong; 11 moves recorded, tsume length at most %d\n\tply 0: short-mate (%[1]d)\n\tply 1: undecided G*3c", r.MaxLength)
		}},
		{"solved", problem, tsumeSolved, func(r *tsume.Result) string {
			return fmt.Sprintf("p.usi#1: solved; tsume length at most %d, not the tsume line; %s", r.MaxLength, r)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := record.Parse([]byte(tt.record))
			if err != nil {
				t.Fatal(err)
			}
			v := tsume.NewSolver(tsume.Options{Nodes: 1_000_000, HashBytes: 1 << 20, LineNodes: 1})
			tv := tsumeVerdict{Path: "p.usi", Record: 1, Format: "usi"}
			verifyProblem(context.Background(), &tv, rec, sf, v)
			if tv.Result == nil || tv.Result.Line != tsume.LineProof || tv.Result.MaxLength == 0 {
				t.Fatalf("result %+v, want the proof's line with a MaxLength", tv.Result)
			}
			if tv.Status != tt.status || tv.Length != 0 {
				t.Errorf("status %s, length %d; want %s and 0 (the proof's line has %d moves)", tv.Status, tv.Length, tt.status, tv.Result.Length())
			}
			if diff := cmp.Diff(tt.text(tv.Result), tv.text(usiNotation(t))); diff != "" {
				t.Errorf("text (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTsumeUnheldPieces: the summary says how many problems had a defender holding
// nothing while pieces were in no one's hand, which -rest gives him.
func TestTsumeUnheldPieces(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "p.usi", "position sfen 8k/7pp/9/9/9/9/9/9/4R4 b - 1 moves 5i5a+\n"+
		"position sfen "+mate3SFEN+" moves S*5c 5b4a G*4b\n")
	const note = "shogi tsume: 1 problem: the defender holds no piece in hand while pieces are in no one's; tsume problems give him those (-rest)\n"
	for _, tt := range []struct {
		args     []string
		out      string
		withNote bool
	}{
		{nil, path + "#1: correct; 1 move\n\tply 1: alternative-last-move 5i5a (1)\n" + path + "#2: correct; 3 moves\n", true},
		{[]string{"-rest"}, path + "#1: wrong; 1 move recorded, no mate\n\tply 0: no-mate\n\tply 1: not-mate\n" + path + "#2: correct; 3 moves\n", false},
	} {
		_, out, errOut := runCmd("", append(append([]string{"tsume", "-style", "usi", "-j", "1"}, tt.args...), path)...)
		if diff := cmp.Diff(tt.out, out); diff != "" {
			t.Errorf("%v: stdout (-want +got):\n%s", tt.args, diff)
		}
		if strings.Contains(errOut, note) != tt.withNote {
			t.Errorf("%v: stderr %q; want the note %v", tt.args, errOut, tt.withNote)
		}
	}
}

// TestTsumeRestReadsDefenderDrops: a problem whose file gives the defender nothing (KIF's
// 後手の持駒：なし; a CSA file without his P- line) while its recorded solution has him
// interpose by drop at move 2: an illegal move from the file's start, which the verdict
// names, and a correct solution with -rest, whose start (record.Reader.AdjustStart) the
// moves are read from. A damaged record says what is wrong with it under -rest too.
func TestTsumeRestReadsDefenderDrops(t *testing.T) {
	kif, err := os.ReadFile(filepath.Join(tsumeData, "rest.kif"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	edit := func(old, new string) string {
		t.Helper()
		if !strings.Contains(string(kif), old) {
			t.Fatalf("no %q in rest.kif", old)
		}
		return strings.Replace(string(kif), old, new, 1)
	}
	cut := strings.Index(string(kif), "   2 １二歩打") + len("   2 １二歩打")
	truncated := writeFile(t, dir, "truncated.kif", string(kif[:cut]))
	cutMove := writeFile(t, dir, "cut-move.kif", string(kif[:cut-len("歩打")]))
	badMove := writeFile(t, dir, "bad-move.kif", edit("   2 １二歩打", "   2 １二金(99)"))
	badLast := writeFile(t, dir, "bad-last.kif", edit("   3 ２三桂打", "   3 ２三桂(99)"))
	for _, tt := range []struct {
		path, rest, without string
	}{
		{filepath.Join(tsumeData, "rest.kif"), "correct; 3 moves",
			"invalid: line 19, column 6: illegal move P*1b at move 2: the dropped piece is not in hand"},
		{filepath.Join(tsumeData, "rest.csa") + "#1", "correct; 3 moves",
			"invalid: line 16, column 1: illegal move P*1b at move 2: the dropped piece is not in hand"},
		// Cut after the drop: the moves before the end are the solution; in the
		// middle of the drop's line, the move cannot be read.
		{truncated, "wrong; 2 moves recorded, mate in 3\n\tply 2: not-mate\n\tply 2: leftover",
			"invalid: line 19, column 6: illegal move P*1b at move 2: the dropped piece is not in hand"},
		{cutMove, "invalid: line 19, column 8: malformed move", "invalid: line 19, column 8: malformed move"},
		{badMove, "invalid: line 19, column 6: illegal move 9i1b at move 2: no piece on the origin square",
			"invalid: line 19, column 6: illegal move 9i1b at move 2: no piece on the origin square"},
		{badLast, "invalid: line 20, column 6: illegal move 9i2c at move 3: no piece on the origin square",
			"invalid: line 19, column 6: illegal move P*1b at move 2: the dropped piece is not in hand"},
	} {
		path, _, _ := strings.Cut(tt.path, "#")
		for _, rest := range []bool{true, false} {
			args, want := []string{"tsume", "-j", "1", path}, tt.without
			if rest {
				args, want = []string{"tsume", "-j", "1", "-rest", path}, tt.rest
			}
			code, out, errOut := runCmd("", args...)
			if wantCode := map[bool]int{true: 0, false: 1}[strings.HasPrefix(want, "correct")]; code != wantCode {
				t.Errorf("%v: exit %d, want %d; stderr %s", args, code, wantCode, errOut)
			}
			if diff := cmp.Diff(tt.path+": "+want+"\n", out); diff != "" {
				t.Errorf("%v (-want +got):\n%s", args, diff)
			}
		}
	}
}

// unreadableInputs returns three inputs that do not read: a file of problems with an
// illegal move in one, a KIF with a malformed move, binary data.
func unreadableInputs(t *testing.T) []string {
	dir := t.TempDir()
	return []string{
		filepath.Join(tsumeData, "problems.usi"),
		writeFile(t, dir, "malformed.kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ＸＸ銀\n"),
		writeFile(t, dir, "binary.kif", "hello\x00\x01binary"),
	}
}

// TestTsumeErrorTextAsValidate: a record that cannot be read has the same "error" in
// tsume's -json verdict, and in mate's -json object, as in validate's report
// (record.Error.Detail: the place, then the cause without its package's prefix), and
// the same code and place fields beside it: an illegal move, a malformed one, binary
// data. tsume's and mate's error was the cause alone, validate's the place and the
// cause: one field name, two forms for jq.
func TestTsumeErrorTextAsValidate(t *testing.T) {
	inputs := unreadableInputs(t)
	type report struct {
		Path   string `json:"path"`
		Record int    `json:"record"`
		Error  string `json:"error"`
		Code   string `json:"code"`
		Line   int    `json:"line"`
		Column int    `json:"column"`
	}
	reports := func(args ...string) map[string]report {
		t.Helper()
		_, out, _ := runCmd("", args...)
		m := map[string]report{}
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var r report
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatalf("%v: %q", err, l)
			}
			if r.Error != "" {
				m[fmt.Sprintf("%s#%d", r.Path, r.Record)] = r
			}
		}
		return m
	}
	validated := reports(append([]string{"validate", "-json"}, inputs...)...)
	verdicts := reports(append([]string{"tsume", "-json"}, inputs...)...)
	answers := map[string]report{}
	for key, args := range map[string][]string{
		inputs[0] + "#5": {"-record", "5", inputs[0]}, inputs[1] + "#1": {inputs[1]}, inputs[2] + "#1": {inputs[2]},
	} {
		for k, r := range reports(append([]string{"mate", "-json"}, args...)...) {
			if k != key {
				t.Errorf("mate -json %v: the object of %s, want %s", args, k, key)
			}
			answers[key] = r
		}
	}
	if len(validated) != 3 {
		t.Fatalf("validate refused %d records, want 3: %v", len(validated), validated)
	}
	for key, v := range validated {
		for cmd, reps := range map[string]map[string]report{"tsume": verdicts, "mate": answers} {
			got, ok := reps[key]
			if !ok {
				t.Errorf("%s: no error in %s's objects %v", key, cmd, reps)
				continue
			}
			if got != v {
				t.Errorf("%s: %s -json %+v, want validate's %+v", key, cmd, got, v)
			}
		}
		for _, prefix := range []string{"record: ", "shogi: ", "kif: "} {
			if strings.Contains(v.Error, prefix) {
				t.Errorf("%s: error %q: a package's prefix %q", key, v.Error, prefix)
			}
		}
	}
	if v := validated[inputs[1]+"#1"]; !strings.HasPrefix(v.Error, "line 4, column 6: malformed move") || v.Line != 4 || v.Column != 6 {
		t.Errorf("malformed.kif: %+v, want the error with its place first and in the fields", v)
	}
}

// TestTsumeTextAsValidate: tsume's text names a record it cannot read as validate's
// does, its status between the name and the message: "path#5" in a file of several,
// the path alone in a file of one, and the path alone for data whose format is not
// known (no record was read: "binary.kif#1" before). -json gives both the record 1.
func TestTsumeTextAsValidate(t *testing.T) {
	inputs := unreadableInputs(t)
	_, validated, _ := runCmd("", append([]string{"validate", "-only-invalid"}, inputs...)...)
	_, verdicts, _ := runCmd("", append([]string{"tsume", "-j", "1"}, inputs...)...)
	statuses := map[string]string{}
	for _, l := range strings.Split(verdicts, "\n") {
		for _, status := range []string{tsumeInvalid, tsumeIOError} {
			if name, msg, ok := strings.Cut(l, ": "+status+": "); ok {
				statuses[name+": "+msg] = status
			}
		}
	}
	lines := strings.Split(strings.TrimSpace(validated), "\n")
	if len(lines) != 3 {
		t.Fatalf("validate -only-invalid: %d lines, want 3:\n%s", len(lines), validated)
	}
	for _, l := range lines {
		// validate's line of a record read goes on after the message: the moves read,
		// the ending, the SFEN.
		found := false
		for key := range statuses {
			found = found || l == key || strings.HasPrefix(l, key+"; ")
		}
		if !found {
			t.Errorf("validate %q: no such verdict of tsume:\n%s", l, verdicts)
		}
	}
	if got := statuses[inputs[2]+": not a record's text: binary data (a NUL byte at offset 5; UTF-16 text needs a byte order mark)"]; got != tsumeIOError {
		t.Errorf("binary data: tsume's status %q, want %s:\n%s", got, tsumeIOError, verdicts)
	}
	for _, cmd := range []string{"validate", "tsume"} {
		_, out, _ := runCmd("", cmd, "-json", inputs[2])
		var v struct {
			Record int    `json:"record"`
			Format string `json:"format"`
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil || v.Record != 1 || v.Format != "unknown" {
			t.Errorf("%s -json: %q (%v), want the record 1 of format unknown", cmd, out, err)
		}
	}
}

// jsonOfBoth runs validate and tsume with the same arguments and reads the one -json
// object each prints into validated and verdict.
func jsonOfBoth(t *testing.T, validated, verdict any, args ...string) {
	t.Helper()
	for _, c := range []struct {
		cmd string
		v   any
	}{{"validate", validated}, {"tsume", verdict}} {
		_, out, _ := runCmd("", append([]string{c.cmd}, args...)...)
		if err := json.Unmarshal([]byte(out), c.v); err != nil {
			t.Fatalf("%s -json: %v: %q", c.cmd, err, out)
		}
	}
}

// TestTsumeLenientWarnings: with -lenient, what the read passed over in a record is in
// tsume's verdict as in validate's report (text and -json alike), so that a solution
// cut short by a move that does not read says why it stops; it was dropped.
func TestTsumeLenientWarnings(t *testing.T) {
	path := writeFile(t, t.TempDir(), "cut.kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３")
	type warnings struct {
		Warnings []record.ReportProblem `json:"warnings"`
	}
	var validated, verdict warnings
	jsonOfBoth(t, &validated, &verdict, "-json", "-lenient", path)
	if len(validated.Warnings) != 1 {
		t.Fatalf("validate: %d warnings, want 1: %+v", len(validated.Warnings), validated.Warnings)
	}
	if diff := cmp.Diff(validated.Warnings, verdict.Warnings); diff != "" {
		t.Errorf("tsume's warnings (-validate's +tsume's):\n%s", diff)
	}
	_, out, _ := runCmd("", "tsume", "-lenient", path)
	if want := "\n\twarning: " + validated.Warnings[0].Message + "\n"; !strings.HasSuffix(out, want) {
		t.Errorf("text %q, want it to end with %q", out, want)
	}
	if _, out, _ := runCmd("", "tsume", "-json", "-rest", filepath.Join(tsumeData, "rest.kif")); !strings.Contains(out, `"status":"correct"`) || strings.Contains(out, `"warnings"`) {
		t.Errorf("a record read without a warning: %s", out)
	}
}

// TestTsumeLenientWarningsInvalid: the warnings of a record that then fails (here past
// -max-record-size after a line a lenient read passed over) are in tsume's verdict as
// in validate's report, text and -json; tsume dropped them.
func TestTsumeLenientWarningsInvalid(t *testing.T) {
	text := "V2.2\nPI\n+\nZZZ junk\n" + strings.Repeat("'a comment that pads the record out\n", 30) + "+7776FU\n"
	path := writeFile(t, t.TempDir(), "padded.csa", text)
	type warnings struct {
		Code     string                 `json:"code"`
		Warnings []record.ReportProblem `json:"warnings"`
	}
	var validated, verdict warnings
	jsonOfBoth(t, &validated, &verdict, "-json", "-lenient", "-max-record-size", "200", path)
	if validated.Code != "too-large" || len(validated.Warnings) != 1 {
		t.Fatalf("validate: code %q, %d warnings; want too-large and 1: %+v", validated.Code, len(validated.Warnings), validated.Warnings)
	}
	if diff := cmp.Diff(validated, verdict); diff != "" {
		t.Errorf("tsume's code and warnings (-validate's +tsume's):\n%s", diff)
	}
	_, out, _ := runCmd("", "tsume", "-lenient", "-max-record-size", "200", path)
	if want := ": invalid: line 9, column 1: record larger than -max-record-size (200)\n\twarning: " + validated.Warnings[0].Message + "\n"; !strings.HasSuffix(out, want) {
		t.Errorf("text %q, want it to end with %q", out, want)
	}
}

// usiNotation is the notation of -style usi.
func usiNotation(t *testing.T) notation.Notation {
	t.Helper()
	n, msg := lineStyle("usi")
	if msg != "" {
		t.Fatal(msg)
	}
	return n
}

// TestTsumeStyle: tsume writes the moves of its text in -style, japanese by default as
// mate's, a finding's move without 同 (its line stands alone); -json's stay USI.
func TestTsumeStyle(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.usi")
	// A solved problem, and a recorded solution cut short whose defences at ply 2, two
	// captures on the square of ply 1 (同), are longer.
	text := "position sfen 9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1\n" +
		"position sfen 6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1 moves S*1c 2a1c G*1b\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, usiOut, _ := runCmd("", "tsume", "-style", "usi", "-j", "1", path)
	_, jaOut, _ := runCmd("", "tsume", "-j", "1", path)
	if !strings.Contains(usiOut, "solved; mate in 3: S*5c 5b4a G*4b\n") {
		t.Errorf("-style usi:\n%s", usiOut)
	}
	if !strings.Contains(jaOut, "solved; mate in 3: 1.☗5三銀打 2.☖4一玉 3.☗4二金 4.詰み\n") {
		t.Errorf("default style:\n%s", jaOut)
	}
	if !strings.Contains(jaOut, "\tply 2: longer-defence ☖1三玉 (4)\n\tply 2: longer-defence ☖1三香 (4)\n") {
		t.Errorf("default style, findings:\n%s", jaOut)
	}
	_, jsonOut, _ := runCmd("", "tsume", "-json", "-style", "kif", "-j", "1", path)
	if !strings.Contains(jsonOut, `"moves":["S*5c","5b4a","G*4b"]`) {
		t.Errorf("-json -style kif: moves not USI:\n%s", jsonOut)
	}
	if code, _, errOut := runCmd("", "tsume", "-style", "nope", path); code != 2 || !strings.Contains(errOut, `-style: unknown style "nope"`) {
		t.Errorf("-style nope: exit %d, %s", code, errOut)
	}
}
