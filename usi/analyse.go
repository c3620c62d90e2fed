package usi

import (
	"context"
	"fmt"

	"github.com/kifu-go/shogi"
)

// CommentStyle is the style of the comments [Analyse] writes.
type CommentStyle uint8

// Comment styles (see [Evaluation]).
const (
	KIFStyle CommentStyle = iota // ShogiHome's analysis lines, for KIF and KI2 records
	CSAStyle                     // floodgate's "'** score pv" and "#key=value" lines, for CSA records
)

// AnalyseOptions says what [Analyse] searches and writes.
type AnalyseOptions struct {
	// Limits is the search of each position (a clock, depth or nodes; Infinite needs
	// a context that ends, and then only the first position is searched).
	Limits Limits
	// From and To are the move numbers (plies, from 1) of the first and last moves of
	// the main line to annotate; 0 means the first and the last.
	From, To int
	// Style is the comments' style.
	Style CommentStyle
	// Engine names the engine in the comments; the engine's own name when empty.
	Engine string
	// Progress, when not nil, is called after each position is searched, with the
	// number of moves played before it (0 for the start position) and the search's
	// result (nil for a position without a legal move, which is not searched).
	Progress func(ply int, res *Result)
}

// PositionEvaluation is what [Analyse] found in one position of the main line.
type PositionEvaluation struct {
	// Ply is the number of moves played before the position (0 for the start).
	Ply int
	// Result is the engine's answer; nil for a position without a legal move (which
	// is not searched).
	Result *Result
}

// Unevaluated returns why the position has no evaluation: "" when it has one (the
// engine sent a score) or was not searched (it has no legal move, so there is nothing
// to evaluate); [UnevaluatedNoInfo] when the engine answered with a best move and no
// info line at all, as engines answer from their opening book; [UnevaluatedNoScore]
// when its info lines carried no score.
func (pe PositionEvaluation) Unevaluated() string {
	switch {
	case pe.Result == nil || len(pe.Result.Lines) > 0:
		return ""
	case pe.Result.InfoLines == 0:
		return UnevaluatedNoInfo
	}
	return UnevaluatedNoScore
}

// Why a searched position has no evaluation ([PositionEvaluation.Unevaluated]).
const (
	UnevaluatedNoInfo  = "no-info"  // a best move without any info line: a book move, typically
	UnevaluatedNoScore = "no-score" // info lines, none with a score
)

// Analyse annotates the main line of rec with the engine's evaluations. It searches
// the position before each move from From to To and the position after the last of
// them (a position without a legal move is not searched), then adds comments to each
// move's node in style: the evaluation of the position after the move (the engine's
// score, normalised to Black, and its line from there), and, when the engine preferred
// another move, that move and the move's loss against it, in centipawns from the
// mover's point of view (see [Evaluation]). The comments are added after the node's
// own. The position before From gets its evaluation on the node before it (the root
// for the first move).
//
// A position the engine answers without a score (a move from its opening book, most
// often) gets no comment; [PositionEvaluation.Unevaluated] says which and why. Each
// search has the deadline its limits give (see [Engine.Go]).
//
// It returns the evaluations of the positions searched, in order. An error of the
// engine or of ctx stops it; the nodes annotated so far keep their comments.
func Analyse(ctx context.Context, e *Engine, rec *shogi.Record, opt AnalyseOptions) ([]PositionEvaluation, error) {
	line := rec.MainLine()
	from, to := opt.From, opt.To
	if from <= 0 {
		from = 1
	}
	if to <= 0 || to > len(line) {
		to = len(line)
	}
	if from > to+1 {
		return nil, fmt.Errorf("usi: analyse: no moves between %d and %d (the main line has %d)", opt.From, opt.To, len(line))
	}
	engineName := opt.Engine
	if engineName == "" {
		engineName = e.Name()
	}
	p, err := rec.StartPosition()
	if err != nil {
		return nil, fmt.Errorf("usi: analyse: %w", err)
	}
	// Play up to the position before move from.
	for i := 0; i < from-1; i++ {
		if err := p.Play(line[i].Move); err != nil {
			return nil, fmt.Errorf("usi: analyse: %w", err)
		}
	}
	var evals []PositionEvaluation
	var prev *Result
	var prevPos *shogi.Position
	for ply := from - 1; ply <= to; ply++ {
		if ply >= from {
			if err := p.Play(line[ply-1].Move); err != nil {
				return evals, fmt.Errorf("usi: analyse: %w", err)
			}
		}
		var res *Result
		if p.HasLegalMove() {
			res, err = e.Search(ctx, p, opt.Limits)
			if err != nil {
				return evals, err
			}
		}
		evals = append(evals, PositionEvaluation{Ply: ply, Result: res})
		if opt.Progress != nil {
			opt.Progress(ply, res)
		}
		node := &rec.Root
		if ply > 0 {
			node = line[ply-1]
		}
		ev, ok := evaluationOf(res, p.SideToMove(), engineName)
		if ply >= from && prev != nil && annotateLoss(&ev, prev, res, line[ply-1].Move, p) {
			ok = true
		}
		if ok {
			var lines []string
			if opt.Style == CSAStyle {
				lines = ev.CSAComments(p, prevPos)
			} else {
				lines = ev.KIFComments(p, prevPos, "#")
			}
			node.Comments = append(node.Comments, lines...)
		}
		prev, prevPos = res, p.Clone()
		if err := ctx.Err(); err != nil {
			return evals, err
		}
	}
	return evals, nil
}

// evaluationOf returns the evaluation of a search's best line (the score normalised to
// Black), and whether there is one.
func evaluationOf(res *Result, side shogi.Color, engine string) (Evaluation, bool) {
	if res == nil {
		return Evaluation{}, false
	}
	best, ok := res.Best()
	if !ok {
		return Evaluation{}, false
	}
	ev := Evaluation{Score: best.Score.For(side), PV: best.PV, Depth: best.Depth, Nodes: best.Nodes, Engine: engine}
	for _, l := range res.Lines[1:] {
		ev.Alternatives = append(ev.Alternatives, Line{Score: l.Score.For(side), PV: l.PV})
	}
	return ev, true
}

// annotateLoss sets the best move, loss and label of ev, the evaluation after move was
// played (prev is the search before it; res the search after it, nil when the move left
// no legal move, after the position after it), and reports whether it set them.
func annotateLoss(ev *Evaluation, prev, res *Result, move shogi.Move, after *shogi.Position) bool {
	bestBefore, hasBefore := prev.Best()
	if !hasBefore {
		return false
	}
	if prev.BestMove == move || res == nil && !after.HasLegalMove() {
		ev.HasLoss, ev.Loss = true, 0 // the engine's move, or a mate
		return true
	}
	bestAfter, hasAfter := res.Best()
	if !hasAfter {
		return false
	}
	// Both from the mover's point of view: the score before is the mover's own, the
	// score after is the opponent's.
	scoreBefore := bestBefore.Score.Centipawns()
	scoreAfter := -bestAfter.Score.Centipawns()
	ev.BestMove = prev.BestMove
	ev.HasLoss, ev.Loss = true, max(scoreBefore-scoreAfter, 0)
	ev.Label = LossLabel(scoreBefore, scoreAfter)
	return true
}
