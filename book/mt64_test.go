package book

import "testing"

// The C++ standard ([rand.predef]) requires the 10000th output of a
// default-constructed std::mt19937_64 to be 9981545732273789042.
func TestMT64Standard(t *testing.T) {
	g := newMT64(5489)
	var x uint64
	for range 10000 {
		x = g.next()
	}
	if x != 9981545732273789042 {
		t.Fatalf("10000th output = %d, want 9981545732273789042", x)
	}
}
