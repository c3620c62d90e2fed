package csa

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"
)

// Text encodings: UTF-8 (CSA V3.0's default when named), Shift_JIS (the encoding of
// most CSA files, and V3.0's default without an encoding line) and EUC-JP (old CSA
// archives from Unix machines).
//
// A file names its encoding on its first line ("'CSA encoding=SHIFT_JIS", or
// "'encoding=EUC-JP"); without that line the reader takes UTF-8 until the first line
// that is not valid UTF-8, and decides between Shift_JIS and EUC-JP on that line. Both
// are invalid UTF-8, and much text is valid in both, so the decision scores each
// reading of the line's bytes:
//
//   - a reading that is not valid loses (Shift_JIS hiragana, katakana and most kanji
//     have a lead byte 0x81–0x9F, which EUC-JP never uses but for 0x8E and 0x8F; EUC-JP
//     text often has a pair of bytes Shift_JIS cannot end, such as 0xFD or 0xFE);
//   - otherwise the plausible reading wins: kana, common symbols and the first level of
//     kanji score 2 a character, Greek, Cyrillic, box drawing, NEC's special
//     characters and the second level of kanji 1, half-width katakana -1 and rows no
//     standard assigns -2. EUC-JP text read as Shift_JIS is mostly half-width
//     katakana (its bytes 0xA1–0xDF are those), Shift_JIS text read as EUC-JP mostly
//     invalid;
//   - a tie goes to Shift_JIS.
//
// The encoding decided is kept for the rest of the input, every record after it
// included.

type textEncoding uint8

const (
	encUnknown textEncoding = iota
	encUTF8
	encShiftJIS
	encEUCJP
)

func (e textEncoding) String() string {
	switch e {
	case encUTF8:
		return "UTF-8"
	case encShiftJIS:
		return "Shift_JIS"
	case encEUCJP:
		return "EUC-JP"
	}
	return "unknown"
}

func (e textEncoding) decoder() *encoding.Decoder {
	if e == encEUCJP {
		return japanese.EUCJP.NewDecoder()
	}
	return japanese.ShiftJIS.NewDecoder()
}

// encodingNamed returns the encoding an encoding line names, and false for a name
// the reader does not know.
func encodingNamed(name string) (textEncoding, bool) {
	switch strings.ToUpper(strings.TrimSpace(name)) {
	case "UTF-8", "UTF8":
		return encUTF8, true
	case "SHIFT_JIS", "SHIFT-JIS", "SJIS", "CP932", "WINDOWS-31J", "MS932":
		return encShiftJIS, true
	case "EUC-JP", "EUCJP", "EUC_JP", "X-EUC-JP":
		return encEUCJP, true
	}
	return encUnknown, false
}

// firstLine strips a byte order mark and takes in an encoding line, which it turns
// into an empty line.
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
	enc, ok := encodingNamed(string(name))
	if !ok {
		return tok // unknown: keep the line as a comment and sniff
	}
	r.enc, r.declared = enc, true
	return nil
}

func cutPrefixFold(b []byte, prefix string) ([]byte, bool) {
	if len(b) >= len(prefix) && strings.EqualFold(string(b[:len(prefix)]), prefix) {
		return b[len(prefix):], true
	}
	return nil, false
}

// decode returns a line as UTF-8. A line that is not valid in the file's encoding is
// an ErrEncoding error, or a warning in a lenient read (the line is then read with
// U+FFFD in place of what could not be decoded).
func (r *Reader) decode(raw []byte) ([]byte, error) {
	if isASCII(raw) {
		return raw, nil
	}
	if r.enc == encUnknown {
		if utf8.Valid(raw) {
			r.enc = encUTF8
		} else {
			r.enc = sniffLegacy(raw)
		}
	}
	if r.enc == encUTF8 {
		if utf8.Valid(raw) {
			return raw, nil
		}
		return r.badText(raw, &SyntaxError{Line: r.line, Column: utf8Column(raw),
			Err: fmt.Errorf("%w: invalid UTF-8", ErrEncoding)})
	}
	scan := scanLegacy(raw, r.enc)
	if r.declared && isWideUTF8(raw) && !(r.enc == encEUCJP && scan.valid) {
		// Declared Shift_JIS or EUC-JP, but the line is UTF-8 text (text in those
		// encodings is almost never valid UTF-8 with characters of three bytes; UTF-8
		// Japanese text is almost never valid EUC-JP, whose bytes are 0xA1–0xFE, so a
		// line valid in both is taken for the EUC-JP it is declared to be).
		err := &SyntaxError{Line: r.line, Column: 1,
			Err: fmt.Errorf("%w: %s declared, but the line is UTF-8", ErrEncoding, r.enc)}
		if !r.Lenient {
			return nil, err
		}
		r.warnings = append(r.warnings, err)
		return raw, nil
	}
	if !scan.valid {
		return r.badText(raw, &SyntaxError{Line: r.line, Column: scan.column,
			Err: fmt.Errorf("%w: invalid %s", ErrEncoding, r.enc)})
	}
	out, err := r.decodeLegacy(raw)
	if err != nil || bytes.ContainsRune(out, utf8.RuneError) {
		return r.badText(raw, &SyntaxError{Line: r.line, Column: 1,
			Err: fmt.Errorf("%w: invalid %s", ErrEncoding, r.enc)})
	}
	return out, nil
}

// decodeLegacy decodes a Shift_JIS or EUC-JP line into the reader's buffer, which the
// next line overwrites: the parser copies what it keeps. A byte of either encoding
// gives at most three bytes of UTF-8 (a half-width katakana, U+FFFD), so the buffer
// stays within three times MaxLineLength.
// isASCII reports whether b holds only ASCII bytes, looking at eight at a time.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func (r *Reader) decodeLegacy(raw []byte) ([]byte, error) {
	if r.dec == nil {
		r.dec = r.enc.decoder()
	}
	size := 3*len(raw) + utf8.UTFMax
	for {
		if cap(r.decoded) < size {
			r.decoded = make([]byte, size)
		}
		buf := r.decoded[:cap(r.decoded)]
		r.dec.Reset()
		n, _, err := r.dec.Transform(buf, raw, true)
		if err != transform.ErrShortDst {
			return buf[:n], err
		}
		size = 2 * len(buf)
	}
}

// badText reports a line that cannot be decoded: an error, or in a lenient read a
// warning and the line with U+FFFD in place of what could not be decoded.
func (r *Reader) badText(raw []byte, err *SyntaxError) ([]byte, error) {
	if !r.Lenient {
		return nil, err
	}
	r.warnings = append(r.warnings, err)
	if r.enc == encShiftJIS || r.enc == encEUCJP {
		if out, err := r.decodeLegacy(raw); err == nil {
			return out, nil
		}
	}
	return bytes.ToValidUTF8(raw, []byte("\uFFFD")), nil
}

// utf8Column returns the column (in characters) of the first byte of raw that is not
// valid UTF-8.
func utf8Column(raw []byte) int {
	col := 1
	for i := 0; i < len(raw); {
		c, n := utf8.DecodeRune(raw[i:])
		if c == utf8.RuneError && n <= 1 {
			break
		}
		i += n
		col++
	}
	return col
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

// sniffLegacy decides whether a line that is not valid UTF-8 is Shift_JIS or EUC-JP.
func sniffLegacy(raw []byte) textEncoding {
	sj, euc := scanLegacy(raw, encShiftJIS), scanLegacy(raw, encEUCJP)
	switch {
	case !euc.valid:
		return encShiftJIS
	case !sj.valid:
		return encEUCJP
	case euc.score > sj.score:
		return encEUCJP
	}
	return encShiftJIS
}

// legacyScan is what scanLegacy finds in a line: whether it is valid in the encoding,
// the column of the first character that is not, and how plausible the text is.
type legacyScan struct {
	valid  bool
	column int
	score  int
}

// scanLegacy reads b as Shift_JIS or EUC-JP without decoding it: it checks the byte
// sequences and scores each character by its JIS X 0208 row (see the top of this file).
func scanLegacy(b []byte, enc textEncoding) legacyScan {
	s := legacyScan{column: 1}
	for i := 0; i < len(b); s.column++ {
		c := b[i]
		n := 0 // length of the character, 0 when invalid
		switch {
		case c < 0x80:
			n = 1
		case enc == encShiftJIS && c >= 0xA1 && c <= 0xDF: // half-width katakana
			n, s.score = 1, s.score-1
		case enc == encShiftJIS && (c >= 0x81 && c <= 0x9F || c >= 0xE0 && c <= 0xFC):
			if i+1 < len(b) {
				if t := b[i+1]; t >= 0x40 && t <= 0xFC && t != 0x7F {
					n = 2
					s.score += rowScore(sjisRow(c, t))
				}
			}
		case enc == encEUCJP && c == 0x8E: // half-width katakana
			if i+1 < len(b) && b[i+1] >= 0xA1 && b[i+1] <= 0xDF {
				n, s.score = 2, s.score-1
			}
		case enc == encEUCJP && c == 0x8F: // JIS X 0212: rare, scored 0
			if i+2 < len(b) && isEUCByte(b[i+1]) && isEUCByte(b[i+2]) {
				n = 3
			}
		case enc == encEUCJP && isEUCByte(c):
			if i+1 < len(b) && isEUCByte(b[i+1]) {
				n = 2
				s.score += rowScore(int(c) - 0xA0)
			}
		}
		if n == 0 {
			return s
		}
		i += n
	}
	s.valid = true
	return s
}

func isEUCByte(c byte) bool { return c >= 0xA1 && c <= 0xFE }

// sjisRow returns the JIS X 0208 row (1–94; more for the user-defined area) of a
// Shift_JIS double-byte character.
func sjisRow(lead, trail byte) int {
	if lead >= 0xE0 {
		lead -= 0x40
	}
	row := int(lead-0x81)*2 + 1
	if trail >= 0x9F {
		row++
	}
	return row
}

// rowScore is how plausible a character of JIS X 0208 row row is in a record.
func rowScore(row int) int {
	switch {
	case row >= 1 && row <= 5, row >= 16 && row <= 47: // symbols, alphanumerics, kana; kanji level 1
		return 2
	case row >= 6 && row <= 8, row == 13, row >= 48 && row <= 84: // Greek, Cyrillic, box drawing, NEC specials; kanji level 2
		return 1
	}
	return -2
}
