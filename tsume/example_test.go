package tsume_test

import (
	"context"
	"fmt"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
)

func Example() {
	// A 7手詰 from the tests of json-kifu-format (taichitsume.kif).
	p, err := shogi.ParseSFENUnreachable("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1")
	if err != nil {
		panic(err)
	}
	r, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 1_000_000})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Status, r.Line, r.Length())
	fmt.Println(r)
	// Output:
	// mate tsume 7
	// mate in 7: S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b
}

func ExampleDefenderHoldsRest() {
	// The dragon can only check for ever: perpetual check loses, so no mate.
	p, _ := shogi.ParseSFENUnreachable("5G1k1/9/8+R/9/9/9/9/9/9 b - 1")
	p, _ = tsume.DefenderHoldsRest(p)
	fmt.Println(p)
	r, _ := tsume.Solve(context.Background(), p, tsume.Options{})
	fmt.Println(r.Status)
	// Output:
	// 5G1k1/9/8+R/9/9/9/9/9/9 b r2b3g4s4n4l18p 1
	// no-mate
}

func ExampleSolver_Verify() {
	// tsumemi's sample 3te/9, recorded as ▲3三金 △同玉 ▲2二角成: △3一玉, taking the
	// bishop, lasts longer (変長), and the problem is a mate in 5.
	p, _ := shogi.ParseSFENUnreachable("6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1")
	var line []shogi.Move
	for _, m := range []string{"G*3c", "3b3c", "3a2b+"} {
		mv, _ := shogi.ParseUSIMove(m)
		line = append(line, mv)
	}
	v := tsume.NewSolver(tsume.Options{Nodes: 1_000_000})
	ver, _ := v.Verify(context.Background(), p, line)
	fmt.Println(ver.Correct(), ver.Result.Line, ver.Result.Length())
	for _, f := range ver.Findings {
		fmt.Println(f)
	}
	// Output:
	// false tsume 5
	// ply 2: longer-defence 3b3a (4)
}

// A long search reports its progress: a GUI would print each report as it comes.
func ExampleOptions_progress() {
	// 将棋図巧 第1番, which takes the df-pn some 9 M nodes: stopped at 300 000 here.
	p, err := shogi.ParseSFENUnreachable("1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N5K b SP2gn2l11p 1")
	if err != nil {
		panic(err)
	}
	var last tsume.Progress
	r, err := tsume.Solve(context.Background(), p, tsume.Options{AnyMate: true, Nodes: 300_000,
		ProgressInterval: time.Millisecond, Progress: func(pr tsume.Progress) {
			last = pr // such as fmt.Printf("%d nodes, %v\n", pr.Nodes, pr.Elapsed)
		}})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Status, r.Stop, last.Nodes > 0 && last.Nodes <= r.Nodes)
	// Output: unknown node-limit true
}
