package packed_test

import (
	"bytes"
	"fmt"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/packed"
)

func ExampleEncodeHCP() {
	p := shogi.NewStartPosition()
	h, err := packed.EncodeHCP(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", h[:4])
	q, err := h.Position()
	fmt.Println(q, err)
	// Output:
	// 58 a4 49 21
	// lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 <nil>
}

func ExampleAperyMove16() {
	m, _ := shogi.ParseUSIMove("P*5e")
	fmt.Printf("%#04x %#04x\n", uint16(packed.NewAperyMove16(m)), uint16(packed.NewYaneuraOuMove16(m)))

	// Back to a move, checked against the position.
	p := shogi.NewStartPosition()
	_, err := packed.NewAperyMove16(m).Move(p)
	fmt.Println(err)
	mv, err := packed.YaneuraOuMove16(0x1e3b).Move(p)
	fmt.Println(mv, err)
	// Output:
	// 0x28a8 0x40a8
	// packed: invalid move: illegal move P*5e at move 1: the dropped piece is not in hand
	// 7g7f <nil>
}

func ExampleNewWriter() {
	// Two HCPE entries of a game: the position before each move, the move played, and
	// the result (Black won).
	var buf bytes.Buffer
	w := packed.NewWriter[packed.HCPE](&buf)
	p := shogi.NewStartPosition()
	for _, usi := range []string{"7g7f", "3c3d"} {
		m, _ := shogi.ParseUSIMove(usi)
		e, err := packed.NewHCPE(p, m, 0, shogi.BlackWins)
		if err != nil {
			fmt.Println(err)
			return
		}
		_ = w.Write(e)
		_ = p.Play(m)
	}
	_ = w.Flush()
	fmt.Println(buf.Len(), "bytes")

	r := packed.NewReader[packed.HCPE](&buf)
	for e, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(r.Position(), r.Move(), e.Result)
	}
	// Output:
	// 76 bytes
	// lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 7g7f 1
	// lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1 3c3d 1
}

func ExampleSamples() {
	// A floodgate game that Black resigns (HCPE result 2, White won); the evaluation
	// comments are from Black's view, the entries' from the side to move's.
	rec, err := csa.Parse([]byte("V2.2\nPI\n+\n+7776FU\n'** 30 -3334FU\n-3334FU\n'** 45\n%TORYO\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	for s, err := range packed.Samples(rec) {
		if err != nil {
			fmt.Println(err)
			return
		}
		e, err := packed.NewHCPE(s.Position, s.Move, s.Eval, s.Result)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(s.Position.MoveNumber(), e.Move, e.Eval, e.Result)
	}
	// Output:
	// 1 7g7f 30 2
	// 2 3c3d -45 2
}
