package book

// YaneuraOu's standard book ("将棋ソフト用の標準定跡ファイルフォーマット", 2016), as
// YaneuraOu's book.cpp reads and writes it:
//
//	#YANEURAOU-DB2016 1.00
//	sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//	7g7f 3c3d 0 32 2
//	2g2f none 0 0 1
//
// A line starting with '#' (the header among them) or "//" is a comment. An "sfen "
// line starts a position; the move lines after it are "move ponder value depth count":
// USI moves ("none" for no ponder; YaneuraOu also reads "None" and "resign" so), the
// value after the move from the mover's view, the search depth and the number of times
// the move was chosen. Value, depth and count may be left out (0, 0 and 1). YaneuraOu
// writes the positions sorted by their SFEN text (its on-the-fly reader binary-searches
// the file), each position once with the smallest move number it has, and each
// position's moves by count, most first, then by value, best first. The move number
// written is the position's ply; YaneuraOu matches it unless its option IgnoreBookPly is
// set, and this package ignores it.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"strconv"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/errcode"
)

// Header is the first line of a YaneuraOu book.
const Header = "#YANEURAOU-DB2016 1.00"

// MaxLineLength is the longest line a [Reader] accepts, in bytes.
const MaxLineLength = 64 << 10

// Item is a position of a YaneuraOu book with its moves, as a [Reader] reads it and a
// [Writer] writes it.
type Item struct {
	Position *shogi.Position // its move number is the ply the book gives
	// Entries are the moves in the file's order, a move given twice merged into its
	// first place (the count summed, the later values taken); [Writer.Write] writes
	// them in the order given.
	Entries []Entry
	Line    int // the line of the "sfen" line when read; 0 otherwise
}

// Reader reads a YaneuraOu book one position at a time, checking every move (and every
// ponder move) against its position.
type Reader struct {
	s       *bufio.Scanner
	line    int
	pending []byte // an "sfen" line read ahead
	pendAt  int
	err     error
}

// NewReader returns a Reader of the YaneuraOu book in r.
func NewReader(r io.Reader) *Reader {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 4096), MaxLineLength)
	return &Reader{s: s}
}

func (r *Reader) fail(line int, err error) error {
	r.err = &Error{Format: YaneuraOu, Line: line, Index: -1, Err: err}
	return r.err
}

// next returns the next line that is neither blank nor a comment, or nil at the end.
func (r *Reader) next() ([]byte, error) {
	for r.s.Scan() {
		r.line++
		l := bytes.TrimRight(r.s.Bytes(), " \t\r")
		l = bytes.TrimLeft(l, " \t")
		if len(l) == 0 || l[0] == '#' || bytes.HasPrefix(l, []byte("//")) {
			continue
		}
		return l, nil
	}
	if err := r.s.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, r.fail(r.line+1, ErrLineTooLong)
		}
		return nil, r.fail(0, err)
	}
	return nil, nil
}

func isSFENLine(l []byte) bool {
	return bytes.HasPrefix(l, []byte("sfen ")) || bytes.HasPrefix(l, []byte("sfen\t"))
}

// Read returns the next position with its moves, in the file's order, or io.EOF after
// the last. A problem is an [*Error] with its line; the Reader stops at it.
func (r *Reader) Read() (Item, error) {
	if r.err != nil {
		return Item{}, r.err
	}
	l, at := r.pending, r.pendAt
	r.pending = nil
	if l == nil {
		var err error
		if l, err = r.next(); err != nil {
			return Item{}, err
		}
		if l == nil {
			r.err = io.EOF
			return Item{}, io.EOF
		}
		at = r.line
	}
	if !isSFENLine(l) {
		return Item{}, r.fail(at, fmt.Errorf("%w: a move line before any sfen line", ErrSyntax))
	}
	p, err := shogi.ParseSFENUnreachable(string(l[5:]))
	if err != nil {
		return Item{}, r.fail(at, errcode.Wrap(ErrPosition, err, "shogi: "))
	}
	it := Item{Position: p, Line: at}
	for {
		l, err := r.next()
		if err != nil {
			return Item{}, err
		}
		if l == nil {
			return it, nil
		}
		if isSFENLine(l) {
			r.pending = append(r.pending[:0:0], l...)
			r.pendAt = r.line
			return it, nil
		}
		e, err := parseMoveLine(l)
		if err == nil {
			err = checkEntry(p, e)
		}
		if err != nil {
			return Item{}, r.fail(r.line, err)
		}
		it.Entries = mergeEntry(it.Entries, e)
	}
}

// mergeEntry adds e to entries as Book.Add does: a repeated move sums the counts.
func mergeEntry(entries []Entry, e Entry) []Entry {
	for i := range entries {
		if entries[i].Move == e.Move {
			e.Count += entries[i].Count
			entries[i] = e
			return entries
		}
	}
	return append(entries, e)
}

// All returns an iterator over the positions of the book; a problem is yielded with a
// zero Item and ends the iteration.
func (r *Reader) All() iter.Seq2[Item, error] {
	return func(yield func(Item, error) bool) {
		for {
			it, err := r.Read()
			if err == io.EOF {
				return
			}
			if !yield(it, err) || err != nil {
				return
			}
		}
	}
}

// parseMoveLine reads "move ponder [value [depth [count]]]".
func parseMoveLine(l []byte) (Entry, error) {
	f := strings.Fields(string(l))
	if len(f) < 1 || len(f) > 5 {
		return Entry{}, fmt.Errorf("%w: a move line has %d fields, not 2 to 5", ErrSyntax, len(f))
	}
	e := Entry{Count: 1}
	var err error
	if e.Move, err = shogi.ParseUSIMove(f[0]); err != nil {
		return Entry{}, moveError(err)
	}
	if len(f) > 1 {
		switch f[1] {
		case "none", "None", "resign":
		default:
			if e.Ponder, err = shogi.ParseUSIMove(f[1]); err != nil {
				return Entry{}, moveError(ponderError{err})
			}
		}
	}
	if len(f) > 2 {
		v, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			return Entry{}, numberError("value", f[2], err)
		}
		if v < math.MinInt32 || v > math.MaxInt32 {
			return Entry{}, fmt.Errorf("%w: value %d", ErrRange, v)
		}
		e.Value = int32(v)
	}
	if len(f) > 3 {
		d, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			return Entry{}, numberError("depth", f[3], err)
		}
		if d < math.MinInt32 || d > math.MaxInt32 {
			return Entry{}, fmt.Errorf("%w: depth %d", ErrRange, d)
		}
		e.Depth = int32(d)
	}
	if len(f) > 4 {
		if e.Count, err = strconv.ParseUint(f[4], 10, 64); err != nil {
			if strings.HasPrefix(f[4], "-") {
				return Entry{}, fmt.Errorf("%w: count %s", ErrRange, f[4])
			}
			return Entry{}, numberError("count", f[4], err)
		}
	}
	return e, nil
}

func numberError(field, text string, err error) error {
	if errors.Is(err, strconv.ErrRange) {
		return fmt.Errorf("%w: %s %s", ErrRange, field, text)
	}
	return fmt.Errorf("%w: %s %q is not a number", ErrSyntax, field, text)
}

// Writer writes a YaneuraOu book: the header, then each position written with
// [Writer.Write]. It writes what it is given in the given order; [Book.WriteTo] writes
// a whole book in YaneuraOu's order.
type Writer struct {
	w      *bufio.Writer
	header bool
	buf    []byte
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriter(w)} }

// Write writes a position and its moves. The position's move number is the ply
// written. A position with no entries writes nothing (YaneuraOu skips them too).
func (w *Writer) Write(it Item) error {
	if !w.header {
		w.header = true
		if _, err := w.w.WriteString(Header + "\n"); err != nil {
			return err
		}
	}
	if len(it.Entries) == 0 {
		return nil
	}
	b := append(w.buf[:0], "sfen "...)
	b, err := it.Position.AppendText(b)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	for _, e := range it.Entries {
		b = e.Move.AppendText(b)
		b = append(b, ' ')
		if e.Ponder == shogi.NoMove {
			b = append(b, "none"...)
		} else {
			b = e.Ponder.AppendText(b)
		}
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e.Value), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e.Depth), 10)
		b = append(b, ' ')
		b = strconv.AppendUint(b, e.Count, 10)
		b = append(b, '\n')
	}
	w.buf = b
	_, err = w.w.Write(b)
	return err
}

// Flush writes the header if nothing was written yet, then any buffered data.
func (w *Writer) Flush() error {
	if !w.header {
		w.header = true
		if _, err := w.w.WriteString(Header + "\n"); err != nil {
			return err
		}
	}
	return w.w.Flush()
}

// Read reads a whole YaneuraOu book. Positions given twice are merged as
// [Book.Add] merges them.
func Read(r io.Reader) (*Book, error) {
	b := New()
	rd := NewReader(r)
	for it, err := range rd.All() {
		if err != nil {
			return nil, err
		}
		k := keyOf(it.Position)
		for _, e := range it.Entries {
			b.add(k, it.Position.MoveNumber(), e)
		}
	}
	return b, nil
}

// Parse reads a YaneuraOu book from text.
func Parse(text []byte) (*Book, error) { return Read(bytes.NewReader(text)) }

// WriteTo writes the book in YaneuraOu's format and order: the header, then the
// positions sorted by their SFEN, each with its smallest move number and its moves in
// the engines' order.
func (b *Book) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	bw := NewWriter(cw)
	for p, entries := range b.All() {
		if err := bw.Write(Item{Position: p, Entries: entries}); err != nil {
			return cw.n, err
		}
	}
	err := bw.Flush()
	return cw.n, err
}

// Format returns the book as YaneuraOu text.
func Format(b *Book) []byte {
	var buf bytes.Buffer
	b.WriteTo(&buf) //nolint:errcheck // a bytes.Buffer does not fail
	return buf.Bytes()
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
