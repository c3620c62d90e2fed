// The bit codec shared by HCP and PackedSfen. Both pack a position into 256 bits,
// least significant bit of byte 0 first: the side to move (1 bit), Black's and White's
// king squares (7 bits each), the 79 other squares from 1a down each file to 9i (one
// board code each, a single 0 bit for an empty square), Black's then White's hand, and
// the pieces of a 40-piece set in neither, the piece box. Only the code tables differ.

package packed

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/kifu-go/shogi"
)

// handOrder is the order of kinds in the hand and box sections (Apery's HandPiece order).
var handOrder = [7]shogi.PieceType{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

// setCount is how many pieces of each kind a set has, indexed by PieceType.
var setCount = [shogi.NumPieceTypes]int{shogi.Pawn: 18, shogi.Lance: 4, shogi.Knight: 4, shogi.Silver: 4, shogi.Gold: 4, shogi.Bishop: 2, shogi.Rook: 2}

// code is a bit pattern in stream order (first bit in bit 0) and its length.
type code struct {
	bits uint8
	n    uint8
}

// codeOf turns a pattern written first bit first ("1000") into a code.
func codeOf(s string) code {
	var c code
	for i := range len(s) {
		if s[i] == '1' {
			c.bits |= 1 << i
		}
	}
	c.n = uint8(len(s))
	return c
}

// run is a bit pattern in stream order and its length.
type run struct {
	bits uint64
	n    uint
}

// what a code read from a hand section stands for: a piece in a hand, or in the box.
type handEntry struct {
	kind  uint8 // index in handOrder, +1; 0 for no code
	color shogi.Color
	box   bool
}

// scheme is one format's code tables, and the tables that read them back.
type scheme struct {
	format Format
	board  [2][shogi.NumPieceTypes]code // [color][piece type], NoPieceType is the empty square
	hand   [2][7]code                   // [color][handOrder index]
	box    [7]code

	byPiece [32]code // board codes indexed by shogi.Piece; a king's is empty
	// pairs[a|b<<5] is the board codes of the pieces a then b: the bits in the low 16,
	// the length above.
	pairs [32 * 32]uint32

	// runs[section][kind][m] is m codes of a kind in a section (Black's hand, White's,
	// the box) in one pattern: 54 bits at most (18 pawns of 3).
	runs [3][len(handOrder)][19]run

	boardOf [9][256]shogi.Piece // [length][bits] → piece, +1 so that 0 is "no code"
	// boardPeek[w] is the board code that the 8 bits w start with: the piece +1 in the
	// low byte, the code's length above; 0 when w starts with none.
	boardPeek [256]uint16
	handOf    [8][256]handEntry // [length][bits]
}

// row lists a kind's codes: board Black, White, Black promoted, White promoted; hand
// Black, White; box.
type row struct {
	t                  shogi.PieceType
	b, w, bp, wp       string
	hb, hw, boxPattern string
}

func newScheme(f Format, rows []row) *scheme {
	s := &scheme{format: f}
	s.board[shogi.Black][shogi.NoPieceType] = codeOf("0")
	s.board[shogi.White][shogi.NoPieceType] = codeOf("0")
	for _, r := range rows {
		s.board[shogi.Black][r.t] = codeOf(r.b)
		s.board[shogi.White][r.t] = codeOf(r.w)
		if r.t.CanPromote() {
			s.board[shogi.Black][r.t.Promote()] = codeOf(r.bp)
			s.board[shogi.White][r.t.Promote()] = codeOf(r.wp)
		}
		k := kindIndex(r.t)
		s.hand[shogi.Black][k] = codeOf(r.hb)
		s.hand[shogi.White][k] = codeOf(r.hw)
		s.box[k] = codeOf(r.boxPattern)
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for t, cd := range s.board[c] {
			if cd.n == 0 {
				continue
			}
			pc := shogi.NewPiece(c, shogi.PieceType(t))
			if t == int(shogi.NoPieceType) {
				pc = shogi.NoPiece
			}
			s.boardOf[cd.n][cd.bits] = pc + 1
			s.byPiece[pc] = cd
		}
		for k, cd := range s.hand[c] {
			s.handOf[cd.n][cd.bits] = handEntry{kind: uint8(k + 1), color: c}
		}
	}
	for k, cd := range s.box {
		s.handOf[cd.n][cd.bits] = handEntry{kind: uint8(k + 1), box: true}
	}
	for w := range s.boardPeek {
		for n := 1; n <= 8; n++ { // the codes are prefix-free: the first one found is it
			if pc := s.boardOf[n][w&(1<<n-1)]; pc != 0 {
				s.boardPeek[w] = uint16(pc) | uint16(n)<<8
				break
			}
		}
	}
	for a, ca := range s.byPiece {
		for b, cb := range s.byPiece {
			s.pairs[a|b<<5] = uint32(ca.bits) | uint32(cb.bits)<<ca.n | uint32(ca.n+cb.n)<<16
		}
	}
	for section, codes := range [3]*[7]code{&s.hand[shogi.Black], &s.hand[shogi.White], &s.box} {
		for k, cd := range codes {
			for m := 1; m <= setCount[handOrder[k]]; m++ {
				r := s.runs[section][k][m-1]
				s.runs[section][k][m] = run{bits: r.bits | uint64(cd.bits)<<r.n, n: r.n + uint(cd.n)}
			}
		}
	}
	return s
}

func kindIndex(t shogi.PieceType) int {
	for i, h := range handOrder {
		if h == t {
			return i
		}
	}
	return -1
}

var hcpScheme = newScheme(FormatHCP, []row{
	{shogi.Pawn, "1000", "1010", "1001", "1011", "000", "001", "010"},
	{shogi.Lance, "110000", "110010", "110001", "110011", "10000", "10001", "10010"},
	{shogi.Knight, "111000", "111010", "111001", "111011", "11000", "11001", "11010"},
	{shogi.Silver, "110100", "110110", "110101", "110111", "10100", "10101", "10110"},
	{shogi.Gold, "111100", "111101", "", "", "11100", "11101", "10111"},
	{shogi.Bishop, "11111000", "11111010", "11111001", "11111011", "1111100", "1111101", "1111000"},
	{shogi.Rook, "11111100", "11111110", "11111101", "11111111", "1111110", "1111111", "1111010"},
})

var sfenScheme = newScheme(FormatPackedSfen, []row{
	{shogi.Pawn, "1000", "1001", "1010", "1011", "000", "001", "010"},
	{shogi.Lance, "110000", "110001", "110010", "110011", "10000", "10001", "10010"},
	{shogi.Knight, "110100", "110101", "110110", "110111", "10100", "10101", "10110"},
	{shogi.Silver, "111000", "111001", "111010", "111011", "11000", "11001", "11010"},
	{shogi.Gold, "111100", "111101", "", "", "11100", "11101", "11011"},
	{shogi.Bishop, "11111000", "11111001", "11111010", "11111011", "1111000", "1111001", "1111010"},
	{shogi.Rook, "11111100", "11111101", "11111110", "11111111", "1111100", "1111101", "1111110"},
})

// encode packs p with scheme s into out. It refuses a position without both kings or
// with more pieces of a kind than a set, and then leaves out zero.
//
// The writer is branch-free: codes go into a 64-bit accumulator, least significant bit
// first, from tables indexed by piece (a king's code is empty: its square is in the
// header); every seven squares, or before each hand or box run, the accumulator is
// stored whole at the current byte and shifted by the whole bytes it held. After such
// a flush it holds at most 7 bits, so seven board codes (8 bits at most) or one run of
// a hand or box (54 bits at most: 18 pawns of 3 bits) fit.
func (s *scheme) encode(out *[32]byte, p *shogi.Position) error {
	bk, wk := p.King(shogi.Black), p.King(shogi.White)
	if bk == shogi.NoSquare || wk == shogi.NoSquare {
		*out = [32]byte{}
		return ErrNoKing
	}
	var buf [32 + 8]byte // room for the last 8-byte store, at byte 32 at most
	acc, n, at := uint64(p.SideToMove())|uint64(bk-1)<<1|uint64(wk-1)<<8, uint(15), uint(0)
	flush := func() {
		binary.LittleEndian.PutUint64(buf[at:], acc)
		at += n >> 3
		acc >>= n &^ 7 & 63
		n &= 7
	}
	// Two squares a lookup: six squares (48 bits at most) between flushes.
	var board uint64 // pieces on the board by kind, a byte each (handOrder)
	pair := func(a, b shogi.Piece) {
		i := uint(a&31) | uint(b&31)<<5
		c := s.pairs[i]
		acc |= uint64(c&0xffff) << (n & 63)
		n += uint(c >> 16)
		board += pairKinds[i]
	}
	// The board in one copy, read without a check of each square; 1a–9f in 13 groups.
	st := p.Setup()
	for i := 0; i < 78; i += 6 {
		flush()
		g := (*[6]shogi.Piece)(st.Board[i : i+6])
		pair(g[0], g[1])
		pair(g[2], g[3])
		pair(g[4], g[5])
	}
	flush()
	pair(st.Board[78], st.Board[79])
	pair(st.Board[80], shogi.NewPiece(shogi.Black, shogi.King)) // a king's code is empty
	bh, wh := handCounts(p.Hand(shogi.Black)), handCounts(p.Hand(shogi.White))
	box, err := boxCounts(board, bh, wh)
	if err != nil {
		*out = [32]byte{}
		return err
	}
	// Only the kinds present: most hands and boxes hold few.
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

// setCounts is setCount in handOrder, a byte each; overSet adds to each byte of a count
// what takes it past 127 when it is past the set's.
const (
	setCounts = 18 | 4<<8 | 4<<16 | 4<<24 | 4<<32 | 2<<40 | 2<<48
	overSet   = 0x7f7f7f7f7f7f7f - setCounts
)

// boxCounts returns the pieces of each kind in the box (a byte each in handOrder), the
// set less those of board, bh and wh (the counts on the board and in the hands, a byte
// each), or ErrTooManyPieces when a kind counts more than the set. The bytes are
// compared at once: a sum of counts under 128 plus overSet's byte stays under 256 and
// reaches 128 exactly when it is past the set's count (no byte's sum reaches 256: 81
// squares and two hands of 63).
func boxCounts(board, bh, wh uint64) (uint64, error) {
	const high = 0x80808080808080
	if m := board + bh + wh; m&high == 0 && (m+overSet)&high == 0 {
		return setCounts - m, nil
	}
	for k, t := range handOrder {
		if m := int(board>>(8*k)&0xff) + int(bh>>(8*k)&0xff) + int(wh>>(8*k)&0xff); m > setCount[t] {
			return 0, fmt.Errorf("%w: %d %ss", ErrTooManyPieces, m, t)
		}
	}
	return 0, fmt.Errorf("%w: more pieces than a set", ErrTooManyPieces) // unreachable: a byte past 127 is past the set
}

// handCounts returns how many pieces of each kind h holds, a byte each in handOrder
// (pawn, lance, knight, silver, gold, bishop, rook): the sum of what each of h's four
// bytes counts, four loads where Hand.Count takes two a kind.
func handCounts(h shogi.Hand) uint64 {
	return handByteCounts[0][uint8(h)] + handByteCounts[1][uint8(h>>8)] +
		handByteCounts[2][uint8(h>>16)] + handByteCounts[3][uint8(h>>24)]
}

// handByteCounts[j][v] is what byte j of a Hand holding v counts, by kind, a byte each
// in handOrder. A Hand keeps each kind's count in a field of bits (Hand.Count is a
// shift and a mask), so each bit of a field counts a power of two of its kind and a
// hand's counts are the sums of its bits' (TestHandCounts checks this on every hand a
// position can hold); no count reaches 256, so the sums stay within their bytes.
var handByteCounts = func() (t [4][256]uint64) {
	var bit [32]uint64 // what each bit counts
	for b := range bit {
		h := shogi.Hand(1) << b
		for k, kind := range handOrder {
			bit[b] += uint64(h.Count(kind)) << (8 * k)
		}
	}
	for j := range t {
		for v := range 256 {
			for i := range 8 {
				if v>>i&1 != 0 {
					t[j][v] += bit[8*j+i]
				}
			}
		}
	}
	return t
}()

// pairKinds[a|b<<5] counts the pieces a and b (shogi.Piece values) by unpromoted kind,
// a byte each in handOrder, kings and empty squares not at all.
var pairKinds = func() (t [32 * 32]uint64) {
	var one [32]uint64
	for pc := range shogi.Piece(32) {
		if k := kindIndex(unpromoted[pc&15]); k >= 0 && pc.IsValid() {
			one[pc] = 1 << (8 * k)
		}
	}
	for a := range one {
		for b := range one {
			t[a|b<<5] = one[a] + one[b]
		}
	}
	return t
}()

// unpromoted maps a piece's low four bits (its type) to the unpromoted type, the
// empty square and the king to NoPieceType: what the piece counts are kept by.
var unpromoted = func() (u [16]shogi.PieceType) {
	for t := range shogi.NumPieceTypes {
		pt := shogi.PieceType(t)
		if pt != shogi.King && pt != shogi.NoPieceType {
			u[t] = pt.Unpromote()
		}
	}
	return u
}()

// bitReader reads 256 bits, least significant bit first.
type bitReader struct {
	in    *[32]byte
	pos   uint      // bits read
	words [6]uint64 // in as little-endian words, and zero words past them for peek8 at 256
}

func newBitReader(in *[32]byte) bitReader {
	r := bitReader{in: in}
	for i := range 4 {
		r.words[i] = binary.LittleEndian.Uint64(in[8*i:])
	}
	return r
}

// peek8 returns the next 8 bits without reading them, 0 bits past the end (pos is
// 256 at most).
func (r *bitReader) peek8() uint8 {
	i, sh := r.pos>>6, r.pos&63
	return uint8(r.words[i]>>sh | r.words[i+1]<<(64-sh)) // a shift by 64 gives 0
}

func (r *bitReader) bit() (uint8, bool) {
	if r.pos >= 256 {
		return 0, false
	}
	b := r.in[r.pos>>3] >> (r.pos & 7) & 1
	r.pos++
	return b, true
}

func (r *bitReader) bits(n uint) (uint, bool) {
	var v uint
	for i := range n {
		b, ok := r.bit()
		if !ok {
			return 0, false
		}
		v |= uint(b) << i
	}
	return v, true
}

// decode unpacks in into a Setup (move number 1) without the rules' checks, only
// those of the encoding: valid codes, exactly 256 bits, the canonical order of the
// hand and box codes, and pieces, hands and box making one set.
func (s *scheme) decode(in *[32]byte) (shogi.Setup, error) {
	var st shogi.Setup
	st.MoveNumber = 1
	r := newBitReader(in)
	side, _ := r.bit()
	st.SideToMove = shogi.Color(side)
	var kings [2]shogi.Square
	for c := range kings {
		v, _ := r.bits(7)
		if v == shogi.NumSquares { // how cshogi and YaneuraOu write a missing king, in 257 bits
			return st, fmt.Errorf("%w: %v's king on square 81", ErrNoKing, shogi.Color(c))
		}
		if v > shogi.NumSquares {
			return st, fmt.Errorf("%w: %v's king on square %d", ErrBadCode, shogi.Color(c), v)
		}
		kings[c] = shogi.SquareAt(int(v))
	}
	if kings[0] == kings[1] {
		return st, fmt.Errorf("%w: both kings on %v", ErrBadCode, kings[0])
	}
	st.Put(kings[0], shogi.NewPiece(shogi.Black, shogi.King))
	st.Put(kings[1], shogi.NewPiece(shogi.White, shogi.King))
	var count [shogi.NumPieceTypes]int
	for i := range shogi.NumSquares {
		sq := shogi.SquareAt(i)
		if sq == kings[0] || sq == kings[1] {
			continue
		}
		// The code found in the next 8 bits when it ends within the 256; else bit by
		// bit, to the error.
		if e := s.boardPeek[r.peek8()]; e != 0 && r.pos+uint(e>>8) <= 256 {
			r.pos += uint(e >> 8)
			if pc := shogi.Piece(e) - 1; pc != shogi.NoPiece {
				st.Put(sq, pc)
				count[pc.Type().Unpromote()]++
			}
			continue
		}
		var bits, n uint8
		var pc shogi.Piece
		for pc == 0 {
			b, ok := r.bit()
			if !ok || n == 8 {
				return st, fmt.Errorf("%w: no piece code at bit %d (square %v)", ErrBadCode, r.pos, sq)
			}
			bits |= b << n
			n++
			pc = s.boardOf[n][bits]
		}
		pc--
		if pc != shogi.NoPiece {
			st.Put(sq, pc)
			count[pc.Type().Unpromote()]++
		}
	}
	last := 0 // section*8 + kind index of the last hand or box code: they must not go back
	for r.pos < 256 {
		start := r.pos
		var bits, n uint8
		var e handEntry
		for e.kind == 0 {
			b, ok := r.bit()
			if !ok || n == 7 {
				return st, fmt.Errorf("%w: no hand or box code at bit %d", ErrBadCode, start)
			}
			bits |= b << n
			n++
			e = s.handOf[n][bits]
		}
		k := int(e.kind - 1)
		t := handOrder[k]
		section := int(e.color)
		if e.box {
			section = 2
		}
		if key := section*8 + k; key < last {
			return st, fmt.Errorf("%w: a %s code at bit %d after the codes of a later section or kind", ErrNotCanonical, t, start)
		} else {
			last = key
		}
		count[t]++
		if count[t] > setCount[t] {
			return st, fmt.Errorf("%w: %d %ss", ErrTooManyPieces, count[t], t)
		}
		if !e.box {
			st.Hands[e.color] = st.Hands[e.color].Add(t)
		}
	}
	for _, t := range handOrder {
		if count[t] > setCount[t] {
			return st, fmt.Errorf("%w: %d %ss", ErrTooManyPieces, count[t], t)
		}
		if count[t] < setCount[t] {
			return st, fmt.Errorf("%w: %d %ss with the box, not %d", ErrNotCanonical, count[t], t, setCount[t])
		}
	}
	return st, nil
}
