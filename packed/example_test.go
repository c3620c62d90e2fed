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

// An Encoder writes a game's entries as AppendSample does; between two positions of a
// game it codes only the files of the board that changed (here file 7, then file 3).
func ExampleEncoder() {
	rec, err := csa.Parse([]byte("V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	var e packed.Encoder
	var out []byte
	for s, err := range packed.Samples(rec) {
		if err != nil {
			fmt.Println(err)
			return
		}
		if out, err = e.AppendSample(out, packed.SamplePSV, &s); err != nil {
			fmt.Println(err)
			return
		}
	}
	r := packed.NewReader[packed.PSV](bytes.NewReader(out))
	for psv, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(psv.GamePly, r.Move(), r.Position())
	}
	// Output:
	// 1 7g7f lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
	// 2 3c3d lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
}

// A training set by dlshogi's filters: records of two players rated 2500 or more, of
// at least 4 moves, their first position skipped and none evaluated past ±1000 (the
// second, after 3c3d, is at 1500), written as USI lines (or any other SampleFormat).
func ExampleFilter() {
	rec, err := csa.Parse([]byte(`V2.2
'black_rate:alice:2810.0
'white_rate:bob:2650.0
PI
+
+7776FU
-3334FU
'** 1500
+2726FU
'** 40
-8384FU
'** -12
+2625FU
%TORYO
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	f := packed.Filter{ByRating: true, MinRating: 2500, MinPlies: 4, SkipFirst: 1, ByEval: true, MaxEval: 1000}
	if why := f.RejectRecord(rec, len(rec.Moves())); why != "" {
		fmt.Println("dropped:", why)
		return
	}
	var out []byte
	for s, err := range packed.Samples(rec) {
		if err != nil {
			fmt.Println(err)
			return
		}
		if f.KeepSample(&s) {
			out, _ = packed.AppendSample(out, packed.SampleUSI, &s)
		}
	}
	fmt.Print(string(out))
	f.MinRating = 2700
	fmt.Println("at 2700:", f.RejectRecord(rec, len(rec.Moves())))
	// Output:
	// position sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3 moves 2g2f
	// position sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4 moves 8c8d
	// position sfen lnsgkgsnl/1r5b1/p1pppp1pp/1p4p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL b - 5 moves 2f2e
	// at 2700: min-rating
}

// With ReusePosition every entry is decoded into the same position, which the next
// Read overwrites: a loop over a training file allocates nothing per entry.
func ExampleReader_reusePosition() {
	var buf bytes.Buffer
	w := packed.NewWriter[packed.HCP](&buf)
	for _, sfen := range []string{shogi.StartSFEN, "4k4/9/9/9/9/9/9/9/4K4 w 2G 1"} {
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			fmt.Println(err)
			return
		}
		h, err := packed.EncodeHCP(p)
		if err != nil {
			fmt.Println(err)
			return
		}
		_ = w.Write(h)
	}
	_ = w.Flush()

	r := packed.NewReader[packed.HCP](&buf)
	r.ReusePosition = true
	var first *shogi.Position
	for _, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			continue
		}
		if first == nil {
			first = r.Position()
		}
		fmt.Println(r.Position(), r.Position() == first)
	}
	// Output:
	// lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 true
	// 4k4/9/9/9/9/9/9/9/4K4 w 2G 1 true
}
