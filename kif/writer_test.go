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
	for text, ok := range map[string]bool{"反則手": true, "謎(1)": true, "1": false, "７六歩": false, "同": false, "a b": false, "九": false, "投": false, "先手の": false, "千日": false, "x\uFFFD": false} {
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
