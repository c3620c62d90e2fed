package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/tsume"
)

const (
	// mate3SFEN is a mate in 3 (tsumemi's sample 3te/1): S*5c 5b4a G*4b.
	mate3SFEN = "9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1"
	// perpetualSFEN has checks but no mate: the defender escapes or the checks repeat.
	perpetualSFEN = "5G1k1/9/8+R/9/9/9/9/9/9 b - 1"
	// longSFEN is a long mate (馬鋸, YaneuraOu#116) that no short limit solves.
	longSFEN  = "7k1/5+Bp2/7Ss/9/9/9/1n7/9/9 b 2rb4g2s3n4l17p 1"
	tsumeData = "testdata/tsume"
)

func TestMateCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string // stdout
	}{
		{"mate in 3", []string{"-sfen", mate3SFEN}, 0, "mate in 3: 1.☗5三銀打 2.☖4一玉 3.☗4二金 4.詰み\n"},
		{"usi style", []string{"-style", "usi", "-sfen", mate3SFEN}, 0, "mate in 3: S*5c 5b4a G*4b\n"},
		{"western style", []string{"-style", "western", "-sfen", mate3SFEN}, 0, "mate in 3: 1.S*53 K-41 2.G*42 mate\n"},
		{"no mate", []string{"-sfen", perpetualSFEN}, 1, "no mate\n"},
		{"unknown", []string{"-sfen", longSFEN, "-nodes", "2000"}, 1, "unknown (node-limit)\n"},
		// The 駒余り tie-break meets a drop whose futility test does not decide, after
		// the bounds below 7 were proven to hold no mate without it.
		{"record", []string{"-style", "usi", tsumeData + "/taichitsume.kif"}, 0, "mate in 7: S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b\n" +
			"\t1 interposition not decided futile or not, counted as replies: the length is exact, but between lines of that length the choice (駒余り) may differ\n"},
		{"record, flags after", []string{tsumeData + "/taichitsume.kif", "-style", "usi", "-ply", "2"}, 0, "mate in 5: G*1b 2b1b 3b2a 1b2b 3a3b\n"},
		{"record of several", []string{"-style", "usi", "-record", "3", tsumeData + "/problems.usi"}, 0, "mate in 3: S*5c 5b4a G*4b\n"},
		{"standard input", []string{"-style", "usi", "-"}, 0, "mate in 3: S*5c 5b4a G*4b\n"},
		{"leftover", []string{"-style", "usi", "-sfen", "4k4/9/4P4/9/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1"}, 0,
			"mate in 1: G*5b\n\tthe attacker holds G at the end (駒余り)\n"},
		{"defender holds the rest", []string{"-style", "usi", "-rest", "-sfen", "9/4k4/9/4S4/9/9/9/9/9 b GS 1"}, 0, "mate in 3: S*5c 5b4a G*4b\n"},
		// Two mates in 1, the drop first in move-generation order: -leftover avoid (the
		// default) takes the pawn's, which keeps the gold in hand, ignore the first.
		{"leftover avoid", []string{"-style", "usi", "-rest", "-leftover", "avoid", "-sfen", "8k/9/6SGP/9/9/9/9/9/9 b G 1"}, 0,
			"mate in 1: 1c1b+\n\tthe attacker holds G at the end (駒余り)\n"},
		{"leftover ignore", []string{"-style", "usi", "-rest", "-leftover", "ignore", "-sfen", "8k/9/6SGP/9/9/9/9/9/9 b G 1"}, 0, "mate in 1: G*1b\n"},
		{"any mate", []string{"-style", "usi", "-any", "-sfen", mate3SFEN}, 0, "mate in 3: S*5c 5b5a G*5b\n" +
			"\tnot proven the tsume line (-any, or its search stopped at a limit): a mate, not necessarily the shortest nor the longest defence\n" +
			"\tproven: tsume length at most 3\n"},
		{"shortest", []string{"-style", "usi", "-shortest", "-sfen", mate3SFEN}, 0, "mate in 3: S*5c 5b4a G*4b\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin := ""
			if tt.name == "standard input" {
				stdin = "position sfen " + mate3SFEN + "\n"
			}
			code, out, errOut := runCmd(stdin, append([]string{"mate"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %s", code, tt.code, errOut)
			}
			if diff := cmp.Diff(tt.want, out); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if !searchSummary.MatchString(errOut) {
				t.Errorf("stderr %q: no summary", errOut)
			}
		})
	}
}

func TestMateCommandJSON(t *testing.T) {
	code, out, errOut := runCmd("", "mate", "-json", "-sfen", mate3SFEN)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Errorf("want one line of JSON: %q", out)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"nodes", "line_nodes", "time_ms"} {
		if _, ok := got[k].(float64); !ok {
			t.Errorf("%s: %v, want a number", k, got[k])
		}
		delete(got, k)
	}
	// The line replays from the SFEN, every attacker move a check, to checkmate.
	p := mustProblem(t, got["sfen"].(string))
	for i, m := range got["moves"].([]any) {
		mv, err := shogi.ParseUSIMove(m.(string))
		if err == nil {
			err = p.Play(mv)
		}
		if err != nil || i%2 == 0 && !p.InCheck() {
			t.Fatalf("move %d %v: %v, check %v", i+1, m, err, p.InCheck())
		}
	}
	if !p.InCheck() || !p.IsCheckmate() {
		t.Errorf("the line ends in %v, not in checkmate", p)
	}
	want := map[string]any{"sfen": mate3SFEN, "result": "mate", "stop": "none", "length": 3.0,
		"moves": []any{"S*5c", "5b4a", "G*4b"}, "line": "tsume", "min_length": 3.0, "max_length": 3.0, "left": "-"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON (-want +got):\n%s", diff)
	}

	code, out, _ = runCmd("", "mate", "-json", "-time", "50ms", tsumeData+"/tsumeshogi.csa", "-handicap", "香落ち")
	if code != 2 || out != "" {
		t.Errorf("-sfen with RECORD: exit %d, stdout %q", code, out)
	}
	code, out, _ = runCmd("", "mate", "-json", "-nodes", "1000", "-sfen", longSFEN)
	if code != 1 || !strings.Contains(out, `"result":"unknown","stop":"node-limit","length":0,"moves":[]`) {
		t.Errorf("unknown: exit %d, %s", code, out)
	}
	code, out, _ = runCmd("", "mate", "-json", tsumeData+"/tsumeshogi.csa")
	if code != 0 || !strings.HasPrefix(out, `{"path":"testdata/tsume/tsumeshogi.csa","record":1,"sfen":"9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l14p 1","result":"mate"`) {
		t.Errorf("record: exit %d, %s", code, out)
	}
}

// TestMateCommandJSONRefused: with -json, a position or record mate refuses is one object
// with tsume's fields for it (result "invalid", "io-error" or "skipped"), the exit status
// that of the text form, and no summary of a search that did not run; a usage error
// prints no object. An input that cannot be read or holds no record has no "record"
// (it said 1), as validate and tsume give none (TestEmptyFileJSONAgree).
func TestMateCommandJSONRefused(t *testing.T) {
	dir := t.TempDir()
	badKIF := writeFile(t, dir, "bad.kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ＸＸ銀\n")
	empty := writeFile(t, dir, "empty.kif", "")
	missing := filepath.Join(dir, "missing.kif")
	const (
		noKing   = "the defender (the side not to move) has no king"
		inCheck  = "the defender (the side not to move) is already in check"
		problems = tsumeData + "/problems.usi"
		taichi   = tsumeData + "/taichitsume.kif"
	)
	tests := []struct {
		name string
		args []string
		code int
		want map[string]any // nil: no object
	}{
		{"no king", []string{"-sfen", "9/9/9/9/9/9/9/9/9 b R 1"}, 1, map[string]any{
			"sfen": "9/9/9/9/9/9/9/9/9 b R 1", "result": "invalid", "error": noKing, "code": "no-problem"}},
		{"no king, -rest", []string{"-rest", "-sfen", "9/9/9/9/9/9/9/9/9 b R 1"}, 1, map[string]any{
			"sfen": "9/9/9/9/9/9/9/9/9 b Rr2b4g4s4n4l18p 1", "result": "invalid", "error": noKing, "code": "no-problem"}},
		{"defender in check", []string{"-sfen", "4k4/4G4/9/9/9/9/9/9/9 b 2r2b3g4s4n4l18p 1"}, 1, map[string]any{
			"sfen": "4k4/4G4/9/9/9/9/9/9/9 b 2r2b3g4s4n4l18p 1", "result": "invalid", "error": inCheck, "code": "no-problem"}},
		{"sfen syntax", []string{"-sfen", "k8/9/9 b - 1"}, 2, map[string]any{
			"result": "invalid", "error": "column 7: the board must have nine ranks", "code": "syntax", "column": 7.0}},
		{"sfen setup", []string{"-sfen", "kk7/9/9/9/9/9/9/9/9 b - 1"}, 2, map[string]any{
			"result": "invalid", "error": "more than one king of a side on 9a", "code": "syntax"}},
		{"record syntax", []string{badKIF}, 1, map[string]any{
			"path": badKIF, "record": 1.0, "result": "invalid", "code": "syntax", "line": 4.0, "column": 6.0,
			"error": `line 4, column 6: malformed move: "ＸＸ銀" is no move and no special move`}},
		{"record illegal move", []string{"-record", "5", problems}, 1, map[string]any{
			"path": problems, "record": 5.0, "result": "invalid", "code": "king-in-check", "line": 5.0, "column": 70.0, "ply": 2.0,
			"error": "line 5, column 70: illegal move 5b5c at move 2: the king is left in check"}},
		{"record no problem", []string{"-record", "9", problems}, 1, map[string]any{
			"path": problems, "record": 9.0, "sfen": "4k4/9/9/9/9/9/9/9/9 w 2r2b4g4s4n4l18p 1",
			"result": "invalid", "error": noKing, "code": "no-problem"}},
		{"ply past the end", []string{"-ply", "9", taichi}, 2, map[string]any{
			"path": taichi, "record": 1.0, "result": "invalid", "code": "ply-past-end",
			"error": "-ply 9: the main line of " + taichi + " has 7 moves"}},
		{"record past the last", []string{"-record", "20", problems}, 2, map[string]any{
			"path": problems, "record": 20.0, "result": "invalid", "code": "record-past-end",
			"error": "-record 20: " + problems + " holds 9 records"}},
		{"missing file", []string{missing}, 2, map[string]any{
			"path": missing, "result": "io-error", "code": "io",
			"error": "open " + missing + ": no such file or directory"}},
		{"directory", []string{dir}, 2, map[string]any{
			"path": dir, "result": "io-error", "code": "io", "error": "read " + dir + ": is a directory"}},
		{"no record", []string{empty}, 3, map[string]any{
			"path": empty, "result": "skipped", "skipped": "no record in it"}},
		{"usage: unknown handicap", []string{"-handicap", "queen"}, 2, nil},
		{"usage: unknown style", []string{"-style", "klingon", "-sfen", "9/9/9/9/9/9/9/9/9 b R 1"}, 2, nil},
		{"usage: two inputs", []string{"-sfen", mate3SFEN, taichi}, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd("", append([]string{"mate", "-json"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, errOut)
			}
			if !strings.HasPrefix(errOut, "shogi mate: ") || searchSummary.MatchString(errOut) {
				t.Errorf("stderr %q: want the error, and no summary of a search", errOut)
			}
			// One package prefix, the command's; none in the object's error.
			for _, prefix := range []string{"record: ", "sfen: ", "shogi: ", "tsume: ", "kif: "} {
				if strings.Contains(errOut, " "+prefix) || strings.HasPrefix(fmt.Sprint(tt.want["error"]), prefix) {
					t.Errorf("stderr %q, error %q: a package's prefix %q", errOut, tt.want["error"], prefix)
				}
			}
			var got map[string]any
			if out != "" {
				if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
					t.Errorf("want one line of JSON: %q", out)
				}
				if err := json.Unmarshal([]byte(out), &got); err != nil {
					t.Fatalf("%v: %q", err, out)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("JSON (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEmptyFileJSONAgree: on a file that holds no record (empty, or blank lines only),
// validate, mate and tsume -json agree: one object with the path, "skipped": "no
// record in it", no "record" (mate said "record": 1 of a file that holds none), and
// exit status 3.
func TestEmptyFileJSONAgree(t *testing.T) {
	dir := t.TempDir()
	for _, text := range []string{"", "\n\n"} {
		path := writeFile(t, dir, "empty.kif", text)
		for _, cmd := range []string{"validate", "mate", "tsume"} {
			code, out, errOut := runCmd("", cmd, "-json", path)
			var got map[string]any
			if err := json.Unmarshal([]byte(out), &got); err != nil || strings.Count(out, "\n") != 1 {
				t.Errorf("%s -json on %q: %v; want one object, got %q", cmd, text, err, out)
				continue
			}
			_, hasRecord := got["record"]
			if code != exitNothingChecked || got["path"] != path || got["skipped"] != "no record in it" || hasRecord {
				t.Errorf("%s -json on %q: exit %d, %s (stderr %q); want 3, the path, skipped: no record in it, no record", cmd, text, code, out, errOut)
			}
		}
	}
}

func TestMateCommandErrors(t *testing.T) {
	tests := []struct {
		args    []string
		code    int
		wantErr string
	}{
		{[]string{}, 2, "no position"},
		{[]string{"-sfen", mate3SFEN, "-handicap", "香落ち"}, 2, "exclude each other"},
		{[]string{"-sfen", mate3SFEN, tsumeData + "/taichitsume.kif"}, 2, "exclude each other"},
		{[]string{"-sfen", mate3SFEN, "-ply", "1"}, 2, "-ply and -record go with RECORD"},
		{[]string{"-sfen", mate3SFEN, "-shortest", "-any"}, 2, "-shortest and -any exclude each other"},
		{[]string{"-sfen", mate3SFEN, "-style", "klingon"}, 2, "unknown style"},
		{[]string{"-sfen", mate3SFEN, "-hash", "0"}, 2, "-hash: 0 MB"},
		{[]string{"-sfen", mate3SFEN, "-time", "-1s"}, 2, "-time: -1s"},
		{[]string{"-sfen", mate3SFEN, "-futile", "some"}, 2, "-futile"},
		{[]string{"-sfen", mate3SFEN, "-leftover", "none"}, 2, "-leftover"},
		{[]string{"-sfen", "not an sfen"}, 2, "shogi mate: -sfen: column 2: invalid board\n"},
		{[]string{"testdata/tsume/nonexistent.kif"}, 2, "no such file"},
		{[]string{"-ply", "9", tsumeData + "/taichitsume.kif"}, 2, "-ply 9: the main line of testdata/tsume/taichitsume.kif has 7 moves"},
		{[]string{"-record", "20", tsumeData + "/problems.usi"}, 2, "-record 20: testdata/tsume/problems.usi holds 9 records"},
		{[]string{"-record", "5", tsumeData + "/problems.usi"}, 1, "illegal move 5b5c"},
		{[]string{"-record", "9", tsumeData + "/problems.usi"}, 1, "the defender (the side not to move) has no king"},
		{[]string{"-sfen", "4k4/4G4/9/9/9/9/9/9/9 b 2r2b3g4s4n4l18p 1"}, 1, "already in check"},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd("", append([]string{"mate"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errOut, tt.wantErr) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.args, code, out, errOut, tt.code, tt.wantErr)
		}
	}
}

func TestMateCommandExitStatus(t *testing.T) {
	dir := t.TempDir()
	empty := writeFile(t, dir, "empty.kif", "")
	for _, tt := range []struct {
		path    string
		code    int
		wantErr string
	}{
		{empty, 3, "nothing checked"},
		{dir, 2, "shogi mate:"},
	} {
		code, out, errOut := runCmd("", "mate", tt.path)
		if code != tt.code || out != "" || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d and %q", tt.path, code, out, errOut, tt.code, tt.wantErr)
		}
	}
}

// mate3Line is the tsume line of mate3SFEN: ▲5三銀打 △4一玉 ▲4二金打.
func mate3Line(t *testing.T) []shogi.Move {
	t.Helper()
	var line []shogi.Move
	for _, m := range []string{"S*5c", "5b4a", "G*4b"} {
		mv, err := shogi.ParseUSIMove(m)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, mv)
	}
	return line
}

// TestMateText: the notes under the line say what the line is worth, in the right
// direction: interpositions left undecided were counted as replies, so the tsume line
// may be shorter than the line found, not longer.
func TestMateText(t *testing.T) {
	usiStyle, _ := notation.ByName("usi")
	line := mate3Line(t)
	mate := tsume.Result{Status: tsume.Mate, Moves: line, Line: tsume.LineTsume, MinLength: 3, MaxLength: 3}
	with := func(f func(*tsume.Result)) tsume.Result {
		r := mate
		f(&r)
		return r
	}
	tests := []struct {
		name string
		r    tsume.Result
		want string
	}{
		{"tsume line", mate, "mate in 3: S*5c 5b4a G*4b\n"},
		{"undecided", with(func(r *tsume.Result) { r.Undecided, r.MinLength = 2, 0 }), "mate in 3: S*5c 5b4a G*4b\n" +
			"\t2 interpositions not decided futile or not, counted as replies: the tsume line may be shorter\n"},
		{"proof, bounds", with(func(r *tsume.Result) { r.Line, r.MinLength, r.MaxLength = tsume.LineProof, 1, 3 }), "mate in 3: S*5c 5b4a G*4b\n" +
			"\tnot proven the tsume line (-any, or its search stopped at a limit): a mate, not necessarily the shortest nor the longest defence\n" +
			"\tproven: tsume length between 1 and 3\n"},
		{"length", with(func(r *tsume.Result) { r.Line, r.Left = tsume.LineLength, shogi.Hand(0).WithCount(shogi.Pawn, 1) }), "mate in 3: S*5c 5b4a G*4b\n" +
			"\tthe tsume length, exact; between lines of that length, the tie-break on the pieces left in hand (駒余り) did not finish within the limits\n" +
			"\tthe attacker holds P at the end (駒余り)\n"},
		{"no mate", tsume.Result{Status: tsume.NoMate}, "no mate\n"},
		// A mate whose line the table lost: what is proven of its length, not "mate in 0".
		{"no line", tsume.Result{Status: tsume.Mate, MaxLength: 21}, "mate, tsume length at most 21, no line\n" +
			"\tno line: the table was too small to keep the proof (raise -hash)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := mateText(mustProblem(t, mate3SFEN), tt.r, usiStyle, tsume.PreferNoLeftover)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("text (-want +got):\n%s", diff)
			}
		})
	}
	// A line of the length with -leftover ignore: the tie-break was not asked for.
	got, err := mateText(mustProblem(t, mate3SFEN), with(func(r *tsume.Result) { r.Line = tsume.LineLength }), usiStyle, tsume.IgnoreLeftover)
	want := "mate in 3: S*5c 5b4a G*4b\n" +
		"\tthe tsume length, exact; between lines of that length, the first found (-leftover ignore), not chosen by the pieces left in hand (駒余り)\n"
	if diff := cmp.Diff(want, got); err != nil || diff != "" {
		t.Errorf("-leftover ignore: %v (-want +got):\n%s", err, diff)
	}
}

// TestSolverCommandsHelp: the help of mate, tsume and usi says what their exit statuses
// mean in their own terms (no mate is 1 for mate), and not the statuses common to the
// commands that check records, which speak only of records and would contradict them
// (0 "all valid").
func TestSolverCommandsHelp(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"mate", "\n" + mateHelp + "\n"},
		{"tsume", "\n" + tsumeHelp + "\n"},
		{"usi", "\n" + usiHelp + "\n"},
	} {
		code, out, _ := runCmd("", "help", tt.name)
		i, j := strings.Index(out, tt.want), strings.Index(out, exitStatusHelp)
		if code != 0 || i < 0 || j >= 0 || !strings.Contains(tt.want, "Exit status of "+tt.name+": 0 ") {
			t.Errorf("help %s: exit %d, its statuses at %d, the common ones at %d:\n%s", tt.name, code, i, j, out)
		}
	}
}

// TestMateUnheldPieces: a problem whose defender holds nothing while pieces are in no
// one's hand (a record that lists only the attacker's hand) is solved as given, and mate
// says that tsume problems give the defender those pieces (-rest): here the mate in one
// is no mate once he can interpose. A handicap's start, whose pieces taken off are out of
// play, gets no such note.
func TestMateUnheldPieces(t *testing.T) {
	const (
		dragon = "8k/7pp/9/9/9/9/9/9/4R4 b - 1"
		note   = "shogi mate: the defender holds no piece in hand while 35 pieces are in no one's; tsume problems give him those (-rest)\n"
		one    = "shogi mate: the defender holds no piece in hand while 1 piece is in no one's; tsume problems give him that (-rest)\n"
	)
	tests := []struct {
		args      []string
		out, note string
	}{
		{[]string{"-sfen", dragon}, "mate in 1: 5i5a+\n", note},
		{[]string{"-rest", "-sfen", dragon}, "no mate\n", ""},
		{[]string{"-sfen", mate3SFEN}, "mate in 3: S*5c 5b4a G*4b\n", ""},                                        // he holds the rest
		{[]string{"-sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"}, "no mate\n", ""},  // every piece on the board
		{[]string{"-handicap", "香落ち"}, "no mate\n", ""},                                                          // a lance out of play
		{[]string{"-sfen", "ln1gkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"}, "no mate\n", one}, // a silver
	}
	for _, tt := range tests {
		_, out, errOut := runCmd("", append([]string{"mate", "-style", "usi"}, tt.args...)...)
		if diff := cmp.Diff(tt.out, out); diff != "" {
			t.Errorf("%v: stdout (-want +got):\n%s", tt.args, diff)
		}
		got, _, _ := strings.Cut(errOut, "\n")
		if !strings.HasPrefix(got, "shogi mate: the defender") {
			got = ""
		} else {
			got += "\n"
		}
		if diff := cmp.Diff(tt.note, got); diff != "" {
			t.Errorf("%v: note (-want +got):\n%s", tt.args, diff)
		}
	}
}

// TestMateRestRecord: with -rest, a RECORD's moves are read from the start where the
// defender holds the rest, so that his drop at move 2, a pawn the file does not give
// him, reads, whatever -ply: at an odd one the side to move is the start's defender,
// holding the rest, and the problem's attacker has no king (it was the record as the
// file gives it, which failed on that drop, after -ply 1 as after -ply 3). Without
// -rest the record is read as the file gives it.
func TestMateRestRecord(t *testing.T) {
	path := filepath.Join(tsumeData, "rest.csa")
	const (
		illegal = "line 16, column 1: illegal move P*1b at move 2: the dropped piece is not in hand\n"
		noKing  = "rest.csa#1: the defender (the side not to move) has no king\n"
	)
	for _, tt := range []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{"-rest"}, 0, "mate in 3: L*1c P*1b N*2c\n", ""},
		{[]string{"-rest", "-ply", "2"}, 0, "mate in 1: N*2c\n", ""},
		{nil, 1, "", illegal},
		{[]string{"-ply", "1"}, 1, "", illegal},
		{[]string{"-rest", "-ply", "1"}, 1, "", noKing},
		{[]string{"-rest", "-ply", "3"}, 1, "", noKing},
		{[]string{"-rest", "-ply", "1", "-json"}, 1, `{"path":"` + path + `","record":1,"sfen":"3G2S1k/9/8L/4B3P/9/9/9/9/9 w N2rb3g3s3n3l17p 2",` +
			`"result":"invalid","error":"the defender (the side not to move) has no king","code":"no-problem"}` + "\n", noKing},
	} {
		args := append(append([]string{"mate", "-style", "usi"}, tt.args...), path)
		code, out, errOut := runCmd("", args...)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d; stderr %s", tt.args, code, tt.code, errOut)
		}
		if diff := cmp.Diff(tt.out, out); diff != "" {
			t.Errorf("%v: stdout (-want +got):\n%s", tt.args, diff)
		}
		if tt.err != "" && !strings.HasSuffix(errOut, tt.err) {
			t.Errorf("%v: stderr %q, want it to end with %q", tt.args, errOut, tt.err)
		}
	}
}

// TestMateErrorTextAsValidate: mate (and board, notate) print a record they refuse as
// validate's text gives it, after the command's name and no other prefix: the record's
// name ("problems.usi#5", the path alone in a format of one record or of none), the
// place, the message; it was "shogi mate: record: bad.kif: record 1 (from line 1): …".
func TestMateErrorTextAsValidate(t *testing.T) {
	movesRead := regexp.MustCompile(`; [0-9]+ moves?; .*$`)
	dir := t.TempDir()
	problems := filepath.Join(tsumeData, "problems.usi")
	tests := []struct {
		input string
		args  []string // mate's and board's, before the input
		code  int
	}{
		{writeFile(t, dir, "bad.kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ＸＸ銀\n"), nil, 1},
		{problems, []string{"-record", "5"}, 1},
		{writeFile(t, dir, "binary.kif", "hello\x00\x01binary"), nil, 2},
	}
	for _, tt := range tests {
		_, validated, _ := runCmd("", "validate", "-only-invalid", tt.input)
		var want string
		for _, l := range strings.Split(validated, "\n") {
			if strings.HasPrefix(l, tt.input+"#5: ") || strings.HasPrefix(l, tt.input+": ") && tt.args == nil {
				// validate's line of a record read goes on: the moves read, the SFEN.
				want = movesRead.ReplaceAllString(l, "")
			}
		}
		if want == "" {
			t.Fatalf("%s: no line of validate's for it:\n%s", tt.input, validated)
		}
		for _, cmd := range []string{"mate", "board"} {
			code, _, errOut := runCmd("", append(append([]string{cmd}, tt.args...), tt.input)...)
			if code != tt.code || errOut != "shogi "+cmd+": "+want+"\n" {
				t.Errorf("%s %s: exit %d, stderr %q; want %d and %q", cmd, tt.input, code, errOut, tt.code, "shogi "+cmd+": "+want+"\n")
			}
		}
		if tt.args == nil {
			code, _, errOut := runCmd("", "notate", "-record", tt.input)
			if code != tt.code || errOut != "shogi notate: "+want+"\n" {
				t.Errorf("notate -record %s: exit %d, stderr %q; want %d and %q", tt.input, code, errOut, tt.code, want)
			}
		}
	}
}
