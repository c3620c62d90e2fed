package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/record"
)

// timesKIF is a KIF game on 各1分 whose second total, 0:00:20, is not 0:00:05 plus
// 0:00:07.
const timesKIF = `開始日時：2026/01/01 10:00:00
持ち時間：各1分
手合割：平手
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:05/00:00:05)
   2 ３四歩(33)   ( 0:03/00:00:03)
   3 ２六歩(27)   ( 0:07/00:00:20)
   4 ８四歩(83)   ( 0:02/00:00:05)
   5 投了
まで4手で後手の勝ち
`

// timesCSA is a CSA game on 1 minute sudden death ($TIME_LIMIT:00:01+00) whose third
// move, 50 s after 20 s, is past it.
const timesCSA = `V2.2
N+black
N-white
$TIME_LIMIT:00:01+00
PI
+
+7776FU
T20
-3334FU
T1
+2726FU
T50
-8384FU
T1
%TORYO
`

// TestValidateTimes: a record's times are checked against the control it states,
// each problem a warning with its move, and the record stays valid.
func TestValidateTimes(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []verdictRow
	}{
		{"KIF: a total that does not add up", timesKIF,
			[]verdictRow{{Index: 1, StartLine: 1, Valid: true, Moves: 4, Ending: "resign", Problems: []string{"warning time-total-mismatch - - 3"}}}},
		{"CSA: past $TIME_LIMIT", timesCSA,
			[]verdictRow{{Index: 1, StartLine: 1, Valid: true, Moves: 4, Ending: "resign", Problems: []string{"warning time-over-time - - 3"}}}},
		{"KIF: a control that cannot be read", strings.Replace(timesKIF, "各1分", "一億年", 1),
			[]verdictRow{{Index: 1, StartLine: 1, Valid: true, Moves: 4, Ending: "resign", Problems: []string{"warning time-unreadable-control - - -", "warning time-total-mismatch - - 3"}}}},
		{"KIF: times that add up", strings.Replace(timesKIF, "00:00:20", "00:00:12", 1),
			[]verdictRow{{Index: 1, StartLine: 1, Valid: true, Moves: 4, Ending: "resign"}}},
	} {
		var got []verdictRow
		for v := range record.Validate(record.NewReader(strings.NewReader(tc.text))) {
			got = append(got, rowOf(v))
			for _, w := range v.Warnings() {
				var te *record.TimeError
				if !errors.As(w, &te) || te.Move != w.Ply || !strings.Contains(w.Error(), "warning: ") {
					t.Errorf("%s: warning %v: not a TimeError with its move", tc.name, w)
				}
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}
