package csaproto

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
)

// step is one step of a scripted server: read a line and compare it with expect
// (when expect is not nil), then send lines, then close the connection if close.
type step struct {
	expect *string
	send   []string
	close  bool
}

func expect(s string) step      { return step{expect: &s} }
func send(lines ...string) step { return step{send: lines} }
func reply(s string, lines ...string) step {
	return step{expect: &s, send: lines}
}

// serve starts a server on 127.0.0.1 playing the script with one client; the
// returned function waits for it and reports its failures.
func serve(t *testing.T, script ...step) (addr string, wait func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	go func() {
		defer ln.Close()
		conn, err := ln.Accept()
		if err != nil {
			errc <- err
			return
		}
		defer conn.Close()
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		r := bufio.NewReader(conn)
		for i, s := range script {
			if s.expect != nil {
				line, err := r.ReadString('\n')
				if err != nil {
					errc <- fmt.Errorf("step %d: want %q: %v", i, *s.expect, err)
					return
				}
				if line = strings.TrimSuffix(line, "\n"); line != *s.expect {
					errc <- fmt.Errorf("step %d: got %q, want %q", i, line, *s.expect)
					return
				}
			}
			for _, l := range s.send {
				if _, err := fmt.Fprintf(conn, "%s\n", l); err != nil {
					errc <- err
					return
				}
			}
			if s.close {
				errc <- nil
				return
			}
		}
		// The script is played: wait for the client to leave.
		r.ReadString(0)
		errc <- nil
	}()
	return ln.Addr().String(), func() {
		t.Helper()
		select {
		case err := <-errc:
			if err != nil {
				t.Error("server: ", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("server did not finish")
		}
	}
}

func dial(t *testing.T, addr string, cfg Config) *Client {
	t.Helper()
	c, err := Dial(context.Background(), addr, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	t.Cleanup(cancel)
	return ctx
}

const gameID = "wdoor+floodgate-300-10F+alice+bob+20261126120000"

func TestFullGame(t *testing.T) {
	addr, wait := serve(t,
		reply("LOGIN alice secret x1", "LOGIN:alice OK", "##[LOGIN] +OK x1"),
		send(summaryLines()...),
		reply("AGREE "+gameID, "START:"+gameID),
		reply("+7776FU", "+7776FU,T1", "-3334FU,T2.5,'* -30 +2726FU"),
		reply("+2726FU,'* 50 -8384FU", "", "+2726FU,T0"),
		send("-8384FU,T12"),
		reply("%TORYO", "%TORYO,T3", "#RESIGN", "#LOSE"),
		reply("LOGOUT", "LOGOUT:completed"),
	)
	var mu sync.Mutex
	var seen []string
	c := dial(t, addr, Config{Hook: func(d Direction, l string) {
		mu.Lock()
		seen = append(seen, d.String()+" "+l)
		mu.Unlock()
	}})
	ctx := testCtx(t)
	if err := c.LoginExtended(ctx, "alice", "secret"); err != nil {
		t.Fatal(err)
	}
	s, err := c.WaitGame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.GameID != gameID || s.YourTurn != shogi.Black || s.Names != [2]string{"alice", "bob"} {
		t.Fatalf("summary %+v", s)
	}
	if err := c.Agree(ctx); err != nil {
		t.Fatal(err)
	}
	var got []Update
	play := func(usi string, pv *Comment) {
		m, err := shogi.ParseUSIMove(usi)
		if err != nil {
			t.Fatal(err)
		}
		u, err := c.Move(ctx, m, pv)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, u)
		u, err = c.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, u)
	}
	play("7g7f", nil)
	play("2g2f", &Comment{Score: 50, PV: []string{"-8384FU"}})
	res, err := c.Resign(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mv := func(s string) shogi.Move { m, _ := shogi.ParseUSIMove(s); return m }
	want := []Update{
		{Move: mv("7g7f"), Side: shogi.Black, Time: time.Second, HasTime: true},
		{Move: mv("3c3d"), Side: shogi.White, Time: 2500 * time.Millisecond, HasTime: true, Comment: &Comment{Score: -30, PV: []string{"+2726FU"}}},
		{Move: mv("2g2f"), Side: shogi.Black, HasTime: true},
		{Move: mv("8c8d"), Side: shogi.White, Time: 12 * time.Second, HasTime: true},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("updates (-want +got):\n%s", d)
	}
	if d := cmp.Diff(&Result{Special: "%TORYO", Time: 3 * time.Second, HasTime: true, Reason: Resign, Outcome: Lose}, res); d != "" {
		t.Errorf("result (-want +got):\n%s", d)
	}
	if err := c.Logout(ctx); err != nil {
		t.Fatal(err)
	}
	wait()
	mu.Lock()
	defer mu.Unlock()
	if seen[0] != "sent LOGIN alice * x1" {
		t.Errorf("hook saw %q, want the password hidden", seen[0])
	}
	for _, want := range []string{"received START:" + gameID, "sent +2726FU,'* 50 -8384FU", "received #LOSE", "received LOGOUT:completed"} {
		found := false
		for _, s := range seen {
			found = found || s == want
		}
		if !found {
			t.Errorf("hook did not see %q", want)
		}
	}
}

func TestLoginIncorrect(t *testing.T) {
	addr, wait := serve(t, reply("LOGIN alice wrong", "LOGIN:incorrect"), step{close: true})
	c := dial(t, addr, Config{})
	err := c.Login(testCtx(t), "alice", "wrong")
	var e *Error
	if !errors.Is(err, ErrLogin) || !errors.As(err, &e) || e.Line != 1 || Code(err) != "login" {
		t.Errorf("Login = %v, want ErrLogin at line 1", err)
	}
	wait()
}

func TestAgreeRejected(t *testing.T) {
	addr, wait := serve(t, reply("LOGIN alice pw", "LOGIN:alice OK"), send(summaryLines()...),
		reply("AGREE "+gameID, "REJECT:"+gameID+" by bob"))
	c := dial(t, addr, Config{})
	ctx := testCtx(t)
	if err := c.Login(ctx, "alice", "pw"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitGame(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Agree(ctx); !errors.Is(err, ErrRejected) {
		t.Errorf("Agree = %v, want ErrRejected", err)
	}
	c.Close()
	wait()
}

func TestRejectGame(t *testing.T) {
	addr, wait := serve(t, reply("LOGIN alice pw", "LOGIN:alice OK"), send(summaryLines()...),
		reply("REJECT "+gameID, "REJECT:"+gameID+" by alice"))
	c := dial(t, addr, Config{})
	ctx := testCtx(t)
	if err := c.Login(ctx, "alice", "pw"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitGame(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Reject(ctx); err != nil {
		t.Errorf("Reject = %v", err)
	}
	c.Close()
	wait()
}

func TestMalformedSummary(t *testing.T) {
	lines := summaryLines()
	bad := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "Total_Time") {
			lines[i], bad = "Total_Time:five minutes", i
		}
	}
	addr, wait := serve(t, reply("LOGIN alice pw", "LOGIN:alice OK", ""), send(lines...))
	c := dial(t, addr, Config{})
	ctx := testCtx(t)
	if err := c.Login(ctx, "alice", "pw"); err != nil {
		t.Fatal(err)
	}
	_, err := c.WaitGame(ctx)
	var e *Error
	// line 1 is LOGIN:alice OK, line 2 the empty line, the summary starts at 3
	if !errors.As(err, &e) || e.Line != 3+bad || e.Text != "Total_Time:five minutes" {
		t.Errorf("WaitGame = %v, want an *Error at line %d", err, 3+bad)
	}
	c.Close()
	wait()
}

func startGame(t *testing.T, c *Client) {
	t.Helper()
	ctx := testCtx(t)
	if err := c.Login(ctx, "alice", "pw"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WaitGame(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Agree(ctx); err != nil {
		t.Fatal(err)
	}
}

func gameScript(then ...step) []step {
	return append([]step{reply("LOGIN alice pw", "LOGIN:alice OK"), send(summaryLines()...),
		reply("AGREE "+gameID, "START:"+gameID)}, then...)
}

func TestServerClosesMidGame(t *testing.T) {
	addr, wait := serve(t, gameScript(reply("+7776FU", "+7776FU,T1"), step{close: true})...)
	c := dial(t, addr, Config{})
	startGame(t, c)
	ctx := testCtx(t)
	if _, err := c.Move(ctx, shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false), nil); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err := c.Next(ctx)
	if !errors.Is(err, ErrServerClosed) || Code(err) != "server-closed" {
		t.Errorf("Next = %v, want ErrServerClosed", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Next took %v", d)
	}
	if !errors.Is(c.Err(), ErrServerClosed) {
		t.Errorf("Err = %v", c.Err())
	}
	wait()
}

func TestIllegalMoveFromServer(t *testing.T) {
	addr, wait := serve(t, gameScript(reply("+7776FU", "+7776FU,T1", "-3335FU,T1"))...)
	c := dial(t, addr, Config{})
	startGame(t, c)
	ctx := testCtx(t)
	if _, err := c.Move(ctx, shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false), nil); err != nil {
		t.Fatal(err)
	}
	_, err := c.Next(ctx)
	var e *Error
	var ill *shogi.IllegalMoveError
	if !errors.Is(err, ErrIllegal) || !errors.As(err, &e) || e.Text != "-3335FU,T1" || !errors.As(err, &ill) {
		t.Errorf("Next = %v, want ErrIllegal with the move's foul", err)
	}
	wait()
}

func TestResults(t *testing.T) {
	tests := []struct {
		lines []string
		want  Result
	}{
		{[]string{"#TIME_UP", "#WIN"}, Result{Reason: TimeUp, Outcome: Win}},
		{[]string{"#SENNICHITE", "#DRAW"}, Result{Reason: Sennichite, Outcome: Draw}},
		{[]string{"#MAX_MOVES", "#CENSORED"}, Result{Reason: MaxMoves, Outcome: Censored}},
		{[]string{"#CHUDAN"}, Result{Outcome: Chudan}},
		{[]string{"%KACHI", "#JISHOGI", "#WIN"}, Result{Special: "%KACHI", Reason: Jishogi, Outcome: Win}},
	}
	for _, tt := range tests {
		addr, wait := serve(t, gameScript(send(tt.lines...))...)
		c := dial(t, addr, Config{})
		startGame(t, c)
		u, err := c.Next(testCtx(t))
		if err != nil || u.Result == nil {
			t.Fatalf("%v: %v %+v", tt.lines, err, u)
		}
		if d := cmp.Diff(tt.want, *u.Result); d != "" {
			t.Errorf("%v (-want +got):\n%s", tt.lines, d)
		}
		c.Close()
		wait()
	}
}

func TestKeepAlive(t *testing.T) {
	addr, wait := serve(t, reply("LOGIN alice pw", "LOGIN:alice OK"), expect(""), expect(""))
	c := dial(t, addr, Config{KeepAlive: 40 * time.Millisecond})
	if err := c.Login(testCtx(t), "alice", "pw"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	c.Close()
	wait()
}

func TestContextDeadline(t *testing.T) {
	addr, wait := serve(t, reply("LOGIN alice pw", "LOGIN:alice OK"))
	c := dial(t, addr, Config{})
	if err := c.Login(testCtx(t), "alice", "pw"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.WaitGame(ctx)
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, ErrClosed) {
		t.Errorf("WaitGame = %v, want a closed connection for the deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("WaitGame took %v", d)
	}
	if !errors.Is(c.Err(), context.DeadlineExceeded) {
		t.Errorf("Err = %v", c.Err())
	}
	if err := c.Logout(testCtx(t)); !errors.Is(err, ErrClosed) {
		t.Errorf("Logout after the close = %v", err)
	}
	wait()
}

func TestMoveNotSentWhenIllegal(t *testing.T) {
	addr, wait := serve(t, gameScript()...)
	c := dial(t, addr, Config{})
	startGame(t, c)
	_, err := c.Move(testCtx(t), shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 5), false), nil)
	var ill *shogi.IllegalMoveError
	if !errors.As(err, &ill) {
		t.Errorf("Move = %v, want the foul", err)
	}
	if c.Err() != nil {
		t.Errorf("the connection closed: %v", c.Err())
	}
	c.Close()
	wait()
}

func TestTimeUnit(t *testing.T) {
	lines := summaryLines()
	for i, l := range lines {
		switch {
		case l == "Time_Unit:1sec":
			lines[i] = "Time_Unit:1msec"
		case l == "Total_Time:300":
			lines[i] = "Total_Time:300000"
		case l == "Increment:10":
			lines[i] = "Increment:10000"
		}
	}
	addr, wait := serve(t, reply("LOGIN alice pw", "LOGIN:alice OK"), send(lines...),
		reply("AGREE "+gameID, "START:"+gameID, "+7776FU,T1500"))
	c := dial(t, addr, Config{})
	startGame(t, c)
	u, err := c.Next(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if u.Time != 1500*time.Millisecond {
		t.Errorf("T1500 in msec = %v, want 1.5s", u.Time)
	}
	c.Close()
	wait()
}

func TestUnexpectedAndTooLong(t *testing.T) {
	addr, wait := serve(t, gameScript(send("LOGIN:alice OK", strings.Repeat("x", MaxLine+10)))...)
	c := dial(t, addr, Config{})
	startGame(t, c)
	ctx := testCtx(t)
	_, err := c.Next(ctx)
	var e *Error
	if !errors.Is(err, ErrUnexpected) || !errors.As(err, &e) || e.Text != "LOGIN:alice OK" {
		t.Errorf("Next = %v, want ErrUnexpected naming the line", err)
	}
	line := e.Line
	_, err = c.Next(ctx)
	if !errors.Is(err, ErrLineTooLong) || !errors.As(err, &e) || e.Line != line+1 {
		t.Errorf("Next = %v, want ErrLineTooLong at line %d", err, line+1)
	}
	if c.Err() == nil {
		t.Error("the connection stays open after a line too long")
	}
	wait()
}
