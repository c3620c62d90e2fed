package csa

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi"
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
	msg := strings.TrimPrefix(strings.TrimPrefix(e.Err.Error(), "csa: "), "shogi: ")
	return fmt.Sprintf("csa: line %d, column %d: %s", e.Line, e.Column, msg)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Reasons a CSA record is rejected. They are wrapped in a [*SyntaxError]. A start
// refused is ErrSetup ("invalid start position: …", as in every format), with the
// root package's refusal or, for a piece past the game's count, ErrPieceCount.
var (
	ErrLineTooLong      = errors.New("csa: line too long")
	ErrTooLarge         = errors.New("csa: record too large")
	ErrEncoding         = errors.New("csa: invalid text encoding")
	ErrUnknownStatement = errors.New("csa: unknown statement")
	ErrVersion          = errors.New("csa: unknown version")
	ErrOrder            = errors.New("csa: statement out of order")
	ErrHeader           = errors.New("csa: invalid game information line")
	ErrBoard            = errors.New("csa: invalid board line")
	ErrPiece            = errors.New("csa: unknown piece")
	ErrSquare           = errors.New("csa: invalid square")
	ErrPieceCount       = errors.New("csa: more pieces of a kind than the game has")
	ErrOccupied         = errors.New("csa: square given twice")
	ErrHandicap         = errors.New("csa: the PI line removes a piece that is not there")
	ErrSetup            = errors.New("csa: invalid start position")
	ErrNoSideToMove     = errors.New("csa: no side to move (a + or - line) before the moves")
	ErrNoPosition       = errors.New("csa: no start position (no P1–P9 or PI line)")
	ErrMoveSyntax       = errors.New("csa: malformed move")
	ErrTime             = errors.New("csa: invalid time")
	ErrTimeWithoutMove  = errors.New("csa: time without a move")
	ErrDuplicateTime    = errors.New("csa: a second time for one move")
	ErrUnknownSpecial   = errors.New("csa: unknown special move")
	ErrAfterEnd         = errors.New("csa: move after the end of the game")
	ErrMoreRecords      = errors.New("csa: more than one record (use a Reader)")
	ErrNewline          = errors.New("csa: line break inside a value")
)

// ErrEmpty is the reason of [Parse]'s error for a text that holds no record (nothing,
// or only blank lines and comments): the root package's [shogi.ErrNoRecord], kept
// under this name for compatibility.
var ErrEmpty = shogi.ErrNoRecord

// ErrPieceMismatch is the foul of a move whose piece name cannot be the piece on its
// origin square, promoted or not: the root package's [shogi.ErrPieceMismatch], kept
// under this name for compatibility. The [*shogi.IllegalMoveError] of such a move
// wraps it with the piece that is there ("7七 holds a pawn (FU), not a gold (KI)").
var ErrPieceMismatch = shogi.ErrPieceMismatch
