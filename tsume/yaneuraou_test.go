package tsume_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi/tsume"
	"github.com/kifu-go/shogi/usi"
)

// TestCompareYaneuraOu solves the problems of testdata/problems.tsv with this solver and
// with YaneuraOu's mate engine, driven by the usi client with "go mate", one thread and
// the same time limit (TSUME_COMPARE_LIMIT, 3s by default), and logs what each solved,
// with the stated length or not, its CPU time and its nodes per CPU second. Set
// SHOGI_YANEURAOU_MATE to the engine's program (built from its public repository with
// YANEURAOU_EDITION=YANEURAOU_MATE_ENGINE); the test is skipped otherwise.
func TestCompareYaneuraOu(t *testing.T) {
	path := os.Getenv("SHOGI_YANEURAOU_MATE")
	if path == "" {
		t.Skip("set SHOGI_YANEURAOU_MATE to YaneuraOu's mate engine to compare")
	}
	limit := 3 * time.Second
	if s := os.Getenv("TSUME_COMPARE_LIMIT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		limit = d
	}
	problems := readProblems(t, "testdata/problems.tsv")
	ctx := context.Background()

	// This solver.
	var solved, stated int
	var nodes uint64
	s := tsume.NewSolver(tsume.Options{Time: limit, HashBytes: 64 << 20})
	cpu := cpuTime()
	for _, pr := range problems {
		r, err := s.Solve(ctx, parse(t, pr.sfen, false))
		if err != nil {
			t.Fatal(err)
		}
		nodes += r.Nodes + r.LineNodes
		if r.Status == tsume.Mate {
			solved++
			if r.Length() == pr.length {
				stated++
			} else {
				t.Logf("tsume %s: %d plies (%v), stated %d", pr.name, r.Length(), r.Line, pr.length)
			}
		}
	}
	ours := cpuTime() - cpu
	t.Logf("tsume: %d problems, %d solved, %d with the stated length, %v CPU, %.2f M nodes/cpu-s",
		len(problems), solved, stated, ours, float64(nodes)/ours.Seconds()/1e6)

	// YaneuraOu's mate engine; its nodes are the last "nodes" of its info lines.
	var last uint64
	hook := func(dir usi.Direction, line string) {
		if os.Getenv("TSUME_COMPARE_TRACE") != "" {
			t.Log(dir, line)
		}
		fs := strings.Fields(line)
		for i := 0; i+1 < len(fs); i++ {
			if fs[i] == "nodes" {
				if n, err := strconv.ParseUint(fs[i+1], 10, 64); err == nil {
					last = n
				}
			}
		}
	}
	before := childrenCPUTime()
	start := func() *usi.Engine {
		e, err := usi.Start(ctx, usi.Config{Path: path, Hook: hook})
		if err != nil {
			t.Fatal(err)
		}
		for name, value := range map[string]string{"Threads": "1", "USI_Hash": "64"} {
			if _, ok := e.Option(name); ok {
				if err := e.SetOption(ctx, name, value); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := e.IsReady(ctx); err != nil {
			t.Fatal(err)
		}
		return e
	}
	e := start()
	crashes := 0
	solved, stated, nodes = 0, 0, 0
	for _, pr := range problems {
		last = 0
		r, err := e.Mate(ctx, parse(t, pr.sfen, false), limit)
		nodes += last
		if err != nil {
			t.Logf("yaneuraou %s: %v", pr.name, err)
			if e.Err() != nil { // the engine died: a new one for the next problem
				crashes++
				e.Close()
				e = start()
			}
			continue
		}
		if r.Kind == usi.MateFound {
			solved++
			if len(r.Moves) == pr.length {
				stated++
			} else {
				t.Logf("yaneuraou %s: %d plies, stated %d", pr.name, len(r.Moves), pr.length)
			}
		} else {
			t.Logf("yaneuraou %s: %v", pr.name, r.Kind)
		}
	}
	if err := e.Close(); err != nil {
		t.Log(err)
	}
	theirs := childrenCPUTime() - before
	t.Logf("yaneuraou: %d problems, %d solved, %d with the stated length, %d crashes, %v CPU, %.2f M nodes/cpu-s",
		len(problems), solved, stated, crashes, theirs, float64(nodes)/theirs.Seconds()/1e6)
}
