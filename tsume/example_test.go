package tsume_test

import (
	"context"
	"fmt"

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
