package kanji

import "testing"

func TestDigit(t *testing.T) {
	for i, r := range []rune("〇一二三四五六七八九") {
		if got := Digit(r); got != i {
			t.Errorf("Digit(%q) = %d, want %d", r, got, i)
		}
	}
	for _, r := range "十1１a" {
		if got := Digit(r); got != 0 {
			t.Errorf("Digit(%q) = %d, want 0", r, got)
		}
	}
}
