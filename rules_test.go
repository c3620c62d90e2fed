package shogi_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// playLine plays space-separated USI moves on p, failing the test on an illegal one.
func playLine(t *testing.T, p *shogi.Position, line string) {
	t.Helper()
	for _, s := range strings.Fields(line) {
		if err := p.Play(usi(t, s)); err != nil {
			t.Fatalf("%s: Play(%s): %v", p, s, err)
		}
	}
}

// twinLine returns the USI moves of line as played in the twin position.
func twinLine(t *testing.T, line string) string {
	var out []string
	for _, s := range strings.Fields(line) {
		out = append(out, flipMove(usi(t, s)).String())
	}
	return strings.Join(out, " ")
}

func TestRepetition(t *testing.T) {
	p := shogi.NewStartPosition()
	const cycle = "5i4h 5a4b 4h5i 4b5a"
	noRules := shogi.Rules{}
	for n := 1; n <= 3; n++ {
		if got := p.RepetitionCount(); got != n {
			t.Fatalf("after %d cycles RepetitionCount = %d, want %d", n-1, got, n)
		}
		if o := p.Outcome(noRules); o != (shogi.Outcome{}) {
			t.Fatalf("occurrence %d: Outcome = %+v, want none", n, o)
		}
		for i, s := range strings.Fields(cycle) {
			playLine(t, p, s)
			if i < 3 {
				if o := p.Outcome(noRules); o != (shogi.Outcome{}) {
					t.Fatalf("mid-cycle Outcome = %+v", o)
				}
				if got := p.RepetitionCount(); got != n {
					t.Fatalf("mid-cycle %d RepetitionCount = %d, want %d", i, got, n)
				}
			}
		}
	}
	if got := p.RepetitionCount(); got != 4 {
		t.Fatalf("RepetitionCount = %d, want 4", got)
	}
	want := shogi.Outcome{Result: shogi.Draw, Reason: shogi.Repetition}
	if o := p.Outcome(noRules); o != want {
		t.Fatalf("fourth occurrence: Outcome = %+v, want %+v", o, want)
	}
	// Undo takes the repetition back.
	p.Undo()
	if o := p.Outcome(noRules); o != (shogi.Outcome{}) {
		t.Fatalf("after Undo: Outcome = %+v, want none", o)
	}
	// The same board with the other side to move, or another hand, is another position.
	q := mustParse(t, "4k4/9/9/9/9/9/9/9/4K4 b P 1")
	playLine(t, q, "5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i")
	if got := q.RepetitionCount(); got != 3 {
		t.Fatalf("odd plies: RepetitionCount = %d, want 3 (White to move)", got)
	}
	// The move number does not matter; the history since setup does.
	r := mustParse(t, "4k4/9/9/9/9/9/9/9/4K4 b P 99")
	if r.RepetitionCount() != 1 {
		t.Fatalf("fresh position RepetitionCount = %d", r.RepetitionCount())
	}
}

func TestPerpetualCheck(t *testing.T) {
	// Black's rook checks on every move; White's king steps between 2a and 1a.
	// Black moves first and the position with Black to move repeats after White's move.
	const blackToMove = "7k1/9/9/9/9/9/9/9/K7R b - 1"
	const blackChecks = "1i2i 2a1a 2i1i 1a2a"
	// White moves first: the position with White to move repeats after Black's check.
	const whiteToMove = "7k1/9/9/9/9/9/9/9/K6R1 w - 1"
	const whiteEvades = "2a1a 2i1i 1a2a 1i2i"
	// Black checks with every move but one: a plain repetition.
	const mixed = "1i2i 2a1a 9i8i 1a1b 8i9i 1b1a 2i1i 1a2a"
	tests := []struct {
		name  string
		sfen  string
		cycle string
		want  shogi.Outcome
	}{
		{"checker moves first", blackToMove, blackChecks, shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.PerpetualCheck}},
		{"checked side moves first", whiteToMove, whiteEvades, shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.PerpetualCheck}},
		{"not every move a check", blackToMove, mixed, shogi.Outcome{Result: shogi.Draw, Reason: shogi.Repetition}},
	}
	for _, tc := range tests {
		for _, tw := range []bool{false, true} {
			name := tc.name
			p, cycle, want := mustParse(t, tc.sfen), tc.cycle, tc.want
			if tw {
				name += " (twin)"
				p, cycle = twin(t, p), twinLine(t, cycle)
				switch want.Result {
				case shogi.WhiteWins:
					want.Result = shogi.BlackWins
				case shogi.BlackWins:
					want.Result = shogi.WhiteWins
				}
			}
			t.Run(name, func(t *testing.T) {
				for range 3 {
					playLine(t, p, cycle)
				}
				if got := p.RepetitionCount(); got != 4 {
					t.Fatalf("RepetitionCount = %d, want 4", got)
				}
				if o := p.Outcome(shogi.Rules{}); o != want {
					t.Fatalf("Outcome = %+v, want %+v", o, want)
				}
				p.Undo()
				if o := p.Outcome(shogi.Rules{}); o != (shogi.Outcome{}) {
					t.Fatalf("one ply short: Outcome = %+v", o)
				}
			})
		}
	}
}

// TestPerpetualCheckOnlySinceFirstOccurrence: quiet moves before the first occurrence
// of the repeated position do not excuse the checks after it.
func TestPerpetualCheckOnlySinceFirstOccurrence(t *testing.T) {
	p := mustParse(t, "7k1/9/9/9/9/9/9/9/K7R b - 1")
	playLine(t, p, "9i8i 2a2b 8i9i 2b2a") // quiet moves, back to the start
	for range 3 {
		playLine(t, p, "1i2i 2a1a 2i1i 1a2a")
	}
	// The start position now occurs five times: the fourth came one cycle ago, and
	// the checks since the first occurrence were not all checks.
	if got := p.RepetitionCount(); got != 5 {
		t.Fatalf("RepetitionCount = %d, want 5", got)
	}
	// Taking back the last cycle gives the fourth occurrence, reached through one
	// quiet cycle and two checking cycles: a plain repetition.
	for range 4 {
		p.Undo()
	}
	want := shogi.Outcome{Result: shogi.Draw, Reason: shogi.Repetition}
	if o := p.Outcome(shogi.Rules{}); o != want {
		t.Fatalf("Outcome = %+v, want %+v", o, want)
	}
}

func TestOutcomeCheckmate(t *testing.T) {
	// Black mates with G*5b.
	p := mustParse(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	playLine(t, p, "G*5b")
	want := shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.Checkmate}
	if o := p.Outcome(shogi.Rules{}); o != want || !p.IsCheckmate() || !p.InCheck() {
		t.Fatalf("Outcome = %+v (IsCheckmate %v InCheck %v), want %+v", o, p.IsCheckmate(), p.InCheck(), want)
	}
	// No legal move without check loses too.
	s := mustParse(t, perftCases[9].sfen)
	want = shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.Checkmate}
	if o := s.Outcome(shogi.Rules{}); o != want {
		t.Fatalf("stalemate Outcome = %+v, want %+v", o, want)
	}
	// Checkmate wins over the move limit.
	q := mustParse(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 600")
	playLine(t, q, "G*5b")
	if o := q.Outcome(shogi.Rules{MaxMoves: 10}); o.Reason != shogi.Checkmate {
		t.Fatalf("mate at the move limit: Outcome = %+v", o)
	}
}

func TestMoveLimit(t *testing.T) {
	limit := shogi.Outcome{Result: shogi.Draw, Reason: shogi.MoveLimit}
	p := shogi.NewStartPosition()
	playLine(t, p, "7g7f 3c3d 2g2f")
	if o := p.Outcome(shogi.Rules{MaxMoves: 4}); o != (shogi.Outcome{}) {
		t.Fatalf("after 3 moves, limit 4: %+v", o)
	}
	playLine(t, p, "8c8d")
	if o := p.Outcome(shogi.Rules{MaxMoves: 4}); o != limit {
		t.Fatalf("after 4 moves, limit 4: %+v, want %+v", o, limit)
	}
	if o := p.Outcome(shogi.Rules{MaxMoves: -1}); o != (shogi.Outcome{}) {
		t.Fatalf("no limit: %+v", o)
	}
	// The default is 500 moves, counted by the SFEN move number.
	for n, want := range map[int]shogi.Outcome{500: {}, 501: limit} {
		q := mustParse(t, strings.Replace(shogi.StartSFEN, " 1", " "+itoa(n), 1))
		if o := q.Outcome(shogi.Rules{}); o != want {
			t.Errorf("move number %d, default limit: %+v, want %+v", n, o, want)
		}
		if o := q.Outcome(shogi.Rules{MaxMoves: -5}); o != (shogi.Outcome{}) {
			t.Errorf("move number %d, no limit: %+v", n, o)
		}
	}
}

// TestMoveLimitCheckingSequence: the move limit of the source documents — no contest
// after 500 moves "unless a checking sequence is still running". The game is drawn at
// the first position from move 500 on where neither of the last two moves gave check:
// a check at the limit runs on through the answer and every further check, and the
// draw comes after the checking side's first move that is no check.
func TestMoveLimitCheckingSequence(t *testing.T) {
	limit := shogi.Outcome{Result: shogi.Draw, Reason: shogi.MoveLimit}
	tests := []struct {
		name, sfen string
		rules      shogi.Rules
		// moves, and after each the outcome: "" goes on, "limit" the draw.
		moves []string
		want  []string
	}{
		{
			// The shape of issue 18: Black's rook checks at moves 498 and 500; White's
			// evasion at 501 no longer ends the game, Black checks on (1e2e at 502).
			name: "checks run past 500", sfen: "7k1/9/9/9/8R/9/9/9/K8 b - 498",
			moves: []string{"1e2e", "2a1a", "2e1e", "1a2a", "1e2e", "2a1a", "9i9h"},
			want:  []string{"", "", "", "", "", "", "limit"},
		},
		{
			// Move 500 is White's evasion of Black's check at 499: the sequence is
			// running at the limit and goes on.
			name: "limit on the evasion", sfen: "7k1/9/9/9/8R/9/9/9/K8 b - 499",
			moves: []string{"1e2e", "2a1a", "2e1e", "1a2a", "9i9h"},
			want:  []string{"", "", "", "", "limit"},
		},
		{
			// A quiet move 500 that answers no check ends the game at once.
			name: "quiet limit move", sfen: "7k1/9/9/9/8R/9/9/9/K8 b - 500",
			moves: []string{"9i9h", "2a3a"},
			want:  []string{"limit", "limit"},
		},
		{
			// After the draw the game stays drawn, whatever checks follow.
			name: "drawn stays drawn", sfen: "7k1/9/9/9/8R/9/9/9/K8 b - 500",
			moves: []string{"9i9h", "2a3a", "1e3e"},
			want:  []string{"limit", "limit", "limit"},
		},
		{
			name: "limit 1", sfen: "7k1/9/9/9/9/9/9/9/K7R b - 1", rules: shogi.Rules{MaxMoves: 1},
			moves: []string{"1i2i", "2a1a", "9i9h"},
			want:  []string{"", "", "limit"},
		},
		{
			name: "no limit", sfen: "7k1/9/9/9/8R/9/9/9/K8 b - 500", rules: shogi.Rules{MaxMoves: -1},
			moves: []string{"9i9h", "2a3a"},
			want:  []string{"", ""},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.sfen)
			var got []string
			for _, m := range tc.moves {
				playLine(t, p, m)
				switch o := p.Outcome(tc.rules); o {
				case shogi.Outcome{}:
					got = append(got, "")
				case limit:
					got = append(got, "limit")
				default:
					got = append(got, o.String())
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("outcomes after %v (-want +got)\n%s", tc.moves, diff)
			}
		})
	}
}

func itoa(n int) string {
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func TestImpasse(t *testing.T) {
	tests := []struct {
		sfen         string
		black, white int
		want         shogi.Outcome
	}{
		{shogi.StartSFEN, 27, 27, shogi.Outcome{Result: shogi.Draw, Reason: shogi.Impasse}},
		{"4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", 27, 9, shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.Impasse}},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1", 54, 0, shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.Impasse}},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1", 0, 54, shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.Impasse}},
		// Promoted pieces count as their unpromoted forms; the king counts nothing.
		{"4k4/9/9/9/9/9/9/9/+R+B2K2+P+L b RB2G4S4N3L16Pp 1", 51, 1, shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.Impasse}},
		// 24 is enough on both sides.
		{"4k4/9/9/9/9/9/9/9/4K4 b 2R4S4N4L2Pbb4g16p 1", 24, 30, shogi.Outcome{Result: shogi.Draw, Reason: shogi.Impasse}},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2R4S4N4LPbb4g17p 1", 23, 31, shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.Impasse}},
	}
	for _, tc := range tests {
		p := mustParse(t, tc.sfen)
		if b, w := p.ImpassePoints(shogi.Black), p.ImpassePoints(shogi.White); b != tc.black || w != tc.white {
			t.Errorf("%s: ImpassePoints = %d, %d; want %d, %d", tc.sfen, b, w, tc.black, tc.white)
		}
		if o := p.ImpasseOutcome(); o != tc.want {
			t.Errorf("%s: ImpasseOutcome = %+v, want %+v", tc.sfen, o, tc.want)
		}
	}
}

// TestCountImpasse: the JSA count (24 points each draws) and the Polish rules'
// tournament variants (a draw only at 27 points each, otherwise more points wins;
// optionally Gote wins on equal points).
func TestCountImpasse(t *testing.T) {
	draw := shogi.Outcome{Result: shogi.Draw, Reason: shogi.Impasse}
	black := shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.Impasse}
	white := shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.Impasse}
	tests := []struct {
		name             string
		sfen             string
		jsa, more, moreG shogi.Outcome
	}{
		{"27 each", shogi.StartSFEN, draw, draw, white},
		{"28 to 26", "4k4/9/9/9/9/9/9/9/4K4 b 2R4S4N4L6Pbb4g12p 1", draw, black, black},
		{"26 to 28", "4k4/9/9/9/9/9/9/9/4K4 b 2R4S4N4L4Pbb4g14p 1", draw, white, white},
		{"24 to 30", "4k4/9/9/9/9/9/9/9/4K4 b 2R4S4N4L2Pbb4g16p 1", draw, white, white},
		{"23 to 31", "4k4/9/9/9/9/9/9/9/4K4 b 2R4S4N4LPbb4g17p 1", white, white, white},
		// A handicap game: 9 points each, both short of 24.
		{"handicap, equal", "4k4/9/9/9/9/9/9/9/4K4 b R4Pb4p 1", draw, draw, white},
		{"handicap, one more", "4k4/9/9/9/9/9/9/9/4K4 b R5Pb4p 1", draw, black, black},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.sfen)
			got := []shogi.Outcome{p.CountImpasse(shogi.ImpasseJSA), p.CountImpasse(shogi.ImpasseMorePoints),
				p.CountImpasse(shogi.ImpasseMorePointsGote), p.ImpasseOutcome()}
			want := []shogi.Outcome{tc.jsa, tc.more, tc.moreG, tc.jsa}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("JSA, more points, Gote on equal, ImpasseOutcome (-want +got)\n%s", diff)
			}
		})
	}
}

func TestDeclare(t *testing.T) {
	// Black's king on 4b with ten other pieces in White's camp: eight small ones on
	// rank 1 and the rook and bishop on rank 2, 18 points; the hand adds the rest.
	const board = "+L+NSG1GS+N+L/1R3K1B1/9/9/9/9/9/9/4k4"
	win := func(c shogi.Color) shogi.Outcome {
		return shogi.Outcome{Result: shogi.WinFor(c), Reason: shogi.DeclarationWin}
	}
	lose := func(c shogi.Color) shogi.Outcome {
		return shogi.Outcome{Result: shogi.WinFor(c.Opponent()), Reason: shogi.DeclarationFailed}
	}
	draw := shogi.Outcome{Result: shogi.Draw, Reason: shogi.DeclarationDraw}
	tests := []struct {
		name     string
		sfen     string
		points   int
		rule24   shogi.Outcome
		rule27   shogi.Outcome
		declarer shogi.Color
	}{
		{"31 points", board + " b B8P 1", 31, win(shogi.Black), win(shogi.Black), shogi.Black},
		{"30 points", board + " b B7P 1", 30, draw, win(shogi.Black), shogi.Black},
		{"28 points", board + " b B5P 1", 28, draw, win(shogi.Black), shogi.Black},
		{"27 points", board + " b B4P 1", 27, draw, lose(shogi.Black), shogi.Black},
		{"24 points", board + " b B1P 1", 24, draw, lose(shogi.Black), shogi.Black},
		{"23 points", board + " b B 1", 23, lose(shogi.Black), lose(shogi.Black), shogi.Black},
		{"18 points", board + " b - 1", 18, lose(shogi.Black), lose(shogi.Black), shogi.Black},
		{"pieces outside the zone do not count", "+L+NSG1GS+N+L/1R3K1B1/9/2P6/9/9/9/9/4k4 b B4P 1", 27, draw, lose(shogi.Black), shogi.Black},
		{"nine pieces in the zone", "+L+NSG1GS+N1/1R3K1B1/9/9/9/9/9/9/4k4 b RB9P 1", 36, lose(shogi.Black), lose(shogi.Black), shogi.Black},
		{"king outside the zone", "+L+NSG1GS+N+L/1R5B1/9/5K3/9/9/9/9/4k4 b B8P 1", 31, lose(shogi.Black), lose(shogi.Black), shogi.Black},
		{"king in check", "+L+NSG1GS+N+L/1R3K1B1/5g3/9/9/9/9/9/4k4 b B8P 1", 31, lose(shogi.Black), lose(shogi.Black), shogi.Black},
		{"no king", "+L+NSG1GS+N+L/1R5B1/9/9/9/9/9/9/4k4 b B8P 1", 31, lose(shogi.Black), lose(shogi.Black), shogi.Black},
	}
	for _, tc := range tests {
		for _, tw := range []bool{false, true} {
			p := mustParse(t, tc.sfen)
			name, declarer := tc.name, tc.declarer
			r24, r27 := tc.rule24, tc.rule27
			if tw {
				p, name, declarer = twin(t, p), name+" (White declares)", declarer.Opponent()
				r24, r27 = swapOutcome(r24), swapOutcome(r27)
				// White needs only 27 under the 27-point rule.
				if tc.points == 27 && r27.Reason == shogi.DeclarationFailed {
					r27 = win(shogi.White)
				}
			}
			if got := p.DeclarationPoints(declarer); got != tc.points {
				t.Errorf("%s: DeclarationPoints = %d, want %d", name, got, tc.points)
			}
			if o := p.Declare(shogi.Rule24); o != r24 {
				t.Errorf("%s: Declare(Rule24) = %+v, want %+v", name, o, r24)
			}
			if o := p.Declare(shogi.Rule27); o != r27 {
				t.Errorf("%s: Declare(Rule27) = %+v, want %+v", name, o, r27)
			}
		}
	}
}

func swapOutcome(o shogi.Outcome) shogi.Outcome {
	switch o.Result {
	case shogi.BlackWins:
		o.Result = shogi.WhiteWins
	case shogi.WhiteWins:
		o.Result = shogi.BlackWins
	}
	return o
}

// record builds a record of USI moves from sfen with an ending.
func record(t *testing.T, sfen, line string, end *shogi.Ending) *shogi.Record {
	t.Helper()
	r := shogi.NewRecord()
	r.StartSFEN = sfen
	n := &r.Root
	for _, s := range strings.Fields(line) {
		n = n.AddChild(usi(t, s))
	}
	n.End = end
	return r
}

func TestRecordReplay(t *testing.T) {
	r := record(t, shogi.StartSFEN, "7g7f 3c3d 8h2b+ 3a2b", nil)
	// A variation that is not played.
	r.Root.Children[0].AddChild(usi(t, "9c9d"))
	p, err := r.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if want := "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5"; p.String() != want {
		t.Fatalf("Replay = %s, want %s", p, want)
	}
	if p.Ply() != 4 {
		t.Fatalf("Replay ply %d", p.Ply())
	}
	bad := record(t, shogi.StartSFEN, "7g7f 3c3d 7f7d", nil)
	p, err = bad.Replay()
	var ie *shogi.IllegalMoveError
	if !errors.As(err, &ie) || ie.Ply != 3 || !errors.Is(err, shogi.ErrCannotMove) || ie.Move != usi(t, "7f7d") {
		t.Fatalf("Replay of an illegal third move = %v", err)
	}
	if p == nil || p.Ply() != 2 {
		t.Fatalf("Replay should return the position before the illegal move, got %v", p)
	}
	if _, err := record(t, "not an sfen", "", nil).Replay(); err == nil {
		t.Fatal("Replay from a bad SFEN succeeded")
	}
	// An empty StartSFEN is the even game.
	e := record(t, "", "7g7f", nil)
	if p, err := e.Replay(); err != nil || p.MoveNumber() != 2 {
		t.Fatalf("empty StartSFEN: %v, %v", p, err)
	}
}

func TestResults(t *testing.T) {
	if c, ok := shogi.BlackWins.Winner(); !ok || c != shogi.Black {
		t.Error("BlackWins.Winner")
	}
	if c, ok := shogi.WhiteWins.Winner(); !ok || c != shogi.White {
		t.Error("WhiteWins.Winner")
	}
	if _, ok := shogi.Draw.Winner(); ok {
		t.Error("Draw has a winner")
	}
	if _, ok := shogi.NoResult.Winner(); ok {
		t.Error("NoResult has a winner")
	}
	if shogi.WinFor(shogi.Black) != shogi.BlackWins || shogi.WinFor(shogi.White) != shogi.WhiteWins {
		t.Error("WinFor")
	}
	for _, tc := range []struct {
		k    shogi.EndingKind
		side shogi.Color
		want shogi.Result
	}{
		{shogi.EndResign, shogi.Black, shogi.WhiteWins},
		{shogi.EndMate, shogi.White, shogi.BlackWins},
		{shogi.EndTimeUp, shogi.White, shogi.BlackWins},
		{shogi.EndIllegalLoss, shogi.Black, shogi.WhiteWins},
		{shogi.EndIllegalWin, shogi.Black, shogi.BlackWins},
		{shogi.EndEnteringKingWin, shogi.White, shogi.WhiteWins},
		{shogi.EndSennichite, shogi.Black, shogi.Draw},
		{shogi.EndJishogi, shogi.White, shogi.Draw},
		{shogi.EndMaxMoves, shogi.White, shogi.Draw},
		{shogi.EndInterrupt, shogi.Black, shogi.NoResult},
		{shogi.EndNone, shogi.Black, shogi.NoResult},
	} {
		if got := shogi.ResultOf(tc.k, tc.side); got != tc.want {
			t.Errorf("ResultOf(%v, %v) = %v, want %v", tc.k, tc.side, got, tc.want)
		}
	}
	for r := shogi.Reason(0); r <= shogi.MoveLimit; r++ {
		if s := r.String(); s == "" || s == "invalid" {
			t.Errorf("Reason(%d).String() = %q", r, s)
		}
	}
	if s := shogi.Reason(200).String(); s != "invalid" {
		t.Errorf("Reason(200).String() = %q", s)
	}
}

// TestRulesOnRandomPositions: the rule functions agree with each other and with the
// twin position (colours swapped) on random positions.
func TestRulesOnRandomPositions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t, maxRandomPlies)
		q := twin(t, p)
		o := p.Outcome(shogi.Rules{MaxMoves: -1})
		if (o.Reason == shogi.Checkmate) != !p.HasLegalMove() {
			t.Fatalf("%s: Outcome %+v, HasLegalMove %v", p, o, p.HasLegalMove())
		}
		if o.Reason == shogi.Checkmate && o.Result != shogi.WinFor(p.SideToMove().Opponent()) {
			t.Fatalf("%s: the side without moves does not lose: %+v", p, o)
		}
		if n := p.RepetitionCount(); n < 1 || (o.Reason == shogi.Repetition || o.Reason == shogi.PerpetualCheck) != (n >= 4 && o.Reason != shogi.Checkmate) {
			t.Fatalf("%s: RepetitionCount %d, Outcome %+v", p, n, o)
		}
		if qo := q.Outcome(shogi.Rules{MaxMoves: -1}); o.Reason == shogi.Checkmate && qo != swapOutcome(o) {
			t.Fatalf("%s: Outcome %+v, twin %+v", p, o, qo)
		}
		for c := shogi.Black; c <= shogi.White; c++ {
			if p.ImpassePoints(c) != q.ImpassePoints(c.Opponent()) || p.DeclarationPoints(c) != q.DeclarationPoints(c.Opponent()) {
				t.Fatalf("%s: %v points differ from the twin's", p, c)
			}
			if p.DeclarationPoints(c) > p.ImpassePoints(c) {
				t.Fatalf("%s: %v DeclarationPoints %d > ImpassePoints %d", p, c, p.DeclarationPoints(c), p.ImpassePoints(c))
			}
		}
		if p.ImpasseOutcome() != swapOutcome(q.ImpasseOutcome()) {
			t.Fatalf("%s: ImpasseOutcome %+v, twin %+v", p, p.ImpasseOutcome(), q.ImpasseOutcome())
		}
		// Rule27 is stricter than Rule24 for Black (28 > 24) and a win under Rule24
		// (31 points) is a win under Rule27.
		r24, r27 := p.Declare(shogi.Rule24), p.Declare(shogi.Rule27)
		if r24.Reason == shogi.DeclarationWin && r27.Reason != shogi.DeclarationWin {
			t.Fatalf("%s: Rule24 %+v but Rule27 %+v", p, r24, r27)
		}
		if r27.Reason == shogi.DeclarationDraw {
			t.Fatalf("%s: Rule27 has no draw: %+v", p, r27)
		}
		if q.Declare(shogi.Rule24) != swapOutcome(r24) {
			t.Fatalf("%s: Declare(Rule24) %+v, twin %+v", p, r24, q.Declare(shogi.Rule24))
		}
	})
}

func TestCheckTimes(t *testing.T) {
	rec := shogi.NewRecord()
	m, _ := shogi.ParseUSIMove("7g7f")
	n := rec.Root.AddChild(m)
	n.Time, n.HasTime = shogi.MoveTime{Spent: shogi.MaxTime, Total: shogi.MaxTime}, true
	if err := rec.CheckTimes(); err != nil {
		t.Errorf("shogi.MaxTime: %v", err)
	}
	v := rec.Root.AddChild(shogi.NewMove(shogi.SquareAt(0), shogi.SquareAt(1), false))
	v.Time, v.HasTime = shogi.MoveTime{Spent: shogi.MaxTime + time.Second}, true
	if err := rec.CheckTimes(); !errors.Is(err, shogi.ErrTimeRange) {
		t.Errorf("a variation's move over shogi.MaxTime: %v", err)
	}
	v.Time = shogi.MoveTime{Spent: -time.Second}
	if err := rec.CheckTimes(); !errors.Is(err, shogi.ErrTimeRange) {
		t.Errorf("a negative time: %v", err)
	}
	v.Time = shogi.MoveTime{}
	n.End = &shogi.Ending{Kind: shogi.EndResign, Time: shogi.MoveTime{Total: shogi.MaxTime + 1}}
	if err := rec.CheckTimes(); !errors.Is(err, shogi.ErrTimeRange) {
		t.Errorf("an ending's total over shogi.MaxTime: %v", err)
	}
}

func TestLongestText(t *testing.T) {
	rec := shogi.NewRecord()
	rec.Header.Set("棋戦", "abc")
	if got := rec.LongestText(); got != len("棋戦abc") {
		t.Errorf("header only: %d", got)
	}
	m, _ := shogi.ParseUSIMove("7g7f")
	n := rec.Root.AddChild(m)
	v := rec.Root.AddChild(shogi.NewDrop(shogi.Pawn, shogi.NewSquare(5, 5)))
	v.Comments = []string{strings.Repeat("x", 40)}
	n.End = &shogi.Ending{Kind: shogi.EndResign, Comments: []string{strings.Repeat("y", 30)}}
	if got := rec.LongestText(); got != 40 {
		t.Errorf("a variation's comment: %d, want 40", got)
	}
	n.End.Text = strings.Repeat("z", 50)
	if got := rec.LongestText(); got != 50 {
		t.Errorf("an ending's text: %d, want 50", got)
	}
}
