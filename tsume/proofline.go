package tsume

// The proof line: a mate read from what df-pn proved, for Options.AnyMate and for when
// the tsume-line search runs out of nodes. Where the table knows the proof length a
// node's rests on (prooflen.go), the attacker plays the proven check of the shortest
// known, the defender the reply of the longest when every reply's is known, so that
// the line is as long as the root's proof when the table keeps the lengths
// (Result.MaxLength with AnyMate); between equal lengths and elsewhere, the check
// whose proof cost least (a guess at the shortest) and the reply whose proof cost most
// (a guess at the longest resistance); a position the table has lost is
// proven again, and when a table too small to keep the proof loses it again, its
// children are proven one at a time and the line goes on at once. Moves that would
// repeat a position of the line are never chosen, so the line ends in mate; when the
// proofs left lead only into the line's own positions (a cycle of proofs), those
// positions' proofs are forgotten and the root proven again (see proofLine).

import "github.com/kifu-go/shogi"

// effort returns the search effort stored with the proof of a position, and whether
// the table holds a proof of it.
func (t *table) proofEffort(key uint64, atk, def shogi.Hand) (uint32, bool) {
	b := t.bucket(key)
	for i := range b.keys {
		e := &b.e[i]
		if b.keys[i] == key && e.pn == 0 && includes(atk, e.atk) && includes(e.def, def) {
			return e.effort, true
		}
	}
	return 0, false
}

// forgetProofs removes the proofs that hold for a position from the table.
func (t *table) forgetProofs(key uint64, atk, def shogi.Hand) {
	b := t.bucket(key)
	for i := range b.keys {
		if e := &b.e[i]; b.keys[i] == key && e.pn == 0 && includes(atk, e.atk) && includes(e.def, def) {
			b.keys[i], *e = 0, entry{}
		}
	}
}

// forgetPath forgets the proofs of the positions of the path when a proof line met a
// cycle of proofs there, and says whether it did: not when a limit stopped the search.
func (s *searcher) forgetPath() bool {
	if s.stop != StopNone {
		return false
	}
	for _, n := range s.path {
		s.tt.forgetProofs(n.key, n.atk, n.def)
	}
	return true
}

// proveChild proves the children of the current node, at path index depth, one at a
// time, and returns the first check proven (OR node) or the reply whose proof cost most
// (AND node, whose replies are all proven); -1 when a limit stopped it, or when no
// check is proven. Each proof is searched from the child itself, so the proof of the
// child chosen needs no more of the table than its own search.
func (s *searcher) proveChild(depth int, or bool) int {
	pick, most := -1, uint64(0)
	for i := range s.lists[depth] {
		c := s.lists[depth][i]
		if c.repDep != noRep || or && c.dn == 0 && c.rep == noRep {
			continue
		}
		start := s.nodes
		s.play(&c)
		pn, _, _ := s.mid(infinity, infinity, unbounded)
		s.undo()
		switch {
		case s.stop != StopNone:
			return -1
		case pn != 0 && or:
			continue
		case pn != 0:
			return -1 // cannot be: every reply of a proven node is a mate
		case or:
			return i
		}
		if e := s.nodes - start; pick < 0 || e > most {
			pick, most = i, e
		}
	}
	return pick
}

// proofRestarts bounds how many times proofLine forgets the proofs of a line that
// met a cycle and proves the root again.
const proofRestarts = 8

// proofLine returns a mating line from the root of s, which df-pn proved, or false when
// a limit stopped it. s.pos is back at the root on return.
//
// A small table can hold proofs that rest on one another in a cycle: a position proven,
// its entry replaced, then proven again from a path that did not hold it, by way of a
// position whose proof rested on the entry replaced. Each was a mate when proven, but a
// line read from them comes back to a position of its own, where every proven move
// repeats one. Then the proofs of the line's positions are forgotten and the root is
// proven again, which searches them from the path and so not through one another.
func proofLine(s *searcher) ([]shogi.Move, bool) {
	for restart := 0; ; restart++ {
		line, ok, cycle := readProofLine(s)
		if ok || !cycle || restart == proofRestarts {
			return line, ok
		}
		s.reset()
		if pn, _, _ := s.mid(infinity, infinity, unbounded); pn != 0 {
			return nil, false
		}
	}
}

// readProofLine reads a line for proofLine. When it meets a cycle of proofs it forgets
// the proofs of the positions of its path and reports it.
func readProofLine(s *searcher) (_ []shogi.Move, _ bool, cycle bool) {
	s.reset()
	var line []shogi.Move
	defer func() {
		for range line {
			s.undo()
		}
	}()
	retried := false
	for len(line) < maxLinePlies {
		depth := len(s.path) - 1
		or := s.pos.SideToMove() == s.attacker
		list := s.generate(depth)
		if len(list) == 0 {
			if or {
				return nil, false, false
			}
			return append([]shogi.Move(nil), line...), true, false
		}
		// pick by the effort, byLength by the length and then the effort; unknown: a
		// reply of unknown length.
		pick, byLength, pickLen, unknown := -1, -1, 0, false
		var pickEffort, lenEffort uint32
		for i := range list {
			c := &list[i]
			if c.repDep != noRep {
				continue
			}
			e, proven := s.tt.proofEffort(c.key, c.atk, c.def)
			if !proven {
				if !or {
					pick = -2 // a reply the table has lost: prove the node again
					break
				}
				continue
			}
			if pick < 0 || or && e < pickEffort || !or && e > pickEffort {
				pick, pickEffort = i, e
			}
			switch n := s.tt.proofLength(c.key, c.atk, c.def); {
			case n < 0:
				unknown = true
			case byLength < 0 || or && (n < pickLen || n == pickLen && e < lenEffort) ||
				!or && (n > pickLen || n == pickLen && e > lenEffort):
				byLength, pickLen, lenEffort = i, n, e
			}
		}
		if pick >= 0 && byLength >= 0 && (or || !unknown) {
			pick = byLength // the move the node's proof length rests on
		}
		if pick < 0 && !retried {
			if s.stop != StopNone {
				return nil, false, false
			}
			retried = true
			if pn, _, _ := s.mid(infinity, infinity, unbounded); pn != 0 {
				// Not a mate from this path: its proof rests on a position of the line.
				return nil, false, s.forgetPath()
			}
			continue
		}
		if pick < 0 {
			// The table lost the node's proof again (a small table): the children are
			// proven one at a time, each played at once.
			if pick = s.proveChild(depth, or); pick < 0 {
				return nil, false, s.forgetPath()
			}
		}
		retried = false
		c := list[pick]
		s.play(&c)
		line = append(line, c.move)
	}
	return nil, false, false
}

// boundedProofLine reads a mating line from the root of s with the depth-bounded df-pn,
// for when proofLine cannot: the line it follows may reach a position whose proof
// rests on moves that repeat a position of the line, disproven there. A bounded proof
// knows no repetition, and the line descends through positions proven within fewer and
// fewer plies, so it ends in mate. It proves a mate within 1, 3, 7, … plies from the
// root, then plays a check proven within the plies left and the reply proven longest,
// each proven again when the table lost it. False when a limit stopped it. s.pos is
// back at the root on return.
func boundedProofLine(s *searcher) ([]shogi.Move, bool) {
	s.reset()
	v := -1
	for r := 1; r < maxLinePlies && v < 0; r = 2*r + 1 {
		pn, _, length := s.mid(infinity, infinity, r)
		if s.stop != StopNone {
			return nil, false
		}
		if pn == 0 {
			v = int(length)
		}
	}
	var line []shogi.Move
	defer func() {
		for range line {
			s.undo()
		}
	}()
	for v > 0 {
		depth := len(s.path) - 1
		or := s.pos.SideToMove() == s.attacker
		list := s.bgenerate(depth, or, v)
		// First the moves the table knows to mate within v-1 plies: the shortest check,
		// the longest reply. When it knows none, each is proven again from the child
		// (the checks the unbounded search proved first) until one is.
		pick, pickLen := -1, 0
		for i := range list {
			c := &list[i]
			pn, _, length, ok := s.tt.blookup(c.key, c.atk, c.def, v-1)
			if ok && pn == 0 && (pick < 0 || or && length < pickLen || !or && length > pickLen) {
				pick, pickLen = i, length
			}
		}
		for pass := 0; pass < 2 && pick < 0; pass++ {
			for i := range list {
				c := list[i]
				if or {
					pn, dn, rep, ok := s.tt.lookup(c.key, c.atk, c.def, 0)
					if ok && dn == 0 && rep == noRep || (ok && pn == 0) != (pass == 0) {
						continue // no mate at all, or not in this pass
					}
				} else if pass == 1 {
					break
				}
				s.play(&c)
				pn, _, aux := s.mid(infinity, infinity, v-1)
				s.undo()
				if s.stop != StopNone {
					return nil, false
				}
				if pn == 0 {
					pick, pickLen = i, int(aux)
					break
				}
				if !or {
					return nil, false // cannot be: every reply of a proven node is a mate
				}
			}
		}
		if pick < 0 {
			return nil, false
		}
		c := s.lists[depth][pick]
		s.play(&c)
		line = append(line, c.move)
		v = pickLen
	}
	if s.pos.SideToMove() == s.attacker {
		return nil, false
	}
	return append([]shogi.Move(nil), line...), true
}
