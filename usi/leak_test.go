package usi_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/usi"
)

// childProcesses returns the process ids whose parent is this process, from /proc
// (nil, false where there is none).
func childProcesses() ([]int, bool) {
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil || len(stats) == 0 {
		return nil, false
	}
	me := os.Getpid()
	var children []int
	for _, path := range stats {
		data, err := os.ReadFile(path)
		if err != nil {
			continue // the process ended meanwhile
		}
		// pid (comm) state ppid …; comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(string(data[i+1:]))
		if len(fields) < 2 {
			continue
		}
		if ppid, _ := strconv.Atoi(fields[1]); ppid == me {
			pid, _ := strconv.Atoi(strings.Fields(string(data[:i]))[0])
			children = append(children, pid)
		}
	}
	return children, true
}

// TestNothingLeftBehind runs engines that end well and badly (killed because they hang,
// dying, flooding, ignoring quit) and checks that afterwards no goroutine of the client
// and no engine process is left.
func TestNothingLeftBehind(t *testing.T) {
	before := runtime.NumGoroutine()
	if children, ok := childProcesses(); ok && len(children) > 0 {
		t.Fatalf("child processes before the test: %v", children)
	}
	run := func(mode string, op func(e *usi.Engine)) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		e, err := usi.Start(ctx, fakeConfig(nil, "-mode", mode))
		if err != nil {
			return // an engine that fails to start is killed and reaped by Start
		}
		if op != nil {
			op(e)
		}
		e.Close()
	}
	search := func(lim usi.Limits) func(e *usi.Engine) {
		return func(e *usi.Engine) {
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			e.Search(ctx, shogi.NewStartPosition(), lim)
		}
	}
	run("", search(usi.Limits{Depth: 1}))
	run("", nil)
	run("die-at-start", nil)
	run("no-usiok", nil)
	run("no-readyok", func(e *usi.Engine) {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		e.IsReady(ctx)
	})
	run("hang", search(usi.Limits{Byoyomi: time.Second}))
	run("die-in-search", search(usi.Limits{Byoyomi: time.Second}))
	run("flood,ignore-stop", search(usi.Limits{Infinite: true}))
	run("flood", search(usi.Limits{Infinite: true}))
	run("flood-line", search(usi.Limits{Byoyomi: time.Second}))
	run("garbled-info", search(usi.Limits{Infinite: true}))
	run("ignore-quit", nil)
	run("", func(e *usi.Engine) {
		// Close during a search that no one waits for.
		e.Go(context.Background(), shogi.NewStartPosition(), usi.Limits{Infinite: true}, nil)
	})

	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before, %d after:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
	if children, ok := childProcesses(); !ok {
		t.Log("no /proc: the processes are not checked")
	} else if len(children) > 0 {
		t.Errorf("engine processes left: %v", children)
	}
}
