package tsume

import (
	"slices"
	"testing"

	"github.com/kifu-go/shogi"
)

// TestNearestFirst checks the order of the chain of unguarded drops against a rook
// checking from afar, from either side of the king: each type's drops on unguarded
// squares come nearest the king first, the drops on the guarded square next to the
// king keep their places, and the list holds the replies generated.
func TestNearestFirst(t *testing.T) {
	for _, sfen := range []string{
		"9/9/9/9/R7k/9/9/9/9 w 2l3p 1", // king on 1e, rook on 9e
		"9/9/9/9/k7R/9/9/9/9 w 2l3p 1", // king on 9e, rook on 1e
		"9/9/9/k8/9/9/9/9/R8 w 2lgs 1", // king on 9d, rook on 9i
	} {
		p, err := shogi.ParseSFENUnreachable(sfen)
		if err != nil {
			t.Fatal(err)
		}
		v := NewSolver(Options{HashBytes: 1 << 20})
		s := &searcher{pos: p, tt: v.tt, attacker: shogi.Black}
		s.reset()
		list := s.generate(0)
		var before []shogi.Move
		for i := range list {
			before = append(before, list[i].move)
		}
		k := p.King(shogi.White)
		unguarded := s.unguardedDrops(list)
		if unguarded.Count() < 3 {
			t.Fatalf("%s: %d unguarded squares, want the squares between but the one next to the king", sfen, unguarded.Count())
		}
		nearestFirst(list, unguarded, k)
		var after []shogi.Move
		last := map[shogi.PieceType]int{}
		for i := range list {
			m := list[i].move
			after = append(after, m)
			switch {
			case !m.IsDrop():
			case unguarded.Has(m.To()):
				d := kingDistance(m.To(), k)
				if d < last[m.DropType()] {
					t.Errorf("%s: %v comes after a drop of its type farther from the king", sfen, m)
				}
				last[m.DropType()] = d
			case m != before[i]:
				t.Errorf("%s: the drop %v on a guarded square moved", sfen, m)
			}
		}
		slices.Sort(before)
		slices.Sort(after)
		if !slices.Equal(before, after) {
			t.Errorf("%s: the replies changed: %v, want %v", sfen, after, before)
		}
	}
}
