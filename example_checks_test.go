package shogi_test

import (
	"fmt"

	"github.com/kifu-go/shogi"
)

func ExamplePosition_GenerateChecks() {
	// A silver in hand, and a knight that uncovers a lance aimed at the king
	// wherever it goes, promoting or not.
	p, err := shogi.ParseSFEN("4k4/9/9/9/4N4/9/9/9/4L3K b S 1")
	if err != nil {
		panic(err)
	}
	var list shogi.MoveList
	p.GenerateChecks(&list)
	fmt.Println(list.Moves())
	// Output: [S*4b S*5b S*6b 5e4c+ 5e6c+ 5e4c 5e6c]
}

func ExamplePosition_GivesCheck() {
	p, err := shogi.ParseSFEN("4k4/9/9/9/4N4/9/9/9/4L3K b S 1")
	if err != nil {
		panic(err)
	}
	for _, usi := range []string{"5e4c", "S*5c", "1i1h"} {
		m, _ := shogi.ParseUSIMove(usi)
		fmt.Println(m, p.GivesCheck(m))
	}
	// Output:
	// 5e4c true
	// S*5c false
	// 1i1h false
}

func ExamplePosition_MateInOne() {
	// 頭金: a gold dropped in front of the king, guarded by a pawn.
	p, err := shogi.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.MateInOne())

	// 打ち歩詰め: the pawn drop on 1b would mate, so it is illegal, and no other
	// move mates.
	p, err = shogi.ParseSFEN("7lk/9/8S/9/9/9/9/7L1/8K b P 1")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.MateInOne())
	// Output:
	// G*5b
	// none
}
