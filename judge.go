package shogi

import (
	"slices"
	"strconv"
	"strings"
)

// The judgement of a line of play of a record by the rules: the moves played after the
// game ended by rule, and the recorded ending. The rules are the caller's, completed by
// what the record states in its header.

// Header keys under which a record states the rules of its game: CSA V3's $MAX_MOVES
// (the move limit) and $JISHOGI (the declaration rule, 24 or 27 points). Every reader
// keeps them under these CSA names, and every writer writes them back.
const (
	HeaderMaxMoves    = "$MAX_MOVES"
	HeaderDeclaration = "$JISHOGI"
)

// StatedRules returns rules completed with what r states where rules leave the choice
// to the record: a MaxMoves of 0 becomes the limit of a $MAX_MOVES header (a positive
// number), a Declaration of 0 the rule of a $JISHOGI header (24 is [Rule24], 27
// [Rule27]), else [Rule27], the rule of computer shogi and the online servers. A
// MaxMoves that stays 0 is the limit of the source documents, 500 moves
// ([DefaultMaxMoves]). limitStated reports whether the move limit is stated — by rules
// (a positive MaxMoves) or by the record — rather than that default; a negative
// MaxMoves (no limit) counts as stated.
func (r *Record) StatedRules(rules Rules) (stated Rules, limitStated bool) {
	if rules.MaxMoves == 0 {
		if v, ok := r.Header.Get(HeaderMaxMoves); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > 0 {
				rules.MaxMoves = n
			}
		}
	}
	if rules.Declaration == 0 {
		rules.Declaration = Rule27
		if v, ok := r.Header.Get(HeaderDeclaration); ok && strings.TrimSpace(v) == "24" {
			rules.Declaration = Rule24
		}
	}
	return rules, rules.MaxMoves != 0
}

// JudgeLine replays line, a line of play of r (see [Record.Walk]), and judges it by
// rules completed with what the record states ([Record.StatedRules]). It returns every
// disagreement it finds, in the order of the line:
//
//   - a move played after the game ended by 千日手, the fourth occurrence of a
//     position ([MismatchMoveAfterEnd]); the first such move only;
//   - a move played after checkmate ([MismatchMoveAfterEnd] with the outcome
//     checkmate, its Ply the move number of the mated position): the mated side has
//     no legal move, so the move is illegal too, and the mismatch's Err holds its
//     [*IllegalMoveError] (its foul for [FoulOf] and errors.Is); the replay stops
//     there, and the recorded ending is not judged;
//   - a move played after the game was drawn by the move limit (see [Rules].MaxMoves
//     for the rule): [MismatchPastMoveLimit] when the limit is stated,
//     [MismatchPastDefaultMoveLimit] when it is the default of 500 moves; the first such
//     move only;
//   - the recorded ending of the line's last node, as [Record.CheckLine] describes it,
//     and a recorded entering-king declaration win (入玉勝ち, %KACHI), which the side
//     to move declares at the line's end and which must win by [Position.Declare] under
//     the declaration rule ([MismatchFalseDeclaration]).
//
// Any other illegal move stops the replay with its [*IllegalMoveError]. JudgeLine
// returns the final position (the one before an illegal move, or the mated one; nil
// for an invalid start position), the disagreements found, and the replay's error: an
// [*IllegalMoveError] or the start position's error, with the disagreements found
// before it.
func (r *Record) JudgeLine(line []*Node, rules Rules) (*Position, []*MismatchError, error) {
	return r.judgeLine(line, nil, rules)
}

// JudgeFinal is [Record.JudgeLine] for a line that was played already, as a reader
// that checks each move while it reads has played it: final is the position line
// reaches from r's start position, with line's moves as its history (a position
// [Position.Ply] moves after its setup, its history the moves [Position.Undo] takes
// back). JudgeFinal judges the line from that history without playing it again, and
// returns final itself, unchanged, with the same disagreements JudgeLine finds. When
// final's history is not line's moves, it judges as JudgeLine does, from the start.
func (r *Record) JudgeFinal(line []*Node, final *Position, rules Rules) (*Position, []*MismatchError, error) {
	if final == nil || !final.playedLine(line) {
		return r.judgeLine(line, nil, rules)
	}
	return r.judgeLine(line, final, rules)
}

// playedLine reports whether p's history is the moves of line, whose last node may be
// an ending.
func (p *Position) playedLine(line []*Node) bool {
	n := len(line)
	if n > 0 && line[n-1].IsEnding() {
		n--
	}
	if len(p.history) != n {
		return false
	}
	for i, st := range p.history {
		if line[i].IsEnding() || line[i].Move != st.move {
			return false
		}
	}
	return true
}

// judgeLine is JudgeLine, or JudgeFinal with final, the position line reaches (see
// playedLine), not nil: then line is not played again.
func (r *Record) judgeLine(line []*Node, final *Position, rules Rules) (*Position, []*MismatchError, error) {
	rules, limitStated := r.StatedRules(rules)
	p := final
	if p == nil {
		var err error
		if p, err = r.StartPosition(); err != nil {
			return nil, nil, err
		}
		p.Grow(len(line))
	}
	var end *Ending
	if len(line) > 0 {
		end = line[len(line)-1].End
	} else {
		end = r.Root.End
	}
	endKind := EndNone
	if end != nil {
		endKind = end.Kind
	}
	var (
		ms        []*MismatchError
		limit     = rules.limit()
		limitKind = MismatchPastDefaultMoveLimit
		limitOver bool // the game is drawn by the limit
		prevCheck bool // the move before the last gave check
	)
	if limitStated {
		limitKind = MismatchPastMoveLimit
	}
	// overLimit notes the move limit's draw before a move played at moveNumber, check
	// telling whether the side to move is in check.
	overLimit := func(moveNumber int, check bool) {
		if !limitOver && limit > 0 && moveNumber > limit && !check && !prevCheck {
			limitOver = true
			ms = append(ms, &MismatchError{Kind: limitKind, Ending: endKind, Ply: moveNumber,
				Outcome: Outcome{Draw, MoveLimit}, MaxMoves: limit})
		}
		prevCheck = check
	}
	var playErr error
	if final != nil {
		first := p.moveNumber - len(p.history)
		for i, st := range p.history {
			overLimit(first+i, !st.checkers.IsEmpty())
		}
	} else {
		for i, n := range line {
			if n.IsEnding() && i == len(line)-1 {
				break
			}
			overLimit(p.MoveNumber(), p.InCheck())
			if playErr = p.Play(n.Move); playErr != nil {
				break
			}
		}
	}
	// The first fourth occurrence followed by a move: the moves played are positions
	// 0 to len(history), and the last one is followed by a move only when a move failed.
	if e := p.firstFourthOccurrence(); e >= 0 && (e < p.Ply() || playErr != nil) {
		me := &MismatchError{Kind: MismatchMoveAfterEnd, Ending: endKind, Ply: p.MoveNumber() - (p.Ply() - e),
			Outcome: p.repetitionOutcomeAt(e)}
		// In the order of the line: before a move-limit draw that comes no earlier.
		at := len(ms)
		if at > 0 && ms[0].Ply >= me.Ply {
			at = 0
		}
		ms = slices.Insert(ms, at, me)
	}
	if playErr != nil {
		if !p.HasLegalMove() {
			return p, moveAfterMate(p, ms, endKind, playErr), nil
		}
		return p, ms, playErr
	}
	if me := judgeEnding(p, end, rules); me != nil {
		ms = append(ms, me)
	}
	return p, ms, nil
}

// moveAfterMate returns ms, the mismatches of a line whose move played at p failed
// with err, p having no legal move, with that move reported as played after the end:
// the checkmate's MismatchMoveAfterEnd, carrying err, appended; when p is also the
// fourth occurrence of a position, whose MismatchMoveAfterEnd ms holds already, err
// goes on that one.
func moveAfterMate(p *Position, ms []*MismatchError, endKind EndingKind, err error) []*MismatchError {
	for _, me := range ms {
		if me.Kind == MismatchMoveAfterEnd && me.Ply == p.MoveNumber() {
			me.Err = err
			return ms
		}
	}
	return append(ms, &MismatchError{Kind: MismatchMoveAfterEnd, Ending: endKind, Ply: p.MoveNumber(),
		Outcome: Outcome{WinFor(p.SideToMove().Opponent()), Checkmate}, Err: err})
}
