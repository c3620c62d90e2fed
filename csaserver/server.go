package csaserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
)

// maxErrors is how many unreadable lines in a row an x1 client may send.
const maxErrors = 16

// ErrServerClosed is returned by [Server.Serve] after [Server.Close].
var ErrServerClosed = errors.New("csaserver: server closed")

// Server is a CSA game server. Create it with [New], run it with [Server.Serve] and
// stop it with [Server.Close].
type Server struct {
	cfg       Config
	floodgate map[string]bool
	start     *shogi.Position
	root      *os.Root
	results   *resultsLog

	mu       sync.Mutex
	ln       []net.Listener
	conns    map[*conn]bool
	users    map[string]*conn // logged-in users
	games    map[string]*game
	order    []*game // games in the order they were made, for %%LIST
	nconn    int
	closed   bool
	lastID   string
	idSeq    int
	stopTick chan struct{}

	wg sync.WaitGroup
}

// New returns a server with cfg. It opens cfg.RecordDir (creating it) when set.
func New(cfg Config) (*Server, error) {
	cfg = cfg.withDefaults()
	if !ValidIdentifier(cfg.Event) || strings.Contains(cfg.Event, "+") {
		return nil, fmt.Errorf("csaserver: event name %q: want 1 to %d letters, digits, \"_\", \"@\", \"-\" or \".\" (no \"+\")", cfg.Event, MaxIdentifier)
	}
	if cfg.LeastTimePerMove < 0 || cfg.LeastTimePerMove%time.Second != 0 {
		return nil, fmt.Errorf("csaserver: least time per move %v: want whole seconds", cfg.LeastTimePerMove)
	}
	s := &Server{cfg: cfg, floodgate: map[string]bool{}, conns: map[*conn]bool{}, users: map[string]*conn{},
		games: map[string]*game{}, stopTick: make(chan struct{})}
	if cfg.StartPosition != "" {
		p, err := shogi.ParseSFEN(cfg.StartPosition)
		if err != nil {
			return nil, fmt.Errorf("csaserver: start position: %w", err)
		}
		if p.Outcome(shogi.Rules{MaxMoves: -1}).Reason != shogi.NoReason {
			return nil, fmt.Errorf("csaserver: start position: the game is over there")
		}
		s.start = p
	}
	for _, name := range cfg.FloodgateGames {
		if !ValidGameName(name) {
			return nil, fmt.Errorf("csaserver: floodgate game %q: %w", name, ErrBadGameName)
		}
		if _, _, err := clock.ParseGameName(name); err != nil {
			return nil, fmt.Errorf("csaserver: floodgate game %q: %w", name, err)
		}
		s.floodgate[name] = true
	}
	if cfg.RecordDir != "" {
		if err := os.MkdirAll(cfg.RecordDir, 0o755); err != nil {
			return nil, fmt.Errorf("csaserver: %w", err)
		}
		root, err := os.OpenRoot(cfg.RecordDir)
		if err != nil {
			return nil, fmt.Errorf("csaserver: %w", err)
		}
		s.root = root
		if s.results, err = openResults(root); err != nil {
			root.Close()
			return nil, err
		}
	}
	if len(s.floodgate) > 0 {
		s.wg.Add(1)
		go s.schedule()
	}
	return s, nil
}

func (s *Server) log(e Event) {
	if s.cfg.Log != nil {
		e.Time = time.Now()
		s.cfg.Log(e)
	}
}

// Serve accepts connections on l until [Server.Close]; it returns ErrServerClosed
// then, or the listener's error.
func (s *Server) Serve(l net.Listener) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		l.Close()
		return ErrServerClosed
	}
	s.ln = append(s.ln, l)
	s.mu.Unlock()
	s.log(Event{Kind: "listen", Detail: l.Addr().String()})
	n := 0
	for {
		nc, err := l.Accept()
		if err != nil {
			s.mu.Lock()
			closed := s.closed
			s.mu.Unlock()
			if closed {
				return ErrServerClosed
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			return err
		}
		n++
		s.mu.Lock()
		if s.closed || s.nconn >= s.cfg.MaxConnections {
			full := !s.closed
			s.mu.Unlock()
			nc.Close()
			if full {
				s.log(Event{Kind: "drop", Conn: nc.RemoteAddr().String(), Detail: "too many connections"})
			}
			continue
		}
		c := &conn{srv: s, nc: nc, id: "c" + strconv.Itoa(n) + "@" + nc.RemoteAddr().String(), out: make(chan []byte, outQueue),
			done: make(chan struct{}), state: stateConnected}
		s.conns[c] = true
		s.nconn++
		s.wg.Add(2)
		s.mu.Unlock()
		s.log(Event{Kind: "connect", Conn: c.id})
		go c.serve()
	}
}

// ListenAndServe listens on addr ("host:port") and serves.
func (s *Server) ListenAndServe(addr string) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.Serve(l)
}

// Close stops the server: it stops listening, ends the games in progress (#CHUDAN,
// their records written), closes every connection and waits for its goroutines.
func (s *Server) Close() error {
	return s.Shutdown(context.Background())
}

// Shutdown is Close with a context bounding the wait for the goroutines.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.stopTick)
	for _, l := range s.ln {
		l.Close()
	}
	games := make([]*game, 0, len(s.games))
	for _, g := range s.games {
		games = append(games, g)
	}
	s.mu.Unlock()
	for _, g := range games {
		g.abort("the server stops")
	}
	s.mu.Lock()
	conns := make([]*conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	// the lines queued (the #CHUDAN of a game in progress) are written, for a second at
	// most, then every connection is closed
	for _, c := range conns {
		c.setReason("the server stops")
		c.finish()
	}
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
	case <-time.After(time.Second):
		for _, c := range conns {
			c.close("the server stops")
		}
		select {
		case <-done:
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	if s.results != nil {
		s.results.close()
	}
	if s.root != nil {
		s.root.Close()
	}
	s.log(Event{Kind: "stop"})
	return err
}

// Addr returns the address of the first listener, or nil.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.ln) == 0 {
		return nil
	}
	return s.ln[0].Addr()
}

// dropped forgets a connection that ended; a game it played is lost by it.
func (s *Server) dropped(c *conn) {
	s.mu.Lock()
	delete(s.conns, c)
	s.nconn--
	if c.loggedIn && s.users[c.user] == c {
		delete(s.users, c.user)
	}
	g := c.game
	c.state = stateFinished
	if c.grace != nil {
		c.grace.Stop()
		c.grace = nil
	}
	reason := c.reason
	for _, og := range s.games {
		og.monitorOff(c, 0)
	}
	s.mu.Unlock()
	if reason == "" {
		reason = "closed the connection"
	}
	s.log(Event{Kind: "drop", Conn: c.id, User: c.user, Detail: reason})
	if g != nil {
		g.left(c, reason)
	}
}

// handle acts on one line of a client; false ends the connection (the client logged
// out or was dropped).
func (s *Server) handle(c *conn, line string, at time.Time) bool {
	cmd, err := ParseCommand(line)
	s.mu.Lock()
	loggedIn, x1, g := c.loggedIn, c.x1, c.game
	s.mu.Unlock()
	if !loggedIn {
		if err != nil || cmd.Kind != CmdLogin {
			if cmd.Kind == CmdKeepAlive && err == nil {
				return true
			}
			c.send("LOGIN:incorrect")
			c.setReason("login incorrect")
			c.finish()
			s.log(Event{Kind: "error", Conn: c.id, Detail: "login: " + errText(err, "want LOGIN first")})
			return false
		}
		return s.login(c, cmd)
	}
	if err != nil {
		if g != nil && (strings.HasPrefix(line, "+") || strings.HasPrefix(line, "-")) {
			// a move that is not even a CSA move is an illegal move in a game
			g.move(c, Command{Kind: CmdMove, Text: line, Move: line}, at)
			return true
		}
		s.mu.Lock()
		c.errors++
		n := c.errors
		s.mu.Unlock()
		if !x1 || n > maxErrors {
			// a plain-mode client speaks only CSA; an x1 client that says nothing
			// readable line after line is broken: either is dropped (and loses its game)
			c.send("##[ERROR] unknown command: " + shorten(line))
			c.setReason("sent garbage")
			c.finish()
			s.log(Event{Kind: "error", Conn: c.id, User: c.user, Detail: "garbage: " + shorten(strconv.QuoteToASCII(line))})
			return false
		}
		if errors.Is(err, ErrBadGameName) {
			f := strings.Fields(line)
			c.send("##[ERROR] bad game name: " + shorten(f[1]) + ".")
			return true
		}
		c.send("##[ERROR] unknown command: " + shorten(line))
		return true
	}
	s.mu.Lock()
	c.errors = 0
	s.mu.Unlock()
	switch cmd.Kind {
	case CmdKeepAlive:
		c.send("")
	case CmdLogin:
		c.send("##[ERROR] already logged in")
	case CmdLogout:
		s.mu.Lock()
		if c.game != nil {
			s.mu.Unlock()
			c.send("##[ERROR] LOGOUT during a game: finish it or close the connection")
			return true
		}
		s.unwait(c)
		s.mu.Unlock()
		c.send("LOGOUT:completed")
		c.setReason("logged out")
		c.finish()
		s.log(Event{Kind: "logout", Conn: c.id, User: c.user})
		return false
	case CmdAgree, CmdReject:
		if g == nil {
			c.send(fmt.Sprintf("##[ERROR] you are in %s status. %s is valid in agree_waiting status", s.state(c), cmdWord(cmd.Kind)))
			return true
		}
		g.answer(c, cmd)
	case CmdMove, CmdSpecial:
		if g != nil {
			g.move(c, cmd, at)
		}
	case CmdChallenge:
		c.send("CHALLENGE ACCEPTED")
	case CmdVoid:
	case CmdExtended:
		s.extended(c, cmd, x1)
	}
	return true
}

func cmdWord(k CommandKind) string {
	if k == CmdAgree {
		return "AGREE"
	}
	return "REJECT"
}

func errText(err error, def string) string {
	if err == nil {
		return def
	}
	return err.Error()
}

func (s *Server) state(c *conn) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return c.state
}

// login logs a client in: plain mode asks for the game named in its password.
func (s *Server) login(c *conn, cmd Command) bool {
	s.mu.Lock()
	if _, taken := s.users[cmd.User]; taken {
		s.mu.Unlock()
		c.send("LOGIN:incorrect")
		if cmd.X1 {
			c.send("username " + cmd.User + " is already connected")
		}
		c.finish()
		s.log(Event{Kind: "error", Conn: c.id, User: cmd.User, Detail: "login: the user is already connected"})
		return false
	}
	s.users[cmd.User] = c
	c.user, c.x1, c.loggedIn = cmd.User, cmd.X1, true
	s.mu.Unlock()
	c.send("LOGIN:" + cmd.User + " OK")
	mode := "CSA"
	if cmd.X1 {
		mode = "x1"
		c.send("##[LOGIN] +OK x1")
	}
	s.log(Event{Kind: "login", Conn: c.id, User: cmd.User, Detail: mode + " mode"})
	if !cmd.X1 {
		game, turn, _ := ParseLoginPassword(cmd.Password, "default-1500-0")
		s.wait(c, game, turn, false)
	}
	return true
}

func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
