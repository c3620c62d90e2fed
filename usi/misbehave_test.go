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

// TestMisbehavingEngine runs each misbehaviour of the fake engine and checks that it
// ends in an error that says what went wrong, within the context's deadline and the
// grace period.
func TestMisbehavingEngine(t *testing.T) {
	const deadline = 300 * time.Millisecond
	tests := []struct {
		name  string
		args  []string
		op    string // "start", "isready", "search", "close"
		want  []error
		msg   string // a part of the message
		check func(t *testing.T, res *usi.Result)
	}{
		{"dies at start", []string{"-mode", "die-at-start"}, "start", []error{usi.ErrExited},
			`usi: fake: handshake: the engine exited: exit status 1 (its error output ends "fake engine: dying at start")`, nil},
		{"never answers usi", []string{"-mode", "no-usiok"}, "start", []error{usi.ErrNoResponse, context.DeadlineExceeded},
			"usi: fake: handshake: the engine did not answer in time: context deadline exceeded", nil},
		{"garbled option", []string{"-mode", "bad-option"}, "start", []error{usi.ErrMalformed},
			`usi: fake: handshake: column 38: a spin option's default "x" is not an integer, in "option name Broken type spin default x min 1 max 2"`, nil},
		{"never answers isready", []string{"-mode", "no-readyok"}, "isready", []error{usi.ErrNoResponse, context.DeadlineExceeded},
			"usi: fake: isready: the engine did not answer in time: context deadline exceeded", nil},
		{"answers out of order", []string{"-mode", "out-of-order"}, "isready", []error{usi.ErrUnexpected},
			`usi: fake: isready: unexpected line, in "bestmove 7g7f"`, nil},
		{"dies in a search", []string{"-mode", "die-in-search"}, "search", []error{usi.ErrExited},
			`usi: fake: search: the engine exited: exit status 3 (its error output ends "fake engine: dying in the middle of a search")`, nil},
		{"illegal best move", []string{"-mode", "illegal"}, "search", []error{usi.ErrIllegalMove, shogi.ErrNotYourPiece},
			`usi: fake: search: illegal move 1a1b at move 1: the piece belongs to the opponent, in "bestmove 1a1b"`,
			func(t *testing.T, res *usi.Result) {
				if res == nil || res.BestMove.String() != "1a1b" {
					t.Errorf("result %+v, want the illegal move", res)
				}
			}},
		{"malformed best move", []string{"-mode", "malformed"}, "search", []error{usi.ErrMalformed},
			`usi: fake: search: column 10: bestmove "7z7f" is not a USI move, in "bestmove 7z7f"`, nil},
		{"garbled info line", []string{"-mode", "garbled-info", "-think", "1h"}, "search", []error{usi.ErrMalformed},
			`usi: fake: search: column 12: depth "x" is not a count, in "info depth x score cp 10"`,
			func(t *testing.T, res *usi.Result) {
				if res == nil || !res.Stopped {
					t.Errorf("result %+v, want the answer to stop", res)
				}
			}},
		{"hangs", []string{"-mode", "hang"}, "search", []error{usi.ErrNoResponse, context.DeadlineExceeded},
			"usi: fake: search: the engine did not answer in time: no bestmove 300ms after stop (context deadline exceeded); it was killed", nil},
		{"floods and ignores stop", []string{"-mode", "flood,ignore-stop"}, "search", []error{usi.ErrNoResponse, context.DeadlineExceeded},
			"usi: fake: search: the engine did not answer in time: no bestmove 300ms after stop (context deadline exceeded); it was killed", nil},
		{"floods one line", []string{"-mode", "flood-line"}, "search", []error{usi.ErrLineTooLong},
			"usi: fake: search: line longer than 65536 bytes", nil},
		{"ignores quit", []string{"-mode", "ignore-quit"}, "close", []error{usi.ErrNoResponse},
			"usi: fake: quit: the engine did not answer in time: it did not quit within 300ms and was killed", nil},
		// Misbehaviour the client passes over.
		{"floods until stopped", []string{"-mode", "flood"}, "search", nil, "",
			func(t *testing.T, res *usi.Result) {
				if res == nil || !res.Stopped || len(res.Lines) != 1 {
					t.Errorf("result %+v", res)
				}
			}},
		{"junk lines", []string{"-mode", "garbage"}, "search", nil, "", nil},
		{"answers stop late", []string{"-mode", "stop-answers-late", "-think", "1h"}, "search", nil, "", nil},
		{"illegal PV", []string{"-mode", "illegal-pv"}, "search", nil, "",
			func(t *testing.T, res *usi.Result) {
				best, ok := res.Best()
				if !ok || len(best.PV) != 1 || !errors.Is(best.PVError, shogi.ErrNoPiece) {
					t.Errorf("best line %+v", best)
				}
			}},
		{"resigns", []string{"-mode", "resign"}, "search", nil, "",
			func(t *testing.T, res *usi.Result) {
				if !res.Resign || res.BestMove != shogi.NoMove {
					t.Errorf("result %+v", res)
				}
			}},
		{"declares", []string{"-mode", "declare"}, "search", nil, "",
			func(t *testing.T, res *usi.Result) {
				if !res.Win || res.BestMove != shogi.NoMove {
					t.Errorf("result %+v", res)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), deadline)
			defer cancel()
			begun := time.Now()
			var err error
			var res *usi.Result
			switch tt.op {
			case "start":
				var e *usi.Engine
				e, err = usi.Start(ctx, fakeConfig(nil, tt.args...))
				if e != nil {
					e.Close()
				}
			default:
				e := startFake(t, nil, tt.args...)
				switch tt.op {
				case "isready":
					err = e.IsReady(ctx)
				case "search":
					lim := usi.Limits{Byoyomi: time.Second}
					if strings.Contains(strings.Join(tt.args, " "), "flood") {
						lim = usi.Limits{Infinite: true}
					}
					res, err = e.Search(ctx, shogi.NewStartPosition(), lim)
				case "close":
					err = e.Close()
				}
				if tt.op != "close" && len(tt.want) > 0 {
					// The engine can still be closed, at once when it was killed.
					e.Close()
				}
			}
			took := time.Since(begun)
			// A hang is what this catches, not a slow machine: the slack is generous.
			if took > deadline+2*testGrace+15*time.Second {
				t.Errorf("took %v", took)
			}
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("error %v", err)
				}
			} else {
				if err == nil {
					t.Fatal("no error")
				}
				for _, w := range tt.want {
					if !errors.Is(err, w) {
						t.Errorf("%v does not wrap %v", err, w)
					}
				}
				if !strings.HasPrefix(err.Error(), tt.msg) {
					t.Errorf("error\n%q, want it to start with\n%q", err, tt.msg)
				}
				var ee *usi.EngineError
				if !errors.As(err, &ee) || ee.Engine != "fake" {
					t.Errorf("%v is no *EngineError of the fake engine", err)
				}
			}
			if tt.check != nil {
				tt.check(t, res)
			}
		})
	}
}

// TestEngineUnusableAfterFailure checks what the calls after a failure say.
func TestEngineUnusableAfterFailure(t *testing.T) {
	e := startFake(t, nil, "-mode", "no-readyok")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := e.IsReady(ctx); !errors.Is(err, usi.ErrNoResponse) {
		t.Fatalf("IsReady: %v", err)
	}
	_, err := e.Search(context.Background(), shogi.NewStartPosition(), usi.Limits{Depth: 1})
	if !errors.Is(err, usi.ErrNoResponse) || !strings.HasPrefix(err.Error(), "usi: fake: search: the engine did not answer in time") {
		t.Errorf("Search after the engine was killed: %v", err)
	}

	// An unexpected line that comes while no call waits is the next call's error.
	tr := &transcript{}
	e = startFake(t, tr, "-mode", "out-of-order")
	ctx = timeout(t, 5*time.Second)
	if err := e.IsReady(ctx); !errors.Is(err, usi.ErrUnexpected) {
		t.Fatalf("IsReady: %v", err)
	}
	// The readyok that came after the bestmove answered nothing.
	time.Sleep(50 * time.Millisecond)
	if err := e.SetOption(ctx, "Threads", "2"); !errors.Is(err, usi.ErrUnexpected) || !strings.Contains(err.Error(), `"readyok"`) {
		t.Errorf("SetOption after a stray readyok: %v", err)
	}
	if err := e.SetOption(ctx, "Threads", "2"); err != nil {
		t.Errorf("SetOption after the error: %v", err)
	}
}
