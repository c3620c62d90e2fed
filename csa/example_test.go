package csa_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
)

func ExampleReader() {
	text := `V2.2
N+Sente
N-Gote
PI
+
+7776FU,T3
-3334FU,T1
%TORYO
/
PI
+
+7776FU
-0055KA
`
	r := csa.NewReader(strings.NewReader(text))
	for {
		rec, err := r.Read()
		if err != nil {
			if errors.Is(err, shogi.ErrNotInHand) {
				fmt.Println("error:", err)
				continue
			}
			break // io.EOF
		}
		black, _ := rec.Header.Get(shogi.HeaderBlack)
		fmt.Println(black, rec.Moves(), rec.Ending().Kind, rec.Ending().Result)
	}
	// Output:
	// Sente [7g7f 3c3d] resign white wins
	// error: csa: line 13, column 1: illegal move B*5e at move 2: the dropped piece is not in hand
}

func ExampleWriter() {
	rec := shogi.NewRecord()
	rec.Header.Set(shogi.HeaderBlack, "Sente")
	n := rec.Root.AddChild(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false))
	n.Comments = []string{"a good start"}
	n.End = &shogi.Ending{Kind: shogi.EndInterrupt}
	var buf bytes.Buffer
	w := csa.NewWriter(&buf)
	w.Version = "3.0"
	if err := w.Write(rec); err != nil {
		fmt.Println(err)
	}
	w.Flush()
	// Empty squares are " * ", so board rows may end in a space; this example trims
	// them because example output cannot show trailing spaces.
	for line := range strings.Lines(buf.String()) {
		fmt.Println(strings.TrimRight(line, " \n"))
	}
	// Output:
	// 'CSA encoding=UTF-8
	// V3.0
	// N+Sente
	// P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
	// P2 * -HI *  *  *  *  * -KA *
	// P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
	// P4 *  *  *  *  *  *  *  *  *
	// P5 *  *  *  *  *  *  *  *  *
	// P6 *  *  *  *  *  *  *  *  *
	// P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
	// P8 * +KA *  *  *  *  * +HI *
	// P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
	// +
	// +7776FU
	// '*a good start
	// %CHUDAN
}

// A lenient read keeps the moves before one it cannot read and ends the line there
// with an EndUnread ending, which has no result; the warning says why.
func ExampleReader_lenient() {
	text := "PI\n+\n+7776FU\n-3334FU\n+0055FU\n%TORYO\n/\nPI\n+\n+2726FU\n%TORYO\n"
	r := csa.NewReader(strings.NewReader(text))
	r.Lenient = true
	for {
		rec, err := r.Read()
		if err != nil {
			break // io.EOF
		}
		end := rec.Ending()
		fmt.Printf("record at line %d: %v, %v %q, %v\n", r.RecordLine(), rec.Moves(), end.Kind, end.Text, end.Result)
		for _, w := range r.Warnings() {
			fmt.Println("  warning:", w)
		}
	}
	// Output:
	// record at line 1: [7g7f 3c3d], unread "+0055FU", no result
	//   warning: csa: line 5, column 1: illegal move P*5e at move 3: the dropped piece is not in hand
	// record at line 8: [2g2f], resign "", black wins
}
