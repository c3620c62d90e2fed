package jkf

// The JSON a Writer writes, made as it walks the record and written to its buffer as it
// goes, never held whole: a record's JKF is about three times its KIF, and building it
// as a tree of values and then as one buffer took eight times the record (500 bytes a
// move). The bytes are those encoding/json writes for the shapes of json.go — keys in
// their order, strings escaped as it escapes them without HTML escaping, and, with an
// indent, laid out as json.Indent lays them out — which a test checks against it.

import (
	"bufio"
	"strconv"
	"unicode/utf8"
)

// jsonOut writes compact JSON to w, indenting it on the way when indent is set. A dry
// jsonOut writes nothing: the Writer walks a record once dry to find its errors before
// it writes a byte of it.
type jsonOut struct {
	w      *bufio.Writer
	dry    bool
	indent string
	// The indenter's state, as json.Indent keeps it.
	depth      int
	needIndent bool // a '{' or '[' was written: the line break waits for what follows
	inString   bool
	escaped    bool
	scratch    []byte
}

// raw writes compact JSON bytes.
func (o *jsonOut) raw(b []byte) {
	if o.dry {
		return
	}
	if o.indent == "" {
		o.w.Write(b) // a bufio.Writer keeps its error for Flush
		return
	}
	for _, c := range b {
		o.indentByte(c)
	}
}

func (o *jsonOut) str(s string) {
	if o.dry {
		return
	}
	o.scratch = appendString(o.scratch[:0], s)
	o.raw(o.scratch)
}

// indentByte writes one byte of compact JSON, laid out as json.Indent lays it out.
func (o *jsonOut) indentByte(c byte) {
	if o.inString {
		o.w.WriteByte(c)
		switch {
		case o.escaped:
			o.escaped = false
		case c == '\\':
			o.escaped = true
		case c == '"':
			o.inString = false
		}
		return
	}
	if o.needIndent && c != '}' && c != ']' {
		o.needIndent = false
		o.depth++
		o.newline()
	}
	switch c {
	case '"':
		o.inString = true
		o.w.WriteByte(c)
	case '{', '[':
		o.needIndent = true // {} and [] stay on one line
		o.w.WriteByte(c)
	case ',':
		o.w.WriteByte(c)
		o.newline()
	case ':':
		o.w.WriteByte(c)
		o.w.WriteByte(' ')
	case '}', ']':
		if o.needIndent {
			o.needIndent = false
		} else {
			o.depth--
			o.newline()
		}
		o.w.WriteByte(c)
	default:
		o.w.WriteByte(c)
	}
}

func (o *jsonOut) newline() {
	o.w.WriteByte('\n')
	for range o.depth {
		o.w.WriteString(o.indent)
	}
}

// Small pieces.

func (o *jsonOut) byte(c byte) {
	if o.dry {
		return
	}
	if o.indent == "" {
		o.w.WriteByte(c)
		return
	}
	o.indentByte(c)
}

func (o *jsonOut) text(s string) {
	if o.dry {
		return
	}
	if o.indent == "" {
		o.w.WriteString(s)
		return
	}
	for i := 0; i < len(s); i++ {
		o.indentByte(s[i])
	}
}

func (o *jsonOut) int(n int) {
	if o.dry {
		return
	}
	o.scratch = strconv.AppendInt(o.scratch[:0], int64(n), 10)
	o.raw(o.scratch)
}

// strings writes a JSON array of strings.
func (o *jsonOut) strings(list []string) {
	o.byte('[')
	for i, s := range list {
		if i > 0 {
			o.byte(',')
		}
		o.str(s)
	}
	o.byte(']')
}

// time writes the "time" member of an entry, with the comma before it when one is
// due.
func (o *jsonOut) time(t *timePair) {
	o.text(`"time":{"now":{`)
	if t.Now.H != 0 {
		o.text(`"h":`)
		o.int(t.Now.H)
		o.byte(',')
	}
	o.text(`"m":`)
	o.int(t.Now.M)
	o.text(`,"s":`)
	o.int(t.Now.S)
	o.text(`},"total":{"h":`)
	o.int(t.Total.H)
	o.text(`,"m":`)
	o.int(t.Total.M)
	o.text(`,"s":`)
	o.int(t.Total.S)
	o.text(`}}`)
}

// move writes the "move" member of an entry.
func (o *jsonOut) move(mv *move) {
	o.text(`"move":{"color":`)
	o.int(*mv.Color)
	if mv.From != nil {
		o.text(`,"from":`)
		o.place(mv.From)
	}
	if mv.To != nil {
		o.text(`,"to":`)
		o.place(mv.To)
	}
	o.text(`,"piece":`)
	o.str(mv.Piece)
	if mv.Same {
		o.text(`,"same":true`)
	}
	if mv.Promote != nil {
		if *mv.Promote {
			o.text(`,"promote":true`)
		} else {
			o.text(`,"promote":false`)
		}
	}
	if mv.Capture != "" {
		o.text(`,"capture":`)
		o.str(mv.Capture)
	}
	if mv.Relative != "" {
		o.text(`,"relative":`)
		o.str(mv.Relative)
	}
	o.byte('}')
}

func (o *jsonOut) place(p *place) {
	o.text(`{"x":`)
	o.int(p.X)
	o.text(`,"y":`)
	o.int(p.Y)
	o.byte('}')
}

// entryStart writes an entry of "moves" up to its forks: the opening brace and the
// members before "forks", and reports whether it wrote one (so that "forks" needs a
// comma before it). entryEnd closes it.
func (o *jsonOut) entryStart(e *moveFormat) bool {
	o.byte('{')
	n := 0
	sep := func() {
		if n > 0 {
			o.byte(',')
		}
		n++
	}
	if len(e.Comments) > 0 {
		sep()
		o.text(`"comments":`)
		o.strings(e.Comments)
	}
	if e.Move != nil {
		sep()
		o.move(e.Move)
	}
	if e.Time != nil {
		sep()
		o.time(e.Time)
	}
	if e.Special != "" {
		sep()
		o.text(`"special":`)
		o.str(e.Special)
	}
	return n > 0
}

// header writes the header object, its keys in their order.
func (o *jsonOut) header(h header) {
	o.byte('{')
	for i, f := range h {
		if i > 0 {
			o.byte(',')
		}
		o.str(f.Key)
		o.byte(':')
		o.str(f.Value)
	}
	o.byte('}')
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string, escaped as encoding/json escapes it when it
// does not escape HTML: quotes, backslashes and control characters, U+2028 and U+2029,
// and each invalid byte as U+FFFD.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
