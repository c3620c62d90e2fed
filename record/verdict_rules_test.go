package record_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// perpetualOnKIF is the perpetual-check game of perpetualKIF played on after the
// fourth occurrence, as the records of issue 18 were: Black checks twice more and
// White resigns.
var perpetualOnKIF = strings.Replace(perpetualKIF, "  13 千日手\nまで12手で千日手\n",
	"  13 ９一飛(92)\n  14 １二玉(11)\n  15 ９二飛(91)\n  16 投了\nまで15手で先手の勝ち\n", 1)

// declarationCSA returns a CSA record of a declaration (%KACHI) at sfen, with header
// lines, as the record package writes it.
func declarationCSA(t *testing.T, sfen string, header shogi.Header) string {
	t.Helper()
	rec := &shogi.Record{StartSFEN: sfen, Header: header}
	rec.Root.End = &shogi.Ending{Kind: shogi.EndEnteringKingWin, Result: shogi.BlackWins}
	data, err := record.Marshal(rec, record.CSA)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// mateIn1 is a position where G*5b mates.
const mateIn1 = "4k4/9/4G4/9/9/9/9/9/4K4 b G 1"

// mateCSA returns the CSA record of G*5b, checkmate, from mateIn1, without an ending.
func mateCSA(t *testing.T) string {
	t.Helper()
	rec := &shogi.Record{StartSFEN: mateIn1}
	m, err := shogi.ParseUSIMove("G*5b")
	if err != nil {
		t.Fatal(err)
	}
	rec.Root.AddChild(m)
	data, err := record.Marshal(rec, record.CSA)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestValidateMoveAfterMate: the problem of a move after checkmate, move-after-end,
// wraps the move's illegal-move error, so that errors.Is finds its foul.
func TestValidateMoveAfterMate(t *testing.T) {
	r := record.NewReader(strings.NewReader("position sfen " + mateIn1 + " moves G*5b 5a4a\n"))
	for v := range record.Validate(r) {
		e := v.Err()
		var me *shogi.MismatchError
		if e == nil || !errors.As(e, &me) || !errors.Is(e, shogi.ErrKingInCheck) || e.Code() != "move-after-end" ||
			me.Outcome != (shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.Checkmate}) {
			t.Fatalf("problem %v (%+v), want move-after-end after black's checkmate wrapping king-in-check", e, me)
		}
	}
}

// TestValidateRuleEndings: every rule ending is judged, with the package's policy — a
// move after 千日手 is an error, moves past a stated move limit an error and past the
// default one a warning, a declaration win the rule does not give an error.
func TestValidateRuleEndings(t *testing.T) {
	// Black's king on 4b with ten pieces in White's camp and 28 points: a win under the
	// 27-point rule, a draw under the 24-point rule.
	const declare28 = "+L+NSG1GS+N+L/1R3K1B1/9/9/9/9/9/9/4k4 b B5P 1"
	const rook = "position sfen 7k1/9/9/9/8R/9/9/9/K8 b - "
	for _, tc := range []struct {
		name  string
		text  string
		rules shogi.Rules
		want  []verdictRow
	}{
		{
			name: "KIF: moves after perpetual check", text: perpetualOnKIF,
			want: []verdictRow{{Index: 1, StartLine: 2, Moves: 15, Ending: "resign", Problems: []string{"error move-after-end - - 13"}}},
		},
		{
			name: "USI: past the default limit", text: rook + "500 moves 9i9h 2a3a\n",
			want: []verdictRow{{Index: 1, StartLine: 1, Valid: true, Moves: 2, Problems: []string{"warning past-default-move-limit - - 501"}}},
		},
		{
			name: "USI: past the caller's limit", text: rook + "500 moves 9i9h 2a3a\n", rules: shogi.Rules{MaxMoves: 500},
			want: []verdictRow{{Index: 1, StartLine: 1, Moves: 2, Problems: []string{"error past-move-limit - - 501"}}},
		},
		{
			// Issue 18: Black checks at the limit and goes on checking.
			name: "USI: a checking sequence past the limit", text: rook + "498 moves 1e2e 2a1a 2e1e 1a2a 1e2e 2a1a\n",
			rules: shogi.Rules{MaxMoves: 500},
			want:  []verdictRow{{Index: 1, StartLine: 1, Valid: true, Moves: 6}},
		},
		{
			name: "CSA V3: past $MAX_MOVES",
			text: "V3.0\n$MAX_MOVES:4\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n-8384FU\n+2625FU\n%TORYO\n",
			want: []verdictRow{{Index: 1, StartLine: 1, Moves: 5, Ending: "resign", Problems: []string{"error past-move-limit - - 5"}}},
		},
		{
			name: "CSA V3: $MAX_MOVES reached", text: "V3.0\n$MAX_MOVES:4\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n-8384FU\n%MAX_MOVES\n",
			want: []verdictRow{{Index: 1, StartLine: 1, Valid: true, Moves: 4, Ending: "max-moves"}},
		},
		{
			// Issue 18: a declaration claimed at the start position was valid.
			name: "CSA: %KACHI at the start", text: "V2.2\nPI\n+\n%KACHI\n",
			want: []verdictRow{{Index: 1, StartLine: 1, Ending: "entering-king-win", Problems: []string{"error false-declaration - - 1"}}},
		},
		{
			name: "KIF: 入玉勝ち after two moves", text: "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 入玉勝ち\n",
			want: []verdictRow{{Index: 1, StartLine: 1, Moves: 2, Ending: "entering-king-win", Problems: []string{"error false-declaration - - 3"}}},
		},
		{
			name: "JKF: KACHI at the start", text: `{"header":{},"moves":[{},{"special":"KACHI"}]}`,
			want: []verdictRow{{Index: 1, StartLine: 1, Ending: "entering-king-win", Problems: []string{"error false-declaration - - 1"}}},
		},
		{
			name: "CSA: a 28-point declaration", text: declarationCSA(t, declare28, nil),
			want: []verdictRow{{Index: 1, StartLine: 1, Valid: true, Ending: "entering-king-win"}},
		},
		{
			name: "CSA: a 28-point declaration, $JISHOGI:24", text: declarationCSA(t, declare28, shogi.Header{{Key: "$JISHOGI", Value: "24"}}),
			want: []verdictRow{{Index: 1, StartLine: 1, Ending: "entering-king-win", Problems: []string{"error false-declaration - - 1"}}},
		},
		{
			name: "CSA: a 28-point declaration, the caller's 24-point rule", text: declarationCSA(t, declare28, nil),
			rules: shogi.Rules{Declaration: shogi.Rule24},
			want:  []verdictRow{{Index: 1, StartLine: 1, Ending: "entering-king-win", Problems: []string{"error false-declaration - - 1"}}},
		},
		{
			name: "USI: a move after checkmate", text: "position sfen " + mateIn1 + " moves G*5b 5a4a\n",
			want: []verdictRow{{Index: 1, StartLine: 1, Moves: 1, Ending: "unread", Problems: []string{"error move-after-end 1 56 2"}}},
		},
		{
			name: "CSA: a move after checkmate, then a resignation", text: mateCSA(t) + "-5141OU\n%TORYO\n",
			want: []verdictRow{{Index: 1, StartLine: 1, Moves: 1, Ending: "unread", Problems: []string{"error move-after-end 14 1 2"}}},
		},
		{
			name: "CSA: a move after checkmate that is no move of the position", text: mateCSA(t) + "-9192KY\n",
			want: []verdictRow{{Index: 1, StartLine: 1, Moves: 1, Ending: "unread", Problems: []string{"error move-after-end 14 1 2"}}},
		},
		{
			name: "USI: the king left in check, no mate", text: "position sfen 4k4/9/9/9/9/9/4r3P/9/4K4 b - 1 moves 1g1f\n",
			want: []verdictRow{{Index: 1, StartLine: 1, Ending: "unread", Problems: []string{"error king-in-check 1 52 1"}}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := record.NewReader(strings.NewReader(tc.text))
			var got []verdictRow
			for v := range record.ValidateRules(r, tc.rules) {
				got = append(got, rowOf(v))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s\n%s", diff, tc.text)
			}
		})
	}
}

// TestStatedRulesSurviveConversion: the record's rules ($MAX_MOVES, $JISHOGI) are
// written by every writer and read back, so a converted record is judged alike.
func TestStatedRulesSurviveConversion(t *testing.T) {
	rec := &shogi.Record{StartSFEN: shogi.StartSFEN, Header: shogi.Header{
		{Key: shogi.HeaderMaxMoves, Value: "320"}, {Key: shogi.HeaderDeclaration, Value: "24"}}}
	m, _ := shogi.ParseUSIMove("7g7f")
	rec.Root.AddChild(m)
	want, _ := rec.StatedRules(shogi.Rules{})
	for _, f := range []record.Format{record.KIF, record.KI2, record.CSA, record.JKF} {
		data, err := record.Marshal(rec, f)
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		back, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%v: %v\n%s", f, err, data)
		}
		got, stated := back.StatedRules(shogi.Rules{})
		if diff := cmp.Diff(want, got); diff != "" || !stated {
			t.Errorf("%v: rules read back (-want +got)\n%s\nstated %v\n%s", f, diff, stated, data)
		}
	}
}
