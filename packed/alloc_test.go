//go:build !race

// The race detector allocates on its own, so these tests run only without it.

package packed_test

import (
	"bytes"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/packed"
)

// TestReusePositionAllocatesNothing: a Reader with ReusePosition reads and checks
// entries without allocating, once its buffers and its position exist; so does
// PositionInto.
func TestReusePositionAllocatesNothing(t *testing.T) {
	ps, ms := gameEntries(100)
	testReuseAllocs[packed.HCP](t, ps, ms)
	testReuseAllocs[packed.PackedSfen](t, ps, ms)
	testReuseAllocs[packed.HCPE](t, ps, ms)
	testReuseAllocs[packed.PSV](t, ps, ms)

	h, err := packed.EncodeHCP(ps[50])
	if err != nil {
		t.Fatal(err)
	}
	p := shogi.NewStartPosition()
	if n := testing.AllocsPerRun(100, func() {
		if err := h.PositionInto(p); err != nil {
			panic(err)
		}
	}); n != 0 {
		t.Errorf("HCP.PositionInto allocates %v times", n)
	}
}

func testReuseAllocs[E packed.Entry](t *testing.T, ps []*shogi.Position, ms []shogi.Move) {
	data := streamOf[E](t, ps, ms)
	in := bytes.NewReader(data)
	r := packed.NewReader[E](in)
	r.ReusePosition = true
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(len(ps)-2, func() {
		if _, err := r.Read(); err != nil {
			panic(err)
		}
	}); n != 0 {
		t.Errorf("%v: Read with ReusePosition allocates %v times an entry", packed.FormatOf[E](), n)
	}
}
