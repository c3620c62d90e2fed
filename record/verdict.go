package record

// The verdict policy: what makes a record invalid and what only earns it a warning is
// decided here, once, for the library, the command line and the examples.
//
//   - A problem in the text of a record is an error in a strict read and a warning in a
//     lenient one (the line of play then stops at it, with a shogi.EndUnread ending),
//     except a dialect every reader reads alike (code "dialect": json-kifu-format's old
//     layout, jkf.ErrOldLayout), which is a warning in both.
//   - An illegal move is an error.
//   - A move played after the game ended by rule is an error: after the fourth
//     occurrence of a position, 千日手 or 連続王手の千日手, or after checkmate
//     ("move-after-end"; the mated side has no legal move, so the reader stops there
//     as at an illegal move, and the problem, in its place, wraps the
//     *shogi.IllegalMoveError: errors.Is finds its foul), after a move limit the
//     record ($MAX_MOVES) or the caller (shogi.Rules.MaxMoves) states
//     ("past-move-limit").
//   - A recorded ending that the rules contradict is an error: a 詰み where the side to
//     move has a legal move ("false-mate"), a 千日手 that is no fourth repetition, a
//     千日手 recorded as a draw on a perpetual-check line, a declaration win (入玉勝ち,
//     %KACHI) that the declaration rule does not give ("false-declaration"; the
//     27-point rule unless the record's $JISHOGI or the caller says 24), a checkmated
//     side whose line ends in anything but 詰み, resignation or time-up.
//   - Three things are warnings: a checkmate the record does not mention
//     ("unrecorded-mate"); a 詰み recorded where the only legal moves are futile
//     interpositions on the checking line ("futile-interpositions": tsume records omit
//     them, 無駄合); moves past the move limit of the rules, 500 moves, when neither
//     the record nor the caller states a limit ("past-default-move-limit": servers and
//     amateur games use other limits).
//   - The times are checked against the time control the record states
//     (clock.CheckTimes): totals that do not add up ("time-total-mismatch"), a move
//     over the time the clock allowed it ("time-over-time"), a control that cannot
//     be read ("time-unreadable-control"). Each is a warning with the move
//     ([TimeError]).

import (
	"errors"
	"io"
	"iter"

	"github.com/kifu-go/shogi"
)

// warningMismatches are the codes of *shogi.MismatchError kinds that are warnings.
var warningMismatches = map[string]bool{
	"unrecorded-mate":         true,
	"futile-interpositions":   true,
	"past-default-move-limit": true,
}

// Check judges a record that was read: it replays the main line and judges it by the
// rules the record states, else the defaults (see CheckRules).
func Check(rec *shogi.Record) (*shogi.Position, []*Error) {
	return check(rec, rec.MainLine(), nil, Source{}, shogi.Rules{})
}

// CheckRules judges a record that was read by rules, completed with what the record
// states where rules leave it the choice (see shogi.Record.StatedRules): a MaxMoves of
// 0 takes the record's $MAX_MOVES, else 500 moves, and a Declaration of 0 the record's
// $JISHOGI, else the 27-point rule. It replays the main line and judges the moves played
// after the game ended by rule and the recorded ending (shogi.Record.JudgeLine). It
// returns the position the main line reaches (the position before an illegal move, if
// there is one; nil when the start position is invalid) and the problems found, in the
// order of the line, each with the severity the package's policy gives it. A line that
// a lenient read could not finish (a shogi.EndUnread ending) is replayed, and its ending
// not judged.
func CheckRules(rec *shogi.Record, rules shogi.Rules) (*shogi.Position, []*Error) {
	return check(rec, rec.MainLine(), nil, Source{}, rules)
}

// check judges rec, whose main line is line; final, when not nil, is the position
// line reaches, as the reader that played it while reading left it: it is judged
// without playing line again (shogi.Record.JudgeFinal) and returned.
func check(rec *shogi.Record, line []*shogi.Node, final *shogi.Position, src Source, rules shogi.Rules) (*shogi.Position, []*Error) {
	var p *shogi.Position
	var ms []*shogi.MismatchError
	var err error
	if final != nil {
		p, ms, err = rec.JudgeFinal(line, final, rules)
	} else {
		p, ms, err = rec.JudgeLine(line, rules) // an EndUnread ending is not judged
	}
	var problems []*Error
	for _, me := range ms {
		severity := SeverityError
		if warningMismatches[me.Code()] {
			severity = SeverityWarning
		}
		problems = append(problems, newError(me, src, severity))
	}
	if err != nil {
		problems = append(problems, newError(err, src, SeverityError))
	}
	problems = append(problems, timeProblems(rec, src)...)
	return p, problems
}

// Verdict is the judgement of one record of an input.
type Verdict struct {
	// Source is where the record came from.
	Source Source
	// Record is the record as read: in full when it is valid, up to its first problem
	// (where its line of play stops with a shogi.EndUnread ending) when it is not; nil
	// when nothing of it could be read.
	Record *shogi.Record
	// Final is the position the main line reaches, or the one before the first problem;
	// nil when no position could be set up.
	Final *shogi.Position
	// Moves is the number of moves of the main line that were read.
	Moves int
	// Problems lists what is wrong, in order: the reading problems, then the rules'.
	Problems []*Error
}

// Valid reports whether the record has no problem of SeverityError.
func (v *Verdict) Valid() bool { return v.Err() == nil }

// Err returns the first problem of SeverityError, or nil.
func (v *Verdict) Err() *Error {
	for _, p := range v.Problems {
		if p.Severity == SeverityError {
			return p
		}
	}
	return nil
}

// Warnings returns the problems of SeverityWarning.
func (v *Verdict) Warnings() []*Error {
	var ws []*Error
	for _, p := range v.Problems {
		if p.Severity == SeverityWarning {
			ws = append(ws, p)
		}
	}
	return ws
}

// Validate reads every record of r and judges each with the package's policy (see
// Check). It is ValidateRules with the rules each record states, else the defaults.
func Validate(r *Reader) iter.Seq[*Verdict] { return ValidateRules(r, shogi.Rules{}) }

// ValidateRules reads every record of r and judges each by rules with the package's
// policy (see CheckRules). Call it on a Reader that has not been read from. It reads leniently whatever
// r.Lenient says, so that the verdict on a record with a problem still has the moves and
// the position before it; with r.Lenient false every reading problem is an error, as a
// strict Read reports it, but a "dialect" warning (see Error.Code), and with r.Lenient
// true a warning. A record that could not be
// read at all, or a failed read of the input, is a verdict with a nil Record.
func ValidateRules(r *Reader, rules shogi.Rules) iter.Seq[*Verdict] {
	return func(yield func(*Verdict) bool) {
		strict := !r.Lenient
		if r.src == nil {
			r.Lenient = true
			defer func() { r.Lenient = !strict }()
		}
		for {
			rec, err := r.Read()
			if err == io.EOF {
				return
			}
			v := &Verdict{Source: r.Source(), Record: rec}
			for _, w := range r.Warnings() {
				if strict && w.Code() != "dialect" {
					e := *w
					e.Severity = SeverityError
					w = &e
				}
				v.Problems = append(v.Problems, w)
			}
			if err != nil {
				v.Problems = append(v.Problems, err.(*Error))
			}
			if rec != nil {
				var line []*shogi.Node
				if r.ReuseRecords {
					r.line = rec.AppendMainLine(r.line[:0])
					line = r.line
				} else {
					line = rec.MainLine()
				}
				v.Moves = len(line)
				var problems []*Error
				final := r.final() // the reader's own: a copy, unless records are reused
				if final != nil && !r.ReuseRecords {
					final = final.Clone()
				}
				v.Final, problems = check(rec, line, final, v.Source, rules)
				moveAfterMate(v, rec, line)
				v.Problems = append(v.Problems, problems...)
			}
			if !yield(v) {
				return
			}
		}
	}
}

// moveAfterMate makes the reading problem of a move after checkmate the rules'
// verdict on it, as shogi.Record.JudgeLine gives it: when the main line stopped
// (shogi.EndUnread) at a position without a legal move, the problem of the illegal
// move there, an *Error in v.Problems, is replaced by a copy whose cause is a
// shogi.MismatchMoveAfterEnd wrapping the *shogi.IllegalMoveError; its place and
// severity stay.
func moveAfterMate(v *Verdict, rec *shogi.Record, line []*shogi.Node) {
	end := rec.Root.End
	if len(line) > 0 {
		end = line[len(line)-1].End
	}
	if v.Final == nil || end == nil || end.Kind != shogi.EndUnread || v.Final.HasLegalMove() {
		return
	}
	ply := v.Final.MoveNumber()
	for i, p := range v.Problems {
		var ime *shogi.IllegalMoveError
		var me *shogi.MismatchError
		if !errors.As(p.Err, &ime) || ime.Ply != ply || errors.As(p.Err, &me) {
			continue
		}
		e := *p // the reader's warnings are its own
		e.Err = &shogi.MismatchError{Kind: shogi.MismatchMoveAfterEnd, Ending: shogi.EndUnread, Ply: ply,
			Outcome: shogi.Outcome{Result: shogi.WinFor(v.Final.SideToMove().Opponent()), Reason: shogi.Checkmate}, Err: ime}
		e.Ply = ply
		v.Problems[i] = &e
		return
	}
}
