package record_test

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/bigfile"
	"github.com/kifu-go/shogi/record"
)

// readAhead is what a Reader may have read past the bound when it stops: its own
// buffer and the format reader's (for CSA, a line's worth twice: the scanner's buffer
// and the line being cut).
func readAhead(f record.Format) int64 {
	const buffer = record.DetectLength
	switch f {
	case record.CSA:
		return buffer + 2*(csa.DefaultMaxLineLength+1)
	case record.JKF:
		return buffer + 2*(64<<10)
	}
	return buffer
}

// TestEndlessInputFailsAtBound: an input that never ends — NUL bytes (/dev/zero), one
// line with no end, a comment that never ends, a JSON value that never closes, blank
// lines, a stream of separators — fails in every format and in format detection with
// the code "too-large", having read no more than the bound and the readers' buffers,
// and the input ends there (the next Read is io.EOF), strict or lenient, so that a
// program reading it ends.
func TestEndlessInputFailsAtBound(t *testing.T) {
	const bound = 1 << 20
	inputs := []struct {
		name            string
		prefix, pattern string
	}{
		{"one line of a", "", "a"},
		{"blank lines", "", "\n"},
	}
	shapes := map[record.Format][]struct{ name, prefix, pattern string }{
		record.KIF: {{"a comment that never ends", "手合割：平手\n   1 ７六歩(77)\n*", "長考"},
			{"comment lines", "手合割：平手\n   1 ７六歩(77)\n", "*and on\n"}},
		record.KI2: {{"a move line that never ends", "手合割：平手\n▲７六歩 △３四歩 ", "▲２六歩 △８四歩 "}},
		record.CSA: {{"a comment that never ends", "V2.2\nPI\n+\n+7776FU\n'", "x"},
			{"separators", "", "/\n"}},
		record.JKF: {{"a value that never closes", `{"header":{},"moves":[{"comments":["`, "長考"},
			{"brackets", "", "["}},
		record.USI:  {{"a move list that never ends", "position startpos moves", " 7g7f 3c3d 7f7g 3d3c"}},
		record.SFEN: {{"comment lines", "", "# sfen\n"}},
	}
	for _, f := range []record.Format{record.Unknown, record.KIF, record.KI2, record.CSA, record.JKF, record.USI, record.SFEN} {
		cases := append(append([]struct{ name, prefix, pattern string }{}, inputs...), shapes[f]...)
		if f == record.Unknown {
			// Detected by their content (a stream of "/" lines is not CSA to Detect).
			for _, g := range []record.Format{record.KIF, record.CSA, record.JKF, record.USI} {
				cases = append(cases, shapes[g][0])
			}
		}
		for _, tc := range cases {
			for _, lenient := range []bool{false, true} {
				name := fmt.Sprintf("%v, %s, lenient %v", f, tc.name, lenient)
				in := &bigfile.Endless{Prefix: []byte(tc.prefix), Pattern: []byte(tc.pattern)}
				r := record.NewReader(in)
				r.Format, r.Lenient, r.MaxRecordBytes = f, lenient, bound
				var err error
				for range 3 {
					if _, err = r.Read(); err != nil {
						break
					}
				}
				var re *record.Error
				if !errors.As(err, &re) || re.Code() != "too-large" {
					t.Errorf("%s: %v, want a too-large error", name, err)
					continue
				}
				if max := bound + readAhead(r.InputFormat()); in.N > max {
					t.Errorf("%s: %d bytes read, want at most %d (the bound %d and %d of buffers)", name, in.N, max, bound, max-bound)
				}
				if _, err := r.Read(); err != io.EOF {
					t.Errorf("%s: after the error: %v, want io.EOF", name, err)
				}
			}
		}
	}
}

// TestEndlessInputDefaultBound: with the default bound, an endless line is a too-large
// error after 64 MiB and the buffers, the same in every format. (NUL bytes, /dev/zero,
// are no text at all: TestEndlessNULBytes.)
func TestEndlessInputDefaultBound(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 64 MiB")
	}
	in := &bigfile.Endless{Pattern: []byte("a")}
	r := record.NewReader(in)
	n := 0
	for v := range record.Validate(r) {
		n++
		if v.Valid() || v.Err().Code() != "too-large" {
			t.Errorf("verdict %d: %v, want a too-large error", n, v.Err())
		}
	}
	if max := record.DefaultMaxRecordBytes + readAhead(r.InputFormat()); n != 1 || in.N > max {
		t.Errorf("%d verdicts, %d bytes read; want 1 verdict, at most %d bytes", n, in.N, max)
	}
}

// TestEndlessNULBytes: an endless input of NUL bytes (/dev/zero) is named as binary data
// (record.ErrNotText) from its head, in every format and in detection, strict or
// lenient, having read no more than the head and the reader's buffer; the input ends
// there.
func TestEndlessNULBytes(t *testing.T) {
	for _, f := range []record.Format{record.Unknown, record.KIF, record.KI2, record.CSA, record.JKF, record.USI, record.SFEN} {
		for _, lenient := range []bool{false, true} {
			in := &bigfile.Endless{}
			r := record.NewReader(in)
			r.Format, r.Lenient = f, lenient
			_, err := r.Read()
			if !errors.Is(err, record.ErrNotText) {
				t.Errorf("%v, lenient %v: %v, want ErrNotText", f, lenient, err)
				continue
			}
			if max := int64(1 << 20); in.N > max {
				t.Errorf("%v, lenient %v: %d bytes read, want at most %d", f, lenient, in.N, max)
			}
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("%v, lenient %v: after the error: %v, want io.EOF", f, lenient, err)
			}
		}
	}
}
