package kif

import (
	"strings"
	"testing"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// TestMarkAtAgreesWithMarkColor checks the byte-level reading of turn marks against
// markColor on every character of the Basic Multilingual Plane.
func TestMarkAtAgreesWithMarkColor(t *testing.T) {
	for r := rune(0); r <= 0xFFFF; r++ {
		s := string(r) + "歩"
		wantC, wantOK := markColor(r)
		if !utf8.ValidRune(r) {
			wantC, wantOK = shogi.Black, false
		}
		gotC, gotOK := markAt(s, 0)
		if gotC != wantC || gotOK != wantOK {
			t.Fatalf("markAt(%q) = %v, %v; markColor = %v, %v", s, gotC, gotOK, wantC, wantOK)
		}
	}
}

// nextMarkByRunes is nextMark the slow way: reading s character by character.
func nextMarkByRunes(s string, i int) int {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if _, ok := markColor(r); ok {
			return i
		}
		i += n
	}
	return len(s)
}

// TestNextMarkAgreesWithRunes checks nextMark, which finds a mark by its bytes, against
// reading the text character by character, on texts with invalid UTF-8 around marks.
func TestNextMarkAgreesWithRunes(t *testing.T) {
	parts := []string{"▲", "△", "▼", "▽", "☗", "☖", "７六歩", "　", " ", "同", "☘", "◆",
		"\xe2", "\xe2\x96", "\x96\xb2", "\xf0", "\xf0\x9f", "\xe0\xa0", "\xff", "\x80", "a"}
	rapid.Check(t, func(t *rapid.T) {
		s := strings.Join(rapid.SliceOfN(rapid.SampledFrom(parts), 0, 12).Draw(t, "parts"), "")
		// ki2Line looks for the next mark from the start of the line and from just
		// after each mark.
		for i := 0; ; {
			got, want := nextMark(s, i), nextMarkByRunes(s, i)
			if got != want {
				t.Fatalf("nextMark(%q, %d) = %d, want %d", s, i, got, want)
			}
			if want == len(s) {
				break
			}
			i = want + markLen
		}
	})
}
