package csaserver

// Load and faults on 127.0.0.1, bounded and self-stopping: csaproto clients play games
// of random legal moves while some players misbehave (leave, send garbage, send a
// 10 MB line, stall mid-line). Every game must end with the right result and a valid
// record, the others unaffected, and the goroutines and the heap must come back to
// their baseline. go test runs a short version; SHOGI_SERVER_LOAD=1 runs 200
// connections playing 100 games and reports games/s, the p99 move latency and the
// peak RSS.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csaproto"
)

// fault is how a misbehaving player ends its game.
type fault int

const (
	faultNone fault = iota
	faultLeave
	faultGarbage
	faultHugeLine
	faultStall
)

var faultNames = [...]string{"none", "leave", "garbage", "10 MB line", "stall mid-line"}

type loadStats struct {
	mu        sync.Mutex
	latencies []time.Duration
}

func (s *loadStats) add(d time.Duration) {
	s.mu.Lock()
	s.latencies = append(s.latencies, d)
	s.mu.Unlock()
}

// randomPlayer plays one game as user in game name; with a fault it misbehaves at its
// fifth move. It returns its side and the result it was told (nil for a faulty player).
func randomPlayer(ctx context.Context, addr, user, game string, f fault, seed uint64, stats *loadStats) (shogi.Color, *csaproto.Result, error) {
	rng := rand.New(rand.NewPCG(seed, 7))
	nc, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return 0, nil, err
	}
	c := csaproto.NewClient(nc, csaproto.Config{})
	defer c.Close()
	if err := c.Login(ctx, user, game+",pw"); err != nil {
		return 0, nil, err
	}
	s, err := c.WaitGame(ctx)
	if err != nil {
		return 0, nil, err
	}
	me := s.YourTurn
	if err := c.Agree(ctx); err != nil {
		return me, nil, err
	}
	pos := c.Position()
	moves := 0
	for {
		if pos.SideToMove() != me {
			u, err := c.Next(ctx)
			if err != nil {
				return me, nil, err
			}
			if u.Result != nil {
				return me, u.Result, c.Logout(ctx)
			}
			pos.PlayUnchecked(u.Move)
			continue
		}
		if moves++; moves == 5 && f != faultNone {
			switch f {
			case faultLeave:
			case faultGarbage:
				nc.Write([]byte("\x00\xff garbage \x1b[31m\n"))
			case faultHugeLine:
				line := make([]byte, 10<<20)
				for i := range line {
					line[i] = 'A'
				}
				nc.Write(append(line, '\n'))
			case faultStall:
				nc.Write([]byte("+77"))
				time.Sleep(1500 * time.Millisecond) // past the line timeout of the test's server
			}
			return me, nil, nil
		}
		legal := pos.LegalMoves()
		if len(legal) == 0 {
			r, err := c.Resign(ctx)
			if err == nil {
				err = c.Logout(ctx)
			}
			return me, r, err
		}
		m := legal[rng.IntN(len(legal))]
		start := time.Now()
		u, err := c.Move(ctx, m, nil)
		if err != nil {
			return me, nil, err
		}
		stats.add(time.Since(start))
		if u.Result != nil {
			return me, u.Result, c.Logout(ctx)
		}
		pos.PlayUnchecked(u.Move)
	}
}

type playerOutcome struct {
	user  string
	fault fault
	side  shogi.Color
	res   *csaproto.Result
	err   error
}

// runLoad plays games games (2×games connections), faulty of them with a faulty
// player, and checks everything the package promises about them.
func runLoad(t *testing.T, games, faulty int) {
	dir := t.TempDir()
	runtime.GC()
	baseG := runtime.NumGoroutine()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	// SHOGI_SERVER_LOAD_ADDR and SHOGI_SERVER_LOAD_DIR (empty) play against a server run
	// apart ("shogi server -o DIR"), to measure its own peak RSS.
	addr, external := os.Getenv("SHOGI_SERVER_LOAD_ADDR"), false
	var srv *Server
	served := make(chan error, 1)
	if addr != "" {
		external, dir = true, os.Getenv("SHOGI_SERVER_LOAD_DIR")
		served <- ErrServerClosed
	} else {
		var err error
		srv, err = New(Config{RecordDir: dir, LineTimeout: time.Second, MaxConnections: 2*games + 10, MaxGames: games})
		if err != nil {
			t.Fatal(err)
		}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		go func() { served <- srv.Serve(l) }()
		addr = l.Addr().String()
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	stats := &loadStats{}
	out := make(chan playerOutcome, 2*games)
	start := time.Now()
	for i := range games {
		f := faultNone
		if i < faulty {
			f = fault(1 + i%4)
		}
		// each pair has its own game name, so that the faulty player's opponent is known
		name := fmt.Sprintf("load%d-60-1", i)
		for j, pf := range []fault{f, faultNone} {
			user := fmt.Sprintf("p%d-%d", i, j)
			go func() {
				side, res, err := randomPlayer(ctx, addr, user, name, pf, uint64(i*2+j), stats)
				out <- playerOutcome{user, pf, side, res, err}
			}()
		}
	}
	outcomes := map[string]playerOutcome{}
	for range 2 * games {
		o := <-out
		outcomes[o.user] = o
	}
	elapsed := time.Since(start)
	lines := waitResults(t, dir, games)
	if !external {
		srv.Close()
	}
	if err := <-served; err != ErrServerClosed {
		t.Errorf("serve: %v", err)
	}

	// every game ended with a result and a valid record
	if n := validateDir(t, dir); n != games {
		t.Errorf("%d records, want %d", n, games)
	}
	results := map[string]Result{}
	for _, l := range lines {
		var r Result
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		results[r.Game] = r
	}
	reasons := map[string]int{}
	for i := range games {
		name := fmt.Sprintf("load%d-60-1", i)
		r, ok := results[name]
		if !ok {
			t.Errorf("%s: no result", name)
			continue
		}
		reasons[r.Reason]++
		bad, good := outcomes[fmt.Sprintf("p%d-0", i)], outcomes[fmt.Sprintf("p%d-1", i)]
		if good.err != nil {
			t.Errorf("%s: %s: %v", name, good.user, good.err)
			continue
		}
		if bad.fault == faultNone {
			if bad.err != nil {
				t.Errorf("%s: %s: %v", name, bad.user, bad.err)
			}
			if r.Result == "none" || r.Reason == "abnormal" || r.Reason == "illegal move" || r.Reason == "time up" {
				t.Errorf("%s: a game of two good players ended %s (%s)", name, r.Reason, r.Detail)
			}
			continue
		}
		// the faulty player lost, and its opponent was told it won
		if r.Winner != good.user || good.res == nil || good.res.Outcome != csaproto.Win {
			t.Errorf("%s: fault %s: result %+v, the good player told %+v", name, faultNames[bad.fault], r, good.res)
		}
	}

	// goroutines and heap back to the baseline
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > baseG+2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > baseG+2 {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after the load, %d before\n%s", g, baseG, buf[:runtime.Stack(buf, true)])
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if grow := int64(after.HeapAlloc) - int64(before.HeapAlloc); grow > 4<<20 {
		t.Errorf("heap grew by %d bytes after the load", grow)
	}

	lat := stats.latencies
	slices.Sort(lat)
	p := func(q float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(q*float64(len(lat))))]
	}
	t.Logf("%d games (%d with a faulty player) on %d connections in %v: %.1f games/s, %d moves, %.0f moves/s; move latency p50 %v p99 %v max %v; peak RSS %s; endings %v; heap %+d KiB and goroutines %d→%d after",
		games, faulty, 2*games, elapsed.Round(time.Millisecond), float64(games)/elapsed.Seconds(), len(lat),
		float64(len(lat))/elapsed.Seconds(), p(0.5), p(0.99), p(1), peakRSS(), reasons,
		(int64(after.HeapAlloc)-int64(before.HeapAlloc))>>10, baseG, runtime.NumGoroutine())
}

// peakRSS reads the process's peak resident set (VmHWM) on Linux.
func peakRSS() string {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func TestLoadShort(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	runLoad(t, 12, 4)
}

func TestLoadFull(t *testing.T) {
	if os.Getenv("SHOGI_SERVER_LOAD") == "" {
		t.Skip("SHOGI_SERVER_LOAD=1 runs 200 connections playing 100 games")
	}
	runLoad(t, 100, 8)
}
