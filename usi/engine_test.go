package usi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/usi"
)

func TestHandshake(t *testing.T) {
	tr := &transcript{}
	e := startFake(t, tr, "-mode", "garbage")
	if e.Name() != "FakeEngine" || e.Author() != "kifu-go tests" {
		t.Errorf("name %q, author %q", e.Name(), e.Author())
	}
	want := []usi.Option{
		{Name: "USI_Hash", Type: usi.Spin, Default: "16", HasDefault: true, Min: 1, Max: 1024},
		{Name: "Threads", Type: usi.Spin, Default: "1", HasDefault: true, Min: 1, Max: 8},
		{Name: "Ponder", Type: usi.Check, Default: "false", HasDefault: true},
		{Name: "Style", Type: usi.Combo, Default: "Normal", HasDefault: true, Vars: []string{"Solid", "Normal", "Risky"}},
		{Name: "Book File", Type: usi.String, HasDefault: true},
		{Name: "EvalDir", Type: usi.Filename, Default: "eval", HasDefault: true},
		{Name: "Clear Hash", Type: usi.Button},
	}
	if diff := cmp.Diff(want, e.Options()); diff != "" {
		t.Errorf("options (-want +got):\n%s", diff)
	}
	if o, ok := e.Option("Threads"); !ok || o.DefaultInt() != 1 {
		t.Errorf("Option(Threads) = %v, %v", o, ok)
	}
	// The hook saw the handshake, the junk lines the engine sent before its answer
	// included, which the client passed over.
	lines := tr.all()
	if len(lines) < 3 || lines[0] != "> usi" || !strings.HasPrefix(lines[1], "< \x00") || lines[len(lines)-1] != "< usiok" {
		t.Errorf("transcript: %q", lines)
	}
}

func TestSetOption(t *testing.T) {
	tr := &transcript{}
	e := startFake(t, tr)
	ctx := timeout(t, 5*time.Second)
	for _, o := range [][2]string{{"Threads", "4"}, {"Ponder", "true"}, {"Style", "Risky"}, {"Book File", ""},
		{"Book File", "my book.db"}, {"Clear Hash", ""}, {"USI_Ponder", "false"}} {
		if err := e.SetOption(ctx, o[0], o[1]); err != nil {
			t.Errorf("SetOption(%q, %q): %v", o[0], o[1], err)
		}
	}
	want := []string{"setoption name Threads value 4", "setoption name Ponder value true", "setoption name Style value Risky",
		"setoption name Book File value <empty>", "setoption name Book File value my book.db", "setoption name Clear Hash",
		"setoption name USI_Ponder value false"}
	if diff := cmp.Diff(want, tr.sent("setoption")); diff != "" {
		t.Errorf("setoption lines (-want +got):\n%s", diff)
	}
	bad := []struct {
		name, value string
		sentinel    error
		msg         string
	}{
		{"Threads", "9", usi.ErrOptionValue, "usi: fake: setoption: invalid option value: Threads: 9 is outside 1–8"},
		{"Nope", "1", usi.ErrUnknownOption, `usi: fake: setoption: the engine has no such option: "Nope"`},
		{"USI_Hash", "1\nquit", usi.ErrOptionValue, "usi: fake: setoption: invalid option value: USI_Hash: the value holds a line break"},
	}
	for _, b := range bad {
		err := e.SetOption(ctx, b.name, b.value)
		if !errors.Is(err, b.sentinel) || err.Error() != b.msg {
			t.Errorf("SetOption(%q, %q) = %v, want %q", b.name, b.value, err, b.msg)
		}
	}
	if err := e.IsReady(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestSearchLimits(t *testing.T) {
	tr := &transcript{}
	e := startFake(t, tr)
	ctx := timeout(t, 10*time.Second)
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	p := mustPosition(t, "position startpos moves 7g7f 3c3d")
	tests := []struct {
		lim  usi.Limits
		want string
	}{
		{usi.Limits{BlackTime: 60 * time.Second, WhiteTime: 50 * time.Second, Byoyomi: 10 * time.Second}, "go btime 60000 wtime 50000 byoyomi 10000"},
		{usi.Limits{Byoyomi: 1500 * time.Millisecond}, "go btime 0 wtime 0 byoyomi 1500"},
		{usi.Limits{BlackTime: time.Minute, WhiteTime: time.Minute, BlackIncrement: 2 * time.Second, WhiteIncrement: 3 * time.Second}, "go btime 60000 wtime 60000 binc 2000 winc 3000"},
		{usi.Limits{Depth: 7}, "go depth 7"},
		{usi.Limits{Nodes: 123456}, "go nodes 123456"},
		{usi.Limits{Byoyomi: time.Second, Depth: 3, Nodes: 10}, "go btime 0 wtime 0 byoyomi 1000 depth 3 nodes 10"},
	}
	for _, tt := range tests {
		res, err := e.Search(ctx, p, tt.lim)
		if err != nil {
			t.Errorf("Search(%+v): %v", tt.lim, err)
			continue
		}
		if gos := tr.sent("go"); gos[len(gos)-1] != tt.want {
			t.Errorf("Search(%+v) sent %q, want %q", tt.lim, gos[len(gos)-1], tt.want)
		}
		if err := p.CheckMove(res.BestMove); err != nil {
			t.Errorf("Search(%+v): best move %v: %v", tt.lim, res.BestMove, err)
		}
	}
	if pos := tr.sent("position"); pos[0] != "position startpos moves 7g7f 3c3d" {
		t.Errorf("position line %q", pos[0])
	}
	if _, err := e.Search(ctx, p, usi.Limits{}); !errors.Is(err, usi.ErrNoLimit) {
		t.Errorf("Search without limits: %v, want ErrNoLimit", err)
	}
}

func TestSearchResult(t *testing.T) {
	e := startFake(t, nil)
	ctx := timeout(t, 5*time.Second)
	p := mustPosition(t, "position startpos moves 7g7f")
	var infos []usi.Info
	s, err := e.Go(ctx, p, usi.Limits{Byoyomi: time.Second}, func(i usi.Info) { infos = append(infos, i) })
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if p.CheckMove(res.BestMove) != nil || res.Resign || res.Win || res.Stopped {
		t.Errorf("result %+v", res)
	}
	// The fake engine's first info line: a score and the best move with a reply.
	best, ok := res.Best()
	if !ok || best.Side != shogi.White || best.Depth != 1 || best.Score.Kind != usi.Centipawns || len(best.PV) != 2 || best.PV[0] != res.BestMove {
		t.Errorf("best line %+v", best)
	}
	if res.Ponder != best.PV[1] || res.PonderError != nil {
		t.Errorf("ponder %v (%v), want %v", res.Ponder, res.PonderError, best.PV[1])
	}
	if len(infos) != 3 || infos[2].String != "fake engine thinking" || infos[1].CurrMove != res.BestMove {
		t.Errorf("infos %+v", infos)
	}
	// The search's position is the client's own copy.
	if p.Ply() != 1 {
		t.Errorf("the position changed: %v", p)
	}
}

func TestSearchStop(t *testing.T) {
	tr := &transcript{}
	e := startFake(t, tr)
	p := shogi.NewStartPosition()

	// Infinite until the context ends: stop, then the answer, with no error.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	begun := time.Now()
	res, err := e.Search(ctx, p, usi.Limits{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stopped || p.CheckMove(res.BestMove) != nil || time.Since(begun) > 2*time.Second {
		t.Errorf("result %+v after %v", res, time.Since(begun))
	}
	if len(tr.sent("stop")) != 1 {
		t.Errorf("stop sent %d times", len(tr.sent("stop")))
	}

	// Stop from another goroutine.
	s, err := e.Go(timeout(t, 5*time.Second), p, usi.Limits{Infinite: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.Done():
		t.Fatal("an infinite search ended by itself")
	case <-time.After(20 * time.Millisecond):
	}
	go s.Stop()
	if res, err := s.Wait(); err != nil || !res.Stopped {
		t.Errorf("Wait after Stop: %+v, %v", res, err)
	}
	if err := s.Stop(); err != nil {
		t.Errorf("Stop after the end: %v", err)
	}
}

func TestPonder(t *testing.T) {
	tr := &transcript{}
	e := startFake(t, tr)
	ctx := timeout(t, 5*time.Second)
	p := mustPosition(t, "position startpos moves 7g7f 3c3d")
	s, err := e.Go(ctx, p, usi.Limits{Ponder: true, Byoyomi: time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PonderHit(); err != nil {
		t.Fatal(err)
	}
	// The fake engine searches a ponder search until stop, ponderhit or not.
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	want := []string{"go ponder btime 0 wtime 0 byoyomi 1000"}
	if diff := cmp.Diff(want, tr.sent("go")); diff != "" {
		t.Errorf("go lines (-want +got):\n%s", diff)
	}
	if len(tr.sent("ponderhit")) != 1 {
		t.Errorf("ponderhit not sent once: %q", tr.all())
	}
	s, err = e.Go(ctx, p, usi.Limits{Depth: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PonderHit(); !errors.Is(err, usi.ErrNotPondering) {
		t.Errorf("PonderHit of a normal search: %v", err)
	}
	s.Wait()
}

func TestBusy(t *testing.T) {
	e := startFake(t, nil)
	ctx := timeout(t, 5*time.Second)
	s, err := e.Go(ctx, shogi.NewStartPosition(), usi.Limits{Infinite: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.IsReady(ctx); !errors.Is(err, usi.ErrBusy) || err.Error() != "usi: fake: isready: the engine is busy with another command (search)" {
		t.Errorf("IsReady during a search: %v", err)
	}
	if _, err := e.Go(ctx, shogi.NewStartPosition(), usi.Limits{Depth: 1}, nil); !errors.Is(err, usi.ErrBusy) {
		t.Errorf("Go during a search: %v", err)
	}
	s.Stop()
	if _, err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	if err := e.IsReady(ctx); err != nil {
		t.Errorf("IsReady after the search: %v", err)
	}
}

func TestGameOverAndClose(t *testing.T) {
	tr := &transcript{}
	e := startFake(t, tr)
	ctx := timeout(t, 5*time.Second)
	for _, r := range []usi.GameResult{usi.Win, usi.Lose, usi.Draw} {
		if err := e.GameOver(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff([]string{"gameover win", "gameover lose", "gameover draw"}, tr.sent("gameover")); diff != "" {
		t.Errorf("gameover lines (-want +got):\n%s", diff)
	}
	if err := e.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := e.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := e.IsReady(ctx); !errors.Is(err, usi.ErrClosed) {
		t.Errorf("IsReady after Close: %v", err)
	}
	if got := tr.sent("quit"); len(got) != 1 {
		t.Errorf("quit sent %d times", len(got))
	}
}

func TestMate(t *testing.T) {
	// 頭金: G*5b mates.
	tsume, err := sfen.Parse("4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := timeout(t, 10*time.Second)
	tests := []struct {
		args     []string
		limit    time.Duration
		want     *usi.MateResult
		sentinel error
	}{
		{[]string{"-script", "G*5b"}, time.Second, &usi.MateResult{Kind: usi.MateFound, Moves: moves(t, "G*5b"), Complete: true}, nil},
		{[]string{"-mode", "nomate"}, 0, &usi.MateResult{Kind: usi.NoMate}, nil},
		{[]string{"-mode", "unknown-mate"}, time.Second, &usi.MateResult{Kind: usi.MateNone}, nil},
		{nil, time.Second, &usi.MateResult{Kind: usi.MateNotImplemented}, nil},
		{[]string{"-mode", "uci-mate", "-script", "G*5b"}, time.Second, &usi.MateResult{Kind: usi.MateFound, Moves: moves(t, "G*5b"), Complete: true}, nil},
		{[]string{"-mode", "false-mate"}, time.Second, &usi.MateResult{Kind: usi.MateFound, Moves: tsume.LegalMoves()[:1]}, usi.ErrFalseMate},
		{[]string{"-script", "G*4a"}, time.Second, &usi.MateResult{Kind: usi.MateFound, Moves: moves(t, "G*4a")}, usi.ErrFalseMate},
		{[]string{"-script", "G*5b 5a5b"}, time.Second, &usi.MateResult{Kind: usi.MateFound, Moves: moves(t, "G*5b")}, usi.ErrIllegalMove},
		{[]string{"-script", "G*5b 5a4a"}, time.Second, &usi.MateResult{Kind: usi.MateFound, Moves: moves(t, "G*5b")}, usi.ErrIllegalMove},
	}
	for _, tt := range tests {
		e := startFake(t, nil, tt.args...)
		got, err := e.Mate(ctx, tsume, tt.limit)
		if !errors.Is(err, tt.sentinel) || (tt.sentinel == nil) != (err == nil) {
			t.Errorf("%v: Mate error %v, want %v", tt.args, err, tt.sentinel)
		}
		if got == nil {
			t.Errorf("%v: no result", tt.args)
			continue
		}
		got.Elapsed = 0
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%v: Mate (-want +got):\n%s", tt.args, diff)
		}
	}

	// A mate search stopped by its context answers timeout.
	e := startFake(t, nil, "-think", "1h")
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	got, err := e.Mate(short, tsume, 0)
	if err != nil || got.Kind != usi.MateTimeout {
		t.Errorf("stopped mate search: %+v, %v", got, err)
	}
}
