package csaproto

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi/internal/errcode"
)

// Error reports a message of the server that cannot be read or is not allowed
// where it came: the number of the line (1-based, counted over every line read
// from the connection, or over the text given to a Parse function), its text and
// the reason, one of the package's sentinels or an error of the csa, clock or
// shogi packages that errors.Is and errors.As see through it.
type Error struct {
	Line int
	Text string
	Err  error
}

func (e *Error) Error() string {
	msg := strings.TrimPrefix(e.Err.Error(), "csaproto: ")
	return fmt.Sprintf("csaproto: line %d %q: %s", e.Line, shorten(e.Text), msg)
}

func (e *Error) Unwrap() error { return e.Err }

// Code is the stable machine code of the error's reason ([Code]).
func (e *Error) Code() string { return Code(e.Err) }

// Reasons of an [*Error], and of the failures of a [Client]'s calls.
var (
	ErrSyntax      = errors.New("csaproto: malformed message")
	ErrUnexpected  = errors.New("csaproto: message not expected here")
	ErrSummary     = errors.New("csaproto: invalid Game_Summary")
	ErrIllegal     = errors.New("csaproto: illegal move from the server")
	ErrTime        = errors.New("csaproto: invalid time")
	ErrComment     = errors.New("csaproto: malformed PV comment")
	ErrLineTooLong = errors.New("csaproto: line too long")

	ErrLogin        = errors.New("csaproto: login incorrect")
	ErrRejected     = errors.New("csaproto: the game was rejected")
	ErrServerClosed = errors.New("csaproto: the server closed the connection")
	ErrClosed       = errors.New("csaproto: the connection is closed")
	ErrLoggedOut    = errors.New("csaproto: logged out")
	ErrState        = errors.New("csaproto: call not allowed in this state")
)

var codes = errcode.Table{
	{Err: ErrSyntax, Code: "syntax"}, {Err: ErrUnexpected, Code: "unexpected"}, {Err: ErrSummary, Code: "summary"},
	{Err: ErrIllegal, Code: "illegal-move"}, {Err: ErrTime, Code: "time"}, {Err: ErrComment, Code: "comment"},
	{Err: ErrLineTooLong, Code: "line-too-long"}, {Err: ErrLogin, Code: "login"}, {Err: ErrRejected, Code: "rejected"},
	{Err: ErrLoggedOut, Code: "logged-out"}, {Err: ErrServerClosed, Code: "server-closed"}, {Err: ErrClosed, Code: "closed"}, {Err: ErrState, Code: "state"},
}

// Code returns the stable machine code of err's reason ("syntax", "summary",
// "illegal-move", "server-closed", …), or "" when it is none of the package's.
func Code(err error) string { return codes.Of(err, "") }

// shorten keeps an error's quoted text readable.
func shorten(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}
