package shogi

import (
	"fmt"
	"strings"
)

// The verdict of the rules on a recorded ending. The root package says what is wrong
// and how (a MismatchKind); whether that makes a record invalid or only earns it a
// warning is for the caller to decide.

// MismatchKind says how a recorded ending disagrees with the rules. Each kind has a
// machine code that never changes ([MismatchKind.Code]).
type MismatchKind uint8

// The kinds of mismatch. The comment after each gives its code.
const (
	MismatchNone MismatchKind = iota // none
	// MismatchFalseMate: a 詰み is recorded, but the side to move has a legal move that
	// is not an interposition.
	MismatchFalseMate // false-mate
	// MismatchFutileInterpositions: a 詰み is recorded, and the side to move, in check
	// from one ranging piece at a distance, has no legal move but interpositions: drops
	// and moves onto the squares between the checker and the king. Tsume records leave
	// such futile interpositions (無駄合) out.
	MismatchFutileInterpositions // futile-interpositions
	// MismatchFalseRepetition: a 千日手 is recorded, and the position has not occurred
	// four times.
	MismatchFalseRepetition // false-repetition
	// MismatchPerpetualCheckDraw: a 千日手 is recorded as a draw on a line of perpetual
	// check (連続王手の千日手), which the side that gave every check loses.
	MismatchPerpetualCheckDraw // perpetual-check-draw
	// MismatchRepetitionResult: a 千日手 is recorded with another winner than the rules
	// give (a perpetual check won by the checker, a plain repetition won by a side).
	MismatchRepetitionResult // repetition-result
	// MismatchUnrecordedMate: the line ends in checkmate (the side to move has no legal
	// move) and the record gives no ending.
	MismatchUnrecordedMate // unrecorded-mate
	// MismatchMatedOtherEnding: the side to move is checkmated, and the record ends the
	// line otherwise than by 詰み, resignation or time-up (中断, 千日手, …).
	MismatchMatedOtherEnding // mated-other-ending
	// MismatchMoveAfterEnd: a move is played after the game ended by rule: by 千日手,
	// the fourth occurrence of a position (a draw or, on a line of perpetual check, a
	// loss for the checking side), or by checkmate (the side to move has no legal move,
	// so the move is illegal too: [MismatchError].Err holds its [*IllegalMoveError]).
	MismatchMoveAfterEnd // move-after-end
	// MismatchPastMoveLimit: a move is played after the game was drawn by a move limit
	// that the record ($MAX_MOVES) or the caller ([Rules].MaxMoves) states.
	MismatchPastMoveLimit // past-move-limit
	// MismatchPastDefaultMoveLimit: a move is played after the game was drawn by the
	// move limit of the source documents, 500 moves, which neither the record nor the
	// caller states (servers and amateur games use other limits).
	MismatchPastDefaultMoveLimit // past-default-move-limit
	// MismatchFalseDeclaration: an entering-king declaration win (入玉勝ち, %KACHI) is
	// recorded, and the declaration rule gives something else: a failed declaration
	// (the king not in the opponent's camp, in check, fewer than 10 pieces or too few
	// points), a draw, or the other side as the winner.
	MismatchFalseDeclaration // false-declaration
)

var mismatchCodes = []string{MismatchNone: "none", MismatchFalseMate: "false-mate",
	MismatchFutileInterpositions: "futile-interpositions", MismatchFalseRepetition: "false-repetition",
	MismatchPerpetualCheckDraw: "perpetual-check-draw", MismatchRepetitionResult: "repetition-result",
	MismatchUnrecordedMate: "unrecorded-mate", MismatchMatedOtherEnding: "mated-other-ending",
	MismatchMoveAfterEnd: "move-after-end", MismatchPastMoveLimit: "past-move-limit",
	MismatchPastDefaultMoveLimit: "past-default-move-limit", MismatchFalseDeclaration: "false-declaration"}

// Code returns the machine code of k, such as "false-mate" or "unrecorded-mate".
func (k MismatchKind) Code() string { return codeOf(mismatchCodes, int(k)) }

// String returns the code of k, or "invalid".
func (k MismatchKind) String() string {
	if c := k.Code(); c != "" {
		return c
	}
	return "invalid"
}

// MarshalText returns the code of k.
func (k MismatchKind) MarshalText() ([]byte, error) {
	return marshalCode(mismatchCodes, int(k), "mismatch kind")
}

// UnmarshalText sets k to the kind whose code is text.
func (k *MismatchKind) UnmarshalText(text []byte) error {
	i, err := unmarshalCode(mismatchCodes, text, "mismatch kind")
	if err == nil {
		*k = MismatchKind(i)
	}
	return err
}

// MismatchError reports a recorded ending that the rules contradict.
type MismatchError struct {
	Kind MismatchKind
	// Ending is the ending the record gives; EndNone when it gives none.
	Ending EndingKind
	// Ply is the move number of the position judged, the one the line ends in (its SFEN
	// move count: 57 after 56 moves from an even start). It is where a KIF record writes
	// the ending ("57 詰み"). For the kinds of moves played after the end
	// (MismatchMoveAfterEnd and the move-limit kinds) it is the number of the first such
	// move, which is the move number of the position the game ended in.
	Ply int
	// Moves holds, for MismatchFalseMate and MismatchFutileInterpositions, up to
	// three legal moves of the side to move, and NumLegal how many it has.
	Moves    []Move
	NumLegal int
	// Outcome is the outcome the rules give, for the repetition kinds, the kinds of
	// moves played after the end and MismatchFalseDeclaration.
	Outcome Outcome
	// MaxMoves is the move limit, for the move-limit kinds.
	MaxMoves int
	// Declaration is the declaration rule judged by, for MismatchFalseDeclaration.
	Declaration DeclarationRule
	// Err is, for a MismatchMoveAfterEnd after checkmate, the move's
	// [*IllegalMoveError]: the mated side has no legal move. Unwrap returns it, so that
	// [FoulOf] and errors.Is find the move's foul ([ErrKingInCheck], …); nil otherwise.
	Err error
}

// maxMismatchMoves is how many legal moves a MismatchError keeps.
const maxMismatchMoves = 3

// Code returns the machine code of the kind of mismatch, such as "false-mate".
func (e *MismatchError) Code() string { return e.Kind.Code() }

// MarshalText returns the machine code of the kind of mismatch.
func (e *MismatchError) MarshalText() ([]byte, error) { return e.Kind.MarshalText() }

// Unwrap returns Err: the illegal move of a move played after checkmate, or nil.
func (e *MismatchError) Unwrap() error { return e.Err }

func (e *MismatchError) Error() string {
	switch e.Kind {
	case MismatchFalseMate:
		return fmt.Sprintf("shogi: recorded %s at move %d: the side to move has legal moves: %s", e.Ending, e.Ply, e.moveList())
	case MismatchFutileInterpositions:
		return fmt.Sprintf("shogi: recorded %s at move %d: the side to move has only interpositions on the checking line (futile, 無駄合): %s", e.Ending, e.Ply, e.moveList())
	case MismatchFalseRepetition:
		return fmt.Sprintf("shogi: recorded %s at move %d: the position has not occurred four times", e.Ending, e.Ply)
	case MismatchPerpetualCheckDraw:
		return fmt.Sprintf("shogi: recorded %s at move %d: perpetual check (連続王手の千日手) is no draw: the side that gave every check loses (%v)", e.Ending, e.Ply, e.Outcome)
	case MismatchRepetitionResult:
		return fmt.Sprintf("shogi: recorded %s at move %d: the rules give %v", e.Ending, e.Ply, e.Outcome)
	case MismatchUnrecordedMate:
		return fmt.Sprintf("shogi: the line ends in checkmate at move %d, which the record does not say", e.Ply)
	case MismatchMatedOtherEnding:
		return fmt.Sprintf("shogi: recorded %s at move %d: the side to move is checkmated", e.Ending, e.Ply)
	case MismatchMoveAfterEnd:
		if e.Outcome.Reason == Checkmate {
			why := "no legal move"
			if e.Err != nil {
				why = strings.TrimPrefix(e.Err.Error(), "shogi: ")
			}
			return fmt.Sprintf("shogi: move %d is played after the game ended: %v (%s)", e.Ply, e.Outcome, why)
		}
		return fmt.Sprintf("shogi: move %d is played after the game ended: %v (the fourth occurrence of the position)", e.Ply, e.Outcome)
	case MismatchPastMoveLimit:
		return fmt.Sprintf("shogi: move %d is played after the game reached the move limit of %d moves: %v", e.Ply, e.MaxMoves, e.Outcome)
	case MismatchPastDefaultMoveLimit:
		return fmt.Sprintf("shogi: move %d is played after the game reached the move limit of the rules, %d moves (%v), which the record does not state", e.Ply, e.MaxMoves, e.Outcome)
	case MismatchFalseDeclaration:
		return fmt.Sprintf("shogi: recorded %s at move %d: the %v gives %v", e.Ending, e.Ply, e.Declaration, e.Outcome)
	}
	return fmt.Sprintf("shogi: recorded %s at move %d: the rules disagree (%v)", e.Ending, e.Ply, e.Kind)
}

// moveList returns the moves in USI, with "…" when the side to move has more.
func (e *MismatchError) moveList() string {
	var b strings.Builder
	for i, m := range e.Moves {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(m.String())
	}
	if e.NumLegal > len(e.Moves) {
		b.WriteString(", …")
	}
	return b.String()
}

// CheckEnding replays the main line and checks it against the rules; it is
// [Record.CheckLine] of [Record.MainLine].
func (r *Record) CheckEnding() (*Position, error) {
	return r.CheckLine(r.MainLine())
}

// CheckLine replays line, a line of play of r (see [Record.Walk]), and checks it
// against the rules: it is [Record.JudgeLine] under the rules the record states (else
// the defaults: 500 moves, the 27-point declaration rule), and returns its first
// disagreement. The recorded ending of the last node is judged so:
//
//   - a 詰み must leave the side to move without a legal move ([MismatchFalseMate]),
//     or with nothing but futile interpositions ([MismatchFutileInterpositions]);
//   - a 千日手 must be a fourth repetition ([MismatchFalseRepetition]), and when the
//     record gives a result, the one of the rules: 連続王手の千日手 is lost by the side
//     that gave every check ([MismatchPerpetualCheckDraw], [MismatchRepetitionResult]);
//   - an entering-king declaration win must win under the declaration rule
//     ([MismatchFalseDeclaration]);
//   - a line that ends without a legal move must say so ([MismatchUnrecordedMate]),
//     and may end only in 詰み, resignation or time-up, the mated side's own ways to
//     lose ([MismatchMatedOtherEnding]).
//
// Before the ending come the moves played after the game ended by rule
// ([MismatchMoveAfterEnd], after 千日手 or checkmate, [MismatchPastMoveLimit],
// [MismatchPastDefaultMoveLimit]).
// An [EndUnread] ending is not judged: the record does not say how that line went on.
// CheckLine returns the final position (the one before an illegal move, nil for an
// invalid start position) and an [*IllegalMoveError], a [*MismatchError] or the start
// position's error.
func (r *Record) CheckLine(line []*Node) (*Position, error) {
	p, ms, err := r.JudgeLine(line, Rules{})
	if err != nil {
		return p, err
	}
	if len(ms) > 0 {
		return p, ms[0]
	}
	return p, nil
}

// judgeEnding returns the mismatch between the ending end, recorded after the line
// that led to p, and the rules, or nil. rules.Declaration is not 0.
func judgeEnding(p *Position, end *Ending, rules Rules) *MismatchError {
	kind := EndNone
	if end != nil {
		kind = end.Kind
	}
	if kind == EndUnread {
		return nil
	}
	me := &MismatchError{Ending: kind, Ply: p.MoveNumber()}
	var list MoveList
	p.GenerateMoves(&list)
	mated := list.Len() == 0
	switch {
	case kind == EndMate && !mated:
		me.Kind = MismatchFalseMate
		if p.onlyInterpositions(list.Moves()) {
			me.Kind = MismatchFutileInterpositions
		}
		me.Moves = append([]Move(nil), list.Moves()[:min(list.Len(), maxMismatchMoves)]...)
		me.NumLegal = list.Len()
		return me
	case kind == EndEnteringKingWin:
		o := p.Declare(rules.Declaration)
		if o.Reason != DeclarationWin || end.Result != NoResult && end.Result != o.Result {
			me.Kind, me.Outcome, me.Declaration = MismatchFalseDeclaration, o, rules.Declaration
			return me
		}
	case kind == EndSennichite:
		rep := p.repetitionOutcome()
		me.Outcome = rep
		switch {
		case rep.Reason == NoReason:
			me.Kind = MismatchFalseRepetition
			me.Outcome = Outcome{}
			return me
		case end.Result == NoResult || end.Result == rep.Result:
		case rep.Reason == PerpetualCheck && end.Result == Draw:
			me.Kind = MismatchPerpetualCheckDraw
			return me
		default:
			me.Kind = MismatchRepetitionResult
			return me
		}
	}
	switch {
	case mated && kind == EndNone:
		me.Kind = MismatchUnrecordedMate
	case mated && kind != EndMate && kind != EndResign && kind != EndTimeUp:
		me.Kind = MismatchMatedOtherEnding
	default:
		return nil
	}
	return me
}

// onlyInterpositions reports whether the side to move is in check from a single
// ranging piece at a distance and every move of moves (its legal moves, not none) is
// an interposition: a drop, or a move of a piece other than the king, onto a square
// strictly between the checker and the king. A king move and a capture of the checker
// are no interpositions, and a double check or a check from an adjacent piece leaves
// none.
func (p *Position) onlyInterpositions(moves []Move) bool {
	k := p.kings[p.side]
	if len(moves) == 0 || k == NoSquare || p.checkers.IsEmpty() || p.checkers.More() {
		return false
	}
	between := between[k][p.checkers.First()]
	if between.IsEmpty() {
		return false
	}
	for _, m := range moves {
		if !between.Has(m.To()) || !m.IsDrop() && m.From() == k {
			return false
		}
	}
	return true
}
