package packed

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi/internal/errcode"
)

// Reasons an entry cannot be encoded or decoded. Encoding functions return them wrapped
// with details; a [Reader] wraps them in an [*Error] that names the entry. [Code] gives
// each one's stable machine code.
var (
	// ErrNoKing: a side has no king. The formats give each king a square and cannot
	// hold a position without one (a tsume problem, say) in 256 bits.
	ErrNoKing = errors.New("packed: a side has no king")
	// ErrTooManyPieces: more pieces of a kind than one set has (18 pawns, 4 lances,
	// knights, silvers and golds, 2 bishops and rooks), which the 256 bits cannot hold.
	ErrTooManyPieces = errors.New("packed: more pieces of a kind than a set has")
	// ErrBadCode: the bits hold no valid code where one is due (a king square past the
	// board, a bit pattern no piece has, the codes running past 256 bits or stopping
	// short of them).
	ErrBadCode = errors.New("packed: invalid code")
	// ErrNotCanonical: the codes read, but not in the order the reference encoders write
	// them (hands and piece box out of order, or a set left incomplete), so the bytes
	// would not encode again to themselves.
	ErrNotCanonical = errors.New("packed: codes out of the encoders' order")
	// ErrPosition: the decoded position breaks the rules of [shogi.NewPosition] (dead
	// pieces, nifu, the side not to move in check, …); the error wraps the
	// *shogi.SetupError, so errors.Is(err, shogi.ErrDoublePawn) works through it.
	ErrPosition = errors.New("packed: invalid position")
	// ErrMove: the entry's move is malformed or not legal in its position; the error
	// wraps the *shogi.IllegalMoveError when there is one.
	ErrMove = errors.New("packed: invalid move")
	// ErrField: a field other than the position is out of range (an HCPE result other
	// than 0, 1, 2; a PSV result other than -1, 0, 1; a move number past PSV's
	// 16-bit gamePly).
	ErrField = errors.New("packed: field out of range")
	// ErrTruncated: the input ends inside an entry.
	ErrTruncated = errors.New("packed: truncated entry")
)

var codes = errcode.Table{
	{Err: ErrNoKing, Code: "no-king"},
	{Err: ErrTooManyPieces, Code: "too-many-pieces"},
	{Err: ErrBadCode, Code: "bad-code"},
	{Err: ErrNotCanonical, Code: "not-canonical"},
	{Err: ErrPosition, Code: "invalid-position"},
	{Err: ErrMove, Code: "invalid-move"},
	{Err: ErrField, Code: "bad-field"},
	{Err: ErrTruncated, Code: "truncated"},
}

// Code returns the machine code of the package's sentinel that err wraps ("no-king",
// "too-many-pieces", "bad-code", "not-canonical", "invalid-position", "invalid-move",
// "bad-field", "truncated"), "io" for any other non-nil error, and "" for nil. The
// codes are part of the API and never change.
func Code(err error) string { return codes.Of(err, "io") }

// Error reports a bad entry of a stream: its format, its 0-based index, the offset of
// its first byte, and the cause (one of the package's sentinels, wrapped with details,
// or an I/O error).
type Error struct {
	Format Format
	Index  int64 // 0-based index of the entry
	Offset int64 // byte offset of the entry's first byte in the stream
	Err    error
}

func (e *Error) Error() string {
	msg := strings.TrimPrefix(e.Err.Error(), "packed: ")
	return fmt.Sprintf("packed: %s entry %d (byte %d): %s", e.Format, e.Index, e.Offset, msg)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Code returns the machine code of the cause (see [Code]).
func (e *Error) Code() string { return Code(e.Err) }

// wrap joins a sentinel of this package to a cause from the root package, with one
// package prefix in its message.
func wrap(sentinel, cause error) error { return errcode.Wrap(sentinel, cause, "shogi: ") }
