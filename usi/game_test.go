package usi_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/usi"
)

// repeat returns the moves of s n times over, separated by spaces.
func repeat(s string, n int) string { return strings.TrimSpace(strings.Repeat(s+" ", n)) }

func TestPlayGame(t *testing.T) {
	tests := []struct {
		name         string
		start        string // a position line; "" for the even game
		black, white []string
		cfg          usi.GameConfig
		result       shogi.Result
		ending       shogi.EndingKind
		reason       shogi.Reason
		plies        int
		err          []error // what Game.Err wraps
		detail       string  // the start of Game.Detail
	}{
		{name: "repetition draws (千日手)",
			black: []string{"-script", repeat("5i5h 5a5b 5h5i 5b5a", 3)}, white: []string{"-script", repeat("5i5h 5a5b 5h5i 5b5a", 3)},
			result: shogi.Draw, ending: shogi.EndSennichite, reason: shogi.Repetition, plies: 12, detail: "draw by repetition"},
		{name: "perpetual check loses (連続王手の千日手)", start: "position sfen 8k/9/9/9/9/9/9/9/K6R1 b - 1",
			black: []string{"-script", repeat("2i1i 1a2b 1i2i 2b1a", 3)}, white: []string{"-script", repeat("2i1i 1a2b 1i2i 2b1a", 3)},
			result: shogi.WhiteWins, ending: shogi.EndSennichite, reason: shogi.PerpetualCheck, plies: 12, detail: "white wins by perpetual check"},
		{name: "perpetual check after the check", start: "position sfen 8k/9/9/9/9/9/9/9/K5R2 b - 1",
			black: []string{"-script", "3i1i " + repeat("1a2b 1i2i 2b1a 2i1i", 3)}, white: []string{"-script", "3i1i " + repeat("1a2b 1i2i 2b1a 2i1i", 3)},
			result: shogi.WhiteWins, ending: shogi.EndSennichite, reason: shogi.PerpetualCheck, plies: 13, detail: "white wins by perpetual check"},
		{name: "checkmate", start: "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1",
			black: []string{"-script", "G*5b"}, white: nil,
			result: shogi.BlackWins, ending: shogi.EndMate, reason: shogi.Checkmate, plies: 1, detail: "black wins by checkmate"},
		{name: "declaration wins (27 points)", start: "position sfen GGGG1SSSS/RRBBK4/9/9/9/9/9/9/8k b 4n4l18p 1",
			black: []string{"-mode", "declare"}, white: nil,
			result: shogi.BlackWins, ending: shogi.EndEnteringKingWin, reason: shogi.DeclarationWin, detail: "black declared (入玉宣言, 28 points): black wins by declaration"},
		{name: "declaration draws (24 points)", start: "position sfen GGGG1SSSS/RRBBK4/9/9/9/9/9/9/8k b 4n4l18p 1",
			black: []string{"-mode", "declare"}, white: nil, cfg: usi.GameConfig{Declaration: shogi.Rule24},
			result: shogi.Draw, ending: shogi.EndJishogi, reason: shogi.DeclarationDraw, detail: "black declared (入玉宣言, 28 points): draw by declaration"},
		{name: "failed declaration loses", black: []string{"-script", "7g7f"}, white: []string{"-mode", "declare"},
			result: shogi.BlackWins, ending: shogi.EndIllegalLoss, reason: shogi.DeclarationFailed, plies: 1,
			detail: "white declared (入玉宣言, 0 points): black wins by failed declaration"},
		{name: "illegal move loses", black: []string{"-script", "7g7f"}, white: []string{"-mode", "illegal"},
			result: shogi.BlackWins, ending: shogi.EndIllegalLoss, plies: 1, err: []error{shogi.ErrCaptureOwn},
			detail: "white's move 1a1c is illegal: illegal move 1a1c at move 2: own piece on the destination"},
		{name: "malformed move loses", black: []string{"-mode", "malformed"},
			result: shogi.WhiteWins, ending: shogi.EndIllegalLoss, err: []error{usi.ErrMalformed},
			detail: "black's engine broke the protocol"},
		{name: "resignation", black: []string{"-script", "7g7f"}, white: []string{"-mode", "resign"},
			result: shogi.BlackWins, ending: shogi.EndResign, plies: 1, detail: "white resigned"},
		{name: "time forfeit", black: []string{"-think", "1h", "-mode", "stop-answers-late"},
			cfg:    usi.GameConfig{Time: usi.TimeControl{Byoyomi: 100 * time.Millisecond, Margin: 50 * time.Millisecond}},
			result: shogi.WhiteWins, ending: shogi.EndTimeUp, detail: "black lost on time"},
		{name: "engine dies", black: []string{"-script", "7g7f"}, white: []string{"-mode", "die-in-search"},
			result: shogi.BlackWins, ending: shogi.EndTimeUp, plies: 1, err: []error{usi.ErrExited},
			detail: "white's engine failed: fake: search: the engine exited: exit status 3"},
		{name: "engine hangs", black: []string{"-mode", "hang"}, cfg: usi.GameConfig{MoveTimeout: 100 * time.Millisecond},
			result: shogi.WhiteWins, ending: shogi.EndTimeUp, err: []error{usi.ErrNoResponse}, detail: "black lost on time"},
		{name: "move limit", cfg: usi.GameConfig{MaxMoves: 6},
			result: shogi.Draw, ending: shogi.EndMaxMoves, reason: shogi.MoveLimit, plies: 6, detail: "draw by move limit"},
		{name: "opening", start: "position startpos moves 7g7f 3c3d", cfg: usi.GameConfig{MaxMoves: 4},
			result: shogi.Draw, ending: shogi.EndMaxMoves, reason: shogi.MoveLimit, plies: 2, detail: "draw by move limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.Black = startFake(t, nil, tt.black...)
			cfg.White = startFake(t, nil, tt.white...)
			if tt.start != "" {
				cfg.Start = mustPosition(t, tt.start)
			}
			if cfg.MaxMoves == 0 {
				cfg.MaxMoves = 100
			}
			if cfg.Time.IsZero() {
				cfg.Limits.Depth = 1
			}
			cfg.Event = "test"
			var onMove int
			cfg.OnMove = func(p *shogi.Position, m shogi.Move, took time.Duration) { onMove++ }
			g, err := usi.PlayGame(timeout(t, 20*time.Second), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if g.Result != tt.result || g.Ending != tt.ending || g.Reason != tt.reason {
				t.Errorf("result %v, ending %v, reason %v; want %v, %v, %v (%s)", g.Result, g.Ending, g.Reason, tt.result, tt.ending, tt.reason, g.Detail)
			}
			if !strings.HasPrefix(g.Detail, tt.detail) {
				t.Errorf("detail %q, want it to start with %q", g.Detail, tt.detail)
			}
			for _, w := range tt.err {
				if !errors.Is(g.Err, w) {
					t.Errorf("Err %v does not wrap %v", g.Err, w)
				}
			}
			if len(tt.err) == 0 && g.Err != nil && tt.ending != shogi.EndTimeUp {
				t.Errorf("Err %v", g.Err)
			}
			var ime *shogi.IllegalMoveError
			if tt.ending == shogi.EndIllegalLoss && tt.reason == shogi.NoReason && errors.Is(g.Err, usi.ErrMalformed) == errors.As(g.Err, &ime) {
				t.Errorf("Err %v: an illegal move is a *shogi.IllegalMoveError, a malformed one is not", g.Err)
			}
			opening := 0
			if cfg.Start != nil {
				opening = cfg.Start.Ply()
			}
			if got := len(g.Record.MainLine()); got != tt.plies+opening || onMove != tt.plies {
				t.Errorf("%d moves (%d played), want %d after %d", got, onMove, tt.plies, opening)
			}
			checkGameRecord(t, g)
		})
	}
}

// checkGameRecord checks that a game's record is valid by the library's verdict policy,
// and reads back from CSA and KIF with its moves, times, comments and ending.
func checkGameRecord(t *testing.T, g *usi.Game) {
	t.Helper()
	rec := g.Record
	if _, problems := record.Check(rec); len(problems) > 0 {
		for _, p := range problems {
			t.Errorf("record.Check: %v", p)
		}
	}
	for i, n := range rec.MainLine() {
		if n.HasTime && n.Time.Spent < 0 {
			t.Errorf("move %d: time %v", i+1, n.Time)
		}
	}
	for _, format := range []string{"csa", "kif"} {
		var data []byte
		var err error
		if format == "csa" {
			data, err = csa.Format(rec)
		} else {
			data, err = kif.Format(rec)
		}
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		var back *shogi.Record
		if format == "csa" {
			back, err = csa.Parse(data)
		} else {
			back, err = kif.Parse(data)
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", format, err, data)
		}
		if _, problems := record.Check(back); len(problems) > 0 {
			t.Errorf("%s: record.Check: %v\n%s", format, problems, data)
		}
		if diff := cmp.Diff(rec.Moves(), back.Moves()); diff != "" {
			t.Errorf("%s: moves (-want +got):\n%s", format, diff)
		}
		want, got := rec.Ending(), back.Ending()
		if got == nil || got.Kind != want.Kind || got.Result != want.Result {
			t.Errorf("%s: ending %+v, want %+v\n%s", format, got, want, data)
		}
		for i, n := range back.MainLine() {
			if orig := rec.MainLine()[i]; len(n.Comments) != len(orig.Comments) {
				t.Errorf("%s: move %d: comments %q, want %q", format, i+1, n.Comments, orig.Comments)
			}
		}
	}
}

// TestGameComments checks the engines' evaluations in a game's record: floodgate's
// comment after each move, the score normalised to Black and the PV after the move.
func TestGameComments(t *testing.T) {
	black, white := startFake(t, nil), startFake(t, nil)
	g, err := usi.PlayGame(timeout(t, 10*time.Second), usi.GameConfig{Black: black, White: white, MaxMoves: 6, BlackName: "B", WhiteName: "W", Limits: usi.Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g.Record.Header.Get(shogi.HeaderBlack); v != "B" {
		t.Errorf("black's name %q", v)
	}
	p := shogi.NewStartPosition()
	for i, n := range g.Record.MainLine() {
		before := p.Clone()
		p.PlayUnchecked(n.Move)
		if len(n.Comments) != 1 {
			t.Fatalf("move %d: comments %q", i+1, n.Comments)
		}
		ev, ok := usi.ParseEvaluationComment(p, nil, n.Comments[0])
		want := usi.Score{Kind: usi.Centipawns, Value: fakeScore(before)}.For(before.SideToMove())
		if !ok || ev.Score != want || len(ev.PV) != 1 || ev.Nodes != 100 {
			t.Errorf("move %d: %q: %+v, want score %v and the reply", i+1, n.Comments[0], ev, want)
		}
		if !n.HasTime || n.Time.Total < n.Time.Spent {
			t.Errorf("move %d: time %+v", i+1, n.Time)
		}
	}
}

func TestPlayGameInterrupted(t *testing.T) {
	black, white := startFake(t, nil, "-think", "1h"), startFake(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	g, err := usi.PlayGame(ctx, usi.GameConfig{Black: black, White: white, Limits: usi.Limits{Depth: 1}})
	if !errors.Is(err, context.DeadlineExceeded) || g == nil || g.Ending != shogi.EndInterrupt || g.Result != shogi.NoResult {
		t.Fatalf("game %+v, error %v", g, err)
	}
}

func TestSelfPlay(t *testing.T) {
	tr := &transcript{}
	e := startFake(t, tr)
	g, err := usi.PlayGame(timeout(t, 10*time.Second), usi.GameConfig{Black: e, White: e, MaxMoves: 4, Limits: usi.Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if g.Ending != shogi.EndMaxMoves || len(tr.sent("usinewgame")) != 1 || len(tr.sent("gameover draw")) != 1 {
		t.Errorf("self-play: %v, transcript %q", g.Detail, tr.all())
	}
}

func TestEloDifference(t *testing.T) {
	tests := []struct {
		w, l, d      int
		diff, margin float64
	}{
		{10, 10, 0, 0, 163.3},
		{30, 10, 10, 147.2, 95.1}, // cutechess-cli: "Elo difference: 147.2 +/- 95.1"
		{0, 0, 20, 0, 0},
		{1, 3, 0, -190.8, math.Inf(1)}, // the lower end of the interval is a score below 0
	}
	for _, tt := range tests {
		diff, margin := usi.EloDifference(tt.w, tt.l, tt.d)
		if math.Abs(diff-tt.diff) > 0.1 || math.Abs(margin-tt.margin) > 0.1 && !(math.IsInf(margin, 1) && math.IsInf(tt.margin, 1)) {
			t.Errorf("EloDifference(%d, %d, %d) = %.1f ± %.1f, want %.1f ± %.1f", tt.w, tt.l, tt.d, diff, margin, tt.diff, tt.margin)
		}
	}
	if diff, margin := usi.EloDifference(4, 0, 0); !math.IsInf(diff, 1) || !math.IsInf(margin, 1) {
		t.Errorf("EloDifference of a clean sweep = %v ± %v", diff, margin)
	}
	if diff, margin := usi.EloDifference(0, 0, 0); diff != 0 || !math.IsInf(margin, 1) {
		t.Errorf("EloDifference of no games = %v ± %v", diff, margin)
	}
}
