package tsume_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/kifu-go/shogi/tsume"
)

// TestLong runs long problems from solvers' issue trackers with a time limit (set
// TSUME_LONG=1): the df-pn must prove each mate (馬鋸 takes it 1.5 M nodes with this
// table, the others less than 0.5 M); the tsume-line search may not finish, but the line
// given must be a mate. Then the famous long works of the collection (famous.tsv) with
// the df-pn alone (AnyMate), each within a node limit: every line read from the proof
// must replay as a tsume ending in checkmate, no longer than the proof's length
// (Result.MaxLength), which bounds the tsume length from above and so is at least the
// published length. The whole test takes about two minutes on a quiet machine: the
// issue problems about 80 s, the famous works about 40 s of CPU, ミクロコスモス 25 s of
// them (measured 2026-11-27).
func TestLong(t *testing.T) {
	if os.Getenv("TSUME_LONG") == "" {
		t.Skip("set TSUME_LONG=1 to run the long problems")
	}
	for _, c := range []struct{ name, sfen string }{
		{"yaneuraou-116 馬鋸", "7k1/5+Bp2/7Ss/9/9/9/1n7/9/9 b 2rb4g2s3n4l17p 1"},
		{"yaneuraou-116 nine pieces", "1+P2l4/2P6/9/p5+R2/2k6/B3+P3B/9/9/9 b r4g4s4n3l14p 1"},
		{"yaneuraou-116 loop", "4+P+P+P+P1/+P1+P5+P/7kP/PP5pp/1+P2+P1pP1/6+P1+P/9/9/9 b 2r2b4g4s4n4l 1"},
		{"yaneuraou-174", "3+R1gknl/4+B1s2/6pp1/5p3/8p/9/9/9/9 b RSNPb3g2s2n3l13p 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := parse(t, c.sfen, false)
			r, err := tsume.Solve(context.Background(), p, tsume.Options{Time: time.Minute, HashBytes: 256 << 20, LineNodes: 1 << 40})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v (%v, length %d to %d) nodes %d line nodes %d in %v", r, r.Line, r.MinLength, r.MaxLength, r.Nodes, r.LineNodes, r.Time)
			if r.Status != tsume.Mate {
				t.Fatalf("%v, want a mate", r.Status)
			}
			// A proof's line read within MaxLength (LineProof) may end, as the tsume
			// line may, where the only replies are futile interpositions.
			checkTsumeLine(t, p, r.Moves, true)
			if r.Line == tsume.LineProof && r.MaxLength > 0 && r.Length() > r.MaxLength {
				t.Errorf("a line of %d plies next to a mate proven within %d", r.Length(), r.MaxLength)
			}
		})
	}
	// The node limits are about 1.5 times the nodes each proof took, with its table
	// (measured 2026-11-27): the table's size swings them, and ambergris, proven in
	// 10.9 M nodes with 64 MiB (9.5 M with 128, 11.1 M with 512), had no answer within
	// 100 M with 256; ミクロコスモス, proven in 44.2 M with 256 MiB, none within 40 M with
	// 64.
	famous := map[string]struct {
		mib   int
		nodes uint64
	}{
		"microcosmos":     {256, 66_000_000}, // 44.2 M nodes, proof length 1561
		"ambergris":       {64, 17_000_000},  // 10.9 M, 783
		"hashimoto-587":   {256, 18_000_000}, // 12.2 M, 591
		"zuko-100":        {256, 4_000_000},  // 2.7 M, 611
		"act-no-yume":     {256, 3_500_000},  // 2.3 M, 499
		"astral-traveler": {256, 3_500_000},  // 2.2 M, 701
	}
	seen := 0
	for _, pr := range readCollection(t) {
		c, ok := famous[pr.id]
		if !ok {
			continue
		}
		seen++
		t.Run(pr.id, func(t *testing.T) {
			p := parse(t, pr.sfen, false)
			r, err := tsume.Solve(context.Background(), p, tsume.Options{AnyMate: true, Nodes: c.nodes, HashBytes: c.mib << 20})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s (%d MiB): %v, %d plies read, proof length %d (published %v), %d nodes in %v", pr.id, c.mib, r.Status, len(r.Moves), r.MaxLength, pr.want, r.Nodes, r.Time)
			if r.Status != tsume.Mate || r.Line != tsume.LineProof {
				t.Fatalf("%v (%v line), want a mate and its proof's line", r.Status, r.Line)
			}
			checkTsumeLine(t, p, r.Moves, false)
			if len(r.Moves) > r.MaxLength || r.MaxLength < pr.want.length {
				t.Errorf("%d plies read, proof length %d: want at most the proof length, and that at least the published %d", len(r.Moves), r.MaxLength, pr.want.length)
			}
		})
	}
	if seen != len(famous) {
		t.Errorf("%d of the %d famous works found in the collection", seen, len(famous))
	}
}
