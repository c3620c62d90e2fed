package tsume_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi/tsume"
)

// TestSolverReuse solves a problem with a Solver that solved and verified another one
// before (its table, its tsume-line cache and its verdicts written), and wants exactly
// what a new Solver answers: the same nodes, the same line. A search clears only what
// was written since the last one, so this is the test that nothing stale is left.
func TestSolverReuse(t *testing.T) {
	ctx := context.Background()
	first := parse(t, "9/1Bk6/9/3S5/9/6+P2/3B5/9/9 b S2r4g2s4n4l17p 1", false)
	p := parse(t, "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1", false)
	for _, anyMate := range []bool{false, true} {
		opt := tsume.Options{HashBytes: 4 << 20, AnyMate: anyMate}
		want, err := tsume.NewSolver(opt).Solve(ctx, p)
		if err != nil || want.Status != tsume.Mate {
			t.Fatal(want, err)
		}
		s := tsume.NewSolver(opt)
		r, err := s.Solve(ctx, first)
		if err != nil || r.Status != tsume.Mate {
			t.Fatal(r, err)
		}
		if _, err := s.Verify(ctx, first, r.Moves); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			got, err := s.Solve(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			type answer struct {
				Nodes, LineNodes uint64
				Line             string
			}
			if d := cmp.Diff(answer{want.Nodes, want.LineNodes, want.String()}, answer{got.Nodes, got.LineNodes, got.String()}); d != "" {
				t.Errorf("AnyMate %v: a used Solver answers otherwise than a new one (-new +used):\n%s", anyMate, d)
			}
		}
	}
}
