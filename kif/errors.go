package kif

import (
	"errors"
	"fmt"
	"strings"

	shogi "github.com/kifu-go/shogi"
)

// Errors a [SyntaxError] wraps. An illegal move is wrapped as the root package's
// *shogi.IllegalMoveError instead, so that errors.Is(err, shogi.ErrNifu) and the like
// work on the error a [Reader] returns.
var (
	ErrLineTooLong        = fmt.Errorf("kif: line longer than %d bytes", MaxLineLength)
	ErrEncoding           = errors.New("kif: invalid text in the input encoding")
	ErrTooLarge           = errors.New("kif: input larger than Reader.MaxBytes")
	ErrUnknownLine        = errors.New("kif: unrecognised line")
	ErrHandicap           = errors.New("kif: unknown handicap (手合割)")
	ErrBoard              = errors.New("kif: malformed board diagram")
	ErrHand               = errors.New("kif: malformed pieces in hand (持駒)")
	ErrPosition           = errors.New("kif: invalid start position")
	ErrMoveSyntax         = errors.New("kif: malformed move")
	ErrMissingOrigin      = errors.New("kif: a board move without its origin square")
	ErrNoPreviousMove     = errors.New("kif: 同 without a previous move")
	ErrMoveNumber         = errors.New("kif: unexpected move number")
	ErrTime               = errors.New("kif: malformed time")
	ErrMoveAfterEnd       = errors.New("kif: a move after the end of the line")
	ErrVariation          = errors.New("kif: a variation (変化) that branches from no recorded move")
	ErrDuplicateVariation = errors.New("kif: a variation repeats a move already recorded at that point")
	ErrResult             = errors.New("kif: malformed closing line (まで…)")
)

// ErrPieceMismatch is the foul of a KIF move that names another piece than the one on
// its origin square ("７六銀(77)"): the root package's [shogi.ErrPieceMismatch], kept
// under this name for compatibility. The move's *shogi.IllegalMoveError gives its move
// number and a reason that says which piece is there ("7七 holds a pawn (歩), not a
// silver (銀)").
var ErrPieceMismatch = shogi.ErrPieceMismatch

// SyntaxError reports a problem in the input and where it is. Line and Column are
// 1-based; Column counts characters (not bytes) of the decoded line.
type SyntaxError struct {
	Line, Column int
	Err          error
}

func (e *SyntaxError) Error() string {
	msg := strings.TrimPrefix(strings.TrimPrefix(e.Err.Error(), "kif: "), "shogi: ")
	return fmt.Sprintf("kif: line %d, column %d: %s", e.Line, e.Column, msg)
}

// Unwrap returns the underlying error: one of the package's sentinels or a
// *shogi.IllegalMoveError.
func (e *SyntaxError) Unwrap() error { return e.Err }

// detailError is an error that says msg and wraps err: a sentinel with a message of
// its own, without the sentinel's words or a second package prefix.
type detailError struct {
	err error
	msg string
}

func (e *detailError) Error() string { return e.msg }
func (e *detailError) Unwrap() error { return e.err }
