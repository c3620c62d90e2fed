package sfen_test

import (
	"errors"
	"fmt"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
)

func ExampleParse() {
	p, err := sfen.Parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.SideToMove(), len(p.LegalMoves()))
	fmt.Println(sfen.Format(p))
	// Output:
	// black 30
	// lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
}

func ExampleParsePosition() {
	p, err := sfen.ParsePosition("position startpos moves 7g7f 3c3d 8h2b+")
	if err != nil {
		panic(err)
	}
	fmt.Println(p)
	fmt.Println(sfen.FormatPosition(p))

	_, err = sfen.ParsePosition("position startpos moves 7g7f 7g7f")
	var se *sfen.SyntaxError
	fmt.Println(errors.As(err, &se), se.Column, errors.Is(err, shogi.ErrNoPiece))
	// Output:
	// lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4
	// position startpos moves 7g7f 3c3d 8h2b+
	// true 30 true
}
