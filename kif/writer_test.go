package kif

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	shogi "github.com/kifu-go/shogi"
)

func TestMultiLineComment(t *testing.T) {
	rec := shogi.NewRecord()
	rec.Root.Comments = []string{"a\n\nb", "c\r\nd"}
	out, err := Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a", "", "b", "c", "d"}; !slices.Equal(back.Root.Comments, want) {
		t.Errorf("got %q, want %q", back.Root.Comments, want)
	}
}

// TestWriterDefaults: the zero options write KIF in UTF-8; Shift_JIS output says so.
func TestWriterDefaults(t *testing.T) {
	rec, err := Parse([]byte(sampleKIF))
	if err != nil {
		t.Fatal(err)
	}
	kif, _ := Format(rec)
	if got := write(t, rec, AutoDialect, AutoEncoding); string(got) != string(kif) {
		t.Errorf("zero Writer:\n%s\nFormat:\n%s", got, kif)
	}
	sj := write(t, rec, KIF, ShiftJIS)
	if want := toShiftJIS(t, strings.Replace(string(kif), "UTF-8", "Shift_JIS", 1)); string(sj) != string(want) {
		t.Errorf("Shift_JIS output differs")
	}
}

// TestShiftJISLossy: characters that Shift_JIS would turn into others are refused.
func TestShiftJISLossy(t *testing.T) {
	for _, r := range []rune{'¥', '‾', '雞', '😀'} {
		rec := &shogi.Record{Header: shogi.Header{{Key: "備考", Value: "a" + string(r)}}}
		var buf strings.Builder
		w := NewWriter(&buf)
		w.Encoding = ShiftJIS
		if err := w.Write(rec); !errors.Is(err, ErrUnencodable) {
			t.Errorf("%q: got %v", r, err)
		}
	}
}

func TestEndingText(t *testing.T) {
	// KIF ends a line only with its own words: an ending kept as text has none.
	for text, ok := range map[string]bool{"反則手": false, "謎(1)": false, "1": false, "７六歩": false, "同": false, "a b": false, "九": false, "投": false, "先手の": false, "千日": false, "x\uFFFD": false} {
		rec := shogi.NewRecord()
		rec.Root.End = &shogi.Ending{Text: text}
		out, err := Format(rec)
		if ok != (err == nil) || !ok && !errors.Is(err, ErrEndingText) {
			t.Errorf("%q: got %v", text, err)
			continue
		}
		if !ok {
			continue
		}
		for _, d := range []Dialect{KIF, KI2} {
			back, err := readAs(write(t, rec, d, UTF8), d)
			if err != nil || back.Root.End == nil || !reflect.DeepEqual(*back.Root.End, *rec.Root.End) {
				t.Errorf("%q %v: got %+v, %v\n%s", text, d, back.Root.End, err, out)
			}
		}
	}
}

// TestWinnerOtherThanImplied: an ending whose winner is not the one its word implies
// for the side to move (後手の反則勝ち at Black's turn) names its winner on the special
// move line, so that a variation, which has no まで line, reads back the same.
func TestWinnerOtherThanImplied(t *testing.T) {
	const text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n" +
		"変化：3手\n   3 後手の反則勝ち\n"
	rec, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	alt := rec.Root.Children[0].Children[0].Children[1]
	if !alt.IsEnding() || alt.End.Kind != shogi.EndIllegalWin || alt.End.Result != shogi.WhiteWins {
		t.Fatalf("read %+v, want white's illegal win", alt.End)
	}
	out, err := Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "   3 後手の反則勝ち\n") {
		t.Errorf("the winner is not named on the line:\n%s", out)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if diff := diffRecords(rec, back); diff != "" {
		t.Errorf("(-read +read back):\n%s", diff)
	}
}

// TestWriteTimeLimit: a 持ち時間 in CSA's form (as the csa package reads $TIME_LIMIT) is
// written in KIF's, its byoyomi as 秒読み unless the header gives that field; a value
// in KIF's own words is written as it is.
func TestWriteTimeLimit(t *testing.T) {
	for _, tc := range []struct {
		header shogi.Header
		want   string
	}{
		{shogi.Header{{Key: "持ち時間", Value: "00:10+00"}}, "持ち時間：各10分\n"},
		{shogi.Header{{Key: "持ち時間", Value: "01:30+60"}}, "持ち時間：各1時間30分\n秒読み：1分\n"},
		{shogi.Header{{Key: "持ち時間", Value: "00:00+30"}, {Key: "秒読み", Value: "30秒"}}, "持ち時間：各0分\n秒読み：30秒\n"},
		{shogi.Header{{Key: "持ち時間", Value: "60分 切れたら1分将棋"}}, "持ち時間：60分 切れたら1分将棋\n"},
	} {
		rec := shogi.NewRecord()
		rec.Header = tc.header
		out, err := Format(rec)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), "UTF-8\n"+tc.want+"手数") {
			t.Errorf("%v: got\n%s\nwant the header\n%s", tc.header, out, tc.want)
		}
	}
}
