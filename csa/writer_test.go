package csa_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
)

func TestWriterHeaderAndLosses(t *testing.T) {
	rec := &shogi.Record{StartSFEN: "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"}
	rec.Header = shogi.Header{
		{Key: "表題", Value: "dropped"}, {Key: shogi.HeaderShitate, Value: "下手の人"},
		{Key: shogi.HeaderUwate, Value: "上手の人"}, {Key: shogi.HeaderTimeLimit, Value: "00:30+30"},
		{Key: shogi.HeaderHandicap, Value: "二枚落ち"}, {Key: "$JISHOGI", Value: "27"},
	}
	first := rec.Root.AddChild(shogi.NewMove(shogi.NewSquare(5, 1), shogi.NewSquare(4, 2), false))
	first.Bookmark = "dropped too"
	first.HasTime, first.Time = true, shogi.MoveTime{Spent: 1500 * time.Millisecond, Total: 1500 * time.Millisecond}
	rec.Root.AddChild(shogi.NewMove(shogi.NewSquare(6, 1), shogi.NewSquare(7, 2), false)) // a variation
	first.End = &shogi.Ending{Kind: shogi.EndDefaultWin, Result: shogi.WhiteWins}
	out, err := csa.Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	want := "V2.2\nN+下手の人\nN-上手の人\n$TIME_LIMIT:00:30+30\n$JISHOGI:27\n" +
		"P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 *  *  *  *  *  *  *  *  * \n"
	if !strings.HasPrefix(string(out), want) {
		t.Errorf("written:\n%s\nwant it to start with:\n%s", out, want)
	}
	if !strings.HasSuffix(string(out), "-\n-5142OU,T1\n'不戦勝\n") {
		t.Errorf("written:\n%s", out)
	}
	back, err := csa.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := back.Header.Get(shogi.HeaderShitate); v != "下手の人" {
		t.Errorf("read back: %v", back.Header)
	}
}

func TestWriterErrors(t *testing.T) {
	rec := shogi.NewRecord()
	rec.Root.Comments = []string{"two\nlines"}
	if _, err := csa.Format(rec); !errors.Is(err, csa.ErrNewline) {
		t.Errorf("comment with a line break: %v", err)
	}
	rec = shogi.NewRecord()
	rec.Header.Set("$A:B", "x")
	if _, err := csa.Format(rec); !errors.Is(err, csa.ErrHeader) {
		t.Errorf("key with a colon: %v", err)
	}
	rec = shogi.NewRecord()
	rec.Header.Set(shogi.HeaderBlack, "☗")
	var buf bytes.Buffer
	w := csa.NewWriter(&buf)
	w.ShiftJIS = true
	if err := w.Write(rec); err == nil {
		t.Error("☗ written in Shift_JIS")
	}
	rec = shogi.NewRecord()
	rec.Root.AddChild(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 5), false))
	var ie *shogi.IllegalMoveError
	if _, err := csa.Format(rec); !errors.As(err, &ie) || !errors.Is(err, shogi.ErrCannotMove) {
		t.Errorf("illegal move: %v", err)
	}
	w = csa.NewWriter(&buf)
	w.Version = "4.0"
	if err := w.Write(shogi.NewRecord()); err == nil {
		t.Error("version 4.0 written")
	}
}

// TestWriteTimesAddingUpPastTheLimit: a record whose totals are not the sums of its
// times (a KIF's, say) may give each move a valid time whose sum for a side passes
// shogi.MaxTime; the reader adds up the times and would refuse the text, so the writer
// refuses the record.
func TestWriteTimesAddingUpPastTheLimit(t *testing.T) {
	rec := shogi.NewRecord()
	n := &rec.Root
	for i, usi := range []string{"7g7f", "3c3d", "2g2f"} {
		m, err := shogi.ParseUSIMove(usi)
		if err != nil {
			t.Fatal(err)
		}
		n = n.AddChild(m)
		if i%2 == 0 { // Black's moves: each near the limit, their sum past it
			n.Time, n.HasTime = shogi.MoveTime{Spent: shogi.MaxTime - time.Hour, Total: shogi.MaxTime - time.Hour}, true
		}
	}
	if _, err := csa.Format(rec); !errors.Is(err, shogi.ErrTimeRange) {
		t.Errorf("got %v, want an error wrapping shogi.ErrTimeRange", err)
	}
}

// TestWriterSecondDates: a second $START_TIME, $END_TIME or $TIME_LIMIT is kept under
// its CSA key when read; written, it reads back as the first when the first had no CSA
// form and was dropped, so it is written in the first's form, or dropped as the first
// would be (found by FuzzReader).
func TestWriterSecondDates(t *testing.T) {
	tests := []struct{ in, want string }{
		{"$START_TIME:2003\x0f05/03\n$START_TIME:2003\x0f05/03\n", ""},
		{"$START_TIME:2003\x0f05/03\n$START_TIME:2003/05/03\n", "$START_TIME:2003/05/03\n"},
		{"$END_TIME:x\n$END_TIME:2003/05/03 10:30:00\n", "$END_TIME:2003/05/03 10:30:00\n"},
		{"$TIME_LIMIT:x\n$TIME_LIMIT:y\n", ""},
		{"$TIME_LIMIT:x\n$TIME_LIMIT:00:25+00\n", "$TIME_LIMIT:00:25+00\n"},
		{"$START_TIME:2003/05/03\n$START_TIME:2004/05/03\n", "$START_TIME:2003/05/03\n$START_TIME:2004/05/03\n"},
	}
	for _, tt := range tests {
		rec, err := csa.Parse([]byte("V2.2\n" + tt.in + "PI\n+\n"))
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		first, err := csa.Format(rec)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		back, err := csa.Parse(first)
		if err != nil {
			t.Fatalf("%q written as %q: %v", tt.in, first, err)
		}
		second, err := csa.Format(back)
		if err != nil || !bytes.Equal(first, second) {
			t.Errorf("%q: written %q, then %q (%v)", tt.in, first, second, err)
		}
		if got, _, _ := strings.Cut(strings.TrimPrefix(string(first), "V2.2\n"), "P1"); got != tt.want {
			t.Errorf("%q: written %q, want %q", tt.in, got, tt.want)
		}
	}
}
