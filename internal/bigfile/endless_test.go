package bigfile

import (
	"bytes"
	"io"
	"testing"
)

// TestEndless: the input is the prefix, then the pattern for ever, however it is read.
func TestEndless(t *testing.T) {
	want := []byte("head:")
	for len(want) < 10000 {
		want = append(want, "abc"...)
	}
	for _, size := range []int{1, 2, 3, 4, 7, 64, 4096} {
		e := &Endless{Prefix: []byte("head:"), Pattern: []byte("abc")}
		got := make([]byte, len(want))
		for off := 0; off < len(got); off += size {
			if _, err := io.ReadFull(e, got[off:min(off+size, len(got))]); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(got, want) || e.N != int64(len(want)) {
			t.Errorf("reads of %d: got %.40q… (%d counted)", size, got, e.N)
		}
	}
	e := &Endless{}
	b := make([]byte, 100)
	e.Read(b)
	if !bytes.Equal(b, make([]byte, 100)) {
		t.Errorf("no pattern: %q, want NUL bytes", b)
	}
}
