package shogi

import (
	"testing"

	"pgregory.net/rapid"
)

// TestIncrementalHash plays random lines (moves chosen by index, so that rapid
// shrinks them) and compares the incremental hash with computeHash after every Play
// and every Undo.
func TestIncrementalHash(t *testing.T) {
	starts := []string{
		StartSFEN,
		"4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
		"l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1",
	}
	rapid.Check(t, func(t *rapid.T) {
		p, err := ParseSFEN(rapid.SampledFrom(starts).Draw(t, "start"))
		if err != nil {
			t.Fatal(err)
		}
		var list MoveList
		var hashes []uint64
		for range rapid.IntRange(0, 200).Draw(t, "plies") {
			p.GenerateMoves(&list)
			if list.Len() == 0 {
				break
			}
			hashes = append(hashes, p.hash)
			p.PlayUnchecked(list.At(rapid.IntRange(0, list.Len()-1).Draw(t, "move")))
			if h := p.computeHash(); h != p.hash {
				t.Fatalf("%s after %v: incremental hash %#x, recomputed %#x", p, p.LastMove(), p.hash, h)
			}
		}
		for i := len(hashes) - 1; i >= 0; i-- {
			p.Undo()
			if p.hash != hashes[i] || p.computeHash() != p.hash {
				t.Fatalf("%s: after Undo hash %#x, was %#x, recomputed %#x", p, p.hash, hashes[i], p.computeHash())
			}
		}
	})
}

// TestHashKeys checks that the Zobrist keys in use are distinct and non-zero, and that
// an empty hand entry adds nothing.
func TestHashKeys(t *testing.T) {
	seen := map[uint64]string{}
	add := func(k uint64, what string) {
		if k == 0 {
			t.Errorf("%s has a zero key", what)
		}
		if prev, ok := seen[k]; ok {
			t.Errorf("%s and %s share a key", what, prev)
		}
		seen[k] = what
	}
	for c := Black; c <= White; c++ {
		for pt := Pawn; pt <= Dragon; pt++ {
			pc := NewPiece(c, pt)
			for s := Square(1); s <= NumSquares; s++ {
				add(zobristPiece[pc][s], pc.String()+s.String())
			}
		}
		for _, pt := range HandTypes {
			if zobristHand[c][pt][0] != 0 {
				t.Errorf("empty %v hand entry has a key", pt)
			}
			for n := 1; n <= MaxInHand[pt]; n++ {
				add(zobristHand[c][pt][n], c.String()+" hand "+pt.String())
			}
		}
	}
	add(zobristSide, "side")
}
