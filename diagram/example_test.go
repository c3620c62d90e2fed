package diagram_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/diagram"
)

// A position after three moves, drawn for a terminal in kanji and in letters.
func ExampleFormat() {
	p := shogi.NewStartPosition()
	for _, usi := range []string{"7g7f", "3c3d", "8h2b+"} {
		m, _ := shogi.ParseUSIMove(usi)
		if err := p.Play(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	diagram.Format(os.Stdout, p, diagram.Text, nil)
	fmt.Println()
	diagram.Format(os.Stdout, p, diagram.Text, &diagram.Options{Letters: true})
	// Output:
	// ☖後手の持駒：なし
	//   ９ ８ ７ ６ ５ ４ ３ ２ １
	// +---------------------------+
	// |v香v桂v銀v金v玉v金v銀v桂v香|一
	// | ・v飛 ・ ・ ・ ・ ・ 馬 ・|二
	// |v歩v歩v歩v歩v歩v歩 ・v歩v歩|三
	// | ・ ・ ・ ・ ・ ・v歩 ・ ・|四
	// | ・ ・ ・ ・ ・ ・ ・ ・ ・|五
	// | ・ ・ 歩 ・ ・ ・ ・ ・ ・|六
	// | 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七
	// | ・ ・ ・ ・ ・ ・ ・ 飛 ・|八
	// | 香 桂 銀 金 玉 金 銀 桂 香|九
	// +---------------------------+
	// ☗先手の持駒：角
	// 後手番
	// 手数＝3  ▲２二角成  まで
	//
	// White in hand: none
	//   9  8  7  6  5  4  3  2  1
	// +---------------------------+
	// | l  n  s  g  k  g  s  n  l | a
	// | .  r  .  .  .  .  . +B  . | b
	// | p  p  p  p  p  p  .  p  p | c
	// | .  .  .  .  .  .  p  .  . | d
	// | .  .  .  .  .  .  .  .  . | e
	// | .  .  P  .  .  .  .  .  . | f
	// | P  P  .  P  P  P  P  P  P | g
	// | .  .  .  .  .  .  .  R  . | h
	// | L  N  S  G  K  G  S  N  L | i
	// +---------------------------+
	// Black in hand: B
	// White to move (move 4)
	// Last move: 3. Bx22+
}

// The board diagram of KIF records and the position lines of CSA records.
func ExampleAppend() {
	p, err := shogi.ParseSFEN("8l/6+P2/6Gpk/9/9/9/9/9/K8 b GS2p 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	text := diagram.Append(nil, p, diagram.BOD, nil)
	text = append(text, '\n')
	text = diagram.Append(text, p, diagram.CSA, nil)
	// The lines are printed without the spaces at their ends, which an example's
	// output cannot show: BOD ends each piece in hand with "　", CSA an empty
	// square of file 1 with " * ".
	for line := range strings.Lines(string(text)) {
		fmt.Println(strings.TrimRight(line, " 　\n"))
	}
	// Output:
	// 後手の持駒：歩二
	//   ９ ８ ７ ６ ５ ４ ３ ２ １
	// +---------------------------+
	// | ・ ・ ・ ・ ・ ・ ・ ・v香|一
	// | ・ ・ ・ ・ ・ ・ と ・ ・|二
	// | ・ ・ ・ ・ ・ ・ 金v歩v玉|三
	// | ・ ・ ・ ・ ・ ・ ・ ・ ・|四
	// | ・ ・ ・ ・ ・ ・ ・ ・ ・|五
	// | ・ ・ ・ ・ ・ ・ ・ ・ ・|六
	// | ・ ・ ・ ・ ・ ・ ・ ・ ・|七
	// | ・ ・ ・ ・ ・ ・ ・ ・ ・|八
	// | 玉 ・ ・ ・ ・ ・ ・ ・ ・|九
	// +---------------------------+
	// 先手の持駒：金　銀
	//
	// P1 *  *  *  *  *  *  *  * -KY
	// P2 *  *  *  *  *  * +TO *  *
	// P3 *  *  *  *  *  * +KI-FU-OU
	// P4 *  *  *  *  *  *  *  *  *
	// P5 *  *  *  *  *  *  *  *  *
	// P6 *  *  *  *  *  *  *  *  *
	// P7 *  *  *  *  *  *  *  *  *
	// P8 *  *  *  *  *  *  *  *  *
	// P9+OU *  *  *  *  *  *  *  *
	// P+00KI00GI
	// P-00FU00FU
	// +
}
