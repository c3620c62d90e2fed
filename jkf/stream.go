package jkf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"unicode/utf8"
)

// The input side of a Reader: a buffer over the io.Reader that holds the value being
// cut out and little else, and the line and column of the read position.

const (
	// readSize is how much the input asks its io.Reader for at a time.
	readSize = 64 << 10
	// maxEmptyReads is how many reads in a row may return no byte and no error before
	// the input gives up with io.ErrNoProgress, as bufio does.
	maxEmptyReads = 100
)

var errBadCount = errors.New("jkf: the reader returned an impossible byte count")

// input buffers a stream: buf[off:end] is read and not yet consumed, and the line and
// column (1-based, in characters) of buf[off] are known.
type input struct {
	src      io.Reader
	buf      []byte
	off, end int
	eof      bool
	started  bool // the byte order mark has been looked for
	line     int
	col      int
	limit    int   // the buffer never grows past this
	pos      int64 // bytes consumed so far
	stop     int64 // skipSpace and resync go no further than this position; 0: no bound
}

// past reports whether the read position has passed stop.
func (in *input) past() bool { return in.stop > 0 && in.pos > in.stop }

func (in *input) unread() []byte { return in.buf[in.off:in.end] }

// fill reads more input after the unread bytes, keeping them. At the end of the input
// it sets eof and returns nil.
func (in *input) fill() error {
	if in.eof {
		return nil
	}
	if in.off > 0 && (in.end == len(in.buf) || in.off >= len(in.buf)/2) {
		in.end = copy(in.buf, in.buf[in.off:in.end])
		in.off = 0
	}
	if in.end == len(in.buf) {
		size := max(min(2*len(in.buf), in.limit), in.end+readSize)
		buf := make([]byte, size)
		copy(buf, in.buf[:in.end])
		in.buf = buf
	}
	for range maxEmptyReads {
		n, err := in.src.Read(in.buf[in.end:])
		if n < 0 || n > len(in.buf)-in.end {
			return errBadCount
		}
		in.end += n
		if err == io.EOF {
			in.eof = true
			return nil
		}
		if err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
	}
	return io.ErrNoProgress
}

// shrink lets go of a buffer a long record made large, once the bytes it holds are few.
func (in *input) shrink() {
	if len(in.buf) <= 4*readSize || in.end-in.off > len(in.buf)/4 {
		return
	}
	buf := make([]byte, max(2*readSize, 2*(in.end-in.off)))
	in.end = copy(buf, in.buf[in.off:in.end])
	in.off = 0
	in.buf = buf
}

// consume moves the read position n bytes on.
func (in *input) consume(n int) {
	b := in.buf[in.off : in.off+n]
	// IndexByte is vectorized and LastIndexByte is not: a record on one line (JSON
	// Lines) is scanned once for nothing.
	if bytes.IndexByte(b, '\n') >= 0 {
		i := bytes.LastIndexByte(b, '\n')
		in.line += bytes.Count(b, []byte{'\n'})
		in.col = 1 + runeCount(b[i+1:])
	} else {
		in.col += runeCount(b)
	}
	in.off += n
	in.pos += int64(n)
}

// consumeASCII is consume for n bytes known to be ASCII, whose columns are bytes.
func (in *input) consumeASCII(n int) {
	b := in.buf[in.off : in.off+n]
	if bytes.IndexByte(b, '\n') >= 0 {
		i := bytes.LastIndexByte(b, '\n')
		in.line += bytes.Count(b, []byte{'\n'})
		in.col = len(b) - i
	} else {
		in.col += n
	}
	in.off += n
	in.pos += int64(n)
}

// runeCount is utf8.RuneCount, eight bytes at a time where they are ASCII (a record
// may hold a line of Japanese text and then thousands of ASCII bytes).
func runeCount(b []byte) int {
	n := 0
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 == 0 {
			n += 8
			b = b[8:]
			continue
		}
		_, size := utf8.DecodeRune(b)
		n++
		b = b[size:]
	}
	return n + utf8.RuneCount(b)
}

// consumeScanned consumes about n bytes of input that need not be kept, ending on a
// character's end so that columns count characters however the input is cut into
// reads: never the start of a character whose last bytes are still to come, and the
// whole of one that n cuts and the buffer holds. It returns how many it consumed.
func (in *input) consumeScanned(n int) int {
	b := in.buf[in.off : in.off+n]
	for k := n - 1; k >= 0 && k >= n-utf8.UTFMax+1; k-- {
		if utf8.RuneStart(b[k]) {
			rest := in.buf[in.off+k : in.end]
			if !utf8.FullRune(rest) {
				if !in.eof {
					n = k
				}
			} else {
				_, size := utf8.DecodeRune(rest)
				n = max(n, k+size)
			}
			break
		}
	}
	in.consume(n)
	return n
}

// room returns how many of n unread bytes skipSpace and resync look at: no more than
// take the read position one byte past stop, so that where they stop at the bound, and
// what they consume, does not depend on how the input was cut into reads.
func (in *input) room(n int) int {
	if in.stop == 0 {
		return n
	}
	return int(min(int64(n), max(in.stop+1-in.pos, 0)))
}

// start skips a byte order mark at the start of the input.
func (in *input) start() error {
	if in.started {
		return nil
	}
	for in.end-in.off < 3 && !in.eof {
		if err := in.fill(); err != nil {
			return err
		}
	}
	in.started = true
	if bytes.HasPrefix(in.unread(), []byte("\xEF\xBB\xBF")) {
		in.off += 3 // the mark is no character of the first line
		in.pos += 3
	}
	return nil
}

// skipSpace consumes white space; it reports whether the input is at its end. Past
// stop it returns errPastStop.
func (in *input) skipSpace() (bool, error) {
	for {
		b := in.unread()
		b = b[:in.room(len(b))]
		n := 0
		for n < len(b) && isSpace(b[n]) {
			n++
		}
		in.consume(n)
		if n < len(b) {
			return false, nil
		}
		if in.past() {
			return false, errPastStop
		}
		if in.eof {
			return true, nil
		}
		if err := in.fill(); err != nil {
			return false, err
		}
	}
}

// resync skips to the next line that may start a value after a value that was not
// valid JSON: the rest of the current line and the lines that start with white space
// or a closing bracket (the rest of a pretty-printed value) are skipped.
func (in *input) resync() error {
	for {
		b := in.unread()
		b = b[:in.room(len(b))]
		lineStart := in.col == 1
		i := 0
		for ; i < len(b); i++ {
			if lineStart && !isSpace(b[i]) && b[i] != '}' && b[i] != ']' {
				in.consume(i)
				return nil
			}
			lineStart = b[i] == '\n'
		}
		in.consumeScanned(i)
		if in.past() {
			return errPastStop
		}
		if in.eof && in.off == in.end {
			return nil
		}
		if err := in.fill(); err != nil {
			return err
		}
	}
}

// errPastStop: the text between records (white space, or a broken value's rest being
// skipped) goes past the bound on a record.
var errPastStop = errors.New("jkf: past the bound on a record")

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// A value is one top-level JSON value cut out of the stream.
type value struct {
	raw       []byte // the value's bytes; nil when it is too large
	line, col int    // where it starts
	// broken is set when the value ends before it is complete: at the end of the
	// input, at a raw line break inside a string, or at a line that cannot go on the
	// value or starts a record (see scanner.continues).
	broken   bool
	tooLarge bool // longer than the limit: skipped, not kept
}

// next cuts the next value out of the input, which must not be at its end or at
// white space. A value longer than maxBytes is too large: next stops as soon as it
// knows, having consumed what it scanned, and returns the scanner for skipTail to
// skip the rest of the value with (nil when the value ended).
func (in *input) next(maxBytes int) (value, *scanner, error) {
	v := value{line: in.line, col: in.col}
	s := scanner{first: in.buf[in.off]}
	for {
		st := s.scan(in.unread(), in.eof)
		if st != needMore {
			v.broken = st == broken
			if s.i > maxBytes {
				v.tooLarge = true
				in.consume(s.i)
				return v, nil, nil
			}
			v.raw = in.buf[in.off : in.off+s.i]
			in.consume(s.i)
			return v, nil, nil
		}
		if s.i > maxBytes {
			v.tooLarge = true
			s.i -= in.consumeScanned(s.i)
			return v, &s, nil
		}
		if err := in.fill(); err != nil {
			return v, nil, err
		}
	}
}

// skipTail skips the rest of a value that was too large, with the scanner next
// returned, and reports whether the value was broken (not complete).
func (in *input) skipTail(s *scanner) (bool, error) {
	for {
		st := s.scan(in.unread(), in.eof)
		if st != needMore {
			in.consume(s.i)
			return st == broken, nil
		}
		s.i -= in.consumeScanned(s.i)
		if err := in.fill(); err != nil {
			return false, err
		}
	}
}

// Results of scanner.scan.
const (
	needMore = iota // more input is needed to go on
	complete        // the value ends at scanner.i
	broken          // the value stops at scanner.i before it is complete
)

// scanner finds where a top-level JSON value ends without decoding it: it follows the
// depth of brackets outside strings, and the strings and their escapes. It stops a
// value early where a well-formed one cannot go on, so that a truncated record does
// not swallow the records after it: at a raw line break in a string (JSON strings
// hold none) and at a line whose first character cannot continue the value or starts
// a record. The scan resumes where it stopped when more input comes.
type scanner struct {
	first     byte // the value's first byte
	started   bool // the first byte has been scanned
	i         int  // bytes of the value scanned
	depth     int
	inString  bool
	escape    bool
	lineStart bool // the byte at i starts a line
	last      byte // the last byte outside strings that is not white space
}

func (s *scanner) scan(b []byte, atEOF bool) int {
	switch s.first {
	case '{', '[':
		return s.container(b, atEOF)
	case '"':
		return s.string(b, atEOF)
	}
	return s.token(b, atEOF)
}

func (s *scanner) container(b []byte, atEOF bool) int {
	// The state lives in locals in the loop and goes back to s when it stops.
	i, depth, last := s.i, s.depth, s.last
	inString, escape, lineStart := s.inString, s.escape, s.lineStart
	result := needMore
scan:
	for ; i < len(b); i++ {
		c := b[i]
		if inString {
			if escape {
				if c == '\n' {
					result = broken
					break scan
				}
				escape = false
				continue
			}
			// Most bytes of a string stop nothing: skip them in a tight loop.
			for !stringStops[c] {
				if i++; i == len(b) {
					break scan
				}
				c = b[i]
			}
			switch c {
			case '\n':
				result = broken
				break scan
			case '\\':
				escape = true
			case '"':
				inString = false
				last = c
			}
			continue
		}
		if lineStart {
			s.last = last
			if st := s.continues(b[i:], atEOF); st != complete {
				result = st
				break scan
			}
			lineStart = false
		}
		switch c {
		case '\n':
			lineStart = true
		case ' ', '\t', '\r':
		case '"':
			inString = true
		case '{', '[':
			depth++
			last = c
		case '}', ']':
			depth--
			last = c
			if depth == 0 {
				i++
				result = complete
				break scan
			}
		default:
			last = c
		}
	}
	s.i, s.depth, s.last = i, depth, last
	s.inString, s.escape, s.lineStart = inString, escape, lineStart
	if result == needMore && atEOF {
		return broken
	}
	return result
}

// stringStops holds the bytes that end a run of ordinary bytes of a string.
var stringStops = [256]bool{'"': true, '\\': true, '\n': true}

// continues tells whether the line that starts with b may go on the value being
// scanned: complete when it may, broken when it may not, needMore when it cannot tell
// yet. A line may start with white space, a closing bracket or a separator, and with
// anything a value may hold after the last byte; a line that starts a record — an
// object whose first key is "header", "initial" or "moves", keys no JKF value has
// inside a record — never goes on a value.
func (s *scanner) continues(b []byte, atEOF bool) int {
	afterSeparator := s.last == ',' || s.last == '[' || s.last == ':'
	ok := false
	switch c := b[0]; {
	case isSpace(c), c == '}', c == ']', c == ',', c == ':':
		ok = true
	case c == '{':
		st := startsRecord(b, atEOF)
		if st == needMore {
			return needMore
		}
		ok = st == broken && afterSeparator
	case c == '"':
		ok = afterSeparator || s.last == '{'
	case c == '[', c == '-', c >= '0' && c <= '9', c == 't', c == 'f', c == 'n':
		ok = afterSeparator
	}
	if ok {
		return complete
	}
	return broken
}

// recordKeys are the keys of a record, which no value inside a record has.
var recordKeys = []string{`"header"`, `"initial"`, `"moves"`}

// startsRecord tells whether b, which starts with '{', starts a record: complete if it
// does, broken if it does not, needMore if it cannot tell yet.
func startsRecord(b []byte, atEOF bool) int {
	const maxSpace = 64
	j := 1
	for j < len(b) && j <= maxSpace && isSpace(b[j]) {
		j++
	}
	if j > maxSpace {
		return broken
	}
	rest := b[j:]
	for _, key := range recordKeys {
		if bytes.HasPrefix(rest, []byte(key)) {
			return complete
		}
		if !atEOF && len(rest) < len(key) && bytes.HasPrefix([]byte(key), rest) {
			return needMore
		}
	}
	return broken
}

// string scans a top-level string.
func (s *scanner) string(b []byte, atEOF bool) int {
	if !s.started {
		s.i, s.started = 1, true // the opening quote
	}
	for ; s.i < len(b); s.i++ {
		c := b[s.i]
		switch {
		case c == '\n':
			return broken
		case s.escape:
			s.escape = false
		case c == '\\':
			s.escape = true
		case c == '"':
			s.i++
			return complete
		}
	}
	if atEOF {
		return broken
	}
	return needMore
}

// token scans a top-level number, literal or stray word, which ends at white space or
// JSON punctuation; a lone punctuation byte is a token of its own.
func (s *scanner) token(b []byte, atEOF bool) int {
	for ; s.i < len(b); s.i++ {
		switch c := b[s.i]; {
		case isSpace(c), bytes.IndexByte([]byte(`{}[],:"`), c) >= 0:
			if !s.started {
				s.i++
			}
			return complete
		}
		s.started = true
	}
	if atEOF {
		return complete
	}
	return needMore
}
