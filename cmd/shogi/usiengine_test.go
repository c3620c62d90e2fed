package main

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
	"github.com/kifu-go/shogi/usi"
)

// usiPipe is the client's end of the pipes to an engine that runs in the test.
type usiPipe struct {
	*io.PipeReader
	*io.PipeWriter
}

func (p usiPipe) Close() error {
	p.PipeReader.Close()
	return p.PipeWriter.Close()
}

// startMateEngine runs `shogi usi` in the test, attached to the usi client by pipes,
// and returns the client and the engine's exit status, sent when it ends.
func startMateEngine(t *testing.T, hook func(usi.Direction, string)) (*usi.Engine, <-chan int) {
	t.Helper()
	toEngine, fromClient := io.Pipe()
	toClient, fromEngine := io.Pipe()
	done := make(chan int, 1)
	go func() {
		var stderr strings.Builder
		code := run([]string{"usi"}, toEngine, fromEngine, &stderr)
		fromEngine.Close()
		toEngine.Close()
		done <- code
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e, err := usi.New(ctx, usiPipe{toClient, fromClient}, usi.Config{Name: "mate", Hook: hook})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e, done
}

func mustProblem(t *testing.T, sfenText string) *shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFENUnreachable(sfenText)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMateEngine(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	e, done := startMateEngine(t, func(dir usi.Direction, line string) {
		if dir == usi.Sent {
			mu.Lock()
			sent = append(sent, line)
			mu.Unlock()
		}
	})
	if e.Name() != "kifu-go shogi mate" || e.Author() != "The kifu-go authors" {
		t.Errorf("name %q, author %q", e.Name(), e.Author())
	}
	wantOptions := []usi.Option{
		{Name: "USI_Hash", Type: usi.Spin, Default: "16", HasDefault: true, Min: 1, Max: int64(hashLimitMB(memoryLimit().bytes, 1))},
		{Name: "TsumeLine", Type: usi.Check, Default: "true", HasDefault: true},
		{Name: "Futile", Type: usi.Combo, Default: "free", HasDefault: true, Vars: []string{"free", "moves", "drops", "none"}},
		{Name: "Leftover", Type: usi.Combo, Default: "avoid", HasDefault: true, Vars: []string{"avoid", "ignore"}},
	}
	if diff := cmp.Diff(wantOptions, e.Options()); diff != "" {
		t.Errorf("options (-want +got):\n%s", diff)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := e.SetOption(ctx, "USI_Hash", "4"); err != nil {
		t.Fatal(err)
	}
	if err := e.IsReady(ctx); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name  string
		sfen  string
		limit time.Duration
		kind  usi.MateKind
		moves string
	}{
		{"mate in 3", mate3SFEN, 10 * time.Second, usi.MateFound, "S*5c 5b4a G*4b"},
		{"mate in 7", "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1", 10 * time.Second, usi.MateFound, "S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b"},
		{"no mate", perpetualSFEN, 10 * time.Second, usi.NoMate, ""},
		{"timeout", longSFEN, 100 * time.Millisecond, usi.MateTimeout, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			r, err := e.Mate(ctx, mustProblem(t, tt.sfen), tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind != tt.kind {
				t.Errorf("answer %v, want %v", r.Kind, tt.kind)
			}
			var moves []string
			for _, m := range r.Moves {
				moves = append(moves, m.String())
			}
			if got := strings.Join(moves, " "); got != tt.moves {
				t.Errorf("moves %q, want %q", got, tt.moves)
			}
			if tt.kind == usi.MateFound && !r.Complete {
				t.Error("the line does not end in mate")
			}
			// The time limit holds, give or take the polling of the search and a loaded
			// machine.
			if elapsed := time.Since(start); elapsed > tt.limit+5*time.Second {
				t.Errorf("answered after %v", elapsed)
			}
		})
	}

	// go mate infinite, stopped when the context ends: the engine answers at once.
	t.Run("stop", func(t *testing.T) {
		stopCtx, cancelStop := context.WithTimeout(ctx, 200*time.Millisecond)
		defer cancelStop()
		start := time.Now()
		r, err := e.Mate(stopCtx, mustProblem(t, longSFEN), 0)
		if r == nil || r.Kind != usi.MateTimeout {
			t.Errorf("Mate after stop: %+v, %v; want a timeout", r, err)
		}
		if elapsed := time.Since(start); elapsed > 5*time.Second {
			t.Errorf("answered %v after go", elapsed)
		}
	})

	// A plain go: the mate's first move, or resign.
	t.Run("go", func(t *testing.T) {
		res, err := e.Search(ctx, mustProblem(t, mate3SFEN), usi.Limits{Byoyomi: 2 * time.Second})
		if err != nil || res.BestMove.String() != "S*5c" {
			t.Errorf("go on a mate: %+v, %v", res, err)
		}
		if best, ok := res.Best(); !ok || best.Score != (usi.Score{Kind: usi.Mate, Value: 3}) {
			t.Errorf("score %+v, want mate 3", best)
		}
		res, err = e.Search(ctx, mustProblem(t, perpetualSFEN), usi.Limits{Byoyomi: 2 * time.Second})
		if err != nil || !res.Resign {
			t.Errorf("go without a mate: %+v, %v", res, err)
		}
	})

	if err := e.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("the engine ended with %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the engine did not end after quit")
	}
	mu.Lock()
	defer mu.Unlock()
	if !containsLine(sent, "go mate 100") || !containsLine(sent, "go mate infinite") || !containsLine(sent, "stop") {
		t.Errorf("the client sent %q", sent)
	}
}

func containsLine(lines []string, s string) bool {
	for _, l := range lines {
		if l == s {
			return true
		}
	}
	return false
}

// TestMateEngineProtocol feeds the engine a script and checks every line it answers:
// options, bad input (a position that does not parse, an unknown command, a line past
// the bound) answered with an info string, go infinite answered at stop only.
func TestMateEngineProtocol(t *testing.T) {
	script := strings.Join([]string{
		"isready",
		"setoption name TsumeLine value maybe",
		"setoption name Nope value 1",
		"setoption name Futile value none",
		"position sfen junk",
		"go mate 1000",
		"frobnicate",
		strings.Repeat("x", maxUSILine+10),
		"position sfen 4k4/9/9/9/9/9/9/9/9 w 2r2b4g4s4n4l18p 1",
		"go mate 1000",
		"quit",
		"go mate 1000", // after quit: not read
	}, "\n") + "\n"
	var out, errOut strings.Builder
	code := run([]string{"usi"}, strings.NewReader(script), &out, &errOut)
	if code != 0 {
		t.Errorf("exit %d; stderr %s", code, errOut.String())
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if strings.HasPrefix(l, "info time ") || strings.HasPrefix(l, "info string mate in") {
			continue // measured figures
		}
		got = append(got, l)
	}
	want := []string{
		"readyok",
		`info string setoption: TsumeLine: invalid value "maybe"`,
		`info string setoption: no option "Nope"`,
		"info string position refused: column 10: an SFEN has a board, a side to move, hands and an optional move number",
		"info string no position to search: column 10: an SFEN has a board, a side to move, hands and an optional move number",
		"checkmate timeout",
		`info string unknown command "frobnicate"`,
		"info string the line is longer than 1048576 bytes: passed over",
		"info string the defender (the side not to move) has no king",
		"checkmate nomate",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("answers (-want +got):\n%s", diff)
	}

	// go mate infinite answers when it finds the mate; go infinite at stop only, with
	// the mate's first move.
	pr, pw := io.Pipe()
	w := &syncBuffer{}
	output := w.String
	waitFor := func(s string, n int) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); strings.Count(output(), s) < n; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no %q in %q", s, output())
			}
		}
	}
	ended := make(chan int, 1)
	go func() { ended <- run([]string{"usi"}, pr, w, io.Discard) }()
	io.WriteString(pw, "position sfen "+mate3SFEN+"\ngo mate infinite\n")
	waitFor("checkmate S*5c 5b4a G*4b\n", 1)
	// go mate with no time is go mate infinite: the search answers, no timeout at once.
	io.WriteString(pw, "go mate\n")
	waitFor("checkmate S*5c 5b4a G*4b\n", 2)
	io.WriteString(pw, "position sfen "+perpetualSFEN+"\ngo mate\n")
	waitFor("checkmate nomate\n", 1)
	io.WriteString(pw, "position sfen "+mate3SFEN+"\n")
	io.WriteString(pw, "go infinite\n")
	waitFor("pv S*5c 5b4a G*4b\n", 2) // the search is over
	time.Sleep(100 * time.Millisecond)
	if strings.Contains(output(), "bestmove") {
		t.Errorf("go infinite answered before stop: %q", output())
	}
	io.WriteString(pw, "isready\n")
	waitFor("readyok\n", 1)
	io.WriteString(pw, "stop\n")
	waitFor("bestmove S*5c\n", 1)
	pw.Close()
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the engine did not end at the end of its input")
	}
	if code, _, errOut := runCmd("", "usi", "extra"); code != 2 || !strings.Contains(errOut, "takes no arguments") {
		t.Errorf("usi extra: exit %d, %q", code, errOut)
	}
}

// syncBuffer is an output the engine writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// FuzzMateEngine feeds the engine any script: it never panics, ends at quit or at the
// end of its input, writes only lines of the protocol, and answers every go once.
func FuzzMateEngine(f *testing.F) {
	for _, s := range []string{
		"usi\nisready\nposition sfen " + mate3SFEN + "\ngo mate 1000\n",
		"position sfen " + perpetualSFEN + "\ngo mate infinite\nstop\nquit\n",
		"position startpos moves 7g7f 3c3d\ngo btime 1000 wtime 1000 byoyomi 0\ngo infinite\nisready\nstop\n",
		"setoption name Futile value none\nsetoption name TsumeLine value false\nposition sfen " + mate3SFEN + " moves S*5c\ngo mate 10\n",
		"position sfen 4k4/9/9/9/9/9/9/9/9 w 2r2b4g4s4n4l18p 1\ngo mate\ngo nodes 100\ngo mate x\ngo ponder\nponderhit\n",
		"go\r\nposition junk\r\ngo mate 5\r\n\r\nquit\r\ngo\n",
		"position sfen " + perpetualSFEN + "\ngo mate infinite\ngameover lose\ngo mate 10\nquit\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		// A table of many gigabytes is the user's to ask for, not the fuzzer's.
		script = strings.ReplaceAll(script, "USI_Hash", "Hash")
		// Every go is answered once, but for one that a gameover after it may stop
		// silently (if the search has not answered by then).
		wantAnswers, mayGoSilent, pending := 0, 0, false
		for _, line := range strings.Split(script, "\n") {
			word, _, _ := strings.Cut(strings.TrimSpace(strings.TrimRight(line, "\r")), " ")
			if word == "quit" {
				break
			}
			switch word {
			case "go":
				wantAnswers++
				pending = true
			case "gameover":
				if pending {
					mayGoSilent++
				}
				pending = false
			case "stop", "position", "usinewgame":
				pending = false // the search has answered
			}
		}
		var out strings.Builder
		done := make(chan int, 1)
		go func() { done <- run([]string{"usi"}, strings.NewReader(script), &out, io.Discard) }()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("exit %d", code)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("the engine did not end: %q", script)
		}
		answers := 0
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			word, _, _ := strings.Cut(line, " ")
			switch word {
			case "checkmate", "bestmove":
				answers++
			case "", "id", "option", "usiok", "readyok", "info":
			default:
				t.Errorf("line %q is no answer of the protocol", line)
			}
		}
		if answers > wantAnswers || answers < wantAnswers-mayGoSilent {
			t.Errorf("%d answers to %d go commands (%d of them stopped by gameover):\n%s", answers, wantAnswers, mayGoSilent, out.String())
		}
	})
}

// TestMateEnginePonderhit: a go ponder search runs until ponderhit, and from it has the
// time its clock gives a move (a byoyomi of 300 ms: 270), as USI asks; it ran on
// without a limit, and a GUI waited for bestmove until the engine lost on time.
func TestMateEnginePonderhit(t *testing.T) {
	pr, pw := io.Pipe()
	w := &syncBuffer{}
	ended := make(chan int, 1)
	go func() { ended <- run([]string{"usi"}, pr, w, io.Discard) }()
	io.WriteString(pw, "position sfen "+hardSFEN+"\ngo ponder btime 0 wtime 0 byoyomi 300\n")
	time.Sleep(500 * time.Millisecond)
	if countAnswers(w.String()) != 0 {
		t.Fatalf("go ponder answered before ponderhit: %q", w.String())
	}
	io.WriteString(pw, "ponderhit\n")
	hit := time.Now()
	for countAnswers(w.String()) == 0 {
		if time.Since(hit) > 5*time.Second {
			t.Fatalf("no answer 5s after ponderhit with a byoyomi of 300ms: %q", w.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if diff := cmp.Diff([]string{"bestmove resign"}, engineAnswers(w.String())); diff != "" {
		t.Errorf("answers (-want +got):\n%s", diff)
	}
	pw.Close()
	if code := engineExit(t, ended); code != 0 {
		t.Errorf("exit %d", code)
	}
}

// TestMateEnginePonderhitWithoutPonder: a ponderhit during go infinite, which answers at
// stop only, is passed over; it released the search, which answered at once.
func TestMateEnginePonderhitWithoutPonder(t *testing.T) {
	w := &syncBuffer{}
	e := &usiEngine{out: w, opts: usiOptions{hashMB: usiHashDefault, tsumeLine: true}, restoreHeap: func() {}}
	defer e.restoreHeap()
	for _, c := range []string{"position sfen " + mate3SFEN, "go infinite", "ponderhit"} {
		e.command(c)
	}
	time.Sleep(300 * time.Millisecond) // the mate in 3 is found in a few milliseconds
	if n := countAnswers(w.String()); n != 0 {
		t.Fatalf("go infinite answered after a ponderhit, before stop: %q", w.String())
	}
	e.command("stop")
	if diff := cmp.Diff([]string{"bestmove S*5c"}, engineAnswers(w.String())); diff != "" {
		t.Errorf("answers after stop (-want +got):\n%s", diff)
	}
}

// TestMateEngineReadyAfterSearch: isready after a search has answered makes the table
// a setoption USI_Hash asked for, as before any search; it was left to the next go,
// which paid for it in its time.
func TestMateEngineReadyAfterSearch(t *testing.T) {
	w := &syncBuffer{}
	e := &usiEngine{out: w, opts: usiOptions{hashMB: usiHashDefault, tsumeLine: true}, restoreHeap: func() {}}
	defer func() {
		e.stopSearch()
		e.restoreHeap()
	}()
	for _, c := range []string{"isready", "position sfen " + mate3SFEN, "go mate 1000"} {
		e.command(c)
	}
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(w.String(), "checkmate "); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no answer: %q", w.String())
		}
	}
	e.command("setoption name USI_Hash value 2")
	e.command("isready")
	if got := e.solver.TableBytes(); got > 2<<20 || got < 1<<20 {
		t.Errorf("after isready, tables of %d bytes; want USI_Hash's %d", got, 2<<20)
	}
	if !strings.HasSuffix(w.String(), "readyok\n") {
		t.Errorf("output %q; want readyok last", w.String())
	}
}

// TestMateEngineLeftover: the option Leftover chooses the tie-break of the tsume line as
// mate's -leftover does: two mates in 1, avoid (the default) answers the one that keeps
// the gold in hand, ignore the first in move-generation order, the drop.
func TestMateEngineLeftover(t *testing.T) {
	const sfen = "8k/9/6SGP/9/9/9/9/9/9 b G2r2b2g3s4n4l17p 1"
	for _, tt := range []struct{ option, want string }{
		{"", "checkmate 1c1b+"},
		{"setoption name Leftover value avoid\n", "checkmate 1c1b+"},
		{"setoption name Leftover value ignore\n", "checkmate G*1b"},
	} {
		out := runEngineScript(t, tt.option+"position sfen "+sfen+"\ngo mate 5000\n")
		if !strings.Contains(out, "\n"+tt.want+"\n") {
			t.Errorf("%q: answer not %q:\n%s", tt.option, tt.want, out)
		}
	}
}

// TestMateEngineFinalLength: the final info string of a line of the proof says what is
// proven of the tsume length in the words of the info strings while it searches, the
// lower bound too ("between 1 and 3", where it said "at most 3" only).
func TestMateEngineFinalLength(t *testing.T) {
	line := mate3Line(t)
	for _, tt := range []struct {
		min, max int
		want     string
	}{
		{1, 3, "info string mate in 3, line proof, tsume length between 1 and 3\n"},
		{0, 3, "info string mate in 3, line proof, tsume length at most 3\n"},
	} {
		var out strings.Builder
		e := &usiEngine{out: &out}
		r := tsume.Result{Status: tsume.Mate, Moves: line, Line: tsume.LineProof, MinLength: tt.min, MaxLength: tt.max}
		if answer := e.report(true, r, nil); answer != "checkmate S*5c 5b4a G*4b" {
			t.Errorf("answer %q", answer)
		}
		if !strings.Contains(out.String(), tt.want) {
			t.Errorf("bounds %d, %d: no %q in\n%s", tt.min, tt.max, tt.want, out.String())
		}
	}
}
