package record

// Files of USI position lines or SFENs: one record a line. Blank lines and lines that
// start with # are passed over. A USI line becomes a record from its start position with
// its moves as the main line; an SFEN line a record without moves.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/errcode"
	"github.com/kifu-go/shogi/internal/startadjust"
	"github.com/kifu-go/shogi/sfen"
)

// MaxLineLength is the longest line, in bytes, of a USI or SFEN file. A longer line is an
// ErrLineTooLong error for its record, and reading goes on with the next line. The rest
// of the line, skipped, counts towards the bound on a record (Reader.MaxRecordBytes):
// a line that goes on past it is an ErrTooLarge error there.
const MaxLineLength = 1 << 20

// lineError is a problem on a line of a USI or SFEN file.
type lineError struct {
	line int
	err  error
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %v", e.line, e.err) }
func (e *lineError) Unwrap() error { return e.err }

type lineSource struct {
	in       *bufio.Reader
	format   Format
	lenient  bool
	line     int // the number of the line last read
	start    int // the line of the record last returned
	warns    []error
	buf      []byte
	finished bool
	limit    int64 // the bound on a record's bytes; 0 for none
	used     int64 // bytes read for the record being read
	// adjust is Reader.AdjustStart: the start position the moves are played from.
	adjust func(*shogi.Position) (*shogi.Position, error)
	// adjusted is the position adjust last returned, the moves of its line played on it
	// up to the first one at fault: a lenient read keeps it rather than calling adjust a
	// second time for the same record.
	adjusted *shogi.Position
}

func newLineSource(in *bufio.Reader, format Format, lenient bool, limit int64, adjust func(*shogi.Position) (*shogi.Position, error)) *lineSource {
	return &lineSource{in: in, format: format, lenient: lenient, limit: limit, adjust: adjust}
}

func (s *lineSource) warnings() []error { return s.warns }
func (s *lineSource) recordLine() int   { return s.start }

// readLine returns the next line without its end, and whether it was too long (then
// only its start is returned, and the rest is skipped).
func (s *lineSource) readLine() (line []byte, tooLong bool, err error) {
	s.buf = s.buf[:0]
	for {
		chunk, err := s.in.ReadSlice('\n')
		if s.used += int64(len(chunk)); s.limit > 0 && s.used > s.limit {
			s.line++
			return nil, false, &lineError{s.line, fmt.Errorf("%w: more than %d bytes (Reader.MaxRecordBytes)", ErrTooLarge, s.limit)}
		}
		if len(s.buf)+len(chunk) > MaxLineLength {
			tooLong = true
		} else {
			s.buf = append(s.buf, chunk...)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
		case io.EOF:
			if len(s.buf) == 0 && !tooLong {
				return nil, false, io.EOF
			}
		default:
			return nil, false, err
		}
		s.line++
		return bytes.TrimRight(s.buf, "\r\n"), tooLong, nil
	}
}

func (s *lineSource) read() (*shogi.Record, error) {
	s.warns = nil
	s.used = 0
	for {
		if s.finished {
			return nil, io.EOF
		}
		raw, tooLong, err := s.readLine()
		if err == io.EOF {
			s.finished = true
			return nil, io.EOF
		}
		if err != nil {
			s.finished = true // a failed read, or a record past the bound: the input ends
			if errors.Is(err, ErrTooLarge) {
				s.start = s.line
			}
			return nil, err
		}
		if s.line == 1 {
			raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
		}
		s.start = s.line
		if tooLong {
			return nil, &lineError{s.line, ErrLineTooLong}
		}
		if !utf8.Valid(raw) {
			return nil, &lineError{s.line, &sfen.SyntaxError{Column: invalidColumn(raw), Err: errInvalidText}}
		}
		text := strings.TrimSpace(string(raw))
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		indent := utf8.RuneCountInString(string(raw)) - utf8.RuneCountInString(strings.TrimLeft(string(raw), " \t"))
		if s.format == SFEN {
			return s.sfenRecord(text, indent)
		}
		return s.usiRecord(text, indent)
	}
}

var errInvalidText = errors.New("record: invalid UTF-8 text")

// invalidColumn returns the 1-based column, in characters, of the first invalid UTF-8
// byte of b.
func invalidColumn(b []byte) int {
	col := 1
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n <= 1 {
			return col
		}
		b = b[n:]
		col++
	}
	return col
}

// shiftColumn moves the column of a *sfen.SyntaxError in err by indent (the blanks
// trimmed before the text).
func shiftColumn(err error, indent int) error {
	var se *sfen.SyntaxError
	if errors.As(err, &se) {
		moved := *se
		moved.Column += indent
		return &moved
	}
	return err
}

func (s *lineSource) sfenRecord(text string, indent int) (*shogi.Record, error) {
	p, err := sfen.Parse(text)
	if err != nil {
		// A composed start position (nine pawns on a file, say) is a record's start all the same.
		q, err2 := shogi.ParseSFENUnreachable(strings.TrimPrefix(text, "sfen "))
		if err2 != nil {
			return nil, &lineError{s.line, shiftColumn(setupRefused(err, err2), indent)}
		}
		p = q
	}
	if s.adjust != nil {
		var err error
		if p, err = s.adjustStart(p); err != nil {
			return nil, &lineError{s.line, shiftColumn(err, indent)}
		}
	}
	return &shogi.Record{StartSFEN: p.String()}, nil
}

func (s *lineSource) usiRecord(text string, indent int) (*shogi.Record, error) {
	// A composed start position is a record's start all the same, as in the other formats.
	p, err := s.position(text)
	if err == nil {
		return recordOf(p), nil
	}
	var se *sfen.SyntaxError
	if !s.lenient || !errors.As(err, &se) || !isMoveProblem(err) || se.Column < 1 || se.Column > len(text) {
		return nil, &lineError{s.line, shiftColumn(setupRefused(err, nil), indent)}
	}
	// Lenient: keep the moves before the one at fault and stop the line there.
	byteCol := columnByte(text, se.Column)
	q := s.adjusted // with AdjustStart, its start with those moves played on it
	if s.adjust == nil {
		q, _ = sfen.ParsePositionUnreachable(strings.TrimSpace(text[:byteCol]))
	}
	if q == nil { // the start itself refused
		return nil, &lineError{s.line, shiftColumn(err, indent)}
	}
	rec := recordOf(q)
	last := &rec.Root
	for len(last.Children) > 0 {
		last = last.Children[0]
	}
	last.End = &shogi.Ending{Kind: shogi.EndUnread, Text: strings.TrimSpace(text[byteCol:])}
	s.warns = append(s.warns, &lineError{s.line, shiftColumn(err, indent)})
	return rec, nil
}

// position returns the position of a USI line, its moves played: on the start the
// line gives, or on what Reader.AdjustStart makes of it.
func (s *lineSource) position(text string) (*shogi.Position, error) {
	s.adjusted = nil
	if s.adjust == nil {
		return sfen.ParsePositionUnreachable(text)
	}
	return sfen.ParsePositionFrom(text, s.adjustStart)
}

// adjustStart returns what Reader.AdjustStart makes of the start p; its error is at
// the line's first column.
func (s *lineSource) adjustStart(p *shogi.Position) (*shogi.Position, error) {
	q, err := startadjust.Apply(s.adjust, p)
	if err != nil {
		return nil, &sfen.SyntaxError{Column: 1, Err: fmt.Errorf("%w: %w", ErrSetup, err)}
	}
	s.adjusted = q
	return q, nil
}

// setupRefused returns err, a line's error, as an ErrSetup error when its cause is a
// start position the root package refuses (a *shogi.SetupError): "invalid start
// position: more than one king of a side on 5h" at the column of the SFEN's board, as
// the other formats word it. unreachable, when not nil, is the error of the same SFEN
// read as a composed position, which is the record's refusal (err, the strict read's,
// may name a limit such a start is exempt from).
func setupRefused(err, unreachable error) error {
	var (
		se    *sfen.SyntaxError
		setup *shogi.SetupError
	)
	if !errors.As(err, &se) || !errors.As(se.Err, &setup) {
		return err
	}
	cause := se.Err
	if unreachable != nil {
		if !errors.As(unreachable, &setup) {
			return err
		}
		cause = unreachable
	}
	return &sfen.SyntaxError{Column: se.Column, Err: errcode.Wrap(ErrSetup, cause, "shogi: ")}
}

// isMoveProblem reports whether a position line's error is about one of its moves.
func isMoveProblem(err error) bool {
	var ime *shogi.IllegalMoveError
	return errors.Is(err, sfen.ErrMove) || errors.As(err, &ime)
}

// columnByte returns the byte offset in text of the 1-based character column col.
func columnByte(text string, col int) int {
	i := 0
	for n := 1; n < col && i < len(text); n++ {
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	return i
}

// recordOf returns the record of the moves played on p since it was set up.
func recordOf(p *shogi.Position) *shogi.Record {
	start := p.Clone()
	for start.Undo() != shogi.NoMove {
	}
	rec := &shogi.Record{StartSFEN: start.String()}
	node := &rec.Root
	for _, m := range p.Moves() {
		node = node.AddChild(m)
	}
	return rec
}
