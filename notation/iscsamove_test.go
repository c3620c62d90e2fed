package notation

import "testing"

func TestIsCSAMove(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"+7776FU", true}, {"-0055KA", true}, {"+3324NG", true}, {"-1112RY", true},
		{"7776FU", false},   // no sign
		{"+7776XX", false},  // no such piece
		{"+7076FU", false},  // origin rank 0 with a file
		{"+0776FU", false},  // a drop names both digits 0
		{"+7706FU", false},  // destination rank 0
		{"+7776FU,", false}, // too long
		{"*7776FU", false},
		{"+77a6FU", false},
		{"", false},
	} {
		if got := IsCSAMove(tc.text); got != tc.want {
			t.Errorf("IsCSAMove(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
