package jkf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
)

// DefaultMaxBytes is the longest record, in bytes, a [Reader] accepts when its
// MaxBytes is 0: far more than any real record (a game of 20 000 moves, every one with
// its time, takes under 3 MB; a study of 100 000 forks about 20 MB). It is the bound
// of every record format (kif.DefaultMaxBytes, csa.DefaultMaxBytes).
const DefaultMaxBytes = 64 << 20

// A Reader reads a stream of JKF records: JSON objects one after the other, as JSON
// Lines (one record a line), concatenated or pretty-printed, or a single record. It
// holds in memory the record being read and a buffer of input, never the whole
// stream, so that a stream of any length reads in memory bounded by its longest
// record (and MaxBytes).
//
// A record that cannot be read does not stop the stream: Read returns its error (a
// [*SyntaxError]) and the next call goes on with the next record. A record that is
// valid JSON but no valid record (an illegal move, an unknown preset) is skipped
// whole; a top-level value that is not an object is an [ErrNotObject] error; a value
// longer than MaxBytes is an [ErrTooLarge] error as soon as it passes the bound, and
// the next Read skips the rest of it without holding it. A
// value that is not valid JSON (a truncated record, garbage between records) is an
// [ErrJSON] error at the place of the fault, and the reader resumes at the next line
// that may start a value: it skips the rest of the line and the lines that start with
// white space or a closing bracket. A truncated record ends at the line break inside
// a string, or at the first line that cannot continue it or starts a record ({"header"
// for instance), so that the records after it are read. Only an error of the
// underlying reader (io.ErrNoProgress for one that keeps returning nothing) stops the
// stream: Read returns it from then on.
type Reader struct {
	// Lenient makes the reader step over problems with a warning (see
	// [Reader.Warnings]) instead of stopping: unknown keys are skipped, a capture or
	// same that does not match is ignored, a time it cannot read is left out (the
	// move is kept), and a move it cannot read or that is illegal ends its line with
	// an ending of kind [shogi.EndUnread] whose Text is the move's JSON. The rest of
	// that line (the entries after the move, and the forks on the move's entry) is
	// not read; the one warning wraps the move's error, so that
	// errors.Is(w, shogi.ErrNifu) tells the foul. A lenient read never records an
	// ending the text does not state. An object with none of the keys of a record
	// (header, initial, moves) is an error even then.
	Lenient bool
	// MaxBytes bounds the length of one record (or of any top-level value) in bytes,
	// the white space before it and the rest of a broken value skipped before it
	// included; 0 means DefaultMaxBytes, and more than LargestMaxBytes (1 GiB) means
	// it. A longer record is an ErrTooLarge error where it passes the bound, having
	// read at most MaxBytes and 128 KiB of input (an input that never ends, a value
	// that never closes, fail there), and the next Read skips the rest of it (reading
	// it, not holding it) and goes on with the record after it. The stream may be of
	// any length.
	MaxBytes int64
	// AdjustStart, when set, is given each record's start position as the record sets
	// it up (its initial preset or data, or the even start) and returns the position
	// that the moves are read and played from, which is the record's start
	// (StartSFEN): a record can then be read under a convention its text leaves
	// unwritten, such as a tsume problem's, whose defender holds every piece the record
	// places nowhere. The position it returns is the reader's from then on (p itself, or
	// a new one). An error it returns is the record's, an ErrSetup error at its
	// "initial" key, in lenient reads too.
	AdjustStart func(p *shogi.Position) (*shogi.Position, error)

	in         input
	warnings   []*SyntaxError
	recordLine int
	resync     bool     // the last value was not valid JSON: skip to a line that may start one
	tail       *scanner // the scanner of a value too large, whose rest the next Read skips
	// pastBound: the text between records (white space, or a broken value's rest)
	// went past the bound on a record; the next Read skips the rest of it.
	pastBound bool
	err       error

	fast *fastDecoder // made on the first record; Parse borrows one from decoders
	// scanFirst makes the reader cut every value out with the scanner before decoding
	// it, as it does when the fast decoder refuses a record: tests compare the two ways.
	scanFirst bool
}

// decoders holds the fast decoders Parse calls have done with, so that a program that
// parses record after record reuses their arrays.
var decoders = sync.Pool{New: func() any { return new(fastDecoder) }}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{in: input{src: r, line: 1, col: 1}}
}

// Warnings returns the problems a lenient read met in the record the last call of
// [Reader.Read] returned or failed on, every time it is called, until the next call
// of Read. A strict read may return warnings too, but only of a dialect every JKF
// reader reads alike ([ErrOldLayout]): they are the file's fault, not a reason to
// refuse it. The slice is the reader's own for that record: a later Read does not change
// it.
func (r *Reader) Warnings() []*SyntaxError { return r.warnings }

// RecordLine returns the 1-based line of the input at which the record the last call
// of [Reader.Read] returned, or failed on, starts (0 before the first record). A
// caller reports "record 3, starting at line 240" with it.
func (r *Reader) RecordLine() int { return r.recordLine }

// Parse reads the one record of a JKF text with a strict [Reader]. Text that holds no
// record (nothing but white space) is an error that wraps [shogi.ErrNoRecord] (and
// [ErrEmpty]); a second record after the first is an [ErrMoreRecords] error.
func Parse(data []byte) (*shogi.Record, error) {
	r := NewReader(bytes.NewReader(nil))
	// The whole text is at hand: the input reads it where it is (and never writes to
	// it) instead of copying it into a buffer that grows as it goes.
	r.in.buf, r.in.end, r.in.eof = data, len(data), true
	r.fast = decoders.Get().(*fastDecoder)
	rec, err := r.Read()
	r.fast.release()
	decoders.Put(r.fast)
	if err == io.EOF {
		return nil, &SyntaxError{Line: 1, Column: 1, Err: ErrEmpty}
	}
	if err != nil {
		return nil, err
	}
	end, err := r.in.skipSpace()
	if err != nil || end {
		return rec, err
	}
	if r.in.unread()[0] == '{' {
		return nil, &SyntaxError{Line: r.in.line, Column: r.in.col, Err: ErrMoreRecords}
	}
	return nil, &SyntaxError{Line: r.in.line, Column: r.in.col, Err: fmt.Errorf("%w: text after the record", ErrJSON)}
}

// LargestMaxBytes is the largest MaxBytes a Reader takes (1 GiB); a larger one means
// it, and a record past it is an ErrTooLarge error that names it, not MaxBytes.
const LargestMaxBytes = 1 << 30

func (r *Reader) maxBytes() int {
	if r.MaxBytes <= 0 {
		return DefaultMaxBytes
	}
	return int(min(r.MaxBytes, LargestMaxBytes))
}

// Read returns the next record, or io.EOF when there is none. After an error the next
// call goes on with the next record (see [Reader]); only an error of the underlying
// reader is returned again and again.
func (r *Reader) Read() (*shogi.Record, error) {
	if r.in.src == nil {
		return nil, errNotMade
	}
	r.warnings = nil
	if r.err != nil {
		return nil, r.err
	}
	return r.read()
}

// fail makes err, an error of the underlying reader, the error of every Read from now
// on.
func (r *Reader) fail(err error) error {
	r.err = fmt.Errorf("jkf: %w", err)
	return r.err
}

func (r *Reader) read() (*shogi.Record, error) {
	limit := r.maxBytes()
	r.in.limit = limit + 2*readSize
	if err := r.in.start(); err != nil {
		return nil, r.fail(err)
	}
	if r.tail != nil {
		// The rest of a value too large is passed over whole (read, never held), so
		// that it is one error, not one per MaxBytes.
		broken, err := r.in.skipTail(r.tail)
		if err != nil {
			return nil, r.fail(err)
		}
		r.tail, r.resync = nil, broken
	}
	if r.pastBound {
		// So is the rest of the text between records that went past the bound: one
		// error, not one per MaxBytes of white space or of a broken value's rest.
		r.pastBound = false
		if r.resync {
			if err := r.in.resync(); err != nil {
				return nil, r.fail(err)
			}
			r.resync = false
		}
		if _, err := r.in.skipSpace(); err != nil {
			return nil, r.fail(err)
		}
	}
	// Every byte up to the end of the record counts towards the bound: the white space
	// before it and the rest of a broken value skipped, as well as its own.
	start := r.in.pos
	r.in.stop = start + int64(limit)
	defer func() { r.in.stop = 0 }()
	if r.resync {
		if err := r.in.resync(); err == errPastStop {
			r.pastBound = true
			return nil, r.tooLarge(r.in.line, r.in.col, limit)
		} else if err != nil {
			return nil, r.fail(err)
		}
		r.resync = false
	}
	end, err := r.in.skipSpace()
	if err == errPastStop {
		r.pastBound = true
		return nil, r.tooLarge(r.in.line, r.in.col, limit)
	}
	if err != nil {
		return nil, r.fail(err)
	}
	if end {
		return nil, io.EOF
	}
	r.in.shrink()
	left := limit - int(r.in.pos-start) // the bound on the value itself
	if rec, ok, err := r.readWhole(left); ok {
		return rec, err
	}
	v, tail, err := r.in.next(left)
	if err != nil {
		return nil, r.fail(err)
	}
	r.recordLine = v.line
	c := converter{r: r, raw: v.raw, startLine: v.line, startCol: v.col}
	switch {
	case v.tooLarge:
		r.resync, r.tail = v.broken, tail
		return nil, r.tooLarge(v.line, v.col, limit)
	case v.broken:
		r.resync = true
		return nil, c.jsonError()
	case v.raw[0] != '{':
		if !json.Valid(v.raw) {
			r.resync = true
			return nil, c.jsonError()
		}
		return nil, c.errAt(nil, ErrNotObject)
	}
	if !utf8.Valid(v.raw) {
		// encoding/json would put U+FFFD in its place: the text would change in silence.
		bad := invalidUTF8(v.raw)
		line, col := c.place(bad)
		r.resync = false
		return nil, &SyntaxError{Line: line, Column: col, Err: ErrEncoding}
	}
	if r.fast == nil {
		r.fast = new(fastDecoder)
	}
	if r.fast.decode(v.raw) {
		// The keys are known to be JKF's, each once in its object.
		c.keysChecked = true
		return c.record(&r.fast.t)
	}
	// Input the fast decoder refuses — invalid, or valid in a way it does not take — is
	// decoded by encoding/json, whose errors (and lenient results) are the reference.
	var k kifu
	dec := json.NewDecoder(bytes.NewReader(v.raw))
	if !r.Lenient {
		dec.DisallowUnknownFields()
	}
	err = dec.Decode(&k)
	if err != nil && !r.Lenient && strings.HasPrefix(err.Error(), "json: unknown field") && onlyOldLayoutKeys(v.raw) {
		// The keys of the old layout are a warning even in a strict read: decode
		// again, letting them through; record reports them.
		k = kifu{}
		err = json.NewDecoder(bytes.NewReader(v.raw)).Decode(&k)
		c.oldKeys = true
	}
	if err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) || errors.Is(err, io.ErrUnexpectedEOF) {
			r.resync = true
			return nil, c.jsonError()
		}
		return nil, c.decodeError(err)
	}
	r.fast.t.fill(&k)
	return c.record(&r.fast.t)
}

// tooLarge returns the ErrTooLarge error of a record that starts at line and col (or
// of the text between records that goes on that far).
func (r *Reader) tooLarge(line, col, limit int) error {
	r.recordLine = line
	return &SyntaxError{Line: line, Column: col, Err: fmt.Errorf("%w: a value of more than %d bytes", ErrTooLarge, limit)}
}

// readWhole reads the record at the read position if the fast decoder takes it whole
// from the bytes at hand, which is nearly always: then the record's bytes are read
// once, without the scanner cutting them out first. ok is false when it does not, and
// the input is as it was.
func (r *Reader) readWhole(limit int) (rec *shogi.Record, ok bool, err error) {
	b := r.in.unread()
	if b[0] != '{' || r.scanFirst {
		return nil, false, nil
	}
	atEOF := r.in.eof
	if len(b) > limit {
		b, atEOF = b[:limit], false // a longer value is too large
	}
	if r.fast == nil {
		r.fast = new(fastDecoder)
	}
	n, ok := r.fast.decodePrefix(b, atEOF)
	if !ok {
		return nil, false, nil
	}
	// The keys are known to be JKF's, each once in its object.
	c := converter{r: r, raw: b[:n], startLine: r.in.line, startCol: r.in.col, keysChecked: true}
	r.recordLine = r.in.line
	if r.fast.ascii {
		// Outside its strings a record the fast decoder takes is ASCII: so is all of it.
		r.in.consumeASCII(n)
	} else {
		r.in.consume(n)
	}
	rec, err = c.record(&r.fast.t)
	return rec, true, err
}

// invalidUTF8 returns the offset of the first byte of b that is not valid UTF-8.
func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// onlyOldLayoutKeys reports whether every key of raw that JKF does not define is a
// top-level key of json-kifu-format's first layout.
func onlyOldLayoutKeys(raw []byte) bool {
	u := unknownKeys(raw, 100)
	for _, k := range u {
		if !oldLayoutKeys[k.path] {
			return false
		}
	}
	return len(u) > 0 && len(u) < 100
}
