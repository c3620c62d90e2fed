package usi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/usi"
)

// fakeScore is the fake engine's score of p, from the side to move's point of view.
func fakeScore(p *shogi.Position) int { return int(p.Hash()%200) - 100 }

// fakeBest is the fake engine's best move in p.
func fakeBest(p *shogi.Position) shogi.Move {
	moves := p.LegalMoves()
	return moves[p.Hash()%uint64(len(moves))]
}

func TestAnalyse(t *testing.T) {
	for _, style := range []usi.CommentStyle{usi.KIFStyle, usi.CSAStyle} {
		e := startFake(t, nil)
		rec := shogi.NewRecord()
		n := &rec.Root
		n.Comments = []string{"a comment kept"}
		played := moves(t, "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e")
		for _, m := range played {
			n = n.AddChild(m)
		}
		var progress []int
		evals, err := usi.Analyse(timeout(t, 10*time.Second), e, rec, usi.AnalyseOptions{
			Limits: usi.Limits{Byoyomi: time.Second}, From: 2, To: 4, Style: style, Engine: "Fake",
			Progress: func(ply int, res *usi.Result) { progress = append(progress, ply) },
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(evals) != 4 || len(progress) != 4 || progress[0] != 1 || progress[3] != 4 {
			t.Fatalf("evaluations %+v, progress %v", evals, progress)
		}
		line := rec.MainLine()
		if len(rec.Root.Comments) != 1 || len(line[4].Comments) != 0 {
			t.Errorf("nodes outside the range were annotated: %q, %q", rec.Root.Comments, line[4].Comments)
		}
		p := shogi.NewStartPosition()
		var before *shogi.Position
		for ply, n := range line[:4] {
			before = p.Clone()
			p.PlayUnchecked(n.Move)
			ev, ok := usi.ParseEvaluationComment(p, before, strings.Join(n.Comments, "\n"))
			if !ok {
				t.Errorf("style %d, move %d: no evaluation in %q", style, ply+1, n.Comments)
				continue
			}
			wantScore := usi.Score{Kind: usi.Centipawns, Value: fakeScore(p)}.For(p.SideToMove())
			if ev.Score != wantScore || len(ev.PV) != 2 || ev.PV[0] != fakeBest(p) || style == usi.KIFStyle && ev.Engine != "Fake" {
				t.Errorf("style %d, move %d: %+v, want score %v and a PV from %v", style, ply+1, ev, wantScore, fakeBest(p))
			}
			// The loss, for the moves in the range: against the engine's best move in
			// the position before, from the mover's point of view.
			if ply+1 < 2 {
				continue
			}
			best := fakeBest(before)
			wantLoss := 0
			if best != n.Move {
				wantLoss = max(fakeScore(before)+fakeScore(p), 0)
				if ev.BestMove != best {
					t.Errorf("style %d, move %d: best move %v, want %v", style, ply+1, ev.BestMove, best)
				}
			}
			if !ev.HasLoss || ev.Loss != wantLoss {
				t.Errorf("style %d, move %d: loss %d (%v), want %d", style, ply+1, ev.Loss, ev.HasLoss, wantLoss)
			}
		}
	}
}

func TestAnalyseMatedPosition(t *testing.T) {
	e := startFake(t, nil)
	rec := &shogi.Record{StartSFEN: "4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1"}
	rec.Root.AddChild(mustMove(t, "G*5b"))
	evals, err := usi.Analyse(timeout(t, 10*time.Second), e, rec, usi.AnalyseOptions{Limits: usi.Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if len(evals) != 2 || evals[0].Result == nil || evals[1].Result != nil {
		t.Fatalf("evaluations %+v", evals)
	}
	// The mating move loses nothing.
	ev, ok := usi.ParseEvaluationComment(nil, nil, strings.Join(rec.MainLine()[0].Comments, "\n"))
	if !ok || !ev.HasLoss || ev.Loss != 0 {
		t.Errorf("the mating move's comment: %q", rec.MainLine()[0].Comments)
	}
}

// TestAnalyseUnevaluated: an engine that answers from its book (a best move and no info
// line) leaves its positions without an evaluation, and Analyse says which and why;
// a position without a legal move is not searched and is not counted.
func TestAnalyseUnevaluated(t *testing.T) {
	e := startFake(t, nil, "-mode", "book")
	rec := shogi.NewRecord()
	n := &rec.Root
	for _, m := range moves(t, "7g7f", "3c3d", "2g2f") {
		n = n.AddChild(m)
	}
	evals, err := usi.Analyse(timeout(t, 10*time.Second), e, rec, usi.AnalyseOptions{Limits: usi.Limits{Byoyomi: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	var why []string
	for _, ev := range evals {
		why = append(why, ev.Unevaluated())
	}
	if strings.Join(why, " ") != "no-info no-info no-info no-info" {
		t.Errorf("Unevaluated: %q", why)
	}
	for i, n := range append([]*shogi.Node{&rec.Root}, rec.MainLine()...) {
		if len(n.Comments) != 0 {
			t.Errorf("node %d has comments %q", i, n.Comments)
		}
	}
	// The usual fake engine sends scores; a mated position is not searched.
	if got := (usi.PositionEvaluation{Ply: 3}).Unevaluated(); got != "" {
		t.Errorf("a position not searched: %q", got)
	}
	if got := (usi.PositionEvaluation{Result: &usi.Result{InfoLines: 2}}).Unevaluated(); got != usi.UnevaluatedNoScore {
		t.Errorf("info lines without a score: %q", got)
	}
}

// TestAnalyseSilentEngine: an engine that never answers go stops Analyse at the deadline
// its limits give, though the context has none, with an error that says so.
func TestAnalyseSilentEngine(t *testing.T) {
	tr := &transcript{}
	e := startFakeWith(t, tr, func(c *usi.Config) { c.Margin = 100 * time.Millisecond }, "-mode", "hang")
	rec := shogi.NewRecord()
	rec.Root.AddChild(mustMove(t, "7g7f"))
	evals, err := usi.Analyse(context.Background(), e, rec, usi.AnalyseOptions{Limits: usi.Limits{Byoyomi: 200 * time.Millisecond}})
	if !errors.Is(err, usi.ErrNoResponse) || !strings.Contains(err.Error(), `no bestmove 300ms after stop (sent at its deadline, 300ms after "go btime 0 wtime 0 byoyomi 200")`) {
		t.Errorf("error %v", err)
	}
	if len(evals) != 0 || len(tr.sent("go")) != 1 || len(tr.sent("stop")) != 1 {
		t.Errorf("%d evaluations; sent %q and %q", len(evals), tr.sent("go"), tr.sent("stop"))
	}
}
