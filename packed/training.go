// Training positions from a game record: the conventions dlshogi's csa_to_hcpe follows,
// with a mate (%TSUMI) lost by the side to move where cshogi leaves it a draw.

package packed

import (
	"fmt"
	"iter"

	"github.com/kifu-go/shogi"
)

// A Sample is a position of a record's main line, before one of its moves: what one
// training entry holds.
type Sample struct {
	// Position is the position before Move, numbered from 1 at the record's start
	// (so that its move number is PSV's gamePly). The iterator plays the moves on one
	// Position: it is valid until the next iteration; Clone it to keep it.
	Position *shogi.Position
	Move     shogi.Move // the move played
	// Index is the move's index in the main line, from 0 for its first move; Index+1
	// is PSV's gamePly.
	Index int
	// Eval is the evaluation from the side to move's view: the floodgate comment
	// [FloodgateEval] finds on the move's node, clamped to ±32767, negated when White
	// is to move; 0 when there is none.
	Eval int
	// Result is the game's result as [RecordResult] judges it.
	Result shogi.Result
}

// Samples returns the positions of rec's main line, one before each move and none
// after the last, each with the move played, the evaluation of the move's comment
// and the game's result. Turn them into entries with [NewHCPE] and [NewPSV]. The moves
// are checked as they are played: the iteration stops after yielding the error of the
// first illegal one (run record.Validate first to know a record is sound). Iterating
// allocates nothing but the position.
func Samples(rec *shogi.Record) iter.Seq2[Sample, error] { return samples(rec, true) }

// SamplesTrusted is [Samples] for a record whose main line is known to be legal, as
// record.Validate and record.ValidateRules judge a valid record: it plays the moves
// with [shogi.Position.PlayUnchecked] and checks none of them, which saves a second
// legality check of every move after the validation's. An illegal move in rec gives
// entries of positions the rules do not reach, or a corrupt position: use [Samples] for
// a record not validated. The only errors it yields are those of the start position.
func SamplesTrusted(rec *shogi.Record) iter.Seq2[Sample, error] { return samples(rec, false) }

func samples(rec *shogi.Record, check bool) iter.Seq2[Sample, error] {
	return func(yield func(Sample, error) bool) {
		start, err := rec.StartPosition()
		if err != nil {
			yield(Sample{}, err)
			return
		}
		s := start.Setup()
		s.MoveNumber = 1
		s.AllowUnreachable = true // the record's start position was accepted so
		p, err := shogi.NewPosition(s)
		if err != nil {
			yield(Sample{}, err)
			return
		}
		result := RecordResult(rec)
		n := &rec.Root
		p.Grow(lineLength(n))
		for i := 0; ; i++ {
			n = mainChild(n)
			if n == nil {
				return
			}
			eval := 0
			if len(n.Comments) > 0 {
				if e, ok := FloodgateEval(n.Comments); ok {
					eval = e
					if p.SideToMove() == shogi.White {
						eval = -eval
					}
				}
			}
			if check {
				if err := p.CheckMove(n.Move); err != nil {
					yield(Sample{}, err)
					return
				}
			}
			if !yield(Sample{Position: p, Move: n.Move, Index: i, Eval: eval, Result: result}, nil) {
				return
			}
			p.PlayUnchecked(n.Move)
		}
	}
}

// UndoSamples returns the samples of rec's main line as [SamplesTrusted] does, but last
// first and without playing a move: it starts from final, the position the line
// reaches with the line's moves at the end of its history — record.Verdict.Final of a
// valid record, which record.ValidateRules played move by move — and takes them back
// one by one with [shogi.Position.Undo]. Every Sample.Position is final itself, left
// at the line's start when the iteration ends (or where it was stopped). Its move
// numbers are those final carries, not counted from 1 as the other iterators' are: use
// Sample.Index. Final's history is compared with the line move by move; where they
// differ the iteration stops after yielding an error wrapping [ErrMove]. Iterating
// allocates nothing for a line of up to 320 moves, one pointer per move for a longer one.
func UndoSamples(rec *shogi.Record, final *shogi.Position) iter.Seq2[Sample, error] {
	return func(yield func(Sample, error) bool) {
		var room [320]*shogi.Node // most games' lines, on the stack
		nodes := room[:0]
		if k := lineLength(&rec.Root); k > len(room) {
			nodes = make([]*shogi.Node, 0, k)
		}
		for n := mainChild(&rec.Root); n != nil; n = mainChild(n) {
			nodes = append(nodes, n)
		}
		if final.Ply() < len(nodes) {
			yield(Sample{}, fmt.Errorf("%w: the position has %d moves in its history, the line %d", ErrMove, final.Ply(), len(nodes)))
			return
		}
		result := RecordResult(rec)
		for i := len(nodes) - 1; i >= 0; i-- {
			n := nodes[i]
			if m := final.Undo(); m != n.Move {
				yield(Sample{}, fmt.Errorf("%w: move %d of the line is %v, the position's history has %v", ErrMove, i+1, n.Move, m))
				return
			}
			eval := 0
			if len(n.Comments) > 0 {
				if e, ok := FloodgateEval(n.Comments); ok {
					eval = e
					if final.SideToMove() == shogi.White {
						eval = -eval
					}
				}
			}
			if !yield(Sample{Position: final, Move: n.Move, Index: i, Eval: eval, Result: result}, nil) {
				return
			}
		}
	}
}

// mainChild returns the next node of the main line after n, or nil at its end.
func mainChild(n *shogi.Node) *shogi.Node {
	if n.End != nil || len(n.Children) == 0 || n.Children[0].Move == shogi.NoMove {
		return nil
	}
	return n.Children[0]
}

func lineLength(n *shogi.Node) int {
	k := 0
	for n = mainChild(n); n != nil; n = mainChild(n) {
		k++
	}
	return k
}

// RecordResult returns the result of rec's game for training entries, from the ending
// of its main line: a resignation (%TORYO), a loss on time (%TIME_UP), an illegal move
// (%ILLEGAL_MOVE) and a mate (%TSUMI) lose for the side to move; a winning declaration
// (%KACHI) wins for it; an illegal action (%+ILLEGAL_ACTION, %-ILLEGAL_ACTION, or any
// other format's 反則勝ち / 反則負け) loses for the side it names. Anything else —
// 千日手, 持将棋, an interruption, no ending — is [shogi.NoResult], which HCPE and PSV
// write as 0.
func RecordResult(rec *shogi.Record) shogi.Result {
	end := rec.Ending()
	if end == nil {
		return shogi.NoResult
	}
	switch end.Kind {
	case shogi.EndResign, shogi.EndTimeUp, shogi.EndMate, shogi.EndEnteringKingWin,
		shogi.EndIllegalLoss, shogi.EndIllegalWin:
	default:
		return shogi.NoResult
	}
	if end.Result == shogi.BlackWins || end.Result == shogi.WhiteWins {
		return end.Result // the readers set it from the kind and the side to move, or the side named
	}
	// A record built by hand may leave Result unset: judge from the side to move at the end.
	start, err := rec.StartPosition()
	if err != nil {
		return shogi.NoResult
	}
	side := start.SideToMove()
	if lineLength(&rec.Root)%2 == 1 {
		side = side.Opponent()
	}
	return shogi.ResultOf(end.Kind, side)
}

// FloodgateEval returns the evaluation of floodgate's comment "'** S …" (a CSA
// comment line "'*" followed by "* S", which the readers keep as the comment "* S …"):
// the integer S, from Black's view, clamped to ±32767, from the first comment of the
// list that has that form. It reports false when none has.
func FloodgateEval(comments []string) (int, bool) {
	for _, c := range comments {
		if v, ok := floodgateScore(c); ok {
			return v, true
		}
	}
	return 0, false
}

// floodgateScore reads the score S of one comment "* S …": an optional sign and
// decimal digits, up to a space or the end, as strconv.Atoi reads them, clamped to
// ±32767 (a figure past int's range as well). It runs once a position of a training
// archive, without Atoi's error values.
func floodgateScore(c string) (int, bool) {
	if len(c) < 3 || c[0] != '*' || c[1] != ' ' {
		return 0, false
	}
	i, neg := 2, false
	if c[i] == '+' || c[i] == '-' {
		neg = c[i] == '-'
		i++
	}
	start, v := i, 0
	for ; i < len(c) && c[i] != ' '; i++ {
		d := c[i] - '0'
		if d > 9 {
			return 0, false
		}
		v = min(v*10+int(d), 32767)
	}
	if i == start {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}
