package packed

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPeek8: peek8 at every bit of any 256 bits (and at their end) gives the next 8 bits that bit reads,
// 0 past the end, and reads none of them.
func TestPeek8(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var in [32]byte
		copy(in[:], rapid.SliceOfN(rapid.Byte(), 32, 32).Draw(t, "bytes"))
		r := newBitReader(&in)
		for pos := uint(0); pos <= 256; pos++ {
			r.pos = pos
			got := r.peek8()
			var want uint8
			for i := range uint(8) {
				if b, ok := r.bit(); ok {
					want |= b << i
				}
			}
			if got != want {
				t.Fatalf("peek8 at bit %d = %08b, bits read %08b", pos, got, want)
			}
		}
	})
}

// TestBoardPeek: for every 8 bits, boardPeek names the board code that reading them
// bit by bit through boardOf finds, and its length, or none when the 8 bits find none.
func TestBoardPeek(t *testing.T) {
	for _, s := range []*scheme{hcpScheme, sfenScheme} {
		for w := range 256 {
			var want uint16
			var bits uint8
			for n := uint8(1); n <= 8; n++ {
				bits |= uint8(w>>(n-1)&1) << (n - 1)
				if pc := s.boardOf[n][bits]; pc != 0 {
					want = uint16(pc) | uint16(n)<<8
					break
				}
			}
			if s.boardPeek[w] != want {
				t.Errorf("%v: boardPeek[%08b] = %#x, want %#x", s.format, w, s.boardPeek[w], want)
			}
		}
	}
}
