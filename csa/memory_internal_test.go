package csa

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// readEverything reads every record of r and gives what each call of Read returned
// (the error message, the warnings and the record), up to io.EOF or an error of the
// input.
func readEverything(r *Reader, maxLine int, lenient bool) []string {
	r.MaxLineLength, r.Lenient = maxLine, lenient
	var out []string
	for range 64 {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		var text []byte
		if rec != nil {
			text, _ = Format(rec)
		}
		out = append(out, fmt.Sprintf("line %d: %v %v\n%s", r.RecordLine(), err, r.Warnings(), text))
		if _, ok := err.(*SyntaxError); err != nil && !ok {
			break
		}
	}
	return out
}

// TestTextInMemoryReadsAsStream: text held in memory (Parse) is cut into lines and
// pieces of over-long lines as a stream is, whatever pieces the stream comes in: the
// same records, errors at the same places, the same warnings.
func TestTextInMemoryReadsAsStream(t *testing.T) {
	pieces := []string{"PI", "+", "-", "+7776FU", "-3334FU", "+2726FU,T3", "-8384FU", "%TORYO", "/",
		"'*comment", "V2.2", "N+name", "T5", "+7776KI", "P1 * ", "x", "  ", "", "\xff\xfe",
		strings.Repeat("y", 7), strings.Repeat("z", 16), "+7776FU" + strings.Repeat(" ", 9)}
	ends := []string{"\n", "\r\n", "\r"}
	rapid.Check(t, func(t *rapid.T) {
		var b strings.Builder
		for range rapid.IntRange(0, 30).Draw(t, "lines") {
			b.WriteString(rapid.SampledFrom(pieces).Draw(t, "piece"))
			if rapid.IntRange(0, 9).Draw(t, "cut") > 0 {
				b.WriteString(rapid.SampledFrom(ends).Draw(t, "end"))
			}
		}
		text := []byte(b.String())
		maxLine := rapid.IntRange(0, 20).Draw(t, "maxLine")
		lenient := rapid.Bool().Draw(t, "lenient")
		want := readEverything(NewReader(bytes.NewReader(text)), maxLine, lenient)
		if got := readEverything(newTextReader(text), maxLine, lenient); !cmp.Equal(want, got) {
			t.Fatalf("text in memory (-stream +memory):\n%s\n%q", cmp.Diff(want, got), text)
		}
		oneByte := readEverything(NewReader(iotest.OneByteReader(bytes.NewReader(text))), maxLine, lenient)
		if !cmp.Equal(want, oneByte) {
			t.Fatalf("a stream read a byte at a time (-whole +bytes):\n%s\n%q", cmp.Diff(want, oneByte), text)
		}
	})
}

// TestLongLineColumn: an over-long line is reported at the column of the character
// that passes the bound, by Parse and by a Reader alike.
func TestLongLineColumn(t *testing.T) {
	for _, line := range []string{
		"'*" + strings.Repeat("あ", DefaultMaxLineLength/3),
		"'*" + strings.Repeat("x", DefaultMaxLineLength),
		"'" + strings.Repeat("x", DefaultMaxLineLength),
	} {
		want, offset := 1, 0 // the column of the character holding byte DefaultMaxLineLength
		for _, c := range line {
			if offset += utf8.RuneLen(c); offset > DefaultMaxLineLength {
				break
			}
			want++
		}
		text := "PI\n+\n" + line + "\n+7776FU\n"
		_, err := Parse([]byte(text))
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrLineTooLong) || se.Line != 3 || se.Column != want {
			t.Errorf("Parse: %v, want line 3, column %d", err, want)
		}
		_, err = NewReader(strings.NewReader(text)).Read()
		if !errors.As(err, &se) || !errors.Is(err, ErrLineTooLong) || se.Line != 3 || se.Column != want {
			t.Errorf("Reader: %v, want line 3, column %d", err, want)
		}
	}
}
