package usi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/usi"
)

// startFakeWith starts the fake engine with args and the config's deadlines changed by
// set, and closes it when the test ends.
func startFakeWith(t *testing.T, tr *transcript, set func(*usi.Config), args ...string) *usi.Engine {
	t.Helper()
	cfg := fakeConfig(tr, args...)
	set(&cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e, err := usi.Start(ctx, cfg)
	if err != nil {
		t.Fatalf("starting the fake engine %v: %v", args, err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// count returns how many of lines are s.
func count(lines []string, s string) int {
	n := 0
	for _, l := range lines {
		if l == s {
			n++
		}
	}
	return n
}

// TestSearchDeadline: every search has a deadline derived from its limits, though the
// context has none; an engine that never answers is told to stop once at that deadline,
// then killed, and the error says what it failed to do.
func TestSearchDeadline(t *testing.T) {
	short := func(c *usi.Config) { c.Margin, c.MoveTimeout = 50*time.Millisecond, 200*time.Millisecond }
	tests := []struct {
		name string
		lim  usi.Limits
		want string // in the error
	}{
		{"byoyomi", usi.Limits{Byoyomi: 100 * time.Millisecond}, `no bestmove 300ms after stop (sent at its deadline, 150ms after "go btime 0 wtime 0 byoyomi 100")`},
		{"main time", usi.Limits{BlackTime: 100 * time.Millisecond, WhiteTime: time.Hour}, `sent at its deadline, 150ms after "go btime 100 wtime 3600000 byoyomi 0"`},
		{"depth", usi.Limits{Depth: 30}, `sent at its deadline, 200ms after "go depth 30"`},
		{"nodes", usi.Limits{Nodes: 1 << 40}, `sent at its deadline, 200ms after "go nodes 1099511627776"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := &transcript{}
			e := startFakeWith(t, tr, short, "-mode", "hang")
			// context.Background: no deadline but the search's own.
			_, err := e.Search(context.Background(), shogi.NewStartPosition(), tt.lim)
			if !errors.Is(err, usi.ErrNoResponse) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want ErrNoResponse and %q", err, tt.want)
			}
			if n := count(tr.sent("stop"), "stop"); n != 1 {
				t.Errorf("stop sent %d times, want once", n)
			}
			if e.Err() == nil {
				t.Errorf("the engine was not killed")
			}
		})
	}
	t.Run("mate", func(t *testing.T) {
		tr := &transcript{}
		e := startFakeWith(t, tr, short, "-mode", "hang")
		_, err := e.Mate(context.Background(), shogi.NewStartPosition(), 100*time.Millisecond)
		if !errors.Is(err, usi.ErrNoResponse) || !strings.Contains(err.Error(), `no checkmate 300ms after stop (sent at its deadline, 150ms after "go mate 100")`) {
			t.Errorf("error %v", err)
		}
	})
	// An engine that overruns its time but answers stop: the search ends normally,
	// stopped.
	t.Run("answers stop", func(t *testing.T) {
		tr := &transcript{}
		e := startFakeWith(t, tr, short, "-think", "1h")
		res, err := e.Search(context.Background(), shogi.NewStartPosition(), usi.Limits{Byoyomi: 100 * time.Millisecond})
		if err != nil || !res.Stopped || res.BestMove == shogi.NoMove {
			t.Errorf("result %+v, error %v", res, err)
		}
		if e.Err() != nil {
			t.Errorf("the engine was killed: %v", e.Err())
		}
	})
}

// TestSearchWithoutEnd: an infinite or ponder search, or go mate infinite, is refused
// without a context that can end; nothing is sent.
func TestSearchWithoutEnd(t *testing.T) {
	tr := &transcript{}
	e := startFake(t, tr)
	for _, lim := range []usi.Limits{{Infinite: true}, {Ponder: true, Byoyomi: time.Second}} {
		if _, err := e.Go(context.Background(), shogi.NewStartPosition(), lim, nil); !errors.Is(err, usi.ErrNoLimit) {
			t.Errorf("%+v: error %v, want ErrNoLimit", lim, err)
		}
	}
	if _, err := e.Mate(context.Background(), shogi.NewStartPosition(), 0); !errors.Is(err, usi.ErrNoLimit) {
		t.Errorf("go mate infinite: error %v, want ErrNoLimit", err)
	}
	if got := tr.sent("go"); len(got) != 0 {
		t.Errorf("sent %q", got)
	}
	// With a context that ends, an infinite search runs until it does.
	ctx, cancel := context.WithCancel(context.Background())
	s, err := e.Go(ctx, shogi.NewStartPosition(), usi.Limits{Infinite: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if res, err := s.Wait(); err != nil || !res.Stopped {
		t.Errorf("result %+v, error %v", res, err)
	}
}

// TestReadyTimeout: isready without a deadline in its context is given
// Config.ReadyTimeout; the engine that never answers is killed.
func TestReadyTimeout(t *testing.T) {
	e := startFakeWith(t, nil, func(c *usi.Config) { c.ReadyTimeout = 200 * time.Millisecond }, "-mode", "no-readyok")
	err := e.IsReady(context.Background())
	if !errors.Is(err, usi.ErrNoResponse) || !strings.Contains(err.Error(), "no answer to isready within 200ms") {
		t.Errorf("error %v", err)
	}
	if e.Err() == nil {
		t.Errorf("the engine was not killed")
	}
}

func TestLimitsWithin(t *testing.T) {
	const m, mt = 100 * time.Millisecond, time.Minute
	tests := []struct {
		lim  usi.Limits
		side shogi.Color
		want time.Duration
	}{
		{usi.Limits{Byoyomi: time.Second}, shogi.Black, 1100 * time.Millisecond},
		{usi.Limits{BlackTime: 5 * time.Second, WhiteTime: 2 * time.Second, Byoyomi: time.Second}, shogi.White, 3100 * time.Millisecond},
		{usi.Limits{BlackTime: 5 * time.Second, WhiteTime: 2 * time.Second, BlackIncrement: time.Second}, shogi.Black, 5100 * time.Millisecond},
		{usi.Limits{BlackTime: time.Second, Depth: 5}, shogi.Black, 1100 * time.Millisecond},
		{usi.Limits{Depth: 5}, shogi.Black, time.Minute},
		{usi.Limits{Nodes: 5}, shogi.White, time.Minute},
		{usi.Limits{Infinite: true}, shogi.Black, 0},
		{usi.Limits{Ponder: true, Byoyomi: time.Second}, shogi.Black, 0},
	}
	for _, tt := range tests {
		if got := tt.lim.Within(tt.side, m, mt); got != tt.want {
			t.Errorf("%+v.Within(%v) = %v, want %v", tt.lim, tt.side, got, tt.want)
		}
	}
}
