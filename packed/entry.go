package packed

import (
	"encoding/binary"
	"fmt"

	"github.com/kifu-go/shogi"
)

// Entry sizes in bytes.
const (
	HCPSize        = 32
	PackedSfenSize = 32
	HCPESize       = 38
	PSVSize        = 40
)

// HCPEResult is HCPE's gameResult: 0 a draw (or an unknown result), 1 a win for Black,
// 2 a win for White.
type HCPEResult int8

// HCPE results.
const (
	HCPEDraw     HCPEResult = 0
	HCPEBlackWin HCPEResult = 1
	HCPEWhiteWin HCPEResult = 2
)

// NewHCPEResult returns the HCPE result of r: [HCPEDraw] for a draw and for
// [shogi.NoResult].
func NewHCPEResult(r shogi.Result) HCPEResult {
	switch r {
	case shogi.BlackWins:
		return HCPEBlackWin
	case shogi.WhiteWins:
		return HCPEWhiteWin
	}
	return HCPEDraw
}

// HCPE is dlshogi's training entry (HuffmanCodedPosAndEval, 38 bytes little-endian):
// bytes 0–31 the position, 32–33 the evaluation, 34–35 the move, 36 the result, 37 a
// padding byte, written 0 and ignored when read.
type HCPE struct {
	Position HCP
	Eval     int16       // from the side to move's view
	Move     AperyMove16 // bestMove16: the move played or searched
	Result   HCPEResult
}

// AppendBinary appends the 38 bytes of e to dst (encoding.BinaryAppender).
func (e HCPE) AppendBinary(dst []byte) ([]byte, error) {
	dst = append(dst, e.Position[:]...)
	dst = binary.LittleEndian.AppendUint16(dst, uint16(e.Eval))
	dst = binary.LittleEndian.AppendUint16(dst, uint16(e.Move))
	return append(dst, byte(e.Result), 0), nil
}

// MarshalBinary returns the 38 bytes of e.
func (e HCPE) MarshalBinary() ([]byte, error) { return e.AppendBinary(make([]byte, 0, HCPESize)) }

// UnmarshalBinary reads 38 bytes into e. It checks the length only; [HCPE.Check]
// checks the content.
func (e *HCPE) UnmarshalBinary(b []byte) error {
	if len(b) != HCPESize {
		return fmt.Errorf("%w: %d bytes, not %d", ErrTruncated, len(b), HCPESize)
	}
	copy(e.Position[:], b)
	e.Eval = int16(binary.LittleEndian.Uint16(b[32:]))
	e.Move = AperyMove16(binary.LittleEndian.Uint16(b[34:]))
	e.Result = HCPEResult(int8(b[36]))
	return nil
}

// Check decodes e's position ([HCP.Position]), checks its result is 0, 1 or 2 and,
// unless it is 0, that its move is legal there, and returns the position and the move
// ([shogi.NoMove] for a 0 move).
func (e *HCPE) Check() (*shogi.Position, shogi.Move, error) { return e.check(nil, false) }

// check is Check into p (a new position when p is nil; see checkInto).
func (e *HCPE) check(p *shogi.Position, allowUnreachable bool) (*shogi.Position, shogi.Move, error) {
	if e.Result < HCPEDraw || e.Result > HCPEWhiteWin {
		return nil, shogi.NoMove, fmt.Errorf("%w: hcpe result %d", ErrField, e.Result)
	}
	s, err := e.Position.Setup()
	s.AllowUnreachable = allowUnreachable
	p, err = checkInto(p, s, err)
	if err != nil {
		return nil, shogi.NoMove, err
	}
	if e.Move == 0 {
		return p, shogi.NoMove, nil
	}
	m, err := e.Move.Move(p)
	return p, m, err
}

// PSV is YaneuraOu's training entry (PackedSfenValue, 40 bytes little-endian): bytes
// 0–31 the position, 32–33 the score, 34–35 the move, 36–37 gamePly, 38 the result,
// 39 a padding byte, written 0 and ignored when read.
type PSV struct {
	Position PackedSfen
	Score    int16           // from the side to move's view
	Move     YaneuraOuMove16 // the move played or searched
	GamePly  uint16          // the position's move number: 1 at the start of a game
	Result   int8            // 1 the side to move won, -1 it lost, 0 a draw or unknown
}

// AppendBinary appends the 40 bytes of e to dst (encoding.BinaryAppender).
func (e PSV) AppendBinary(dst []byte) ([]byte, error) {
	dst = append(dst, e.Position[:]...)
	dst = binary.LittleEndian.AppendUint16(dst, uint16(e.Score))
	dst = binary.LittleEndian.AppendUint16(dst, uint16(e.Move))
	dst = binary.LittleEndian.AppendUint16(dst, e.GamePly)
	return append(dst, byte(e.Result), 0), nil
}

// MarshalBinary returns the 40 bytes of e.
func (e PSV) MarshalBinary() ([]byte, error) { return e.AppendBinary(make([]byte, 0, PSVSize)) }

// UnmarshalBinary reads 40 bytes into e. It checks the length only; [PSV.Check]
// checks the content.
func (e *PSV) UnmarshalBinary(b []byte) error {
	if len(b) != PSVSize {
		return fmt.Errorf("%w: %d bytes, not %d", ErrTruncated, len(b), PSVSize)
	}
	copy(e.Position[:], b)
	e.Score = int16(binary.LittleEndian.Uint16(b[32:]))
	e.Move = YaneuraOuMove16(binary.LittleEndian.Uint16(b[34:]))
	e.GamePly = binary.LittleEndian.Uint16(b[36:])
	e.Result = int8(b[38])
	return nil
}

// Check decodes e's position ([PackedSfen.Position]) with gamePly as its move number
// (0 is read as 1), checks its result is -1, 0 or 1 and, unless it is 0, that its move
// is legal there, and returns the position and the move ([shogi.NoMove] for a 0 move).
func (e *PSV) Check() (*shogi.Position, shogi.Move, error) { return e.check(nil, false) }

// check is Check into p (a new position when p is nil; see checkInto).
func (e *PSV) check(p *shogi.Position, allowUnreachable bool) (*shogi.Position, shogi.Move, error) {
	if e.Result < -1 || e.Result > 1 {
		return nil, shogi.NoMove, fmt.Errorf("%w: psv result %d", ErrField, e.Result)
	}
	s, err := e.Position.Setup()
	if err != nil {
		return nil, shogi.NoMove, err
	}
	s.MoveNumber = int(e.GamePly)
	s.AllowUnreachable = allowUnreachable
	p, err = checkInto(p, s, nil)
	if err != nil {
		return nil, shogi.NoMove, err
	}
	if e.Move == 0 {
		return p, shogi.NoMove, nil
	}
	m, err := e.Move.Move(p)
	return p, m, err
}

// NewHCPE returns the HCPE entry of p with the move m (a move of p, or NoMove; its
// legality is not checked here, but a [Reader] checks it), the evaluation eval from the
// side to move's view, clamped to ±32767, and the game's result r. It allocates
// nothing.
func NewHCPE(p *shogi.Position, m shogi.Move, eval int, r shogi.Result) (HCPE, error) {
	h, err := EncodeHCP(p)
	if err != nil {
		return HCPE{}, err
	}
	return HCPE{Position: h, Eval: clamp(eval), Move: NewAperyMove16(m), Result: NewHCPEResult(r)}, nil
}

// NewPSV returns the PSV entry of p with the move m (as for [NewHCPE]), the score
// from the side to move's view, clamped to ±32767, and the game's result r, which it
// turns to the side to move's view; gamePly is p's move number.
func NewPSV(p *shogi.Position, m shogi.Move, score int, r shogi.Result) (PSV, error) {
	h, err := EncodePackedSfen(p)
	if err != nil {
		return PSV{}, err
	}
	if p.MoveNumber() > 0xFFFF {
		return PSV{}, fmt.Errorf("%w: move number %d past psv's gamePly", ErrField, p.MoveNumber())
	}
	return PSV{Position: h, Score: clamp(score), Move: NewYaneuraOuMove16(m), GamePly: uint16(p.MoveNumber()), Result: psvResult(r, p.SideToMove())}, nil
}

// psvResult is PSV's result of r from side's view: 1 won, -1 lost, 0 otherwise.
func psvResult(r shogi.Result, side shogi.Color) int8 {
	if w, ok := r.Winner(); ok {
		if w == side {
			return 1
		}
		return -1
	}
	return 0
}

func clamp(v int) int16 {
	return int16(max(-32767, min(32767, v)))
}
