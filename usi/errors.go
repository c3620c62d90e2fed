package usi

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Sentinels of what went wrong with an engine or a line. An [*EngineError] wraps one of
// them (and, for an illegal move, the root package's *shogi.IllegalMoveError as well), so
// that errors.Is tells a dead engine from a hung one, a garbled line from one out of
// order.
var (
	// ErrExited: the engine's process exited, or its output ended, while the client
	// waited for an answer or wanted to send a command.
	ErrExited = errors.New("usi: the engine exited")
	// ErrNoResponse: the engine did not answer within the context's deadline (and the
	// grace period after it, for a search that was told to stop); it was killed.
	ErrNoResponse = errors.New("usi: the engine did not answer in time")
	// ErrMalformed: a line of a kind the protocol defines (info, bestmove, option, …)
	// that does not follow its syntax.
	ErrMalformed = errors.New("usi: malformed line")
	// ErrUnexpected: a line that answers no command the client sent (a bestmove with no
	// search running, a readyok without isready, a second usiok, a checkmate to a
	// search that was not a mate search).
	ErrUnexpected = errors.New("usi: unexpected line")
	// ErrLineTooLong: a line longer than [MaxLineLength] bytes.
	ErrLineTooLong = fmt.Errorf("usi: line longer than %d bytes", MaxLineLength)
	// ErrIllegalMove: the engine's best move, or a move of its mate, is not legal in
	// the position; the error wraps the *shogi.IllegalMoveError as well.
	ErrIllegalMove = errors.New("usi: illegal move")
	// ErrClosed: the engine was closed or killed before the call.
	ErrClosed = errors.New("usi: the engine is closed")
	// ErrBusy: a command was sent while another call (a search, an isready) waited for
	// its answer; one call at a time may wait.
	ErrBusy = errors.New("usi: the engine is busy with another command")
	// ErrNoLimit: a search without any limit; use Infinite (and a context) to search
	// until stopped.
	ErrNoLimit = errors.New("usi: a search needs a limit (a clock, depth, nodes or infinite)")
	// ErrUnknownOption: setoption with a name that the engine did not list (names
	// starting with USI_ excepted).
	ErrUnknownOption = errors.New("usi: the engine has no such option")
	// ErrOptionValue: a setoption value that the option's type, range or choices refuse.
	ErrOptionValue = errors.New("usi: invalid option value")
	// ErrFalseMate: a "checkmate" answer whose moves do not end in checkmate.
	ErrFalseMate = errors.New("usi: the engine's mate does not end in checkmate")
	// ErrNotPondering: ponderhit for a search that was not started with Ponder.
	ErrNotPondering = errors.New("usi: the search is not pondering")
)

// MaxLineLength is the longest line, in bytes, that the client reads from an engine.
// A longer line (an engine flooding one line without end) is an error.
const MaxLineLength = 1 << 16

// SyntaxError reports a line that does not follow the protocol's syntax, with the
// 1-based column, in characters, where the problem starts. It wraps [ErrMalformed].
type SyntaxError struct {
	Column int
	Msg    string // what is wrong, without a package prefix
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("usi: column %d: %s", e.Column, e.Msg)
}

// Unwrap returns [ErrMalformed].
func (e *SyntaxError) Unwrap() error { return ErrMalformed }

// EngineError is what went wrong with an engine: which engine, what the client was doing
// (Op: "handshake", "isready", "search", …), the engine's line at fault when there is
// one, and the end of its error output when it died. Err is one of the package's
// sentinels, a *SyntaxError, a *shogi.IllegalMoveError wrapped with [ErrIllegalMove],
// or the error of the context or of the I/O.
type EngineError struct {
	Engine string // the engine's label: Config.Name, or the base name of its program
	Op     string // what the client was doing
	Line   string // the engine's line at fault; "" when none is
	Stderr string // the last lines of the engine's error output, when it exited
	Err    error
}

func (e *EngineError) Error() string {
	var b strings.Builder
	b.WriteString("usi: ")
	if e.Engine != "" {
		b.WriteString(e.Engine)
		b.WriteString(": ")
	}
	if e.Op != "" {
		b.WriteString(e.Op)
		b.WriteString(": ")
	}
	b.WriteString(trimPrefixes(e.Err))
	if e.Line != "" {
		fmt.Fprintf(&b, ", in %q", shorten(e.Line, 120))
	}
	if e.Stderr != "" {
		fmt.Fprintf(&b, " (its error output ends %q)", shorten(e.Stderr, 200))
	}
	return b.String()
}

// Unwrap returns Err.
func (e *EngineError) Unwrap() error { return e.Err }

// causeError is a sentinel with its cause: its message is the sentinel's, then the
// cause's, with one package prefix; errors.Is and errors.As see both.
type causeError struct {
	sentinel, cause error
}

func (e *causeError) Error() string {
	s, c := trimPrefixes(e.sentinel), trimPrefixes(e.cause)
	if strings.HasPrefix(c, s) {
		return "usi: " + c // "illegal move 1a1b at move 1: …" says it already
	}
	return "usi: " + s + ": " + c
}

func (e *causeError) Unwrap() []error { return []error{e.sentinel, e.cause} }

// withCause returns sentinel wrapped with its cause.
func withCause(sentinel, cause error) error { return &causeError{sentinel, cause} }

// trimPrefixes returns the message of err without its package prefix.
func trimPrefixes(err error) string {
	if err == nil {
		return "unknown problem"
	}
	msg := err.Error()
	for _, p := range []string{"usi: ", "shogi: ", "sfen: "} {
		msg = strings.TrimPrefix(msg, p)
	}
	return msg
}

// shorten cuts s to about n bytes on a character boundary, marking the cut.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}
