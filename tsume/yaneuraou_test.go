package tsume_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi/internal/cputime"
	"github.com/kifu-go/shogi/tsume"
	"github.com/kifu-go/shogi/usi"
)

// compareSettings returns YaneuraOu's mate engine (SHOGI_YANEURAOU_MATE; the test is
// skipped without it) and the time limit of a problem (TSUME_COMPARE_LIMIT, 3s).
func compareSettings(t *testing.T) (path string, limit time.Duration) {
	path = os.Getenv("SHOGI_YANEURAOU_MATE")
	if path == "" {
		t.Skip("set SHOGI_YANEURAOU_MATE to YaneuraOu's mate engine to compare")
	}
	limit = 3 * time.Second
	if s := os.Getenv("TSUME_COMPARE_LIMIT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		limit = d
	}
	return path, limit
}

// startMateEngine starts the engine of cfg with one thread and a hash of hashMiB, ready.
func startMateEngine(ctx context.Context, t *testing.T, cfg usi.Config, hashMiB int) *usi.Engine {
	e, err := usi.Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for name, value := range map[string]string{"Threads": "1", "USI_Hash": strconv.Itoa(hashMiB)} {
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

// readNodes sets *last to the "nodes" of an engine's info line, if it has one.
func readNodes(line string, last *uint64) {
	fs := strings.Fields(line)
	for i := 0; i+1 < len(fs); i++ {
		if fs[i] == "nodes" {
			if n, err := strconv.ParseUint(fs[i+1], 10, 64); err == nil {
				*last = n
			}
		}
	}
}

// TestCompareYaneuraOu solves the problems of testdata/problems.tsv with this solver and
// with YaneuraOu's mate engine, driven by the usi client with "go mate", one thread and
// the same time limit (TSUME_COMPARE_LIMIT, 3s by default), and logs what each solved,
// with the stated length or not, its CPU time and its nodes per CPU second. Set
// SHOGI_YANEURAOU_MATE to the engine's program (built from its public repository with
// YANEURAOU_EDITION=YANEURAOU_MATE_ENGINE); the test is skipped otherwise.
func TestCompareYaneuraOu(t *testing.T) {
	path, limit := compareSettings(t)
	problems := readProblems(t, "testdata/problems.tsv")
	ctx := context.Background()

	// This solver.
	var solved, stated int
	var nodes uint64
	s := tsume.NewSolver(tsume.Options{Time: limit, HashBytes: 64 << 20})
	cpu := cputime.Process()
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
	ours := cputime.Process() - cpu
	t.Logf("tsume: %d problems, %d solved, %d with the stated length, %v CPU, %.2f M nodes/cpu-s",
		len(problems), solved, stated, ours, float64(nodes)/ours.Seconds()/1e6)

	// YaneuraOu's mate engine; its nodes are the last "nodes" of its info lines.
	var last uint64
	hook := func(dir usi.Direction, line string) {
		if os.Getenv("TSUME_COMPARE_TRACE") != "" {
			t.Log(dir, line)
		}
		readNodes(line, &last)
	}
	before := cputime.Children()
	start := func() *usi.Engine {
		return startMateEngine(ctx, t, usi.Config{Path: path, Hook: hook}, 64)
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
	theirs := cputime.Children() - before
	t.Logf("yaneuraou: %d problems, %d solved, %d with the stated length, %d crashes, %v CPU, %.2f M nodes/cpu-s",
		len(problems), solved, stated, crashes, theirs, float64(nodes)/theirs.Seconds()/1e6)
}

// sideTally counts one solver's answers over the collection.
type sideTally struct {
	problems, mates, found, withLength, atLength int // published mates, mates found, ... with a published length, found at it
	noMates, provenNoMate                        int // published no-mates, proven so
	wrong, unknown, killed, crashes              int // a wrong verdict, no answer, killed past the limit, died on its own
	nodes                                        uint64
	wall, cpu                                    time.Duration
}

func (c *sideTally) add(p collected, g answer) {
	c.problems++
	switch {
	case p.want.noMate:
		c.noMates++
		if g.noMate {
			c.provenNoMate++
		}
		if g.length > 0 || g.mate {
			c.wrong++
		}
	default:
		c.mates++
		if g.length > 0 || g.mate {
			c.found++
		}
		if p.want.length > 0 {
			c.withLength++
			if g.length == p.want.length {
				c.atLength++
			}
		}
		if g.noMate {
			c.wrong++
		}
	}
	if g.unknown {
		c.unknown++
	}
}

func (c *sideTally) String() string {
	return fmt.Sprintf("%d problems: mates found %d/%d, at the published length %d/%d, no-mate proven %d/%d, wrong %d, unknown %d, killed %d, crashed %d; wall %v, CPU %v, %.2f M nodes/CPU-s",
		c.problems, c.found, c.mates, c.atLength, c.withLength, c.provenNoMate, c.noMates, c.wrong, c.unknown, c.killed, c.crashes,
		c.wall.Round(time.Millisecond), c.cpu.Round(time.Millisecond), float64(c.nodes)/c.cpu.Seconds()/1e6)
}

// TestCompareYaneuraOuCollection runs the whole of testdata/collection on this solver
// and on YaneuraOu's mate engine (SHOGI_YANEURAOU_MATE), one thread each, with the same
// time limit per problem (TSUME_COMPARE_LIMIT, 3s) and the same hash budget
// (TSUME_COMPARE_HASH in MiB, 256). This solver runs twice: first for the tsume line,
// following each file's conventions and counting a length only when its tsume-line
// search settled it; then for any mate (AnyMate), the engine's question, whose length
// is that of the proof's line, as the engine's is that of the line it answers. The engine is driven by the usi client with "go mate";
// it is told to stop at the limit and killed one second later when it does not answer
// (it does not keep its own limit), and restarted after it dies. It logs both tallies,
// wall and CPU time, each solver's nodes per CPU second (the engine's nodes are the last
// "nodes" of its info lines, so a killed or crashed search counts only what it printed)
// and this solver's memory: its tables, and the Go heap's peak, against the budget. Set
// TSUME_COMPARE_TRACE to log every problem.
func TestCompareYaneuraOuCollection(t *testing.T) {
	path, limit := compareSettings(t)
	hashMiB := 256
	if s := os.Getenv("TSUME_COMPARE_HASH"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("TSUME_COMPARE_HASH=%q: want MiB", s)
		}
		hashMiB = n
	}
	trace := os.Getenv("TSUME_COMPARE_TRACE") != ""
	ps := readCollection(t)
	ctx := context.Background()

	// YaneuraOu's mate engine, restarted when it dies.
	var last uint64
	hook := func(dir usi.Direction, line string) { readNodes(line, &last) }
	start := func() *usi.Engine {
		return startMateEngine(ctx, t, usi.Config{Path: path, Hook: hook, Margin: -1, Grace: time.Second}, hashMiB)
	}
	var theirs sideTally
	yaneuraou := func(e *usi.Engine, p collected) *usi.Engine {
		last = 0
		began := time.Now()
		r, err := e.Mate(ctx, parse(t, p.sfen, false), limit)
		theirs.wall += time.Since(began)
		theirs.nodes += last
		g := answer{unknown: true}
		if err == nil {
			switch r.Kind {
			case usi.MateFound:
				g = answer{length: len(r.Moves)}
			case usi.NoMate:
				g = answer{noMate: true}
			}
		} else {
			t.Logf("yaneuraou %s: %v", p.id, err)
			if e.Err() != nil { // the engine died or was killed: a new one for the next problem
				if time.Since(began) >= limit {
					theirs.killed++
				} else {
					theirs.crashes++
				}
				e.Close()
				e = start()
			}
		}
		theirs.add(p, g)
		if trace || (g.noMate && !p.want.noMate) || (g.length > 0 && p.want.noMate) {
			t.Logf("yaneuraou %s: published %v, got %v in %v", p.id, p.want, g, time.Since(began).Round(time.Millisecond))
		}
		return e
	}

	// This solver follows each source's conventions with one Solver at a time, so that
	// its tables are the only ones alive. Then it answers any mate (AnyMate), the
	// question the engine answers, alternating with the engine on each problem, so that
	// both meet the same load on a shared machine.
	var ours, anyMate sideTally
	// The heap is held to the budget as shogi mate, tsume and usi hold it: the tables
	// plus 64 MiB for the rest (cmd/shogi/heap_limit.go).
	heapLimit := int64(hashMiB+64) << 20
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(heapLimit))
	runtime.GC()
	var ms runtime.MemStats
	var peakHeap uint64
	var tables int
	solve := func(s *tsume.Solver, tally *sideTally, p collected) tsume.Result {
		pos := parse(t, p.sfen, false)
		cpu, began := cputime.Process(), time.Now()
		r, err := s.Solve(ctx, pos)
		tally.cpu += cputime.Process() - cpu
		tally.wall += time.Since(began)
		if err != nil {
			t.Fatal(err)
		}
		tally.nodes += r.Nodes + r.LineNodes
		runtime.ReadMemStats(&ms)
		peakHeap = max(peakHeap, ms.HeapInuse)
		return r
	}
	for _, futile := range []tsume.Futile{tsume.FutileDrops, tsume.FutileNone} {
		s := tsume.NewSolver(tsume.Options{Time: limit, HashBytes: hashMiB << 20, LineNodes: 1 << 40, Futile: futile})
		tables = max(tables, s.TableBytes())
		for _, p := range ps {
			if p.futile != futile {
				continue
			}
			r := solve(s, &ours, p)
			g := got(r)
			ours.add(p, g)
			if trace || (g.noMate && !p.want.noMate) || ((g.length > 0 || g.mate) && p.want.noMate) {
				t.Logf("tsume %s: published %v, got %v (%v) in %v", p.id, p.want, g, r.Line, r.Time.Round(time.Millisecond))
			}
		}
		runtime.GC() // s is dead: its tables go before the next Solver's
	}
	s := tsume.NewSolver(tsume.Options{Time: limit, HashBytes: hashMiB << 20, AnyMate: true})
	before := cputime.Children()
	e := start()
	for _, p := range ps {
		r := solve(s, &anyMate, p)
		g := got(r)
		if g.mate && len(r.Moves) > 0 {
			g = answer{length: len(r.Moves)} // the proof's line, as the engine's
		}
		anyMate.add(p, g)
		if trace || (g.noMate && !p.want.noMate) || ((g.length > 0 || g.mate) && p.want.noMate) {
			t.Logf("any mate %s: published %v, got %v in %v", p.id, p.want, g, r.Time.Round(time.Millisecond))
		}
		e = yaneuraou(e, p)
	}
	if err := e.Close(); err != nil {
		t.Log(err)
	}
	theirs.cpu = cputime.Children() - before
	runtime.ReadMemStats(&ms)
	t.Logf("tsume (one thread, %v a problem, hash %d MiB): %v", limit, hashMiB, &ours)
	t.Logf("tsume, any mate (AnyMate, %v a problem, hash %d MiB): %v", limit, hashMiB, &anyMate)
	t.Logf("tsume memory: tables %d MiB, Go heap in use at most %d MiB (sampled after each problem), obtained from the OS %d MiB",
		tables>>20, peakHeap>>20, ms.Sys>>20)
	if tables > hashMiB<<20 {
		t.Errorf("tables of %d bytes over the budget of %d MiB", tables, hashMiB)
	}
	if peakHeap > uint64(heapLimit) {
		t.Errorf("Go heap in use reached %d MiB, over the budget and margin of %d MiB", peakHeap>>20, heapLimit>>20)
	}
	t.Logf("yaneuraou (Threads 1, go mate %d, USI_Hash %d): %v", limit.Milliseconds(), hashMiB, &theirs)
}
