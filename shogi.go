package shogi

// Color is a side: Black (先手, sente) moves first in even games, White (後手, gote)
// moves first in handicap games. Every position has a side to move, so Color has no
// invalid state: its zero value is Black.
type Color uint8

// The two sides.
const (
	Black Color = 0
	White Color = 1
)

// Sente and Gote are the Japanese names of [Black] and [White].
const (
	Sente = Black
	Gote  = White
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// PieceType is a kind of piece without its colour. The zero value, [NoPieceType], is
// not a piece. Promoted types are the unpromoted ones with bit 3 set, so
// [PieceType.Promote] and [PieceType.Unpromote] are single bit operations.
type PieceType uint8

// Piece types. Gold and King have no promoted form.
const (
	NoPieceType PieceType = iota
	Pawn
	Lance
	Knight
	Silver
	Bishop
	Rook
	Gold
	King
	ProPawn   // と, tokin
	ProLance  // 成香
	ProKnight // 成桂
	ProSilver // 成銀
	Horse     // 馬, promoted bishop
	Dragon    // 龍, promoted rook
)

// NumPieceTypes is one more than the largest PieceType, for sizing arrays.
const NumPieceTypes = 15

const promotedBit = 8

// IsValid reports whether t is one of the fourteen piece types.
func (t PieceType) IsValid() bool { return t >= Pawn && t <= Dragon }

// CanPromote reports whether t has a promoted form.
func (t PieceType) CanPromote() bool { return t >= Pawn && t <= Rook }

// IsPromoted reports whether t is a promoted type.
func (t PieceType) IsPromoted() bool { return t >= ProPawn && t <= Dragon }

// Promote returns the promoted form of t, or t itself when it has none.
func (t PieceType) Promote() PieceType {
	if t.CanPromote() {
		return t | promotedBit
	}
	return t
}

// Unpromote returns the unpromoted form of t (the type a captured piece takes in hand).
func (t PieceType) Unpromote() PieceType {
	if t.IsPromoted() {
		return t &^ promotedBit
	}
	return t
}

// CanDrop reports whether a piece of this type may be held in hand and dropped.
func (t PieceType) CanDrop() bool { return t >= Pawn && t <= Gold }

var pieceTypeLetters = [NumPieceTypes]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}

var pieceTypeNames = [NumPieceTypes]string{"none", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
	"tokin", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon"}

// Letter returns the SFEN letter of t in upper case, with a "+" for promoted types.
func (t PieceType) Letter() string {
	if t < NumPieceTypes {
		return pieceTypeLetters[t]
	}
	return ""
}

// String returns the English name of t, such as "pawn" or "dragon".
func (t PieceType) String() string {
	if t < NumPieceTypes {
		return pieceTypeNames[t]
	}
	return "invalid"
}

// Piece is a piece type with a colour. The zero value, [NoPiece], is an empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

const pieceColorShift = 4

// NewPiece returns the piece of type t and colour c.
func NewPiece(c Color, t PieceType) Piece { return Piece(t) | Piece(c)<<pieceColorShift }

// Type returns the type of p.
func (p Piece) Type() PieceType { return PieceType(p & 0xF) }

// Color returns the colour of p. It is meaningless for [NoPiece].
func (p Piece) Color() Color { return Color(p >> pieceColorShift) }

// IsValid reports whether p is a real piece of either colour.
func (p Piece) IsValid() bool { return p.Type().IsValid() && p>>pieceColorShift <= 1 }

// String returns the SFEN form of p: upper case for Black, lower case for White, "+"
// before promoted pieces; "" for NoPiece.
func (p Piece) String() string {
	if !p.IsValid() {
		return ""
	}
	s := p.Type().Letter()
	if p.Color() == White {
		b := []byte(s)
		b[len(b)-1] += 'a' - 'A'
		return string(b)
	}
	return s
}
