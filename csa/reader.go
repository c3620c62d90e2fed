package csa

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/strarena"
	"golang.org/x/text/encoding"
)

// DefaultMaxLineLength is the longest line, in bytes, a [Reader] accepts when its
// MaxLineLength is 0.
const DefaultMaxLineLength = 1 << 20

// DefaultMaxBytes is the largest record, in bytes, a [Reader] reads when its MaxBytes
// is 0: far more than any real game.
const DefaultMaxBytes = 64 << 20

// A Reader reads the records of a CSA file one by one. Files may hold several
// records separated by "/" lines.
//
// The text may be UTF-8 (with or without a byte order mark), ASCII, Shift_JIS or
// EUC-JP. A first line "'CSA encoding=…" (V3.0) or "'encoding=…" names the encoding
// (UTF-8, SHIFT_JIS or EUC-JP); without it, the reader takes UTF-8 until it meets a
// line that is not valid UTF-8, reads that line as Shift_JIS or as EUC-JP, whichever
// gives valid and plausible text (a tie goes to Shift_JIS), and reads the rest of the
// input in that encoding. Lines end with LF, CR LF or a lone CR.
//
// A record that cannot be read does not stop the stream: Read returns its error, and
// the next call goes on with the record after the next "/" line. Only an error of the
// underlying reader stops it.
type Reader struct {
	// Lenient makes the reader step over problems with a warning (see
	// [Reader.Warnings]) instead of stopping at them.
	//
	// A problem that does not touch the moves is a warning and only the thing at
	// fault is skipped: an unknown or malformed line before the moves, a time it
	// cannot read (the move is kept), a second time for one move, game information
	// after the start position (it is kept), a line it cannot decode (read with
	// U+FFFD), a missing side-to-move line (the side of the first move is taken).
	//
	// A move it cannot read — a malformed move, an illegal one, a line it does not
	// understand where moves are expected — ends the line of play: the record keeps
	// every move before it, and the last of them (the start position when there is
	// none) gets an ending of kind [shogi.EndUnread] whose Text is the text not read
	// (that statement and the rest of its line, trimmed), with no result. There is one
	// warning for it, which wraps the cause (for an illegal move the
	// [*shogi.IllegalMoveError], so that errors.Is(w, shogi.ErrNifu) tells the foul);
	// the rest of the record, up to the next "/" line, is not read. A lenient read
	// never records an ending or a winner the file does not state: only a % line
	// gives a record its ending. Moves after the file's own % line are a warning, and
	// the rest of the record is not read either.
	//
	// A start position the reader cannot build (a bad P line, moves with no P line
	// before them) is an error in a lenient read too.
	Lenient bool
	// MaxLineLength bounds the length of a line in bytes (0 means
	// DefaultMaxLineLength). A longer line is an ErrLineTooLong error at the column
	// of the character that passes the bound, or skipped with a warning in a
	// lenient read; memory stays bounded either way.
	MaxLineLength int
	// MaxBytes bounds the size of one record, which the reader holds whole: 0 means
	// DefaultMaxBytes, a negative value no bound. Every byte from the end of the record
	// before counts: the record's lines, blank lines and empty parts before it, and the
	// text skipped in it (an over-long line, the rest of the record after an error). A
	// larger record is an ErrTooLarge error where it passes the bound, in lenient reads
	// too, having read at most MaxBytes plus twice MaxLineLength bytes of input: an
	// input that never ends (a device, a pipe) fails there. The next Read skips the
	// rest of that record (reading it, not holding it) and goes on with the record
	// after it, with the bound counted afresh.
	MaxBytes int64
	// ReuseRecords lets Read build each record in the memory of the one it returned
	// before (the record, its nodes and their Children slices): a record is then valid
	// only until the next call of Read or Reset, as the bytes of a bufio.Scanner are
	// until the next Scan, and reading a file of many records allocates little more
	// than the text of their comments and headers (strings, which stay valid; see
	// ReuseComments). For
	// programs that are done with a record before they read the next: validating,
	// extracting training positions.
	ReuseRecords bool
	// ReuseComments, with ReuseRecords, builds the text of a record's comments in the
	// memory of the last record's comments too: their strings are then valid only
	// until the next call of Read or Reset, like the record (a string kept past that
	// changes under its holder), and reading records commented move by move allocates
	// next to nothing for them. For programs that keep no comment of a record once
	// they are done with it: validating, extracting training positions (whose
	// evaluations are read from the comments first).
	ReuseComments bool
	// AdjustStart, when set, is given each record's start position as the file sets it
	// up (its P lines, side to move included) and returns the position that the moves
	// are read and played from, which is the record's start (StartSFEN): a record can
	// then be read under a convention its file leaves unwritten, such as a tsume
	// problem's, whose defender holds every piece the file places nowhere (what P-00AL
	// writes out). The position it returns is the reader's from then on (p itself, or a
	// new one). An error it returns is the record's, an ErrSetup error at the line that
	// completes the start position, in lenient reads too.
	AdjustStart func(p *shogi.Position) (*shogi.Position, error)

	sc         *bufio.Scanner // nil for text held in memory (see newTextReader)
	in         *watchedReader
	lineBuf    []byte // the scanner's first buffer, kept by Reset for the next input
	text       []byte // the text not read yet, when it is held in memory
	inMemory   bool
	max        int
	partial    bool // the last token is a piece of an over-long line
	inLong     bool // skipping the rest of an over-long line
	afterCR    bool // the last line ended with a CR at the end of the input read so far
	line       int  // number of the last line read
	enc        textEncoding
	declared   bool // the encoding line named the encoding
	dec        *encoding.Decoder
	decoded    []byte // the last line decoded from Shift_JIS or EUC-JP
	warnings   []*SyntaxError
	recordLine int             // the line at which the current record starts
	start      *startState     // the start position of the last record, nil before the first
	final      *shogi.Position // the position the last record read reaches (see Final)
	reused     *reusedRecord   // the memory of the last record, with ReuseRecords
	strs       strarena.Arena  // the comments' text, in blocks
	seeking    bool            // the current record's first line is still to come
	skip       bool            // after an error: resume after the next separator
	err        error

	// The bound on a record: every byte the reader goes past counts, the record's
	// lines and the text skipped in it (an over-long line, the rest of a record after
	// an error), from the end of the record before it.
	limit       int64 // MaxBytes in force, or 0 for none
	consumed    int64 // bytes of input cut into lines so far
	recordStart int64 // consumed when the current record began
	sameRecord  bool  // the next Read goes on skipping the record the last one failed in
	skipLarge   bool  // the next Read skips the rest of a record past the bound, unbounded
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{in: &watchedReader{r: r}}
	rd.sc = bufio.NewScanner(rd.in)
	return rd
}

// Reset discards the Reader's state and makes it read the records of in, as the Reader
// NewReader(in) returns would, with the exported fields kept as they are. It keeps the
// buffer the Reader cuts lines in, its last start position and, with ReuseRecords, the
// memory of its last record (which must not be used any more), so that a program
// reading many small inputs one after another with one Reader does not allocate them
// for each.
func (r *Reader) Reset(in io.Reader) {
	if r.inMemory {
		r.lineBuf = nil
	}
	*r = Reader{Lenient: r.Lenient, MaxLineLength: r.MaxLineLength, MaxBytes: r.MaxBytes,
		ReuseRecords: r.ReuseRecords, ReuseComments: r.ReuseComments, AdjustStart: r.AdjustStart, lineBuf: r.lineBuf, in: r.in, start: r.start, reused: r.reused, strs: r.strs}
	if r.in == nil {
		r.in = &watchedReader{}
	}
	*r.in = watchedReader{r: in}
	r.sc = bufio.NewScanner(r.in)
}

// newTextReader returns a Reader reading text held in memory: it cuts its lines where
// they are, with no scanner to copy them into a buffer of its own.
func newTextReader(text []byte) *Reader {
	return &Reader{text: text, inMemory: true}
}

// watchedReader remembers the error of its reader, so that a line cut off by a failed
// read is not taken for the last line of the input (see Reader.split).
type watchedReader struct {
	r   io.Reader
	err error
}

func (w *watchedReader) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	if err != nil && err != io.EOF {
		w.err = err
	}
	return n, err
}

// Warnings returns the problems a lenient read met in the record the last call of
// [Reader.Read] returned, or failed on, every time it is called, until the next call
// of Read. The slice is the reader's own for that record: a later Read does not change
// it. A strict read has none.
func (r *Reader) Warnings() []*SyntaxError { return r.warnings }

// RecordLine returns the 1-based line of the input at which the record the last call
// of [Reader.Read] returned, or failed on, starts: its first line that is not blank
// (a comment or an encoding line counts), after the "/" line before it. It is 0
// before the first record. A caller reports "record 3, starting at line 240" with it.
func (r *Reader) RecordLine() int { return r.recordLine }

// Read returns the next record, or io.EOF when there is none (input, or the rest of
// it after a "/" line, that holds nothing but blank lines and comments holds no
// record; a part between two "/" lines that holds nothing is skipped). After an error
// in a record (a [*SyntaxError]) the next call goes on with the record after the next
// "/" line.
func (r *Reader) Read() (*shogi.Record, error) {
	if r.sc == nil && !r.inMemory {
		return nil, errNotMade
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.max == 0 {
		r.max = r.MaxLineLength
		if r.max <= 0 {
			r.max = DefaultMaxLineLength
		}
		if r.sc != nil {
			if size := min(r.max+1, 64<<10); cap(r.lineBuf) < size {
				r.lineBuf = make([]byte, 0, size)
			}
			r.sc.Buffer(r.lineBuf[:0], r.max+1)
			r.sc.Split(r.split)
		}
	}
	r.warnings = nil
	r.final = nil
	r.seeking = false
	r.limit = r.MaxBytes
	switch {
	case r.limit == 0:
		r.limit = DefaultMaxBytes
	case r.limit < 0:
		r.limit = 0
	}
	if !r.sameRecord {
		r.recordStart = r.consumed
	}
	r.sameRecord = false
	if r.skip {
		r.skip = false
		if r.skipLarge {
			// The rest of a record past the bound is passed over whole (read, never
			// held), so that it is one error, not one per MaxBytes.
			r.skipLarge = false
			limit := r.limit
			r.limit = 0
			err := r.skipRecord()
			r.limit = limit
			if err != nil {
				return nil, err
			}
		} else if err := r.skipRecord(); err != nil {
			return nil, err
		}
		r.recordStart = r.consumed
	}
	r.seeking = true
	p := newParser(r)
	for {
		raw, ok, err := r.nextLine(p.stopped)
		if err != nil {
			if _, syntax := err.(*SyntaxError); syntax {
				r.skip = true
				r.skipLarge = errors.Is(err, ErrTooLarge)
				r.sameRecord = !r.skipLarge
			} else {
				r.err = err
			}
			return nil, err
		}
		if !ok {
			return r.finish(&p)
		}
		if p.stopped { // a lenient read that stopped reads nothing up to the separator
			if isSeparator(raw) {
				return r.finish(&p)
			}
			continue
		}
		line, err := r.decode(raw)
		if err == nil {
			var done bool
			done, err = p.parseLine(line)
			if err == nil && done {
				if !p.any { // nothing between two separators: go on with the next part
					// (its bytes count towards the next record's bound, so that
					// a stream of "/" lines ends too)
					p = newParser(r)
					r.seeking = true
					continue
				}
				return r.finish(&p)
			}
		}
		if err != nil {
			r.skip, r.sameRecord = true, true
			return nil, err
		}
	}
}

// finish completes the record p reads, and notes the position its line reaches.
func (r *Reader) finish(p *parser) (*shogi.Record, error) {
	rec, err := p.finish()
	if err == nil {
		r.final = p.pos
	}
	return rec, err
}

// Final returns the position that the line of play of the record the last call of
// [Reader.Read] returned reaches, with that line's moves as its history (in a lenient
// read that stopped at a move, the position before it); nil after an error or io.EOF.
// The position is the Reader's own, valid until the next call of Read or Reset: do not
// change it, and Clone it to keep it. With it a caller judges the record without
// playing its moves again ([shogi.Record.JudgeFinal]).
func (r *Reader) Final() *shogi.Position { return r.final }

func isSeparator(raw []byte) bool {
	return string(bytes.TrimSpace(raw)) == "/"
}

// split cuts lines at LF, CR LF or CR, and cuts an over-long line into pieces so
// that the scanner's buffer never grows past MaxLineLength+1 bytes. It cuts the same
// lines whatever pieces the input comes in: a line is over-long only when more than
// MaxLineLength bytes without a line end are seen, and a CR at the end of what has
// come in ends its line at once, the LF that may follow it being dropped from the
// next piece.
func (r *Reader) split(data []byte, atEOF bool) (int, []byte, error) {
	n, tok, err := r.splitLine(data, atEOF)
	r.consumed += int64(n)
	return n, tok, err
}

func (r *Reader) splitLine(data []byte, atEOF bool) (int, []byte, error) {
	r.partial = false
	if r.afterCR {
		r.afterCR = false
		if len(data) > 0 && data[0] == '\n' {
			return 1, nil, nil // the LF of a CR LF: no line
		}
	}
	i := bytes.IndexByte(data, '\n')
	search := data
	if i >= 0 {
		search = data[:i]
	}
	if j := bytes.IndexByte(search, '\r'); j >= 0 {
		if j+1 < len(data) {
			if data[j+1] == '\n' {
				return j + 2, data[:j], nil
			}
			return j + 1, data[:j], nil
		}
		r.afterCR = !atEOF
		return j + 1, data[:j], nil
	}
	if i >= 0 {
		return i + 1, data[:i], nil
	}
	if len(data) > r.max {
		r.partial = true
		return len(data), data, nil
	}
	if atEOF && r.in != nil && r.in.err != nil {
		// The input failed in the middle of a line: the line is not what the file says.
		return 0, nil, r.in.err
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// nextLine returns the next line without its end, and false at the end of the input.
// An over-long line is reported (an error, or a warning and the line skipped), unless
// the reader is skipping lines: then it is skipped without a word.
func (r *Reader) nextLine(skipping bool) ([]byte, bool, error) {
	for {
		tok, ok := r.scan()
		if !ok {
			break
		}
		if r.limit > 0 && r.consumed-r.recordStart > r.limit {
			return nil, false, &SyntaxError{Line: max(r.line, 1), Column: 1,
				Err: fmt.Errorf("%w: more than %d bytes (Reader.MaxBytes)", ErrTooLarge, r.limit)}
		}
		if r.inLong {
			r.inLong = r.partial
			continue
		}
		r.line++
		if r.seeking && len(bytes.TrimSpace(tok)) > 0 {
			r.recordLine, r.seeking = r.line, false
		}
		if r.partial {
			r.inLong = true
			err := &SyntaxError{Line: r.line, Column: passColumn(tok, r.max),
				Err: fmt.Errorf("%w (more than %d bytes)", ErrLineTooLong, r.max)}
			switch {
			case skipping:
			case !r.Lenient:
				return nil, false, err
			default:
				r.warnings = append(r.warnings, err)
			}
			continue
		}
		if r.line == 1 {
			tok = r.firstLine(tok)
		}
		return tok, true, nil
	}
	if r.sc == nil {
		return nil, false, nil
	}
	if err := r.sc.Err(); err != nil {
		return nil, false, fmt.Errorf("csa: reading line %d: %w", r.line+1, err)
	}
	return nil, false, nil
}

// scan returns the next line, or piece of an over-long line, and false at the end of
// the input (or at an error of the scanner). Text in memory is cut by split as the
// scanner cuts it, shown at most r.max+1 bytes at a time as the scanner's buffer
// holds; split then always cuts something off (a line, the LF of a CR LF, or a piece
// of more than r.max bytes), so that the loop ends.
func (r *Reader) scan() ([]byte, bool) {
	if r.sc != nil {
		if !r.sc.Scan() {
			return nil, false
		}
		return r.sc.Bytes(), true
	}
	for len(r.text) > 0 {
		window := r.text[:min(len(r.text), r.max+1)]
		n, tok, _ := r.split(window, len(window) == len(r.text))
		r.text = r.text[n:]
		if tok != nil {
			return tok, true
		}
	}
	return nil, false
}

// passColumn returns the column of the character of an over-long line that holds its
// byte max, the first past the bound. The first piece of the line holds more than
// max bytes (how many more depends on how the input came in), so only its first max
// bytes are looked at.
func passColumn(piece []byte, max int) int {
	head := piece[:max]
	start := max // the character holding byte max starts there, unless head ends in one cut short
	for k := max - 1; k >= 0 && k >= max-(utf8.UTFMax-1); k-- {
		if utf8.RuneStart(head[k]) {
			if !utf8.FullRune(head[k:]) {
				start = k
			}
			break
		}
	}
	return utf8.RuneCount(head[:start]) + 1
}

// skipRecord skips the rest of a record after an error. Past the bound on a record it
// stops with an ErrTooLarge error, and the next Read skips on.
func (r *Reader) skipRecord() error {
	for {
		raw, ok, err := r.nextLine(true)
		if _, syntax := err.(*SyntaxError); syntax {
			r.skip, r.skipLarge = true, true
			return err
		}
		if err != nil {
			r.err = err
			return err
		}
		if !ok || isSeparator(raw) {
			return nil
		}
	}
}
