package shogi_test

import (
	"errors"
	"fmt"

	"github.com/kifu-go/shogi"
)

func ExamplePosition_Play() {
	p := shogi.NewStartPosition()
	for _, usi := range []string{"7g7f", "3c3d", "8h2b+"} {
		m, err := shogi.ParseUSIMove(usi)
		if err != nil {
			panic(err)
		}
		if err := p.Play(m); err != nil {
			panic(err)
		}
	}
	fmt.Println(p)
	fmt.Println(p.Hand(shogi.Black), p.LastMove())
	p.Undo()
	fmt.Println(p)
	// Output:
	// lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4
	// B 8h2b+
	// lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3
}

func ExamplePosition_CheckMove() {
	// Black has a pawn in hand and a pawn on file 5 already.
	p, _ := shogi.ParseSFEN("4k4/9/9/9/9/4P4/9/9/4K4 b P 31")
	err := p.CheckMove(shogi.NewDrop(shogi.Pawn, shogi.NewSquare(5, 3)))
	fmt.Println(err)
	fmt.Println(errors.Is(err, shogi.ErrNifu))
	var ime *shogi.IllegalMoveError
	if errors.As(err, &ime) {
		fmt.Println(ime.Ply, ime.Move)
	}
	// Output:
	// shogi: illegal move P*5c at move 31: two pawns on a file (nifu)
	// true
	// 31 P*5c
}

func ExamplePosition_GenerateMoves() {
	p := shogi.NewStartPosition()
	var list shogi.MoveList
	p.GenerateMoves(&list)
	fmt.Println(list.Len(), list.Contains(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false)))
	// Output:
	// 30 true
}

func ExamplePosition_Perft() {
	p := shogi.NewStartPosition()
	fmt.Println(p.Perft(1), p.Perft(2), p.Perft(3))
	// Output:
	// 30 900 25470
}

func ExamplePosition_Outcome() {
	// Black to move has no legal move: a loss, whether in check or not.
	p, _ := shogi.ParseSFEN("+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200")
	fmt.Println(p.Outcome(shogi.Rules{}))
	// Output:
	// white wins by checkmate
}

func ExamplePosition_Declare() {
	// Black's king and twelve more pieces are in White's camp: 5+5 for the dragon
	// and horse and 10 for the pawns and lance, plus 5+5+1+1+1+1 in hand.
	p, _ := shogi.ParseSFEN("+R+B2K4/PPPPPPPPP/L8/9/9/9/9/9/4k4 b RBGGSS 1")
	fmt.Println(p.DeclarationPoints(shogi.Black))
	fmt.Println(p.Declare(shogi.Rule24))
	fmt.Println(p.Declare(shogi.Rule27).Reason.Code())
	// Output:
	// 34
	// black wins by declaration
	// declaration-win
}

func ExampleFoulOf() {
	p := shogi.NewStartPosition()
	m, _ := shogi.ParseUSIMove("2h2c")
	err := p.Play(m)
	if foul, ok := shogi.FoulOf(err); ok {
		fmt.Println(foul.Code())
		fmt.Println(foul.String())
	}
	fmt.Println(err)
	// Output:
	// path-blocked
	// the path is blocked
	// shogi: illegal move 2h2c at move 1: the path is blocked
}

func ExampleRecord_Walk() {
	rec := shogi.NewRecord()
	n := &rec.Root
	for _, s := range []string{"7g7f", "3c3d", "8h2b+", "3a2b", "7f7d"} {
		m, _ := shogi.ParseUSIMove(s)
		n = n.AddChild(m)
	}
	w := rec.Walk(rec.MainLine())
	for n, p := range w.All() {
		fmt.Println(p.MoveNumber()-1, n.Move, p.Hand(shogi.Black), p.InCheck())
	}
	if err := w.Err(); err != nil {
		foul, _ := shogi.FoulOf(err)
		fmt.Println(foul.Code())
		fmt.Println(err)
	}
	// Output:
	// 1 7g7f - false
	// 2 3c3d - false
	// 3 8h2b+ B false
	// 4 3a2b B false
	// cannot-move
	// shogi: illegal move 7f7d at move 5: the piece cannot move that way
}

func ExampleRecord_CheckEnding() {
	// A tsume problem: the lance drop checks the king on 1a down the file, and White
	// can only interpose the pieces it holds, uselessly. The record says 詰み.
	rec := shogi.NewRecord()
	rec.StartSFEN = "8k/9/6NS1/9/9/9/9/9/9 b L2r2b4g3s3n3l18p 1"
	m, _ := shogi.ParseUSIMove("L*1i")
	last := rec.Root.AddChild(m)
	last.End = &shogi.Ending{Kind: shogi.EndMate, Result: shogi.BlackWins}

	_, err := rec.CheckEnding()
	var mismatch *shogi.MismatchError
	if errors.As(err, &mismatch) {
		fmt.Println(mismatch.Code(), mismatch.Ply, mismatch.NumLegal)
		fmt.Println(err)
	}
	// Output:
	// futile-interpositions 2 48
	// shogi: recorded mate at move 2: the side to move has only interpositions on the checking line (futile, 無駄合): P*1b, P*1c, P*1d, …
}

// Reset reuses one position for many setups: it keeps the room of its history, so that
// a loop over setups allocates nothing, and leaves the position as it was on an error.
func ExamplePosition_Reset() {
	p := shogi.NewStartPosition()
	_ = p.Play(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false))
	for _, sfen := range []string{
		"4k4/9/9/9/9/9/9/9/4K4 b G 1",
		"4k3P/9/9/9/9/9/9/9/4K4 b - 1", // a pawn on the last rank
	} {
		s, err := shogi.ParseSetup(sfen)
		if err != nil {
			panic(err)
		}
		if err := p.Reset(s); err != nil {
			fmt.Println(err)
		}
		fmt.Println(p, p.Ply())
	}
	// Output:
	// 4k4/9/9/9/9/9/9/9/4K4 b G 1 0
	// shogi: a piece stands where it could never move (行き所のない駒) on 1a
	// 4k4/9/9/9/9/9/9/9/4K4 b G 1 0
}
