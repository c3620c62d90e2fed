package jkf

import (
	"bytes"
	"testing"

	"pgregory.net/rapid"
)

// TestRapidAppendString: strings of any bytes — control characters, quotes, invalid
// UTF-8, U+2028 and U+2029, '<' and '&' — are written as encoding/json writes them
// without HTML escaping.
func TestRapidAppendString(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s string
		if rapid.Bool().Draw(t, "bytes") {
			s = string(rapid.SliceOf(rapid.Byte()).Draw(t, "raw"))
		} else {
			s = rapid.StringOf(rapid.SampledFrom([]rune{'a', '"', '\\', '\n', '\r', '\t', '\b', '\f', 0, 0x1f, 0x7f, '<', '>', '&', '\u2028', '\u2029', 'é', '歩', 0xFFFD})).Draw(t, "odd")
		}
		want, err := marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	})
}
