package kif

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	shogi "github.com/kifu-go/shogi"
	"golang.org/x/text/encoding/japanese"
)

const sampleKIF = `開始日時：2024/01/02
手合割：平手
先手：甲
後手：乙
手数----指手---------消費時間--
*始めのコメント
   1 ７六歩(77)   ( 0:02/00:00:02)
   2 ３四歩(33)   ( 0:03/00:00:03)
   3 中断         ( 0:01/00:00:03)
まで2手で中断
`

func toShiftJIS(t *testing.T, s string) []byte {
	t.Helper()
	b, err := japanese.ShiftJIS.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestEncodingDetection(t *testing.T) {
	want, err := Parse([]byte(sampleKIF))
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string][]byte{
		"utf-8":               []byte(sampleKIF),
		"utf-8 bom":           append([]byte("\xEF\xBB\xBF"), sampleKIF...),
		"utf-8 declared":      []byte("#KIF version=2.0 encoding=UTF-8\n" + sampleKIF),
		"shift_jis":           toShiftJIS(t, sampleKIF),
		"shift_jis declared":  toShiftJIS(t, "#KIF version=2.0 encoding=Shift_JIS\r\n"+sampleKIF),
		"shift_jis crlf":      toShiftJIS(t, strings.ReplaceAll(sampleKIF, "\n", "\r\n")),
		"cr line ends":        []byte(strings.ReplaceAll(sampleKIF, "\n", "\r")),
		"mixed line ends":     []byte(strings.Replace(strings.Replace(sampleKIF, "\n", "\r\r\n", 2), "\n", "\r", 3)),
		"no final line end":   []byte(strings.TrimSuffix(sampleKIF, "\n")),
		"ascii colons":        []byte(strings.ReplaceAll(sampleKIF, "：", ":")),
		"padded header":       []byte(strings.Replace(sampleKIF, "先手：甲", "先手：甲　 　", 1)),
		"half-width numbers":  []byte(strings.Replace(sampleKIF, "７六歩(77)", "76歩(77)", 1)),
		"shogidokoro times":   []byte(strings.Replace(sampleKIF, "( 0:02/00:00:02)", "(00:02 / 00:00:02)", 1)),
		"81dojo times":        []byte(strings.Replace(sampleKIF, "( 0:02/00:00:02)", "(0:2/0:0:2)", 1)),
		"unpadded numbers":    []byte(strings.Replace(sampleKIF, "   1 ７六歩", "1 ７六歩", 1)),
		"branch mark":         []byte(strings.Replace(sampleKIF, "00:00:02)", "00:00:02)+", 1)),
		"kanji-free comments": []byte(strings.Replace(sampleKIF, "# ", "#", 1)),
	}
	for name, in := range inputs {
		got, err := Parse(in)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if diff := diffRecords(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	// A long ASCII head does not hide Shift_JIS or UTF-8 after it.
	pad := strings.Repeat("*ascii comment\n", 10000)
	for name, in := range map[string][]byte{
		"shift_jis": append([]byte(pad), toShiftJIS(t, sampleKIF)...),
		"utf-8":     []byte(pad + sampleKIF),
	} {
		got, err := Parse(in)
		if err != nil {
			t.Errorf("ascii head, %s: %v", name, err)
		} else if n := len(got.Root.Comments); n != 10001 || got.Root.Comments[10000] != "始めのコメント" {
			t.Errorf("ascii head, %s: %d comments", name, n)
		}
	}
	// The encoding can be forced.
	r := NewReader(bytes.NewReader(toShiftJIS(t, sampleKIF)))
	r.Encoding = ShiftJIS
	if got, err := r.Read(); err != nil || diffRecords(want, got) != "" {
		t.Errorf("forced Shift_JIS: %v", err)
	}
}

func TestHandicapNames(t *testing.T) {
	names := map[string]string{ // formats.md §9.1
		"平手":    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"香落ち":   "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"右香落ち":  "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"角落ち":   "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"飛車落ち":  "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"飛香落ち":  "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"二枚落ち":  "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"三枚落ち":  "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"四枚落ち":  "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"五枚落ち":  "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"左五枚落ち": "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"六枚落ち":  "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"左七枚落ち": "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"右七枚落ち": "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"八枚落ち":  "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"十枚落ち":  "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	}
	if len(names) != len(handicaps) {
		t.Errorf("the table has %d names, want %d", len(handicaps), len(names))
	}
	for name, sfen := range names {
		rec, err := Parse([]byte("手合割：" + name + "　　\n"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if rec.StartSFEN != sfen {
			t.Errorf("%s: got %s, want %s", name, rec.StartSFEN, sfen)
		}
		// A record starting there is written with the name, without a diagram.
		out, err := Format(&shogi.Record{StartSFEN: sfen})
		if err != nil {
			t.Fatal(err)
		}
		hasName := bytes.Contains(out, []byte("手合割："+name+"\n"))
		if name == "平手" && hasName || name != "平手" && !hasName || bytes.Contains(out, []byte("+---")) {
			t.Errorf("%s written as:\n%s", name, out)
		}
	}
	// その他 and unknown names need a diagram; with one, the diagram wins.
	for _, h := range []string{"その他", "詰将棋"} {
		in := "手合割：" + h + "\n" + boardShogidokoro
		rec, err := Parse([]byte(in))
		if err != nil || rec.StartSFEN != sfenShogidokoro {
			t.Errorf("%s with a diagram: %v, %v", h, rec, err)
		}
	}
}

const boardShogidokoro = `後手の持駒：飛　金三　銀三　桂二　香四　歩十三
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ 馬 ・ ・v桂 ・|一
| ・ ・ ・ ・ ・ ・ ・v玉 ・|二
| ・ ・ ・ ・ ・ ・v歩v歩 ・|三
| ・ ・ ・ ・ ・ ・ ・v金v歩|四
| ・ ・ ・ ・ 歩 ・ ・ ・ 歩|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：飛　角　銀　桂
`

const sfenShogidokoro = "4+B2n1/7k1/6pp1/7gp/4P3P/9/9/9/9 b RBSNr3g3s2n4l13p 1"

func TestBoardDiagram(t *testing.T) {
	tests := []struct {
		name, in, sfen string
	}{
		{"plain", boardShogidokoro, sfenShogidokoro},
		{"white to move", boardShogidokoro + "後手番\n", strings.Replace(sfenShogidokoro, " b ", " w ", 1)},
		{"turn line first", "上手番\n" + strings.ReplaceAll(strings.ReplaceAll(boardShogidokoro, "後手の", "上手の"), "先手の", "下手の"), strings.Replace(sfenShogidokoro, " b ", " w ", 1)},
		{"hands without separators", strings.Replace(strings.Replace(boardShogidokoro, "飛　金三　銀三　桂二　香四　歩十三", "飛金三銀三桂二香四歩十三", 1), "飛　角　銀　桂", "飛 角 銀 桂 ", 1), sfenShogidokoro},
		{"move count", boardShogidokoro + "手数＝30\n", strings.Replace(sfenShogidokoro, " 1", " 31", 1)},
		{"no hands", strings.Replace(strings.Replace(boardShogidokoro, "飛　角　銀　桂", "なし", 1), "後手の持駒：飛　金三　銀三　桂二　香四　歩十三\n", "", 1), "4+B2n1/7k1/6pp1/7gp/4P3P/9/9/9/9 b - 1"},
		{"composed: two pawns on a file", "+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ 歩|三\n| ・ ・ ・ ・ ・ ・ ・ ・ 歩|四\n" +
			strings.Repeat("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", 4) + "| ・ ・ ・ ・ ・ ・ ・ ・ 玉|九\n+---------------------------+\n", "8k/9/8P/8P/9/9/9/9/8K b - 1"},
		{"one-character names", "+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・ ・v王|一\n" + strings.Repeat("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", 7) +
			"| 杏 圭 全 と 竜v仝v今 ・ 玉|九\n+---------------------------+\n", "8k/9/9/9/9/9/9/9/+L+N+S+P+R+l+n1K b - 1"},
	}
	for _, tt := range tests {
		rec, err := Parse([]byte(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if rec.StartSFEN != tt.sfen {
			t.Errorf("%s: got %s, want %s", tt.name, rec.StartSFEN, tt.sfen)
		}
		// Written back as a diagram, it reads back to the same position.
		out, err := Format(rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(out)
		if err != nil || back.StartSFEN != tt.sfen {
			t.Errorf("%s: written\n%s\nread back %v, %v", tt.name, out, back, err)
		}
	}
	// The writer draws a diagram as Kifu for Windows does.
	out, _ := Format(&shogi.Record{StartSFEN: sfenShogidokoro})
	want := "#KIF version=2.0 encoding=UTF-8\n" + strings.Replace(strings.Replace(boardShogidokoro,
		"歩十三", "歩十三　", 1), "飛　角　銀　桂", "飛　角　銀　桂　", 1) + "手数----指手---------消費時間--\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestSpecialMoves(t *testing.T) {
	tests := []struct {
		word   string
		kind   shogi.EndingKind
		result shogi.Result // after one move: White is to move
		text   string
	}{
		{"投了", shogi.EndResign, shogi.BlackWins, ""},
		{"中断", shogi.EndInterrupt, shogi.NoResult, ""},
		{"千日手", shogi.EndSennichite, shogi.Draw, ""},
		{"持将棋", shogi.EndJishogi, shogi.Draw, ""},
		{"詰み", shogi.EndMate, shogi.BlackWins, ""},
		{"詰", shogi.EndMate, shogi.BlackWins, ""},
		{"切れ負け", shogi.EndTimeUp, shogi.BlackWins, ""},
		{"反則勝ち", shogi.EndIllegalWin, shogi.WhiteWins, ""},
		{"反則負け", shogi.EndIllegalLoss, shogi.BlackWins, ""},
		{"入玉勝ち", shogi.EndEnteringKingWin, shogi.WhiteWins, ""},
		{"不戦勝", shogi.EndDefaultWin, shogi.WhiteWins, ""},
		{"不戦敗", shogi.EndDefaultLoss, shogi.BlackWins, ""},
		{"不詰", shogi.EndNoMate, shogi.NoResult, ""},
		{"最大手数", shogi.EndMaxMoves, shogi.Draw, ""},
		{"封じ手", shogi.EndSealedMove, shogi.NoResult, ""},
		{"引き分け", shogi.EndDraw, shogi.Draw, ""},
	}
	for _, tt := range tests {
		in := kifHead + "   1 ７六歩(77)\n   2 " + tt.word + "   ( 0:05/00:01:00)\n"
		rec, err := Parse([]byte(in))
		if err != nil {
			t.Errorf("%s: %v", tt.word, err)
			continue
		}
		want := shogi.Ending{Kind: tt.kind, Result: tt.result, Text: tt.text, Time: shogi.MoveTime{Spent: 5 * time.Second, Total: time.Minute}, HasTime: true}
		if e := rec.Ending(); e == nil || !reflect.DeepEqual(*e, want) {
			t.Errorf("%s: got %+v, want %+v", tt.word, e, want)
		}
		// The ending survives KIF and KI2 (where the まで line carries it), times aside.
		for _, d := range []Dialect{KIF, KI2} {
			back, err := readAs(write(t, rec, d, UTF8), d)
			if err != nil {
				t.Errorf("%s %v: %v", tt.word, d, err)
				continue
			}
			w := want
			if d == KI2 {
				w.Time, w.HasTime = shogi.MoveTime{}, false
			}
			if e := back.Ending(); e == nil || !reflect.DeepEqual(*e, w) {
				t.Errorf("%s %v: got %+v, want %+v", tt.word, d, e, w)
			}
		}
	}
}

func TestClosingLines(t *testing.T) {
	tests := []struct {
		line   string
		kind   shogi.EndingKind
		result shogi.Result
		text   string
	}{
		{"まで2手で後手の勝ち", shogi.EndResign, shogi.WhiteWins, ""},
		{"まで2手で上手の勝ち", shogi.EndResign, shogi.WhiteWins, ""},
		{"まで2手で時間切れにより先手の勝ち", shogi.EndTimeUp, shogi.BlackWins, ""},
		{"まで2手で下手の反則勝ち", shogi.EndIllegalWin, shogi.BlackWins, ""},
		{"まで2手で先手の反則負け", shogi.EndIllegalLoss, shogi.WhiteWins, ""},
		{"まで2手で先手の入玉勝ち", shogi.EndEnteringKingWin, shogi.BlackWins, ""},
		{"まで2手で中断", shogi.EndInterrupt, shogi.NoResult, ""},
		{"まで2手で千日手", shogi.EndSennichite, shogi.Draw, ""},
		{"まで2手で持将棋", shogi.EndJishogi, shogi.Draw, ""},
		{"まで2手で詰", shogi.EndMate, shogi.WhiteWins, ""},
		{"まで2手詰", shogi.EndMate, shogi.WhiteWins, ""},
		{"まで2手で不詰", shogi.EndNoMate, shogi.NoResult, ""},
		{"まで2手で封じ手", shogi.EndSealedMove, shogi.NoResult, ""},
		{"まで2手で最大手数", shogi.EndMaxMoves, shogi.Draw, ""},
		{"まで2手で先手の不戦敗", shogi.EndDefaultLoss, shogi.WhiteWins, ""},
	}
	for _, tt := range tests {
		rec, err := ParseKI2([]byte("▲７六歩 △３四歩\n" + tt.line + "\n"))
		if err != nil {
			t.Errorf("%s: %v", tt.line, err)
			continue
		}
		want := shogi.Ending{Kind: tt.kind, Result: tt.result, Text: tt.text}
		if e := rec.Ending(); e == nil || !reflect.DeepEqual(*e, want) {
			t.Errorf("%s: got %+v, want %+v", tt.line, e, want)
		}
	}
	// Words that name no known ending end nothing.
	for _, line := range []string{"まで2手で謎の終局", "まで2手で時間切れにより詰", "まで2手で先手の謎"} {
		if _, err := ParseKI2([]byte("▲７六歩 △３四歩\n" + line + "\n")); !errors.Is(err, ErrResult) {
			t.Errorf("%s: got %v, want %v", line, err, ErrResult)
		}
	}
	// Shogi DB2 writes the end among the moves.
	rec, err := ParseKI2([]byte("▲７六歩 △３四歩 ▲投了\n"))
	if err != nil || rec.Ending() == nil || rec.Ending().Kind != shogi.EndResign || rec.Ending().Result != shogi.WhiteWins {
		t.Errorf("inline 投了: %v, %v", rec, err)
	}
}

func TestKI2Variants(t *testing.T) {
	want := []string{"7g7f", "3c3d", "8h2b+", "3a2b"}
	for _, in := range []string{
		"▲７六歩 △３四歩 ▲２二角成 △同　銀",
		"▲７六歩△３四歩▲２二角成△同銀",
		"☗７六歩 ☖３四歩 ☗２二角成 ☖同　銀",
		"▲76歩 △34歩\n▲22角成 △同銀",
		"▲７六歩　△３四歩　▲２二角成　△２二同銀",
	} {
		rec, err := ParseKI2([]byte(in))
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		var got []string
		for _, m := range rec.Moves() {
			got = append(got, m.String())
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%q: got %v, want %v", in, got, want)
		}
	}
	// A KIF-only reader refuses KI2 lines and the other way round.
	r := NewReader(strings.NewReader("▲７六歩\n"))
	r.Format = KIF
	if _, err := r.Read(); err == nil {
		t.Errorf("a KIF reader read a KI2 line")
	}
	if _, err := ParseKI2([]byte(kifHead + "   1 ７六歩(77)\n")); err == nil {
		t.Errorf("a KI2 reader read a KIF line")
	}
}

func TestKIFMoveVariants(t *testing.T) {
	tests := []struct{ text, usi string }{
		{"３三角成(88)", "8h3c+"},
		{"３三角不成(88)", "8h3c"},
		{"３三角生(88)", "8h3c"},
	}
	base := kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 "
	for _, tt := range tests {
		rec, err := Parse([]byte(base + tt.text + "\n"))
		if err != nil {
			t.Errorf("%s: %v", tt.text, err)
			continue
		}
		if got := rec.Moves()[2].String(); got != tt.usi {
			t.Errorf("%s: got %s, want %s", tt.text, got, tt.usi)
		}
	}
	for _, same := range []string{"同　桂(21)", "同桂(21)", "同 桂(21)"} {
		rec, err := Parse([]byte(base + "３三角成(88)\n   4 " + same + "\n"))
		if err != nil || rec.Moves()[3].String() != "2a3c" {
			t.Errorf("%s: %v %v", same, rec, err)
		}
	}
	for _, king := range []string{"６八玉(59)", "６八王(59)"} {
		if _, err := Parse([]byte(kifHead + "   1 " + king + "\n")); err != nil {
			t.Errorf("%s: %v", king, err)
		}
	}
}

// TestOtherHandicapNames: 手合割 values outside Kakinoki's list that other programs
// write are read; such records are written back with a board diagram.
func TestOtherHandicapNames(t *testing.T) {
	for name, sfen := range map[string]string{
		"両香落ち":  "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"裸玉":    "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"十九枚落ち": "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"歩三兵":   "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1",
	} {
		rec, err := Parse([]byte("手合割：" + name + "\n"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if rec.StartSFEN != sfen {
			t.Errorf("%s: start %s, want %s", name, rec.StartSFEN, sfen)
		}
		out, err := Format(rec)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(out, []byte("手合割：その他")) || !bytes.Contains(out, []byte("+---------------------------+")) {
			t.Errorf("%s written without a diagram:\n%s", name, out)
		}
		back, err := Parse(out)
		if err != nil || back.StartSFEN != sfen {
			t.Errorf("%s: read back %v, %v", name, back, err)
		}
	}
	if _, err := Parse([]byte("手合割：KY\n")); !errors.Is(err, ErrHandicap) {
		t.Errorf("a romaji 手合割 value: %v, want ErrHandicap", err)
	}
}

// TestEndingWithVariation: a 変化 at the ply of the main line's ending is a variation;
// the main line still ends there, and writing keeps it so.
func TestEndingWithVariation(t *testing.T) {
	const in = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n\n変化：3手\n   3 ２六歩(27)\n   4 ８四歩(83)\n"
	rec, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Moves()); n != 2 {
		t.Fatalf("main line has %d moves, want 2", n)
	}
	if end := rec.Ending(); end == nil || end.Kind != shogi.EndResign || end.Result != shogi.WhiteWins {
		t.Fatalf("ending %+v, want resignation won by White", end)
	}
	last := rec.MainLine()[1]
	if len(last.Children) != 1 || last.Children[0].Children == nil {
		t.Fatalf("the variation is not below the last main-line move: %+v", last.Children)
	}
	out, err := Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("   3 投了\n")) || !bytes.Contains(out, []byte("変化：3手\n   3 ２六歩(27)")) {
		t.Errorf("written with the main line and the variation swapped:\n%s", out)
	}

	// The other way round: a variation that only ends the game is an alternative
	// ending, and the main line goes on.
	const alt = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 投了\n"
	rec, err = Parse([]byte(alt))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Moves()); n != 2 || rec.Ending() != nil {
		t.Fatalf("main line %v, ending %+v; want 2 moves and no ending", rec.Moves(), rec.Ending())
	}
	first := rec.MainLine()[0]
	if len(first.Children) != 2 || !first.Children[1].IsEnding() || first.Children[1].End.Kind != shogi.EndResign {
		t.Fatalf("alternative ending not kept as a child: %+v", first.Children)
	}
	out, err = Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := Parse(out); err != nil || len(back.Moves()) != 2 || back.Ending() != nil {
		t.Errorf("read back %v, %v:\n%s", back, err, out)
	}
}

// TestUnreadableVariationHeaderPassesOverItsBranches: a lenient read passes over the
// block of a 変化 header it cannot read and the blocks that branch from its moves
// (their 変化 names a ply inside it), which would otherwise go on with the line above;
// a block that branches below it is read.
func TestUnreadableVariationHeaderPassesOverItsBranches(t *testing.T) {
	const in = "手合割：平手\n" +
		"   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n" +
		"\n変化\xef\n   3 ２二角成(88)\n   4 同　銀(31)\n" + // the header of a block at move 3, garbled
		"\n変化：5手\n   5 ２五歩(26)\n" + // a branch of the block passed over (its move 5 goes on after move 4 of the main line)
		"\n変化：4手\n   4 投了\n" + // another branch of it
		"\n変化：2手\n   2 ８四歩(83)\n" // a branch of the main line
	r := NewReader(strings.NewReader(in))
	r.Lenient = true
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range rec.Moves() {
		got = append(got, m.String())
	}
	if want := "7g7f 3c3d 2g2f 8c8d"; strings.Join(got, " ") != want {
		t.Errorf("main line %v, want %s", got, want)
	}
	if end := rec.Ending(); end != nil {
		t.Errorf("ending %+v, want none: the 投了 is one of a block passed over", end)
	}
	if n := len(rec.MainLine()[0].Children); n != 2 {
		t.Errorf("move 1 has %d children, want 2 (the main line and 変化：2手)", n)
	}
	if n := len(rec.MainLine()[1].Children); n != 1 {
		t.Errorf("move 2 has %d children, want 1", n)
	}
	ws := r.Warnings()
	if len(ws) != 3 {
		t.Fatalf("%d warnings, want 3 (the header, and the two blocks that branch from it): %v", len(ws), ws)
	}
	for _, w := range ws[1:] {
		if !errors.Is(w, ErrVariation) {
			t.Errorf("warning %v is not an ErrVariation", w)
		}
	}
}
