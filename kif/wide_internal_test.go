package kif

import (
	"fmt"
	"strings"
	"testing"
)

// wideVariations returns a KIF record whose third move has n alternatives that are
// endings of their own (変化：3手 with a special word each), all children of one node.
func wideVariations(n int) string {
	var b strings.Builder
	b.WriteString("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n")
	for i := range n {
		fmt.Fprintf(&b, "変化：3手\n   3 終局%d\n", i)
	}
	return b.String()
}

// TestWideVariationsLinear: checking each new variation against its siblings costs a
// bounded number of comparisons each, so that n variations at one point are read in
// time proportional to n (it used to compare each with all the others: 100 000 took
// half a minute).
func TestWideVariationsLinear(t *testing.T) {
	for _, n := range []int{1000, 20000} {
		r := NewReader(strings.NewReader(wideVariations(n)))
		rec, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		node := rec.Root.Children[0].Children[0]
		if got := len(node.Children); got != n {
			t.Fatalf("%d children, want %d", got, n)
		}
		if r.compared > 2*n+2*indexFrom {
			t.Errorf("%d variations: %d comparisons, want at most %d", n, r.compared, 2*n+2*indexFrom)
		}
	}
	// A repeated alternative is still found among many.
	text := wideVariations(100) + "変化：3手\n   3 終局42\n"
	if _, err := Parse([]byte(text)); err == nil || !strings.Contains(err.Error(), "repeats") {
		t.Errorf("a repeated ending among 101: %v", err)
	}
}
