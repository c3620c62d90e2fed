package record_test

import (
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/tsume"
)

// Reading every record of an input, whatever its format: a bad record is reported with
// its place, and the records after it are read.
func ExampleReader_All() {
	games := "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nV2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n/\nV2.2\nPI\n+\n+2726FU\n%CHUDAN\n"
	r := record.NewReader(strings.NewReader(games))
	r.Name = "games.csa"
	for rec, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			if errors.Is(err, shogi.ErrNoPiece) {
				fmt.Println("  (no piece on the origin square)")
			}
			continue
		}
		fmt.Printf("%s: %d moves, %s\n", r.InputFormat(), len(rec.Moves()), rec.Ending().Kind)
	}
	// Output:
	// csa: 2 moves, resign
	// record: games.csa: record 2 (from line 8): line 13, column 1: illegal move 7g7f at move 3: no piece on the origin square
	//   (no piece on the origin square)
	// csa: 1 moves, interrupt
}

// Judging every record of an input with the library's one verdict policy.
func ExampleValidate() {
	kif := "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(76)\n   4 ７六歩(75)\n"
	for _, lenient := range []bool{false, true} {
		r := record.NewReader(strings.NewReader(kif))
		r.Lenient = lenient
		for v := range record.Validate(r) {
			fmt.Printf("lenient %v: valid %v, %d moves, %s\n", lenient, v.Valid(), v.Moves, v.Final)
			for _, p := range v.Problems {
				fmt.Printf("  %s %s at move %d, line %d\n", p.Severity, p.Code(), p.Ply, p.Line)
			}
		}
	}
	// Output:
	// lenient false: valid false, 3 moves, lnsgkgsnl/1r5b1/pppppp1pp/6p2/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4
	//   error not-your-piece at move 4, line 5
	// lenient true: valid true, 3 moves, lnsgkgsnl/1r5b1/pppppp1pp/6p2/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4
	//   warning not-your-piece at move 4, line 5
}

// Converting a record to another format.
func ExampleMarshal() {
	rec, err := record.Parse([]byte("position startpos moves 7g7f 3c3d\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	data, err := record.Marshal(rec, record.KI2)
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(data)
	// Output:
	// #KIF version=2.0 encoding=UTF-8
	//
	// ▲７六歩    △３四歩
}

// Reading an input whatever its packing: gzip is decompressed and UTF-16 with a byte
// order mark decoded, and what is not text is named.
func ExampleNewReader_decoding() {
	var gz strings.Builder
	w := gzip.NewWriter(&gz)
	w.Write([]byte("position startpos moves 7g7f 3c3d\n"))
	w.Close()
	utf16 := "\xff\xfep\x00o\x00s\x00i\x00t\x00i\x00o\x00n\x00 \x00s\x00t\x00a\x00r\x00t\x00p\x00o\x00s\x00 \x00m\x00o\x00v\x00e\x00s\x00 \x002\x00g\x002\x00f\x00"
	for _, input := range []string{gz.String(), utf16, "\x7fELF\x02\x01\x01\x00"} {
		r := record.NewReader(strings.NewReader(input))
		rec, err := r.Read()
		if err != nil {
			fmt.Println(err, errors.Is(err, record.ErrNotText))
			continue
		}
		fmt.Println(r.InputFormat(), rec.Moves())
	}
	// Output:
	// usi [7g7f 3c3d]
	// usi [2g2f]
	// record: record 1: not a record's text: binary data (a NUL byte at offset 7; UTF-16 text needs a byte order mark) true
}

// What a record loses in a format that cannot hold all of it: a KIF record with a
// variation, each side's total time (消費時間) and a sealed move (封じ手), written as
// CSA. The header fields CSA has forms for are written in them ($TIME_LIMIT:00:10+00,
// $START_TIME:2014/09/13 14:59:00); a lossless Writer refuses the record instead.
func ExampleLosses() {
	kif := `開始日時：2014/09/13 14：59
持ち時間：各10分
消費時間：▲10分△12分
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)+
   2 ３四歩(33)   ( 0:02/00:00:02)
   3 封じ手
まで2手で封じ手

変化：1手
   1 ２六歩(27)   ( 0:03/00:00:03)
`
	rec, err := record.Parse([]byte(kif))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range record.Losses(rec, record.CSA) {
		fmt.Printf("%s: %s\n", l.Kind.Code(), l)
	}
	fmt.Println(record.Losses(rec, record.JKF) == nil)

	var out strings.Builder
	w := record.NewWriter(&out, record.CSA)
	w.Lossless = true
	err = w.Write(rec)
	fmt.Println(errors.Is(err, record.ErrLossy))
	fmt.Println(err)
	// Output:
	// variations: 1 variation
	// header: 1 header field (消費時間)
	// ending: 1 ending (sealed-move)
	// true
	// true
	// record: csa would lose 1 variation, 1 header field (消費時間), 1 ending (sealed-move)
}

// Reading a tsume problem whose file lists the attacker's hand alone (here a USI line):
// the defender's interposition by drop at move 2 is a pawn he holds by the problems'
// convention only, which AdjustStart gives him before the moves are read.
func ExampleReader_AdjustStart() {
	const problem = "position sfen 3G2S1k/9/9/4B3P/9/9/9/9/9 b NL 1 moves L*1c P*1b N*2c\n"
	r := record.NewReader(strings.NewReader(problem))
	if _, err := r.Read(); err != nil {
		fmt.Println(err)
	}
	r.Reset(strings.NewReader(problem))
	r.AdjustStart = tsume.DefenderHoldsRest
	rec, err := r.Read()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rec.StartSFEN, rec.Moves())
	// Output:
	// record: record 1: line 1, column 59: illegal move P*1b at move 2: the dropped piece is not in hand
	// 3G2S1k/9/9/4B3P/9/9/9/9/9 b NL2rb3g3s3n3l17p 1 [L*1c P*1b N*2c]
}
