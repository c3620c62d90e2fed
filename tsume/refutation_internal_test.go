package tsume

// A check of no-mate answers that does not trust the search's numbers: after a
// no-mate, the table must hold a refutation of every check, down to positions with no
// check or repetitions. The brute-force judge (brute_test.go) finds no mate within its
// depth, which a position without any mate satisfies whatever the solver says; this
// walk checks what the no-mate rests on, the disproofs and the ranges of hands they
// were stored with (pieces.go). Measured: with the OR node's ranges no longer cleared
// of the pieces the attacker lacks and could drop with check (dropChecks left out of
// resultHands), TestAgainstBruteForce passed and TestNoMateRefutationProperty failed
// on its 78th case (three defender's nodes under a disproof proved mated).

import (
	"context"
	"time"

	"github.com/kifu-go/shogi"
)

// Refutation is what RefutationTree found.
type Refutation struct {
	// Or and And count the distinct positions of the tree (board and both hands) with
	// the attacker and the defender to move; Checks the checks of its OR nodes.
	Or, And, Checks int
	// NoCheck and Repeated count its leaves: the attacker has no check, or the position
	// repeats one of the line from the root (perpetual check is no mate).
	NoCheck, Repeated int
	// Searched counts the defender's nodes where the table knew no refuting reply
	// (it lost the entry to another disproof of the same board, or holds it for
	// another line), searched again; Missing those the search again did not refute
	// within its budget, Contradicted those it proved mated: a disproof above them
	// was wrong.
	Searched, Missing, Contradicted int
	// Depth is the longest line of the tree in plies.
	Depth int
	// MissingAt holds the first few of the positions counted in Missing or
	// Contradicted, and the lines that led to them.
	MissingAt []string
}

// RefutationTree solves p with AnyMate and, when the answer is no mate, reads the
// refutation the table holds: at the attacker's nodes every check, at the defender's
// the first reply the table (by hand domination) or the rule of repetition disproves,
// each position once (one met again on another line is taken as refuted there too).
// Where the table knows no refuting reply (another disproof of the same board took the
// entry, or the disproof was stored for another line), the defender's node is searched
// again within the table. ok is false when the answer is not no mate. The table's
// ranges of hands are checked with it: a disproof stored for more hands than it holds
// for leads the walk to a defender's node that is mated (Contradicted).
func RefutationTree(p *shogi.Position, bytes int, nodes uint64) (r Refutation, ok bool) {
	v := NewSolver(Options{HashBytes: bytes, Nodes: nodes, AnyMate: true})
	res, s, err := v.solve(context.Background(), p)
	if err != nil || res.Status != NoMate {
		return r, false
	}
	s.stop, s.maxNodes, s.deadline, s.ctx = StopNone, 0, time.Time{}, nil
	w := refutationWalk{s: s, seen: map[refutationKey]bool{}}
	w.walk(&r)
	return r, true
}

type refutationKey struct {
	key      uint64
	atk, def shogi.Hand
}

type refutationWalk struct {
	s    *searcher
	seen map[refutationKey]bool
}

func (w *refutationWalk) walk(r *Refutation) {
	s := w.s
	depth := len(s.path) - 1
	r.Depth = max(r.Depth, depth)
	node := &s.path[depth]
	k := refutationKey{node.key, node.atk, node.def}
	if w.seen[k] {
		return
	}
	w.seen[k] = true
	var ml shogi.MoveList
	if s.pos.SideToMove() == s.attacker {
		r.Or++
		generateChecks(s.pos, &ml)
		moves := append([]shogi.Move(nil), ml.Moves()...)
		if len(moves) == 0 {
			r.NoCheck++
			return
		}
		r.Checks += len(moves)
		for _, m := range moves {
			c := s.childOf(m, &s.path[depth])
			if c.repDep != noRep {
				r.Repeated++
				continue
			}
			s.play(&c)
			w.walk(r)
			s.undo()
		}
		return
	}
	r.And++
	generateEvasions(s.pos, &ml)
	moves := append([]shogi.Move(nil), ml.Moves()...)
	if w.refute(r, moves, depth) {
		return
	}
	// The table lost the refutation (another disproof of the board replaced the
	// reply's entry), or holds it for another line: the node is searched again.
	r.Searched++
	s.stop, s.maxNodes = StopNone, s.nodes+refutationNodes
	pn, dn, _ := s.mid(infinity, infinity, unbounded)
	switch {
	case pn == 0:
		r.Contradicted++
		w.note(r)
		return
	case dn == 0 && w.refute(r, moves, depth):
		return
	}
	r.Missing++
	w.note(r)
}

// refutationNodes is the budget of the search again of a node whose refutation the
// table lost.
const refutationNodes = 1_000_000

// refute walks the first reply of moves, the replies at path index depth, that the
// table or the rule of repetition disproves, or one after which the attacker has no
// check; it reports whether it found one.
func (w *refutationWalk) refute(r *Refutation, moves []shogi.Move, depth int) bool {
	s := w.s
	for _, m := range moves {
		c := s.childOf(m, &s.path[depth])
		if c.repDep != noRep {
			r.Repeated++
			return true
		}
		if _, dn, _, _, _, ok := s.tt.probe(c.key, c.atk, c.def, c.path); ok && dn == 0 {
			s.play(&c)
			w.walk(r)
			s.undo()
			return true
		}
	}
	var ml shogi.MoveList
	for _, m := range moves {
		c := s.childOf(m, &s.path[depth])
		s.play(&c)
		generateChecks(s.pos, &ml)
		none := ml.Len() == 0
		s.undo()
		if none {
			r.Or++
			r.NoCheck++
			return true
		}
	}
	return false
}

// note records the current position in r.MissingAt.
func (w *refutationWalk) note(r *Refutation) {
	s := w.s
	if len(r.MissingAt) < 4 {
		line := ""
		for _, n := range s.path[1:] {
			line += " " + n.move.String()
		}
		r.MissingAt = append(r.MissingAt, s.pos.String()+" after"+line)
	}
}
