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
)

var mismatchCodes = []string{MismatchNone: "none", MismatchFalseMate: "false-mate",
	MismatchFutileInterpositions: "futile-interpositions", MismatchFalseRepetition: "false-repetition",
	MismatchPerpetualCheckDraw: "perpetual-check-draw", MismatchRepetitionResult: "repetition-result",
	MismatchUnrecordedMate: "unrecorded-mate", MismatchMatedOtherEnding: "mated-other-ending"}

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
	// the ending ("57 詰み").
	Ply int
	// Moves holds, for MismatchFalseMate and MismatchFutileInterpositions, up to
	// three legal moves of the side to move, and NumLegal how many it has.
	Moves    []Move
	NumLegal int
	// Outcome is the outcome the rules give, for the repetition kinds.
	Outcome Outcome
}

// maxMismatchMoves is how many legal moves a MismatchError keeps.
const maxMismatchMoves = 3

// Code returns the machine code of the kind of mismatch, such as "false-mate".
func (e *MismatchError) Code() string { return e.Kind.Code() }

// MarshalText returns the machine code of the kind of mismatch.
func (e *MismatchError) MarshalText() ([]byte, error) { return e.Kind.MarshalText() }

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

// CheckEnding replays the main line and checks its recorded ending against the rules;
// it is [Record.CheckLine] of [Record.MainLine].
func (r *Record) CheckEnding() (*Position, error) {
	return r.CheckLine(r.MainLine())
}

// CheckLine replays line, a line of play of r (see [Record.Walk]), and checks the
// ending of its last node against the rules:
//
//   - a 詰み must leave the side to move without a legal move ([MismatchFalseMate]),
//     or with nothing but futile interpositions ([MismatchFutileInterpositions]);
//   - a 千日手 must be a fourth repetition ([MismatchFalseRepetition]), and when the
//     record gives a result, the one of the rules: 連続王手の千日手 is lost by the side
//     that gave every check ([MismatchPerpetualCheckDraw], [MismatchRepetitionResult]);
//   - a line that ends without a legal move must say so ([MismatchUnrecordedMate]),
//     and may end only in 詰み, resignation or time-up, the mated side's own ways to
//     lose ([MismatchMatedOtherEnding]).
//
// An [EndUnread] ending is not judged: the record does not say how that line went on.
// CheckLine returns the final position (the one before an illegal move, nil for an
// invalid start position) and an [*IllegalMoveError], a [*MismatchError] or the start
// position's error.
func (r *Record) CheckLine(line []*Node) (*Position, error) {
	p, err := r.replay(line)
	if err != nil {
		return p, err
	}
	var end *Ending
	if len(line) > 0 {
		end = line[len(line)-1].End
	} else {
		end = r.Root.End
	}
	if me := judgeEnding(p, end); me != nil {
		return p, me
	}
	return p, nil
}

// judgeEnding returns the mismatch between the ending end, recorded after the line
// that led to p, and the rules, or nil.
func judgeEnding(p *Position, end *Ending) *MismatchError {
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
