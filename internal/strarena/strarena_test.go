package strarena

import (
	"strings"
	"testing"
)

// The strings hold the bytes given, whatever is done with those bytes and the arena
// afterwards, and short strings cost an allocation per block, not each.
func TestString(t *testing.T) {
	var a Arena
	buf := []byte("hello")
	s := a.String(buf)
	buf[0] = 'J'
	long := strings.Repeat("x", blockSize)
	var got []string
	for i := range 3000 {
		got = append(got, a.String([]byte(strings.Repeat("ab", i%7))))
	}
	if l := a.String([]byte(long)); l != long {
		t.Error("a long string differs")
	}
	if s != "hello" {
		t.Errorf("the first string is %q", s)
	}
	for i, g := range got {
		if want := strings.Repeat("ab", i%7); g != want {
			t.Fatalf("string %d is %q, want %q", i, g, want)
		}
	}
	if a.String(nil) != "" {
		t.Error("no bytes: not the empty string")
	}
	b := []byte("a comment of some forty bytes, as a move")
	allocs := testing.AllocsPerRun(1000, func() { a.String(b) })
	if allocs > 0.05 {
		t.Errorf("%v allocations a string", allocs)
	}
}
