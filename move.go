package shogi

import (
	"errors"
	"fmt"
	"iter"
	"unicode/utf8"
)

// Move is a move or a drop packed into an integer. The zero value, [NoMove], is not a
// move. A Move records what the player said (origin, destination, promotion, or the
// dropped type); the moved and captured pieces come from the position it is played in
// ([Position.MovedPiece], [Position.CapturedPiece]).
//
// Layout: bits 0–6 destination, 7–13 origin (0 for a drop), bit 14 promotion, bit 15
// drop, bits 16–19 the dropped piece type.
type Move uint32

// NoMove is the invalid zero Move.
const NoMove Move = 0

const (
	moveFromShift     = 7
	movePromoteFlag   = 1 << 14
	moveDropFlag      = 1 << 15
	moveDropTypeShift = 16
	moveSquareMask    = 0x7F
)

// NewMove returns the board move from → to, promoting when promote is set.
func NewMove(from, to Square, promote bool) Move {
	m := Move(to) | Move(from)<<moveFromShift
	if promote {
		m |= movePromoteFlag
	}
	return m
}

// NewDrop returns the drop of a piece of type t on to.
func NewDrop(t PieceType, to Square) Move {
	return Move(to) | moveDropFlag | Move(t)<<moveDropTypeShift
}

// From returns the origin of a board move, or NoSquare for a drop.
func (m Move) From() Square { return Square(m >> moveFromShift & moveSquareMask) }

// To returns the destination.
func (m Move) To() Square { return Square(m & moveSquareMask) }

// IsDrop reports whether m drops a piece from hand.
func (m Move) IsDrop() bool { return m&moveDropFlag != 0 }

// IsPromotion reports whether m promotes the moved piece.
func (m Move) IsPromotion() bool { return m&movePromoteFlag != 0 }

// DropType returns the type of the dropped piece, or NoPieceType for a board move.
func (m Move) DropType() PieceType {
	if !m.IsDrop() {
		return NoPieceType
	}
	return PieceType(m >> moveDropTypeShift & 0xF)
}

// IsValid reports whether m is well formed: a board move between two different squares,
// or a drop of a droppable type. It says nothing about legality; see [Position.CheckMove].
func (m Move) IsValid() bool {
	if !m.To().IsValid() || m>>20 != 0 {
		return false
	}
	if m.IsDrop() {
		return m.From() == NoSquare && !m.IsPromotion() && m.DropType().CanDrop()
	}
	return m.From().IsValid() && m.From() != m.To() && m>>moveDropTypeShift == 0
}

// String returns the USI form of m: "7g7f", "8h2b+" or "P*5e"; "none" for NoMove and
// "invalid" for a malformed move.
func (m Move) String() string {
	if m == NoMove {
		return "none"
	}
	if !m.IsValid() {
		return "invalid"
	}
	return string(m.AppendText(nil))
}

// AppendText appends the USI form of m to dst; it appends nothing for NoMove or a
// malformed move (see [Move.IsValid]).
func (m Move) AppendText(dst []byte) []byte {
	if !m.IsValid() {
		return dst
	}
	to := m.To()
	if m.IsDrop() {
		return append(dst, m.DropType().Letter()[0], '*', byte('0'+to.File()), byte('a'+to.Rank()-1))
	}
	from := m.From()
	dst = append(dst, byte('0'+from.File()), byte('a'+from.Rank()-1), byte('0'+to.File()), byte('a'+to.Rank()-1))
	if m.IsPromotion() {
		dst = append(dst, '+')
	}
	return dst
}

// ErrMoveSyntax is the error of [ParseUSIMove] for text that is not a USI move; the
// error returned wraps it and names the text.
var ErrMoveSyntax = errors.New("shogi: invalid USI move")

// ParseUSIMove parses the syntax of a USI move ("7g7f", "8h2b+", "P*5e"; a lower-case
// drop letter is accepted). It does not look at any position: use
// [Position.CheckMove] for legality. Text that is no USI move gives an error that
// wraps [ErrMoveSyntax] and quotes the text: `shogi: invalid USI move "7g7"`.
func ParseUSIMove(text string) (Move, error) {
	switch {
	case len(text) == 4 && text[1] == '*':
		t := dropLetterType(text[0])
		to, ok := ParseSquare(text[2:])
		if t != NoPieceType && ok {
			return NewDrop(t, to), nil
		}
	case len(text) == 4 || len(text) == 5 && text[4] == '+':
		from, ok1 := ParseSquare(text[0:2])
		to, ok2 := ParseSquare(text[2:4])
		if ok1 && ok2 && from != to {
			return NewMove(from, to, len(text) == 5), nil
		}
	}
	return NoMove, fmt.Errorf("%w %q", ErrMoveSyntax, shorten(text))
}

// shorten returns text cut to a length fit for an error message, on a character
// boundary, with "…" when it was cut.
func shorten(text string) string {
	const limit = 24
	if len(text) <= limit {
		return text
	}
	i := limit
	for i > 0 && !utf8.RuneStart(text[i]) {
		i--
	}
	return text[:i] + "…"
}

func dropLetterType(c byte) PieceType {
	switch c {
	case 'P', 'p':
		return Pawn
	case 'L', 'l':
		return Lance
	case 'N', 'n':
		return Knight
	case 'S', 's':
		return Silver
	case 'G', 'g':
		return Gold
	case 'B', 'b':
		return Bishop
	case 'R', 'r':
		return Rook
	}
	return NoPieceType
}

// MoveListCapacity is the capacity of a [MoveList]: more than the 593 legal moves of the
// richest known position.
const MoveListCapacity = 600

// MoveList is a fixed-capacity list of moves that move generation fills without
// allocating. Its zero value is an empty list ready to use.
type MoveList struct {
	moves [MoveListCapacity]Move
	n     int
}

// Len returns the number of moves in the list.
func (l *MoveList) Len() int { return l.n }

// At returns the i-th move.
func (l *MoveList) At(i int) Move { return l.moves[:l.n][i] }

// Moves returns the moves as a slice that shares the list's storage.
func (l *MoveList) Moves() []Move { return l.moves[:l.n] }

// Reset empties the list.
func (l *MoveList) Reset() { l.n = 0 }

// Add appends m; it panics when the list is full, which legal generation never causes.
func (l *MoveList) Add(m Move) {
	l.moves[l.n] = m
	l.n++
}

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.moves[:l.n] {
		if x == m {
			return true
		}
	}
	return false
}

// All iterates over the moves in order.
func (l *MoveList) All() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		for _, m := range l.moves[:l.n] {
			if !yield(m) {
				return
			}
		}
	}
}
