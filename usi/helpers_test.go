package usi_test

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/fakeengine"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/usi"
)

// testGrace is the grace period of the engines the tests start: short, so that the
// tests of engines that do not answer stay quick.
const testGrace = 300 * time.Millisecond

// transcript records the lines a Hook sees.
type transcript struct {
	mu    sync.Mutex
	lines []string
}

func (tr *transcript) hook(d usi.Direction, line string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	mark := "> "
	if d == usi.Received {
		mark = "< "
	}
	tr.lines = append(tr.lines, mark+line)
}

// sent returns the lines sent that start with prefix.
func (tr *transcript) sent(prefix string) []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var out []string
	for _, l := range tr.lines {
		if rest, ok := strings.CutPrefix(l, "> "); ok && strings.HasPrefix(rest, prefix) {
			out = append(out, rest)
		}
	}
	return out
}

func (tr *transcript) all() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return append([]string(nil), tr.lines...)
}

// fakeConfig returns the Config that starts the fake engine with args.
func fakeConfig(tr *transcript, args ...string) usi.Config {
	path, a := fakeengine.Command(args...)
	// Under the race detector a process sleeps a second at exit unless told not to,
	// which the short grace period would take for an engine that does not quit.
	env := append(os.Environ(), "GORACE=atexit_sleep_ms=0")
	cfg := usi.Config{Path: path, Args: a, Env: env, Name: "fake", Grace: testGrace}
	if tr != nil {
		cfg.Hook = tr.hook
	}
	return cfg
}

// startFake starts the fake engine with args and closes it when the test ends.
func startFake(t *testing.T, tr *transcript, args ...string) *usi.Engine {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	e, err := usi.Start(ctx, fakeConfig(tr, args...))
	if err != nil {
		t.Fatalf("starting the fake engine %v: %v", args, err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// timeout returns a context that ends after d, cancelled when the test ends.
func timeout(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func mustPosition(t testing.TB, line string) *shogi.Position {
	t.Helper()
	p, err := sfen.ParsePosition(line)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustMove(t testing.TB, s string) shogi.Move {
	t.Helper()
	m, err := shogi.ParseUSIMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func moves(t testing.TB, list ...string) []shogi.Move {
	t.Helper()
	var ms []shogi.Move
	for _, s := range list {
		ms = append(ms, mustMove(t, s))
	}
	return ms
}
