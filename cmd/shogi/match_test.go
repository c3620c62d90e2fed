package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/fakeengine"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/usi"
)

// TestMain runs the test binary as the fake USI engine when a test starts it so.
func TestMain(m *testing.M) {
	if fakeengine.IsRequested() {
		fakeengine.Main()
	}
	os.Exit(m.Run())
}

// fakeEngineFlags returns the flags that make the fake engine engine n ("" for analyse,
// "1" or "2" for match) with the fake engine's args.
func fakeEngineFlags(n string, args ...string) []string {
	path, a := fakeengine.Command(args...)
	flags := []string{"-engine" + n, path}
	for _, arg := range a {
		flags = append(flags, "-arg"+n, arg)
	}
	return flags
}

// cat joins lists of arguments.
func cat(lists ...[]string) []string {
	var all []string
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
}

// readGames reads the records a match wrote into dir, CSA and KIF, and checks that
// each is valid by the library's verdict policy; it returns the CSA records by name.
func readGames(t *testing.T, dir string) map[string]*shogi.Record {
	t.Helper()
	games := map[string]*shogi.Record{}
	files, _ := filepath.Glob(filepath.Join(dir, "game-*"))
	for _, path := range files {
		r, err := record.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		for v := range record.Validate(r) {
			if !v.Valid() {
				t.Errorf("%s: %v", path, v.Err())
			}
			if filepath.Ext(path) == ".csa" {
				games[filepath.Base(path)] = v.Record
			}
		}
		r.Close()
	}
	return games
}

func TestMatchFakeEngines(t *testing.T) {
	dir := t.TempDir()
	args := append(fakeEngineFlags("1"), fakeEngineFlags("2")...)
	args = append([]string{"match"}, args...)
	args = append(args, "-name1", "one", "-name2", "two", "-games", "3", "-depth", "1", "-max-moves", "10", "-concurrency", "2", "-o", dir, "-event", "test")
	code, stdout, stderr := runCmd("", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		`game 1 (opening 1): one (black) vs two (white): draw (draw by move limit), 10 moves [`,
		`game 2 (opening 1): two (black) vs one (white): draw (draw by move limit), 10 moves [`,
		`game 3 (opening 1): one (black) vs two (white): draw (draw by move limit), 10 moves [`,
		"3 of 3 games decided: one +0 -0 =3 two (as black +0 -0 =2, as white +0 -0 =1)\n",
		"one scored 1.5 of 3 (50.0%); no Elo difference: every game was drawn\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	games := readGames(t, dir)
	if len(games) != 3 {
		t.Fatalf("%d games written", len(games))
	}
	if v, _ := games["game-002.csa"].Header.Get(shogi.HeaderBlack); v != "two" {
		t.Errorf("game 2's black: %q", v)
	}
	if v, _ := games["game-001.csa"].Header.Get(shogi.HeaderEvent); v != "test" {
		t.Errorf("event %q", v)
	}
}

// TestMatchRerun: a second match into the same -o fails before its first game, the
// records of the first intact; with -f it plays and overwrites them.
func TestMatchRerun(t *testing.T) {
	dir := t.TempDir()
	args := cat([]string{"match", "-name1", "one", "-name2", "two", "-games", "2", "-depth", "1", "-max-moves", "4", "-o", dir}, fakeEngineFlags("1"), fakeEngineFlags("2"))
	if code, stdout, stderr := runCmd("", args...); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	before := map[string]string{}
	for _, name := range []string{"game-001.csa", "game-001.kif", "game-002.csa", "game-002.kif"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		before[name] = string(data)
	}
	code, stdout, stderr := runCmd("", args...)
	want := filepath.Join(dir, "game-001.csa") + " and 3 more of the files this match writes exist; not overwritten: use -f, or another -o"
	if code != 2 || stdout != "" || !strings.Contains(stderr, want) {
		t.Errorf("a second match into the same directory: exit %d, stdout %q, stderr %q; want 2, nothing played, %q", code, stdout, stderr, want)
	}
	for name, text := range before {
		if data, _ := os.ReadFile(filepath.Join(dir, name)); string(data) != text {
			t.Errorf("%s changed", name)
		}
	}
	// A match of more games: only the names it would take count.
	os.Remove(filepath.Join(dir, "game-002.kif"))
	if code, _, stderr := runCmd("", append(args, "-games", "3")...); code != 2 || !strings.Contains(stderr, "game-001.csa and 2 more") {
		t.Errorf("3 games: exit %d, %q", code, stderr)
	}
	if code, stdout, stderr := runCmd("", append(args, "-f")...); code != 0 || !strings.Contains(stdout, "game-002.kif]") {
		t.Errorf("with -f: exit %d\n%s%s", code, stdout, stderr)
	}
	// An -o that cannot be a directory: refused before the first game.
	file := filepath.Join(dir, "game-001.csa")
	code, stdout, stderr = runCmd("", cat(args[:len(args)-2-len(fakeEngineFlags("1"))-len(fakeEngineFlags("2"))], []string{"-o", filepath.Join(file, "sub")}, fakeEngineFlags("1"))...)
	if code != 2 || stdout != "" || !strings.Contains(stderr, "shogi match: -o: ") {
		t.Errorf("-o under a file: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestMatchNoOutput: without -o a match writes nothing, into the current directory
// least of all, and says so.
func TestMatchNoOutput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, stdout, stderr := runCmd("", cat([]string{"match", "-games", "2", "-depth", "1", "-max-moves", "4"}, fakeEngineFlags("1"))...)
	if code != 0 || !strings.Contains(stderr, "no -o: the games' records are not written") || strings.Contains(stdout, "[") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("written into the current directory: %v", entries)
	}
	if code, _, stderr := runCmd("", cat([]string{"match", "-f", "-depth", "1"}, fakeEngineFlags("1"))...); code != 2 || !strings.Contains(stderr, "-f goes with -o") {
		t.Errorf("-f without -o: exit %d, %q", code, stderr)
	}
}

// TestWriteGameTakenName: a record name taken after the match began is not
// overwritten; the game goes under a fresh name.
func TestWriteGameTakenName(t *testing.T) {
	dir := t.TempDir()
	taken := filepath.Join(dir, "game-001.kif")
	if err := os.WriteFile(taken, []byte("someone else's"), 0o644); err != nil {
		t.Fatal(err)
	}
	rec := &shogi.Record{StartSFEN: shogi.StartSFEN}
	files, err := writeGame(dir, 0, rec, false, nil)
	want := []string{filepath.Join(dir, "game-001-2.csa"), filepath.Join(dir, "game-001-2.kif")}
	if err != nil || strings.Join(files, " ") != strings.Join(want, " ") {
		t.Errorf("files %q, error %v; want %q", files, err, want)
	}
	if data, _ := os.ReadFile(taken); string(data) != "someone else's" {
		t.Errorf("%s overwritten", taken)
	}
}

// TestMatchTimeLosses: an engine that overruns its time loses every game on time; the
// summary counts the losses per engine, says how late, and gives no Elo difference.
func TestMatchTimeLosses(t *testing.T) {
	args := cat([]string{"match", "-name1", "one", "-name2", "two", "-games", "2", "-byoyomi", "300ms", "-margin", "200ms"},
		fakeEngineFlags("1"), fakeEngineFlags("2", "-mode", "use-time,stop-answers-late", "-overrun", "1h"))
	code, stdout, stderr := runCmd("", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^game 1 \(opening 1\): one \(black\) vs two \(white\): black wins \(white lost on time: \d+ms late \([0-9.]+m?s for a move that had 300ms\)\), 1 move$`),
		regexp.MustCompile(`(?m)^game 2 \(opening 1\): two \(black\) vs one \(white\): white wins \(black lost on time: `),
		regexp.MustCompile(`(?m)^2 of 2 games decided: one \+2 -0 =0 two`),
		regexp.MustCompile(`(?m)^time losses \(byoyomi 300ms, margin 200ms\): one 0, two 2 \(at most \d+ms late\)$`),
		regexp.MustCompile(`(?m)^the longest move past the time told \(margin 200ms\): one [-+]\d+ms, two \+[0-9.]+m?s$`),
		regexp.MustCompile(`(?m)^one scored 2.0 of 2 \(100.0%\); no Elo difference: every decided game was lost on time`),
	} {
		if !want.MatchString(stdout) {
			t.Errorf("output lacks %v:\n%s", want, stdout)
		}
	}
}

// TestSummarize: the score, what the clock did, and the Elo difference or why there is
// none.
func TestSummarize(t *testing.T) {
	rec := func() *shogi.Record {
		r := &shogi.Record{}
		r.Header.Set(shogi.HeaderBlack, "A")
		r.Header.Set(shogi.HeaderWhite, "B")
		return r
	}
	// game returns game i (A black when i is even) with the first engine's outcome.
	game := func(i int, outcome string) matchGame {
		g := &usi.Game{Record: rec(), Moved: [2]bool{true, true}, Overrun: [2]time.Duration{-100 * time.Millisecond, -200 * time.Millisecond}}
		if i%2 == 1 {
			g.Record.Header.Set(shogi.HeaderBlack, "B")
			g.Record.Header.Set(shogi.HeaderWhite, "A")
		}
		a := shogi.Black
		if i%2 == 1 {
			a = shogi.White
		}
		result := func(winner shogi.Color) shogi.Result {
			if winner == shogi.Black {
				return shogi.BlackWins
			}
			return shogi.WhiteWins
		}
		switch outcome {
		case "win":
			g.Result, g.Ending = result(a), shogi.EndResign
		case "loss":
			g.Result, g.Ending = result(a.Opponent()), shogi.EndResign
		case "draw":
			g.Result, g.Ending = shogi.Draw, shogi.EndMaxMoves
		case "time loss":
			g.Result, g.Ending, g.Late = result(a.Opponent()), shogi.EndTimeUp, 47*time.Millisecond
			g.Overrun[a] = 247 * time.Millisecond
		case "time win":
			g.Result, g.Ending, g.Late = result(a), shogi.EndTimeUp, 7*time.Millisecond
		case "failure": // the second engine's
			g.Result, g.Ending = result(a), shogi.EndTimeUp
		case "aborted":
			g.Result, g.Ending = shogi.NoResult, shogi.EndInterrupt
		}
		return matchGame{index: i, firstIsBlack: i%2 == 0, game: g}
	}
	control := usi.TimeControl{Byoyomi: time.Second, Margin: 200 * time.Millisecond}.Control()
	tests := []struct {
		name     string
		outcomes []string
		want     []string
	}{
		{"all on time", []string{"time loss", "time loss", "time loss", "time loss"}, []string{
			"4 of 4 games decided: A +0 -4 =0 B (as black +0 -2 =0, as white +0 -2 =0)\n",
			"time losses (byoyomi 1s, margin 200ms): A 4 (at most 47ms late), B 0\n",
			"the longest move past the time told (margin 200ms): A +247ms, B -100ms\n",
			"A scored 0.0 of 4 (0.0%); no Elo difference: every decided game was lost on time, so the score measures the clock, not the engines",
		}},
		{"some on time", []string{"win", "time loss", "loss", "time win", "draw"}, []string{
			"5 of 5 games decided: A +2 -2 =1 B",
			"time losses (byoyomi 1s, margin 200ms): A 1 (at most 47ms late), B 1 (at most 7ms late)\n",
			"A scored 2.5 of 5 (50.0%); Elo difference +0 ± ",
			"(95%); 2 of the 5 games lost on time\n",
		}},
		{"all drawn", []string{"draw", "draw", "aborted"}, []string{
			"2 of 3 games decided: A +0 -0 =2 B", "A scored 1.0 of 2 (50.0%); no Elo difference: every game was drawn\n"}},
		{"sweep", []string{"win", "win", "failure"}, []string{
			"engine failures: A 0, B 1\n", "A scored 3.0 of 3 (100.0%); no Elo difference: one engine won every game"}},
		{"few games", []string{"win", "win", "loss"}, []string{
			"A scored 2.0 of 3 (66.7%); Elo difference +120, its 95% margin unbounded with so few games\n"}},
		{"nothing decided", []string{"aborted"}, []string{"0 of 1 game decided", "no score: no game was decided\n"}},
	}
	for _, tt := range tests {
		var played []matchGame
		for i, o := range tt.outcomes {
			played = append(played, game(i, o))
		}
		var out strings.Builder
		summarize(&out, played, len(played), control)
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: output lacks %q:\n%s", tt.name, w, out.String())
			}
		}
		if strings.Contains(out.String(), "∞") {
			t.Errorf("%s: an infinite figure:\n%s", tt.name, out.String())
		}
	}
}

// TestMatchAdjudication plays games that the rules end: perpetual check from an SFEN,
// an illegal move, a declaration.
func TestMatchAdjudication(t *testing.T) {
	perpetual := strings.TrimSpace(strings.Repeat("2i1i 1a2b 1i2i 2b1a ", 3))
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"perpetual check", cat(fakeEngineFlags("1", "-script", perpetual), fakeEngineFlags("2", "-script", perpetual),
			[]string{"-sfen", "8k/9/9/9/9/9/9/9/K6R1 b - 1", "-games", "1"}), 0,
			[]string{"white wins (white wins by perpetual check), 12 moves", "one +0 -1 =0 two"}},
		{"illegal move", cat(fakeEngineFlags("1"), fakeEngineFlags("2", "-mode", "illegal")), 1,
			[]string{"game 1 (opening 1): one (black) vs two (white): black wins (white's move ", " is illegal: illegal move ",
				"game 2 (opening 1): two (black) vs one (white): white wins (black's move ", "one +2 -0 =0 two", "no Elo difference: one engine won every game"}},
		{"declaration", cat(fakeEngineFlags("1", "-mode", "declare"), fakeEngineFlags("2", "-mode", "declare"),
			[]string{"-sfen", "GGGG1SSSS/RRBBK4/9/9/9/9/9/9/8k b 4n4l18p 1", "-games", "1", "-declaration", "24"}), 0,
			[]string{"draw (black declared (入玉宣言, 28 points): draw by declaration), 0 moves"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"match", "-name1", "one", "-name2", "two", "-depth", "1", "-o", dir}, tt.args...)
			code, stdout, stderr := runCmd("", args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tt.code, stdout, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("output lacks %q:\n%s", w, stdout)
				}
			}
			readGames(t, dir)
		})
	}
}

func TestMatchOpenings(t *testing.T) {
	dir := t.TempDir()
	openings := filepath.Join(dir, "openings.usi")
	if err := os.WriteFile(openings, []byte("position startpos moves 7g7f 3c3d\nposition startpos moves 2g2f 8c8d 2f2e\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	args := append([]string{"match", "-games", "4", "-depth", "1", "-max-moves", "8", "-openings", openings, "-o", out}, fakeEngineFlags("1")...)
	code, stdout, stderr := runCmd("", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if got := len(regexp.MustCompile(`\(opening 2\)`).FindAllString(stdout, -1)); got != 2 {
		t.Errorf("opening 2 played %d times:\n%s", got, stdout)
	}
	games := readGames(t, dir+"/out")
	for name, first := range map[string]string{"game-001.csa": "7g7f", "game-002.csa": "7g7f", "game-003.csa": "2g2f", "game-004.csa": "2g2f"} {
		rec := games[name]
		if rec == nil || len(rec.Moves()) == 0 || rec.Moves()[0].String() != first || rec.MainLine()[0].HasTime {
			t.Errorf("%s: %v", name, rec)
		}
	}
}

func TestMatchUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"match"}, "-engine1: name the engine's program"},
		{[]string{"match", "-engine1", "x", "-games", "0"}, "-games: 0; want 1 or more"},
		{[]string{"match", "-engine1", "x", "-byoyomi", "1s", "-inc", "1s"}, "-byoyomi and -inc exclude each other"},
		{[]string{"match", "-engine1", "x", "-declaration", "30"}, "-declaration: 30; want 27 or 24"},
		{[]string{"match", "-engine1", "x", "-byoyomi", "300ms", "-margin", "300ms"}, "-margin 300ms leaves the engines no time of the byoyomi 300ms"},
		{[]string{"match", "-engine1", "x", "-margin", "2s"}, "-margin 2s leaves the engines no time of the default byoyomi 1s"},
		{[]string{"match", "-engine1", "x", "-sfen", "9/9 b", "-handicap", "香落ち"}, "-sfen, -handicap and -openings exclude each other"},
		{[]string{"match", "-engine1", "x", "-handicap", "nothing"}, `unknown handicap "nothing"`},
		{[]string{"match", "-engine1", "x", "-option2", "a=1"}, "-arg2 and -option2 go with -engine2"},
		{[]string{"match", "-engine1", "x", "extra"}, "match takes no arguments"},
	}
	for _, tt := range tests {
		code, _, stderr := runCmd("", tt.args...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
	// An opening that does not read is named as validate names a record it refuses, not
	// by the library's "record: PATH: record 2: ".
	bad := filepath.Join(t.TempDir(), "openings.usi")
	if err := os.WriteFile(bad, []byte("position startpos moves 7g7f\nposition startpos moves 7g7f 7g7f\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCmd("", "match", "-engine1", "x", "-openings", bad)
	want := "shogi match: -openings: " + bad + "#2: line 2, column 30: illegal move 7g7f at move 2"
	if code != 2 || !strings.Contains(stderr, want) || strings.Contains(stderr, "record: ") {
		t.Errorf("bad opening: exit %d, %q; want 2 and %q", code, stderr, want)
	}
	// An engine that does not start: the game is not played, and the exit status is 2.
	code, stdout, stderr := runCmd("", append([]string{"match", "-games", "1", "-depth", "1", "-o", t.TempDir()}, fakeEngineFlags("1", "-mode", "die-at-start")...)...)
	if code != 2 || !strings.Contains(stdout, "game 1 (opening 1): not played: usi: 1:") || !strings.Contains(stdout, "the engine exited: exit status 1") {
		t.Errorf("exit %d:\n%s%s", code, stdout, stderr)
	}
}
