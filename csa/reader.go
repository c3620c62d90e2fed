package csa

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
)

// DefaultMaxLineLength is the longest line, in bytes, a [Reader] accepts when its
// MaxLineLength is 0.
const DefaultMaxLineLength = 1 << 20

// A Reader reads the records of a CSA file one by one. Files may hold several
// records separated by "/" lines.
//
// The text may be UTF-8 (with or without a byte order mark), ASCII or Shift_JIS. A
// first line "'CSA encoding=…" (V3.0) or "'encoding=…" names the encoding; without it,
// the reader takes UTF-8 until it meets a line that is not valid UTF-8, and reads
// that line and the rest of the input as Shift_JIS. Lines end with LF, CR LF or a
// lone CR.
type Reader struct {
	// Lenient makes the reader keep going after a problem: the problem becomes a
	// warning (see [Reader.Warnings]) and the statement is skipped. An illegal move
	// ends the game in a lenient read: it is kept as the ending (an EndIllegalLoss
	// whose Text is the move as written) and the statements that follow it are
	// skipped with a warning.
	Lenient bool
	// MaxLineLength bounds the length of a line in bytes (0 means
	// DefaultMaxLineLength). A longer line is an ErrLineTooLong error, or skipped
	// with a warning in a lenient read; memory stays bounded either way.
	MaxLineLength int

	sc       *bufio.Scanner
	max      int
	partial  bool // the last token is a piece of an over-long line
	inLong   bool // skipping the rest of an over-long line
	line     int  // number of the last line read
	enc      textEncoding
	declared bool // the encoding line named the encoding
	dec      *encoding.Decoder
	warnings []*SyntaxError
	skip     bool // after an error: resume after the next separator
	err      error
}

type textEncoding uint8

const (
	encUnknown textEncoding = iota
	encUTF8
	encShiftJIS
)

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{}
	rd.sc = bufio.NewScanner(r)
	return rd
}

// Warnings returns the problems a lenient read met in the record the last call of
// [Reader.Read] returned.
func (r *Reader) Warnings() []*SyntaxError { return r.warnings }

// Read returns the next record, or io.EOF when there is none. After a syntax error
// the next call continues with the record after the next "/" line.
func (r *Reader) Read() (*shogi.Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.max == 0 {
		r.max = r.MaxLineLength
		if r.max <= 0 {
			r.max = DefaultMaxLineLength
		}
		r.sc.Buffer(make([]byte, 0, min(r.max+1, 64<<10)), r.max+1)
		r.sc.Split(r.split)
	}
	r.warnings = nil
	if r.skip {
		r.skip = false
		if err := r.skipRecord(); err != nil {
			return nil, err
		}
	}
	p := parser{r: r, rec: &shogi.Record{}}
	for {
		raw, ok, err := r.nextLine()
		if err != nil {
			if _, syntax := err.(*SyntaxError); syntax {
				r.skip = true
			} else {
				r.err = err
			}
			return nil, err
		}
		if !ok {
			return p.finish(true)
		}
		line, err := r.decode(raw)
		if err == nil {
			var done bool
			done, err = p.parseLine(line)
			if err == nil && done {
				return p.finish(false)
			}
		}
		if err != nil {
			r.skip = true
			return nil, err
		}
	}
}

// split cuts lines at LF, CR LF or CR, and cuts an over-long line into pieces so
// that the scanner's buffer never grows past MaxLineLength.
func (r *Reader) split(data []byte, atEOF bool) (int, []byte, error) {
	r.partial = false
	i := bytes.IndexByte(data, '\n')
	search := data
	if i >= 0 {
		search = data[:i]
	}
	if j := bytes.IndexByte(search, '\r'); j >= 0 {
		switch {
		case j+1 < len(data):
			if data[j+1] == '\n' {
				return j + 2, data[:j], nil
			}
			return j + 1, data[:j], nil
		case atEOF:
			return j + 1, data[:j], nil
		case j >= r.max:
			r.partial = true
			return j, data[:j], nil
		}
		return 0, nil, nil // see whether LF follows
	}
	if i >= 0 {
		return i + 1, data[:i], nil
	}
	if len(data) >= r.max {
		r.partial = true
		return len(data), data, nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// nextLine returns the next line without its end, and false at the end of the input.
// An over-long line is reported (an error, or a warning and the line skipped).
func (r *Reader) nextLine() ([]byte, bool, error) {
	for r.sc.Scan() {
		tok := r.sc.Bytes()
		if r.inLong {
			r.inLong = r.partial
			continue
		}
		r.line++
		if r.partial {
			r.inLong = true
			err := &SyntaxError{Line: r.line, Column: utf8.RuneCount(tok) + 1,
				Err: fmt.Errorf("%w (more than %d bytes)", ErrLineTooLong, r.max)}
			if !r.Lenient {
				return nil, false, err
			}
			r.warnings = append(r.warnings, err)
			continue
		}
		if r.line == 1 {
			tok = r.firstLine(tok)
		}
		return tok, true, nil
	}
	if err := r.sc.Err(); err != nil {
		return nil, false, fmt.Errorf("csa: %w", err)
	}
	return nil, false, nil
}

// firstLine strips a byte order mark and takes in an encoding line.
func (r *Reader) firstLine(tok []byte) []byte {
	if b, ok := bytes.CutPrefix(tok, []byte("\xEF\xBB\xBF")); ok {
		r.enc = encUTF8
		tok = b
	}
	var name []byte
	if b, ok := cutPrefixFold(tok, "'CSA encoding="); ok {
		name = b
	} else if b, ok := cutPrefixFold(tok, "'encoding="); ok {
		name = b
	} else {
		return tok
	}
	switch strings.ToUpper(strings.TrimSpace(string(name))) {
	case "UTF-8", "UTF8":
		r.enc = encUTF8
	case "SHIFT_JIS", "SHIFT-JIS", "SJIS", "CP932", "WINDOWS-31J", "MS932":
		r.enc = encShiftJIS
	default:
		return tok // unknown: keep the line as a comment and sniff
	}
	r.declared = true
	return nil
}

func cutPrefixFold(b []byte, prefix string) ([]byte, bool) {
	if len(b) >= len(prefix) && strings.EqualFold(string(b[:len(prefix)]), prefix) {
		return b[len(prefix):], true
	}
	return nil, false
}

// decode returns a line as UTF-8.
func (r *Reader) decode(raw []byte) ([]byte, error) {
	ascii := true
	for _, c := range raw {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return raw, nil
	}
	if r.enc == encUnknown {
		r.enc = encShiftJIS
		if utf8.Valid(raw) {
			r.enc = encUTF8
		}
	}
	if r.enc == encUTF8 {
		if utf8.Valid(raw) {
			return raw, nil
		}
		err := r.encodingError(raw, "invalid UTF-8")
		if !r.Lenient {
			return nil, err
		}
		r.warnings = append(r.warnings, err)
		return bytes.ToValidUTF8(raw, []byte("\uFFFD")), nil
	}
	if r.declared && isWideUTF8(raw) {
		// Declared Shift_JIS, but the line is UTF-8 text (Shift_JIS text is almost
		// never valid UTF-8 with characters of three bytes).
		err := r.encodingError(raw, "Shift_JIS declared, but the line is UTF-8")
		err.Column = 1
		if !r.Lenient {
			return nil, err
		}
		r.warnings = append(r.warnings, err)
		return raw, nil
	}
	if r.dec == nil {
		r.dec = japanese.ShiftJIS.NewDecoder()
	}
	out, err := r.dec.Bytes(raw)
	if err != nil || bytes.ContainsRune(out, utf8.RuneError) {
		err := r.encodingError(raw, "invalid Shift_JIS")
		if !r.Lenient {
			return nil, err
		}
		r.warnings = append(r.warnings, err)
		if out == nil {
			out = bytes.ToValidUTF8(raw, []byte("\uFFFD"))
		}
	}
	return out, nil
}

// isWideUTF8 reports whether b is valid UTF-8 holding a character of three or more
// bytes (kana and kanji are).
func isWideUTF8(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r >= 0x800 {
			return true
		}
		b = b[n:]
	}
	return false
}

func (r *Reader) encodingError(raw []byte, what string) *SyntaxError {
	col := 1
	for i := 0; i < len(raw); {
		_, n := utf8.DecodeRune(raw[i:])
		if n == 1 && raw[i] >= utf8.RuneSelf {
			break
		}
		i += n
		col++
	}
	return &SyntaxError{Line: r.line, Column: col, Err: fmt.Errorf("%w: %s", ErrEncoding, what)}
}

// skipRecord skips the rest of a record after an error.
func (r *Reader) skipRecord() error {
	for {
		raw, ok, err := r.nextLine()
		if err != nil {
			var se *SyntaxError
			if errors.As(err, &se) {
				continue // an over-long line in a record being skipped
			}
			r.err = err
			return err
		}
		if !ok || string(bytes.TrimSpace(raw)) == "/" {
			return nil
		}
	}
}
