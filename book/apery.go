package book

// Apery's book.bin, as Apery's book.cpp reads and writes it: a flat file of 16-byte
// little-endian entries
//
//	key       uint64  Apery's book hash of the position (AperyKey)
//	fromToPro uint16  the move in Apery's 16-bit layout (packed.AperyMove16)
//	count     uint16  how often the move was chosen (Apery stops counting at 65535)
//	score     int32   the score after the move from the mover's view
//
// sorted by key (Apery binary-searches the file for the first entry of a key and reads
// on while the key matches); Apery's book maker writes each key's entries by count,
// most first. The file holds no position, only its hash: a book.bin can be read back
// into positions only by walking legal moves from known start positions (FromApery).

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"iter"
	"slices"
	"sort"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/packed"
)

// AperyEntrySize is the size of an entry of an Apery book in bytes.
const AperyEntrySize = 16

// Apery's key table: std::mt19937_64 default-seeded (5489), drawn in this order —
// one value per piece code 0 … 30 (Apery's Piece: black 1–14, white 17–30; codes 0,
// 15 and 16 draw values that are never used) and square 0 … 80 (square = 9 × (file −
// 1) + rank − 1), then one per hand piece in Apery's HandPiece order (pawn, lance,
// knight, silver, gold, bishop, rook) and count 0 … 18, then the side key. The key of a
// position XORs the value of each occupied square, the value of every hand piece's
// count of the side to move only (the opponent's hand is not part of the key), and the
// side key when White is to move. (book.cpp, piece.hpp, mt64bit.hpp of Apery.)
var (
	aperyPiece [31][shogi.NumSquares]uint64
	aperyHand  [7][19]uint64
	aperyTurn  uint64
)

// aperyHandTypes are the hand pieces in Apery's HandPiece order.
var aperyHandTypes = [7]shogi.PieceType{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

func init() {
	g := newMT64(5489)
	for pc := range aperyPiece {
		for sq := range aperyPiece[pc] {
			aperyPiece[pc][sq] = g.next()
		}
	}
	for hp := range aperyHand {
		for n := range aperyHand[hp] {
			aperyHand[hp][n] = g.next()
		}
	}
	aperyTurn = g.next()
}

// AperyKey returns Apery's book key of p. The library's piece codes and square indices
// are Apery's own. Only a hand holding more than 18 pieces of a kind (a setup with
// extra pieces) has no key: ErrUnencodable.
func AperyKey(p *shogi.Position) (uint64, error) {
	var key uint64
	occ := p.Occupied()
	for sq := range occ.Squares {
		key ^= aperyPiece[p.PieceAt(sq)][sq.Index()]
	}
	h := p.Hand(p.SideToMove())
	for i, t := range aperyHandTypes {
		n := h.Count(t)
		if n > 18 {
			return 0, fmt.Errorf("%w: %d %ss in hand", ErrUnencodable, n, t)
		}
		key ^= aperyHand[i][n]
	}
	if p.SideToMove() == shogi.White {
		key ^= aperyTurn
	}
	return key, nil
}

// aperyMove returns a as a shogi.Move, or an error wrapping ErrMove when a is malformed
// (a square past the board, a drop that promotes, bit 15 set). It does not check that
// the move is legal anywhere.
func aperyMove(a packed.AperyMove16) (shogi.Move, error) {
	m, err := a.ShogiMove()
	if err != nil {
		return shogi.NoMove, fmt.Errorf("%w: malformed Apery move %#04x", ErrMove, uint16(a))
	}
	return m, nil
}

// AperyEntry is an entry of an Apery book.
type AperyEntry struct {
	Key   uint64
	Move  packed.AperyMove16 // Apery's fromToPro, the layout of HCPE's move16
	Count uint16
	Score int32
}

func (e AperyEntry) append(b []byte) []byte {
	b = binary.LittleEndian.AppendUint64(b, e.Key)
	b = binary.LittleEndian.AppendUint16(b, uint16(e.Move))
	b = binary.LittleEndian.AppendUint16(b, e.Count)
	return binary.LittleEndian.AppendUint32(b, uint32(e.Score))
}

// AperyReader reads the entries of an Apery book one at a time. It checks that each
// move is well formed and that the keys ascend; legality needs a position
// ([AperyBook.Lookup]).
type AperyReader struct {
	r     *bufio.Reader
	index int64
	last  uint64
	buf   [AperyEntrySize]byte
	err   error
}

// NewAperyReader returns a reader of the Apery book in r.
func NewAperyReader(r io.Reader) *AperyReader { return &AperyReader{r: bufio.NewReader(r)} }

func (r *AperyReader) fail(err error) error {
	r.err = &Error{Format: Apery, Index: r.index, Offset: r.index * AperyEntrySize, Err: err}
	return r.err
}

// Read returns the next entry, or io.EOF after the last. A problem is an [*Error] with
// the entry's index and offset; the reader stops at it.
func (r *AperyReader) Read() (AperyEntry, error) {
	if r.err != nil {
		return AperyEntry{}, r.err
	}
	n, err := io.ReadFull(r.r, r.buf[:])
	switch {
	case err == io.EOF:
		r.err = io.EOF
		return AperyEntry{}, io.EOF
	case err == io.ErrUnexpectedEOF:
		return AperyEntry{}, r.fail(fmt.Errorf("%w: %d of %d bytes", ErrTruncated, n, AperyEntrySize))
	case err != nil:
		return AperyEntry{}, r.fail(err)
	}
	e := AperyEntry{
		Key:   binary.LittleEndian.Uint64(r.buf[0:]),
		Move:  packed.AperyMove16(binary.LittleEndian.Uint16(r.buf[8:])),
		Count: binary.LittleEndian.Uint16(r.buf[10:]),
		Score: int32(binary.LittleEndian.Uint32(r.buf[12:])),
	}
	if _, err := aperyMove(e.Move); err != nil {
		return AperyEntry{}, r.fail(err)
	}
	if r.index > 0 && e.Key < r.last {
		return AperyEntry{}, r.fail(fmt.Errorf("%w: key %#016x after %#016x", ErrUnsorted, e.Key, r.last))
	}
	r.last = e.Key
	r.index++
	return e, nil
}

// All returns an iterator over the entries; a problem is yielded with a zero entry and
// ends the iteration.
func (r *AperyReader) All() iter.Seq2[AperyEntry, error] {
	return func(yield func(AperyEntry, error) bool) {
		for {
			e, err := r.Read()
			if err == io.EOF {
				return
			}
			if !yield(e, err) || err != nil {
				return
			}
		}
	}
}

// AperyWriter writes the entries of an Apery book, which must come in ascending key
// order.
type AperyWriter struct {
	w     *bufio.Writer
	index int64
	last  uint64
	buf   []byte
}

// NewAperyWriter returns a writer of an Apery book to w.
func NewAperyWriter(w io.Writer) *AperyWriter {
	return &AperyWriter{w: bufio.NewWriter(w), buf: make([]byte, 0, AperyEntrySize)}
}

// Write writes e. An entry whose key is below the previous one's is refused with
// ErrUnsorted, and a malformed move with ErrMove.
func (w *AperyWriter) Write(e AperyEntry) error {
	fail := func(err error) error {
		return &Error{Format: Apery, Index: w.index, Offset: w.index * AperyEntrySize, Err: err}
	}
	if _, err := aperyMove(e.Move); err != nil {
		return fail(err)
	}
	if w.index > 0 && e.Key < w.last {
		return fail(fmt.Errorf("%w: key %#016x after %#016x", ErrUnsorted, e.Key, w.last))
	}
	if _, err := w.w.Write(e.append(w.buf[:0])); err != nil {
		return err
	}
	w.last = e.Key
	w.index++
	return nil
}

// Flush writes any buffered data.
func (w *AperyWriter) Flush() error { return w.w.Flush() }

// AperyBook is an Apery book in memory: its entries in key order.
type AperyBook struct {
	entries []AperyEntry
}

// NewAperyBook returns a book of entries, sorted by key (stably: the order of a key's
// entries is kept). It checks the moves' form.
func NewAperyBook(entries []AperyEntry) (*AperyBook, error) {
	for i, e := range entries {
		if _, err := aperyMove(e.Move); err != nil {
			return nil, &Error{Format: Apery, Index: int64(i), Offset: int64(i) * AperyEntrySize, Err: err}
		}
	}
	es := slices.Clone(entries)
	slices.SortStableFunc(es, func(a, b AperyEntry) int {
		switch {
		case a.Key < b.Key:
			return -1
		case a.Key > b.Key:
			return 1
		}
		return 0
	})
	return &AperyBook{entries: es}, nil
}

// ReadApery reads a whole Apery book.
func ReadApery(r io.Reader) (*AperyBook, error) {
	ab := &AperyBook{}
	for e, err := range NewAperyReader(r).All() {
		if err != nil {
			return nil, err
		}
		ab.entries = append(ab.entries, e)
	}
	return ab, nil
}

// ParseApery reads an Apery book from its bytes.
func ParseApery(data []byte) (*AperyBook, error) { return ReadApery(bytes.NewReader(data)) }

// Len returns the number of entries.
func (ab *AperyBook) Len() int { return len(ab.entries) }

// Entries returns the entries in key order. The slice belongs to the book.
func (ab *AperyBook) Entries() []AperyEntry { return slices.Clip(ab.entries) }

// span returns the indices [i, j) of key's entries.
func (ab *AperyBook) span(key uint64) (int, int) {
	i := sort.Search(len(ab.entries), func(i int) bool { return ab.entries[i].Key >= key })
	j := i
	for j < len(ab.entries) && ab.entries[j].Key == key {
		j++
	}
	return i, j
}

// Lookup returns the moves the book gives for p, in the file's order, with Count and
// Value (the score) filled in. Every move is checked against p: one that is not legal
// there is an [*Error] naming the entry's index and offset (errors.Is ErrMove).
func (ab *AperyBook) Lookup(p *shogi.Position) ([]Entry, error) {
	key, err := AperyKey(p)
	if err != nil {
		return nil, err
	}
	i, j := ab.span(key)
	if i == j {
		return nil, nil
	}
	out := make([]Entry, 0, j-i)
	for k := i; k < j; k++ {
		e := ab.entries[k]
		m, err := aperyMove(e.Move)
		if err == nil {
			if err = p.CheckMove(m); err != nil {
				err = moveError(err)
			}
		}
		if err != nil {
			return nil, &Error{Format: Apery, Index: int64(k), Offset: int64(k) * AperyEntrySize, Err: err}
		}
		out = append(out, Entry{Move: m, Value: e.Score, Count: uint64(e.Count)})
	}
	return out, nil
}

// WriteTo writes the book's entries.
func (ab *AperyBook) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	aw := NewAperyWriter(cw)
	for _, e := range ab.entries {
		if err := aw.Write(e); err != nil {
			return cw.n, err
		}
	}
	err := aw.Flush()
	return cw.n, err
}

// Bytes returns the book as the bytes of a book.bin.
func (ab *AperyBook) Bytes() []byte {
	b := make([]byte, 0, len(ab.entries)*AperyEntrySize)
	for _, e := range ab.entries {
		b = e.append(b)
	}
	return b
}
