package record_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// TestPerpetualCheckReadsBack: a 千日手 by perpetual check is lost by the side that gave
// every check, whichever side made the last move — the fourth occurrence may come after
// the defender's move, with the checker to move. Every format reads the loser back from
// the rules: KIF and KI2 say only 千日手, CSA and JKF only that it was perpetual check.
func TestPerpetualCheckReadsBack(t *testing.T) {
	// Black's rook checks along rank a and rank b in turn; White's king steps between
	// 1a and 1b. The start position comes back after move 12 (White's), the position
	// after move 1 after move 13 (Black's).
	cycle := []string{"9b9a", "1a1b", "9a9b", "1b1a"}
	for _, plies := range []int{12, 13} {
		t.Run(fmt.Sprint(plies), func(t *testing.T) {
			rec := &shogi.Record{StartSFEN: "8k/R8/9/9/9/9/9/9/K8 b - 1"}
			node := &rec.Root
			for i := range plies {
				m, err := shogi.ParseUSIMove(cycle[i%4])
				if err != nil {
					t.Fatal(err)
				}
				node = node.AddChild(m)
			}
			node.End = &shogi.Ending{Kind: shogi.EndSennichite, Result: shogi.WhiteWins}
			if _, problems := record.Check(rec); len(problems) > 0 {
				t.Fatalf("the record itself: %v", problems)
			}
			for _, f := range []record.Format{record.KIF, record.KI2, record.CSA, record.JKF} {
				data, err := record.Marshal(rec, f)
				if err != nil {
					t.Fatalf("%v: %v", f, err)
				}
				back, err := record.Parse(data)
				if err != nil {
					t.Fatalf("%v: %v\n%s", f, err, data)
				}
				end := back.Ending()
				if end == nil {
					t.Fatalf("%v: no ending read back from\n%s", f, data)
				}
				if diff := cmp.Diff(shogi.WhiteWins, end.Result); diff != "" {
					t.Errorf("%v: result (-want +got)\n%s\n%s", f, diff, data)
				}
				if _, problems := record.Check(back); len(problems) > 0 {
					t.Errorf("%v: read back: %v", f, problems)
				}
			}
		})
	}
}
