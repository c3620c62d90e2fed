// The Encoder: HCP and PackedSfen coded from the files of the board coded before, for
// the positions of a game one after another.

package packed

import (
	"encoding/binary"
	"math/bits"

	"github.com/kifu-go/shogi"
)

// An Encoder appends samples as [AppendSample] does, faster for the positions of a
// game one after another (in either direction): it keeps the codes of each file of
// the last board it coded and codes again only the files that hold other pieces, about
// two a move. Its entries are those of AppendSample whatever it coded before. The zero
// Encoder is ready to use; it is not for concurrent use, and it allocates nothing.
type Encoder struct {
	files fileCodes
}

// AppendSample appends s's entry in the format f to dst, as the function [AppendSample]
// does.
func (e *Encoder) AppendSample(dst []byte, f SampleFormat, s *Sample) ([]byte, error) {
	return appendSample(dst, f, s, &e.files)
}

// fileCodes holds the board codes of each file of the last board coded, for the next
// board of a game, which differs from it in a file or two: [Encoder] keeps one.
type fileCodes struct {
	s     *scheme // the scheme of the codes; nil before the first board
	board [shogi.NumSquares]shogi.Piece
	code  [9]uint64 // a file's codes, 1a–1i first, first bit in bit 0; 62 bits at most
	n     [9]uint8  // their length
	kinds [9]uint64 // the file's pieces by kind, a byte each (handOrder; pairKinds)
}

// encodeFiles is encode for a position that follows the one c holds the codes of: the
// board is coded a file at a time, and the files that hold what they held on c's board
// are taken from c, which is left with p's. The positions of a game differ in a file
// or two. Each file's codes are those of encode's pairs (a king's code is empty); they
// take 62 bits at most while the pieces are those of one set (4 of 8 bits and 5 of 6),
// and with more bishops or rooks than a set the position is refused before they are
// used. The files then go into the accumulator as encode's codes do, and a file of more
// than 57 bits spills into the next word.
func (s *scheme) encodeFiles(out *[32]byte, p *shogi.Position, c *fileCodes) error {
	bk, wk := p.King(shogi.Black), p.King(shogi.White)
	if bk == shogi.NoSquare || wk == shogi.NoSquare {
		*out = [32]byte{}
		return ErrNoKing
	}
	st := p.Setup()
	all := c.s != s
	c.s = s
	var board uint64 // pieces on the board by kind, a byte each (handOrder)
	for f := range 9 {
		sq := (*[9]shogi.Piece)(st.Board[9*f : 9*f+9])
		was := (*[9]shogi.Piece)(c.board[9*f : 9*f+9])
		if all || *sq != *was {
			*was = *sq
			var code, kinds uint64
			n := uint(0)
			for j := 0; j < 8; j += 2 {
				i := uint(sq[j]&31) | uint(sq[j+1]&31)<<5
				pc := s.pairs[i]
				code |= uint64(pc&0xffff) << (n & 63)
				n += uint(pc >> 16)
				kinds += pairKinds[i]
			}
			i := uint(sq[8]&31) | uint(shogi.NewPiece(shogi.Black, shogi.King))<<5 // a king's code is empty
			pc := s.pairs[i]
			code |= uint64(pc&0xffff) << (n & 63)
			c.code[f], c.n[f], c.kinds[f] = code, uint8(n+uint(pc>>16)), kinds+pairKinds[i]
		}
		board += c.kinds[f]
	}
	bh, wh := handCounts(p.Hand(shogi.Black)), handCounts(p.Hand(shogi.White))
	box, err := boxCounts(board, bh, wh)
	if err != nil {
		*out = [32]byte{}
		return err
	}
	var buf [32 + 8]byte // room for the last 8-byte store, at byte 32 at most
	acc, n, at := uint64(p.SideToMove())|uint64(bk-1)<<1|uint64(wk-1)<<8, uint(15), uint(0)
	flush := func() {
		binary.LittleEndian.PutUint64(buf[at:], acc)
		at += n >> 3
		acc >>= n &^ 7 & 63
		n &= 7
	}
	for f := range 9 {
		flush()
		code, k := c.code[f], uint(c.n[f])
		acc |= code << (n & 63)
		if n+k >= 64 { // a file of big pieces: its last bits go into the next word, empty when the file ends this one (flush takes at most 63 bits)
			binary.LittleEndian.PutUint64(buf[at:], acc)
			at += 8
			acc = code >> ((64 - n) & 63)
			n = n + k - 64
		} else {
			n += k
		}
	}
	// Only the kinds present: most hands and boxes hold few. (encode's lines: a
	// function of both, the accumulator passed in, measured 7 % slower a position.)
	for section, counts := range [3]uint64{bh, wh, box} {
		for counts != 0 {
			k := uint(bits.TrailingZeros64(counts)) / 8
			r := &s.runs[section][k%7][counts>>(8*k)&0xff%19]
			counts &^= 0xff << (8 * k)
			flush()
			acc |= r.bits << (n & 63)
			n += r.n
		}
	}
	flush()
	// 1 + 14 + 79 bits, one more per piece on the board and one less per piece off
	// it than its board code: 256 bits exactly for a full set, all stored by now.
	copy(out[:], buf[:32])
	return nil
}
