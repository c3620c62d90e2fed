package csa

import (
	"errors"
	"fmt"
)

// SyntaxError reports a problem in CSA text: its line and column (both 1-based;
// the column counts characters of the decoded line) and what is wrong. An illegal
// move is a SyntaxError whose Err is the root package's [*shogi.IllegalMoveError],
// so errors.Is(err, shogi.ErrNifu) and errors.As work through it.
type SyntaxError struct {
	Line, Column int
	Err          error
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("csa: line %d, column %d: %v", e.Line, e.Column, e.Err)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Reasons a CSA record is rejected. They are wrapped in a [*SyntaxError].
var (
	ErrLineTooLong      = errors.New("line too long")
	ErrEncoding         = errors.New("invalid text encoding")
	ErrUnknownStatement = errors.New("unknown statement")
	ErrVersion          = errors.New("unknown version")
	ErrOrder            = errors.New("statement out of order")
	ErrHeader           = errors.New("invalid game information line")
	ErrBoard            = errors.New("invalid board line")
	ErrPiece            = errors.New("unknown piece")
	ErrSquare           = errors.New("invalid square")
	ErrPieceCount       = errors.New("more pieces of a kind than the game has")
	ErrOccupied         = errors.New("square given twice")
	ErrHandicap         = errors.New("the PI line removes a piece that is not there")
	ErrSetup            = errors.New("invalid start position")
	ErrNoSideToMove     = errors.New("no side to move (a + or - line) before the moves")
	ErrMoveSyntax       = errors.New("malformed move")
	ErrTime             = errors.New("invalid time")
	ErrTimeWithoutMove  = errors.New("time without a move")
	ErrDuplicateTime    = errors.New("a second time for one move")
	ErrUnknownSpecial   = errors.New("unknown special move")
	ErrAfterEnd         = errors.New("move after the end of the game")
	ErrEmpty            = errors.New("record without a start position")
	ErrMoreRecords      = errors.New("more than one record (use a Reader)")
	ErrNewline          = errors.New("line break inside a value")
)

// ErrPieceMismatch is the reason of an [*shogi.IllegalMoveError] for a move whose
// piece name cannot be the piece on its origin square, promoted or not.
var ErrPieceMismatch = errors.New("csa: the named piece is not the piece on the origin square")
