package svg_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/diagram/svg"
)

// A picture of the position after ▲７六歩 with an arrow for a reply, 30 pixels a
// square. The example prints the picture's first lines; a program would write it to
// a file or serve it as image/svg+xml.
func Example() {
	p := shogi.NewStartPosition()
	m, _ := shogi.ParseUSIMove("7g7f")
	if err := p.Play(m); err != nil {
		fmt.Println(err)
		return
	}
	reply, _ := shogi.ParseUSIMove("3c3d")
	var buf bytes.Buffer
	err := svg.Format(&buf, p, &svg.Options{
		SquareSize: 30,
		Arrows:     []svg.Arrow{{Move: reply}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	lines := strings.SplitAfter(buf.String(), "\n")
	fmt.Print(strings.Join(lines[:3], ""))
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="390" height="300" viewBox="0 0 390 300">
	// <title>lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2</title>
	// <rect width="390" height="300" fill="#ffffff"/>
}
