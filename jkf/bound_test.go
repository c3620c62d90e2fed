package jkf_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi/internal/bigfile"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/jkf"
)

// TestEndlessInputStopsAtBound: an input that never ends, whatever it holds (NUL
// bytes, a token, white space, an array or a string that never closes, a record whose
// comment never ends), fails with ErrTooLarge having read no more than MaxBytes and
// the reader's buffer (two reads of 64 KiB) of input, strict or lenient: the bound is
// where reading stops, not only where the error is found.
func TestEndlessInputStopsAtBound(t *testing.T) {
	const limit = 1 << 20
	for _, tc := range []struct {
		name            string
		prefix, pattern string
	}{
		{"nul bytes", "", ""},
		{"a token", "", "a"},
		{"spaces", "", " "},
		{"blank lines", "", "\n"},
		{"brackets", "", "["},
		{"a string", `"`, "x"},
		{"a comment", `{"header":{},"moves":[{"comments":["`, "長考"},
		{"forks", `{"header":{},"moves":[{}`, `,{"move":{"to":{"x":7,"y":6},"piece":"FU"},"forks":[[`},
		{"after a record", `{"header":{},"moves":[{}]}` + "\n", " "},
	} {
		for _, lenient := range []bool{false, true} {
			in := &bigfile.Endless{Prefix: []byte(tc.prefix), Pattern: []byte(tc.pattern)}
			r := jkf.NewReader(in)
			r.Lenient, r.MaxBytes = lenient, limit
			var err error
			for range 2 {
				if _, err = r.Read(); err != nil {
					break
				}
			}
			if !errors.Is(err, jkf.ErrTooLarge) {
				t.Errorf("%s, lenient %v: %v, want ErrTooLarge", tc.name, lenient, err)
			}
			if max := int64(limit + 2*64<<10); in.N > max {
				t.Errorf("%s, lenient %v: %d bytes read, want at most %d", tc.name, lenient, in.N, max)
			}
		}
	}
}

// TestTooLargeThenNext: after a record too large, the next Read skips the rest of it,
// however long, and reads the record after it.
func TestTooLargeThenNext(t *testing.T) {
	big := `{"header":{"a":"` + strings.Repeat("x", 5000) + `"},"moves":[{}]}`
	small := `{"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"piece":"FU","from":{"x":7,"y":7},"color":0}}]}`
	r := jkf.NewReader(strings.NewReader(big + "\n" + small + "\n"))
	r.MaxBytes = 1000
	if _, err := r.Read(); !errors.Is(err, jkf.ErrTooLarge) {
		t.Fatalf("first: %v, want ErrTooLarge", err)
	}
	rec, err := r.Read()
	if err != nil || len(rec.MainLine()) != 1 || r.RecordLine() != 2 {
		t.Fatalf("second: %v, record line %d", err, r.RecordLine())
	}
}

// TestManyForksReadByDefault: a study of 100 000 forks, about 20 MB of JKF (the size a
// real one was refused at when the bound was 16 MiB), reads with the default bound,
// which is every format's.
func TestManyForksReadByDefault(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads a 20 MB record")
	}
	rec := gametest.Wide(100_000)
	// A comment on every fork's reply, as a study has, brings it to 19 MB.
	k := 0
	for n := &rec.Root; len(n.Children) > 0; n = n.Children[0] {
		for _, v := range n.Children[1:] {
			k++
			v.Children[0].Comments = []string{fmt.Sprintf("候補 %d", k)}
		}
	}
	data, err := jkf.Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) <= 16<<20 {
		t.Fatalf("%d bytes: want a record past the old bound of 16 MiB", len(data))
	}
	r := jkf.NewReader(bytes.NewReader(data))
	got, err := r.Read()
	if err != nil {
		t.Fatalf("%d bytes: %v", len(data), err)
	}
	if n, want := gametest.CountNodes(&got.Root), gametest.CountNodes(&rec.Root); n != want {
		t.Errorf("%d nodes read, want %d", n, want)
	}
}

// TestLongGapThenNext: text between records that goes past the bound (white space, or
// the rest of a value that is not JSON) is one ErrTooLarge error, at the byte past the
// bound however the input comes in reads, and the next Read reads the record after it.
func TestLongGapThenNext(t *testing.T) {
	small := `{"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"piece":"FU","from":{"x":7,"y":7},"color":0}}]}`
	for _, tc := range []struct {
		name, gap string
		want      []string
	}{
		{"white space", strings.Repeat(" ", 5000) + "\n", []string{
			"record at line 1",
			"jkf: line 2, column 1001: record too large: a value of more than 1000 bytes",
			"record at line 3",
		}},
		{"a broken value's rest", ":\n" + strings.Repeat("  1,\n", 1000), []string{
			"record at line 1",
			"jkf: line 2, column 1: invalid JSON: invalid character ':' looking for beginning of value",
			"jkf: line 203, column 1: record too large: a value of more than 1000 bytes",
			"record at line 1003",
		}},
	} {
		for _, oneByte := range []bool{false, true} {
			var in io.Reader = strings.NewReader(small + "\n" + tc.gap + small + "\n")
			if oneByte {
				in = iotest.OneByteReader(in)
			}
			r := jkf.NewReader(in)
			r.MaxBytes = 1000
			var got []string
			for len(got) < 10 {
				_, err := r.Read()
				if err == io.EOF {
					break
				}
				if err != nil {
					got = append(got, err.Error())
					continue
				}
				got = append(got, fmt.Sprintf("record at line %d", r.RecordLine()))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s, a byte at a time %v (-want +got):\n%s", tc.name, oneByte, diff)
			}
		}
	}
}
