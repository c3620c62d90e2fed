package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// TestTimesBeyondTheMaximum: times that would overflow a time.Duration (or merely pass
// shogi.MaxTime) are an error with their place in a strict read, a warning and no time
// in a lenient one; no negative time comes out, and what is read writes and reads back.
func TestTimesBeyondTheMaximum(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line       int
	}{
		{"kif move time", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   (99999999999:00/00:00:00)\n   2 ３四歩(33)   ( 0:01/00:00:01)\n", 3},
		{"kif total", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:00/3000000:00:00)\n   2 ３四歩(33)   ( 0:01/00:00:01)\n", 3},
		{"csa move time", "V2.2\nPI\n+\n+7776FU\nT4294967296\n-3334FU\nT1\n", 5},
		{"csa total", "V2.2\nPI\n+\n+7776FU\nT36000000\n-3334FU\nT1\n+2726FU\nT1\n", 9},
		{"jkf hours", `{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"time":{"now":{"h":1073741824,"m":0,"s":0},"total":{"h":0,"m":0,"s":0}}}]}` + "\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := record.NewReader(strings.NewReader(tc.text))
			_, err := r.Read()
			var re *record.Error
			if err == nil || !errors.As(err, &re) || re.Line != tc.line {
				t.Fatalf("strict: %v, want an *Error on line %d", err, tc.line)
			}
			r = record.NewReader(strings.NewReader(tc.text))
			r.Lenient = true
			rec, err := r.Read()
			if err != nil {
				t.Fatalf("lenient: %v", err)
			}
			if len(r.Warnings()) == 0 || r.Warnings()[0].Line != tc.line {
				t.Errorf("lenient warnings %v, want one on line %d", r.Warnings(), tc.line)
			}
			for _, n := range rec.MainLine() {
				if n.HasTime && !n.Time.Valid() {
					t.Errorf("move %v: time %+v", n.Move, n.Time)
				}
			}
			if len(rec.MainLine()) < 1 {
				t.Errorf("the moves were lost: %v", rec.Moves())
			}
			for _, f := range []record.Format{record.KIF, record.CSA, record.JKF} {
				data, err := record.Marshal(rec, f)
				if err != nil {
					t.Fatalf("write %s: %v", f, err)
				}
				if _, err := record.Parse(data); err != nil {
					t.Errorf("%s written does not read back: %v\n%s", f, err, data)
				}
			}
		})
	}
	// Writers refuse a time longer than the maximum.
	rec := shogi.NewRecord()
	m, _ := shogi.ParseUSIMove("7g7f")
	n := rec.Root.AddChild(m)
	n.Time, n.HasTime = shogi.MoveTime{Spent: shogi.MaxTime + 1}, true
	for _, f := range []record.Format{record.KIF, record.CSA, record.JKF} {
		if _, err := record.Marshal(rec, f); !errors.Is(err, shogi.ErrTimeRange) {
			t.Errorf("%s: writing a time over the maximum: %v", f, err)
		}
	}
}
