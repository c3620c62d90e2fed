package kif_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/kif"
	"pgregory.net/rapid"
)

// The diagrams of FormatBoard, checked whole.
func TestFormatBoard(t *testing.T) {
	const empty = "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"
	start := shogi.NewStartPosition()
	played := shogi.NewStartPosition()
	for _, usi := range []string{"7g7f", "3c3d", "8h2b+", "3a2b"} {
		m, err := shogi.ParseUSIMove(usi)
		if err != nil {
			t.Fatal(err)
		}
		if err := played.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	// A composed position reached by no move: 手数＝ without a move.
	composed, err := shogi.ParseSFENUnreachable("4k4/9/9/9/9/9/9/9/4K4 w 2G18Pr 31")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		p    *shogi.Position
		o    *kif.BoardOptions
		want string
	}{
		{"start", start, nil, `後手の持駒：なし
` + empty + `|v香v桂v銀v金v玉v金v銀v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v角 ・|二
|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七
| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：なし
`},
		{"after moves, with 同", played, nil, `後手の持駒：角　
` + empty + `|v香v桂v銀v金v玉v金 ・v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v銀 ・|二
|v歩v歩v歩v歩v歩v歩 ・v歩v歩|三
| ・ ・ ・ ・ ・ ・v歩 ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六
| 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七
| ・ ・ ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：角　
手数＝4  △同　銀  まで
`},
		{"handicap names, White to move, counts", composed, &kif.BoardOptions{Handicap: true}, `上手の持駒：飛　
` + empty + `| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
下手の持駒：金二　歩十八　
上手番
手数＝30
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := kif.FormatBoard(tt.p, tt.o)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("FormatBoard (-want +got)\n%s", diff)
			}
			if got := string(kif.AppendBoard([]byte("x"), tt.p, tt.o)); got != "x"+tt.want {
				t.Errorf("AppendBoard does not append what FormatBoard returns:\n%s", got)
			}
		})
	}
}

// TestParseBoard reads positions given alone, as people paste them.
func TestParseBoard(t *testing.T) {
	const board = `  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉 ・ ・v桂v香|一
| ・ ・ ・ ・v飛 ・v金 ・ ・|二
| ・ 歩v歩v歩 ・v歩v銀 ・v歩|三
|v歩 飛 ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・v歩 ・ ・ ・ ・|五
| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六
| 歩 ・ 角 歩 歩 歩 歩 ・ 歩|七
| ・ ・ 銀 ・ 玉 銀 金 ・ ・|八
| 香 桂 ・ 金 ・ ・ ・ 桂 香|九
+---------------------------+
`
	const sfen = "lnsgk2nl/4r1g2/1Ppp1ps1p/pR7/4p4/2P6/P1BPPPP1P/2S1KSG2/LN1G3NL"
	tests := []struct {
		name, in, want string
	}{
		// formats.md §2.7, as tsshogi writes it.
		{"tsshogi", "後手の持駒：歩二　角　\n" + board + "先手の持駒：歩二　\n後手番\n", sfen + " w 2Pb2p 1"},
		// Kifu for Windows' trailer: the position after 171 moves.
		{"trailer", "後手の持駒：歩二　角　\n" + board + "先手の持駒：歩二　\n後手番\n手数＝171  ▲６二角成  まで\n", sfen + " w 2Pb2p 172"},
		{"headers around it", "先手：A\n後手：B\n後手の持駒：なし\n" + board + "先手の持駒：なし\n", sfen + " b - 1"},
		{"handicap sides, Kifu for iPhone spaces", "上手の持駒：歩 歩 角\n" + board + "下手の持駒：歩二\n上手番\n", sfen + " w 2Pb2p 1"},
		{"a handicap name alone", "手合割：香落ち\n", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
		{"a board without hands", board, sfen + " b - 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := kif.ParseBoard([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, p.String()); diff != "" {
				t.Errorf("ParseBoard (-want +got)\n%s", diff)
			}
			if p.LastMove() != shogi.NoMove {
				t.Errorf("LastMove = %v, want NoMove", p.LastMove())
			}
		})
	}
}

func TestParseBoardErrors(t *testing.T) {
	const row = "| ・ ・ ・ ・ ・ ・ ・ ・ ・|"
	tests := []struct {
		name, in string
		want     error
		msg      string
	}{
		{"empty", "", shogi.ErrNoRecord, ""},
		{"moves after the diagram", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n", kif.ErrNotPosition,
			"kif: the text holds moves, not a position alone (read it with Parse)"},
		{"only an ending", "手合割：平手\n   1 投了\n", kif.ErrNotPosition, ""},
		{"eight ranks", "+---------------------------+\n" + strings.Repeat(row+"\n", 8), kif.ErrBoard,
			"kif: line 1, column 1: malformed board diagram: fewer than nine ranks"},
		{"a bad piece", "+---------------------------+\n|v香v桂v銀v金v玉v金v銀v桂v犬|一\n", kif.ErrBoard,
			"kif: line 2, column 19: malformed board diagram"},
		{"too many pawns in hand", "先手の持駒：歩十九\n", kif.ErrHand, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := kif.ParseBoard([]byte(tt.in))
			if !errors.Is(err, tt.want) {
				t.Fatalf("ParseBoard = %v, %v; want an error that wraps %v", p, err, tt.want)
			}
			if p != nil {
				t.Errorf("ParseBoard returned a position with its error: %v", p)
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("error %q, want %q", err, tt.msg)
			}
		})
	}
}

// TestBoardRoundTrip: a diagram that FormatBoard writes reads back, with ParseBoard
// and with the record reader Parse, as the same position (board, hands, side to move
// and move number).
func TestBoardRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var p *shogi.Position
		if rapid.Bool().Draw(t, "composed") {
			p = gametest.DrawComposed(t, []int{1, 2, 31, 172, 999_999, shogi.MaxMoveNumber})
		} else {
			p = gametest.DrawPlayed(t, "", 150)
		}
		o := &kif.BoardOptions{Handicap: rapid.Bool().Draw(t, "handicap")}
		text := kif.FormatBoard(p, o)
		got, err := kif.ParseBoard([]byte(text))
		if err != nil {
			t.Fatalf("%s: ParseBoard: %v\n%s", p, err, text)
		}
		if !got.Equal(p) {
			t.Fatalf("ParseBoard gives %s, want %s\n%s", got, p, text)
		}
		rec, err := kif.Parse([]byte(text))
		if err != nil {
			t.Fatalf("%s: Parse: %v", p, err)
		}
		if rec.StartSFEN != p.String() || len(rec.Root.Children) != 0 {
			t.Fatalf("Parse gives start %s and %d moves, want %s and none", rec.StartSFEN, len(rec.Root.Children), p)
		}
	})
}

// FuzzParseBoard: ParseBoard never panics, returns a position or an error (never
// both), and a position it returns is written by FormatBoard as a diagram it reads
// back as the same position.
func FuzzParseBoard(f *testing.F) {
	start := shogi.NewStartPosition()
	f.Add([]byte(kif.FormatBoard(start, nil)))
	f.Add([]byte(kif.FormatBoard(start, &kif.BoardOptions{Handicap: true})))
	f.Add([]byte("後手の持駒：歩二　角　\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" +
		"|v香v桂v銀v金v玉 ・ ・v桂v香|一\n| ・ ・ ・ ・v飛 ・v金 ・ ・|二\n| ・ 歩v歩v歩 ・v歩v銀 ・v歩|三\n" +
		"|v歩 飛 ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・v歩 ・ ・ ・ ・|五\n| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六\n" +
		"| 歩 ・ 角 歩 歩 歩 歩 ・ 歩|七\n| ・ ・ 銀 ・ 玉 銀 金 ・ ・|八\n| 香 桂 ・ 金 ・ ・ ・ 桂 香|九\n" +
		"+---------------------------+\n先手の持駒：歩二　\n後手番\n手数＝171  ▲６二角成  まで\n"))
	f.Add([]byte("手合割：香落ち\n"))
	f.Add([]byte("上手の持駒：歩 歩 角\n下手の持駒：なし\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := kif.ParseBoard(data)
		if err != nil {
			if p != nil {
				t.Fatalf("a position and an error: %v", err)
			}
			return
		}
		text := kif.FormatBoard(p, nil)
		q, err := kif.ParseBoard([]byte(text))
		if err != nil {
			t.Fatalf("%s: the diagram does not read back: %v\n%s", p, err, text)
		}
		if !q.Equal(p) {
			t.Fatalf("the diagram of %s reads back as %s\n%s", p, q, text)
		}
	})
}

// TestMoveCountPastTheLimit: a 手数 past the last move number is an error at its digits,
// not a number cut short.
func TestMoveCountPastTheLimit(t *testing.T) {
	const diagram = "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" +
		"| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n" +
		"+---------------------------+\n先手の持駒：なし\n"
	last := shogi.MaxMoveNumber - 1
	p, err := kif.ParseBoard([]byte(diagram + fmt.Sprintf("手数＝%d\n", last)))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.MoveNumber(), shogi.MaxMoveNumber; got != want {
		t.Errorf("手数＝%d: move number %d, want %d", last, got, want)
	}
	for _, n := range []string{fmt.Sprint(last + 1), "1073741823000", "99999999999999999999999"} {
		_, err := kif.ParseBoard([]byte(diagram + "手数＝" + n + "\n"))
		var se *kif.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, kif.ErrPosition) || se.Line != 15 || se.Column != 4 {
			t.Errorf("手数＝%s: %v; want an ErrPosition at line 15, column 4", n, err)
		}
	}
}
