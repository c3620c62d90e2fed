package jkf_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

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

// A Reader reads a stream of records and goes on after a record it cannot read.
func ExampleReader() {
	stream := `{"header":{"先手":"甲"},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]}
{"header":{"先手":"乙"},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":5},"piece":"FU"}}]}
{"header":{"先手":"丙"},"moves":[{},{"move":{"color
{"header":{"先手":"丁"},"moves":[{},{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}}]}
`
	r := jkf.NewReader(strings.NewReader(stream))
	for n := 1; ; n++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Printf("record %d, starting at line %d: %v\n", n, r.RecordLine(), err)
			continue
		}
		black, _ := rec.Header.Get(shogi.HeaderBlack)
		fmt.Printf("record %d: %s %v\n", n, black, rec.Moves())
	}
	// Output:
	// record 1: 甲 [7g7f]
	// record 2, starting at line 2: jkf: line 2, column 42: moves[1].move: illegal move 7g7e at move 1: the piece cannot move that way
	// record 3, starting at line 3: jkf: line 3, column 49: invalid JSON: unexpected EOF
	// record 4: 丁 [2g2f]
}
