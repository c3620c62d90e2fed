package sfentext

import (
	"errors"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

func TestColumn(t *testing.T) {
	tests := []struct {
		s    string
		off  int
		want int
	}{
		{"", 0, 1},
		{"abc", 0, 1},
		{"abc", 2, 3},
		{"abc", 3, 4},
		{"abc", 10, 4}, // past the end: the column after the text
		{"abc", -1, 1},
		{"１b", 3, 2},     // after a three-byte character
		{"a\xffb", 2, 3}, // an invalid byte counts as one character
	}
	for _, tt := range tests {
		if got := Column(tt.s, tt.off); got != tt.want {
			t.Errorf("Column(%q, %d) = %d, want %d", tt.s, tt.off, got, tt.want)
		}
	}
}

func TestIsBlank(t *testing.T) {
	for s, want := range map[string]bool{"": true, " \t\r\n\v\f": true, " x ": false, "\u3000": false, "sfen": false} {
		if got := IsBlank(s); got != want {
			t.Errorf("IsBlank(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestErrorOffsetsProperty: a syntax error's offset lies in the text, on a character
// boundary, so that Column turns it into a column of the text.
func TestErrorOffsetsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.OneOf(rapid.String(), rapid.StringMatching(`(sfen )?[1-9kKpP+/１]{1,40} [bwｂ] [-pP2１]{1,4}( [0-9１]{1,3})?`)).Draw(t, "text")
		_, err := Parse(s)
		if err == nil {
			return
		}
		var e *Error
		if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) {
			t.Fatalf("Parse(%q) = %#v", s, err)
		}
		if e.Offset < len(s) && !utf8.RuneStart(s[e.Offset]) {
			t.Fatalf("Parse(%q): offset %d is inside a character", s, e.Offset)
		}
		if c := Column(s, e.Offset); c < 1 || c > utf8.RuneCountInString(s)+1 {
			t.Fatalf("Parse(%q): column %d", s, c)
		}
	})
}
