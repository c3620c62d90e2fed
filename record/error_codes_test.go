package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kifu-go/shogi/record"
)

// TestErrorCodesOfText: text that cannot be read gets a code that says why — bytes
// that are not text in the input's encoding, a record past the reader's bound, or
// anything else.
func TestErrorCodesOfText(t *testing.T) {
	long := "V2.2\nPI\n+\n+7776FU\n" + strings.Repeat("'a comment to make the record long\n", 200)
	tests := []struct {
		name, text string
		maxBytes   int64
		want       string
	}{
		{"kif not UTF-8", "手合割：平手\n1 ７六歩(77)\xff\xfe\n", 0, "encoding"},
		{"jkf not UTF-8", `{"header":{"a":"` + "\xff" + `"},"moves":[{}]}`, 0, "encoding"},
		{"csa record too large", long, 1000, "too-large"},
		{"csa syntax", "V2.2\nPI\n+\n+7776XX\n", 0, "syntax"},
	}
	for _, tt := range tests {
		r := record.NewReader(strings.NewReader(tt.text))
		r.MaxRecordBytes = tt.maxBytes
		_, err := r.Read()
		var re *record.Error
		if !errors.As(err, &re) {
			t.Errorf("%s: %v, want a *record.Error", tt.name, err)
			continue
		}
		if got := re.Code(); got != tt.want {
			t.Errorf("%s: code %q, want %q (%v)", tt.name, got, tt.want, err)
		}
	}
}

// TestErrorMessage: Message is the cause without its package's prefix, which the
// Error's text and a Report's Error end with, the place before it.
func TestErrorMessage(t *testing.T) {
	text := "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n"
	r := record.NewReader(strings.NewReader(text))
	r.Name = "foul.kif"
	_, err := r.Read()
	var e *record.Error
	if !errors.As(err, &e) {
		t.Fatalf("%v: want a *record.Error", err)
	}
	const want = "illegal move 7g7f at move 2: no piece on the origin square"
	if got := e.Message(); got != want {
		t.Errorf("Message %q, want %q", got, want)
	}
	if got := e.Error(); got != "record: foul.kif: record 1 (from line 1): line 4, column 6: "+want {
		t.Errorf("Error %q", got)
	}
	if got := e.Detail(); got != "line 4, column 6: "+want {
		t.Errorf("Detail %q", got)
	}
	n := 0
	for verdict := range record.Validate(record.NewReader(strings.NewReader(text))) {
		if rep := verdict.Report("foul.kif"); rep.Error != e.Detail() {
			t.Errorf("Report.Error %q, Detail %q", rep.Error, e.Detail())
		}
		n++
	}
	if n != 1 {
		t.Errorf("%d verdicts, want 1", n)
	}
}
