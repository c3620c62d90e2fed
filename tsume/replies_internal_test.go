package tsume

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
)

// TestReplyCountsChangeNothing: the cache of replies counted (replyCount) spares work,
// not nodes: game positions whose tsume line the bounded df-pn searches give the same
// result, node for node, with the cache and without it, and the cache is used.
func TestReplyCountsChangeNothing(t *testing.T) {
	for _, sfen := range []string{
		"ln6K/9/1sp2+P3/pp4G1p/6P2/+r8/9/9/k+l1+R5 b B2G2SNLPbgs2nl11p 1",         // dlshogi 1217
		"ln6K/1ksPg1sG1/5s2p/ppp3p2/9/P1P3P2/4+p3P/1+r7/LN3L2L w RBSb2g2n7p 1",    // dlshogi 1214
		"ln1s+R3K/2s6/p1pp1p3/kp+r4pp/N3p4/1Sg6/P2B2P1P/5g3/LL3g1NL b BGS2Pn5p 1", // dlshogi 1208
	} {
		p, err := shogi.ParseSFENUnreachable(sfen)
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{HashBytes: 16 << 20, Nodes: 300_000, Futile: FutileDrops, LineNodes: 300_000}
		with, without := NewSolver(opt), NewSolver(opt)
		if with.replies == nil {
			t.Fatal("no cache of replies counted at 16 MiB")
		}
		without.replies = nil
		a, err := with.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := without.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		a.Time, b.Time = 0, 0
		if d := cmp.Diff(b, a); d != "" {
			t.Errorf("%s: the cache of replies counted changed the result (-without +with):\n%s", sfen, d)
		}
		used := 0
		for _, e := range with.replies {
			if e.n != 0 {
				used++
			}
		}
		if a.LineNodes > 0 && used == 0 {
			t.Errorf("%s: %d line nodes, and the cache of replies counted is empty", sfen, a.LineNodes)
		}
	}
}
