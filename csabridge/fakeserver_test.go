package csabridge_test

// A CSA server for the tests, on 127.0.0.1: one game against the bridge, the
// server playing the opponent's moves (a script, then the first legal move), every
// move of the bridge checked by the rules and timed in whole seconds rounded down
// as shogi-server does, a game ending as shogi-server ends it.

import (
	"bufio"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/notation"
)

type fakeServer struct {
	t         *testing.T
	ln        net.Listener
	bridge    shogi.Color // the bridge's colour
	timeLines []string    // the summary's time section
	control   clock.Control
	script    []string        // the opponent's moves (CSA) by its turn; then the first legal move
	oppTime   time.Duration   // the time charged to each of the opponent's moves
	maxPlies  int             // after that many plies the server ends the game (#MAX_MOVES #CENSORED)
	extended  bool            // answer LOGOUT after the game instead of closing (x1)
	closeAt   int             // when positive, the server closes the connection at this ply
	from      *shogi.Position // the start position; the even game when nil
	rejects   int             // the server rejects this many games, the first ones, after the bridge's AGREE

	mu    sync.Mutex
	lines []string // the lines the bridge sent
	sent  []string // the lines the server sent
	done  chan struct{}
	err   error
}

func newFakeServer(t *testing.T, bridge shogi.Color, timeLines ...string) *fakeServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if len(timeLines) == 0 {
		timeLines = []string{"BEGIN Time", "Time_Unit:1sec", "Total_Time:0", "Byoyomi:2", "Least_Time_Per_Move:0", "END Time"}
	}
	c, err := clock.ParseSummaryTime(timeLines)
	if err != nil {
		t.Fatal(err)
	}
	s := &fakeServer{t: t, ln: ln, bridge: bridge, timeLines: timeLines, control: c, maxPlies: 12, done: make(chan struct{})}
	t.Cleanup(func() { ln.Close() })
	return s
}

func (s *fakeServer) addr() string { return s.ln.Addr().String() }

// start serves games connections, one after the other, in the background.
func (s *fakeServer) start(games int) {
	go func() {
		defer close(s.done)
		for range games {
			conn, err := s.ln.Accept()
			if err != nil {
				s.err = err
				return
			}
			conn.SetDeadline(time.Now().Add(60 * time.Second))
			err = s.serve(conn)
			conn.Close()
			if err != nil {
				s.err = err
				return
			}
		}
	}()
}

// wait waits for the game's end and returns what the bridge sent.
func (s *fakeServer) wait() []string {
	s.t.Helper()
	select {
	case <-s.done:
	case <-time.After(60 * time.Second):
		s.t.Fatal("the fake server did not finish")
	}
	if s.err != nil {
		s.t.Errorf("fake server: %v", s.err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.lines...)
}

const testGameID = "test+testgame-0-2+alice+bob+20261126120000"

func (s *fakeServer) serve(conn net.Conn) error {
	r := bufio.NewReader(conn)
	read := func() (string, error) {
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				return "", err
			}
			l = strings.TrimRight(l, "\r\n")
			s.mu.Lock()
			s.lines = append(s.lines, l)
			s.mu.Unlock()
			if l != "" { // keep-alive
				return l, nil
			}
		}
	}
	write := func(lines ...string) error {
		s.mu.Lock()
		s.sent = append(s.sent, lines...)
		s.mu.Unlock()
		_, err := fmt.Fprint(conn, strings.Join(lines, "\n")+"\n")
		return err
	}
	l, err := read()
	if err != nil {
		return err
	}
	f := strings.Fields(l)
	if len(f) < 3 || f[0] != "LOGIN" {
		return fmt.Errorf("want LOGIN, got %q", l)
	}
	write("LOGIN:" + f[1] + " OK")
	if len(f) == 4 && f[3] == "x1" {
		write("##[LOGIN] +OK x1")
		if l, err = read(); err != nil || !strings.HasPrefix(l, "%%GAME ") {
			return fmt.Errorf("want %%%%GAME, got %q (%v)", l, err)
		}
	}
	you := "+"
	if s.bridge == shogi.White {
		you = "-"
	}
	summary := []string{"BEGIN Game_Summary", "Protocol_Version:1.2", "Protocol_Mode:Server", "Format:Shogi 1.0",
		"Declaration:Jishogi 1.1", "Game_ID:" + testGameID, "Name+:alice", "Name-:bob", "Your_Turn:" + you,
		"Rematch_On_Draw:NO", "To_Move:" + map[bool]string{true: "+", false: "-"}[s.from == nil || s.from.SideToMove() == shogi.Black], "Max_Moves:256"}
	summary = append(summary, s.timeLines...)
	p := shogi.NewStartPosition()
	if s.from != nil {
		p = s.from.Clone()
	}
	summary = append(summary, "BEGIN Position")
	summary = append(summary, strings.Split(strings.TrimSuffix(csa.FormatBoard(p), "\n"), "\n")...)
	summary = append(summary, "END Position", "END Game_Summary")
	write(summary...)
	l, err = read()
	switch {
	case err == nil && l == "REJECT "+testGameID: // the bridge rejects
		return write("REJECT:" + testGameID + " by alice")
	case err != nil || l != "AGREE "+testGameID:
		return fmt.Errorf("want AGREE, got %q (%v)", l, err)
	case s.rejects > 0: // the opponent rejects
		s.rejects--
		return write("REJECT:" + testGameID + " by bob")
	}
	write("START:" + testGameID)
	k := clock.New(s.control, nil)
	end := func(lines ...string) error {
		if err := write(lines...); err != nil {
			return err
		}
		if !s.extended {
			return nil // a plain login's connection is closed after the game
		}
		for { // a move sent as the game ended is passed over
			l, err := read()
			if err != nil {
				return err
			}
			if l == "LOGOUT" {
				return write("LOGOUT:completed")
			}
		}
	}
	oppMoves := 0
	for ply := 0; ; ply++ {
		if s.closeAt > 0 && ply == s.closeAt {
			return nil
		}
		if ply == s.maxPlies { // after the echo of the last move, as shogi-server does
			return end("#MAX_MOVES", "#CENSORED")
		}
		side := p.SideToMove()
		if side != s.bridge {
			var m shogi.Move
			if oppMoves < len(s.script) {
				m, err = notation.CSA.Decode(p, s.script[oppMoves])
				if err != nil {
					return fmt.Errorf("script: %v", err)
				}
			} else {
				var list shogi.MoveList
				p.GenerateMoves(&list)
				if list.Len() == 0 {
					return end("#RESIGN", "#WIN") // not reached: the bridge plays no mate here
				}
				m = list.At(0)
			}
			oppMoves++
			text := notation.CSA.Encode(p, m)
			ch := k.Charge(side, s.oppTime)
			p.PlayUnchecked(m)
			if err := write(fmt.Sprintf("%s,T%d", text, ch.Charged/time.Second)); err != nil {
				return err
			}
			continue
		}
		k.Start(side)
		l, err := read()
		if err != nil {
			return err
		}
		ch, _ := k.Stop()
		t := ch.Charged / time.Second
		move, _, _ := strings.Cut(l, ",")
		switch {
		case !ch.OnTime:
			return end("#TIME_UP", "#LOSE")
		case move == "%TORYO":
			return end(fmt.Sprintf("%%TORYO,T%d", t), "#RESIGN", "#LOSE")
		case move == "%KACHI":
			if o := p.Declare(shogi.Rule27); o.Reason == shogi.DeclarationWin {
				return end(fmt.Sprintf("%%KACHI,T%d", t), "#JISHOGI", "#WIN")
			}
			return end("#ILLEGAL_MOVE", "#LOSE")
		}
		m, err := notation.CSA.Decode(p, move)
		if err != nil {
			end("#ILLEGAL_MOVE", "#LOSE")
			return fmt.Errorf("the bridge sent an illegal move %q: %v", l, err)
		}
		p.PlayUnchecked(m)
		if err := write(fmt.Sprintf("%s,T%d", move, t)); err != nil {
			return err
		}
	}
}
