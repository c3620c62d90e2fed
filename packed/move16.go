// The two 16-bit move layouts. Both put the destination in bits 0–6 and the origin in
// bits 7–13 with squares numbered 0–80 (1a = 0, 1i = 8, 9i = 80); they differ in how a
// drop and a promotion are marked, so a move of one read as the other is wrong.

package packed

import (
	"fmt"

	"github.com/kifu-go/shogi"
)

// AperyMove16 is the 16-bit move of Apery and cshogi (move16), HCPE's bestMove16:
// bits 0–6 to, bits 7–13 from, bit 14 promotion; a drop has from = 80 + the dropped
// type, P 81, L 82, N 83, S 84, B 85, R 86, G 87. The zero value is no move.
type AperyMove16 uint16

// YaneuraOuMove16 is YaneuraOu's Move16, PSV's move: bits 0–6 to, bits 7–13 from,
// bit 14 drop, bit 15 promotion; a drop has from = the dropped type, P 1, L 2, N 3,
// S 4, B 5, R 6, G 7. The zero value is no move (MOVE_NONE).
type YaneuraOuMove16 uint16

const (
	aperyPromote = 1 << 14
	yanePromote  = 1 << 15
	yaneDrop     = 1 << 14
)

// NewAperyMove16 returns the Apery layout of m; NoMove or a malformed move gives 0.
// The dropped types of [shogi.Move] are numbered as in Apery (P 1 … R 6, G 7).
func NewAperyMove16(m shogi.Move) AperyMove16 {
	if !m.IsValid() {
		return 0
	}
	to := AperyMove16(m.To() - 1)
	if m.IsDrop() {
		return to | AperyMove16(80+m.DropType())<<7
	}
	v := to | AperyMove16(m.From()-1)<<7
	if m.IsPromotion() {
		v |= aperyPromote
	}
	return v
}

// NewYaneuraOuMove16 returns YaneuraOu's layout of m; NoMove or a malformed move gives 0.
func NewYaneuraOuMove16(m shogi.Move) YaneuraOuMove16 {
	if !m.IsValid() {
		return 0
	}
	to := YaneuraOuMove16(m.To() - 1)
	if m.IsDrop() {
		return to | YaneuraOuMove16(m.DropType())<<7 | yaneDrop
	}
	v := to | YaneuraOuMove16(m.From()-1)<<7
	if m.IsPromotion() {
		v |= yanePromote
	}
	return v
}

// ShogiMove returns the move m encodes, without a position: [shogi.NoMove] with an
// error wrapping [ErrMove] when m is 0 or malformed.
func (m AperyMove16) ShogiMove() (shogi.Move, error) {
	to, from := int(m&0x7F), int(m>>7&0x7F)
	var mv shogi.Move
	switch {
	case m>>15 != 0 || to >= shogi.NumSquares:
	case from >= 81 && from <= 87:
		if m&aperyPromote == 0 {
			mv = shogi.NewDrop(shogi.PieceType(from-80), shogi.SquareAt(to))
		}
	case from < shogi.NumSquares:
		mv = shogi.NewMove(shogi.SquareAt(from), shogi.SquareAt(to), m&aperyPromote != 0)
	}
	if !mv.IsValid() {
		return shogi.NoMove, fmt.Errorf("%w: apery move16 %#04x is not a move", ErrMove, uint16(m))
	}
	return mv, nil
}

// ShogiMove returns the move m encodes, as [AperyMove16.ShogiMove] does.
func (m YaneuraOuMove16) ShogiMove() (shogi.Move, error) {
	to, from := int(m&0x7F), int(m>>7&0x7F)
	var mv shogi.Move
	switch {
	case to >= shogi.NumSquares:
	case m&yaneDrop != 0:
		if m&yanePromote == 0 && from >= 1 && from <= 7 {
			mv = shogi.NewDrop(shogi.PieceType(from), shogi.SquareAt(to))
		}
	case from < shogi.NumSquares:
		mv = shogi.NewMove(shogi.SquareAt(from), shogi.SquareAt(to), m&yanePromote != 0)
	}
	if !mv.IsValid() {
		return shogi.NoMove, fmt.Errorf("%w: yaneuraou move16 %#04x is not a move", ErrMove, uint16(m))
	}
	return mv, nil
}

// Move returns the move m encodes if it is legal in p, and otherwise an error wrapping
// [ErrMove] (and the [*shogi.IllegalMoveError], so that errors.Is(err, shogi.ErrNifu)
// tells the foul).
func (m AperyMove16) Move(p *shogi.Position) (shogi.Move, error) {
	mv, err := m.ShogiMove()
	if err != nil {
		return shogi.NoMove, err
	}
	return legal(p, mv)
}

// Move returns the move m encodes if it is legal in p, as [AperyMove16.Move] does.
func (m YaneuraOuMove16) Move(p *shogi.Position) (shogi.Move, error) {
	mv, err := m.ShogiMove()
	if err != nil {
		return shogi.NoMove, err
	}
	return legal(p, mv)
}

func legal(p *shogi.Position, mv shogi.Move) (shogi.Move, error) {
	if err := p.CheckMove(mv); err != nil {
		return shogi.NoMove, wrap(ErrMove, err)
	}
	return mv, nil
}

// YaneuraOu returns m in YaneuraOu's layout (cshogi's move16_to_psv); 0 stays 0.
func (m AperyMove16) YaneuraOu() YaneuraOuMove16 {
	mv, err := m.ShogiMove()
	if err != nil {
		return 0
	}
	return NewYaneuraOuMove16(mv)
}

// Apery returns m in Apery's layout (cshogi's move16_from_psv); 0 stays 0.
func (m YaneuraOuMove16) Apery() AperyMove16 {
	mv, err := m.ShogiMove()
	if err != nil {
		return 0
	}
	return NewAperyMove16(mv)
}

// String returns the USI form of the move, "none" for 0, "invalid" when malformed.
func (m AperyMove16) String() string { return move16String(uint16(m), m.ShogiMove) }

// String returns the USI form of the move, "none" for 0, "invalid" when malformed.
func (m YaneuraOuMove16) String() string { return move16String(uint16(m), m.ShogiMove) }

func move16String(v uint16, f func() (shogi.Move, error)) string {
	if v == 0 {
		return "none"
	}
	mv, err := f()
	if err != nil {
		return "invalid"
	}
	return mv.String()
}
