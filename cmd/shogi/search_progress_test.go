package main

import (
	"context"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kifu-go/shogi/tsume"
	"github.com/kifu-go/shogi/usi"
)

// zukou1SFEN is 将棋図巧 第1番 (tsume/testdata/collection/dlshogi.tsv,
// cshogi-zukou001): a problem whose mate the df-pn takes seconds to prove, so that a
// search of a second or two is still under way when its progress is reported.
const zukou1SFEN = "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N5K b SP2gn2l11p 1"

// TestTsumeLength: the one wording of what is proven of the tsume length.
func TestTsumeLength(t *testing.T) {
	for _, tc := range []struct {
		max, min int
		want     string
	}{
		{0, 0, ""},
		{23, 0, "tsume length at most 23"},
		{23, 17, "tsume length between 17 and 23"},
		{23, 23, "tsume length 23"},
		{0, 17, "tsume length at least 17"},
	} {
		if got := tsumeLength(tc.max, tc.min); got != tc.want {
			t.Errorf("tsumeLength(%d, %d) = %q, want %q", tc.max, tc.min, got, tc.want)
		}
	}
}

// TestSearchInfo: the engine's info lines of a search under way, the length's bounds
// said only when they change.
func TestSearchInfo(t *testing.T) {
	var out strings.Builder
	e := &usiEngine{out: &out}
	for _, p := range []tsume.Progress{
		{Nodes: 800, Elapsed: time.Second, HashFull: 12},
		{Nodes: 900, LineNodes: 700, Elapsed: 2 * time.Second, MaxLength: 23, HashFull: 20},
		{Nodes: 900, LineNodes: 1500, Elapsed: 3 * time.Second, MaxLength: 23, HashFull: 21},
		{Nodes: 900, LineNodes: 3100, Elapsed: 4 * time.Second, MaxLength: 23, MinLength: 17, HashFull: 22},
		{Nodes: 900, LineNodes: 3100, Elapsed: 4500 * time.Millisecond, MaxLength: 21, MinLength: 21, HashFull: 22},
	} {
		e.searchInfo(p)
	}
	want := `info time 1000 nodes 800 nps 800 hashfull 12
info time 2000 nodes 1600 nps 800 hashfull 20
info string tsume length at most 23
info time 3000 nodes 2400 nps 800 hashfull 21
info time 4000 nodes 4000 nps 1000 hashfull 22
info string tsume length between 17 and 23
info time 4500 nodes 4000 nps 888 hashfull 22
info string tsume length 21
`
	if got := out.String(); got != want {
		t.Errorf("info lines:\n%s\nwant:\n%s", got, want)
	}
}

// TestMateEngineProgress drives shogi usi with the usi client, as a GUI would, through
// searches of a second or two on a problem that takes longer: info lines with the nodes
// come while it searches (go mate with a time, go mate infinite ended by stop, a game's
// go), and none after its answer.
func TestMateEngineProgress(t *testing.T) {
	var mu sync.Mutex
	var got []string
	e, _ := startMateEngine(t, func(dir usi.Direction, line string) {
		if dir == usi.Received {
			mu.Lock()
			got = append(got, line)
			mu.Unlock()
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := e.IsReady(ctx); err != nil {
		t.Fatal(err)
	}
	p := mustProblem(t, zukou1SFEN)
	progressLine := regexp.MustCompile(`^info time \d+ nodes [1-9]\d* nps \d+ hashfull \d+$`)
	// check looks at the lines received since from: progress lines, then the answer
	// (prefix), then nothing but readyok, which the engine sends after all it wrote.
	check := func(name string, from int, answer string) {
		t.Helper()
		if err := e.IsReady(ctx); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		mu.Lock()
		lines := got[from:]
		mu.Unlock()
		progress, answered := 0, -1
		for i, l := range lines {
			switch {
			case strings.HasPrefix(l, answer):
				if answered >= 0 {
					t.Errorf("%s: a second answer %q", name, l)
				}
				answered = i
			case answered >= 0 && l != "readyok":
				t.Errorf("%s: %q after the answer %q", name, l, lines[answered])
			case progressLine.MatchString(l):
				progress++
			}
		}
		if answered < 0 || progress == 0 {
			t.Errorf("%s: %d progress lines and answer at %d in %q", name, progress, answered, lines)
		}
	}
	mark := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(got)
	}

	from := mark()
	if r, err := e.Mate(ctx, p, 1500*time.Millisecond); err != nil || r.Kind != usi.MateTimeout {
		t.Fatalf("go mate 1500: %+v, %v", r, err)
	}
	check("go mate 1500", from, "checkmate ")

	from = mark()
	stopCtx, stop := context.WithTimeout(ctx, 1500*time.Millisecond)
	r, err := e.Mate(stopCtx, p, 0)
	stop()
	if r == nil || r.Kind != usi.MateTimeout {
		t.Fatalf("go mate infinite, stopped: %+v, %v", r, err)
	}
	check("go mate infinite, stopped", from, "checkmate ")

	from = mark()
	if _, err := e.Search(ctx, p, usi.Limits{Byoyomi: 1500 * time.Millisecond}); err != nil {
		t.Fatalf("go byoyomi 1500: %v", err)
	}
	check("go byoyomi 1500", from, "bestmove ")
}

// TestMateStatusNotOnFile: shogi mate's status line is for a terminal only; a file
// (a log, a pipe) as stderr gets the summary alone.
func TestMateStatusNotOnFile(t *testing.T) {
	f, err := os.Create(t.TempDir() + "/stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	code := run([]string{"mate", "-time", "1500ms", "-any", "-sfen", zukou1SFEN}, nil, &out, f)
	if code != 1 || out.String() != "unknown (time-limit)\n" {
		t.Errorf("exit %d, stdout %q; want 1, unknown", code, out.String())
	}
	errOut, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^\d+ nodes, 0 line nodes, \d+\.\d\ds\n$`).Match(errOut) {
		t.Errorf("stderr %q; want the summary alone", errOut)
	}
}
