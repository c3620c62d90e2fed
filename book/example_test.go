package book_test

import (
	"bytes"
	"fmt"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
)

func ExampleBuilder() {
	var b book.Builder
	start := shogi.NewStartPosition()
	for _, g := range []struct {
		moves  string
		result shogi.Result
	}{
		{"7g7f 3c3d 2g2f", shogi.BlackWins},
		{"7g7f 8c8d", shogi.WhiteWins},
		{"2g2f 8c8d", shogi.Draw},
	} {
		var moves []shogi.Move
		for _, f := range bytes.Fields([]byte(g.moves)) {
			m, _ := shogi.ParseUSIMove(string(f))
			moves = append(moves, m)
		}
		if err := b.AddMoves(start, moves, g.result); err != nil {
			fmt.Println(err)
		}
	}
	bk := b.Book(0)
	for _, e := range bk.Lookup(start) {
		rate, _ := e.WinRate()
		fmt.Printf("%v ponder %v: played %d, won %d, drawn %d, lost %d (%.2f)\n", e.Move, e.Ponder, e.Count, e.Wins, e.Draws, e.Losses, rate)
	}
	fmt.Print(string(book.Format(bk)))
	// Output:
	// 7g7f ponder 3c3d: played 2, won 1, drawn 0, lost 1 (0.50)
	// 2g2f ponder 8c8d: played 1, won 0, drawn 1, lost 0 (0.50)
	// #YANEURAOU-DB2016 1.00
	// sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3
	// 2g2f none 0 0 1
	// sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
	// 3c3d 2g2f 0 0 1
	// 8c8d none 0 0 1
	// sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL w - 2
	// 8c8d none 0 0 1
	// sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
	// 7g7f 3c3d 0 0 2
	// 2g2f 8c8d 0 0 1
}

func ExampleParse() {
	text := `#YANEURAOU-DB2016 1.00
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
2g2f 8c8d 45 20 3
7g7f 3c3d 50 22 3
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
3c3d 2g2f -30 20 1
8c8d 7f7e 0 20 1
`
	bk, err := book.Parse([]byte(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range bk.Lookup(shogi.NewStartPosition()) {
		fmt.Println(e.Move, e.Ponder, e.Value, e.Depth, e.Count)
	}
	// An illegal move names its line.
	_, err = book.Parse([]byte("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f none\n7f7e none\n"))
	fmt.Println(err)
	// Output:
	// 7g7f 3c3d 50 22 3
	// 2g2f 8c8d 45 20 3
	// book: line 3: invalid move: illegal move 7f7e at move 1: no piece on the origin square
}

func ExampleFromApery() {
	// A book converted to Apery's book.bin and back, walking from the start position.
	bk, _ := book.Parse([]byte(`sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
7g7f none 12 0 5
sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
3c3d none -10 0 4
sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1
G*5b none 0 0 1
`))
	ab, st, _ := bk.Apery()
	fmt.Println(len(ab.Bytes()), "bytes,", st.Entries, "entries")
	back, fst, err := book.FromApery(ab, []*shogi.Position{shogi.NewStartPosition()}, book.WalkOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("reached %d of %d entries, %d positions\n", fst.ReachedEntries, fst.Entries, fst.Positions)
	fmt.Print(string(book.Format(back)))
	// Output:
	// 48 bytes, 3 entries
	// reached 2 of 3 entries, 2 positions
	// #YANEURAOU-DB2016 1.00
	// sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
	// 3c3d none -10 0 4
	// sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
	// 7g7f none 12 0 5
}

// Counting records apart and merging their counts per position, as a pipeline over
// many machines does, gives the book Add gives.
func ExampleBuilder_Counts() {
	rec := shogi.NewRecord()
	n := &rec.Root
	for _, u := range []string{"7g7f", "3c3d", "2g2f"} {
		m, _ := shogi.ParseUSIMove(u)
		n = n.AddChild(m)
	}
	n.End = &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins}

	counter := book.Builder{MaxPly: 2}
	var merged book.Builder
	for c, err := range counter.Counts(rec) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(c.Position.MoveNumber(), c.Entry.Move, c.Entry.Count, c.Entry.Wins, c.Entry.Losses)
		merged.AddCount(c.Position, c.Entry) // on any machine, in any order
	}
	fmt.Println(merged.Book(0).Moves(), "moves in the book")
	// Output:
	// 1 7g7f 1 1 0
	// 2 3c3d 1 0 1
	// 2 moves in the book
}
