package kif

import (
	"fmt"
	"strings"
	"testing"

	shogi "github.com/kifu-go/shogi"
)

// wideAlternatives are the alternatives to the third move after ７六歩 ３四歩: every
// legal move and every special move but the main line's 投了.
func wideAlternatives() []string {
	pos, err := shogi.ParseSFEN(shogi.StartSFEN)
	if err != nil {
		panic(err)
	}
	for _, m := range []string{"7g7f", "3c3d"} {
		mv, err := shogi.ParseUSIMove(m)
		if err != nil {
			panic(err)
		}
		if err := pos.Play(mv); err != nil {
			panic(err)
		}
	}
	var alts []string
	for _, m := range pos.LegalMoves() {
		alts = append(alts, string(appendKIFMove(nil, pos, m)))
	}
	for k, w := range endingWords {
		if w != "" && shogi.EndingKind(k) != shogi.EndResign {
			alts = append(alts, w)
		}
	}
	return alts
}

// wideVariations returns a KIF record whose third move has n alternatives (変化：3手),
// all children of one node: the wideAlternatives in turn, repeated past their number.
func wideVariations(n int) string {
	alts := wideAlternatives()
	var b strings.Builder
	b.WriteString("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n")
	for i := range n {
		fmt.Fprintf(&b, "変化：3手\n   3 %s\n", alts[i%len(alts)])
	}
	return b.String()
}

// TestWideVariationsLinear: checking each new variation against its siblings costs a
// bounded number of comparisons each, so that n variations at one point are read in
// time proportional to n (it used to compare each with all the others: 100 000 took
// half a minute). A node has at most as many distinct alternatives as moves and
// special words; a lenient read of many more passes over the repeated ones, each
// checked in constant time.
func TestWideVariationsLinear(t *testing.T) {
	distinct := len(wideAlternatives())
	if distinct <= indexFrom {
		t.Fatalf("%d alternatives: the index is not exercised", distinct)
	}
	for _, n := range []int{distinct, 1000, 20000} {
		r := NewReader(strings.NewReader(wideVariations(n)))
		r.Lenient = n > distinct
		rec, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		node := rec.Root.Children[0].Children[0]
		if got := len(node.Children); got != distinct {
			t.Fatalf("%d children, want %d", got, distinct)
		}
		if got := len(r.Warnings()); got != n-distinct {
			t.Errorf("%d blocks: %d warnings, want %d", n, got, n-distinct)
		}
		if r.compared > 2*n+2*indexFrom {
			t.Errorf("%d variations: %d comparisons, want at most %d", n, r.compared, 2*n+2*indexFrom)
		}
	}
	// A repeated alternative is found among many.
	text := wideVariations(distinct + 1)
	if _, err := Parse([]byte(text)); err == nil || !strings.Contains(err.Error(), "repeats") {
		t.Errorf("a repeated alternative among %d: %v", distinct+1, err)
	}
}
