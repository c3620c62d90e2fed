package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi/csaproto"
	"github.com/kifu-go/shogi/csaserver"
)

func TestServerUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-declaration", "25"}, {"-max-moves", "-1"}, {"-floodgate-games", "nope"}, {"-floodgate-every", "0s"},
		{"-least-time-per-move", "-2"}, {"extra"}, {"-event", "a/b"}, {"-bogus"},
	} {
		var out, errb strings.Builder
		if code := run(append([]string{"server"}, args...), nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errb.String())
		}
	}
}

// TestServerGame runs shogi server with -json and -o, plays a game on it with two
// csaproto clients and checks the record and the results log.
func TestServerGame(t *testing.T) {
	dir := t.TempDir()
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		var errb strings.Builder
		code := run([]string{"server", "-addr", "127.0.0.1:0", "-json", "-o", dir, "-stop-after", "2s", "-max-moves", "10"}, nil, pw, &errb)
		pw.Close()
		done <- code
	}()
	sc := bufio.NewScanner(pr)
	var addr string
	for addr == "" && sc.Scan() {
		var e csaserver.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("not a JSON event: %q", sc.Text())
		}
		if e.Kind == "listen" {
			addr = e.Detail
		}
	}
	moves := make(chan int, 1)
	go func() {
		n := 0
		for sc.Scan() {
			var e csaserver.Event
			if json.Unmarshal(sc.Bytes(), &e) == nil && e.Kind == "move" && strings.Contains(e.Move, ",T") {
				n++
			}
		}
		moves <- n
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	results := make(chan string, 2)
	for _, user := range []string{"alice", "bob"} {
		go func() {
			c, err := csaproto.Dial(ctx, addr, csaproto.Config{})
			if err != nil {
				results <- err.Error()
				return
			}
			defer c.Close()
			if err := c.Login(ctx, user, "cli-60-0,pw"); err != nil {
				results <- err.Error()
				return
			}
			s, err := c.WaitGame(ctx)
			if err != nil {
				results <- err.Error()
				return
			}
			if err := c.Agree(ctx); err != nil {
				results <- err.Error()
				return
			}
			for {
				pos := c.Position()
				if pos.SideToMove() == s.YourTurn {
					m := pos.LegalMoves()[0]
					u, err := c.Move(ctx, m, nil)
					if err != nil {
						results <- err.Error()
						return
					}
					if u.Result != nil {
						results <- u.Result.Outcome.String()
						return
					}
					continue
				}
				u, err := c.Next(ctx)
				if err != nil {
					results <- err.Error()
					return
				}
				if u.Result != nil {
					results <- u.Result.Reason.String() + " " + u.Result.Outcome.String()
					return
				}
			}
		}()
	}
	for range 2 {
		if r := <-results; r != "#CENSORED" && r != "#MAX_MOVES #CENSORED" {
			t.Errorf("result %q, want the move limit", r)
		}
	}
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	if n := <-moves; n != 10 {
		t.Errorf("%d move events, want 10", n)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.csa"))
	if len(files) != 1 {
		t.Fatalf("records %v", files)
	}
	var out, errb strings.Builder
	// The directory as it is, results log included, validates: the log is not a record.
	if code := run([]string{"validate", dir}, nil, &out, &errb); code != 0 || !strings.Contains(errb.String(), "1 valid") {
		t.Errorf("shogi validate: exit %d\n%s%s", code, out.String(), errb.String())
	}
	log, _ := os.ReadFile(filepath.Join(dir, "results.ndjson"))
	if !strings.Contains(string(log), `"reason":"max_moves"`) {
		t.Errorf("results log %s", log)
	}
}
