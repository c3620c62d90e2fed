package tsume

// The line within the proven bound. When the tsume-line search stops before it settles
// the length, the result keeps a line read from df-pn's proof (LineProof), and
// Result.MaxLength is the least bound within which the search proved a mate. The
// proof's line need not keep to it: on the dlshogi game positions at 2 M line nodes
// and 64 MiB, 11 of the 17 the length search leaves unsettled read lines longer than
// their MaxLength (1208: 53 plies next to a mate within 21; 10, 13 and 12 of them at
// 1, 4 and 16 MiB). The bounded df-pn proved
// that mate, and its table entries carry the lengths proven: withinLine walks them
// down from the root, as boundedProofLine does for a plain proof.

import "github.com/kifu-go/shogi"

const (
	// withinNodes is added to a 16th of the line nodes spent for withinLine's budget.
	// On the 17 dlshogi game positions (2 M line nodes at 1, 4, 16 and 64 MiB, 0.5 M at
	// 16, 7.3 M at 64) a line cost at most 4 124 nodes, most none: the table held the
	// proofs. Every line was read within MaxLength.
	withinNodes = 20_000
	// withinFirstNodes is the budget of each check in withinMove's first round.
	withinFirstNodes = 1000
)

// withinLine returns a mating line of at most n plies from the current position of
// l.pos (attacker to move, its board key key), where the bounded df-pn proved a mate
// within n plies: the attacker plays the check the table knows to mate soonest, the
// defender the reply (not known to be futile) it knows to be mated latest, each within
// the plies left, and the next node's bound is the length proven there, so that the
// line descends and ends where the defender has no counted reply. A node whose moves
// the table has lost is proven again child by child (withinMove), within the line
// search's limits (l.max; the caller sets them). False when a limit stopped it. l.pos
// is back where it was on return.
func (l *liner) withinLine(key uint64, n int) ([]shogi.Move, bool) {
	atk, def := l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent())
	pn, _, v := l.bounded(key, atk, def, n, l.max)
	if pn != 0 || l.stopped {
		return nil, false
	}
	var line []shogi.Move
	defer func() {
		for range line {
			l.pos.Undo()
		}
	}()
	for v > 0 {
		or := l.pos.SideToMove() == l.attacker
		m, k, length, mated := l.withinMove(key, len(line), or, v)
		if mated {
			break
		}
		if m == shogi.NoMove {
			return nil, false
		}
		l.pos.PlayUnchecked(m)
		line = append(line, m)
		key, v = k, length
	}
	if l.pos.SideToMove() == l.attacker || l.stopped {
		return nil, false
	}
	return append([]shogi.Move(nil), line...), true
}

// withinMove returns the move of withinLine at the current position, proven to mate
// within v plies, the board key after it and the length proven after it (less than
// v); NoMove when a limit stopped it. mated is set at a defender's node every reply of
// which is futile: a test left undecided at a leaf of the bounded df-pn counted one
// when the node was proven within v, and the full test has found it futile since.
func (l *liner) withinMove(key uint64, depth int, or bool, v int) (_ shogi.Move, _ uint64, length int, mated bool) {
	list := l.generate(depth, or)
	atk, def := l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent())
	pick, pickLen := -1, 0
	moves := list.Moves()
	for i, m := range moves {
		k, a, d := after(l.pos, l.attacker, key, atk, def, m)
		pn, _, length, ok := l.s.tt.blookup(k, a, d, v-1)
		if !ok || pn != 0 || pick >= 0 && (or && length >= pickLen || !or && length <= pickLen) {
			continue
		}
		if !or && l.futile != FutileNone {
			if futile, known := l.decided(m); known && futile {
				continue // a futile drop the unbounded search proved: no reply here
			}
		}
		pick, pickLen = i, length
	}
	if pick >= 0 {
		m := moves[pick]
		k, _, _ := after(l.pos, l.attacker, key, atk, def, m)
		return m, k, pickLen, false
	}
	// The table lost the node's moves. A defender's: a counted reply, with all that is
	// left (each is mated within v-1 plies, unless a disproof of the table rests on a
	// futility test left undecided that counted a drop deeper: the next is tried then).
	if !or {
		counted := false
		for _, m := range moves {
			if l.futileReply(m) {
				continue
			}
			counted = true
			if pn, k, length := l.withinChild(key, m, v-1, l.max); pn == 0 {
				return m, k, length, false
			}
			if l.stopped || l.nodes >= l.max {
				break
			}
		}
		return shogi.NoMove, 0, 0, !counted && !l.stopped
	}
	// An attacker's: the checks df-pn proved, then those it did not disprove, in rounds
	// of budgets growing eightfold from withinFirstNodes: a check that does not mate
	// within v-1 plies costs no more than the round's budget before one that does is
	// tried (dlshogi-1213 at 16 MiB spent 400 K nodes disproving the first check df-pn
	// proved, where the second, whose children the table held, took 11).
	for budget := uint64(withinFirstNodes); ; budget *= 8 {
		open := false
		for pass := 0; pass < 2; pass++ {
			for _, m := range moves {
				proven, disproven := l.dfpn(key, m)
				if disproven || proven != (pass == 0) {
					continue
				}
				k, a, d := after(l.pos, l.attacker, key, atk, def, m)
				if _, dn, _, ok := l.s.tt.blookup(k, a, d, v-1); ok && dn == 0 {
					continue // no mate within v-1 plies
				}
				open = true
				if pn, k, length := l.withinChild(key, m, v-1, budget); pn == 0 {
					return m, k, length, false
				}
				if l.stopped || l.nodes >= l.max {
					return shogi.NoMove, 0, 0, false
				}
			}
		}
		if !open {
			return shogi.NoMove, 0, 0, false
		}
	}
}

// withinChild proves with the bounded df-pn a mate within r plies after m, with no
// more than budget nodes; it returns the proof number, the board key after m and the
// length proven.
func (l *liner) withinChild(key uint64, m shogi.Move, r int, budget uint64) (pn uint32, k uint64, length int) {
	k, a, d := after(l.pos, l.attacker, key, l.pos.Hand(l.attacker), l.pos.Hand(l.attacker.Opponent()), m)
	l.pos.PlayUnchecked(m)
	pn, _, length = l.bounded(k, a, d, r, budget)
	l.pos.Undo()
	if l.stopped {
		return 1, k, 0
	}
	return pn, k, length
}
