// Command western prints the main line of a game record of any format in Western
// notation, numbered in pairs of moves. It writes each move with the checked
// notation.Append, so a move the rules forbid is an error, never text.
//
//	go run ./examples/western testdata/records/kif/jt201409130101.kif
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/record"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: western FILE")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	rec, err := record.Parse(data)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	p, err := rec.StartPosition()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var line []byte
	for i, n := range rec.MainLine() {
		black := p.SideToMove() == shogi.Black
		switch {
		case black:
			line = fmt.Appendf(line, "%d.", (p.MoveNumber()+1)/2)
		case i == 0:
			line = fmt.Appendf(line, "%d…", (p.MoveNumber()+1)/2)
		}
		if line, err = notation.Append(line, notation.Western, p, n.Move); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		line = append(line, ' ')
		if !black {
			fmt.Println(strings.TrimSpace(string(line)))
			line = line[:0]
		}
		p.PlayUnchecked(n.Move)
	}
	if len(line) > 0 {
		fmt.Println(strings.TrimSpace(string(line)))
	}
	if end := rec.Ending(); end != nil {
		fmt.Printf("%s (%s)\n", end.Kind, end.Result)
	}
}
