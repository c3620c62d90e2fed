package clock_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/record"
)

func parseRecord(t *testing.T, text string) *shogi.Record {
	t.Helper()
	rec, err := record.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// warningsOf returns the move and code of each warning.
func warningsOf(ws []clock.Warning) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.String())
	}
	return out
}

func TestCheckTimes(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"CSA within $TIME_LIMIT", "V2.2\n$TIME_LIMIT:00:01+10\nPI\n+\n+7776FU\nT50\n-3334FU\nT69\n+2726FU\nT19\n-8384FU\nT10\n", nil},
		// Black: 50 + 19 = 69 s of 60 + 10: on time (the second move had 10 + 10 s);
		// White: 69 then 2 more s when 60 + 10 were left for the first: the second
		// move had only the byoyomi, 10 s, and took 12.
		{"CSA T past $TIME_LIMIT", "V2.2\n$TIME_LIMIT:00:01+10\nPI\n+\n+7776FU\nT50\n-3334FU\nT69\n+2726FU\nT19\n-8384FU\nT12\n",
			[]string{"clock: move 4 (white): 0:00:12 spent with 0:00:10 available (main 1m0s, byoyomi 10s, charged in 1s rounded down)"}},
		{"CSA V3 $TIME Fischer", "'CSA encoding=UTF-8\nV3.0\n$TIME:10+0+2\nPI\n+\n+7776FU\nT11\n-3334FU\nT11.5\n+2726FU\nT5\n-8384FU\nT1\n",
			// Black had 10 + 2 - 11 + 2 = 3 s for its second move; as a record's total
			// may be a second more than the time used, it is told 4, and 5 s is over.
			[]string{"clock: move 3 (black): 0:00:05 spent with 0:00:04 available (main 10s, increment 2s before each move, charged in 1s rounded down)"}},
		{"floodgate game name", "V2\n'Increment:10\n$EVENT:wdoor+floodgate-300-10F+a+b+20210405160009\nPI\n+\n+7776FU\nT309\n", nil},
		{"floodgate game name, over", "V2\n$EVENT:wdoor+floodgate-300-10F+a+b+20210405160009\nPI\n+\n+7776FU\nT312\n",
			[]string{"clock: move 1 (black): 0:05:12 spent with 0:05:10 available (main 5m0s, increment 10s before each move, charged in 1s rounded down)"}},
		{"KIF totals that do not add up", `持ち時間：各10分
手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:10/00:00:10)
   2 ３四歩(33)   ( 0:05/00:00:05)
   3 ２六歩(27)   ( 0:10/00:00:20)
   4 ８四歩(83)   ( 0:05/00:01:10)
   5 ２五歩(26)   ( 0:10/00:00:30)
   6 ８五歩(84)   ( 0:05/00:01:15)
`, []string{"clock: move 4 (white): the total 0:01:10 is not the sum of the side's times 0:00:10"}},
		{"KIF over 切れ負け", `持ち時間：3分切れ負け
手数----指手---------消費時間--
   1 ７六歩(77)   ( 2:58/00:02:58)
   2 ３四歩(33)   ( 0:05/00:00:05)
   3 ２六歩(27)   ( 0:03/00:03:01)
   4 ８四歩(83)   ( 0:05/00:00:10)
   5 ２五歩(26)   ( 0:05/00:03:06)
`, []string{"clock: move 5 (black): 0:00:05 spent with 0:00:00 available (main 3m0s, charged in 1s rounded down)"}},
		{"KIF 秒読み field", `持ち時間：0分
秒読み：10秒
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:11/00:00:11)
   2 ３四歩(33)   ( 0:12/00:00:12)
`, []string{"clock: move 1 (black): 0:00:11 spent with 0:00:10 available (main 0s, byoyomi 10s, charged in 1s rounded down)",
			"clock: move 2 (white): 0:00:12 spent with 0:00:10 available (main 0s, byoyomi 10s, charged in 1s rounded down)"}},
		{"unreadable control", "持ち時間：一億年\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:11/00:00:11)\n",
			[]string{`clock: the header's time control is not read: 持ち時間 "一億年": column 1: malformed time control: want a time such as 各10分`}},
		{"no times", "V2.2\n$TIME_LIMIT:00:00+10\nPI\n+\n+7776FU\n-3334FU\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := warningsOf(clock.CheckTimes(parseRecord(t, tc.text)))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// The side that makes the first move is the start SFEN's second field, however the
// fields are spaced.
func TestCheckTimesSideToMove(t *testing.T) {
	const board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL"
	over := clock.Control{Black: clock.Allowance{Main: time.Minute}, White: clock.Allowance{Main: time.Minute}}
	for _, tc := range []struct{ sfen, want string }{
		{board + " w - 2", "white"},
		{"  " + board + " \t w\t- 2 ", "white"},
		{board + "\u3000w - 2", "white"}, // an ideographic space is a space to strings.Fields
		{board + " b - 2", "black"},
		{board, "black"},
		{"", "black"},
	} {
		rec := shogi.NewRecord()
		rec.StartSFEN = tc.sfen
		n := rec.Root.AddChild(shogi.NewMove(shogi.NewSquare(3, 3), shogi.NewSquare(3, 4), false))
		n.HasTime, n.Time.Spent = true, 2*time.Minute
		ws := clock.CheckTimesAgainst(rec, over)
		if len(ws) != 1 || ws[0].Side.String() != tc.want {
			t.Errorf("%q: %v, want one warning for %s", tc.sfen, warningsOf(ws), tc.want)
		}
	}
}
