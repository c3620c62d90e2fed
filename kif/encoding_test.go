package kif

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/encoding/japanese"
	"pgregory.net/rapid"
)

// TestInvalidTextPlace: a byte that the input's encoding cannot decode is reported on
// its own line and column, with the encoding that was tried and the bytes, however far
// into the input it is and whatever the detection saw before it. The inputs are
// testdata/kif/shogidokoro.kifu (UTF-8, 18 moves) with a comment line "*棋譜コメント…"
// put in as line 20, before the first move, whose eighth character is the bad byte;
// the Shift_JIS inputs are the same text encoded to Shift_JIS.
func TestInvalidTextPlace(t *testing.T) {
	base := strings.TrimSuffix(string(readTestdata(t, "kif/shogidokoro.kifu")), "\n") + "\n"
	baseLines := strings.SplitAfter(base, "\n")
	baseLines = baseLines[:len(baseLines)-1]
	if len(baseLines) < 20 || !strings.HasPrefix(baseLines[18], "手数----") {
		t.Fatalf("testdata/kif/shogidokoro.kifu changed: line 19 is %q", baseLines[18])
	}
	utf8Text := func(s string) []byte { return []byte(s) }
	sjisText := func(s string) []byte { return toShiftJIS(t, s) }
	// record returns the record with bad put in after "*棋譜コメント" on line 20 (and
	// "です" after it, unless bad ends the line), and its first line replaced by first
	// when that is not "".
	record := func(enc func(string) []byte, first string, bad []byte) []byte {
		rest := "です\n"
		if bytes.HasSuffix(bad, []byte("\n")) {
			rest = ""
		}
		lines := append([]string(nil), baseLines...)
		if first != "" {
			lines[0] = first + "\n"
		}
		var b []byte
		b = append(b, enc(strings.Join(lines[:19], ""))...)
		b = append(b, enc("*棋譜コメント")...)
		b = append(b, bad...)
		b = append(b, enc(rest+strings.Join(lines[19:], ""))...)
		return b
	}
	// padding returns lines of the text line, more than sniffLength bytes in enc, and
	// how many.
	padding := func(enc func(string) []byte, line string) ([]byte, int) {
		n := sniffLength/len(enc(line)) + 10
		return enc(strings.Repeat(line, n)), n
	}
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	const (
		badUTF8     = "invalid UTF-8 (byte 0xff)"
		badShiftJIS = "invalid Shift_JIS (bytes 0x81 0x20)"
	)
	asciiPad, asciiLines := padding(utf8Text, "# a long comment of ASCII text before the record\n")
	utf8Pad, utf8Lines := padding(utf8Text, "# 棋譜の前の長いコメントの行\n")
	sjisPad, sjisLines := padding(sjisText, "# 棋譜の前の長いコメントの行\n")
	cut := []byte("*感想戦")
	cut = cut[:len(cut)-1] // 戦 (E6 88 A6) cut after two of its three bytes

	tests := []struct {
		name   string
		in     []byte
		strict warning   // the error of a strict read
		warns  []warning // the warnings of a lenient read
	}{
		{name: "UTF-8, a bad byte on line 20",
			in:     record(utf8Text, "", []byte{0xff}),
			strict: warning{20, 8, ErrEncoding, badUTF8}},
		{name: "UTF-8 declared, a bad byte on line 20",
			in:     record(utf8Text, "#KIF version=2.0 encoding=UTF-8", []byte{0xff}),
			strict: warning{20, 8, ErrEncoding, badUTF8}},
		{name: "UTF-8 declared Shift_JIS, a bad byte on line 20",
			in:     record(utf8Text, "#KIF version=2.0 encoding=Shift_JIS", []byte{0xff}),
			strict: warning{1, 18, ErrEncoding, "the file declares encoding=Shift_JIS but its text is UTF-8"},
			warns: []warning{{1, 18, ErrEncoding, "the file declares encoding=Shift_JIS but its text is UTF-8"},
				{20, 8, ErrEncoding, badUTF8}}},
		{name: "Shift_JIS, a bad byte on line 20",
			in:     record(sjisText, "", []byte{0x81, 0x20}),
			strict: warning{20, 8, ErrEncoding, badShiftJIS}},
		{name: "Shift_JIS declared, a bad byte on line 20",
			in:     record(sjisText, "#KIF version=2.0 encoding=Shift_JIS", []byte{0x81, 0x20}),
			strict: warning{20, 8, ErrEncoding, badShiftJIS}},
		{name: "Shift_JIS declared UTF-8, a bad byte on line 20",
			in:     record(sjisText, "#KIF version=2.0 encoding=UTF-8", []byte{0x81, 0x20}),
			strict: warning{1, 18, ErrEncoding, "the file declares encoding=UTF-8 but its text is Shift_JIS"},
			warns: []warning{{1, 18, ErrEncoding, "the file declares encoding=UTF-8 but its text is Shift_JIS"},
				{20, 8, ErrEncoding, badShiftJIS}}},
		{name: "Shift_JIS, a lead byte at the end of line 20",
			in:     record(sjisText, "", []byte{0x81, '\n'}),
			strict: warning{20, 8, ErrEncoding, "invalid Shift_JIS (byte 0x81)"}},
		{name: "Shift_JIS, an unassigned character on line 20",
			in:     record(sjisText, "", []byte{0x85, 0x40}),
			strict: warning{20, 8, ErrEncoding, "invalid Shift_JIS (bytes 0x85 0x40)"}},
		{name: "UTF-8 cut inside its last character",
			in:     cat([]byte(base), cut),
			strict: warning{len(baseLines) + 1, 4, ErrEncoding, "invalid UTF-8 (bytes 0xe6 0x88)"}},
		{name: "UTF-8, a bad byte after 64 KiB of ASCII",
			in:     cat(asciiPad, []byte("#棋譜コメント\xffです\n"), []byte(base)),
			strict: warning{asciiLines + 1, 8, ErrEncoding, badUTF8}},
		{name: "Shift_JIS, a bad byte after 64 KiB of ASCII",
			in:     cat(asciiPad, sjisText("#棋譜コメント"), []byte{0x81, 0x20}, sjisText("です\n"+base)),
			strict: warning{asciiLines + 1, 8, ErrEncoding, badShiftJIS}},
		{name: "UTF-8, a bad byte after 64 KiB of UTF-8",
			in:     cat(utf8Pad, record(utf8Text, "", []byte{0xff})),
			strict: warning{utf8Lines + 20, 8, ErrEncoding, badUTF8}},
		{name: "Shift_JIS, a bad byte after 64 KiB of Shift_JIS",
			in:     cat(sjisPad, record(sjisText, "", []byte{0x81, 0x20})),
			strict: warning{sjisLines + 20, 8, ErrEncoding, badShiftJIS}},
	}
	want, err := Parse([]byte(base))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.in)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("strict read: got %v, want a *SyntaxError", err)
			}
			checkWarnings(t, []warning{tt.strict}, []*SyntaxError{se})
			if tt.warns == nil {
				tt.warns = []warning{tt.strict}
			}
			r := NewReader(bytes.NewReader(tt.in))
			r.Lenient = true
			rec, err := r.Read()
			if err != nil {
				t.Fatalf("lenient read: %v", err)
			}
			checkWarnings(t, tt.warns, r.Warnings())
			if diff := cmp.Diff(want.Moves(), rec.Moves()); diff != "" {
				t.Errorf("lenient read: moves (-want +got):\n%s", diff)
			}
		})
	}
}

// TestInvalidTextMessage: the message of a line that its encoding cannot decode names
// the encoding and the bytes, with one package prefix, and wraps ErrEncoding.
func TestInvalidTextMessage(t *testing.T) {
	tests := []struct {
		enc  Encoding
		line string
		want string
	}{
		{UTF8, "abc\xff", "kif: line 1, column 4: invalid UTF-8 (byte 0xff)"},
		{UTF8, "歩\x80歩", "kif: line 1, column 2: invalid UTF-8 (byte 0x80)"},
		{UTF8, "歩\xef\xbc", "kif: line 1, column 2: invalid UTF-8 (bytes 0xef 0xbc)"},
		{UTF8, "歩\xf0\x9f\x98x", "kif: line 1, column 2: invalid UTF-8 (bytes 0xf0 0x9f 0x98)"},
		{UTF8, "\xed\xa0\x80", "kif: line 1, column 1: invalid UTF-8 (byte 0xed)"}, // a surrogate
		{UTF8, "\xc0\xaf", "kif: line 1, column 1: invalid UTF-8 (byte 0xc0)"},     // overlong
		{ShiftJIS, "\x95\xe0\xff", "kif: line 1, column 2: invalid Shift_JIS (byte 0xff)"},
		{ShiftJIS, "\x95\xe0\x81 x", "kif: line 1, column 2: invalid Shift_JIS (bytes 0x81 0x20)"},
		{ShiftJIS, "\xb1\x95\xe0\x81", "kif: line 1, column 3: invalid Shift_JIS (byte 0x81)"},
		{ShiftJIS, "\x85\x40", "kif: line 1, column 1: invalid Shift_JIS (bytes 0x85 0x40)"},
		{ShiftJIS, "\xa0", "kif: line 1, column 1: invalid Shift_JIS (byte 0xa0)"},
	}
	for _, tt := range tests {
		r := NewReader(strings.NewReader(tt.line + "\n"))
		r.Encoding = tt.enc
		_, err := r.Read()
		if err == nil || err.Error() != tt.want || !errors.Is(err, ErrEncoding) {
			t.Errorf("%s %q: got %v, want %s (wrapping ErrEncoding)", tt.enc, tt.line, err, tt.want)
		}
	}
}

// TestSniffEncoding: the head of the input is read in the encoding that decodes all of
// it, else in the one that decodes more of it before its first bad byte.
func TestSniffEncoding(t *testing.T) {
	sjis := func(s string) string { return string(toShiftJIS(t, s)) }
	const declUTF8, declSJIS = "#KIF version=2.0 encoding=UTF-8\n", "#KIF version=2.0 encoding=Shift_JIS\n"
	tests := []struct {
		name     string
		head     string
		atEOF    bool
		want     Encoding
		mismatch bool // the declaration is reported
	}{
		{"ASCII, more to come", "abc\n", false, AutoEncoding, false},
		{"ASCII, all of it", "abc\n", true, UTF8, false},
		{"UTF-8", "先手：羽生\n", true, UTF8, false},
		{"Shift_JIS", sjis("先手：羽生\n"), true, ShiftJIS, false},
		{"UTF-8, bad at the end", "先手：羽生\xff\n", true, UTF8, false},
		{"Shift_JIS, bad at the end", sjis("先手：羽生") + "\xff\n", true, ShiftJIS, false},
		{"UTF-8 cut at the end of the input", "先手：羽\xe7\x94", true, UTF8, false},
		{"UTF-8 cut at the end of the head", "先手：羽\xe7\x94", false, UTF8, false},
		{"Shift_JIS cut at the end of the head", sjis("先手：羽") + "\x90", false, ShiftJIS, false},
		{"bad in both at the same byte", "\xff先手", true, UTF8, false},
		{"declared UTF-8, Shift_JIS bad later", declUTF8 + sjis("先手：羽生") + "\xff\n", true, ShiftJIS, true},
		{"declared UTF-8, UTF-8 bad later", declUTF8 + "先手：羽生\xff\n", true, UTF8, false},
		{"declared Shift_JIS, UTF-8 bad later", declSJIS + "先手：羽生\xff\n", true, UTF8, true},
		{"declared Shift_JIS, bad in both at the same byte", declSJIS + "\xff先手", true, ShiftJIS, false},
		{"declared UTF-8, bad in both at the same byte", declUTF8 + "\xff先手", true, UTF8, false},
		{"BOM, Shift_JIS text", "\xef\xbb\xbf" + sjis("先手：羽生\n"), true, UTF8, false},
	}
	for _, tt := range tests {
		enc, decl := sniffEncoding([]byte(tt.head), tt.atEOF)
		if enc != tt.want || (decl.enc != AutoEncoding) != tt.mismatch {
			t.Errorf("%s: got %v (declaration %v reported: %v), want %v (reported: %v)",
				tt.name, enc, decl.enc, decl.enc != AutoEncoding, tt.want, tt.mismatch)
		}
	}
}

// TestFirstInvalid: the offsets that the detection compares are where the decoders
// first fail: the text before them decodes without a replacement character, the text
// from them decodes to one first, and the two decode to the whole.
func TestFirstInvalid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.SliceOfN(rapid.OneOf(rapid.Byte(), rapid.ByteRange(0x80, 0xff),
			rapid.SampledFrom([]byte("\n a歩"))), 0, 40).Draw(t, "bytes")
		sjis := func(b []byte) string {
			out, err := japanese.ShiftJIS.NewDecoder().Bytes(b)
			if err != nil {
				t.Fatal(err)
			}
			return string(out)
		}
		checks := []struct {
			name   string
			off    int
			decode func([]byte) string
		}{
			{"Shift_JIS", firstInvalidShiftJIS(b, true), sjis},
			{"UTF-8", firstInvalidUTF8(b, true), func(b []byte) string { return strings.ToValidUTF8(string(b), "\uFFFD") }},
		}
		for _, c := range checks {
			if c.off < 0 {
				if s := c.decode(b); strings.ContainsRune(s, utf8.RuneError) {
					t.Fatalf("%s: %q decodes to %q, but no invalid byte was found", c.name, b, s)
				}
				continue
			}
			before, from := c.decode(b[:c.off]), c.decode(b[c.off:])
			if strings.ContainsRune(before, utf8.RuneError) || !strings.HasPrefix(from, "\uFFFD") ||
				before+from != c.decode(b) {
				t.Fatalf("%s: first invalid byte of %q at %d: %q before it, %q from it, %q in all",
					c.name, b, c.off, before, from, c.decode(b))
			}
		}
	})
}

// TestAutoEncodingFirstLine: after an all-ASCII head, the first line that is not ASCII
// decides the encoding, and when it is invalid in both, the one that reads more of it.
func TestAutoEncodingFirstLine(t *testing.T) {
	tests := []struct {
		line    string
		want    Encoding
		wantBad int
	}{
		{"先手：羽生", UTF8, -1},
		{string(toShiftJIS(t, "先手：羽生")), ShiftJIS, -1},
		{"先手：羽生\xff", UTF8, 5},
		{string(toShiftJIS(t, "先手：羽生")) + "\xff", ShiftJIS, 5},
		{"\xff先手", UTF8, 0},
	}
	for _, tt := range tests {
		d := newDecoder(AutoEncoding)
		_, bad, err := d.decode([]byte(tt.line), func() string { return tt.line })
		if d.enc != tt.want || bad != tt.wantBad || (err != nil) != (bad >= 0) {
			t.Errorf("%q: got %v, bad at %d (%v), want %v, bad at %d", tt.line, d.enc, bad, err, tt.want, tt.wantBad)
		}
	}
}
