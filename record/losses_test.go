package record_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// line returns a record of the USI moves from the start position, each with the time
// spent given (in seconds) and the totals adding up, and the last node.
func line(t *testing.T, moves ...string) (*shogi.Record, *shogi.Node) {
	t.Helper()
	rec := shogi.NewRecord()
	n := &rec.Root
	var totals [2]time.Duration
	for i, usi := range moves {
		m, err := shogi.ParseUSIMove(usi)
		if err != nil {
			t.Fatal(err)
		}
		n = n.AddChild(m)
		totals[i%2] += time.Second
		n.Time, n.HasTime = shogi.MoveTime{Spent: time.Second, Total: totals[i%2]}, true
	}
	return rec, n
}

func move(t *testing.T, usi string) shogi.Move {
	t.Helper()
	m, err := shogi.ParseUSIMove(usi)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLosses: what each format loses of records in the shapes real records have.
func TestLosses(t *testing.T) {
	type want map[record.Format]string // format → the losses' String, joined; missing: none
	for _, tc := range []struct {
		name  string
		build func(t *testing.T) *shogi.Record
		want  want
	}{
		{"a plain game with times", func(t *testing.T) *shogi.Record {
			rec, n := line(t, "7g7f", "3c3d")
			n.End = &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins}
			rec.Header = shogi.Header{{Key: "先手", Value: "a"}, {Key: "後手", Value: "b"}, {Key: "手合割", Value: "平手"}}
			return rec
		}, want{
			record.KI2:  "2 times",
			record.USI:  "2 times, 2 header fields (先手, 後手), 1 ending (resign)",
			record.SFEN: "2 moves, 2 times, 2 header fields (先手, 後手), 1 ending (resign)",
		}},
		{"the KIF of issue 18: a variation, 消費時間, 封じ手, 持ち時間 and dates", func(t *testing.T) *shogi.Record {
			rec, n := line(t, "7g7f", "3c3d")
			n.End = &shogi.Ending{Kind: shogi.EndSealedMove}
			rec.Root.AddChild(move(t, "2g2f"))
			rec.Header = shogi.Header{{Key: "開始日時", Value: "2014/09/13 14：59"}, {Key: "持ち時間", Value: "各10分"},
				{Key: "消費時間", Value: "▲10分△12分"}}
			return rec
		}, want{
			record.CSA:  "1 variation, 1 header field (消費時間), 1 ending (sealed-move)",
			record.KI2:  "2 times",
			record.USI:  "1 variation, 2 times, 3 header fields (開始日時, 持ち時間, 消費時間), 1 ending (sealed-move)",
			record.SFEN: "1 variation, 2 moves, 2 times, 3 header fields (開始日時, 持ち時間, 消費時間), 1 ending (sealed-move)",
		}},
		{"time limits and dates CSA has no form for", func(t *testing.T) *shogi.Record {
			rec := shogi.NewRecord()
			rec.Header = shogi.Header{{Key: "開始日時", Value: "2005/11/29･30日"}, {Key: "持ち時間", Value: "60分 切れたら1分将棋"},
				{Key: "秒読み", Value: "30秒"}, {Key: "表題", Value: "x"}, {Key: "$NOTE", Value: "kept"}}
			return rec
		}, want{
			record.CSA:  "4 header fields (開始日時, 持ち時間, 秒読み, 表題)",
			record.USI:  "5 header fields (開始日時, 持ち時間, 秒読み, 表題, $NOTE)",
			record.SFEN: "5 header fields (開始日時, 持ち時間, 秒読み, 表題, $NOTE)",
		}},
		{"a line a lenient read stopped, with variations where it stops", func(t *testing.T) *shogi.Record {
			rec, n := line(t, "7g7f", "3c3d")
			n.End = &shogi.Ending{Kind: shogi.EndUnread, Text: "   3 ７七歩打?"}
			n.AddChild(move(t, "2g2f"))
			n.AddChild(move(t, "5g5f"))
			return rec
		}, want{
			record.KIF:  "2 variations, 1 unread line",
			record.KI2:  "2 variations, 2 times, 1 unread line",
			record.CSA:  "2 variations, 1 unread line",
			record.JKF:  "2 variations, 1 unread line",
			record.USI:  "2 variations, 2 times, 1 unread line",
			record.SFEN: "2 variations, 2 moves, 2 times, 1 unread line",
		}},
		{"bookmarks, comments, fractions, a total that is not the sum", func(t *testing.T) *shogi.Record {
			rec, n := line(t, "7g7f", "3c3d", "2g2f")
			first := rec.MainLine()[0]
			first.Bookmark = "opening"
			first.Comments = []string{"a comment"}
			first.Time.Spent += 500 * time.Millisecond
			n.Time.Total += 10 * time.Second
			return rec
		}, want{
			record.KIF:  "1 time with fractions of a second",
			record.KI2:  "3 times",
			record.CSA:  "1 bookmark, 1 time total, 1 time with fractions of a second",
			record.JKF:  "1 bookmark, 1 time with fractions of a second",
			record.USI:  "1 comment, 1 bookmark, 3 times",
			record.SFEN: "3 moves, 1 comment, 1 bookmark, 3 times",
		}},
		{"a start after move 1", func(t *testing.T) *shogi.Record {
			return &shogi.Record{StartSFEN: "4k4/9/9/9/9/9/9/9/4K4 b G 31"}
		}, want{
			record.CSA: "1 start move number",
			record.JKF: "1 start move number",
		}},
	} {
		rec := tc.build(t)
		for _, f := range record.Formats {
			var got []string
			for _, l := range record.Losses(rec, f) {
				got = append(got, l.String())
			}
			if diff := cmp.Diff(tc.want[f], strings.Join(got, ", ")); diff != "" {
				t.Errorf("%s: %s (-want +got):\n%s", tc.name, f, diff)
			}
		}
	}
}
