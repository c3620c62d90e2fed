package tsume

// The depth-bounded df-pn: does the attacker mate within r plies? It is the df-pn loop
// of search.go (mid, given r) with the plies left in the search: an OR node with no
// ply left is a disproof, an AND node with no ply left one too unless the defender has
// no reply. Futile interpositions (Options.Futile) are not replies, as in the tsume
// line, and a position whose only replies are futile is a mate of length 0.
//
// Three rules make it cheap where the attacker has many checks (a full hand):
//   - An OR node with one or two plies left is not expanded: the root package's mate
//     in one answers it (and, when futile interpositions do not count, a check whose
//     every reply is a futile interposition); with three or four plies left and every
//     reply counted, a mate in one after each reply to a check (bleaf). The result is
//     stored as a node's.
//   - With three or four plies left and futile interpositions not counted, a node
//     every check of which has a king's move or a capture for reply after which no
//     mate in one is possible is disproven without expanding it (bquickDisproof).
//   - A futility test costs a df-pn search, so it runs only when the search comes to
//     it: a reply that refutes its AND node unless it is a futile interposition not
//     yet tested counts with the disproof number untestedDn (and proof number 1), and
//     is tested when it is the reply the node would search next. The node's other
//     replies whose disproof looks cheaper are searched first; one that refutes
//     spares the test. A node is proven only when every reply is proven or tested
//     futile, and disproven only by a reply that is no futile interposition.
//
// Its results share the transposition table with the unbounded search, told apart by
// the entry's plies: a proof records the length it proved (the longest resistance of
// the proof tree, the attacker's shortest proven choice), and holds for any bound at
// least that long, as does a proof of the unbounded search whose length is known
// (prooflen.go: every reply counted, it bounds the length under any convention); a disproof records its bound and holds for any bound no longer;
// unresolved numbers hold for their own bound only. A bounded proof is a mate for the
// unbounded search too (a futile drop is taken and the mate goes on, by definition);
// a bounded disproof is nothing to it. Conversely a disproof of the unbounded search
// that rests on no path is a disproof at every bound. A board's entries for its
// bounds share its bucket: a final result clears those it answers, and a store gives
// up first an unbounded proof that another of the board covers (bstore).
//
// Repetitions need no care: every line is bounded, and a mate within r plies that
// repeats a position has a shorter one that does not.
//
// The 駒余り tie-break asks it a narrower question, with its own table entries: a mate
// within r plies whose lines ending at the bound leave at least so many pieces in the
// attacker's hand (their score at most so much, leftover.go).

import "github.com/kifu-go/shogi"

// blookup returns what the table knows of a position for a search of mate within r
// plies: its numbers, and with a proof the length proven (the shortest, where several
// proofs of the board answer).
func (t *table) blookup(key uint64, atk, def shogi.Hand, r int) (pn, dn uint32, length int, ok bool) {
	return t.blookupLeft(key, atk, def, r, noRep)
}

// blookupLeft is blookup for the question of a bound on the score of the pieces left
// (leftover.go),
// whose code left (leftCode) its entries record in repDep; noRep, the code of the plain
// question, compares above every other, as L may be read as infinite there. A proof
// answers the questions of a code no smaller, a disproof those of a code no larger,
// unresolved numbers their own.
func (t *table) blookupLeft(key uint64, atk, def shogi.Hand, r int, left uint16) (pn, dn uint32, length int, ok bool) {
	b := t.bucket(key)
	tag := uint16(r + 1)
	shortest := -1 // the shortest proof that answers, of the several a board may hold
	for i := range b.keys {
		if b.keys[i] != key {
			continue
		}
		e := &b.e[i]
		switch {
		case e.pn == 0:
			// A bounded proof's length, or an unbounded one's when known (prooflen.go).
			length := int(e.plies) - 1
			if e.plies == 0 && e.repDep <= maxProofCode {
				length = int(e.repDep) - 1
			} else if e.plies != 0 && e.repDep > left {
				continue // a proof leaving more pieces than asked
			}
			if length >= 0 && length <= r && (shortest < 0 || length < shortest) && includes(atk, e.atk) && includes(e.def, def) {
				shortest = length
			}
		case e.dn == 0:
			if shortest < 0 && e.path == 0 && (e.plies == 0 || e.plies >= tag && e.repDep >= left) && includes(e.atk, atk) && includes(def, e.def) {
				return infinity, 0, 0, true
			}
		case e.plies == tag && e.atk == atk && e.def == def && e.repDep == left:
			pn, dn, ok = e.pn, e.dn, true
		}
	}
	if shortest >= 0 {
		return 0, infinity, shortest, true
	}
	return pn, dn, 0, ok
}

// bstore records the result of a bounded search of r plies: a proof of length length,
// a disproof, or unresolved numbers. A result replaces the unresolved entry of its
// position and bound, and is not stored when a final entry of the board answers it
// already. A final result clears the board's bounded entries it answers (a disproof
// those of bounds no longer, a proof those of bounds no shorter, for the hands it
// covers). The slot taken is then an empty one, or an unbounded proof that another of
// the board covers, or the entry least worth keeping.
//
// The board's bounded entries share its bucket with one another and with the unbounded
// proofs: on 馬鋸 (yaneuraou-116) the boards of the horse's saw hold three unbounded
// proofs each (the defender holding 15, 16 and 17 pawns), the one with the most
// pawns covering the other two, and the board comes back at every fourth ply of
// a line, each time at another bound. With one slot left for its bounds, they
// took it from one another: the 45 plies' bound 41 evicted 1.75 M of its disproofs and
// proofs and searched each again 27 times on average (17.1 M line nodes of the 21.2 M
// the length took; 3.2 M with both rules).
func (t *table) bstore(key uint64, atk, def shogi.Hand, r int, pn, dn uint32, length int, effort uint64) {
	t.bstoreLeft(key, atk, def, r, pn, dn, length, effort, noRep)
}

// bstoreLeft is bstore for the question of the pieces left of code left (see
// blookupLeft), which the entry records in repDep.
func (t *table) bstoreLeft(key uint64, atk, def shogi.Hand, r int, pn, dn uint32, length int, effort uint64, left uint16) {
	effort = min(effort, uint64(^uint32(0)))
	tag := uint16(r + 1)
	plies := tag
	if pn == 0 {
		plies = uint16(length + 1)
	}
	t.noteStore(key)
	b := t.bucket(key)
	victim := -1
	worst := uint64(1) << 40
	for i := range b.keys {
		e := &b.e[i]
		if b.keys[i] == key && e.path == 0 && e.plies != 0 {
			switch {
			case e.pn == 0 || e.dn == 0:
				if banswers(e, atk, def, pn, tag, plies, left) {
					return // a final result stays
				}
				if bcovers(e, atk, def, pn, dn, tag, plies, left) {
					b.keys[i], b.e[i] = 0, entry{}
				}
			case e.plies == tag && e.atk == atk && e.def == def && e.repDep == left:
				victim, worst = i, 0 // the position's own unresolved entry
				continue
			case bcovers(e, atk, def, pn, dn, tag, plies, left):
				b.keys[i], b.e[i] = 0, entry{}
			}
		}
		if worst == 0 && victim >= 0 && b.keys[victim] == key {
			continue // the position's own entry, or a proof another covers: as good as empty
		}
		if b.keys[i] == 0 {
			victim, worst = i, 0
			continue
		}
		w := b.worth(i)
		if b.redundantProof(i) {
			w = 0
		}
		if w < worst {
			victim, worst = i, w
		}
	}
	if victim < 0 {
		return
	}
	b.keys[victim] = key
	b.e[victim] = entry{atk: atk, def: def, pn: pn, dn: dn, effort: uint32(effort), repDep: left, plies: plies}
}

// banswers reports whether the final bounded entry e of a board answers a result of a
// search of the board with the hands atk and def for a mate within tag-1 plies: a proof
// of length plies-1 when pn is 0, else a disproof or unresolved numbers. A proof holds
// for the bounds no shorter than its length and an attacker holding no less, a
// disproof for the bounds no longer than its own and an attacker holding no more; for
// the question of the pieces left, a proof for a code left no smaller, a disproof for
// one no larger (blookupLeft).
func banswers(e *entry, atk, def shogi.Hand, pn uint32, tag, plies, left uint16) bool {
	if e.pn == 0 {
		return e.repDep <= left && includes(atk, e.atk) && includes(e.def, def) && (pn == 0 && e.plies <= plies || pn != 0 && e.plies <= tag)
	}
	return pn != 0 && e.plies >= tag && e.repDep >= left && includes(e.atk, atk) && includes(def, e.def)
}

// bcovers reports whether a final result of the board (pn or dn 0; see banswers)
// answers its bounded entry e, a final or unresolved one, which is then of no more use.
func bcovers(e *entry, atk, def shogi.Hand, pn, dn uint32, tag, plies, left uint16) bool {
	switch {
	case dn == 0:
		return e.pn != 0 && e.plies <= tag && e.repDep <= left && includes(atk, e.atk) && includes(e.def, def)
	case pn == 0:
		return e.dn != 0 && e.plies >= plies && e.repDep >= left && includes(e.atk, atk) && includes(def, e.def)
	}
	return false
}

// redundantProof reports whether slot i holds a proof of the unbounded search that
// another of the bucket covers (of the same board, an attacker holding no more, a
// defender no less, and a known length code, prooflen.go, where its own is known): it
// answers no position the other does not (the other's length may be longer: an upper
// bound of the length all the same, where an unknown one would answer no bound).
func (b *bucket) redundantProof(i int) bool {
	e := &b.e[i]
	if e.pn != 0 || e.plies != 0 {
		return false
	}
	for j := range b.keys {
		f := &b.e[j]
		if j != i && b.keys[j] == b.keys[i] && f.pn == 0 && f.plies == 0 && includes(e.atk, f.atk) && includes(f.def, e.def) &&
			(e.repDep == 0 || e.repDep > maxProofCode || f.repDep != 0 && f.repDep <= maxProofCode) {
			return true
		}
	}
	return false
}

// bgenerate fills the child list of the current node, at path index depth, for a
// search of mate within r plies: the checks, or the replies, with their numbers from
// the table or initial ones. Futile replies are found lazily, when an interposition
// would refute the node (see settleFutility).
func (s *searcher) bgenerate(depth int, or bool, r int) []child {
	for len(s.lists) <= depth {
		s.lists = append(s.lists, make([]child, 0, 32))
	}
	if or {
		generateChecks(s.pos, &s.moves)
	} else {
		generateEvasions(s.pos, &s.moves)
	}
	list := s.lists[depth][:0]
	parent := &s.path[depth]
	var touch uint64
	for _, m := range s.moves.Moves() {
		k, atk, def := after(s.pos, s.attacker, s.key, parent.atk, parent.def, m)
		if r >= 1 {
			touch += prefetchBucket(s.tt.bucket(k)) // as generate does
		}
		list = append(list, child{move: m, key: k, atk: atk, def: def, repDep: noRep})
	}
	s.touch += touch
	s.lists[depth] = list
	if r < 1 {
		return list
	}
	if s.leftOn && !or {
		s.capturesFirst(list) // leftover.go
	}
	for i := range list {
		c := &list[i]
		pn, dn, length, ok := s.blookupL(c.key, c.atk, c.def, r-1, !or)
		switch {
		case ok:
		case or:
			s.binit(c, r-1)
			pn, dn, length = c.pn, c.dn, 0
		default:
			pn, dn = 1, 1
		}
		c.pn, c.dn, c.rep, c.known = pn, dn, uint16(length), true
	}
	return list
}

// bleaf answers a search of mate within r plies, r ≤ 4, at the current node
// (attacker to move) without expanding it, and records the result as mid does (unless
// a futility test stopped the search): a mate in one is a check the defender cannot
// answer (the root package's mate in one, which generates no reply), or, when futile
// interpositions are no replies, a check whose every reply is an interposition found
// futile; with r ≥ 3 and every reply counted, a mate in three is a check after every
// reply to which the attacker mates in one. It counts a node for the node and one for
// each reply it plays.
func (s *searcher) bleaf(node *pathNode, r int) (pn, dn uint32, aux uint16) {
	pn, dn = infinity, 0
	generateChecks(s.pos, &s.moves) // for all three tests
	checks := s.moves.Moves()
	if s.leftOn && r == 1 {
		// The lines end at the bound: only a mate whose hand scores at most leftMax
		// counts (leftover.go; r is odd here, see plainBound).
		kept := checks[:0]
		for _, m := range checks {
			if s.leftAfter(node.atk, m) <= s.leftMax {
				kept = append(kept, m)
			}
		}
		checks = kept
	}
	switch {
	case s.pos.MateAmong(checks) != shogi.NoMove || s.futile != nil && s.futileMateInOne(checks):
		pn, dn, aux = 0, infinity, 1
	case r >= 3 && s.futile == nil && s.mateInThree(checks):
		pn, dn, aux = 0, infinity, 3
	}
	if s.stop == StopNone { // a futility test may have stopped the search
		s.bstoreNode(node, r, pn, dn, int(aux), 1)
	}
	return pn, dn, aux
}

// bquickDisproof disproves without expanding it a node of the bounded search with
// three or four plies left (attacker to move, futile interpositions not counted) where
// every check has a reply that is no interposition (so never futile) after which the
// attacker has no mate in one: no check the defender cannot answer, and no check all of
// whose replies are interpositions not known to be legitimate (futileMateInOne may find
// them futile; such a reply does not count as refuting here). It records the disproof
// as mid would, and counts a node for each check and each reply it plays (binit counts
// one for each check); false leaves the node to the search.
func (s *searcher) bquickDisproof(node *pathNode, r int) bool {
	generateChecks(s.pos, &s.moves)
	checks := s.moves.Moves()
	for _, m := range checks {
		s.pos.PlayUnchecked(m)
		s.nodes++
		generateEvasionMoves(s.pos, &s.look) // a drop interposes
		refuted := false
		for _, e := range s.look.Moves() {
			if interposition(s.pos, e) {
				continue
			}
			s.pos.PlayUnchecked(e)
			s.nodes++
			generateChecks(s.pos, &s.leafChecks) // for both tests
			leaf := s.leafChecks.Moves()
			refuted = s.pos.MateAmong(leaf) == shogi.NoMove && !s.mayFutileMate(leaf)
			s.pos.Undo()
			if refuted {
				break
			}
		}
		s.pos.Undo()
		if !refuted {
			return false
		}
	}
	s.tt.bstore(node.key, node.atk, node.def, r, infinity, 0, 0, 1)
	return true
}

// mayFutileMate reports whether the current node (attacker to move), whose checks are
// checks, has a check whose replies are all interpositions (at least one) of which none
// is known to be legitimate: a check that futileMateInOne might find a mate.
func (s *searcher) mayFutileMate(checks []shogi.Move) bool {
	replies := &s.leafReplies
	for _, m := range checks {
		if !mayInterpose(s.pos, m) {
			continue
		}
		s.pos.PlayUnchecked(m)
		if !interposable(s.pos) {
			s.pos.Undo()
			continue
		}
		may := s.onlyDropsMayBeFutile(replies)
		if may {
			generateEvasions(s.pos, replies)
			may = replies.Len() > 0 && s.onlyUndecidedInterpositions(replies.Moves())
		}
		s.pos.Undo()
		if may {
			return true
		}
	}
	return false
}

// onlyDropsMayBeFutile is the first test of a check at mayFutileMate and
// futileMateInOne (defender to move, in check): whether the replies that are no drop
// (a king's step or a capture, seldom absent, settles the check) are all
// interpositions not known to be legitimate, none at all where only drops may be
// futile (s.dropsOnly: decided knows a piece moved to interpose as legitimate), then
// looked for rather than generated. list is a scratch list.
func (s *searcher) onlyDropsMayBeFutile(list *shogi.MoveList) bool {
	if s.dropsOnly {
		return !hasReplyMove(s.pos)
	}
	generateEvasionMoves(s.pos, list)
	return s.onlyUndecidedInterpositions(list.Moves())
}

// onlyUndecidedInterpositions reports whether every reply of replies, at the current
// node (defender to move), is an interposition not known to be legitimate.
func (s *searcher) onlyUndecidedInterpositions(replies []shogi.Move) bool {
	for _, e := range replies {
		if !interposition(s.pos, e) {
			return false
		}
		if s.decided != nil {
			if futile, known := s.decided(e); known && !futile {
				return false
			}
		}
	}
	return true
}

// mateInThree reports whether a check at the current node (attacker to move, no mate
// in one), one of checks, leaves the defender only replies after which the attacker
// mates in one.
func (s *searcher) mateInThree(checks []shogi.Move) bool {
	for _, m := range checks {
		s.pos.PlayUnchecked(m)
		generateEvasions(s.pos, &s.look)
		mate := true
		for _, e := range s.look.Moves() {
			s.pos.PlayUnchecked(e)
			s.nodes++
			mate = s.pos.MateInOne() != shogi.NoMove
			s.pos.Undo()
			if !mate {
				break
			}
		}
		s.pos.Undo()
		if mate {
			return true
		}
	}
	return false
}

// futileMateInOne reports whether a check at the current node, one of checks, leaves
// the defender only futile interpositions (and at least one: a check with no reply is
// MateInOne's). The verdicts known without a search are read first, so that a check
// with an interposition known not futile costs no test; the others are tested with
// the small budget of a leaf (leafFutileNodes: such tests are many, and most of those
// that decide at all decide within it).
func (s *searcher) futileMateInOne(checks []shogi.Move) bool {
	for _, m := range checks {
		if !mayInterpose(s.pos, m) {
			continue
		}
		s.pos.PlayUnchecked(m)
		if !interposable(s.pos) {
			s.pos.Undo()
			continue
		}
		mate := s.onlyDropsMayBeFutile(&s.look) // as in mayFutileMate
		if mate {
			generateEvasions(s.pos, &s.look)
			replies := s.look.Moves()
			mate = len(replies) > 0 && s.onlyUndecidedInterpositions(replies)
			for _, e := range replies {
				if !mate {
					break
				}
				mate = s.leafFutile(e)
			}
		}
		s.pos.Undo()
		if mate || s.stop != StopNone {
			return mate
		}
	}
	return false
}

// binit gives a check the table does not know its initial numbers for a search of r
// plies after it: the number of the defender's replies (a proof when there is none).
func (s *searcher) binit(c *child, r int) {
	s.pos.PlayUnchecked(c.move)
	s.nodes++
	n := uint32(countReplies(s.pos))
	s.pos.Undo()
	c.known, c.rep = true, 0
	if n == 0 {
		c.pn, c.dn = 0, infinity
		s.tt.bstore(c.key, c.atk, c.def, r, 0, infinity, 0, 1)
		return
	}
	c.pn, c.dn = n, 1
}

// untestedDn is the disproof number an AND node of the bounded search gives a reply
// that refutes it unless it is a futile interposition not yet tested: the test costs
// a search, so the node searches first the replies whose disproof looks cheaper, one
// of which may refute it and spare the test.
const untestedDn = 64

// untested reports whether the reply of c may be a futile interposition not yet
// tested (bounded search, futile interpositions not counted).
func (s *searcher) untested(c *child) bool {
	return s.futile != nil && !c.tested && interposition(s.pos, c.move)
}

// testReply tests the reply list[i] for futility; a drop's verdict holds for every
// piece dropped on its square (the test does not depend on the piece).
func (s *searcher) testReply(list []child, i int) {
	c := &list[i]
	s.isFutile(c)
	if !c.move.IsDrop() {
		return
	}
	for j := range list {
		if d := &list[j]; d.move.IsDrop() && d.move.To() == c.move.To() {
			d.tested, d.futile = true, c.futile
		}
	}
}

// settleFutility applies to the replies of an AND node the futility verdicts known
// without a search, where they matter: when interpositions not yet tested are the
// only replies that refute the node. One found not futile settles the node, whichever
// it is, and saves the tests of the others; the others are tested when the search
// comes to them (see untestedDn). A futile reply is no reply; one that does not
// refute the node counts in the length, which is then an upper bound under the
// conventions.
func (s *searcher) settleFutility(list []child) {
	for i := range list {
		c := &list[i]
		if interposition(s.pos, c.move) && !(c.tested && !c.futile) {
			continue
		}
		if c.dn == 0 {
			return // a reply that is no futile drop refutes the node
		}
	}
	if s.decided == nil {
		return
	}
	for i := range list {
		c := &list[i]
		if !interposition(s.pos, c.move) || c.tested || c.dn != 0 {
			continue
		}
		if futile, known := s.decided(c.move); known {
			c.tested, c.futile = true, futile
			if !futile {
				return
			}
		}
	}
}

// isFutile reports whether the reply of c, at the current node, is a futile
// interposition; the test runs once per child.
func (s *searcher) isFutile(c *child) bool {
	if s.futile == nil || !interposition(s.pos, c.move) {
		return false
	}
	if !c.tested {
		c.tested, c.futile = true, s.futile(c.move)
	}
	return c.futile
}

// interposable reports whether the side to move of p, in check, may interpose: a
// single checker with a square between it and the king. Otherwise every reply is a
// king's move or takes the checker, and none is an interposition (the checks of
// mayFutileMate and futileMateInOne are passed over without generating the replies).
func interposable(p *shogi.Position) bool {
	checkers := p.Checkers()
	if checkers.IsEmpty() || checkers.More() {
		return false
	}
	c, k := checkers.First(), p.King(p.SideToMove())
	df, dr := abs(c.File()-k.File()), abs(c.Rank()-k.Rank())
	return (df == 0 || dr == 0 || df == dr) && max(df, dr) > 1
}

// mayInterpose reports whether the defender may be interposable (see interposable)
// after the check m of the attacker, who is to move in p, without playing m: false
// when m surely leaves no square to interpose on. A drop checks alone, and a move
// whose origin is on no line through the defender's king discovers no check (the
// defender does not stand in check before m: see ErrDefenderInCheck) and so checks
// alone too: then only a lance, bishop, rook, horse or dragon checking from two
// squares away or more leaves a square between.
func mayInterpose(p *shogi.Position, m shogi.Move) bool {
	k, to := p.King(p.SideToMove().Opponent()), m.To()
	var t shogi.PieceType
	if m.IsDrop() {
		t = m.DropType()
	} else {
		from := m.From()
		if df, dr := abs(from.File()-k.File()), abs(from.Rank()-k.Rank()); df == 0 || dr == 0 || df == dr {
			return true // a discovered check, maybe
		}
		t = p.PieceAt(from).Type()
		if m.IsPromotion() {
			t = t.Promote()
		}
	}
	switch t {
	case shogi.Lance, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon:
		return max(abs(to.File()-k.File()), abs(to.Rank()-k.Rank())) > 1
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// interposition reports whether the reply m in p may be an interposition: a drop, or
// a move of a piece other than the king that takes nothing.
func interposition(p *shogi.Position, m shogi.Move) bool {
	return m.IsDrop() || p.MovedPiece(m).Type() != shogi.King && p.PieceAt(m.To()) == shogi.NoPiece
}
