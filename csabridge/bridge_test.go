package csabridge_test

import (
	"bufio"
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csabridge"
	"github.com/kifu-go/shogi/csaproto"
	"github.com/kifu-go/shogi/internal/fakeengine"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/usi"
)

// TestMain runs the test binary as the fake engine when a test starts it so.
func TestMain(m *testing.M) {
	if fakeengine.IsRequested() {
		fakeengine.Main()
	}
	os.Exit(m.Run())
}

// engineLines records the lines the engine was sent.
type engineLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *engineLines) hook(d usi.Direction, line string) {
	if d != usi.Sent {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, line)
}

func (l *engineLines) gos() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, s := range l.lines {
		if strings.HasPrefix(s, "go ") {
			out = append(out, s)
		}
	}
	return out
}

// fakeEngine returns a Session's engine starter for the fake engine with args.
func fakeEngine(lines *engineLines, args ...string) func(context.Context) (*usi.Engine, error) {
	return func(ctx context.Context) (*usi.Engine, error) {
		path, a := fakeengine.Command(args...)
		cfg := usi.Config{Path: path, Args: a, Env: append(os.Environ(), "GORACE=atexit_sleep_ms=0"), Name: "fake", Grace: 300 * time.Millisecond}
		if lines != nil {
			cfg.Hook = lines.hook
		}
		return usi.Start(ctx, cfg)
	}
}

func session(t *testing.T, s *fakeServer, engine func(context.Context) (*usi.Engine, error), cfg csabridge.Config) *csabridge.Session {
	t.Helper()
	sess := &csabridge.Session{Addr: s.addr(), User: "alice", Password: "testgame-0-2,secret", Engine: engine, Bridge: cfg}
	t.Cleanup(func() { sess.Close() })
	return sess
}

func testCtx(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// sentMoves returns the bridge's moves and specials among the lines it sent.
func sentMoves(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-") || strings.HasPrefix(l, "%") && !strings.HasPrefix(l, "%%") {
			out = append(out, l)
		}
	}
	return out
}

func TestGameWithFakeEngine(t *testing.T) {
	for _, side := range []shogi.Color{shogi.Black, shogi.White} {
		t.Run(side.String(), func(t *testing.T) {
			srv := newFakeServer(t, side)
			srv.start(1)
			var moves int
			sess := session(t, srv, fakeEngine(nil), csabridge.Config{PV: true,
				OnMove: func(*shogi.Position, shogi.Move, time.Duration) { moves++ }})
			g, err := sess.PlayOne(testCtx(t, 30*time.Second))
			if err != nil {
				t.Fatal(err)
			}
			lines := srv.wait()
			if g.Result == nil || g.Result.Reason != csaproto.MaxMoves || g.Result.Outcome != csaproto.Censored {
				t.Fatalf("result %+v, want #MAX_MOVES #CENSORED", g.Result)
			}
			if g.EngineErr != nil {
				t.Errorf("engine error: %v", g.EngineErr)
			}
			// The server ends the game after the 12th move; as Black the bridge has
			// sent its 7th by then, which the result answers: not one of its moves.
			sentWant := 6
			if side == shogi.Black {
				sentWant = 7
			}
			ml := g.Record.MainLine()
			if len(ml) != 12 || moves != 12 || g.Moves != 6 {
				t.Errorf("%d moves in the record, %d seen, %d of the bridge; want 12, 12, 6", len(ml), moves, g.Moves)
			}
			for i, n := range ml {
				if !n.HasTime {
					t.Errorf("move %d has no time", i+1)
				}
			}
			end := ml[len(ml)-1].End
			if end == nil || end.Kind != shogi.EndMaxMoves || end.Result != shogi.Draw {
				t.Errorf("ending %+v, want max moves, a draw", end)
			}
			sent := sentMoves(lines)
			if len(sent) < 6 || len(sent) > sentWant { // the server may close before the 7th arrives
				t.Errorf("the server read %d moves, want 6 to %d: %q", len(sent), sentWant, sent)
			}
			for _, l := range sent {
				if !strings.Contains(l, ",'* ") {
					t.Errorf("move %q without a PV comment", l)
				}
			}
			if got, _ := g.Record.Header.Get(shogi.HeaderBlack); got != "alice" {
				t.Errorf("black %q, want alice", got)
			}
		})
	}
}

// TestGoArguments checks the clock the engine is told from the server's time
// section, less the margin.
func TestGoArguments(t *testing.T) {
	tests := []struct {
		name      string
		timeLines []string
		margin    time.Duration
		noInc     bool
		want      string // the first go command of black
	}{
		{"byoyomi", []string{"BEGIN Time", "Time_Unit:1sec", "Total_Time:0", "Byoyomi:2", "END Time"}, 0, false,
			"go btime 0 wtime 0 byoyomi 1500"},
		{"main and byoyomi", []string{"BEGIN Time", "Time_Unit:1sec", "Total_Time:60", "Byoyomi:10", "END Time"}, 0, false,
			"go btime 60000 wtime 60000 byoyomi 9500"},
		{"fischer, increment before the move", []string{"BEGIN Time", "Time_Unit:1sec", "Total_Time:10", "Byoyomi:0", "Increment:2", "END Time"}, 0, false,
			"go btime 9500 wtime 9500 binc 2000 winc 2000"},
		{"fischer told as sudden death", []string{"BEGIN Time", "Time_Unit:1sec", "Total_Time:10", "Byoyomi:0", "Increment:2", "END Time"}, 0, true,
			"go btime 11500 wtime 9500 byoyomi 0"},
		{"Time_Roundup: a unit less", []string{"BEGIN Time", "Time_Unit:1sec", "Total_Time:0", "Byoyomi:3", "Time_Roundup:YES", "END Time"}, 0, false,
			"go btime 0 wtime 0 byoyomi 1500"},
		{"margin 200ms", []string{"BEGIN Time", "Time_Unit:1sec", "Total_Time:0", "Byoyomi:3", "END Time"}, 200 * time.Millisecond, false,
			"go btime 0 wtime 0 byoyomi 2800"},
		{"time unit 100msec", []string{"BEGIN Time", "Time_Unit:100msec", "Total_Time:100", "Byoyomi:20", "END Time"}, 0, false,
			"go btime 10000 wtime 10000 byoyomi 1500"},
		{"Time+ and Time-", []string{"BEGIN Time+", "Time_Unit:1sec", "Total_Time:30", "Byoyomi:5", "END Time+",
			"BEGIN Time-", "Time_Unit:1sec", "Total_Time:20", "Byoyomi:3", "END Time-"}, 0, false,
			"go btime 30000 wtime 20000 byoyomi 4500"}, // black's byoyomi
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newFakeServer(t, shogi.Black, tt.timeLines...)
			srv.maxPlies = 2
			srv.start(1)
			var el engineLines
			sess := session(t, srv, fakeEngine(&el), csabridge.Config{Margin: tt.margin, NoIncrement: tt.noInc})
			if _, err := sess.PlayOne(testCtx(t, 30*time.Second)); err != nil {
				t.Fatal(err)
			}
			srv.wait()
			gos := el.gos()
			if len(gos) == 0 || gos[0] != tt.want {
				t.Errorf("go commands %q, want the first %q", gos, tt.want)
			}
		})
	}
}

// TestEngineFailures: what the bridge does when the engine misbehaves.
func TestEngineFailures(t *testing.T) {
	tests := []struct {
		mode    string
		wantErr error // the Game's EngineErr; nil when the engine's answer is played
		reason  csaproto.Reason
	}{
		{fakeengine.IllegalMove, usi.ErrIllegalMove, csaproto.Resign},
		{fakeengine.MalformedMove, usi.ErrMalformed, csaproto.Resign},
		{fakeengine.DieInSearch, usi.ErrExited, csaproto.Resign},
		{fakeengine.Resign, nil, csaproto.Resign},
		{fakeengine.Declare, csabridge.ErrDeclaration, csaproto.Resign},
		{fakeengine.Hang, usi.ErrNoResponse, csaproto.Resign},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			srv := newFakeServer(t, shogi.Black)
			srv.start(1)
			var logged []string
			sess := session(t, srv, fakeEngine(nil, "-mode", tt.mode), csabridge.Config{Log: func(m string) { logged = append(logged, m) }})
			g, err := sess.PlayOne(testCtx(t, 30*time.Second))
			if err != nil {
				t.Fatal(err)
			}
			lines := srv.wait()
			if d := cmp.Diff([]string{"%TORYO"}, sentMoves(lines)); d != "" {
				t.Errorf("moves sent (-want +got):\n%s", d)
			}
			if g.Result == nil || g.Result.Reason != tt.reason || g.Result.Outcome != csaproto.Lose {
				t.Errorf("result %+v", g.Result)
			}
			if tt.wantErr == nil {
				if g.EngineErr != nil || len(logged) > 0 {
					t.Errorf("engine error %v, logged %q; want none", g.EngineErr, logged)
				}
			} else if !errors.Is(g.EngineErr, tt.wantErr) || len(logged) != 1 {
				t.Errorf("engine error %v, logged %q; want %v", g.EngineErr, logged, tt.wantErr)
			}
			end := g.Record.MainLine()
			var e *shogi.Ending
			if len(end) == 0 {
				e = g.Record.Root.End
			} else {
				e = end[len(end)-1].End
			}
			if e == nil || e.Kind != shogi.EndResign || e.Result != shogi.WhiteWins {
				t.Errorf("ending %+v, want black resigned", e)
			}
		})
	}
}

// TestSessionGames plays two games, a connection each, the engine restarted after
// it died in the first.
func TestSessionGames(t *testing.T) {
	srv := newFakeServer(t, shogi.White)
	srv.maxPlies = 4
	srv.start(2)
	starts := 0
	var mu sync.Mutex
	engine := func(ctx context.Context) (*usi.Engine, error) {
		mu.Lock()
		starts++
		n := starts
		mu.Unlock()
		if n == 1 {
			return fakeEngine(nil, "-mode", fakeengine.DieInSearch)(ctx)
		}
		return fakeEngine(nil)(ctx)
	}
	sess := session(t, srv, engine, csabridge.Config{})
	var games []*csabridge.Game
	err := sess.Run(testCtx(t, 30*time.Second), 2, func(g *csabridge.Game, err error) error {
		if err != nil {
			t.Errorf("game %d: %v", len(games)+1, err)
		}
		games = append(games, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.wait()
	if len(games) != 2 || starts != 2 {
		t.Fatalf("%d games, %d engine starts; want 2, 2", len(games), starts)
	}
	if !errors.Is(games[0].EngineErr, usi.ErrExited) || games[1].EngineErr != nil {
		t.Errorf("engine errors %v, %v", games[0].EngineErr, games[1].EngineErr)
	}
	if games[1].Result == nil || games[1].Result.Reason != csaproto.MaxMoves {
		t.Errorf("second game's result %+v", games[1].Result)
	}
}

// TestSessionRejected: a game rejected, by the server (the opponent) or by the
// bridge (its engine not ready), is logged and counted, and the session waits
// for the next game, which counts toward n.
func TestSessionRejected(t *testing.T) {
	for _, by := range []string{"server", "bridge"} {
		t.Run(by, func(t *testing.T) {
			srv := newFakeServer(t, shogi.White)
			srv.maxPlies = 4
			starts := 0
			engine := fakeEngine(nil)
			if by == "server" {
				srv.rejects = 2
			} else {
				engine = func(ctx context.Context) (*usi.Engine, error) {
					starts++
					if starts == 1 { // answers usi, never isready
						path, a := fakeengine.Command("-mode", fakeengine.NoReadyOK)
						return usi.Start(ctx, usi.Config{Path: path, Args: a, Name: "fake", Grace: 300 * time.Millisecond, ReadyTimeout: 200 * time.Millisecond})
					}
					return fakeEngine(nil)(ctx)
				}
			}
			want := 2 // a game rejected and a game played
			if by == "server" {
				want = 3
			}
			srv.start(want)
			var logged []string
			sess := session(t, srv, engine, csabridge.Config{Log: func(m string) { logged = append(logged, m) }})
			// A context without a deadline, so that the engine's ReadyTimeout applies.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			time.AfterFunc(30*time.Second, cancel)
			var errs []error
			err := sess.Run(ctx, 1, func(g *csabridge.Game, err error) error {
				errs = append(errs, err)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			srv.wait()
			if len(errs) != want || errs[want-1] != nil {
				t.Fatalf("games' errors %v; want %d, the last nil", errs, want)
			}
			for _, err := range errs[:want-1] {
				if !errors.Is(err, csaproto.ErrRejected) || (by == "bridge") != errors.Is(err, csabridge.ErrNotReady) {
					t.Errorf("error %v, want rejected (by the %s)", err, by)
				}
			}
			if sess.Rejected != want-1 || len(logged) != want-1 {
				t.Errorf("%d rejected, logged %q; want %d", sess.Rejected, logged, want-1)
			}
			if by == "bridge" && starts != 2 {
				t.Errorf("%d engine starts, want 2 (started again after the rejection)", starts)
			}
		})
	}
}

// TestInterruptWhileWaiting: the end of the context while the bridge waits for a
// game is a LOGOUT.
func TestInterruptWhileWaiting(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	got := make(chan []string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			got <- nil
			return
		}
		defer conn.Close()
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		r := bufio.NewReader(conn)
		var lines []string
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				break
			}
			l = strings.TrimSpace(l)
			lines = append(lines, l)
			if strings.HasPrefix(l, "LOGIN ") {
				conn.Write([]byte("LOGIN:alice OK\n"))
			}
			if l == "LOGOUT" {
				conn.Write([]byte("LOGOUT:completed\n"))
				break
			}
		}
		got <- lines
	}()
	sess := &csabridge.Session{Addr: ln.Addr().String(), User: "alice", Password: "pw", Engine: fakeEngine(nil)}
	defer sess.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	_, err = sess.PlayOne(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want the context's", err)
	}
	if d := cmp.Diff([]string{"LOGIN alice pw", "LOGOUT"}, <-got); d != "" {
		t.Errorf("lines (-want +got):\n%s", d)
	}
}

// TestInterruptInGame: the end of the context during the bridge's search resigns
// the game.
func TestInterruptInGame(t *testing.T) {
	srv := newFakeServer(t, shogi.Black, "BEGIN Time", "Time_Unit:1sec", "Total_Time:60", "Byoyomi:10", "END Time")
	srv.start(1)
	sess := session(t, srv, fakeEngine(nil, "-think", "20s"), csabridge.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(500*time.Millisecond, cancel)
	g, err := sess.PlayOne(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want the context's", err)
	}
	lines := srv.wait()
	if d := cmp.Diff([]string{"%TORYO"}, sentMoves(lines)); d != "" {
		t.Errorf("moves sent (-want +got):\n%s", d)
	}
	if g == nil || g.Result == nil || g.Result.Reason != csaproto.Resign {
		t.Errorf("game %+v", g)
	}
}

// TestRealEngines plays a short game with each installed engine at a 1-second
// byoyomi: every move legal (the server checks), none late.
func TestRealEngines(t *testing.T) {
	for _, path := range []string{"/usr/games/fairy-stockfish", "/usr/games/gpsusi"} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s is not installed (.ci/install-engines installs it)", path)
			}
			srv := newFakeServer(t, shogi.White, "BEGIN Time", "Time_Unit:1sec", "Total_Time:0", "Byoyomi:1", "END Time")
			srv.maxPlies = 10
			srv.start(1)
			engine := func(ctx context.Context) (*usi.Engine, error) {
				return usi.Start(ctx, usi.Config{Path: path})
			}
			sess := session(t, srv, engine, csabridge.Config{PV: true})
			g, err := sess.PlayOne(testCtx(t, 60*time.Second))
			if err != nil {
				t.Fatal(err)
			}
			srv.wait()
			if g.EngineErr != nil || g.Result == nil || g.Result.Reason != csaproto.MaxMoves {
				t.Fatalf("engine error %v, result %+v, detail %q", g.EngineErr, g.Result, g.Detail)
			}
			if g.Moves != 5 || g.Spare <= 0 {
				t.Errorf("%d moves, %v to spare at the closest; want 5 moves, some time to spare", g.Moves, g.Spare)
			}
			t.Logf("%s: %d moves, %v to spare at the closest, the longest %v past the time told", path, g.Moves, g.Spare, g.Overrun)
		})
	}
}

// TestDeclarationWin: an engine's "bestmove win" in a position the 27-point rule
// allows is %KACHI, and the server's #JISHOGI #WIN ends the record with 入玉勝ち.
func TestDeclarationWin(t *testing.T) {
	p, err := sfen.Parse("8K/8R/PPPPPPPPP/9/9/9/9/9/k8 b RB2G2S2N2Lb2g2s2n2l9p 1")
	if err != nil {
		t.Fatal(err)
	}
	if o := p.Declare(shogi.Rule27); o.Reason != shogi.DeclarationWin {
		t.Fatalf("the test's position does not allow the declaration: %v", o)
	}
	srv := newFakeServer(t, shogi.Black)
	srv.from = p
	srv.start(1)
	sess := session(t, srv, fakeEngine(nil, "-mode", fakeengine.Declare), csabridge.Config{})
	g, err := sess.PlayOne(testCtx(t, 30*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	lines := srv.wait()
	if d := cmp.Diff([]string{"%KACHI"}, sentMoves(lines)); d != "" {
		t.Errorf("moves sent (-want +got):\n%s", d)
	}
	if g.EngineErr != nil || g.Result == nil || g.Result.Reason != csaproto.Jishogi || g.Result.Outcome != csaproto.Win {
		t.Fatalf("engine error %v, result %+v", g.EngineErr, g.Result)
	}
	if e := g.Record.Root.End; e == nil || e.Kind != shogi.EndEnteringKingWin || e.Result != shogi.BlackWins {
		t.Errorf("ending %+v, want black's declaration won", e)
	}
	_, problems := record.CheckRules(g.Record, shogi.Rules{})
	for _, e := range problems {
		if e.Severity == record.SeverityError {
			t.Errorf("the record: %v", e)
		}
	}
}

// TestExtendedLogin: with Session.Game the bridge logs in with x1, asks for the
// game with %%GAME, and logs out after it (LOGOUT:completed).
func TestExtendedLogin(t *testing.T) {
	srv := newFakeServer(t, shogi.Black)
	srv.extended = true
	srv.maxPlies = 2
	srv.start(1)
	sess := session(t, srv, fakeEngine(nil), csabridge.Config{})
	sess.Game, sess.Password = "testgame-0-2", "secret"
	g, err := sess.PlayOne(testCtx(t, 30*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	lines := srv.wait()
	want := []string{"LOGIN alice secret x1", "%%GAME testgame-0-2 *", "AGREE " + testGameID}
	if d := cmp.Diff(want, lines[:3]); d != "" {
		t.Errorf("first lines (-want +got):\n%s", d)
	}
	if last := lines[len(lines)-1]; last != "LOGOUT" {
		t.Errorf("last line %q, want LOGOUT", last)
	}
	if g.Result == nil || g.Result.Reason != csaproto.MaxMoves {
		t.Errorf("result %+v", g.Result)
	}
}
