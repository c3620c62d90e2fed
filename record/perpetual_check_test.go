package record_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// The perpetual-check game of the tests below: Black's rook checks along rank a and
// rank b in turn, White's king steps between 1a and 1b, and the start position comes
// back a fourth time after move 12, White's evasion, with the checker to move. By the
// rules (連続王手の千日手) Black, who gave every check, loses.
const perpetualSFEN = "8k/R8/9/9/9/9/9/9/K8 b - 1"

var perpetualCycle = []string{"9b9a", "1a1b", "9a9b", "1b1a"}

// perpetualKIF is the game as KIF writes it: 千日手, which names no winner.
const perpetualKIF = `# ---- 連続王手の千日手 ----
手合割：平手
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・v玉|一
| 飛 ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| 玉 ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：なし
手数----指手---------消費時間--
   1 ９一飛(92)
   2 １二玉(11)
   3 ９二飛(91)
   4 １一玉(12)
   5 ９一飛(92)
   6 １二玉(11)
   7 ９二飛(91)
   8 １一玉(12)
   9 ９一飛(92)
  10 １二玉(11)
  11 ９二飛(91)
  12 １一玉(12)
  13 千日手
まで12手で千日手
`

// perpetualCSA is the game as CSA writes it: %SENNICHITE, the format's only code for
// 千日手 (issue 18: it was read as a draw, and the record judged invalid as a
// "perpetual-check-draw").
const perpetualCSA = `V2.2
N+sente
N-gote
P-11OU
P+92HI
P+99OU
+
+9291HI
-1112OU
+9192HI
-1211OU
+9291HI
-1112OU
+9192HI
-1211OU
+9291HI
-1112OU
+9192HI
-1211OU
%SENNICHITE
`

// perpetualJKF is the game as JKF writes it: the special SENNICHITE.
func perpetualJKF() string {
	var board [9][9]string
	for x := range board {
		for y := range board[x] {
			board[x][y] = "{}"
		}
	}
	board[0][0] = `{"color":1,"kind":"OU"}`
	board[8][1] = `{"color":0,"kind":"HI"}`
	board[8][8] = `{"color":0,"kind":"OU"}`
	var files []string
	for _, f := range board {
		files = append(files, "["+strings.Join(f[:], ",")+"]")
	}
	moves := []string{"{}"}
	for i := range 12 {
		from, to := []int{9, 2}, []int{9, 1}
		switch i % 4 {
		case 1:
			from, to = []int{1, 1}, []int{1, 2}
		case 2:
			from, to = []int{9, 1}, []int{9, 2}
		case 3:
			from, to = []int{1, 2}, []int{1, 1}
		}
		piece := "HI"
		if i%2 == 1 {
			piece = "OU"
		}
		moves = append(moves, fmt.Sprintf(`{"move":{"from":{"x":%d,"y":%d},"to":{"x":%d,"y":%d},"color":%d,"piece":%q}}`,
			from[0], from[1], to[0], to[1], i%2, piece))
	}
	moves = append(moves, `{"special":"SENNICHITE"}`)
	return `{"header":{},"initial":{"preset":"OTHER","data":{"board":[` + strings.Join(files, ",") +
		`],"color":0,"hands":[{},{}]}},"moves":[` + strings.Join(moves, ",") + `]}`
}

// TestPerpetualCheckSameEverywhere: 千日手, %SENNICHITE and SENNICHITE are one claim;
// the rules decide who won. The same perpetual-check game in KIF, CSA and JKF gets the
// same verdict (valid, White wins), and written in any format it reads back with the
// same result, the CSA and JKF writers using only their formats' specials.
func TestPerpetualCheckSameEverywhere(t *testing.T) {
	inputs := []struct {
		format record.Format
		text   string
	}{
		{record.KIF, perpetualKIF},
		{record.CSA, perpetualCSA},
		{record.JKF, perpetualJKF()},
	}
	type verdict struct {
		OK             bool
		Moves          int
		Ending, Winner string
		SFEN           string
		Warnings       int
	}
	want := verdict{OK: true, Moves: 12, Ending: "sennichite", Winner: "white", SFEN: "8k/R8/9/9/9/9/9/9/K8 b - 13"}
	for _, in := range inputs {
		t.Run(in.format.String(), func(t *testing.T) {
			r := record.NewReader(strings.NewReader(in.text))
			var got []verdict
			var rec *shogi.Record
			for v := range record.Validate(r) {
				rep := v.Report("game")
				got = append(got, verdict{rep.OK, rep.Moves, rep.Ending, rep.Winner, rep.SFEN, len(rep.Warnings)})
				if e := v.Err(); e != nil {
					t.Errorf("%v", e)
				}
				rec = v.Record
			}
			if diff := cmp.Diff([]verdict{want}, got); diff != "" {
				t.Fatalf("verdict (-want +got)\n%s", diff)
			}
			if r.InputFormat() != in.format {
				t.Errorf("read as %v, want %v", r.InputFormat(), in.format)
			}
			for _, f := range []record.Format{record.KIF, record.KI2, record.CSA, record.JKF} {
				data, err := record.Marshal(rec, f)
				if err != nil {
					t.Fatalf("writing %v: %v", f, err)
				}
				if bytes.Contains(data, []byte("OUTE")) {
					t.Errorf("%v written with a special its format does not define:\n%s", f, data)
				}
				back, err := record.Parse(data)
				if err != nil {
					t.Fatalf("%v: %v\n%s", f, err, data)
				}
				if end := back.Ending(); end == nil || end.Kind != shogi.EndSennichite || end.Result != shogi.WhiteWins {
					t.Errorf("%v: read back %+v, want 千日手 won by White\n%s", f, end, data)
				}
				if _, problems := record.Check(back); len(problems) > 0 {
					t.Errorf("%v: read back: %v", f, problems)
				}
			}
		})
	}
}

// TestPerpetualCheckReadsBack: a 千日手 by perpetual check is lost by the side that gave
// every check, whichever side made the last move — the fourth occurrence may come after
// the defender's move, with the checker to move (12 moves), or after the checker's (13
// moves, from a start that is not part of the cycle). Every format reads the loser back
// from the rules.
func TestPerpetualCheckReadsBack(t *testing.T) {
	for _, tc := range []struct {
		sfen  string
		lead  []string // moves before the cycles
		plies int
	}{
		{perpetualSFEN, nil, 12},
		// The rook starts on 9c and enters the cycle with its first check: the
		// position after move 1 is the one repeated, a fourth time after move 13.
		{"8k/9/R8/9/9/9/9/9/K8 b - 1", []string{"9c9a"}, 13},
	} {
		t.Run(fmt.Sprint(tc.plies), func(t *testing.T) {
			rec := &shogi.Record{StartSFEN: tc.sfen}
			node := &rec.Root
			moves := append([]string(nil), tc.lead...)
			for i := len(moves); i < tc.plies; i++ {
				moves = append(moves, perpetualCycle[i%4])
			}
			for _, s := range moves {
				m, err := shogi.ParseUSIMove(s)
				if err != nil {
					t.Fatal(err)
				}
				node = node.AddChild(m)
			}
			node.End = &shogi.Ending{Kind: shogi.EndSennichite, Result: shogi.WhiteWins}
			if _, problems := record.Check(rec); len(problems) > 0 {
				t.Fatalf("the record itself (%v): %v", moves, problems)
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
