package notation

import (
	"errors"
	"fmt"
	"strings"

	shogi "github.com/kifu-go/shogi"
)

// Notation is a move notation. Append and Encode print a legal move m of p; Decode
// returns a legal move of p or an error (an *Error) that says why not.
type Notation interface {
	// Append appends the text of the legal move m of p to dst. It allocates only when
	// dst must grow.
	Append(dst []byte, p *shogi.Position, m shogi.Move) []byte
	// Encode returns the text of the legal move m of p.
	Encode(p *shogi.Position, m shogi.Move) string
	// Decode returns the legal move of p that text names.
	Decode(p *shogi.Position, text string) (shogi.Move, error)
	// String returns the style name, as ByName takes it.
	String() string
}

// The styles by name. KIF, KI2, Iroha and Japanese-style values are Japanese values; the
// others are their own types.
var (
	// JapaneseStyle is kyūkyū notation as printed in books: "☗5八金右", "☖3三桂打", "☗同角成".
	JapaneseStyle Notation = Japanese{Marks: MarksShogi, Squares: SquaresMixed}
	// KIF is the move text of a KIF record line, without number or time:
	// "７六歩(77)", "同　歩(76)", "５五角打", "３三角成(88)".
	KIF Notation = Japanese{Origin: true, SameSpace: SameSpaceAlways}
	// KI2 is the move text of KI2 records and JSA rules: "▲７六歩", "△同　歩", "▲５七銀右".
	KI2 Notation = Japanese{Marks: MarksTriangle}
	// Iroha writes each square as one kana or kanji of the iroha table: "▲す金右".
	Iroha Notation = Japanese{Marks: MarksTriangle, Squares: SquaresIroha}
	// Western is the standard English notation: "P-76", "G49-58", "Bx33+", "N*33", "+S-49".
	Western Notation = western{style: styleWestern}
	// Hodges is the original Hodges–Townhill notation: "G(4i)-5h", "N*3c", "BxN+", "S(+)-4i".
	Hodges Notation = western{style: styleHodges}
	// HodgesRevised is the revised Hodges–Townhill notation: "G4i-5h", "Bx3c+", "+S-4i".
	HodgesRevised Notation = western{style: styleHodgesRevised}
	// Hosking is Hosking's notation: "G49-58", "N’33", "Bx33+", "+S49".
	Hosking Notation = western{style: styleHosking}
	// KitaoKawasaki is Kitao–Kawasaki notation: "☗金(49)-58", "☖桂*33", "☗角x+", "☖+銀-49".
	KitaoKawasaki Notation = western{style: styleKitaoKawasaki}
	// USI is the USI move syntax: "7g7f", "8h2b+", "P*5e".
	USI Notation = usi{}
	// CSA is the CSA record move syntax, naming the piece after the move: "+7776FU", "-0055KA".
	CSA Notation = csa{}
)

// All lists every style, in the order of Names.
var All = []Notation{JapaneseStyle, KIF, KI2, Iroha, Western, Hodges, HodgesRevised, Hosking, KitaoKawasaki, USI, CSA}

// Names lists the style names that ByName knows.
var Names = []string{"japanese", "kif", "ki2", "iroha", "western", "hodges", "hodges-revised", "hosking", "kitao-kawasaki", "usi", "csa"}

// ByName returns the style called name (one of Names).
func ByName(name string) (Notation, bool) {
	for i, n := range Names {
		if n == name {
			return All[i], true
		}
	}
	return nil, false
}

// Reasons a text does not decode. An *Error wraps one of them, or a *shogi.IllegalMoveError
// when the text names a move that the rules forbid.
var (
	ErrSyntax        = errors.New("notation: invalid syntax")
	ErrUnknownPiece  = errors.New("notation: unknown piece")
	ErrNoCandidate   = errors.New("notation: no piece can make the move")
	ErrAmbiguous     = errors.New("notation: ambiguous move: more than one piece can make it")
	ErrNoLastMove    = errors.New("notation: recapture without a previous move")
	ErrSameSquare    = errors.New("notation: the square is not that of the previous move")
	ErrPieceMismatch = errors.New("notation: the named piece is not the one on the origin square")
	ErrCaptureMark   = errors.New("notation: the capture mark does not match the board")
	ErrMoveNumber    = errors.New("notation: move number out of sequence")
	ErrEnding        = errors.New("notation: ending not expressible in this style")
	ErrAfterEnding   = errors.New("notation: text after the ending")
)

// Error reports a text that does not name a legal move.
type Error struct {
	Notation string // the style name
	Text     string // the text that failed
	Err      error  // one of the Err sentinels, shogi.ErrWrongSide, or a *shogi.IllegalMoveError
}

func (e *Error) Error() string {
	return fmt.Sprintf("notation: %s %q: %s", e.Notation, e.Text, reason(e.Err))
}

// reason returns the text of err without the package prefix of a sentinel.
func reason(err error) string {
	return strings.TrimPrefix(strings.TrimPrefix(err.Error(), "notation: "), "shogi: ")
}

func (e *Error) Unwrap() error { return e.Err }

func newError(n Notation, text string, err error) *Error {
	return &Error{Notation: n.String(), Text: text, Err: err}
}

// encode is the shared Encode of every style.
func encode(n Notation, p *shogi.Position, m shogi.Move) string {
	var buf [64]byte
	return string(n.Append(buf[:0], p, m))
}

// canPromote reports whether the move of a piece of type t from → to may promote.
func canPromote(c shogi.Color, t shogi.PieceType, from, to shogi.Square) bool {
	return t.CanPromote() && (shogi.InPromotionZone(c, from) || shogi.InPromotionZone(c, to))
}

// reachers returns the squares of c's pieces of exactly type t that could move to `to`
// by their movement and the occupied squares alone: pins do not count.
func reachers(p *shogi.Position, c shogi.Color, t shogi.PieceType, to shogi.Square) shogi.Bitboard {
	// A piece of c attacks `to` from exactly the squares that the same piece of the
	// opponent, standing on `to`, attacks.
	return shogi.Attacks(shogi.NewPiece(c.Opponent(), t), to, p.Occupied()).And(p.Pieces(c, t))
}
