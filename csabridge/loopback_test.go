package csabridge_test

// Our server and two bridges on 127.0.0.1: gpsusi and Fairy-Stockfish play a game
// at a byoyomi and one with a Fischer increment through csaserver; the server's
// records validate, every move and time of the bridges' records agrees with them
// and with the results log, and no game is lost on time. Short games by default
// (the server's move limit ends them); SHOGI_CONNECT_LONG=1 plays them out.

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csabridge"
	"github.com/kifu-go/shogi/csaproto"
	"github.com/kifu-go/shogi/csaserver"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/usi"
)

func TestLoopbackServerEngines(t *testing.T) {
	const gps, fairy = "/usr/games/gpsusi", "/usr/games/fairy-stockfish"
	for _, p := range []string{gps, fairy} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s is not installed (.ci/install-engines installs it)", p)
		}
	}
	long := os.Getenv("SHOGI_CONNECT_LONG") != ""
	maxMoves, games := 16, []string{"loop-0-1", "loop-2-1F"}
	if long {
		maxMoves, games = 0, []string{"loop-30-1", "loop-30-1F"}
	}
	dir := t.TempDir()
	srv, err := csaserver.New(csaserver.Config{MaxMoves: maxMoves, RecordDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	}()
	timeout := 2 * time.Minute
	if long {
		timeout = 30 * time.Minute
	}
	ctx := testCtx(t, timeout)

	start := func(path string) func(context.Context) (*usi.Engine, error) {
		return func(ctx context.Context) (*usi.Engine, error) { return usi.Start(ctx, usi.Config{Path: path}) }
	}
	sessions := []*csabridge.Session{
		// gpsusi exits on binc: it is told its time with the increment added.
		{Addr: ln.Addr().String(), User: "gps", Engine: start(gps), Bridge: csabridge.Config{PV: true, NoIncrement: true}},
		{Addr: ln.Addr().String(), User: "fairy", Engine: start(fairy), Bridge: csabridge.Config{PV: true}},
	}
	for _, s := range sessions {
		defer s.Close()
	}
	for i, name := range games {
		// gpsusi is Black in the first game, White in the second.
		sides := [2]string{"-B", "-W"}
		if i%2 == 1 {
			sides = [2]string{"-W", "-B"}
		}
		var played [2]*csabridge.Game
		var errs [2]error
		var wg sync.WaitGroup
		for j, s := range sessions {
			s.Password = name + sides[j] + ",pw"
			wg.Add(1)
			go func() {
				defer wg.Done()
				played[j], errs[j] = s.PlayOne(ctx)
			}()
		}
		wg.Wait()
		for j := range sessions {
			if errs[j] != nil {
				t.Fatalf("%s: %s: %v", name, sessions[j].User, errs[j])
			}
			g := played[j]
			if g.EngineErr != nil {
				t.Errorf("%s: %s: engine error %v", name, sessions[j].User, g.EngineErr)
			}
			if g.Result == nil || g.Result.Reason == csaproto.TimeUp {
				t.Errorf("%s: %s: result %+v (%s)", name, sessions[j].User, g.Result, g.Detail)
			}
			t.Logf("%s: %s (%s): %s, %d moves, %v to spare at the closest", name, sessions[j].User, g.Summary.YourTurn, g.Detail, g.Moves, g.Spare.Round(time.Millisecond))
		}
		checkAgainstServer(t, dir, played[0], played[1])
	}
}

// checkAgainstServer reads the server's record of a game, checks that it is valid,
// and that the bridges' records have its moves and times, and that the results log
// has the game with its number of moves.
func checkAgainstServer(t *testing.T, dir string, games ...*csabridge.Game) {
	t.Helper()
	id := games[0].Summary.GameID
	r, err := record.Open(filepath.Join(dir, id+".csa"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var server *shogi.Record
	for v := range record.Validate(r) {
		if !v.Valid() {
			t.Errorf("the server's record of %s: %v", id, v.Err())
		}
		server = v.Record
	}
	if server == nil {
		t.Fatalf("no record of %s", id)
	}
	want := server.MainLine()
	for _, g := range games {
		if g.Summary.GameID != id {
			t.Fatalf("games %s and %s", id, g.Summary.GameID)
		}
		got := g.Record.MainLine()
		if len(got) != len(want) {
			t.Errorf("%s: the bridge's record has %d moves, the server's %d", id, len(got), len(want))
			continue
		}
		for i := range want {
			if got[i].Move != want[i].Move || got[i].Time.Spent != want[i].Time.Spent {
				t.Errorf("%s: move %d: the bridge's %v (%v), the server's %v (%v)", id, i+1, got[i].Move, got[i].Time.Spent, want[i].Move, want[i].Time.Spent)
				break
			}
		}
		_, problems := record.CheckRules(g.Record, shogi.Rules{})
		for _, e := range problems {
			if e.Severity == record.SeverityError {
				t.Errorf("%s: the bridge's record: %v", id, e)
			}
		}
	}
	f, err := os.Open(filepath.Join(dir, "results.ndjson"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	found := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var res csaserver.Result
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		if res.GameID == id {
			found = true
			if res.Moves != len(want) || res.Reason == "time up" {
				t.Errorf("results log: %+v; want %d moves, not a time-up", res, len(want))
			}
		}
	}
	if !found {
		t.Errorf("results log: no line for %s", id)
	}
}
