package tsume

import (
	"testing"

	"github.com/kifu-go/shogi"
)

// TestDropsOnlyShortcut: where only drops may be futile, onlyDropsMayBeFutile counts
// the replies that are no drop instead of generating them; it answers as the
// generation does, after every check of game positions and of the positions two
// plies on, under the conventions that set it.
func TestDropsOnlyShortcut(t *testing.T) {
	tested, may := 0, 0
	for _, sfen := range []string{
		"ln6K/9/1sp2+P3/pp4G1p/6P2/+r8/9/9/k+l1+R5 b B2G2SNLPbgs2nl11p 1",
		"ln6K/1ksPg1sG1/5s2p/ppp3p2/9/P1P3P2/4+p3P/1+r7/LN3L2L w RBSb2g2n7p 1",
		"ln1s+R3K/2s6/p1pp1p3/kp+r4pp/N3p4/1Sg6/P2B2P1P/5g3/LL3g1NL b BGS2Pn5p 1",
		"9/1Bk6/9/3S5/9/6+P2/3B5/9/9 b S2r4g2s4n4l17p 1",
		"7k1/5+Bp2/7Ss/9/9/9/1n7/9/9 b 2rb4g2s3n4l17p 1",
	} {
		p, err := shogi.ParseSFENUnreachable(sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, futile := range []Futile{FutileFree, FutileDrops} {
			pos, err := problem(p)
			if err != nil {
				t.Fatal(err)
			}
			l, s := freshLiner(pos, futile, 0)
			bs := &searcher{pos: pos, tt: s.tt, attacker: pos.SideToMove(), futile: l.isFutile, decided: l.decided}
			var checks, replies, list shogi.MoveList
			var visit func(depth int)
			visit = func(depth int) {
				pos.GenerateChecks(&checks)
				for _, m := range append([]shogi.Move(nil), checks.Moves()...) {
					pos.PlayUnchecked(m)
					// Some verdicts known, as in a search: the first drop's test.
					pos.GenerateEvasions(&replies)
					for _, e := range replies.Moves() {
						if e.IsDrop() {
							l.isFutile(e)
							break
						}
					}
					bs.dropsOnly = false
					want := bs.onlyDropsMayBeFutile(&list)
					bs.dropsOnly = true
					if got := bs.onlyDropsMayBeFutile(&list); got != want {
						t.Fatalf("%v (%v): counted %v, generated %v", pos, futile, got, want)
					}
					tested++
					if want {
						may++
					}
					if depth > 0 {
						pos.GenerateEvasions(&replies)
						for _, e := range append([]shogi.Move(nil), replies.Moves()...) {
							pos.PlayUnchecked(e)
							visit(depth - 1)
							pos.Undo()
						}
					}
					pos.Undo()
				}
			}
			visit(1)
		}
	}
	if tested == 0 || may == 0 || may == tested {
		t.Errorf("%d checks tested, %d whose replies that are no drop may all be futile: want some of each", tested, may)
	}
}
