package shogi

import "math/bits"

// Bitboard is a set of squares. Bit n of the 128-bit value is square n (see [Square]):
// squares 1–63 (files 1–7) are bits 1–63 of Lo, squares 64–81 (files 8–9) bits 0–17 of Hi.
// Bit 0 of Lo is never set.
type Bitboard struct {
	Lo, Hi uint64
}

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard { return squareBB[s] }

var squareBB [NumSquares + 1]Bitboard

func init() {
	for s := Square(1); s <= NumSquares; s++ {
		if s < 64 {
			squareBB[s].Lo = 1 << s
		} else {
			squareBB[s].Hi = 1 << (s - 64)
		}
	}
}

// allSquares holds all 81 squares.
var allSquares = Bitboard{Lo: ^uint64(1), Hi: 1<<18 - 1}

// And returns the intersection.
func (b Bitboard) And(o Bitboard) Bitboard { return Bitboard{b.Lo & o.Lo, b.Hi & o.Hi} }

// Or returns the union.
func (b Bitboard) Or(o Bitboard) Bitboard { return Bitboard{b.Lo | o.Lo, b.Hi | o.Hi} }

// Xor returns the symmetric difference.
func (b Bitboard) Xor(o Bitboard) Bitboard { return Bitboard{b.Lo ^ o.Lo, b.Hi ^ o.Hi} }

// AndNot returns the squares of b not in o.
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.Lo &^ o.Lo, b.Hi &^ o.Hi} }

// Not returns the squares of the board not in b.
func (b Bitboard) Not() Bitboard { return allSquares.AndNot(b) }

// IsEmpty reports whether b holds no square.
func (b Bitboard) IsEmpty() bool { return b.Lo|b.Hi == 0 }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool {
	if s < 64 {
		return b.Lo>>s&1 != 0
	}
	return b.Hi>>(s-64)&1 != 0
}

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// More reports whether b holds more than one square.
func (b Bitboard) More() bool {
	return b.Lo&(b.Lo-1) != 0 || b.Hi&(b.Hi-1) != 0 || (b.Lo != 0 && b.Hi != 0)
}

// First returns the lowest-numbered square of b, or NoSquare when b is empty.
func (b Bitboard) First() Square {
	if b.Lo != 0 {
		return Square(bits.TrailingZeros64(b.Lo))
	}
	if b.Hi != 0 {
		return Square(64 + bits.TrailingZeros64(b.Hi))
	}
	return NoSquare
}

// Pop removes the lowest-numbered square from b and returns it. b must not be empty.
func (b *Bitboard) Pop() Square {
	if b.Lo != 0 {
		s := Square(bits.TrailingZeros64(b.Lo))
		b.Lo &= b.Lo - 1
		return s
	}
	s := Square(64 + bits.TrailingZeros64(b.Hi))
	b.Hi &= b.Hi - 1
	return s
}

// set adds s to b.
func (b *Bitboard) set(s Square) {
	if s < 64 {
		b.Lo |= 1 << s
	} else {
		b.Hi |= 1 << (s - 64)
	}
}

// clear removes s from b.
func (b *Bitboard) clear(s Square) {
	if s < 64 {
		b.Lo &^= 1 << s
	} else {
		b.Hi &^= 1 << (s - 64)
	}
}

// Squares calls yield for each square of b in increasing order.
func (b Bitboard) Squares(yield func(Square) bool) {
	for !b.IsEmpty() {
		if !yield(b.Pop()) {
			return
		}
	}
}

// String draws b as nine ranks of nine files, '1' for a square in the set.
func (b Bitboard) String() string {
	buf := make([]byte, 0, 90)
	for rank := 1; rank <= 9; rank++ {
		for file := 9; file >= 1; file-- {
			if b.Has(NewSquare(file, rank)) {
				buf = append(buf, '1')
			} else {
				buf = append(buf, '.')
			}
		}
		buf = append(buf, '\n')
	}
	return string(buf)
}
