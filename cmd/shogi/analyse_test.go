package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/usi"
)

// A short game, as KIF, and two games in one CSA file.
const (
	analyseKIF = `手合割：平手
先手：A
後手：B
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２二角成(88)
*a comment of the record
   4 同　銀(31)
   5 ４五角打
   6 投了
`
	analyseCSA = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n-8384FU\n%CHUDAN\n"
)

func writeTemp(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// evaluations returns the evaluations that the comments of rec's main line give, by
// move number (0 for the start position's).
func evaluations(t *testing.T, rec *shogi.Record) map[int]usi.Evaluation {
	t.Helper()
	evs := map[int]usi.Evaluation{}
	p, err := rec.StartPosition()
	if err != nil {
		t.Fatal(err)
	}
	var before *shogi.Position
	nodes := append([]*shogi.Node{&rec.Root}, rec.MainLine()...)
	for i, n := range nodes {
		if i > 0 {
			before = p.Clone()
			p.PlayUnchecked(n.Move)
		}
		if ev, ok := usi.ParseEvaluationComment(p, before, strings.Join(n.Comments, "\n")); ok {
			evs[i] = ev
		}
	}
	return evs
}

func TestAnalyseCommand(t *testing.T) {
	dir := t.TempDir()
	kifPath := writeTemp(t, dir, "game.kif", analyseKIF)
	csaPath := writeTemp(t, dir, "games.csa", analyseCSA)
	out := filepath.Join(dir, "out")
	args := cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1", "-name", "Fake", "-j", "2", "-o", out, kifPath, csaPath})
	code, stdout, stderr := runCmd("", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"game.kif: 6 positions analysed in ", "games.csa#1: 4 positions analysed in ", "games.csa#2: 3 positions analysed in ",
		"3 records analysed, 0 not; 13 positions in ",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	// KIF in, KIF out with ShogiHome's comments; CSA in, CSA out with floodgate's.
	data, err := os.ReadFile(filepath.Join(out, "game.kif"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := kif.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "*#評価値=") || !strings.Contains(string(data), "*#エンジン=Fake") || !strings.Contains(string(data), "*a comment of the record") {
		t.Errorf("KIF output:\n%s", data)
	}
	evs := evaluations(t, rec)
	for ply := 0; ply <= 5; ply++ {
		ev, ok := evs[ply]
		if !ok || ev.Score.Kind != usi.Centipawns || len(ev.PV) != 2 {
			t.Errorf("game.kif, move %d: %+v", ply, ev)
		}
		if ply > 0 && !ev.HasLoss {
			t.Errorf("game.kif, move %d: no loss", ply)
		}
	}
	for i, name := range []string{"games-1.csa", "games-2.csa"} {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "'** ") {
			t.Errorf("%s:\n%s", name, data)
		}
		rec, err := csa.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(evaluations(t, rec)), []int{4, 3}[i]; got != want {
			t.Errorf("%s: %d evaluations, want %d", name, got, want)
		}
	}
	// Not overwritten without -f; overwritten with it.
	if code, _, stderr := runCmd("", args...); code != 2 || !strings.Contains(stderr, "exists; not overwritten (use -f)") {
		t.Errorf("again: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := runCmd("", cat(args[:len(args)-2], []string{"-f", kifPath, csaPath})...); code != 0 {
		t.Errorf("again with -f: exit %d\n%s", code, stderr)
	}
}

func TestAnalyseCommandRange(t *testing.T) {
	dir := t.TempDir()
	kifPath := writeTemp(t, dir, "game.kif", analyseKIF)
	// One record to standard output, as CSA, moves 2 to 3 only.
	code, stdout, stderr := runCmd("", cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1", "-plies", "2-3", "-to", "csa", kifPath})...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	rec, err := csa.Parse([]byte(stdout))
	if err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	evs := evaluations(t, rec)
	if len(evs) != 3 || !evs[2].HasLoss || !evs[3].HasLoss || evs[1].HasLoss {
		t.Errorf("evaluations %+v\n%s", evs, stdout)
	}
	// Several records to standard output in a one-record format: refused after the first.
	csaPath := writeTemp(t, dir, "games.csa", analyseCSA)
	code, _, stderr = runCmd("", cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1", "-to", "kif", csaPath})...)
	if code != 2 || !strings.Contains(stderr, "kif holds one record per file, and there is more than one: analyse them with -o DIR") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}

func TestAnalyseCommandFailures(t *testing.T) {
	dir := t.TempDir()
	kifPath := writeTemp(t, dir, "game.kif", analyseKIF)
	bad := writeTemp(t, dir, "bad.kif", strings.Replace(analyseKIF, "２二角成(88)", "２二角成(77)", 1))
	// An invalid record is not analysed (exit 1); the others are.
	code, _, stderr := runCmd("", cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1", "-o", filepath.Join(dir, "out"), bad, kifPath})...)
	if code != 1 || !strings.Contains(stderr, "bad.kif: not analysed: the record is invalid: ") || !strings.Contains(stderr, "1 record analysed, 1 not") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	// Its problem is validate's text, its place first, without the library's
	// "record: PATH: record 1: " after the name the line begins with.
	if !regexp.MustCompile(`bad\.kif: not analysed: the record is invalid: line \d+, column \d+: illegal move`).MatchString(stderr) || strings.Contains(stderr, "record: ") {
		t.Errorf("the invalid record not named as validate names it:\n%s", stderr)
	}
	// A file a directory walk passes over is named as validate names it.
	walked := filepath.Join(dir, "walked")
	if err := os.Mkdir(walked, 0o755); err != nil {
		t.Fatal(err)
	}
	writeTemp(t, walked, "game.kif", analyseKIF)
	writeTemp(t, walked, "notes.txt", "not a record\n")
	code, _, stderr = runCmd("", cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1", "-o", filepath.Join(dir, "out3"), walked})...)
	if want := filepath.Join(walked, "notes.txt") + ": skipped (no record extension)\n"; code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, want 0 and %q:\n%s", code, want, stderr)
	}
	// An engine that dies in the middle: the record is not analysed, and a new engine
	// takes the next one (which dies as well).
	csaPath := writeTemp(t, dir, "games.csa", analyseCSA)
	code, _, stderr = runCmd("", cat([]string{"analyse"}, fakeEngineFlags("", "-mode", "die-in-search"), []string{"-depth", "1", "-o", filepath.Join(dir, "out2"), csaPath})...)
	if code != 1 || strings.Count(stderr, "the engine exited: exit status 3") != 2 || !strings.Contains(stderr, "0 records analysed, 2 not") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	// An engine that does not start: exit 2.
	code, _, stderr = runCmd("", cat([]string{"analyse"}, fakeEngineFlags("", "-mode", "die-at-start"), []string{"-depth", "1", kifPath})...)
	if code != 2 || !strings.Contains(stderr, `: handshake: the engine exited: exit status 1 (its error output ends "fake engine: dying at start")`) {
		t.Errorf("exit %d\n%s", code, stderr)
	}
	// Usage errors.
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"analyse", kifPath}, "-engine: name the engine's program"},
		{[]string{"analyse", "-engine", "x", "-plies", "5-2"}, "-plies: 5 is after 2"},
		{[]string{"analyse", "-engine", "x", "-plies", "a"}, `-plies: "a" is not a move number (from 1)`},
		{[]string{"analyse", "-engine", "x", "-to", "usi"}, `-to: "usi": want kif, ki2, csa or jkf`},
		{[]string{"analyse", "-engine", "x", "-multipv", "0"}, "-multipv: 0 lines; want 1 to 600"},
		{[]string{"analyse", "-engine", "x", "-depth", "-1"}, "-byoyomi, -depth and -nodes cannot be negative"},
	} {
		code, _, stderr := runCmd("", tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}

// TestAnalyseRealEngine annotates the first moves of a floodgate game with
// Fairy-Stockfish, two lines per position, and reads the evaluations back.
func TestAnalyseRealEngine(t *testing.T) {
	needEngines(t, fairyPath)
	dir := t.TempDir()
	code, stdout, stderr := runCmd("", "analyse", "-engine", fairyPath, "-depth", "6", "-multipv", "2", "-plies", "1-6", "-to", "kif",
		"-o", dir, "../../usi/testdata/floodgate-v2.csa")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	r, err := record.Open(filepath.Join(dir, "floodgate-v2.kif"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	evs := evaluations(t, rec)
	for ply := 0; ply <= 6; ply++ {
		ev := evs[ply]
		if ev.Score.Kind == usi.NoScore || len(ev.PV) == 0 || ev.Depth == 0 || len(ev.Alternatives) != 1 || len(ev.Alternatives[0].PV) == 0 {
			t.Errorf("move %d: %+v", ply, ev)
		}
		if ply > 0 && !ev.HasLoss {
			t.Errorf("move %d: no loss", ply)
		}
		t.Logf("move %d: %v (%v), PV %v, best %v, loss %d %s", ply, ev.Score, ev.Engine, ev.PV, ev.BestMove, ev.Loss, ev.Label)
	}
}

// TestAnalyseBookEngine: an engine that answers from its book (a move, no info line)
// leaves every position without an evaluation, and analyse says so, in text and
// -json, instead of calling them analysed.
func TestAnalyseBookEngine(t *testing.T) {
	dir := t.TempDir()
	kifPath := writeTemp(t, dir, "game.kif", analyseKIF)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runCmd("", cat([]string{"analyse"}, fakeEngineFlags("", "-mode", "book"), []string{"-byoyomi", "1s", "-json", "-o", out, kifPath})...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"game.kif: 6 positions searched in ",
		", 0 evaluated and 6 not (at plies 0-5 the engine sent a move and no info line, from its opening book most likely (turn the book off with -option)), written to ",
		"1 record analysed, 0 not; 6 positions, 6 of them without an evaluation in ",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	var report analyseReport
	if err := json.Unmarshal([]byte(stdout), &report); err != nil {
		t.Fatalf("%v: %q", err, stdout)
	}
	want := analyseReport{Input: kifPath, Output: filepath.Join(out, "game.kif"), Positions: 6, Evaluated: 0}
	for ply := range 6 {
		want.Unevaluated = append(want.Unevaluated, unevaluatedPos{Ply: ply, Reason: "no-info"})
	}
	report.Seconds = 0
	if diff := cmp.Diff(want, report); diff != "" {
		t.Errorf("-json (-want +got):\n%s", diff)
	}
	data, err := os.ReadFile(filepath.Join(out, "game.kif"))
	if err != nil || strings.Contains(string(data), "評価値") {
		t.Errorf("%v: an evaluation written:\n%s", err, data)
	}
	// -json needs -o.
	if code, _, stderr := runCmd("", cat([]string{"analyse", "-json"}, fakeEngineFlags(""), []string{kifPath})...); code != 2 || !strings.Contains(stderr, "-json goes with -o") {
		t.Errorf("-json without -o: exit %d, %q", code, stderr)
	}
}

// TestAnalyseSilentEngine: an engine that never answers go is told to stop at the
// deadline of -byoyomi and -margin, killed after the grace period, and the record is
// not analysed, with an error that says what the engine failed to do.
func TestAnalyseSilentEngine(t *testing.T) {
	dir := t.TempDir()
	kifPath := writeTemp(t, dir, "game.kif", analyseKIF)
	log := filepath.Join(dir, "engine.log")
	code, stdout, stderr := runCmd("", cat([]string{"analyse"}, fakeEngineFlags("", "-mode", "hang"),
		[]string{"-byoyomi", "200ms", "-margin", "100ms", "-log", log, "-o", filepath.Join(dir, "out"), kifPath})...)
	want := `: search: the engine did not answer in time: no bestmove 3s after stop (sent at its deadline, 300ms after "go btime 0 wtime 0 byoyomi 200"); it was killed`
	if code != 1 || !strings.Contains(stderr, "game.kif: not analysed: usi: ") || !strings.Contains(stderr, want) || !strings.Contains(stderr, "0 records analysed, 1 not") {
		t.Errorf("exit %d\n%s%s\nwant %q", code, stdout, stderr, want)
	}
	data, _ := os.ReadFile(log)
	if n := strings.Count(string(data), " > stop\n"); n != 1 {
		t.Errorf("stop sent %d times:\n%s", n, data)
	}
}

// TestAnalyseSameOutput: two inputs that map to the same output file in one run: the
// second is not written over the first, even with -f.
func TestAnalyseSameOutput(t *testing.T) {
	dir := t.TempDir()
	first := writeTemp(t, dir, "game.kif", analyseKIF)
	if err := os.Mkdir(filepath.Join(dir, "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	second := writeTemp(t, dir, "b/game.kif", strings.Replace(analyseKIF, "先手：A", "先手：C", 1))
	out := filepath.Join(dir, "out")
	code, _, stderr := runCmd("", cat([]string{"analyse"}, fakeEngineFlags(""), []string{"-depth", "1", "-o", out, "-f", first, second})...)
	want := filepath.Join(out, "game.kif") + " was written from " + first + " already; not overwritten"
	if code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d\n%s\nwant %q", code, stderr, want)
	}
	if data, _ := os.ReadFile(filepath.Join(out, "game.kif")); !strings.Contains(string(data), "先手：A") {
		t.Errorf("the first record was overwritten:\n%s", data)
	}
}
