package csaserver

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		want Command
		err  error
	}{
		{"", Command{Kind: CmdKeepAlive}, nil},
		{"LOGIN alice floodgate-600-10F,pw", Command{Kind: CmdLogin, User: "alice", Password: "floodgate-600-10F,pw"}, nil},
		{"LOGIN alice pw x1", Command{Kind: CmdLogin, User: "alice", Password: "pw", X1: true}, nil},
		{"LOGIN alice", Command{}, ErrBadLogin},
		{"LOGIN ../etc pw", Command{}, ErrBadLogin},
		{"LOGIN alice pw x2", Command{}, ErrBadLogin},
		{"LOGIN 0 0000 \x0000", Command{}, ErrBadLogin},    // FuzzParseCommand: quoted, the rest shows \x0000
		{"\fLOGIN alice pw", Command{}, ErrUnknownCommand}, // FuzzParseCommand: its error showed the password
		{"AGREE", Command{Kind: CmdAgree}, nil},
		{"AGREE g1", Command{Kind: CmdAgree, GameID: "g1"}, nil},
		{"REJECT g1", Command{Kind: CmdReject, GameID: "g1"}, nil},
		{"+7776FU", Command{Kind: CmdMove, Move: "+7776FU"}, nil},
		{"-0055KA,'* -30 +2726FU", Command{Kind: CmdMove, Move: "-0055KA", Comment: "'* -30 +2726FU"}, nil},
		{"+7776FU,T3", Command{}, ErrBadMove},
		{"+7076FU", Command{}, ErrBadMove},
		{"+7776XX", Command{}, ErrBadMove},
		{"%TORYO", Command{Kind: CmdSpecial, Move: "%TORYO"}, nil},
		{"%KACHI", Command{Kind: CmdSpecial, Move: "%KACHI"}, nil},
		{"%MATTA", Command{}, ErrUnknownCommand},
		{"%%GAME test-60-10 +", Command{Kind: CmdExtended, Name: "GAME", Args: []string{"test-60-10", "+"}}, nil},
		{"%%GAME", Command{Kind: CmdExtended, Name: "GAME", Args: []string{}}, nil},
		{"%%GAME test", Command{}, ErrBadGameName},
		{"%%GAME ../x-1-0", Command{}, ErrBadGameName},
		{"%%CHALLENGE", Command{}, ErrUnknownCommand},
		{"%%CHAT hello there", Command{Kind: CmdExtended, Name: "CHAT", Args: []string{"hello there"}}, nil},
		{"%%SHOW", Command{}, ErrUnknownCommand},
		{"%%%whatever", Command{Kind: CmdVoid}, nil},
		{"LOGOUT", Command{Kind: CmdLogout}, nil},
		{"CHALLENGE", Command{Kind: CmdChallenge}, nil},
		{"hello", Command{}, ErrUnknownCommand},
	}
	for _, tt := range tests {
		got, err := ParseCommand(tt.line)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%q: error %v, want %v", tt.line, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.line, err)
			continue
		}
		tt.want.Text = tt.line
		if tt.want.Args == nil && got.Args != nil && len(got.Args) == 0 {
			tt.want.Args = got.Args
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%q: (-want +got)\n%s", tt.line, diff)
		}
	}
}

func TestParseLoginPassword(t *testing.T) {
	tests := []struct {
		in, game string
		turn     byte
		pass     string
	}{
		{"floodgate-600-10F,pw", "floodgate-600-10F", '*', "pw"},
		{"floodgate-600-10F", "floodgate-600-10F", '*', ""},
		{"test-60-10-B,pw", "test-60-10", '+', "pw"},
		{"test-60-10-w", "test-60-10", '-', ""},
		{"secret", "default-1500-0", '*', "secret"},
		{"bad,pw", "default-1500-0", '*', "pw"},
	}
	for _, tt := range tests {
		g, turn, p := ParseLoginPassword(tt.in, "default-1500-0")
		if g != tt.game || turn != tt.turn || p != tt.pass {
			t.Errorf("%q: %q %c %q, want %q %c %q", tt.in, g, turn, p, tt.game, tt.turn, tt.pass)
		}
	}
}

// TestPasswordNeverLogged: no event, error or answer shows a password.
func TestPasswordNeverLogged(t *testing.T) {
	var mu sync.Mutex
	var events []string
	_, addr := startServer(t, Config{Log: func(e Event) {
		mu.Lock()
		events = append(events, fmt.Sprintf("%+v", e))
		mu.Unlock()
	}})
	a := dialRaw(t, addr, "A")
	a.send("LOGIN alice test-60-10,Pa55word-one")
	a.expect("LOGIN:alice OK")
	b := dialRaw(t, addr, "B")
	b.send("LOGIN bob Pa55word-two x1")
	b.expect("LOGIN:bob OK", "##[LOGIN] +OK x1")
	c := dialRaw(t, addr, "C")
	c.send("LOGIN bob Pa55word-three x1") // already connected
	c.expect("LOGIN:incorrect", "username bob is already connected")
	c.expectClosed(5 * time.Second)
	d := dialRaw(t, addr, "D")
	d.send("LOGIN dave Pa55word-four x9")
	d.expect("LOGIN:incorrect")
	d.expectClosed(5 * time.Second)
	b.send("%%WHO")
	b.expect("##[WHO] alice CSA game_waiting test-60-10 *", "##[WHO] bob x1 connected", "##[WHO] +OK")
	mu.Lock()
	defer mu.Unlock()
	for _, e := range events {
		if strings.Contains(e, "Pa55word") {
			t.Errorf("an event shows a password: %s", e)
		}
	}
	if _, err := ParseCommand("LOGIN a/b Pa55word-five"); err == nil || strings.Contains(err.Error(), "Pa55word") {
		t.Errorf("error %v", err)
	}
	// A LOGIN after spaces is no command, and its error hides the password too
	// (FuzzParseCommand).
	for _, line := range []string{"\fLOGIN 0 Pa55word-six", " LOGIN a Pa55word-seven x1", "\tLOGIN"} {
		if _, err := ParseCommand(line); !errors.Is(err, ErrUnknownCommand) || strings.Contains(err.Error(), "Pa55word") {
			t.Errorf("%q: error %v", line, err)
		}
	}
	// The password masked, a NUL and "00" after it quote to \x0000 (FuzzParseCommand).
	if _, err := ParseCommand("LOGIN 0 0000 \x0000"); err == nil || !strings.HasSuffix(err.Error(), `: "LOGIN 0 * \x0000"`) {
		t.Errorf("error %v", err)
	}
}

// TestTimeUpAtDeadline: the flag falls at the deadline, not at the next read.
func TestTimeUpAtDeadline(t *testing.T) {
	for _, tt := range []struct {
		game     string
		deadline time.Duration
	}{
		{"t-2-0", 2 * time.Second},  // sudden death
		{"t-0-1", time.Second},      // byoyomi only
		{"t-1-1F", 2 * time.Second}, // the increment is added before the move
	} {
		t.Run(tt.game, func(t *testing.T) {
			_, addr := startServer(t, Config{})
			a, b := dialRaw(t, addr, "A"), dialRaw(t, addr, "B")
			a.send("LOGIN alice " + tt.game + "-B")
			a.expect("LOGIN:alice OK")
			b.send("LOGIN bob " + tt.game)
			b.expect("LOGIN:bob OK")
			a.skipUntil("END Game_Summary")
			b.skipUntil("END Game_Summary")
			a.send("AGREE")
			b.send("AGREE")
			a.expect("START:{}")
			start := time.Now()
			a.expect("#TIME_UP", "#LOSE")
			took := time.Since(start)
			if took < tt.deadline-50*time.Millisecond || took > tt.deadline+300*time.Millisecond {
				t.Errorf("#TIME_UP after %v, want %v", took, tt.deadline)
			}
			b.skipUntil("#WIN")
		})
	}
}

// TestMoveJustInTime: a move charged less than the time left is on time, T rounded down.
func TestMoveJustInTime(t *testing.T) {
	_, addr := startServer(t, Config{})
	a, b := dialRaw(t, addr, "A"), dialRaw(t, addr, "B")
	a.send("LOGIN alice t-2-0-B")
	a.expect("LOGIN:alice OK")
	b.send("LOGIN bob t-2-0")
	b.expect("LOGIN:bob OK")
	a.skipUntil("END Game_Summary")
	b.skipUntil("END Game_Summary")
	a.send("AGREE")
	b.send("AGREE")
	a.expect("START:{}")
	b.expect("START:{}")
	time.Sleep(1700 * time.Millisecond)
	a.send("+7776FU")
	a.expect("+7776FU,T1")
	b.expect("+7776FU,T1")
	b.send("%TORYO")
	a.expect("%TORYO", "#RESIGN", "#WIN")
}

func login2(t *testing.T, addr, game string) (*rawClient, *rawClient) {
	t.Helper()
	a, b := dialRaw(t, addr, "A"), dialRaw(t, addr, "B")
	a.send("LOGIN alice " + game + "-B,pw")
	a.expect("LOGIN:alice OK")
	b.send("LOGIN bob " + game + ",pw")
	b.expect("LOGIN:bob OK")
	a.skipUntil("END Game_Summary")
	b.skipUntil("END Game_Summary")
	a.send("AGREE")
	b.send("AGREE")
	a.expect("START:{}")
	b.expect("START:{}")
	return a, b
}

func TestShow(t *testing.T) {
	s, addr := startServer(t, Config{})
	a, b := login2(t, addr, "show-60-10")
	a.send("+7776FU")
	a.expect("+7776FU,T0")
	b.expect("+7776FU,T0")
	var id string
	s.mu.Lock()
	for k := range s.games {
		id = k
	}
	s.mu.Unlock()
	c := dialRaw(t, addr, "C")
	c.send("LOGIN carol pw x1")
	c.expect("LOGIN:carol OK", "##[LOGIN] +OK x1")
	c.send("%%SHOW " + id)
	c.skipUntil("##[SHOW] Remaining_Time+:60")
	c.expect("##[SHOW] Remaining_Time-:60", "##[SHOW] Last_Move:+7776FU,T0", "##[SHOW] Current_Turn:1", "##[SHOW] END Time")
	c.skipUntil("##[SHOW] P7+FU+FU * +FU+FU+FU+FU+FU+FU")
	c.skipUntil("##[SHOW] +OK")
	c.send("%%SHOW nosuch")
	c.expect("##[SHOW] +OK")
}

// TestRematchOnDraw: a 千日手 is replayed at once, the colours reversed.
func TestRematchOnDraw(t *testing.T) {
	dir := t.TempDir()
	_, addr := startServer(t, Config{RematchOnDraw: true, RecordDir: dir})
	a, b := login2(t, addr, "re-60-0")
	cyc := []string{"+5958OU", "-5152OU", "+5859OU", "-5251OU"}
	for i := range 12 {
		m := cyc[i%4]
		if i == 0 {
			time.Sleep(1100 * time.Millisecond) // Black keeps 59 s, White 60
		}
		if i%2 == 0 {
			a.send(m)
		} else {
			b.send(m)
		}
		a.expect(m + ",T{}")
		b.expect(m + ",T{}")
	}
	a.expect("#SENNICHITE", "#DRAW", "BEGIN Game_Summary")
	b.expect("#SENNICHITE", "#DRAW", "BEGIN Game_Summary")
	a.skipUntil("Game_ID:local+re-60-0+bob+alice+{}")
	a.expect("Name+:bob", "Name-:alice", "Your_Turn:-", "Rematch_On_Draw:YES", "To_Move:+", "Max_Moves:256",
		"BEGIN Time+", "Time_Unit:1sec", "Total_Time:60", "Byoyomi:0", "Least_Time_Per_Move:0", "END Time+",
		"BEGIN Time-", "Time_Unit:1sec", "Total_Time:59", "Byoyomi:0", "Least_Time_Per_Move:0", "END Time-")
	a.skipUntil("END Game_Summary")
	b.skipUntil("END Game_Summary")
	a.send("AGREE")
	b.send("AGREE")
	a.expect("START:{}")
	b.expect("START:{}")
	b.send("+7776FU")
	a.expect("+7776FU,T0")
	a.send("%TORYO")
	b.skipUntil("#WIN")
	waitResults(t, dir, 2)
	if n := validateDir(t, dir); n != 2 {
		t.Errorf("%d records, want 2", n)
	}
}

func TestLimits(t *testing.T) {
	s, addr := startServer(t, Config{MaxConnections: 2, LoginTimeout: 200 * time.Millisecond, LineTimeout: 200 * time.Millisecond, MaxLine: 100})
	a := dialRaw(t, addr, "A")
	b := dialRaw(t, addr, "B")
	b.send("LOGIN bob pw x1")
	b.expect("LOGIN:bob OK", "##[LOGIN] +OK x1")
	c := dialRaw(t, addr, "C") // a third connection is closed at once
	c.expectClosed(time.Second)
	start := time.Now()
	a.expectClosed(2 * time.Second) // no LOGIN within the login timeout
	if d := time.Since(start); d > time.Second {
		t.Errorf("closed after %v without a login", d)
	}
	b.nc.Write([]byte("%%CH")) // stalls mid-line
	b.expectClosed(2 * time.Second)
	waitFor(t, func() bool { s.mu.Lock(); defer s.mu.Unlock(); return s.nconn == 0 })
	d := dialRaw(t, addr, "D")
	d.send("LOGIN dave pw x1")
	d.expect("LOGIN:dave OK", "##[LOGIN] +OK x1")
	d.send(strings.Repeat("x", 200))
	d.expectClosed(2 * time.Second) // a line past MaxLine
}

func TestGarbage(t *testing.T) {
	_, addr := startServer(t, Config{})
	a := dialRaw(t, addr, "A")
	a.send("LOGIN alice pw x1", "what is this")
	a.expect("LOGIN:alice OK", "##[LOGIN] +OK x1", "##[ERROR] unknown command: what is this")
	for range maxErrors {
		a.send("\x00\x01")
	}
	a.skipUntil("##[ERROR] unknown command: \x00\x01")
	a.expectClosed(2 * time.Second)
}

func TestLogoutGrace(t *testing.T) {
	_, addr := startServer(t, Config{LogoutGrace: 300 * time.Millisecond})
	a, b := login2(t, addr, "g-60-0")
	a.send("%TORYO")
	a.expect("%TORYO", "#RESIGN", "#LOSE")
	b.expect("%TORYO", "#RESIGN", "#WIN")
	b.send("LOGOUT")
	b.expect("LOGOUT:completed")
	b.expectClosed(time.Second)
	start := time.Now()
	a.expectClosed(2 * time.Second)
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Errorf("closed %v after the game, before the grace", d)
	}
}

// TestRecordsStayInDir: names that could be paths are refused; every file the server
// writes is in its directory.
func TestRecordsStayInDir(t *testing.T) {
	if _, err := New(Config{Event: "../up"}); err == nil {
		t.Error("an event name with a path was accepted")
	}
	if _, err := New(Config{FloodgateGames: []string{"../x-1-0"}}); err == nil {
		t.Error("a floodgate game with a path was accepted")
	}
	parent := t.TempDir()
	dir := filepath.Join(parent, "records")
	_, addr := startServer(t, Config{RecordDir: dir})
	a := dialRaw(t, addr, "A")
	a.send("LOGIN ../../evil test-60-0")
	a.expect("LOGIN:incorrect")
	a, b := login2(t, addr, "x.y-60-0")
	a.send("%TORYO")
	b.skipUntil("#WIN")
	waitResults(t, dir, 1)
	entries, _ := os.ReadDir(parent)
	if len(entries) != 1 {
		t.Errorf("files beside the record directory: %v", entries)
	}
}

func TestServeAfterClose(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Serve(l); !errors.Is(err, ErrServerClosed) {
		t.Errorf("Serve after Close: %v", err)
	}
}

// TestFloodgatePairing: three players of a floodgate game: two are paired at the
// scheduled time, the third waits for the next pairing.
func TestFloodgatePairing(t *testing.T) {
	s, addr := startServer(t, Config{FloodgateGames: []string{"fg-60-0"}, FloodgateEvery: time.Hour})
	var cs []*rawClient
	for _, n := range []string{"a", "b", "c"} {
		c := dialRaw(t, addr, n)
		c.send("LOGIN " + n + " pw x1")
		c.expect("LOGIN:"+n+" OK", "##[LOGIN] +OK x1")
		c.send("%%GAME fg-60-0")
		cs = append(cs, c)
	}
	time.Sleep(100 * time.Millisecond)
	s.mu.Lock()
	if len(s.games) != 0 {
		t.Errorf("%d games before the pairing", len(s.games))
	}
	s.mu.Unlock()
	s.PairFloodgate()
	s.mu.Lock()
	games, waiting := len(s.games), 0
	for _, c := range s.users {
		if c.state == stateWaiting {
			waiting++
		}
	}
	s.mu.Unlock()
	if games != 1 || waiting != 1 {
		t.Errorf("after the pairing: %d games, %d waiting; want 1 and 1", games, waiting)
	}
	proposed := 0
	for _, c := range cs {
		if l, err := c.recv(500 * time.Millisecond); err == nil && l == "BEGIN Game_Summary" {
			proposed++
		}
	}
	if proposed != 2 {
		t.Errorf("%d players got a Game_Summary, want 2", proposed)
	}
}

// TestMaxGames: with one game at a time, a second pair waits until the first ends.
func TestMaxGames(t *testing.T) {
	s, addr := startServer(t, Config{MaxGames: 1})
	a, b := login2(t, addr, "m-60-0")
	c, d := dialRaw(t, addr, "C"), dialRaw(t, addr, "D")
	c.send("LOGIN carol m-60-0")
	c.expect("LOGIN:carol OK")
	d.send("LOGIN dave m-60-0")
	d.expect("LOGIN:dave OK")
	time.Sleep(100 * time.Millisecond)
	s.mu.Lock()
	n := len(s.games)
	s.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d games, want 1", n)
	}
	a.send("%TORYO")
	b.skipUntil("#WIN")
	c.expect("BEGIN Game_Summary")
	d.expect("BEGIN Game_Summary")
}

// TestIdleTimeout: a client silent outside a game is dropped; the keep-alive keeps it.
func TestIdleTimeout(t *testing.T) {
	_, addr := startServer(t, Config{IdleTimeout: 300 * time.Millisecond})
	a, b := dialRaw(t, addr, "A"), dialRaw(t, addr, "B")
	for _, c := range []*rawClient{a, b} {
		c.send("LOGIN " + c.name + " pw x1")
		c.expect("LOGIN:"+c.name+" OK", "##[LOGIN] +OK x1")
	}
	for range 4 {
		time.Sleep(150 * time.Millisecond)
		b.send("")
		b.expect("")
	}
	a.expectClosed(time.Second)
	b.send("%%VERSION")
	b.expect("##[VERSION] {}", "##[VERSION] +OK")
}

// TestHandicapGame: shogi-server's handicap game names start from the handicap, the
// giver (White) moving first.
func TestHandicapGame(t *testing.T) {
	dir := t.TempDir()
	_, addr := startServer(t, Config{RecordDir: dir})
	a, b := dialRaw(t, addr, "A"), dialRaw(t, addr, "B")
	a.send("LOGIN alice hclance_t-60-0-B")
	a.expect("LOGIN:alice OK")
	b.send("LOGIN bob hclance_t-60-0")
	b.expect("LOGIN:bob OK")
	a.skipUntil("To_Move:-")
	a.skipUntil("BEGIN Position")
	a.expect("P1-KY-KE-GI-KI-OU-KI-GI-KE * ")
	a.skipUntil("END Game_Summary")
	b.skipUntil("END Game_Summary")
	a.send("AGREE")
	b.send("AGREE")
	a.expect("START:{}")
	b.expect("START:{}")
	b.send("-3334FU")
	a.expect("-3334FU,T0")
	a.send("%TORYO")
	b.skipUntil("#WIN")
	waitResults(t, dir, 1)
	validateDir(t, dir)
}

// TestRecordNameTaken: a record whose file exists (a server restarted within the
// second) takes the next free name; nothing is overwritten.
func TestRecordNameTaken(t *testing.T) {
	dir := t.TempDir()
	for i := range 2 {
		func() {
			s, err := New(Config{RecordDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			l, _ := net.Listen("tcp", "127.0.0.1:0")
			go s.Serve(l)
			a, b := login2(t, l.Addr().String(), "same-60-0")
			a.send("%TORYO")
			b.skipUntil("#WIN")
			waitResults(t, dir, i+1)
		}()
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.csa"))
	if len(files) != 2 {
		t.Errorf("records %v, want 2", files)
	}
	t.Log(files)
}
