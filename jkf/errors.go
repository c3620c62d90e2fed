package jkf

import (
	"errors"
	"fmt"
)

// SyntaxError reports a problem in JKF text: where it is (1-based line and column of
// the JSON value at fault, and its JSON path such as "moves[12].move") and what is
// wrong. An illegal move is a SyntaxError whose Err is the root package's
// [*shogi.IllegalMoveError] (its Ply is the move number), so
// errors.Is(err, shogi.ErrNifu) and errors.As work through it.
type SyntaxError struct {
	Line, Column int
	Path         string
	Err          error
}

func (e *SyntaxError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("jkf: line %d, column %d: %v", e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("jkf: line %d, column %d: %s: %v", e.Line, e.Column, e.Path, e.Err)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Reasons a JKF record is rejected. They are wrapped in a [*SyntaxError].
var (
	ErrJSON        = errors.New("invalid JSON")
	ErrTooLarge    = errors.New("input too large")
	ErrUnknownKey  = errors.New("unknown key")
	ErrMissing     = errors.New("missing value")
	ErrPreset      = errors.New("unknown preset")
	ErrBoard       = errors.New("invalid board")
	ErrPiece       = errors.New("unknown piece")
	ErrSquare      = errors.New("invalid square")
	ErrColor       = errors.New("a color is 0 or 1")
	ErrSetup       = errors.New("invalid start position")
	ErrTime        = errors.New("invalid time")
	ErrCapture     = errors.New("capture does not match the piece taken")
	ErrSame        = errors.New("same is set, but the move does not go to the previous move's square")
	ErrMisplaced   = errors.New("misplaced entry")
	ErrAfterEnd    = errors.New("move after the end of the line")
	ErrEmpty       = errors.New("no record")
	ErrMoreRecords = errors.New("more than one record (use a Reader)")
	ErrNotObject   = errors.New("a record is a JSON object")
)

// ErrPieceMismatch is the reason of an [*shogi.IllegalMoveError] for a move whose
// piece is not the piece on its origin square.
var ErrPieceMismatch = errors.New("jkf: the piece is not the piece on the origin square")
