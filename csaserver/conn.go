package csaserver

// One client's connection: a goroutine reads its lines under deadlines (the login
// timeout before LOGIN, the idle timeout between lines outside a game, the line
// timeout once a line has begun: a client that stalls mid-line is dropped), another
// writes the lines queued for it, so that a client that does not read never blocks a
// game: when its queue is full it is dropped.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// Player states, as shogi-server's %%WHO shows them.
const (
	stateConnected   = "connected"
	stateWaiting     = "game_waiting"
	stateAgree       = "agree_waiting"
	stateStart       = "start_waiting"
	stateGame        = "game"
	stateFinished    = "finished"
	outQueue         = 256
	errLineTooLong   = "line too long"
	errStalledInLine = "stalled in a line"
)

type conn struct {
	srv  *Server
	nc   net.Conn
	id   string
	out  chan []byte // nil closes after the lines before it are written
	done chan struct{}

	closeOnce sync.Once
	reason    string // why it was closed (under srv.mu)

	// Under srv.mu.
	user     string
	x1       bool
	loggedIn bool
	state    string
	gameName string
	turn     byte // the side asked for: '+', '-' or '*'
	game     *game
	waitedAt time.Time
	errors   int         // unreadable lines in a row
	grace    *time.Timer // the LOGOUT grace after a plain-mode game

	// lineAt is when the line being handled was read (UnixNano), 0 between lines: a
	// flag that falls while a line read before it is on its way waits for it.
	lineAt atomic.Int64
}

// send queues lines (without their breaks) as one write; a client whose queue is
// full is dropped.
func (c *conn) send(lines ...string) {
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	b := make([]byte, 0, n)
	for _, l := range lines {
		b = append(append(b, l...), '\n')
	}
	select {
	case c.out <- b:
	case <-c.done:
	default:
		c.close("does not read its lines")
	}
}

// finish closes the connection once the lines queued are written.
func (c *conn) finish() {
	select {
	case c.out <- nil:
	case <-c.done:
	default:
		c.close("does not read its lines")
	}
}

// close closes the connection at once.
func (c *conn) close(reason string) {
	c.closeOnce.Do(func() {
		c.setReason(reason)
		close(c.done)
		c.nc.Close()
	})
}

// setReason records why the connection ends, unless a reason is known already.
func (c *conn) setReason(reason string) {
	c.srv.mu.Lock()
	if c.reason == "" {
		c.reason = reason
	}
	c.srv.mu.Unlock()
}

// writeLoop writes the queued lines.
func (c *conn) writeLoop() {
	w := bufio.NewWriterSize(c.nc, 4096)
	for {
		var b []byte
		select {
		case <-c.done:
			return
		case b = <-c.out:
		}
		if b == nil {
			w.Flush()
			c.close("finished")
			return
		}
		c.nc.SetWriteDeadline(time.Now().Add(c.srv.cfg.WriteTimeout))
		w.Write(b)
		if len(c.out) == 0 {
			if err := w.Flush(); err != nil {
				c.close("write: " + err.Error())
				return
			}
		}
	}
}

// errIdle is a read that timed out between lines.
var errIdle = errors.New("idle")

// readLine reads one line under the deadlines, and the time it was complete.
func (c *conn) readLine(r *bufio.Reader, idle time.Duration) (string, time.Time, error) {
	cfg := &c.srv.cfg
	if r.Buffered() == 0 {
		if idle > 0 {
			c.nc.SetReadDeadline(time.Now().Add(idle))
		} else {
			c.nc.SetReadDeadline(time.Time{})
		}
		if _, err := r.Peek(1); err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return "", time.Time{}, errIdle
			}
			return "", time.Time{}, err
		}
	}
	c.nc.SetReadDeadline(time.Now().Add(cfg.LineTimeout))
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > cfg.MaxLine+2 {
			return "", time.Time{}, errors.New(errLineTooLong)
		}
		line = append(line, chunk...)
		if err == nil {
			break
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return "", time.Time{}, errors.New(errStalledInLine)
		}
		return "", time.Time{}, err
	}
	at := time.Now()
	n := len(line) - 1
	if n > 0 && line[n-1] == '\r' {
		n--
	}
	if n > cfg.MaxLine {
		return "", time.Time{}, errors.New(errLineTooLong)
	}
	return string(line[:n]), at, nil
}

// serve reads the client's lines until it leaves or is dropped.
func (c *conn) serve() {
	s := c.srv
	defer s.wg.Done()
	go func() {
		defer s.wg.Done()
		c.writeLoop()
	}()
	r := bufio.NewReaderSize(c.nc, 4096)
	reason := "closed the connection"
	for {
		s.mu.Lock()
		idle := s.cfg.IdleTimeout
		switch {
		case !c.loggedIn:
			idle = s.cfg.LoginTimeout
		case c.game != nil:
			idle = 0 // the clock bounds a game
		}
		s.mu.Unlock()
		line, at, err := c.readLine(r, idle)
		if err == errIdle {
			s.mu.Lock()
			inGame := c.game != nil
			s.mu.Unlock()
			if inGame {
				continue
			}
			reason = "idle"
			break
		}
		if err != nil {
			select {
			case <-c.done:
				reason = ""
			default:
				reason = err.Error()
				if errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) {
					reason = "closed the connection"
				}
			}
			break
		}
		c.lineAt.Store(at.UnixNano())
		ok := s.handle(c, line, at)
		c.lineAt.Store(0)
		if !ok {
			reason = ""
			break
		}
	}
	if reason != "" {
		c.close(reason)
	}
	s.dropped(c)
}

func (c *conn) String() string { return fmt.Sprintf("%s(%s)", c.id, c.user) }
