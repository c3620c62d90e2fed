package packed

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/kifu-go/shogi"
)

// Entry is one of the four entry types; a file of a format is its entries back to back,
// with no header.
type Entry interface {
	HCP | PackedSfen | HCPE | PSV
	appendEntry(dst []byte) []byte
}

func (h HCP) appendEntry(dst []byte) []byte        { return append(dst, h[:]...) }
func (h PackedSfen) appendEntry(dst []byte) []byte { return append(dst, h[:]...) }
func (e HCPE) appendEntry(dst []byte) []byte       { b, _ := e.AppendBinary(dst); return b }
func (e PSV) appendEntry(dst []byte) []byte        { b, _ := e.AppendBinary(dst); return b }

// FormatOf returns the format of entries of type E.
func FormatOf[E Entry]() Format {
	var e E
	switch any(&e).(type) {
	case *HCP:
		return FormatHCP
	case *PackedSfen:
		return FormatPackedSfen
	case *HCPE:
		return FormatHCPE
	default:
		return FormatPSV
	}
}

// A Reader reads the entries of type E of a stream, checking each one: its position
// must decode to a legal position ([HCP.Position]), and for HCPE and PSV its other
// fields must be in range and its move, unless 0, legal there ([HCPE.Check],
// [PSV.Check]). A bad entry is an [*Error] naming its index and byte offset, returned
// with the entry as read; the next Read goes on with the entry after it. An input that
// ends inside an entry is an [ErrTruncated] error, and an error of the underlying
// reader ends the stream.
type Reader[E Entry] struct {
	// AllowUnreachable accepts positions no game reaches, as
	// [shogi.Setup.AllowUnreachable] does (composed problems with both kings, nifu in
	// a curiosity): only the encoding and the limits every position keeps are
	// checked, and the moves still obey every rule.
	AllowUnreachable bool
	// ReusePosition makes [Reader.Position] return the same position for every entry,
	// overwritten by the next Read (with [shogi.Position.Reset]), as encoding/csv's
	// ReuseRecord does for its records: reading then allocates nothing per entry. A
	// caller that keeps a position past the next Read must copy it
	// ([shogi.Position.Clone]). By default each entry's position is a new one.
	ReusePosition bool

	in     *bufio.Reader
	format Format
	size   int
	buf    [PSVSize]byte
	index  int64
	pos    *shogi.Position
	reused *shogi.Position // the position ReusePosition hands out, made at the first entry
	move   shogi.Move
	err    error // sticky: the end of the stream or an I/O error
}

// NewReader returns a Reader of entries of type E from r, which it buffers.
func NewReader[E Entry](r io.Reader) *Reader[E] {
	f := FormatOf[E]()
	return &Reader[E]{in: bufio.NewReaderSize(r, 64<<10), format: f, size: f.Size()}
}

// Read returns the next entry, or io.EOF at the end of the input.
func (r *Reader[E]) Read() (E, error) {
	var e E
	r.pos, r.move = nil, shogi.NoMove
	if r.err != nil {
		return e, r.err
	}
	b := r.buf[:r.size]
	n, err := io.ReadFull(r.in, b)
	index, offset := r.index, r.index*int64(r.size)
	if err != nil {
		switch {
		case err == io.EOF:
			r.err = io.EOF
			return e, io.EOF
		case errors.Is(err, io.ErrUnexpectedEOF):
			r.err = io.EOF
			err = fmt.Errorf("%w: %d bytes of %d", ErrTruncated, n, r.size)
		default:
			r.err = &Error{Format: r.format, Index: index, Offset: offset, Err: err}
			return e, r.err
		}
		return e, &Error{Format: r.format, Index: index, Offset: offset, Err: err}
	}
	r.index++
	var into *shogi.Position // nil: a new position
	if r.ReusePosition {
		if r.reused == nil {
			r.reused = new(shogi.Position)
		}
		into = r.reused
	}
	switch v := any(&e).(type) {
	case *HCP:
		copy(v[:], b)
		var s shogi.Setup
		s, err = v.Setup()
		r.pos, err = r.position(into, s, err)
	case *PackedSfen:
		copy(v[:], b)
		var s shogi.Setup
		s, err = v.Setup()
		r.pos, err = r.position(into, s, err)
	case *HCPE:
		_ = v.UnmarshalBinary(b)
		r.pos, r.move, err = v.check(into, r.AllowUnreachable)
	case *PSV:
		_ = v.UnmarshalBinary(b)
		r.pos, r.move, err = v.check(into, r.AllowUnreachable)
	}
	if err != nil {
		r.pos, r.move = nil, shogi.NoMove
		return e, &Error{Format: r.format, Index: index, Offset: offset, Err: err}
	}
	return e, nil
}

func (r *Reader[E]) position(into *shogi.Position, s shogi.Setup, err error) (*shogi.Position, error) {
	s.AllowUnreachable = r.AllowUnreachable
	return checkInto(into, s, err)
}

// Position returns the position of the entry the last Read returned without error
// (HCP and PackedSfen positions have move number 1, PSV's its gamePly), nil after an
// error. Each entry's Position is a new one the caller may keep, unless
// [Reader.ReusePosition] is set: then it is the same one for every entry, overwritten
// by the next Read.
func (r *Reader[E]) Position() *shogi.Position { return r.pos }

// Move returns the move of the entry the last Read returned without error, checked
// legal in [Reader.Position]: NoMove for HCP and PackedSfen, and for a 0 move.
func (r *Reader[E]) Move() shogi.Move { return r.move }

// All returns an iterator over the entries, each with its error (an [*Error] for a bad
// entry, after which the iteration goes on), stopping at the end of the input or after
// an I/O error.
func (r *Reader[E]) All() iter.Seq2[E, error] {
	return func(yield func(E, error) bool) {
		for {
			e, err := r.Read()
			if err == io.EOF {
				return
			}
			if !yield(e, err) || (err != nil && r.err != nil) {
				return
			}
		}
	}
}

// A Writer writes entries of type E to a buffered stream; call [Writer.Flush] at the
// end. Writing allocates nothing.
type Writer[E Entry] struct {
	out *bufio.Writer
	buf [PSVSize]byte
}

// NewWriter returns a Writer of entries of type E to w.
func NewWriter[E Entry](w io.Writer) *Writer[E] {
	return &Writer[E]{out: bufio.NewWriterSize(w, 64<<10)}
}

// Write writes one entry.
func (w *Writer[E]) Write(e E) error {
	_, err := w.out.Write(e.appendEntry(w.buf[:0]))
	return err
}

// Flush writes the buffered entries to the underlying writer.
func (w *Writer[E]) Flush() error { return w.out.Flush() }
