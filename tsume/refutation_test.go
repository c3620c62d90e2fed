package tsume_test

import (
	"testing"

	"github.com/kifu-go/shogi/tsume"
	"pgregory.net/rapid"
)

// TestNoMateRefutation checks the no-mates of the collection that the df-pn proves
// quickly by the refutation their table holds: every check refuted, down to positions
// with no check or repetitions (tsume.RefutationTree).
func TestNoMateRefutation(t *testing.T) {
	want := map[string]bool{"cshogi-no_mate": true, "dlshogi-1241": true, "dlshogi-1243": true,
		"dlshogi-1244": true, "dlshogi-1249": true, "sugyan-startpos": true}
	for _, p := range readCollection(t) {
		if !want[p.id] {
			continue
		}
		delete(want, p.id)
		r, ok := tsume.RefutationTree(parse(t, p.sfen, false), 64<<20, 1_000_000)
		if !ok {
			t.Errorf("%s: not proven no mate", p.id)
			continue
		}
		t.Logf("%s: %+v", p.id, r)
		if r.Missing != 0 || r.Contradicted != 0 || r.Or == 0 {
			t.Errorf("%s: refutation incomplete: %+v", p.id, r)
		}
	}
	for id := range want {
		t.Errorf("%s: not in the collection", id)
	}
}

// TestNoMateRefutationProperty checks every no-mate answer on random small positions by
// the refutation the table holds.
func TestNoMateRefutationProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawProblem(t)
		r, ok := tsume.RefutationTree(p, 4<<20, 300_000)
		if !ok {
			t.Skip("not proven no mate")
		}
		if r.Missing != 0 || r.Contradicted != 0 || r.Or == 0 {
			t.Fatalf("%v: refutation incomplete: %+v", p, r)
		}
	})
}
