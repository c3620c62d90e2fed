package strarena

import (
	"fmt"
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

// After Reuse the strings are made again from the blocks of those before it, as they
// were, with no allocation; a record with more strings than maxReused blocks hold
// allocates for the rest only; an arena never reused keeps no block but its last.
func TestReuse(t *testing.T) {
	var a Arena
	line := func(i int) []byte { return []byte(fmt.Sprintf("'** %d 7g7f 3c3d comment %d", i, i)) }
	record := func(n int) []string {
		a.Reuse()
		got := make([]string, n)
		for i := range n {
			got[i] = a.String(line(i))
		}
		return got
	}
	for _, n := range []int{300, 10, 300, 1} {
		got := record(n)
		for i, g := range got {
			if want := string(line(i)); g != want {
				t.Fatalf("%d strings: string %d is %q, want %q", n, i, g, want)
			}
		}
	}
	buf := make([]byte, 40)
	if allocs := testing.AllocsPerRun(100, func() {
		a.Reuse()
		for range 300 {
			a.String(buf)
		}
	}); allocs > 0 {
		t.Errorf("%v allocations for 300 strings after Reuse", allocs)
	}
	many := (maxReused + 10) * blockSize / len(buf)
	a.Reuse()
	for range many {
		a.String(buf)
	}
	if len(a.blocks) != maxReused {
		t.Errorf("%d blocks kept, want %d", len(a.blocks), maxReused)
	}
	if allocs := testing.AllocsPerRun(10, func() {
		a.Reuse()
		for range many {
			a.String(buf)
		}
	}); allocs < 5 || allocs > 12 {
		t.Errorf("%v allocations for the strings of %d blocks, %d of them kept: want about 10", allocs, maxReused+10, maxReused)
	}

	var b Arena
	for range 1000 {
		b.String(buf)
	}
	if len(b.blocks) != 0 {
		t.Errorf("an arena never reused keeps %d blocks", len(b.blocks))
	}
}
