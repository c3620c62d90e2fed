package tsume

// Verification of a recorded solution: is it the tsume line, and what is wrong with it.

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/kifu-go/shogi"
)

// Flaw is something wrong with a recorded solution. Its machine code never changes.
type Flaw uint8

const (
	FlawNone Flaw = iota // none
	// FlawIllegal: a recorded move is illegal.
	FlawIllegal // illegal-move
	// FlawNoCheck: an attacker's move of the line gives no check.
	FlawNoCheck // no-check
	// FlawNotMate: the line does not end in mate (nor in a position whose only replies
	// are futile interpositions).
	FlawNotMate // not-mate
	// FlawNoMate: the problem has no mate at all.
	FlawNoMate // no-mate
	// FlawShortMate (早詰): the problem mates sooner than the recorded line; Length is
	// the tsume length, or when the search did not settle it, a length within which a
	// mate is proven (Result.MaxLength).
	FlawShortMate // short-mate
	// FlawLongerDefence (変長): a defender's reply other than the recorded one lasts
	// longer than the line; Move is the reply and Length the plies from the reply to
	// mate (0 when the search could not tell).
	FlawLongerDefence // longer-defence
	// FlawEscape: a defender's reply other than the recorded one escapes mate.
	FlawEscape // escape
	// FlawLeftover (駒余り): the attacker has pieces in hand when the line ends.
	FlawLeftover // leftover
	// FlawAltMate (余詰): another check mates within the plies the line has left; Move
	// is the check and Length the plies from it to mate.
	FlawAltMate // alternative-mate
	// FlawAltLastMove: another check mates at the last move (最終手余詰), which the
	// conventions tolerate; reported apart from FlawAltMate.
	FlawAltLastMove // alternative-last-move
	// FlawUndecided: a limit stopped the search before a question about this ply was
	// answered.
	FlawUndecided // undecided
)

var flawCodes = []string{FlawNone: "none", FlawIllegal: "illegal-move", FlawNoCheck: "no-check",
	FlawNotMate: "not-mate", FlawNoMate: "no-mate", FlawShortMate: "short-mate",
	FlawLongerDefence: "longer-defence", FlawEscape: "escape", FlawLeftover: "leftover",
	FlawAltMate: "alternative-mate", FlawAltLastMove: "alternative-last-move", FlawUndecided: "undecided"}

// Code returns the machine code of f, such as "short-mate".
func (f Flaw) Code() string { return code(flawCodes, int(f)) }

// String returns the code of f, or "invalid".
func (f Flaw) String() string { return orInvalid(f.Code()) }

// MarshalText returns the code of f.
func (f Flaw) MarshalText() ([]byte, error) { return marshal(flawCodes, int(f), "flaw") }

// UnmarshalText sets f to the flaw whose code is text.
func (f *Flaw) UnmarshalText(text []byte) error {
	i, err := unmarshal(flawCodes, text, "flaw")
	if err == nil {
		*f = Flaw(i)
	}
	return err
}

// Finding is one flaw of a recorded solution, at the ply of the line where it is seen
// (1 for the first move; 0 for the problem as a whole).
type Finding struct {
	Flaw   Flaw
	Ply    int
	Move   shogi.Move // the other move, or the faulty recorded move; NoMove when none
	Length int
}

// String describes f: "ply 2: longer-defence 3b3a (5)".
func (f Finding) String() string {
	move := ""
	if f.Move != shogi.NoMove {
		move = f.Move.String()
	}
	return f.Text(move)
}

// Text returns f as String does, with move, the finding's move written in any
// notation ("" when it has none), in place of its USI: "ply 2: longer-defence ☖3一玉 (4)".
func (f Finding) Text(move string) string {
	s := fmt.Sprintf("ply %d: %s", f.Ply, f.Flaw.Code())
	if move != "" {
		s += " " + move
	}
	if f.Length > 0 {
		s += fmt.Sprintf(" (%d)", f.Length)
	}
	return s
}

// findingJSON is the JSON form of a Finding, as shogi tsume -json writes its findings.
type findingJSON struct {
	Flaw   Flaw   `json:"code"`
	Ply    int    `json:"ply"`
	Move   string `json:"move,omitempty"`
	Length int    `json:"length,omitempty"`
}

// MarshalJSON writes f as shogi tsume -json writes a finding: {"code": "longer-defence",
// "ply": 2, "move": "3b3a", "length": 4}, the move in USI; move and length are left
// out when there is none.
func (f Finding) MarshalJSON() ([]byte, error) {
	j := findingJSON{Flaw: f.Flaw, Ply: f.Ply, Length: f.Length}
	if f.Move != shogi.NoMove {
		j.Move = f.Move.String()
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the object MarshalJSON writes; a JSON null leaves f as it is.
func (f *Finding) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var j findingJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	m := shogi.NoMove
	if j.Move != "" {
		var err error
		if m, err = shogi.ParseUSIMove(j.Move); err != nil {
			return fmt.Errorf("tsume: the move of a finding: %w", err)
		}
	}
	*f = Finding{Flaw: j.Flaw, Ply: j.Ply, Move: m, Length: j.Length}
	return nil
}

// Verification is the verdict on a recorded solution.
type Verification struct {
	// Result is the solver's answer for the problem.
	Result Result
	// Findings lists the flaws in the order of the line.
	Findings []Finding
}

// verificationJSON is the JSON form of a Verification.
type verificationJSON struct {
	Correct  bool      `json:"correct"`
	Findings []Finding `json:"findings"`
	Result   Result    `json:"result"`
}

// MarshalJSON writes v as one object with the names of shogi tsume -json's verdicts:
// {"correct": false, "findings": [{"code", "ply", "move", "length"}, …], "result":
// {…as Result's…}}; findings is an array, empty when there is none, and correct is
// Correct's answer.
func (v Verification) MarshalJSON() ([]byte, error) {
	j := verificationJSON{Correct: v.Correct(), Findings: v.Findings, Result: v.Result}
	if j.Findings == nil {
		j.Findings = []Finding{}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the object MarshalJSON writes (correct, which the findings give,
// is not read); a JSON null leaves v as it is.
func (v *Verification) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var j verificationJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*v = Verification{Result: j.Result, Findings: j.Findings}
	return nil
}

// Correct reports whether the recorded line is a tsume line with no flaw but a
// tolerated alternative last move, every question decided.
func (v Verification) Correct() bool {
	for _, f := range v.Findings {
		if f.Flaw != FlawAltLastMove {
			return false
		}
	}
	return true
}

// Verify judges line as the solution of the problem p (see Solve): every attacker move
// checks, the line ends in mate, the defender's replies are the longest (変長), no
// other check mates within the moves left (余詰, the last move apart), no shorter mate
// exists (早詰) and no piece is left in the attacker's hand (駒余り). Questions are
// answered by the tsume-line search under the solver's options and limits; one a limit
// stopped is a FlawUndecided finding.
func (v *Solver) Verify(ctx context.Context, p *shogi.Position, line []shogi.Move) (Verification, error) {
	r, s, err := v.solve(ctx, p)
	if err != nil {
		return Verification{}, err
	}
	ver := Verification{Result: r}
	if s.progress != nil {
		s.progress.settle(r)
	}
	// Reading the proof's line (LineProof) lifts the limits of time and context from
	// s (Solver.line); the questions below are under them all the same, the time
	// counted from the start of the search.
	s.ctx, s.deadline = ctx, time.Time{}
	if v.opt.Time > 0 {
		s.deadline = time.Now().Add(v.opt.Time - r.Time)
	}
	if ctx != nil {
		if d, ok := ctx.Deadline(); ok && (s.deadline.IsZero() || d.Before(s.deadline)) {
			s.deadline = d
		}
	}
	add := func(f Flaw, ply int, m shogi.Move, n int) {
		ver.Findings = append(ver.Findings, Finding{Flaw: f, Ply: ply, Move: m, Length: n})
	}
	switch {
	case r.Status == NoMate:
		add(FlawNoMate, 0, shogi.NoMove, 0)
	case r.Status == Mate && (r.Line == LineTsume || r.Line == LineLength) && r.Length() < len(line):
		add(FlawShortMate, 0, shogi.NoMove, r.Length())
	case r.Status == Mate && r.MaxLength > 0 && r.MaxLength < len(line):
		add(FlawShortMate, 0, shogi.NoMove, r.MaxLength) // the length unsettled, but shorter
	case r.Status == Unknown:
		add(FlawUndecided, 0, shogi.NoMove, 0)
	}
	l := v.newLiner(s)
	pos := s.pos
	played := 0
	defer func() {
		for range played {
			pos.Undo()
		}
	}()
	var moves shogi.MoveList
	for i, m := range line {
		ply := i + 1
		if err := pos.CheckMove(m); err != nil {
			add(FlawIllegal, ply, m, 0)
			return ver, nil
		}
		key := boardKey(pos)
		left := int32(len(line) - i) // plies left, this move included
		if pos.SideToMove() == s.attacker {
			generateChecks(pos, &moves)
			if !moves.Contains(m) {
				add(FlawNoCheck, ply, m, 0)
				return ver, nil
			}
			for _, c := range moves.Moves() {
				if c == m {
					continue
				}
				k, _, _ := after(pos, s.attacker, key, 0, 0, c)
				pos.PlayUnchecked(c)
				score, ok := l.and(k, 0, (left-1)*plyScore+plyScore-1)
				pos.Undo()
				switch {
				case l.stopped:
					add(FlawUndecided, ply, c, 0)
					return ver, nil
				case ok && left == 1:
					add(FlawAltLastMove, ply, c, 1)
				case ok:
					add(FlawAltMate, ply, c, 1+int(score/plyScore))
				}
			}
		} else {
			generateEvasions(pos, &moves)
			for _, e := range moves.Moves() {
				if e == m || l.futileReply(e) {
					continue
				}
				k, _, _ := after(pos, s.attacker, key, 0, 0, e)
				pos.PlayUnchecked(e)
				if left == 1 {
					// The line ends with this reply, not in mate (FlawNotMate): no
					// other reply lasts longer than it, but one may escape.
					if l.escapes() {
						add(FlawEscape, ply, e, 0)
					}
					pos.Undo()
					if l.stopped {
						add(FlawUndecided, ply, e, 0)
						return ver, nil
					}
					continue
				}
				_, ok := l.or(k, 0, (left-1)*plyScore+plyScore-1)
				if !ok && !l.stopped {
					f, n := l.longer(k, left)
					add(f, ply, e, n)
				}
				pos.Undo()
				if l.stopped {
					add(FlawUndecided, ply, e, 0)
					return ver, nil
				}
			}
		}
		pos.PlayUnchecked(m)
		played++
	}
	notMate := pos.SideToMove() == s.attacker
	if !notMate {
		generateEvasions(pos, &moves)
		for _, e := range moves.Moves() {
			if !(l.futileReply(e)) {
				notMate = true
				break
			}
		}
	}
	if notMate {
		add(FlawNotMate, len(line), shogi.NoMove, 0)
	}
	if !pos.Hand(s.attacker).IsEmpty() {
		add(FlawLeftover, len(line), shogi.NoMove, 0)
	}
	return ver, nil
}

// escapes reports whether the current position (attacker to move) is proven to have
// no mate, within the tsume-line search's limits (l.stopped when they stopped it).
func (l *liner) escapes() bool {
	_, dn, _, _ := l.dfpnAt(l.pos.Clone(), l.max)
	return dn == 0
}

// longer tells, for the current position (attacker to move) reached by a defender's
// reply that outlasts the line's left plies, whether it escapes or how long it lasts.
func (l *liner) longer(key uint64, left int32) (Flaw, int) {
	pn, dn, stop, _ := l.dfpnAt(l.pos.Clone(), l.max)
	switch {
	case stop != StopNone:
		return FlawLongerDefence, 0
	case dn == 0:
		return FlawEscape, 0
	case pn != 0:
		return FlawLongerDefence, 0
	}
	for plies := left; plies < maxLinePlies; plies += 2 {
		if score, ok := l.or(key, 0, plies*plyScore+plyScore-1); ok {
			return FlawLongerDefence, 1 + int(score/plyScore)
		}
		if l.stopped {
			break
		}
	}
	return FlawLongerDefence, 0
}
