package usi

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Direction says which way a line went between the client and the engine.
type Direction uint8

// Directions of the lines a [Config.Hook] sees.
const (
	Sent     Direction = iota + 1 // from the client to the engine
	Received                      // from the engine to the client
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

// Defaults of a [Config] that leaves a field zero.
const (
	// DefaultGrace is the grace period.
	DefaultGrace = 3 * time.Second
	// DefaultMargin is the time the client allows for the lines to travel and the
	// engines to be scheduled: a search is told to stop that long after its clock's
	// time, and a game tells the engines their times less it (no more than half the
	// byoyomi: [TimeControl.Withheld]), sending stop when the time told runs out.
	//
	// It was chosen from matches of gpsusi (LimitDepth=4) against Fairy-Stockfish at a
	// 1-second byoyomi on a 2-core machine that other builds and tests loaded to a load
	// average of 14–24: there, Fairy-Stockfish's own moves came up to 430 ms after the
	// time it was told (50–80 ms before it as a rule), and both engines' answers to
	// stop up to 160 and 420 ms after it (gpsusi, which finishes its depth-4 search
	// whatever its time, was stopped in a quarter of its moves); with 300 ms, every
	// game of a 4-game match was lost on time.
	DefaultMargin = 500 * time.Millisecond
	// DefaultMoveTimeout is the time a search limited by depth or nodes alone is given
	// before it is told to stop.
	DefaultMoveTimeout = time.Minute
	// DefaultReadyTimeout is the time the handshake (usi … usiok) and isready are given
	// when their context has no deadline of its own.
	DefaultReadyTimeout = time.Minute
)

// Config says how to start an engine ([Start]) or how to talk to one ([New]).
type Config struct {
	// Path is the engine's program, and Args its arguments; Dir is the directory it
	// runs in (the caller's when empty) and Env its environment (the caller's when nil).
	// They are used by Start only.
	Path string
	Args []string
	Dir  string
	Env  []string
	// Name labels the engine in errors; the base name of Path, or "engine", when empty.
	Name string
	// Hook, when not nil, sees every line sent to the engine and every line received
	// from it, in order, one call at a time (from the calling goroutine for the lines
	// sent and from the client's reading goroutine for the lines received). It must
	// not call the Engine's or a Search's methods.
	Hook func(dir Direction, line string)
	// Stderr, when not nil, receives the engine's error output as it comes (Start
	// only). The client keeps its last lines in any case, for the error of an engine
	// that exits.
	Stderr io.Writer
	// Grace is how long the client waits for an engine that was told to stop (at the
	// end of a search's context) or to quit (by Close), or for a command to be read,
	// before it kills the engine; DefaultGrace when zero.
	Grace time.Duration
	// Margin is the time past a search's clock (its side's time and byoyomi, or a mate
	// search's limit) before the client sends stop; DefaultMargin when zero, none when
	// negative.
	Margin time.Duration
	// MoveTimeout is the time a search limited by depth or nodes alone is given before
	// the client sends stop; DefaultMoveTimeout when zero or negative.
	MoveTimeout time.Duration
	// ReadyTimeout is the time the handshake and isready are given when their context
	// has no deadline; DefaultReadyTimeout when zero or negative.
	ReadyTimeout time.Duration
}

func (c *Config) grace() time.Duration {
	if c.Grace > 0 {
		return c.Grace
	}
	return DefaultGrace
}

func (c *Config) margin() time.Duration {
	switch {
	case c.Margin < 0:
		return 0
	case c.Margin == 0:
		return DefaultMargin
	}
	return c.Margin
}

func (c *Config) moveTimeout() time.Duration {
	if c.MoveTimeout > 0 {
		return c.MoveTimeout
	}
	return DefaultMoveTimeout
}

func (c *Config) readyTimeout() time.Duration {
	if c.ReadyTimeout > 0 {
		return c.ReadyTimeout
	}
	return DefaultReadyTimeout
}

// requestKind is the answer a request waits for.
type requestKind uint8

const (
	waitUSIOK requestKind = iota + 1
	waitReadyOK
	waitBestMove  // a search
	waitCheckmate // a mate search
)

// request is a call waiting for the engine's answer.
type request struct {
	kind   requestKind
	op     string
	search *Search // for waitBestMove and waitCheckmate
	done   chan struct{}
	err    error // set before done is closed
}

// Engine is a USI engine: a process that Start started, or a peer that New attached
// to. Its methods may be called from several goroutines, but one call at a time waits
// for an answer: a second one meanwhile gets [ErrBusy]. A running [Search] may be
// stopped from any goroutine.
//
// The engine's name, author and options, from its answer to usi, are known once Start
// or New returns.
type Engine struct {
	cfg   Config
	label string

	name, author string
	options      []Option

	w   io.Writer
	wdl interface{ SetWriteDeadline(time.Time) error } // nil when w has no deadlines
	wmu sync.Mutex                                     // one write at a time

	cmd     *exec.Cmd
	closeIO func() // closes the pipes (or the ReadWriter), unblocking the reader
	stderr  *tailBuffer

	hookMu sync.Mutex

	mu      sync.Mutex
	pending *request
	stray   string // a line that answered nothing while no call waited
	deadErr error  // why the engine can no longer be used; nil while it can
	closed  bool

	readerDone chan struct{}
}

// Start starts the engine's program and performs the handshake (usi … usiok) within
// ctx. On an error the process is killed and waited for.
func Start(ctx context.Context, cfg Config) (*Engine, error) {
	label := cfg.Name
	if label == "" {
		label = filepath.Base(cfg.Path)
	}
	if cfg.Path == "" {
		return nil, &EngineError{Engine: "engine", Op: "start", Err: errors.New("usi: no program to start (Config.Path is empty)")}
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, &EngineError{Engine: label, Op: "start", Err: err}
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, &EngineError{Engine: label, Op: "start", Err: err}
	}
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Dir, cmd.Env = cfg.Dir, cfg.Env
	cmd.Stdin, cmd.Stdout = inR, outW
	tail := &tailBuffer{}
	cmd.Stderr = tail
	if cfg.Stderr != nil {
		cmd.Stderr = io.MultiWriter(tail, cfg.Stderr)
	}
	cmd.WaitDelay = cfg.grace()
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, &EngineError{Engine: label, Op: "start", Err: err}
	}
	e := newEngine(cfg, label, inW)
	e.wdl = inW
	e.cmd = cmd
	e.stderr = tail
	e.closeIO = func() {
		inW.Close()
		outR.Close()
	}
	go e.readLoop(outR)
	if err := e.handshake(ctx); err != nil {
		return nil, err
	}
	return e, nil
}

// New attaches to an engine that speaks on rw (a network connection, a pipe to a
// process started otherwise, an engine in the same program) and performs the
// handshake within ctx. Close closes rw when it is an io.Closer; when it is not, a
// peer that neither answers nor closes its side can keep the client's reading
// goroutine waiting. Writes honour a deadline when rw has SetWriteDeadline (as a
// net.Conn does).
func New(ctx context.Context, rw io.ReadWriter, cfg Config) (*Engine, error) {
	label := cfg.Name
	if label == "" {
		label = "engine"
	}
	e := newEngine(cfg, label, rw)
	if d, ok := rw.(interface{ SetWriteDeadline(time.Time) error }); ok {
		e.wdl = d
	}
	e.closeIO = func() {}
	if c, ok := rw.(io.Closer); ok {
		e.closeIO = func() { c.Close() }
	}
	go e.readLoop(rw)
	if err := e.handshake(ctx); err != nil {
		return nil, err
	}
	return e, nil
}

func newEngine(cfg Config, label string, w io.Writer) *Engine {
	return &Engine{cfg: cfg, label: label, w: w, readerDone: make(chan struct{})}
}

// handshake sends usi and waits for usiok; on failure it kills the engine.
func (e *Engine) handshake(ctx context.Context) error {
	req := &request{kind: waitUSIOK, op: "handshake", done: make(chan struct{})}
	if err := e.begin(req); err != nil {
		e.abandon(err)
		return err
	}
	if err := e.send("handshake", "usi"); err != nil {
		e.abandon(err)
		return err
	}
	if err := e.await(ctx, req); err != nil {
		e.abandon(err)
		return err
	}
	return nil
}

// abandon kills an engine whose start failed and waits for its reader to end.
func (e *Engine) abandon(cause error) {
	e.kill(cause)
	<-e.readerDone
}

// Name returns the engine's name, from its "id name" line ("" when it sent none).
func (e *Engine) Name() string { return e.name }

// Author returns the engine's author, from its "id author" line.
func (e *Engine) Author() string { return e.author }

// Options returns the engine's options in the order it listed them.
func (e *Engine) Options() []Option { return slices.Clone(e.options) }

// Option returns the option called name, and whether the engine has it.
func (e *Engine) Option(name string) (Option, bool) {
	for _, o := range e.options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}

// Err returns why the engine can no longer be used (it exited, was killed or closed),
// an error wrapping [ErrExited], [ErrNoResponse], [ErrLineTooLong] or [ErrClosed]; nil
// while it can be used.
func (e *Engine) Err() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case e.closed:
		return e.errorf("", "", ErrClosed)
	case e.deadErr != nil:
		return e.deadError("")
	}
	return nil
}

// errorf returns the EngineError of op.
func (e *Engine) errorf(op, line string, err error) *EngineError {
	return &EngineError{Engine: e.label, Op: op, Line: line, Err: err}
}

// begin checks that the engine can take a command and makes req (nil for a command
// that waits for no answer) the call that waits.
func (e *Engine) begin(req *request) error {
	op := "command"
	if req != nil {
		op = req.op
	}
	return e.beginOp(op, req)
}

func (e *Engine) beginOp(op string, req *request) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case e.closed:
		return e.errorf(op, "", ErrClosed)
	case e.deadErr != nil:
		return e.deadError(op)
	case e.stray != "":
		line := e.stray
		e.stray = ""
		return e.errorf(op, line, ErrUnexpected)
	case e.pending != nil:
		return e.errorf(op, "", fmt.Errorf("%w (%s)", ErrBusy, e.pending.op))
	}
	e.pending = req
	return nil
}

// deadError returns the error of op on an engine that can no longer be used; e.mu is
// held.
func (e *Engine) deadError(op string) *EngineError {
	err := e.errorf(op, "", e.deadErr)
	if errors.Is(e.deadErr, ErrExited) && e.stderr != nil {
		err.Stderr = e.stderr.last()
	}
	return err
}

// complete ends req with err, if it still waits.
func (e *Engine) complete(req *request, err error) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.pending != req || req == nil {
		return false
	}
	e.pending = nil
	req.err = err
	close(req.done)
	return true
}

// await waits for req to be answered. When ctx ends first, it kills the engine: a
// command other than a search that is not answered in time leaves the engine in a
// state the client cannot know.
//
// A context without a deadline is given [Config.ReadyTimeout].
func (e *Engine) await(ctx context.Context, req *request) error {
	var why error
	if _, ok := ctx.Deadline(); !ok {
		t := time.NewTimer(e.cfg.readyTimeout())
		defer t.Stop()
		select {
		case <-req.done:
			return req.err
		case <-ctx.Done():
			why = ctx.Err()
		case <-t.C:
			why = fmt.Errorf("no answer to %s within %v", req.op, e.cfg.readyTimeout())
		}
	} else {
		select {
		case <-req.done:
			return req.err
		case <-ctx.Done():
			why = ctx.Err()
		}
	}
	e.kill(withCause(ErrNoResponse, why))
	<-req.done
	return req.err
}

// kill marks the engine dead with cause (unless it already is), ends the waiting call
// with it, and kills the process (or closes the ReadWriter).
func (e *Engine) kill(cause error) {
	e.setDead(cause)
	if e.cmd != nil && e.cmd.Process != nil {
		e.cmd.Process.Kill()
	}
	e.closeIO()
}

// setDead records why the engine can no longer be used (the first reason stays) and
// ends the waiting call with it.
func (e *Engine) setDead(cause error) {
	e.mu.Lock()
	if e.deadErr == nil {
		e.deadErr = cause
	}
	req := e.pending
	var err error
	if req != nil {
		err = e.deadError(req.op)
	}
	e.mu.Unlock()
	if req != nil {
		e.complete(req, err)
	}
}

// send writes one command line. A write that the engine does not take within the grace
// period (it reads no more) kills it.
func (e *Engine) send(op, line string) error { return e.write(op, line, false) }

// write is send; fromReader says that the caller is the reading goroutine, which must
// not wait for itself to end.
func (e *Engine) write(op, line string, fromReader bool) error {
	e.mu.Lock()
	if e.deadErr != nil {
		err := e.deadError(op)
		e.mu.Unlock()
		return err
	}
	e.mu.Unlock()
	e.hook(Sent, line)
	e.wmu.Lock()
	defer e.wmu.Unlock()
	if e.wdl != nil {
		e.wdl.SetWriteDeadline(time.Now().Add(e.cfg.grace()))
	}
	_, err := io.WriteString(e.w, line+"\n")
	if err == nil {
		return nil
	}
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		e.kill(fmt.Errorf("%w: it reads no commands", ErrNoResponse))
	case e.cmd != nil && !fromReader:
		// The engine has gone: give the reader a moment to collect its exit status,
		// which says more than the broken pipe.
		select {
		case <-e.readerDone:
		case <-time.After(e.cfg.grace()):
			e.kill(withCause(ErrExited, err))
		}
	default:
		e.kill(withCause(ErrExited, err))
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.deadError(op)
}

// hook passes a line to the Config's Hook.
func (e *Engine) hook(dir Direction, line string) {
	if e.cfg.Hook == nil {
		return
	}
	e.hookMu.Lock()
	defer e.hookMu.Unlock()
	e.cfg.Hook(dir, line)
}

// readLoop reads the engine's lines and hands each to dispatch, until the output ends;
// then it records why (the process's exit status) and ends the waiting call.
func (e *Engine) readLoop(r io.Reader) {
	defer close(e.readerDone)
	br := bufio.NewReaderSize(r, MaxLineLength+1)
	for {
		data, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			e.hook(Received, shorten(string(data), 200))
			e.kill(ErrLineTooLong)
			e.reap()
			return
		}
		if len(data) > 0 {
			line := string(bytes.TrimRight(data, "\r\n"))
			e.hook(Received, line)
			e.dispatch(line)
		}
		if err != nil {
			e.reap()
			return
		}
	}
}

// reap waits for the process to exit and marks the engine dead with its exit status.
func (e *Engine) reap() {
	var cause error
	if e.cmd != nil {
		waitErr := e.cmd.Wait()
		if waitErr != nil {
			cause = withCause(ErrExited, waitErr)
		} else {
			cause = fmt.Errorf("%w with status 0", ErrExited)
		}
	} else {
		cause = fmt.Errorf("%w: its output ended", ErrExited)
	}
	e.setDead(cause)
	e.closeIO()
}

// dispatch routes one line from the engine to the call waiting for it.
func (e *Engine) dispatch(line string) {
	word, rest, _ := strings.Cut(strings.TrimLeft(line, " \t"), " ")
	e.mu.Lock()
	req := e.pending
	e.mu.Unlock()
	kind := requestKind(0)
	if req != nil {
		kind = req.kind
	}
	switch word {
	case "id":
		if kind == waitUSIOK {
			key, value, _ := strings.Cut(strings.TrimSpace(rest), " ")
			switch key {
			case "name":
				e.name = strings.TrimSpace(value)
			case "author":
				e.author = strings.TrimSpace(value)
			}
		}
	case "option":
		if kind == waitUSIOK {
			o, err := ParseOption(line)
			if err != nil {
				e.complete(req, e.errorf(req.op, line, err))
				return
			}
			e.options = append(e.options, o)
		}
	case "usiok":
		if kind == waitUSIOK {
			e.complete(req, nil)
			return
		}
		e.unexpected(req, line)
	case "readyok":
		if kind == waitReadyOK {
			e.complete(req, nil)
			return
		}
		e.unexpected(req, line)
	case "info":
		if req != nil && req.search != nil {
			req.search.info(line)
		}
	case "bestmove":
		if req != nil && req.search != nil {
			req.search.bestMove(line)
			return
		}
		e.unexpected(req, line)
	case "checkmate":
		if kind == waitCheckmate {
			req.search.checkmate(line)
			return
		}
		e.unexpected(req, line)
	}
	// Anything else (an engine's banner, "info string" while idle, words the protocol
	// does not have) is not an answer and is passed over; the Hook sees it.
}

// unexpected handles a line that answers no command: the waiting call fails with it
// (a search stops first), or, when no call waits, the next call does.
func (e *Engine) unexpected(req *request, line string) {
	if req == nil {
		e.mu.Lock()
		if e.stray == "" {
			e.stray = line
		}
		e.mu.Unlock()
		return
	}
	err := e.errorf(req.op, line, ErrUnexpected)
	if req.search != nil {
		req.search.protocolError(err)
		return
	}
	e.complete(req, err)
}

// IsReady sends isready and waits for readyok.
func (e *Engine) IsReady(ctx context.Context) error {
	req := &request{kind: waitReadyOK, op: "isready", done: make(chan struct{})}
	if err := e.begin(req); err != nil {
		return err
	}
	if err := e.send(req.op, "isready"); err != nil {
		e.complete(req, err)
		return err
	}
	return e.await(ctx, req)
}

// SetOption sets one of the engine's options: "setoption name N value V", or
// "setoption name N" for a button. The value must suit the option the engine listed
// (see [Option.CheckValue]); a name it did not list is an error wrapping
// [ErrUnknownOption], except the names starting with USI_ that the protocol reserves
// for the GUI (USI_Hash, USI_Ponder), which are sent as they are.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	const op = "setoption"
	o, ok := e.Option(name)
	switch {
	case !ok && !strings.HasPrefix(name, "USI_"):
		return e.errorf(op, "", fmt.Errorf("%w: %q", ErrUnknownOption, name))
	case ok:
		if err := o.CheckValue(value); err != nil {
			return e.errorf(op, "", err)
		}
	case strings.ContainsAny(name+value, "\r\n"):
		return e.errorf(op, "", fmt.Errorf("%w: a line break in %q", ErrOptionValue, name))
	}
	if err := ctx.Err(); err != nil {
		return e.errorf(op, "", err)
	}
	if err := e.beginOp(op, nil); err != nil {
		return err
	}
	line := "setoption name " + name
	if !ok || o.Type != Button {
		if value == "" && (o.Type == String || o.Type == Filename) {
			value = "<empty>"
		}
		line += " value " + value
	}
	return e.send(op, line)
}

// NewGame gets the engine ready for a new game: isready, readyok, then usinewgame.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.IsReady(ctx); err != nil {
		return err
	}
	if err := e.beginOp("usinewgame", nil); err != nil {
		return err
	}
	return e.send("usinewgame", "usinewgame")
}

// GameResult is the result of a game for the engine, as gameover tells it.
type GameResult uint8

// Game results.
const (
	Win GameResult = iota + 1
	Lose
	Draw
)

func (r GameResult) String() string {
	switch r {
	case Win:
		return "win"
	case Lose:
		return "lose"
	case Draw:
		return "draw"
	}
	return "invalid"
}

// GameOver tells the engine that the game ended and how: "gameover win", "gameover
// lose" or "gameover draw".
func (e *Engine) GameOver(ctx context.Context, result GameResult) error {
	const op = "gameover"
	if result < Win || result > Draw {
		return e.errorf(op, "", fmt.Errorf("usi: invalid game result %d", result))
	}
	if err := ctx.Err(); err != nil {
		return e.errorf(op, "", err)
	}
	if err := e.beginOp(op, nil); err != nil {
		return err
	}
	return e.send(op, "gameover "+result.String())
}

// Close ends the engine: it stops a running search, sends quit, and waits the grace
// period for the engine to exit before it kills it. It returns an error wrapping
// [ErrNoResponse] when the engine had to be killed, and nil otherwise (also when the
// engine had already exited or Close was called before). After Close, every call
// returns an error wrapping [ErrClosed].
func (e *Engine) Close() error {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil
	}
	e.closed = true
	alive := e.deadErr == nil
	req := e.pending
	e.mu.Unlock()
	if alive {
		if req != nil && req.search != nil {
			req.search.Stop()
		}
		e.send("quit", "quit")
	}
	if e.cmd == nil {
		// An attached peer: nothing to wait for but the reader, which closing rw ends.
		e.closeIO()
	}
	var err error
	t := time.NewTimer(e.cfg.grace())
	defer t.Stop()
	select {
	case <-e.readerDone:
	case <-t.C:
		if e.cmd != nil {
			err = e.errorf("quit", "", fmt.Errorf("%w: it did not quit within %v and was killed", ErrNoResponse, e.cfg.grace()))
			e.kill(ErrClosed)
			<-e.readerDone
		}
	}
	e.setDead(ErrClosed)
	e.closeIO()
	return err
}

// tailBuffer keeps the last bytes written to it: an engine's error output.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 2048

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(p), nil
}

// last returns the last (at most three) non-blank lines.
func (t *tailBuffer) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var lines []string
	for _, l := range strings.Split(string(t.buf), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > 3 {
		lines = lines[len(lines)-3:]
	}
	return strings.Join(lines, " / ")
}
