// The formats of training entries: the four packed ones and two lines of text, one
// entry per Sample, as shogi positions and the Beam pipeline write them.

package packed

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
)

// SampleFormat is a format in which [AppendSample] writes a [Sample]: one of the
// packed formats, or a line of text.
type SampleFormat uint8

// The sample formats. The zero value is not a format.
const (
	SampleHCPE       SampleFormat = iota + 1 // an HCPE entry: the position, eval, move and result
	SampleHCP                                // an HCP entry: the position alone
	SamplePackedSfen                         // a PackedSfen entry: the position alone
	SamplePSV                                // a PSV entry: the position, score, move, gamePly (Index+1) and result
	SampleSFEN                               // a line: the position's SFEN, its move number Index+1
	SampleUSI                                // a line: "position sfen SFEN moves M", M the move played
)

var sampleFormatNames = [...]string{"", "hcpe", "hcp", "psfen", "psv", "sfen", "usi"}

// ParseSampleFormat returns the format of a name: "hcpe", "hcp", "psfen", "psv", "sfen"
// or "usi".
func ParseSampleFormat(name string) (SampleFormat, error) {
	for i, n := range sampleFormatNames {
		if i > 0 && n == name {
			return SampleFormat(i), nil
		}
	}
	return 0, fmt.Errorf("packed: unknown sample format %q (want hcpe, hcp, psfen, psv, sfen or usi)", name)
}

// String returns the format's name, as [ParseSampleFormat] reads it.
func (f SampleFormat) String() string {
	if f != 0 && int(f) < len(sampleFormatNames) {
		return sampleFormatNames[f]
	}
	return "invalid"
}

// Packed returns the packed format of f, or 0 for a format of text.
func (f SampleFormat) Packed() Format {
	switch f {
	case SampleHCPE:
		return FormatHCPE
	case SampleHCP:
		return FormatHCP
	case SamplePackedSfen:
		return FormatPackedSfen
	case SamplePSV:
		return FormatPSV
	}
	return 0
}

// appendEncoded appends an entry of size bytes to dst, its first 32 the position p
// encoded with scheme sc in place (no copy of the entry on its way), and returns dst and
// the entry, whose other bytes the caller sets. With c, the board is coded from the
// files of the last one (encodeFiles).
func appendEncoded(dst []byte, size int, sc *scheme, p *shogi.Position, c *fileCodes) ([]byte, []byte, error) {
	n := len(dst)
	dst = slices.Grow(dst, size)[:n+size]
	b := dst[n:]
	var err error
	if c == nil {
		err = sc.encode((*[32]byte)(b), p)
	} else {
		err = sc.encodeFiles((*[32]byte)(b), p, c)
	}
	if err != nil {
		return dst[:n], nil, err
	}
	return dst, b, nil
}

// Size returns the length of an entry of f, or 0 for a format of text, whose entries
// are lines of any length.
func (f SampleFormat) Size() int { return f.Packed().Size() }

// AppendSample appends s's entry in the format f to dst. The packed entries are those
// of [NewHCPE] and [NewPSV] (PSV's gamePly is s.Index+1, counted from the record's
// start), [AppendHCP] and [AppendPackedSfen]; the lines of text end in a newline, their
// SFEN's move number is s.Index+1. A position the format cannot hold is an error, and
// dst comes back as it was. Appending to a slice with room allocates nothing.
func AppendSample(dst []byte, f SampleFormat, s *Sample) ([]byte, error) {
	return appendSample(dst, f, s, nil)
}

func appendSample(dst []byte, f SampleFormat, s *Sample, c *fileCodes) ([]byte, error) {
	n := len(dst)
	var err error
	switch f {
	case SampleHCPE:
		var b []byte
		if dst, b, err = appendEncoded(dst, HCPESize, hcpScheme, s.Position, c); err == nil {
			binary.LittleEndian.PutUint16(b[32:], uint16(clamp(s.Eval)))
			binary.LittleEndian.PutUint16(b[34:], uint16(NewAperyMove16(s.Move)))
			b[36], b[37] = byte(NewHCPEResult(s.Result)), 0
		}
	case SampleHCP:
		dst, _, err = appendEncoded(dst, HCPSize, hcpScheme, s.Position, c)
	case SamplePackedSfen:
		dst, _, err = appendEncoded(dst, PackedSfenSize, sfenScheme, s.Position, c)
	case SamplePSV:
		var b []byte
		if s.Index+1 > 0xFFFF {
			err = fmt.Errorf("%w: move %d past psv's gamePly", ErrField, s.Index+1)
		} else if dst, b, err = appendEncoded(dst, PSVSize, sfenScheme, s.Position, c); err == nil {
			if mn := s.Position.MoveNumber(); mn > 0xFFFF {
				err = fmt.Errorf("%w: move number %d past psv's gamePly", ErrField, mn)
			} else {
				binary.LittleEndian.PutUint16(b[32:], uint16(clamp(s.Eval)))
				binary.LittleEndian.PutUint16(b[34:], uint16(NewYaneuraOuMove16(s.Move)))
				binary.LittleEndian.PutUint16(b[36:], uint16(s.Index+1))
				b[38], b[39] = byte(psvResult(s.Result, s.Position.SideToMove())), 0
			}
		}
	case SampleSFEN, SampleUSI:
		if f == SampleUSI {
			dst = append(dst, "position sfen "...)
		}
		dst = appendSFEN(dst, s.Position, s.Index+1)
		if f == SampleUSI {
			dst = append(dst, " moves "...)
			dst = s.Move.AppendText(dst)
		}
		dst = append(dst, '\n')
	default:
		err = fmt.Errorf("packed: invalid sample format %d", f)
	}
	if err != nil {
		return dst[:n], err
	}
	return dst, nil
}

// appendSFEN appends p's SFEN with the move number number.
func appendSFEN(dst []byte, p *shogi.Position, number int) []byte {
	if p.MoveNumber() == number {
		return sfen.Append(dst, p)
	}
	n := len(dst)
	dst = sfen.Append(dst, p)
	// Replace the move number, the last field.
	i := n
	for j := len(dst) - 1; j >= n; j-- {
		if dst[j] == ' ' {
			i = j + 1
			break
		}
	}
	return strconv.AppendInt(dst[:i], int64(number), 10)
}
