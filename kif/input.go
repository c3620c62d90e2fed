package kif

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// Reading the input: lines ended by LF, CRLF or a lone CR, each at most MaxLineLength
// bytes, decoded from the detected encoding. The encoding is sniffed from the head of
// the input in this order: a UTF-8 byte order mark; a first line
// "#KIF version=2.0 encoding=…", unless the other encoding decodes more of the text (a
// problem reported on line 1); UTF-8 when the head is valid UTF-8; Shift_JIS (CP932)
// when it is valid Shift_JIS; else the one whose first invalid byte comes later (UTF-8
// on a tie), so that the error is on the text's real first bad byte. When the head is
// all ASCII, the first line that is not decides in the same way. The file extension
// (.kif Shift_JIS, .kifu UTF-8 by the spec) is never trusted.

// MaxLineLength is the longest line, in bytes, that a Reader accepts. Longer lines
// are an [ErrLineTooLong] error, so that memory stays bounded.
const MaxLineLength = 1 << 20

// sniffLength is how much of the input the encoding detection looks at.
const sniffLength = 64 << 10

// Encoding is a text encoding of KIF and KI2 files.
type Encoding int

// Encodings. AutoEncoding detects the encoding of the input; a Writer writes UTF-8 for it.
const (
	AutoEncoding Encoding = iota
	UTF8
	ShiftJIS // Shift_JIS as Windows writes it (CP932, Windows-31J)
)

func (e Encoding) String() string {
	switch e {
	case AutoEncoding:
		return "auto"
	case UTF8:
		return "UTF-8"
	case ShiftJIS:
		return "Shift_JIS"
	}
	return "invalid"
}

// encodingByName maps the names found in "#KIF … encoding=" lines.
func encodingByName(name string) (Encoding, bool) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "utf-8", "utf8":
		return UTF8, true
	case "shift_jis", "shift-jis", "sjis", "cp932", "windows-31j", "ms932":
		return ShiftJIS, true
	}
	return AutoEncoding, false
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// lineReader splits the raw input into lines without copying them.
type lineReader struct {
	r      io.Reader
	buf    []byte
	r0, r1 int // unread bytes are buf[r0:r1]
	eof    bool
	err    error // a read error other than io.EOF
	skipLF bool  // the last line ended in CR: a following LF belongs to it
	line   int   // number of the line last returned
	empty  int   // reads in a row that returned no bytes and no error
	total  int64 // bytes read from r so far
	// limit, when positive, is the most input read: fill reads no more than limit+1
	// bytes in all, then stops as at the end of the input with errPastLimit, so that
	// input past the bound is never read, let alone held.
	limit int64

	// The lines are handed out as strings too, without a copy each: s is a copy of
	// buf[sBase:sBase+len(s)], made when a line outside it is asked for, and valid
	// until the buffer is compacted.
	lastA, lastB int // the last line is buf[lastA:lastB]
	s            string
	sBase        int
	sOK          bool
}

// lineString returns the line last returned by next as a string.
func (lr *lineReader) lineString() string {
	a, b := lr.lastA, lr.lastB
	if !lr.sOK || a < lr.sBase || b > lr.sBase+len(lr.s) {
		lr.s, lr.sBase, lr.sOK = string(lr.buf[a:lr.r1]), a, true
	}
	return lr.s[a-lr.sBase : b-lr.sBase]
}

// emit returns buf[a:b] as the next line.
func (lr *lineReader) emit(a, b int) []byte {
	lr.lastA, lr.lastB = a, b
	lr.line++
	return lr.buf[a:b]
}

// errPastLimit stops a lineReader that has read one byte more than its limit; the
// Reader reports it as ErrTooLarge.
var errPastLimit = errors.New("kif: input past Reader.MaxBytes")

// maxEmptyReads is how many reads in a row may return no bytes and no error before the
// input is taken to be stuck (io.ErrNoProgress), as in bufio.
const maxEmptyReads = 100

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: r, buf: make([]byte, 0, 4096)}
}

// fill reads more input after compacting the buffer. It grows the buffer when it is
// full, up to MaxLineLength plus a margin.
func (lr *lineReader) fill() {
	if lr.r0 > 0 {
		n := copy(lr.buf[:cap(lr.buf)], lr.buf[lr.r0:lr.r1])
		lr.r0, lr.r1 = 0, n
		lr.sOK = false
	}
	if lr.r1 == cap(lr.buf) {
		size := 2 * cap(lr.buf)
		if size > MaxLineLength+4096 {
			size = MaxLineLength + 4096
		}
		if size > cap(lr.buf) {
			nb := make([]byte, lr.r1, size)
			copy(nb, lr.buf[:lr.r1])
			lr.buf = nb
		}
	}
	lr.buf = lr.buf[:cap(lr.buf)]
	room := lr.buf[lr.r1:]
	if lr.limit > 0 {
		left := lr.limit + 1 - lr.total
		if left <= 0 {
			lr.buf = lr.buf[:lr.r1]
			lr.eof, lr.err = true, errPastLimit
			return
		}
		room = room[:min(int64(len(room)), left)]
	}
	n, err := lr.r.Read(room)
	lr.r1 += n
	lr.total += int64(n)
	lr.buf = lr.buf[:lr.r1]
	if n == 0 && err == nil {
		// An io.Reader that keeps returning nothing, and no error, would hold the
		// reader in a loop for ever: give up after as many tries as bufio does.
		if lr.empty++; lr.empty >= maxEmptyReads {
			err = io.ErrNoProgress
		}
	} else {
		lr.empty = 0
	}
	if err == io.EOF {
		lr.eof = true
	} else if err != nil {
		lr.eof, lr.err = true, err
	}
}

// head returns up to sniffLength bytes of the start of the input without consuming them.
func (lr *lineReader) head() []byte {
	for !lr.eof && lr.r1-lr.r0 < sniffLength {
		lr.fill()
	}
	return lr.buf[lr.r0:lr.r1]
}

// next returns the next line without its end, valid until the following call; io.EOF
// at the end of the input. A line longer than MaxLineLength is skipped and reported as
// ErrLineTooLong.
func (lr *lineReader) next() ([]byte, error) {
	for {
		if lr.skipLF {
			if lr.r0 < lr.r1 {
				if lr.buf[lr.r0] == '\n' {
					lr.r0++
				}
				lr.skipLF = false
			} else if lr.eof {
				lr.skipLF = false
			} else {
				lr.fill()
				continue
			}
		}
		start := lr.r0
		seg := lr.buf[start:lr.r1]
		i := bytes.IndexByte(seg, '\n')
		var j int
		if i >= 0 {
			j = bytes.IndexByte(seg[:i], '\r')
		} else {
			j = bytes.IndexByte(seg, '\r')
		}
		if j >= 0 && (i < 0 || j < i) {
			if j == i-1 {
				lr.r0 += i + 1
				return lr.emit(start, start+j), nil
			}
			lr.r0 += j + 1
			lr.skipLF = true
			return lr.emit(start, start+j), nil
		}
		if i >= 0 {
			lr.r0 += i + 1
			return lr.emit(start, start+i), nil
		}
		if len(seg) > MaxLineLength {
			lr.line++
			return nil, lr.discardLine()
		}
		if lr.eof {
			if lr.err != nil {
				return nil, lr.err
			}
			if len(seg) == 0 {
				return nil, io.EOF
			}
			lr.r0 = lr.r1
			return lr.emit(start, lr.r1), nil
		}
		lr.fill()
	}
}

// discardLine skips the rest of an overlong line.
func (lr *lineReader) discardLine() error {
	for {
		seg := lr.buf[lr.r0:lr.r1]
		if i := bytes.IndexAny(seg, "\r\n"); i >= 0 {
			lr.r0 += i + 1
			lr.skipLF = seg[i] == '\r'
			return ErrLineTooLong
		}
		lr.r0 = lr.r1
		if lr.eof {
			if lr.err != nil {
				return lr.err
			}
			return ErrLineTooLong
		}
		lr.fill()
	}
}

// sniffEncoding detects the encoding of the input from its head (see the file comment).
// When the first line declares an encoding that decodes less of the text than the
// other one (a declared UTF-8 file whose text is Shift_JIS, or the other way round),
// the text wins: the encoding of the text is returned, with the declaration (its name
// as written, and the 0-based byte offset of its "encoding=" field) for the caller to
// report. Text that both encodings decode (short Shift_JIS text can be valid UTF-8, and
// the other way round), or that both fail on at the same byte, is read as declared.
func sniffEncoding(head []byte, atEOF bool) (Encoding, declaration) {
	if bytes.HasPrefix(head, utf8BOM) {
		return UTF8, declaration{}
	}
	if d, ok := declaredEncoding(head); ok {
		badUTF8, badShiftJIS := -1, -1
		if d.enc == UTF8 {
			badUTF8 = firstInvalidUTF8(head, atEOF)
		} else {
			badShiftJIS = firstInvalidShiftJIS(head, atEOF)
		}
		if badUTF8 < 0 && badShiftJIS < 0 {
			return d.enc, declaration{} // valid as declared
		}
		if d.enc == UTF8 {
			badShiftJIS = firstInvalidShiftJIS(head, atEOF)
		} else {
			badUTF8 = firstInvalidUTF8(head, atEOF)
		}
		if enc := likelierEncoding(badUTF8, badShiftJIS, d.enc); enc != d.enc {
			return enc, d
		}
		return d.enc, declaration{}
	}
	badUTF8 := firstInvalidUTF8(head, atEOF)
	switch {
	case badUTF8 < 0 && isASCII(head) && !atEOF:
		return AutoEncoding, declaration{} // decided by the first line that is not ASCII
	case badUTF8 < 0:
		return UTF8, declaration{}
	}
	return likelierEncoding(badUTF8, firstInvalidShiftJIS(head, atEOF), UTF8), declaration{}
}

// likelierEncoding chooses between UTF-8 and Shift_JIS for a text, given the byte
// offset of the first byte that each cannot decode (-1 for none): the one that decodes
// all of it, else the one whose first invalid byte comes later, so that the error
// lands on the text's real first bad byte; prefer on a tie.
func likelierEncoding(badUTF8, badShiftJIS int, prefer Encoding) Encoding {
	if badUTF8 < 0 {
		badUTF8 = math.MaxInt
	}
	if badShiftJIS < 0 {
		badShiftJIS = math.MaxInt
	}
	switch {
	case badUTF8 > badShiftJIS:
		return UTF8
	case badShiftJIS > badUTF8:
		return ShiftJIS
	}
	return prefer
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// declaration is the encoding a first line "#KIF version=2.0 encoding=…" declares.
type declaration struct {
	enc  Encoding // AutoEncoding when there is none
	name string   // the name as written
	off  int      // the byte offset of "encoding=" in the line
}

// declaredEncoding reads the encoding of a first line "#KIF version=2.0 encoding=…".
func declaredEncoding(head []byte) (declaration, bool) {
	if !bytes.HasPrefix(head, []byte("#KIF")) {
		return declaration{}, false
	}
	line := head
	if i := bytes.IndexAny(line, "\r\n"); i >= 0 {
		line = line[:i]
	}
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		if v, ok := bytes.CutPrefix(line[i:j], []byte("encoding=")); ok {
			enc, ok := encodingByName(string(v))
			return declaration{enc: enc, name: string(v), off: i}, ok
		}
		i = j
	}
	return declaration{}, false
}

// firstInvalidShiftJIS returns the byte offset of the first bytes of b that are not
// Shift_JIS (CP932), or -1 when it is all valid; a character cut off at the end is
// valid when more input follows (atEOF false).
func firstInvalidShiftJIS(b []byte, atEOF bool) int {
	if isASCII(b) {
		return -1
	}
	out, err := japanese.ShiftJIS.NewDecoder().Bytes(b)
	if err != nil {
		return 0 // not reached: the decoder replaces what it cannot decode
	}
	i := bytes.Index(out, []byte("\uFFFD"))
	if i < 0 {
		return -1
	}
	off := shiftJISLength(out[:i])
	if !atEOF && off == len(b)-1 && isShiftJISLead(b[off]) {
		return -1
	}
	return off
}

// shiftJISLength returns the length in Shift_JIS of text that the Shift_JIS decoder
// made: one byte for ASCII, U+0080 and the half-width katakana (U+FF61–U+FF9F), two
// for every other character.
func shiftJISLength(text []byte) int {
	n := 0
	for _, r := range string(text) {
		if r <= 0x80 || 0xFF61 <= r && r <= 0xFF9F {
			n++
		} else {
			n += 2
		}
	}
	return n
}

// isShiftJISLead reports the first bytes of the two-byte characters of Shift_JIS.
func isShiftJISLead(c byte) bool {
	return 0x81 <= c && c <= 0x9F || 0xE0 <= c && c <= 0xFC
}

// shiftJISInvalid returns the bytes at the start of b that Shift_JIS cannot decode,
// for a message: a lead byte with the byte after it, or a single byte.
func shiftJISInvalid(b []byte) []byte {
	if len(b) >= 2 && isShiftJISLead(b[0]) {
		return b[:2]
	}
	return b[:min(1, len(b))]
}

// firstInvalidUTF8 returns the byte offset of the first bytes of b that are not UTF-8,
// or -1 when it is all valid; a character cut off at the end is valid when more input
// follows (atEOF false).
func firstInvalidUTF8(b []byte, atEOF bool) int {
	if validUTF8(b) {
		return -1
	}
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			if !atEOF && !utf8.FullRune(b[i:]) {
				return -1
			}
			return i
		}
		i += n
	}
	return -1
}

// validUTF8 reports whether b is valid UTF-8, as utf8.Valid does, sooner for the text
// of records: ASCII and three-byte characters (kana, kanji, full-width forms).
func validUTF8(b []byte) bool {
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c < utf8.RuneSelf:
			i++
		case 0xE1 <= c && c <= 0xEF && c != 0xED && i+2 < len(b) && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80:
			i += 3
		default:
			return utf8.Valid(b[i:])
		}
	}
	return true
}

// utf8Invalid returns the bytes at the start of b that UTF-8 cannot decode, for a
// message: the start of a character that stops short, or a single byte.
func utf8Invalid(b []byte) []byte {
	n := 1
	for k := 2; k <= len(b) && k < utf8.UTFMax; k++ {
		if !utf8.FullRune(b[:k]) {
			n = k
		}
	}
	return b[:min(n, len(b))]
}

// invalidText returns the error of bytes that enc cannot decode: "invalid UTF-8 (byte
// 0xff)", "invalid Shift_JIS (bytes 0x81 0x20)".
func invalidText(enc Encoding, bad []byte) error {
	var msg strings.Builder
	fmt.Fprintf(&msg, "invalid %s (byte", enc)
	if len(bad) > 1 {
		msg.WriteByte('s')
	}
	for _, c := range bad {
		fmt.Fprintf(&msg, " 0x%02x", c)
	}
	msg.WriteByte(')')
	return &detailError{ErrEncoding, msg.String()}
}

// decoder turns raw lines into UTF-8 text.
type decoder struct {
	enc  Encoding
	buf  []byte     // the text of the line being decoded
	text textBlocks // the decoded lines
}

func newDecoder(enc Encoding) *decoder {
	return &decoder{enc: enc}
}

// decode returns the text of a raw line and, when some bytes are invalid in the
// encoding, the 0-based character index of the first of them in the text (-1
// otherwise) and an error that wraps ErrEncoding and names the encoding and the bytes.
// Invalid bytes come out as U+FFFD. str returns raw as a string.
func (d *decoder) decode(raw []byte, str func() string) (string, int, error) {
	if d.enc == AutoEncoding {
		if isASCII(raw) {
			return str(), -1, nil
		}
		badUTF8 := firstInvalidUTF8(raw, true)
		d.enc = UTF8
		if badUTF8 >= 0 && likelierEncoding(badUTF8, firstInvalidShiftJIS(raw, true), UTF8) == ShiftJIS {
			d.enc = ShiftJIS
		}
	}
	if d.enc != ShiftJIS {
		off := firstInvalidUTF8(raw, true)
		if off < 0 {
			return str(), -1, nil
		}
		return string(bytes.ToValidUTF8(raw, []byte("\uFFFD"))), utf8.RuneCount(raw[:off]), invalidText(UTF8, utf8Invalid(raw[off:]))
	}
	if isASCII(raw) {
		return str(), -1, nil
	}
	text := decodeShiftJIS(d.buf[:0], raw)
	d.buf = text
	s := d.text.add(text)
	if i := bytes.Index(text, runeError); i >= 0 {
		off := shiftJISLength(text[:i])
		return s, utf8.RuneCount(text[:i]), invalidText(ShiftJIS, shiftJISInvalid(raw[off:]))
	}
	return s, -1, nil
}

// decodeShiftJIS appends the text of the Shift_JIS (CP932) bytes raw to dst, as the
// decoder of golang.org/x/text/encoding/japanese decodes them (invalid bytes become
// U+FFFD), in one pass without its per-call costs; a test checks that the two agree.
func decodeShiftJIS(dst, raw []byte) []byte {
	table := shiftJISTable()
	dst = slices.Grow(dst, 3*len(raw))
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c < utf8.RuneSelf:
			dst = append(dst, c)
			i++
		case 0xA1 <= c && c <= 0xDF: // half-width katakana
			dst = utf8.AppendRune(dst, rune(c)+(0xFF61-0xA1))
			i++
		case isShiftJISLead(c):
			r, size := utf8.RuneError, 1
			if i+1 < len(raw) {
				switch c1 := raw[i+1]; {
				case c1 < 0x40 || c1 == 0x7F:
					// The second byte is read on its own.
				case c1 > 0xFC:
					size = 2
				default:
					size = 2
					if t := table[shiftJISIndex(c, c1)]; t != 0 {
						r = rune(t)
					}
				}
			}
			dst = utf8.AppendRune(dst, r)
			i += size
		case c == 0x80:
			dst = utf8.AppendRune(dst, 0x80)
			i++
		default:
			dst = utf8.AppendRune(dst, utf8.RuneError)
			i++
		}
	}
	return dst
}

// shiftJISIndex returns the index in shiftJISTable of the two-byte character c0 c1
// (a lead byte, and a second byte 0x40–0xFC).
func shiftJISIndex(c0, c1 byte) int {
	lead := int(c0) - 0x81
	if c0 >= 0xE0 {
		lead = int(c0) - 0xE0 + 0x9F - 0x81 + 1
	}
	return lead*(0xFC-0x40+1) + int(c1) - 0x40
}

// shiftJISTable returns the runes of the two-byte characters of Shift_JIS, by
// shiftJISIndex, as the x/text decoder decodes them (0 for U+FFFD). It is made from
// that decoder on first use.
var shiftJISTable = sync.OnceValue(func() []uint16 {
	// Every pair but those with 0x7F (which is never looked up) decodes to one rune.
	var src []byte
	for c0 := 0x81; c0 <= 0xFC; c0++ {
		for c1 := 0x40; c1 <= 0xFC && isShiftJISLead(byte(c0)); c1++ {
			if c1 != 0x7F {
				src = append(src, byte(c0), byte(c1))
			}
		}
	}
	text, err := japanese.ShiftJIS.NewDecoder().Bytes(src)
	if err != nil {
		panic("kif: the Shift_JIS decoder failed: " + err.Error())
	}
	table := make([]uint16, shiftJISIndex(0xFC, 0xFC)+1)
	for k := 0; k < len(src); k += 2 {
		r, n := utf8.DecodeRune(text)
		text = text[n:]
		if r != utf8.RuneError && r <= 0xFFFF {
			table[shiftJISIndex(src[k], src[k+1])] = uint16(r)
		}
	}
	if len(text) != 0 {
		panic("kif: the Shift_JIS decoder gave more characters than pairs")
	}
	return table
})

// runeError is U+FFFD in UTF-8, what the decoders put for bytes they cannot decode.
var runeError = []byte(string(utf8.RuneError))

// textBlocks hands out decoded lines as strings that share blocks of memory, so that
// decoding a line makes no allocation of its own: a block is a strings.Builder, which
// only ever appends, so the bytes of a string handed out are never written again. The
// blocks double from minTextBlock up to maxTextBlock bytes.
type textBlocks struct {
	b    strings.Builder
	next int // the size of the next block
}

const (
	minTextBlock = 1 << 10
	maxTextBlock = 64 << 10
)

// add returns p as a string.
func (t *textBlocks) add(p []byte) string {
	if t.b.Cap()-t.b.Len() < len(p) {
		t.next = min(max(2*t.next, minTextBlock), maxTextBlock)
		t.b = strings.Builder{}
		t.b.Grow(max(len(p), t.next))
	}
	n := t.b.Len()
	t.b.Write(p)
	return t.b.String()[n:]
}
