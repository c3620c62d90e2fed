package shogi

// Square is one of the 81 squares. The zero value, [NoSquare], is not a square.
//
// Squares are numbered file by file from the top right corner: 1a (１一) is 1, 1i is 9,
// 2a is 10, …, 9i is 81. The number is also the square's bit in a [Bitboard], so files
// 1–7 live in the low word and files 8–9 in the high word, each file contiguous.
type Square uint8

// NoSquare is the invalid zero Square.
const NoSquare Square = 0

// NumSquares is the number of squares on the board.
const NumSquares = 81

// NewSquare returns the square on file 1–9 (right to left from Black's seat) and rank
// 1–9 (top to bottom), or NoSquare when either is out of range.
func NewSquare(file, rank int) Square {
	if file < 1 || file > 9 || rank < 1 || rank > 9 {
		return NoSquare
	}
	return Square((file-1)*9 + rank)
}

// IsValid reports whether s is one of the 81 squares.
func (s Square) IsValid() bool { return s >= 1 && s <= NumSquares }

// File returns the file 1–9 of s.
func (s Square) File() int { return (int(s)-1)/9 + 1 }

// Rank returns the rank 1–9 of s (1 is Black's far side).
func (s Square) Rank() int { return (int(s)-1)%9 + 1 }

// Index returns s as a 0-based index 0–80, for arrays of 81 elements.
func (s Square) Index() int { return int(s) - 1 }

// SquareAt returns the square of a 0-based index, the inverse of [Square.Index].
func SquareAt(index int) Square { return Square(index + 1) }

// Flip returns the square rotated by 180 degrees (the same square seen from the other side).
func (s Square) Flip() Square { return NumSquares + 1 - s }

// String returns the USI form of s, such as "7g", or "-" for an invalid square.
func (s Square) String() string {
	if !s.IsValid() {
		return "-"
	}
	return string([]byte{byte('0' + s.File()), byte('a' + s.Rank() - 1)})
}

// ParseSquare parses a USI square such as "7g".
func ParseSquare(text string) (Square, bool) {
	if len(text) != 2 || text[0] < '1' || text[0] > '9' || text[1] < 'a' || text[1] > 'i' {
		return NoSquare, false
	}
	return NewSquare(int(text[0]-'0'), int(text[1]-'a')+1), true
}

// relativeRank returns the rank of s counted from c's far side: 1 is the last rank
// a piece of colour c can reach.
func relativeRank(c Color, s Square) int {
	if c == Black {
		return s.Rank()
	}
	return 10 - s.Rank()
}

// InPromotionZone reports whether s is in the promotion zone of c (the three farthest ranks).
func InPromotionZone(c Color, s Square) bool { return relativeRank(c, s) <= 3 }
