package csaserver

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csaproto"
	"github.com/kifu-go/shogi/notation"
)

// playClients plays a game between two csaproto clients: moves in CSA form, Black
// first; the side to move after them resigns.
func playClients(t *testing.T, addr, game string, moves []string, finish func(ctx context.Context, c *csaproto.Client) (*csaproto.Result, error)) (black, white *csaproto.Result) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	type out struct {
		side shogi.Color
		res  *csaproto.Result
		err  error
	}
	ch := make(chan out, 2)
	for _, name := range []string{"alice", "bob"} {
		go func() {
			res, side, err := func() (*csaproto.Result, shogi.Color, error) {
				c, err := csaproto.Dial(ctx, addr, csaproto.Config{})
				if err != nil {
					return nil, 0, err
				}
				defer c.Close()
				if err := c.Login(ctx, name, game+",pw"); err != nil {
					return nil, 0, err
				}
				s, err := c.WaitGame(ctx)
				if err != nil {
					return nil, 0, err
				}
				me := s.YourTurn
				if err := c.Agree(ctx); err != nil {
					return nil, me, err
				}
				pos := c.Position()
				for i := 0; ; i++ {
					if pos.SideToMove() == me {
						if i == len(moves) {
							r, err := finish(ctx, c)
							return r, me, err
						}
						m, err := notation.CSA.Decode(pos, moves[i])
						if err != nil {
							return nil, me, err
						}
						u, err := c.Move(ctx, m, nil)
						if err != nil {
							return nil, me, err
						}
						if u.Result != nil {
							return u.Result, me, nil
						}
						pos.PlayUnchecked(u.Move)
						continue
					}
					u, err := c.Next(ctx)
					if err != nil {
						return nil, me, err
					}
					if u.Result != nil {
						return u.Result, me, nil
					}
					pos.PlayUnchecked(u.Move)
				}
			}()
			ch <- out{side, res, err}
		}()
	}
	for range 2 {
		o := <-ch
		if o.err != nil {
			t.Fatalf("client: %v", o.err)
		}
		if o.side == shogi.Black {
			black = o.res
		} else {
			white = o.res
		}
	}
	return black, white
}

func resign(ctx context.Context, c *csaproto.Client) (*csaproto.Result, error) { return c.Resign(ctx) }

func TestFullGameCSAProtoClients(t *testing.T) {
	dir := t.TempDir()
	_, addr := startServer(t, Config{RecordDir: dir})
	b, w := playClients(t, addr, "test-60-10", []string{"+7776FU", "-3334FU", "+8822UM", "-3122GI"}, resign)
	want := csaproto.Result{Special: "%TORYO", Reason: csaproto.Resign, Outcome: csaproto.Lose}
	if *b != want {
		t.Errorf("black: %+v, want %+v", *b, want)
	}
	want.Outcome = csaproto.Win
	if *w != want {
		t.Errorf("white: %+v, want %+v", *w, want)
	}
	waitResults(t, dir, 1)
	if n := validateDir(t, dir); n != 1 {
		t.Fatalf("%d records, want 1", n)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.csa"))
	data, _ := os.ReadFile(files[0])
	for _, want := range []string{"N+", "+7776FU,T0", "-3122GI,T0", "%TORYO,T0", "$EVENT:local+test-60-10+", "$MAX_MOVES:256"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("record lacks %q:\n%s", want, data)
		}
	}
	log, err := os.ReadFile(filepath.Join(dir, "results.ndjson"))
	if err != nil || !strings.Contains(string(log), `"reason":"toryo"`) {
		t.Errorf("results log %q, %v", log, err)
	}
}

func waitFor(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 5s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

var _ = errors.New

// waitResults waits for n lines in the results log (each written after its record).
func waitResults(t testing.TB, dir string, n int) []string {
	t.Helper()
	var lines []string
	waitFor(t, func() bool {
		data, _ := os.ReadFile(filepath.Join(dir, "results.ndjson"))
		lines = strings.Split(strings.TrimSpace(string(data)), "\n")
		if len(data) == 0 {
			lines = nil
		}
		return len(lines) >= n
	})
	return lines
}
