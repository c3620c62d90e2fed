package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/fakeengine"
	"github.com/kifu-go/shogi/record"
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
		"one scored 1.5 of 3 (50.0%); Elo difference +0 ± 0 (95%)\n",
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
	// Records are not overwritten without -f.
	code, stdout, _ = runCmd("", args...)
	if code != 2 || !strings.Contains(stdout, "exists; not overwritten (use -f)") {
		t.Errorf("a second match into the same directory: exit %d\n%s", code, stdout)
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
				"game 2 (opening 1): two (black) vs one (white): white wins (black's move ", "one +2 -0 =0 two", "Elo difference +∞ ± ∞"}},
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
	// An engine that does not start: the game is not played, and the exit status is 2.
	code, stdout, stderr := runCmd("", append([]string{"match", "-games", "1", "-depth", "1", "-o", t.TempDir()}, fakeEngineFlags("1", "-mode", "die-at-start")...)...)
	if code != 2 || !strings.Contains(stdout, "game 1 (opening 1): not played: usi: 1:") || !strings.Contains(stdout, "the engine exited: exit status 1") {
		t.Errorf("exit %d:\n%s%s", code, stdout, stderr)
	}
}
