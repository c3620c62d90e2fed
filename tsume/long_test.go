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
// given must be a mate.
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
			checkTsumeLine(t, p, r.Moves, r.Line != tsume.LineProof)
		})
	}
}
