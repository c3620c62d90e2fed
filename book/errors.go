package book

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi/internal/errcode"
)

// Reasons a book cannot be read, written or converted. Readers wrap them in an
// [*Error] that says where; [Code] gives each one's stable machine code.
var (
	// ErrSyntax: a line of a YaneuraOu book is not a comment, an "sfen" line or a move
	// line of two to five fields (move, ponder, value, depth, count), or a number in it
	// is malformed.
	ErrSyntax = errors.New("book: syntax error")
	// ErrLineTooLong: a line of a YaneuraOu book is longer than [MaxLineLength].
	ErrLineTooLong = errors.New("book: line too long")
	// ErrPosition: an "sfen" line holds no valid position; the error wraps the SFEN's
	// own error (errors.Is(err, shogi.ErrDoublePawn) works through it).
	ErrPosition = errors.New("book: invalid position")
	// ErrMove: a book move is malformed or not legal in its position; the error wraps
	// the *shogi.IllegalMoveError when there is one, so errors.Is(err, shogi.ErrNifu)
	// tells the foul.
	ErrMove = errors.New("book: invalid move")
	// ErrRange: a number does not fit its field (a value past int32, a negative count,
	// an Apery count past 65535 when asked not to clamp).
	ErrRange = errors.New("book: number out of range")
	// ErrUnsorted: the entries of an Apery book are not in ascending key order, which
	// Apery's binary search needs.
	ErrUnsorted = errors.New("book: entries out of key order")
	// ErrTruncated: an Apery book ends inside a 16-byte entry.
	ErrTruncated = errors.New("book: truncated entry")
	// ErrUnencodable: the position has no Apery key (more than 18 pieces of a kind in
	// the hand of the side to move, which only a setup with extra pieces can hold).
	ErrUnencodable = errors.New("book: position cannot be keyed")
)

var codes = errcode.Table{
	{Err: ErrSyntax, Code: "syntax"},
	{Err: ErrLineTooLong, Code: "too-large"},
	{Err: ErrPosition, Code: "invalid-position"},
	{Err: ErrMove, Code: "invalid-move"},
	{Err: ErrRange, Code: "out-of-range"},
	{Err: ErrUnsorted, Code: "unsorted"},
	{Err: ErrTruncated, Code: "truncated"},
	{Err: ErrUnencodable, Code: "unencodable"},
}

// Code returns the machine code of the package's sentinel that err wraps ("syntax",
// "too-large", "invalid-position", "invalid-move", "out-of-range", "unsorted",
// "truncated", "unencodable"), "io" for any other non-nil error, and "" for nil. The
// codes are part of the API and never change.
func Code(err error) string { return codes.Of(err, "io") }

// Kind names a book format.
type Kind uint8

// The formats.
const (
	YaneuraOu Kind = iota // YaneuraOu's standard text book, "#YANEURAOU-DB2016 1.00"
	Apery                 // Apery's book.bin, 16-byte entries keyed by Apery's hash
)

func (f Kind) String() string {
	if f == Apery {
		return "apery"
	}
	return "yaneuraou"
}

// Error reports a problem in a book: where it is and what it is. In a YaneuraOu book
// the place is a line (1-based); in an Apery book it is an entry (0-based Index) and
// the byte Offset of its first byte. Err is one of the package's sentinels, wrapped
// with details, or an I/O error.
type Error struct {
	Format Kind
	Line   int   // YaneuraOu: 1-based line; 0 when the problem has no line
	Index  int64 // Apery: 0-based entry index; -1 when the problem has no entry
	Offset int64 // Apery: byte offset of the entry
	Err    error
}

func (e *Error) Error() string {
	msg := "unknown problem"
	if e.Err != nil {
		msg = strings.TrimPrefix(e.Err.Error(), "book: ")
	}
	switch {
	case e.Format == YaneuraOu && e.Line > 0:
		return fmt.Sprintf("book: line %d: %s", e.Line, msg)
	case e.Format == Apery && e.Index >= 0:
		return fmt.Sprintf("book: entry %d (offset %d): %s", e.Index, e.Offset, msg)
	}
	return "book: " + msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Code returns the machine code of the cause (see [Code]).
func (e *Error) Code() string { return Code(e.Err) }

// moveError wraps the reason a move is not legal with ErrMove.
func moveError(err error) error { return errcode.Wrap(ErrMove, err, "shogi: ") }
