package kif_test

import (
	"errors"
	"testing"

	"github.com/kifu-go/shogi/internal/bigfile"
	"github.com/kifu-go/shogi/kif"
)

// TestEndlessInputStopsAtBound: an input that never ends, whatever it holds (NUL
// bytes, one line with no line end, a comment that never ends, blank lines, comment
// lines), fails with ErrTooLarge having read no more than MaxBytes+1 bytes, strict or
// lenient: the bound is where reading stops, not only where the error is found.
func TestEndlessInputStopsAtBound(t *testing.T) {
	const limit = 3 << 20
	for _, tc := range []struct {
		name            string
		prefix, pattern string
	}{
		{"nul bytes", "", ""},
		{"one line of a", "", "a"},
		{"a comment that never ends", "手合割：平手\n   1 ７六歩(77)\n*", "長考"},
		{"blank lines", "", "\n"},
		{"comment lines", "手合割：平手\n   1 ７六歩(77)\n", "*and on and on\n"},
		{"crlf", "", "\r\n"},
	} {
		for _, lenient := range []bool{false, true} {
			in := &bigfile.Endless{Prefix: []byte(tc.prefix), Pattern: []byte(tc.pattern)}
			r := kif.NewReader(in)
			r.Lenient, r.MaxBytes = lenient, limit
			_, err := r.Read()
			if !errors.Is(err, kif.ErrTooLarge) {
				t.Errorf("%s, lenient %v: %v, want ErrTooLarge", tc.name, lenient, err)
			}
			if in.N > limit+1 {
				t.Errorf("%s, lenient %v: %d bytes read, want at most MaxBytes+1 = %d", tc.name, lenient, in.N, limit+1)
			}
		}
	}
}
