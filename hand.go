package shogi

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/kifu-go/shogi/internal/sfentext"
)

// Hand is the set of pieces one side holds in hand, packed into one integer. The zero
// value is an empty hand. Only Pawn, Lance, Knight, Silver, Gold, Bishop and Rook can
// be held.
type Hand uint32

var (
	handShift = [NumPieceTypes]uint8{Pawn: 0, Lance: 6, Knight: 10, Silver: 14, Gold: 18, Bishop: 22, Rook: 26}
	handMask  = [NumPieceTypes]uint32{Pawn: 63, Lance: 15, Knight: 15, Silver: 15, Gold: 15, Bishop: 15, Rook: 15}
)

// MaxInHand gives, per piece type, how many pieces of that type the game has: the most
// one hand can hold.
var MaxInHand = [NumPieceTypes]int{Pawn: 18, Lance: 4, Knight: 4, Silver: 4, Gold: 4, Bishop: 2, Rook: 2, King: 2}

// HandCapacity gives, per droppable type, the most pieces of that type a Hand can count:
// 63 pawns and 15 of each other kind. It bounds the positions that
// [Setup.AllowExtraPieces] lets hold more pieces of a kind than the game has.
var HandCapacity = [NumPieceTypes]int{Pawn: 63, Lance: 15, Knight: 15, Silver: 15, Gold: 15, Bishop: 15, Rook: 15}

// HandTypes lists the types a hand can hold in the canonical SFEN order (R B G S N L P).
var HandTypes = [7]PieceType{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}

// Count returns how many pieces of type t the hand holds; a promoted type counts as its
// unpromoted form and King as nothing.
func (h Hand) Count(t PieceType) int {
	t = t.Unpromote()
	if !t.CanDrop() {
		return 0
	}
	return int(uint32(h) >> handShift[t] & handMask[t])
}

// Has reports whether the hand holds at least one piece of type t.
func (h Hand) Has(t PieceType) bool { return h.Count(t) > 0 }

// Total returns how many pieces the hand holds, of every type.
func (h Hand) Total() int {
	n := 0
	for _, t := range HandTypes {
		n += h.Count(t)
	}
	return n
}

// IsEmpty reports whether the hand holds nothing.
func (h Hand) IsEmpty() bool { return h == 0 }

// Add returns the hand with one more piece of type t (unpromoted). It is the caller's
// job not to exceed [HandCapacity]: a count past it runs into the next type's.
func (h Hand) Add(t PieceType) Hand { return h + Hand(1)<<handShift[t.Unpromote()] }

// Remove returns the hand with one piece of type t fewer; the hand must hold one.
func (h Hand) Remove(t PieceType) Hand { return h - Hand(1)<<handShift[t.Unpromote()] }

// WithCount returns the hand holding n pieces of the droppable type t; n is clamped to
// the field's capacity.
func (h Hand) WithCount(t PieceType, n int) Hand {
	t = t.Unpromote()
	if !t.CanDrop() {
		return h
	}
	if n < 0 {
		n = 0
	}
	if uint32(n) > handMask[t] {
		n = int(handMask[t])
	}
	h &^= Hand(handMask[t] << handShift[t])
	return h | Hand(uint32(n)<<handShift[t])
}

// String returns the hand in SFEN style for Black (upper case), such as "R2P", or "-".
// [ParseHand] reads it back.
func (h Hand) String() string {
	if h == 0 {
		return "-"
	}
	return string(h.appendSFEN(nil, Black))
}

// ErrHandSyntax is the cause of [ParseHand]'s error for text that is no hand.
var ErrHandSyntax = errors.New("shogi: invalid hand")

// ParseHand reads a hand as [Hand.String] writes it: "-" for none, or Black's letters of
// SFEN with their counts ("R2P"; in any order, as SFEN allows). Lower-case (White's)
// letters, a king, a count without a letter and an empty text are ErrHandSyntax; more
// pieces of a type than a Hand holds ([HandCapacity]) are [ErrTooManyPieces]. The
// error quotes the text, cut short when long, as ParseUSIMove's does.
func ParseHand(text string) (Hand, error) {
	if text == "-" {
		return 0, nil
	}
	hands, err := sfentext.ParseHands(text)
	if err == nil && text == "" {
		err = &sfentext.Error{Err: sfentext.ErrHand}
	}
	if err != nil {
		var se *sfentext.Error
		if errors.As(err, &se) {
			return 0, fmt.Errorf("%w %q at column %d", ErrHandSyntax, shorten(text), sfentext.Column(text, se.Offset))
		}
		return 0, fmt.Errorf("%w %q", ErrHandSyntax, shorten(text))
	}
	var h Hand
	for t := Pawn; t <= Gold; t++ {
		if hands[White][t] != 0 {
			return 0, fmt.Errorf("%w %q: White's letters", ErrHandSyntax, shorten(text))
		}
		n := int(hands[Black][t])
		if n > HandCapacity[t] {
			return 0, fmt.Errorf("%w: %d %ss in hand %q", ErrTooManyPieces, n, t, shorten(text))
		}
		h = h.WithCount(t, n)
	}
	return h, nil
}

func (h Hand) appendSFEN(dst []byte, c Color) []byte {
	for _, t := range HandTypes {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		if n > 1 {
			dst = strconv.AppendInt(dst, int64(n), 10)
		}
		letter := t.Letter()[0]
		if c == White {
			letter += 'a' - 'A'
		}
		dst = append(dst, letter)
	}
	return dst
}
