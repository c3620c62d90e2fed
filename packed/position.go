package packed

import (
	"github.com/kifu-go/shogi"
)

// Format names one of the entry formats.
type Format uint8

// The formats. The zero value is not a format.
const (
	FormatHCP        Format = iota + 1 // 32-byte Huffman-coded position (Apery, cshogi)
	FormatHCPE                         // 38-byte HCP with evaluation, move and result (dlshogi)
	FormatPackedSfen                   // 32-byte packed SFEN (YaneuraOu)
	FormatPSV                          // 40-byte PackedSfenValue (YaneuraOu)
)

var formatNames = [...]string{"", "hcp", "hcpe", "psfen", "psv"}

// String returns "hcp", "hcpe", "psfen" or "psv".
func (f Format) String() string {
	if int(f) < len(formatNames) && f != 0 {
		return formatNames[f]
	}
	return "invalid"
}

// Size returns the length in bytes of one entry of the format, or 0 for an invalid one.
func (f Format) Size() int {
	switch f {
	case FormatHCP, FormatPackedSfen:
		return 32
	case FormatHCPE:
		return HCPESize
	case FormatPSV:
		return PSVSize
	}
	return 0
}

// HCP is a Huffman-coded position (Apery's HuffmanCodedPos, cshogi's hcp): the board,
// both hands and the side to move in 32 bytes, without a move number. Both kings must
// be on the board and no kind may count more pieces than a set; fewer are fine (the
// missing ones go to the piece box), so handicap starts and lone kings encode.
type HCP [32]byte

// PackedSfen is YaneuraOu's packed SFEN (PackedSfen in cshogi): the same content as
// [HCP] in 256 bits with other codes for the pieces.
type PackedSfen [32]byte

// EncodeHCP returns the HCP of p. It allocates nothing. A position without both kings
// is [ErrNoKing], one with more pieces of a kind than a set [ErrTooManyPieces].
func EncodeHCP(p *shogi.Position) (HCP, error) {
	var h HCP
	err := hcpScheme.encode((*[32]byte)(&h), p)
	if err != nil {
		return HCP{}, err
	}
	return h, nil
}

// EncodePackedSfen returns the packed SFEN of p, as [EncodeHCP] does for HCP.
func EncodePackedSfen(p *shogi.Position) (PackedSfen, error) {
	var h PackedSfen
	err := sfenScheme.encode((*[32]byte)(&h), p)
	if err != nil {
		return PackedSfen{}, err
	}
	return h, nil
}

// AppendHCP appends the HCP of p to dst.
func AppendHCP(dst []byte, p *shogi.Position) ([]byte, error) {
	h, err := EncodeHCP(p)
	if err != nil {
		return dst, err
	}
	return append(dst, h[:]...), nil
}

// AppendPackedSfen appends the packed SFEN of p to dst.
func AppendPackedSfen(dst []byte, p *shogi.Position) ([]byte, error) {
	h, err := EncodePackedSfen(p)
	if err != nil {
		return dst, err
	}
	return append(dst, h[:]...), nil
}

// Setup decodes h without the rules' checks, for a caller that wants to set
// [shogi.Setup.AllowUnreachable] before [shogi.NewPosition]. The move number is 1. It
// checks the encoding only: valid codes filling exactly 256 bits, in the order the
// encoders write them, and pieces, hands and box making one set.
func (h *HCP) Setup() (shogi.Setup, error) { return hcpScheme.decode((*[32]byte)(h)) }

// Setup decodes h as [HCP.Setup] does.
func (h *PackedSfen) Setup() (shogi.Setup, error) { return sfenScheme.decode((*[32]byte)(h)) }

// Position decodes h into a position checked by [shogi.NewPosition]: a position the
// rules allow in a game, whose move number is 1.
func (h *HCP) Position() (*shogi.Position, error) { return position(h.Setup()) }

// Position decodes h as [HCP.Position] does.
func (h *PackedSfen) Position() (*shogi.Position, error) { return position(h.Setup()) }

// PositionInto decodes h as [HCP.Position] does, into p with [shogi.Position.Reset]:
// its history is emptied and its room kept, so that decoding allocates nothing. On an
// error p is left unchanged.
func (h *HCP) PositionInto(p *shogi.Position) error {
	s, err := h.Setup()
	_, err = checkInto(p, s, err)
	return err
}

// PositionInto decodes h into p as [HCP.PositionInto] does.
func (h *PackedSfen) PositionInto(p *shogi.Position) error {
	s, err := h.Setup()
	_, err = checkInto(p, s, err)
	return err
}

// position checks the decoded setup s into a new position.
func position(s shogi.Setup, err error) (*shogi.Position, error) { return checkInto(nil, s, err) }

// checkInto checks the decoded setup s (err is the decoding's error) into p with
// [shogi.Position.Reset], or into a new position when p is nil, and returns it.
func checkInto(p *shogi.Position, s shogi.Setup, err error) (*shogi.Position, error) {
	if err != nil {
		return nil, err
	}
	if p == nil {
		p, err = shogi.NewPosition(s)
	} else {
		err = p.Reset(s)
	}
	if err != nil {
		return nil, wrap(ErrPosition, err)
	}
	return p, nil
}
