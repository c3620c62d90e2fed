package kif_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/kif"
)

func ExampleReader() {
	const record = `手合割：平手
先手：羽生善治
後手：藤井猛
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:02/00:00:02)
*角道を開ける
   2 ３四歩(33)   ( 0:01/00:00:01)
   3 ２二角成(88) ( 0:03/00:00:05)
   4 投了         ( 0:10/00:00:11)
まで3手で先手の勝ち
`
	rec, err := kif.NewReader(strings.NewReader(record)).Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	black, _ := rec.Header.Get(shogi.HeaderBlack)
	fmt.Println(black, rec.Moves())
	fmt.Println(rec.MainLine()[0].Comments, rec.MainLine()[2].Time.Spent)
	fmt.Println(rec.Ending().Kind, rec.Ending().Result)
	// Output:
	// 羽生善治 [7g7f 3c3d 8h2b+]
	// [角道を開ける] 3s
	// resign black wins
}

func ExampleReader_illegalMove() {
	const record = `   1 ２六歩(27)
   2 ８四歩(83)
   3 ３三角(88)
`
	_, err := kif.Parse([]byte(record))
	fmt.Println(err)
	if err == nil {
		return
	}
	fmt.Println(errors.Is(err, shogi.ErrPathBlocked))

	// A lenient reader keeps the moves before it, ends the line there without
	// inventing a result, and says what is wrong.
	r := kif.NewReader(strings.NewReader(record))
	r.Lenient = true
	rec, _ := r.Read()
	fmt.Printf("%d moves, then %q (%v)\n", len(rec.Moves()), rec.Ending().Text, rec.Ending().Kind)
	fmt.Println(len(r.Warnings()), "warning")
	// Output:
	// kif: line 3, column 6: illegal move 8h3c at move 3: the path is blocked
	// true
	// 2 moves, then "3 ３三角(88)" (unread)
	// 1 warning
}

func ExampleFormatKI2() {
	rec, err := kif.Parse([]byte("手合割：八枚落ち\n   1 ７二金(61)\n   2 ７六歩(77)\n   3 投了\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := kif.FormatKI2(rec)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	// Output:
	// #KIF version=2.0 encoding=UTF-8
	// 手合割：八枚落ち
	//
	// △７二金    ▲７六歩
	// まで2手で下手の勝ち
}

func ExampleWriter() {
	rec := shogi.NewRecord()
	rec.Header.Set(shogi.HeaderBlack, "先手の人")
	pos := shogi.NewStartPosition()
	node := &rec.Root
	for _, usi := range []string{"2g2f", "8c8d"} {
		m, _ := shogi.ParseUSIMove(usi)
		if err := pos.Play(m); err != nil {
			fmt.Println(err)
			return
		}
		node = node.AddChild(m)
	}
	node.End = &shogi.Ending{Kind: shogi.EndInterrupt}

	w := kif.NewWriter(os.Stdout)
	if err := w.Write(rec); err != nil {
		fmt.Println(err)
	}
	w.Flush()
	// Output:
	// #KIF version=2.0 encoding=UTF-8
	// 先手：先手の人
	// 手数----指手---------消費時間--
	//    1 ２六歩(27)
	//    2 ８四歩(83)
	//    3 中断
	// まで2手で中断
}

func ExampleReader_lenient() {
	const record = `# ---- from a web page ----
開始日時：2024/05/06
手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)
   2 ３四歩(33)   ( 0:xx/00:00:02)
   3 ２二角成(88) ( 0:03/00:00:04)
   5 ８八銀(79)
   6 投了
まで5手で先手の勝ち
`
	r := kif.NewReader(strings.NewReader(record))
	r.Lenient = true
	rec, err := r.Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("the record starts on line", r.RecordLine())
	fmt.Println(rec.Moves(), "the second has a time:", rec.MainLine()[1].HasTime)
	// The file's 投了 is not its main line's ending: that line stops where it could
	// not be read on.
	end := rec.Ending()
	fmt.Printf("%v, %v, %q\n", end.Kind, end.Result, end.Text)
	for _, w := range r.Warnings() {
		fmt.Println(w)
	}
	// Output:
	// the record starts on line 2
	// [7g7f 3c3d 8h2b+] the second has a time: false
	// unread, no result, "5 ８八銀(79)"
	// kif: line 6, column 16: malformed time
	// kif: line 8, column 4: unexpected move number: 5, want 4
}
