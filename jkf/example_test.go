package jkf_test

import (
	"errors"
	"fmt"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/jkf"
)

func ExampleParse() {
	rec, err := jkf.Parse([]byte(`{"header":{"先手":"na2hiro"},"moves":[{},
		{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},
		{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},
		 "forks":[[{"move":{"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}}]]},
		{"special":"TORYO"}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	black, _ := rec.Header.Get(shogi.HeaderBlack)
	fmt.Println(black, rec.Moves(), rec.Ending().Result)
	fmt.Println("variation:", rec.Root.Children[0].Children[1].Move)

	_, err = jkf.Parse([]byte(`{"header":{},"moves":[{},{"move":{"color":0,"to":{"x":5,"y":5},"piece":"FU"}}]}`))
	fmt.Println(errors.Is(err, shogi.ErrNotInHand), err)
	// Output:
	// na2hiro [7g7f 3c3d] white wins
	// variation: 8c8d
	// true jkf: line 1, column 34: moves[1].move: illegal move P*5e at move 1: the dropped piece is not in hand
}

func ExampleFormat() {
	rec := shogi.NewRecord()
	pos := shogi.NewStartPosition()
	// Both golds can reach 5八: the writer adds "relative" (右, R).
	m := shogi.NewMove(shogi.NewSquare(4, 9), shogi.NewSquare(5, 8), false)
	if err := pos.Play(m); err != nil {
		fmt.Println(err)
	}
	rec.Root.AddChild(m).Comments = []string{"a gold"}
	out, err := jkf.Format(rec)
	if err != nil {
		fmt.Println(err)
	}
	fmt.Print(string(out))
	// Output:
	// {"header":{},"initial":{"preset":"HIRATE"},"moves":[{},{"comments":["a gold"],"move":{"color":0,"from":{"x":4,"y":9},"to":{"x":5,"y":8},"piece":"KI","relative":"R"}}]}
}
