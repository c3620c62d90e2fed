package jkf

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi"
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
	msg := strings.TrimPrefix(strings.TrimPrefix(e.Err.Error(), "jkf: "), "shogi: ")
	if e.Path == "" {
		return fmt.Sprintf("jkf: line %d, column %d: %s", e.Line, e.Column, msg)
	}
	return fmt.Sprintf("jkf: line %d, column %d: %s: %s", e.Line, e.Column, e.Path, msg)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Reasons a JKF record is rejected. They are wrapped in a [*SyntaxError].
var (
	ErrJSON        = errors.New("jkf: invalid JSON")
	ErrTooLarge    = errors.New("jkf: record too large")
	ErrUnknownKey  = errors.New("jkf: unknown key")
	ErrMissing     = errors.New("jkf: missing value")
	ErrPreset      = errors.New("jkf: unknown preset")
	ErrBoard       = errors.New("jkf: invalid board")
	ErrPiece       = errors.New("jkf: unknown piece")
	ErrSquare      = errors.New("jkf: invalid square")
	ErrColor       = errors.New("jkf: a color is 0 or 1")
	ErrSetup       = errors.New("jkf: invalid start position")
	ErrTime        = errors.New("jkf: invalid time")
	ErrCapture     = errors.New("jkf: capture does not match the piece taken")
	ErrSame        = errors.New("jkf: same is set, but the move does not go to the previous move's square")
	ErrMisplaced   = errors.New("jkf: misplaced entry")
	ErrAfterEnd    = errors.New("jkf: move after the end of the line")
	ErrMoreRecords = errors.New("jkf: more than one record (use a Reader)")
	ErrNotObject   = errors.New("jkf: a record is a JSON object")
	ErrEncoding    = errors.New("jkf: invalid UTF-8 text")
	ErrRepeatedKey = errors.New("jkf: a key repeated in one object")
)

// ErrOldLayout is the cause of a warning about json-kifu-format's first layout, a
// dialect every JKF reader reads alike: moves without "color" (read as the side to
// move's) and the top-level keys "result" and "type" (skipped). It is a warning in
// strict reads too (see [Reader.Warnings]); its warnings also wrap [ErrMissing] (the
// color) or [ErrUnknownKey] (the keys).
var ErrOldLayout = errors.New("jkf: the old layout of json-kifu-format")

// oldLayoutError is the cause of an ErrOldLayout warning: what of the old layout the
// record holds, which errors.Is finds as ErrOldLayout and as kind.
type oldLayoutError struct {
	kind   error // ErrMissing or ErrUnknownKey
	detail string
}

func (e *oldLayoutError) Error() string   { return ErrOldLayout.Error() + ": " + e.detail }
func (e *oldLayoutError) Unwrap() []error { return []error{ErrOldLayout, e.kind} }

// oldLayoutKeys are the top-level keys of json-kifu-format's first layout that JKF 1.0
// does not define.
var oldLayoutKeys = map[string]bool{"result": true, "type": true}

// MaxForkDepth is how deep forks may nest in a record a Writer writes: each level of
// forks is three levels of JSON, and encoding/json, which the Reader (and most other JKF
// readers) decode with, refuses JSON nested more than 10 000 levels deep.
const MaxForkDepth = 3000

// ErrTooDeep is the error of a Writer given a record whose variations nest deeper than
// MaxForkDepth: no reader built on encoding/json could read it back.
var ErrTooDeep = fmt.Errorf("jkf: variations nest deeper than %d levels", MaxForkDepth)

// ErrEmpty is the reason of [Parse]'s error for a text that holds no record: the root
// package's [shogi.ErrNoRecord], kept under this name for compatibility.
var ErrEmpty = shogi.ErrNoRecord

// ErrPieceMismatch is the foul of a move whose "piece" is not the piece on its origin
// square: the root package's [shogi.ErrPieceMismatch], kept under this name for
// compatibility. The [*shogi.IllegalMoveError] of such a move has its move number and
// a Reason that wraps it and says which piece is there ("7七 holds a bishop (KA), not
// a rook (HI)").
var ErrPieceMismatch = shogi.ErrPieceMismatch
