package csa_test

import (
	"errors"
	"testing"

	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/bigfile"
)

// TestEndlessInputStopsAtBound: an input that never ends, whatever it holds, fails
// with ErrTooLarge within a few calls of Read, strict or lenient, having read no more
// than MaxBytes and twice the longest line (the scanner's buffer and the line being cut)
// of input: the bound is where reading stops.
func TestEndlessInputStopsAtBound(t *testing.T) {
	const limit = 1 << 20
	for _, tc := range []struct {
		name            string
		prefix, pattern string
	}{
		{"nul bytes", "", ""},
		{"one line of a", "", "a"},
		{"a comment that never ends", "PI\n+\n+7776FU\n'", "x"},
		{"comment lines", "PI\n+\n+7776FU\n", "'and on and on\n"},
		{"blank lines", "", "\n"},
		{"separators", "", "/\n"},
		{"garbage lines after an error", "V2.2\nPI\n+\nnonsense\n", "more nonsense\n"},
	} {
		for _, maxLine := range []int{0, 4096} {
			for _, lenient := range []bool{false, true} {
				in := &bigfile.Endless{Prefix: []byte(tc.prefix), Pattern: []byte(tc.pattern)}
				r := csa.NewReader(in)
				r.Lenient, r.MaxBytes, r.MaxLineLength = lenient, limit, maxLine
				line := int64(maxLine)
				if line == 0 {
					line = csa.DefaultMaxLineLength
				}
				var err error
				for range 4 {
					if _, err = r.Read(); errors.Is(err, csa.ErrTooLarge) {
						break
					}
				}
				if !errors.Is(err, csa.ErrTooLarge) {
					t.Errorf("%s, lines of %d, lenient %v: %v, want ErrTooLarge", tc.name, maxLine, lenient, err)
				}
				if in.N > limit+2*(line+1) {
					t.Errorf("%s, lines of %d, lenient %v: %d bytes read, want at most %d", tc.name, maxLine, lenient, in.N, limit+2*(line+1))
				}
			}
		}
	}
}
