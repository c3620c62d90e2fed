package shogi_test

import (
	"fmt"
	"strings"

	"github.com/kifu-go/shogi"
)

// A game at the move limit: Black's rook checks at move 500 and goes on checking, so
// the game goes on; after Black's first move that is no check (move 504), it is drawn,
// and the moves after it are played past the limit.
func ExampleRecord_JudgeLine() {
	rec := &shogi.Record{StartSFEN: "7k1/9/9/9/8R/9/9/9/K8 b - 498"}
	node := &rec.Root
	for _, s := range strings.Fields("1e2e 2a1a 2e1e 1a2a 1e2e 2a1a 9i9h 1a2a") {
		m, _ := shogi.ParseUSIMove(s)
		node = node.AddChild(m)
	}
	_, problems, _ := rec.JudgeLine(rec.MainLine(), shogi.Rules{MaxMoves: 500})
	for _, p := range problems {
		fmt.Println(p.Code(), p.Ply)
		fmt.Println(p)
	}
	// Output:
	// past-move-limit 505
	// shogi: move 505 is played after the game reached the move limit of 500 moves: draw by move limit
}
