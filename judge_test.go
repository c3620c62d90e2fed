package shogi_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// TestJudgeLine: every rule ending is judged — a move after 千日手 (the fourth
// occurrence, perpetual check), moves past the move limit (stated or the default of
// 500), a declaration win claimed where the declaration rule gives something else.
func TestJudgeLine(t *testing.T) {
	const perpetualStart = "7k1/9/9/9/9/9/9/9/K7R b - 1"
	perpetual := strings.Repeat(" 1i2i 2a1a 2i1i 1a2a", 3) // the start comes back a fourth time
	cycle := strings.Repeat(" 5i4h 5a4b 4h5i 4b5a", 3)
	// Black's king on 4b with ten other pieces in White's camp; 28 points with B5P in
	// hand: a win under the 27-point rule, a draw under the 24-point rule.
	const declare28 = "+L+NSG1GS+N+L/1R3K1B1/9/9/9/9/9/9/4k4 b B5P 1"
	const declare31 = "+L+NSG1GS+N+L/1R3K1B1/9/9/9/9/9/9/4k4 b B8P 1"
	const rook = "7k1/9/9/9/8R/9/9/9/K8 b - "
	end := func(k shogi.EndingKind, r shogi.Result) *shogi.Ending { return &shogi.Ending{Kind: k, Result: r} }
	perpetualLoss := shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.PerpetualCheck}
	limit := shogi.Outcome{Result: shogi.Draw, Reason: shogi.MoveLimit}
	tests := []struct {
		name   string
		sfen   string
		line   string
		header shogi.Header
		end    *shogi.Ending
		rules  shogi.Rules
		want   []*shogi.MismatchError
	}{
		{
			name: "perpetual check, then moves", sfen: perpetualStart, line: perpetual + " 1i2i 2a1a",
			end:  end(shogi.EndResign, shogi.BlackWins),
			want: []*shogi.MismatchError{{Kind: shogi.MismatchMoveAfterEnd, Ending: shogi.EndResign, Ply: 13, Outcome: perpetualLoss}},
		},
		{
			name: "perpetual check ends there", sfen: perpetualStart, line: perpetual,
			end: end(shogi.EndSennichite, shogi.WhiteWins),
		},
		{
			name: "repetition, then moves", sfen: shogi.StartSFEN, line: cycle + " 7g7f",
			want: []*shogi.MismatchError{{Kind: shogi.MismatchMoveAfterEnd, Ply: 13,
				Outcome: shogi.Outcome{Result: shogi.Draw, Reason: shogi.Repetition}}},
		},
		{
			name: "千日手 claimed at the fifth occurrence", sfen: shogi.StartSFEN, line: cycle + " 5i4h 5a4b 4h5i 4b5a",
			end: end(shogi.EndSennichite, shogi.Draw),
			want: []*shogi.MismatchError{{Kind: shogi.MismatchMoveAfterEnd, Ending: shogi.EndSennichite, Ply: 13,
				Outcome: shogi.Outcome{Result: shogi.Draw, Reason: shogi.Repetition}}},
		},
		{
			name: "past the default limit", sfen: rook + "500", line: "9i9h 2a3a", end: end(shogi.EndResign, shogi.WhiteWins),
			want: []*shogi.MismatchError{{Kind: shogi.MismatchPastDefaultMoveLimit, Ending: shogi.EndResign, Ply: 501, Outcome: limit, MaxMoves: 500}},
		},
		{
			name: "past the caller's limit", sfen: rook + "500", line: "9i9h 2a3a", end: end(shogi.EndResign, shogi.WhiteWins),
			rules: shogi.Rules{MaxMoves: 500},
			want:  []*shogi.MismatchError{{Kind: shogi.MismatchPastMoveLimit, Ending: shogi.EndResign, Ply: 501, Outcome: limit, MaxMoves: 500}},
		},
		{
			name: "past the record's $MAX_MOVES", sfen: rook + "320", line: "9i9h 2a3a",
			header: shogi.Header{{Key: "$MAX_MOVES", Value: "320"}},
			want:   []*shogi.MismatchError{{Kind: shogi.MismatchPastMoveLimit, Ply: 321, Outcome: limit, MaxMoves: 320}},
		},
		{
			name: "the caller's limit over the record's", sfen: rook + "320", line: "9i9h 2a3a",
			header: shogi.Header{{Key: "$MAX_MOVES", Value: "320"}}, rules: shogi.Rules{MaxMoves: -1},
		},
		{
			name: "the limit move itself", sfen: rook + "500", line: "9i9h", end: end(shogi.EndMaxMoves, shogi.Draw),
			rules: shogi.Rules{MaxMoves: 500},
		},
		{
			// The shape of issue 18: Black checks at the limit and goes on checking.
			name: "a checking sequence runs past the limit", sfen: rook + "498", line: "1e2e 2a1a 2e1e 1a2a 1e2e 2a1a 2e1e",
			rules: shogi.Rules{MaxMoves: 500},
		},
		{
			name: "the checking sequence stops", sfen: rook + "498", line: "1e2e 2a1a 2e1e 1a2a 9i9h 2a3a",
			rules: shogi.Rules{MaxMoves: 500},
			want:  []*shogi.MismatchError{{Kind: shogi.MismatchPastMoveLimit, Ply: 503, Outcome: limit, MaxMoves: 500}},
		},
		{
			name: "past the limit, and a false 千日手", sfen: rook + "500", line: "9i9h 2a3a", end: end(shogi.EndSennichite, shogi.Draw),
			want: []*shogi.MismatchError{
				{Kind: shogi.MismatchPastDefaultMoveLimit, Ending: shogi.EndSennichite, Ply: 501, Outcome: limit, MaxMoves: 500},
				{Kind: shogi.MismatchFalseRepetition, Ending: shogi.EndSennichite, Ply: 502},
			},
		},
		{
			// Issue 18: a declaration claimed at the start position was valid.
			name: "declaration at the start position", sfen: shogi.StartSFEN, end: end(shogi.EndEnteringKingWin, shogi.BlackWins),
			want: []*shogi.MismatchError{{Kind: shogi.MismatchFalseDeclaration, Ending: shogi.EndEnteringKingWin, Ply: 1,
				Outcome: shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.DeclarationFailed}, Declaration: shogi.Rule27}},
		},
		{
			name: "declaration, 28 points, 27-point rule", sfen: declare28, end: end(shogi.EndEnteringKingWin, shogi.BlackWins),
		},
		{
			name: "declaration, 28 points, $JISHOGI:24", sfen: declare28, end: end(shogi.EndEnteringKingWin, shogi.BlackWins),
			header: shogi.Header{{Key: "$JISHOGI", Value: "24"}},
			want: []*shogi.MismatchError{{Kind: shogi.MismatchFalseDeclaration, Ending: shogi.EndEnteringKingWin, Ply: 1,
				Outcome: shogi.Outcome{Result: shogi.Draw, Reason: shogi.DeclarationDraw}, Declaration: shogi.Rule24}},
		},
		{
			name: "declaration, 28 points, the caller's 24-point rule", sfen: declare28, end: end(shogi.EndEnteringKingWin, shogi.BlackWins),
			rules: shogi.Rules{Declaration: shogi.Rule24},
			want: []*shogi.MismatchError{{Kind: shogi.MismatchFalseDeclaration, Ending: shogi.EndEnteringKingWin, Ply: 1,
				Outcome: shogi.Outcome{Result: shogi.Draw, Reason: shogi.DeclarationDraw}, Declaration: shogi.Rule24}},
		},
		{
			name: "declaration, 31 points, 24-point rule", sfen: declare31, end: end(shogi.EndEnteringKingWin, shogi.BlackWins),
			rules: shogi.Rules{Declaration: shogi.Rule24},
		},
		{
			name: "declaration won by the other side", sfen: declare31, end: end(shogi.EndEnteringKingWin, shogi.WhiteWins),
			want: []*shogi.MismatchError{{Kind: shogi.MismatchFalseDeclaration, Ending: shogi.EndEnteringKingWin, Ply: 1,
				Outcome: shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.DeclarationWin}, Declaration: shogi.Rule27}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := record(t, tc.sfen, tc.line, tc.end)
			r.Header = tc.header
			p, got, err := r.JudgeLine(r.MainLine(), tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			if p.Ply() != len(strings.Fields(tc.line)) {
				t.Errorf("final position %v after %d moves, want the end of the line", p, p.Ply())
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("JudgeLine (-want +got)\n%s", diff)
			}
			// JudgeFinal, from the position the line reaches, finds the same without
			// playing it again and returns that position; from a position that is not
			// the line's it judges from the start.
			final := p.Clone()
			fp, fgot, err := r.JudgeFinal(r.MainLine(), final, tc.rules)
			if err != nil || fp != final {
				t.Errorf("JudgeFinal: %v, position %p, want %p", err, fp, final)
			}
			if diff := cmp.Diff(tc.want, fgot); diff != "" {
				t.Errorf("JudgeFinal (-want +got)\n%s", diff)
			}
			other, _ := shogi.ParseSFEN(tc.sfen)
			fp, fgot, err = r.JudgeFinal(r.MainLine(), other, tc.rules)
			if err != nil || fp == other && tc.line != "" || !fp.Equal(p) {
				t.Errorf("JudgeFinal from the start position: %v, %v", err, fp)
			}
			if diff := cmp.Diff(tc.want, fgot); diff != "" {
				t.Errorf("JudgeFinal from the start position (-want +got)\n%s", diff)
			}
			for _, me := range got {
				if strings.Count(me.Error(), "shogi: ") != 1 || me.Code() != me.Kind.Code() {
					t.Errorf("%q, code %q", me.Error(), me.Code())
				}
			}
			// CheckLine, under the record's rules, returns the first of them.
			if tc.rules == (shogi.Rules{}) {
				_, err := r.CheckEnding()
				var first error
				if len(tc.want) > 0 {
					first = tc.want[0]
				}
				if diff := cmp.Diff(first, err); diff != "" {
					t.Errorf("CheckEnding: not the first disagreement (-want +got)\n%s", diff)
				}
			}
		})
	}
}

// TestJudgeLineIllegalAfterEnd: a move after the game ended by rule and then an illegal
// move: both are reported, the illegal move as the error.
func TestJudgeLineIllegalAfterEnd(t *testing.T) {
	line := strings.Repeat(" 5i4h 5a4b 4h5i 4b5a", 3) + " 7g7f 7f7e"
	r := record(t, shogi.StartSFEN, line, nil)
	_, ms, err := r.JudgeLine(r.MainLine(), shogi.Rules{})
	var ime *shogi.IllegalMoveError
	if !errors.As(err, &ime) || ime.Ply != 14 {
		t.Fatalf("err = %v, want the illegal move 14", err)
	}
	if len(ms) != 1 || ms[0].Kind != shogi.MismatchMoveAfterEnd || ms[0].Ply != 13 {
		t.Fatalf("mismatches %v, want move-after-end at 13", ms)
	}
}

// TestJudgeLineMoveAfterMate: a move after checkmate is played after the game ended,
// as a move after 千日手 is: MismatchMoveAfterEnd at the mated position's move number,
// with the outcome checkmate and the move's illegal-move error, whose foul FoulOf and
// errors.Is find; the replay stops at the mated position, and no error is returned.
func TestJudgeLineMoveAfterMate(t *testing.T) {
	const mateIn1 = "4k4/9/4G4/9/9/9/9/9/4K4 b G 1" // G*5b mates
	mated := shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.Checkmate}
	foul := func(ply int, m string) error {
		return &shogi.IllegalMoveError{Ply: ply, Move: usi(t, m), Reason: shogi.ErrKingInCheck}
	}
	tests := []struct {
		name  string
		sfen  string
		line  string
		end   *shogi.Ending
		plies int // the moves replayed
		want  []*shogi.MismatchError
	}{
		{
			name: "the mated king moves", sfen: mateIn1, line: "G*5b 5a4a", end: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins},
			plies: 1,
			want: []*shogi.MismatchError{{Kind: shogi.MismatchMoveAfterEnd, Ending: shogi.EndResign, Ply: 2, Outcome: mated,
				Err: foul(2, "5a4a")}},
		},
		{
			name: "two moves after mate, no ending", sfen: mateIn1, line: "G*5b 5a4a 5b4a",
			plies: 1,
			want:  []*shogi.MismatchError{{Kind: shogi.MismatchMoveAfterEnd, Ply: 2, Outcome: mated, Err: foul(2, "5a4a")}},
		},
		{
			name: "past the limit, then mate, then a move", sfen: "4k4/9/4G4/9/9/9/9/9/4K4 b G 500", line: "5i4i 5a6a 4i5i 6a5a G*5b 5a4a",
			plies: 5,
			want: []*shogi.MismatchError{
				{Kind: shogi.MismatchPastDefaultMoveLimit, Ply: 501, Outcome: shogi.Outcome{Result: shogi.Draw, Reason: shogi.MoveLimit}, MaxMoves: 500},
				{Kind: shogi.MismatchMoveAfterEnd, Ply: 505, Outcome: mated, Err: foul(505, "5a4a")},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := record(t, tc.sfen, tc.line, tc.end)
			p, got, err := r.JudgeLine(r.MainLine(), shogi.Rules{})
			if err != nil {
				t.Fatalf("JudgeLine: %v, want no error", err)
			}
			if p.Ply() != tc.plies || p.HasLegalMove() {
				t.Errorf("final position %v after %d moves, want the mated one after %d", p, p.Ply(), tc.plies)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("JudgeLine (-want +got)\n%s", diff)
			}
			last := got[len(got)-1]
			if f, ok := shogi.FoulOf(last); !ok || f != shogi.FoulKingInCheck || !errors.Is(last, shogi.ErrKingInCheck) || last.Code() != "move-after-end" {
				t.Errorf("%v: foul %v, code %s; want king-in-check, move-after-end", last, f, last.Code())
			}
			if msg := last.Error(); !strings.Contains(msg, "after the game ended: black wins by checkmate (illegal move 5a4a") || strings.Count(msg, "shogi: ") != 1 {
				t.Errorf("message %q", msg)
			}
			if _, err := r.CheckEnding(); !cmp.Equal(error(tc.want[0]), err) {
				t.Errorf("CheckEnding: %v, want %v", err, tc.want[0])
			}
		})
	}
}

// TestJudgeLineAgreesWithOutcome: on random lines of a sparse position, where
// repetitions and checks are frequent, the first move JudgeLine reports as played after
// the end is the first move after a position where [Position.Outcome] says the game
// ended, with the same outcome; and once the move limit has drawn the game, Outcome
// never says it goes on.
func TestJudgeLineAgreesWithOutcome(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sfen := rapid.SampledFrom([]string{
			"7k1/9/9/9/8R/9/9/9/K8 b - 1",
			"8k/R8/9/9/9/9/9/9/K8 b - 1",
			"4k4/9/9/9/9/9/9/9/4K4 b Gg 1",
		}).Draw(t, "sfen")
		rules := shogi.Rules{MaxMoves: rapid.IntRange(1, 60).Draw(t, "limit")}
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		r := &shogi.Record{StartSFEN: sfen}
		node := &r.Root
		ended, endPly := shogi.Outcome{}, 0
		limitSeen := false
		var list shogi.MoveList
		var played []shogi.Move
		for i := range rapid.IntRange(0, 80).Draw(t, "plies") {
			p.GenerateMoves(&list)
			if list.Len() == 0 {
				break
			}
			// Taking back one's own last move, often, makes repetitions frequent.
			var m shogi.Move
			if n := len(played); n >= 2 && !played[n-2].IsDrop() && rapid.IntRange(0, 3).Draw(t, "back"+strconv.Itoa(i)) > 0 {
				if back := shogi.NewMove(played[n-2].To(), played[n-2].From(), false); list.Contains(back) {
					m = back
				}
			}
			if m == shogi.NoMove {
				m = list.Moves()[rapid.IntRange(0, list.Len()-1).Draw(t, "move"+strconv.Itoa(i))]
			}
			played = append(played, m)
			p.PlayUnchecked(m)
			node = node.AddChild(m)
			o := p.Outcome(rules)
			if limitSeen && o == (shogi.Outcome{}) {
				t.Fatalf("after move %d the game goes on, though the move limit drew it before", p.MoveNumber()-1)
			}
			limitSeen = limitSeen || o.Reason == shogi.MoveLimit
			if ended.Reason == shogi.NoReason && o.Reason != shogi.NoReason {
				ended, endPly = o, p.MoveNumber()
			}
		}
		_, ms, err := r.JudgeLine(r.MainLine(), rules)
		if err != nil {
			t.Fatal(err)
		}
		// JudgeFinal from the position the line reached finds the same.
		if _, fms, err := r.JudgeFinal(r.MainLine(), p, rules); err != nil || !cmp.Equal(ms, fms) {
			t.Fatalf("JudgeFinal: %v, %v; JudgeLine: %v", err, fms, ms)
		}
		var first *shogi.MismatchError
		if len(ms) > 0 && ms[0].Kind != shogi.MismatchUnrecordedMate {
			first = ms[0]
		}
		switch {
		case ended.Reason == shogi.NoReason || ended.Reason == shogi.Checkmate || endPly == p.MoveNumber():
			// The line ends where the game did, or the game never ended.
			if first != nil {
				t.Fatalf("JudgeLine reports %v, but no move follows the end", first)
			}
		case first == nil:
			t.Fatalf("the game ended before move %d (%v), and JudgeLine reports nothing", endPly, ended)
		case first.Ply != endPly || first.Outcome != ended:
			t.Fatalf("JudgeLine reports %v; Outcome says %v before move %d", first, ended, endPly)
		}
	})
}
