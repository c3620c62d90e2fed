package notation_test

import (
	"errors"
	"fmt"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
)

// The worked example of the seed notes, in every style. Format checks each move
// before it writes it.
func Example() {
	start, _ := shogi.ParseSFEN("3k3n1/9/9/9/9/9/2B6/6+s2/3GKG3 b n 31")
	moves := []string{"4i5h", "N*3c", "7g3c+", "3h4i"}
	for _, n := range notation.All {
		p := start.Clone()
		fmt.Printf("%-15s", n)
		for _, u := range moves {
			m, _ := shogi.ParseUSIMove(u)
			text, err := notation.Format(n, p, m)
			if err != nil {
				fmt.Println(err) // a *shogi.IllegalMoveError
				return
			}
			fmt.Printf(" %s", text)
			p.PlayUnchecked(m) // Format found it legal
		}
		fmt.Println()
	}
	// Output:
	// japanese        ☗5八金右 ☖3三桂打 ☗同角成 ☖4九成銀
	// kif             ５八金(49) ３三桂打 同　角成(77) ４九成銀(38)
	// ki2             ▲５八金右 △３三桂打 ▲同角成 △４九成銀
	// iroha           ▲す金右 △な桂打 ▲同角成 △き成銀
	// western         G49-58 N*33 Bx33+ +S-49
	// hodges          G(4i)-5h N*3c BxN+ S(+)-4i
	// hodges-revised  G4i-5h N*3c Bx3c+ +S-4i
	// hosking         G49-58 N’33 Bx33+ +S49
	// kitao-kawasaki  ☗金(49)-58 ☖桂*33 ☗角x+ ☖+銀-49
	// usi             4i5h N*3c 7g3c+ 3h4i
	// csa             +4958KI -0033KE +7733UM -3849NG
}

func ExampleFormat() {
	// Black has a pawn on file 5 already: P*5c is 二歩.
	p, _ := shogi.ParseSFEN("4k4/9/9/9/9/4P4/9/9/4K4 b P 31")
	m, _ := shogi.ParseUSIMove("P*5c")
	_, err := notation.Format(notation.KI2, p, m)
	fmt.Println(err)
	foul, _ := shogi.FoulOf(err)
	fmt.Println(errors.Is(err, shogi.ErrNifu), foul.Code())

	m, _ = shogi.ParseUSIMove("P*4c")
	text, err := notation.Format(notation.KI2, p, m)
	fmt.Println(text, err)
	// Output:
	// shogi: illegal move P*5c at move 31: two pawns on a file (nifu)
	// true nifu
	// ▲４三歩 <nil>
}

func ExampleJapanese() {
	p := shogi.NewStartPosition()
	m, _ := shogi.ParseUSIMove("4i5h")
	for _, j := range []notation.Japanese{
		{},
		{Marks: notation.MarksTriangle, Squares: notation.SquaresDigits},
		{Marks: notation.MarksShogi, Squares: notation.SquaresMixed},
		{Origin: true},
	} {
		fmt.Println(j.Encode(p, m))
	}
	// Output:
	// ５八金右
	// ▲58金右
	// ☗5八金右
	// ５八金(49)
}

func ExampleJapanese_Decode() {
	p := shogi.NewStartPosition()
	for _, text := range []string{"▲５八金左", "58金", "△７六歩", "５五角打"} {
		m, err := notation.KI2.Decode(p, text)
		switch {
		case errors.Is(err, notation.ErrAmbiguous):
			fmt.Println(text, "is ambiguous")
		case errors.Is(err, shogi.ErrWrongSide):
			fmt.Println(text, "is not Black's move")
		case errors.Is(err, shogi.ErrNotInHand):
			fmt.Println(text, "drops a piece Black does not hold")
		case err != nil:
			fmt.Println(err)
		default:
			fmt.Println(text, "is", m)
		}
	}
	// Output:
	// ▲５八金左 is 6i5h
	// 58金 is ambiguous
	// △７六歩 is not Black's move
	// ５五角打 drops a piece Black does not hold
}

func ExampleParseLine() {
	p := shogi.NewStartPosition()
	line, err := notation.ParseLine(notation.Western, p, "1.P-76 P-34 2.Bx22+ Sx22 resigns")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(line.Moves, line.End)
	text, _ := notation.FormatLine(notation.KI2, p, line)
	fmt.Println(text)
	// Output:
	// [7g7f 3c3d 8h2b+ 3a2b] resign
	// 1.▲７六歩 2.△３四歩 3.▲２二角成 4.△同　銀 5.投了
}

func ExampleLineFormat() {
	p, _ := shogi.ParseSFEN("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1") // 香落ち
	line, _ := notation.ParseLine(notation.USI, p, "5a4b 7g7f 4b3b")
	for _, f := range []notation.LineFormat{
		{Notation: notation.Western},
		{Notation: notation.KI2, Start: true},
		{Notation: notation.KI2, Unnumbered: true},
	} {
		text, _ := f.Format(p, line)
		fmt.Println(text)
	}
	// Output:
	// 1…K-42 2.P-76 K-32
	// 0.開始 1.△４二玉 2.▲７六歩 3.△３二玉
	// △４二玉 ▲７六歩 △３二玉
}
