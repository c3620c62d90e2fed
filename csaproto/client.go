package csaproto

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
)

// Direction says which way a line went between the client and the server.
type Direction uint8

// Directions of the lines a [Config.Hook] sees.
const (
	Sent     Direction = iota + 1 // from the client to the server
	Received                      // from the server to the client
)

func (d Direction) String() string {
	switch d {
	case Sent:
		return "sent"
	case Received:
		return "received"
	}
	return "invalid"
}

// Config holds a [Client]'s options; the zero Config is usable.
type Config struct {
	// KeepAlive, when positive, sends an empty line when the client has sent
	// nothing for that long (floodgate drops a connection silent for minutes).
	KeepAlive time.Duration
	// Hook, when not nil, sees every line sent and received, without its line
	// break; the password of LOGIN is shown as "*". It is called from the
	// client's goroutines, one line at a time.
	Hook func(dir Direction, line string)
}

// maxSummaryLines bounds a Game_Summary.
const maxSummaryLines = 1000

// Update is what happened after a call of [Client.Move] or [Client.Next]: a move
// played (the client's echoed or the opponent's) with its time, or the end of the
// game.
type Update struct {
	Move    shogi.Move // NoMove when the game ended
	Side    shogi.Color
	Time    time.Duration // the time charged, in the summary's Time_Unit
	HasTime bool
	Comment *Comment // the opponent's PV comment, if any
	Result  *Result  // the end of the game, when it ended
}

// Result is the end of a game as the server stated it.
type Result struct {
	Special string // the declaration echoed before, "%TORYO" or "%KACHI", if any
	// Time is the time the server charged the declaration (its T, in the summary's
	// Time_Unit), when HasTime says it gave one.
	Time    time.Duration
	HasTime bool
	Reason  Reason
	Outcome Outcome
}

type lineIn struct {
	n    int
	text string
	err  error
}

// Client plays games on a CSA server over one connection. Its methods are not
// meant to be called concurrently, except Close and Err.
type Client struct {
	conn  io.ReadWriteCloser
	cfg   Config
	lines chan lineIn

	wmu       sync.Mutex
	lastWrite time.Time

	closeOnce sync.Once
	closed    chan struct{}
	errMu     sync.Mutex
	err       error

	summary *Summary
	pos     *shogi.Position
	playing bool

	logoutSent atomic.Bool
}

// Dial connects to a server at addr ("host:port", 4081 by custom) and returns its
// Client.
func Dial(ctx context.Context, addr string, cfg Config) (*Client, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	return NewClient(conn, cfg), nil
}

// NewClient returns a Client over conn, which it closes when the client is closed.
func NewClient(conn io.ReadWriteCloser, cfg Config) *Client {
	c := &Client{conn: conn, cfg: cfg, lines: make(chan lineIn, 64), closed: make(chan struct{}), lastWrite: time.Now()}
	go c.read()
	if cfg.KeepAlive > 0 {
		go c.keepAlive()
	}
	return c
}

// read passes the server's lines to the calls, numbered; it ends at the end of
// the connection or at the first line too long.
func (c *Client) read() {
	r := bufio.NewReaderSize(c.conn, 4096)
	n := 0
	send := func(l lineIn) bool {
		select {
		case c.lines <- l:
			return true
		case <-c.closed:
			return false
		}
	}
	for {
		var b []byte
		var err error
		for {
			var chunk []byte
			chunk, err = r.ReadSlice('\n')
			b = append(b, chunk...)
			if err != bufio.ErrBufferFull || len(b) > MaxLine {
				break
			}
		}
		if len(b) > MaxLine {
			n++
			c.hook(Received, shorten(string(b)))
			send(lineIn{n: n, text: shorten(string(b)), err: ErrLineTooLong})
			return
		}
		if err != nil {
			if len(b) > 0 { // a last line without its break is lost with the connection
				c.hook(Received, string(b))
			}
			if errors.Is(err, io.EOF) {
				err = ErrServerClosed
			} else {
				err = fmt.Errorf("%w: %w", ErrServerClosed, err)
			}
			send(lineIn{n: n + 1, err: err})
			return
		}
		n++
		line := strings.TrimRight(string(b), "\r\n")
		c.hook(Received, line)
		if !send(lineIn{n: n, text: line}) {
			return
		}
	}
}

func (c *Client) keepAlive() {
	t := time.NewTicker(c.cfg.KeepAlive / 4)
	defer t.Stop()
	for {
		select {
		case <-c.closed:
			return
		case <-t.C:
			c.wmu.Lock()
			idle := time.Since(c.lastWrite) >= c.cfg.KeepAlive
			c.wmu.Unlock()
			if idle {
				if err := c.send(""); err != nil {
					return
				}
			}
		}
	}
}

func (c *Client) hook(dir Direction, line string) {
	if c.cfg.Hook != nil {
		c.cfg.Hook(dir, line)
	}
}

// send writes a line.
func (c *Client) send(line string) error { return c.sendShown(line, line) }

// sendShown writes line and shows the hook shown.
func (c *Client) sendShown(line, shown string) error {
	if err := c.Err(); err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.hook(Sent, shown)
	_, err := io.WriteString(c.conn, line+"\n")
	c.lastWrite = time.Now()
	if err != nil {
		return c.fail(fmt.Errorf("%w: %w", ErrClosed, err))
	}
	return nil
}

// fail closes the connection for the reason err (the first reason stays) and
// returns it.
func (c *Client) fail(err error) error {
	c.errMu.Lock()
	if c.err == nil {
		c.err = err
	}
	err = c.err
	c.errMu.Unlock()
	c.closeOnce.Do(func() {
		close(c.closed)
		c.conn.Close()
	})
	return err
}

// Err returns the reason the connection was closed, or nil while it is open.
func (c *Client) Err() error {
	c.errMu.Lock()
	defer c.errMu.Unlock()
	return c.err
}

// Close closes the connection without logging out.
func (c *Client) Close() error {
	c.fail(ErrClosed)
	return nil
}

// recv returns the next line of the server read as a message, skipping empty
// lines and extended-mode answers. A context done closes the connection.
func (c *Client) recv(ctx context.Context) (Message, int, error) {
	for {
		var l lineIn
		select {
		case <-ctx.Done():
			return Message{}, 0, c.fail(fmt.Errorf("%w: %w", ErrClosed, context.Cause(ctx)))
		case <-c.closed:
			return Message{}, 0, c.Err()
		case l = <-c.lines:
		}
		if l.err != nil {
			if errors.Is(l.err, ErrLineTooLong) {
				return Message{}, l.n, c.fail(&Error{Line: l.n, Text: l.text, Err: l.err})
			}
			if c.logoutSent.Load() && errors.Is(l.err, ErrServerClosed) {
				return Message{}, l.n, c.fail(ErrLoggedOut)
			}
			return Message{}, l.n, c.fail(l.err)
		}
		if c.logoutSent.Load() && l.text == "LOGOUT:completed" {
			return Message{}, l.n, c.fail(ErrLoggedOut)
		}
		m, err := parseMessage(l.text)
		if err != nil {
			return Message{}, l.n, &Error{Line: l.n, Text: l.text, Err: err}
		}
		if m.Kind == KindEmpty || m.Kind == KindExtended {
			continue
		}
		return m, l.n, nil
	}
}

func unexpected(m Message, n int, want string) error {
	return &Error{Line: n, Text: m.Text, Err: fmt.Errorf("%w: want %s", ErrUnexpected, want)}
}

// Login logs in with a user name and a password (neither may hold a space).
func (c *Client) Login(ctx context.Context, user, password string) error {
	return c.login(ctx, user, password)
}

// LoginExtended logs in in shogi-server's extended mode: the password followed
// by " x1". The server's extended answers ("##[…]") are passed over.
func (c *Client) LoginExtended(ctx context.Context, user, password string) error {
	return c.login(ctx, user, password+" x1")
}

func (c *Client) login(ctx context.Context, user, password string) error {
	if user == "" || strings.ContainsAny(user, " \r\n") || strings.ContainsAny(strings.TrimSuffix(password, " x1"), " \r\n") {
		return fmt.Errorf("%w: a user name and a password without spaces", ErrState)
	}
	shown := "*"
	if strings.HasSuffix(password, " x1") {
		shown = "* x1"
	}
	if err := c.sendShown("LOGIN "+user+" "+password, "LOGIN "+user+" "+shown); err != nil {
		return err
	}
	m, n, err := c.recv(ctx)
	if err != nil {
		return err
	}
	switch m.Kind {
	case KindLoginOK:
		return nil
	case KindLoginIncorrect:
		return &Error{Line: n, Text: m.Text, Err: ErrLogin}
	}
	return unexpected(m, n, "LOGIN:<user> OK or LOGIN:incorrect")
}

// WaitGame waits for the server's next Game_Summary and returns it.
func (c *Client) WaitGame(ctx context.Context) (*Summary, error) {
	m, n, err := c.recv(ctx)
	if err != nil {
		return nil, err
	}
	if m.Kind != KindSummary {
		return nil, unexpected(m, n, "BEGIN Game_Summary")
	}
	lines := []string{m.Text}
	for lines[len(lines)-1] != "END Game_Summary" {
		if len(lines) > maxSummaryLines {
			return nil, c.fail(&Error{Line: n + len(lines) - 1, Text: lines[len(lines)-1], Err: fmt.Errorf("%w: more than %d lines", ErrSummary, maxSummaryLines)})
		}
		var l lineIn
		select {
		case <-ctx.Done():
			return nil, c.fail(fmt.Errorf("%w: %w", ErrClosed, context.Cause(ctx)))
		case <-c.closed:
			return nil, c.Err()
		case l = <-c.lines:
		}
		if l.err != nil {
			return nil, c.fail(l.err)
		}
		lines = append(lines, l.text)
	}
	s, err := parseSummary(lines, n)
	if err != nil {
		return nil, err
	}
	c.summary, c.pos, c.playing = s, s.Position.Clone(), false
	return s, nil
}

// Summary returns the summary of the current game, or nil.
func (c *Client) Summary() *Summary { return c.summary }

// Position returns the current game's position (a copy).
func (c *Client) Position() *shogi.Position {
	if c.pos == nil {
		return nil
	}
	return c.pos.Clone()
}

// Agree accepts the game and waits for its start. The server's REJECT (the
// opponent refused) is [ErrRejected].
func (c *Client) Agree(ctx context.Context) error {
	if c.summary == nil || c.playing {
		return fmt.Errorf("%w: Agree without a Game_Summary", ErrState)
	}
	if err := c.send("AGREE " + c.summary.GameID); err != nil {
		return err
	}
	m, n, err := c.recv(ctx)
	if err != nil {
		return err
	}
	switch {
	case m.Kind == KindStart && m.GameID == c.summary.GameID:
		c.playing = true
		return nil
	case m.Kind == KindReject && m.GameID == c.summary.GameID:
		c.summary = nil
		return &Error{Line: n, Text: m.Text, Err: ErrRejected}
	}
	return unexpected(m, n, "START:"+c.summary.GameID+" or REJECT:"+c.summary.GameID)
}

// Reject refuses the game and waits for the server's REJECT.
func (c *Client) Reject(ctx context.Context) error {
	if c.summary == nil || c.playing {
		return fmt.Errorf("%w: Reject without a Game_Summary", ErrState)
	}
	if err := c.send("REJECT " + c.summary.GameID); err != nil {
		return err
	}
	m, n, err := c.recv(ctx)
	if err != nil {
		return err
	}
	if m.Kind != KindReject || m.GameID != c.summary.GameID {
		return unexpected(m, n, "REJECT:"+c.summary.GameID)
	}
	c.summary = nil
	return nil
}

// Move sends the client's move, with a PV comment when pv is not nil (extended
// mode), and returns the server's echo with the time charged, or the end of the
// game if the server ended it instead. A move illegal in the position is not sent.
func (c *Client) Move(ctx context.Context, m shogi.Move, pv *Comment) (Update, error) {
	if !c.playing {
		return Update{}, fmt.Errorf("%w: Move outside a game", ErrState)
	}
	if c.pos.SideToMove() != c.summary.YourTurn {
		return Update{}, fmt.Errorf("%w: not the client's turn", ErrState)
	}
	if err := c.pos.CheckMove(m); err != nil {
		return Update{}, err
	}
	line := notation.CSA.Encode(c.pos, m)
	if pv != nil {
		s, err := FormatComment(*pv)
		if err != nil {
			return Update{}, err
		}
		line += "," + s
	}
	if err := c.send(line); err != nil {
		return Update{}, err
	}
	u, err := c.next(ctx)
	if err == nil && u.Result == nil && u.Move != m {
		return u.Update, c.fail(&Error{Line: u.line, Text: u.text, Err: fmt.Errorf("%w: want the echo of %s", ErrUnexpected, line)})
	}
	return u.Update, err
}

// Next returns the next thing the server says in the game: a move played (the
// opponent's, checked against the position) with its time, or the end of the game.
func (c *Client) Next(ctx context.Context) (Update, error) {
	u, err := c.next(ctx)
	return u.Update, err
}

// numbered is an update with the server's line that gave it.
type numbered struct {
	Update
	line int
	text string
}

func (c *Client) next(ctx context.Context) (numbered, error) {
	if !c.playing {
		return numbered{}, fmt.Errorf("%w: Next outside a game", ErrState)
	}
	var res Result
	for {
		m, n, err := c.recv(ctx)
		if err != nil {
			return numbered{}, err
		}
		switch m.Kind {
		case KindMove:
			if res != (Result{}) {
				return numbered{}, unexpected(m, n, "the result")
			}
			mv, err := notation.CSA.Decode(c.pos, m.Move)
			if err != nil {
				return numbered{}, c.fail(&Error{Line: n, Text: m.Text, Err: fmt.Errorf("%w: %w", ErrIllegal, err)})
			}
			u := Update{Move: mv, Side: c.pos.SideToMove(), Time: scale(m.Time, c.unit()), HasTime: m.HasTime, Comment: m.Comment}
			c.pos.PlayUnchecked(mv)
			return numbered{u, n, m.Text}, nil
		case KindSpecial:
			if res.Special == m.Move && res.Reason == NoReason && !m.HasTime {
				// shogi-server states a declaration it refuses twice: "%KACHI,T0",
				// then "%KACHI" before #ILLEGAL_MOVE.
				continue
			}
			if res != (Result{}) {
				return numbered{}, unexpected(m, n, "the result")
			}
			res.Special = m.Move
			res.Time, res.HasTime = scale(m.Time, c.unit()), m.HasTime
		case KindReason:
			if res.Reason != NoReason {
				return numbered{}, unexpected(m, n, "the result")
			}
			res.Reason = m.Reason
		case KindResult:
			res.Outcome = m.Outcome
			c.playing = false
			return numbered{Update: Update{Result: &res}, line: n, text: m.Text}, nil
		default:
			return numbered{}, unexpected(m, n, "a move or the end of the game")
		}
	}
}

func (c *Client) unit() time.Duration { return c.summary.Time.For(c.summary.YourTurn).Unit }

// Resign sends %TORYO and returns the result.
func (c *Client) Resign(ctx context.Context) (*Result, error) { return c.special(ctx, "%TORYO") }

// Declare sends %KACHI, the declaration of a win by entering kings (入玉宣言), and
// returns the result the server judged.
func (c *Client) Declare(ctx context.Context) (*Result, error) { return c.special(ctx, "%KACHI") }

// Chudan sends %CHUDAN, asking to interrupt the game, and returns the result.
func (c *Client) Chudan(ctx context.Context) (*Result, error) { return c.special(ctx, "%CHUDAN") }

// special sends a declaration and reads the game to its end.
func (c *Client) special(ctx context.Context, s string) (*Result, error) {
	if !c.playing {
		return nil, fmt.Errorf("%w: %s outside a game", ErrState, s)
	}
	if err := c.send(s); err != nil {
		return nil, err
	}
	for {
		u, err := c.Next(ctx)
		if err != nil {
			return nil, err
		}
		if u.Result != nil {
			return u.Result, nil
		}
	}
}

// Command sends one of shogi-server's extended-mode commands, a line that starts
// with "%%" ("%%GAME floodgate-300-10F *", "%%CHAT hello"), without waiting: the
// server's answers ("##[…]") are passed over by the calls that read.
func (c *Client) Command(line string) error {
	if !strings.HasPrefix(line, "%%") || strings.ContainsAny(line, "\r\n") {
		return fmt.Errorf("%w: an extended command is one line that starts with %%%%", ErrState)
	}
	return c.send(line)
}

// RequestLogout sends LOGOUT without waiting. Unlike the other calls it may be
// called while another call waits (for the next game, or the opponent's move):
// that call then returns [ErrLoggedOut] when the server answers LOGOUT:completed
// or closes the connection, and the connection is closed.
func (c *Client) RequestLogout() error {
	c.logoutSent.Store(true)
	return c.send("LOGOUT")
}

// Logout sends LOGOUT, waits for LOGOUT:completed (a server that closes the
// connection instead, as floodgate may, is a logout too) and closes the connection.
// The moves and results of a game that ends meanwhile are passed over.
func (c *Client) Logout(ctx context.Context) error {
	if err := c.RequestLogout(); err != nil {
		return err
	}
	for {
		m, n, err := c.recv(ctx)
		if errors.Is(err, ErrLoggedOut) {
			return nil
		}
		if err != nil {
			return err
		}
		if m.Kind != KindMove && m.Kind != KindSpecial && m.Kind != KindReason && m.Kind != KindResult {
			return unexpected(m, n, "LOGOUT:completed")
		}
	}
}
