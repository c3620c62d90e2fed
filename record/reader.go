package record

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"os"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
)

// Source says where a record came from: the input's name and format, the record's
// 1-based index in it and the line where it starts.
type Source struct {
	Path   string
	Format Format
	Index  int
	Line   int
}

// A Reader reads the records of one input of any format, one at a time: a KIF or KI2
// file, a CSA file of one or many games, a JKF file or a JSON Lines file of JKF records,
// a file of USI position lines or of SFENs. It holds in memory one record at a time
// (and a bounded buffer), never the whole input.
//
// Set the exported fields before the first call to Read. A record that cannot be read
// is an *Error with its place, and the next Read goes on with the next record; a failed
// read of the underlying input is an *Error too, after which Read returns io.EOF.
type Reader struct {
	// Format is the input's format; Unknown (the default) detects it from the content,
	// with the extension of Name to break ties (see Detect).
	Format Format
	// Name is the input's name (a path) for errors and for Detect; it may be empty.
	Name string
	// Lenient reads on past problems: each becomes a warning (see [Reader.Warnings]) and
	// a line of play stops at the first thing that cannot be read, with an ending of kind
	// shogi.EndUnread; no result is ever made up. Strict reads (the default) report the
	// first problem of a record as its error.
	Lenient bool
	// MaxRecordBytes bounds the size in bytes of one record, which a Reader holds whole:
	// 0 means DefaultMaxRecordBytes (64 MiB, the default of every format:
	// kif.DefaultMaxBytes, csa.DefaultMaxBytes, jkf.DefaultMaxBytes), a negative value
	// the largest bound the format allows (none for KIF, CSA, USI and SFEN,
	// jkf.LargestMaxBytes, 1 GiB, for JKF, which bounds it when MaxRecordBytes is
	// larger). Every byte of the input counts towards the record it comes before (blank
	// lines, comments, text skipped after an error). A larger record is an error with
	// the code "too-large", naming the bound, at the place where the record passes it:
	// the Reader has read no more than the bound plus its buffers (a few hundred KiB;
	// 2 MiB for CSA, whose lines may be 1 MiB long), so that an input that never ends
	// (/dev/zero, a line with no end, a JSON value that never closes) fails there. The
	// input ends at that error: finding where the record ends would mean reading on
	// without a bound, so the records after it are not read. (A USI or SFEN line is
	// also bounded by MaxLineLength.)
	MaxRecordBytes int64
	// ReuseRecords lets Read build a record in the memory of the one it returned
	// before, where the format's reader can (CSA: csa.Reader.ReuseRecords): a record
	// is then valid only until the next call of Read or Reset, and so are the Record
	// and the Final position of a Verdict of ValidateRules until the next Verdict (the
	// position is then the format's reader's own, which it takes back to the start for
	// the next record). Strings taken from a record stay valid (see ReuseComments).
	// For programs done with each record before they read the next.
	ReuseRecords bool
	// ReuseComments, with ReuseRecords, builds the text of a record's comments in the
	// memory of the last record's, where the format's reader can (CSA:
	// csa.Reader.ReuseComments): the comments' strings are then valid only until the
	// next call of Read or Reset, like the record. For programs that keep no comment
	// of a record once they are done with it.
	ReuseComments bool
	// AdjustStart, when set, is given each record's start position as the input sets
	// it up and returns the position that the record's moves are read and played from,
	// which is then the record's start (StartSFEN): a record is read under a convention
	// its file leaves unwritten. A tsume problem's file, say, lists the attacker's hand
	// alone, while its defender holds every piece placed nowhere: his drops in the
	// recorded solution are illegal moves from the file's start, legal ones from the
	// start that tsume.DefenderHoldsRest makes. The position it returns is the
	// Reader's from then on: p itself, or a new position, held nowhere else. An error it
	// returns is the record's (code "syntax", at the start position's place, "invalid
	// start position: Reader.AdjustStart: …" in every format, wrapping the format's
	// kif.ErrPosition, csa.ErrSetup, jkf.ErrSetup or ErrSetup), in lenient reads too,
	// since no move can be read without a start; the next Read goes on with the next
	// record.
	AdjustStart func(p *shogi.Position) (*shogi.Position, error)

	in       *bufio.Reader
	base     *bufio.Reader // in before openText wrapped it: Reset reuses it
	csa      *csa.Reader   // the last CSA reader made: Reset reuses its buffer
	line     []*shogi.Node // with ReuseRecords, the room for a verdict's main line
	closer   io.Closer
	src      source
	format   Format
	index    int
	last     Source
	warnings []*Error
	done     bool
}

// DefaultMaxRecordBytes is the bound on a record when Reader.MaxRecordBytes is 0, the
// same for every format: far more than any real record (a game of 20 000 moves with a
// comment on each is a few MB, a study of 100 000 forks about 20 MB).
const DefaultMaxRecordBytes = 64 << 20

// Every format reader's default is DefaultMaxRecordBytes: a constant that would not
// compile (a negative value converted to uint64) if one differed.
const _ = uint64(kif.DefaultMaxBytes-DefaultMaxRecordBytes) + uint64(DefaultMaxRecordBytes-kif.DefaultMaxBytes) +
	uint64(csa.DefaultMaxBytes-DefaultMaxRecordBytes) + uint64(DefaultMaxRecordBytes-csa.DefaultMaxBytes) +
	uint64(jkf.DefaultMaxBytes-DefaultMaxRecordBytes) + uint64(DefaultMaxRecordBytes-jkf.DefaultMaxBytes)

// source is one format's reader behind a Reader.
type source interface {
	read() (*shogi.Record, error)
	warnings() []error
	recordLine() int
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	in := bufio.NewReaderSize(r, DetectLength)
	rd := &Reader{in: in}
	if in != r { // not the caller's own bufio.Reader, which Reset must leave alone
		rd.base = in
	}
	return rd
}

// Reset discards the Reader's state and makes it read the records of in, as the Reader
// NewReader(in) returns would, with the exported fields kept as they are (set Name
// anew for the new input). It does not close a file that Open opened: Close it first.
// It keeps the Reader's buffers, so that a program that reads many small inputs (an
// archive of one file per game) with one Reader does not allocate them for each.
func (r *Reader) Reset(in io.Reader) {
	base := r.base
	if base == nil {
		base = bufio.NewReaderSize(nil, DetectLength)
	}
	base.Reset(in)
	*r = Reader{Format: r.Format, Name: r.Name, Lenient: r.Lenient, MaxRecordBytes: r.MaxRecordBytes,
		ReuseRecords: r.ReuseRecords, ReuseComments: r.ReuseComments, AdjustStart: r.AdjustStart, in: base, base: base, csa: r.csa, line: r.line}
}

// Open opens the record file at path for reading; Close the Reader when done. Only
// regular files are opened: anything else (a FIFO, a device) could block for ever, so
// it is an ErrNotRegular error; read such an input with NewReader if that is meant.
func Open(path string) (*Reader, error) {
	// Look before opening: opening a FIFO blocks until a writer comes.
	if info, err := os.Stat(path); err != nil {
		return nil, err
	} else if !info.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	r := NewReader(f)
	r.Name, r.closer = path, f
	return r, nil
}

// Close closes the file that Open opened; it does nothing for a Reader made by NewReader.
func (r *Reader) Close() error {
	if r.closer == nil {
		return nil
	}
	c := r.closer
	r.closer = nil
	return c.Close()
}

// Read returns the next record, or io.EOF when there is none. Its error is an *Error.
// After an *Error for a record, the next Read returns the record after it. In a
// lenient read the record comes with its warnings (Reader.Warnings); problems in text
// that holds no record (after the last one, or in an input without any) have no record
// to go with, so the first of them is the error of one more record, in lenient reads
// as in strict ones.
//
// A record that Read returns without an error has only legal moves (every format's
// reader checks each move against the rules), but its recorded ending is not yet
// checked against them: Check does that, and Validate does both.
func (r *Reader) Read() (*shogi.Record, error) {
	r.warnings = nil
	if r.done {
		return nil, io.EOF
	}
	if r.src == nil {
		if err := r.start(); err != nil {
			r.done = true
			r.index++
			r.last = Source{Path: r.Name, Format: r.format, Index: r.index}
			return nil, newError(err, r.last, SeverityError)
		}
	}
	rec, err := r.src.read()
	if err == io.EOF {
		r.done = true
		ws := r.src.warnings()
		if len(ws) == 0 {
			return nil, io.EOF
		}
		// A lenient read passed over text that holds no record (a garbled comment after
		// the last game, say). With no record to carry them, its problems are the error
		// of one more record, as a strict read reports them.
		r.index++
		r.last = Source{Path: r.Name, Format: r.format, Index: r.index, Line: r.src.recordLine()}
		for _, w := range ws[1:] {
			r.warnings = append(r.warnings, newError(w, r.last, SeverityWarning))
		}
		return nil, newError(ws[0], r.last, SeverityError)
	}
	r.index++
	r.last = Source{Path: r.Name, Format: r.format, Index: r.index, Line: r.src.recordLine()}
	for _, w := range r.src.warnings() {
		r.warnings = append(r.warnings, newError(w, r.last, SeverityWarning))
	}
	if err != nil {
		if !isFormatError(err) || isTooLarge(err) {
			// The input failed, or a record passed the bound: nothing more is read
			// from it.
			r.done = true
		}
		return nil, newError(err, r.last, SeverityError)
	}
	return rec, nil
}

// final returns the position that the main line of the record the last Read returned
// reaches, as the format's reader left it after playing the line (its own, to be
// copied), or nil when the reader does not keep it.
func (r *Reader) final() *shogi.Position {
	if s, ok := r.src.(*csaSource); ok {
		return s.r.Final()
	}
	return nil
}

// isTooLarge reports whether err is a record past the bound on a record.
func isTooLarge(err error) bool {
	return errors.Is(err, kif.ErrTooLarge) || errors.Is(err, csa.ErrTooLarge) || errors.Is(err, jkf.ErrTooLarge) ||
		errors.Is(err, ErrTooLarge)
}

// All returns an iterator over the records and errors that Read returns, up to io.EOF:
// an error for a record does not stop it.
func (r *Reader) All() iter.Seq2[*shogi.Record, error] {
	return func(yield func(*shogi.Record, error) bool) {
		for {
			rec, err := r.Read()
			if err == io.EOF || !yield(rec, err) {
				return
			}
		}
	}
}

// Warnings returns the problems that a lenient read passed over in the record the last
// call of Read returned (or failed on), in input order, each with SeverityWarning. A
// strict read may return warnings too, but only of the code "dialect" (see Error.Code).
func (r *Reader) Warnings() []*Error { return r.warnings }

// Source returns where the record that the last call of Read returned (or failed on)
// came from.
func (r *Reader) Source() Source { return r.last }

// InputFormat returns the format being read: the Format field, or the one detected
// from the content once Read has been called (Unknown before, or for empty input).
func (r *Reader) InputFormat() Format { return r.format }

// start detects the format and makes the source.
func (r *Reader) start() error {
	if r.in == nil {
		return errors.New("record: Reader not made by NewReader or Open")
	}
	if err := r.openText(); err != nil {
		return err
	}
	r.format = r.Format
	if r.format == Unknown {
		head, err := r.in.Peek(DetectLength)
		if len(head) == 0 && err != nil && err != io.EOF {
			return err
		}
		// Input that is empty, blank or only comments goes to the KIF reader, which
		// reads no record from it.
		r.format = max(Detect(head, trimCompression(r.Name)), KIF)
	}
	switch r.format {
	case KIF, KI2:
		kr := kif.NewReader(r.in)
		kr.Lenient, kr.MaxBytes, kr.AdjustStart = r.Lenient, r.MaxRecordBytes, r.AdjustStart
		if r.Format == KI2 {
			kr.Format = kif.KI2
		}
		r.src = &kifSource{r: kr}
	case CSA:
		cr := r.csa
		if cr == nil {
			cr = csa.NewReader(r.in)
			r.csa = cr
		} else {
			cr.Reset(r.in)
		}
		cr.Lenient, cr.MaxBytes, cr.ReuseRecords, cr.ReuseComments = r.Lenient, r.MaxRecordBytes, r.ReuseRecords, r.ReuseComments
		cr.AdjustStart = r.AdjustStart
		r.src = &csaSource{r: cr}
	case JKF:
		jr := jkf.NewReader(r.in)
		jr.Lenient, jr.MaxBytes, jr.AdjustStart = r.Lenient, r.MaxRecordBytes, r.AdjustStart
		if r.MaxRecordBytes < 0 {
			jr.MaxBytes = math.MaxInt64 // jkf's largest bound
		}
		r.src = &jkfSource{r: jr}
	case USI, SFEN:
		limit := r.MaxRecordBytes
		switch {
		case limit == 0:
			limit = DefaultMaxRecordBytes
		case limit < 0:
			limit = 0
		}
		r.src = newLineSource(r.in, r.format, r.Lenient, limit, r.AdjustStart)
	default:
		return fmt.Errorf("record: unknown format %d", r.format)
	}
	return nil
}

// The sources of the format packages.

type kifSource struct{ r *kif.Reader }

func (s *kifSource) read() (*shogi.Record, error) { return s.r.Read() }
func (s *kifSource) warnings() []error            { return errorList(s.r.Warnings()) }
func (s *kifSource) recordLine() int              { return s.r.RecordLine() }

type csaSource struct{ r *csa.Reader }

func (s *csaSource) read() (*shogi.Record, error) { return s.r.Read() }
func (s *csaSource) warnings() []error            { return errorList(s.r.Warnings()) }
func (s *csaSource) recordLine() int              { return s.r.RecordLine() }

type jkfSource struct{ r *jkf.Reader }

func (s *jkfSource) read() (*shogi.Record, error) { return s.r.Read() }
func (s *jkfSource) warnings() []error            { return errorList(s.r.Warnings()) }
func (s *jkfSource) recordLine() int              { return s.r.RecordLine() }

func errorList[E error](errs []E) []error {
	out := make([]error, len(errs))
	for i, e := range errs {
		out[i] = e
	}
	return out
}
