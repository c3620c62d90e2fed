package tsume

// The 駒余り tie-break asks the bounded df-pn a narrower question than "a mate within
// r plies": a mate within r plies whose lines ending at the bound leave the attacker at
// most L pieces in hand. It is the tie-break's own minimax cut to a yes or no: with the
// score of a line len*64 + left, a node of r plies left scores at most r*64 + L exactly
// when the attacker mates within r plies and every line of his mate that ends with no
// ply to spare leaves him at most L pieces (a line ending sooner scores less however
// many it leaves). An attacker's check of the tie-break that cannot beat the best found
// so far (its lines leaving L or fewer) is then settled by a search that fails sooner
// than the mate within r plies did: wherever the attacker holds more pieces than the
// moves he has left can spend, only the mates two plies shorter count, a question of the
// plain bounded df-pn, whose table the length search filled. A defender's reply is
// asked the same question, with L the most the best reply leaves: a proof says the
// reply scores no more than the best.
//
// The answers of the narrower question share the table under a key of their own (the
// board's and the attacker's hand), with L in the entry (leftCode, in repDep, which a
// bounded entry does not use otherwise): a proof that every line leaves at most L
// pieces holds for any larger L, a disproof (no mate, or a line that leaves more) for
// any smaller one, so that the tie-break's questions of one position for its several L
// answer one another. The attacker's hand must match exactly (a piece more or less in
// his hand changes what is left), while a disproof holds for a defender holding more,
// a proof for one holding less, as for the plain bounded df-pn. A plain bounded
// disproof answers it (no mate at all within r plies), and so does a plain bounded
// proof no longer than r-1 plies (every line ends before the bound). A proof of the
// narrower question shorter than its bound r is recorded with the length r: recorded
// with its own, it would answer the bound of that length, where its lines, which ended
// before r and so were not held to L, end at the bound (stored instead as a plain
// proof, which it is, 1210 and 1436 took 5.35 M and 4.09 M line nodes to their tsume
// line instead of 5.28 M and 4.05 M: the plain entries it evicts cost more).

import "github.com/kifu-go/shogi"

// handSize returns the number of pieces of h.
func handSize(h shogi.Hand) int {
	n := 0
	for _, t := range shogi.HandTypes {
		n += h.Count(t)
	}
	return n
}

// leftKey returns the table key of a position (board key, the attacker's hand atk) for
// the narrower question of a bound on the pieces left.
func leftKey(key uint64, atk shogi.Hand) uint64 {
	return key ^ (uint64(atk)<<8|1)*0xd6e8feb86659fd93 // never key itself
}

// leftCode returns the code under which the table records the bound left ≥ -1 on the
// pieces left (see blookupLeft): below noRep, the plain question's.
func leftCode(left int) uint16 {
	return uint16(left + 1)
}

// plainBound reports whether the question of s.leftMax at a node (the attacker's if
// or) with r plies left and the attacker holding atk is a plain bounded one, and of
// which bound: r when no line can end at the bound (a mate ends at the defender's turn),
// r-2 when the attacker holds more than L pieces and his moves left cannot spend the
// excess. Below r = 2 it is left to the node's own rules (bleaf, the terminal cases of
// mid).
func (s *searcher) plainBound(or bool, r int, atk shogi.Hand) (int, bool) {
	moves := r / 2 // the attacker's moves left to a line ending at the bound
	if or {
		moves = (r + 1) / 2
	}
	if or == (r%2 == 0) {
		return r, true
	}
	if r >= 2 && handSize(atk)-moves > s.leftMax {
		return r - 2, true
	}
	return r, false
}

// blookupL is blookup for the question of s.leftMax (the node the attacker's if or).
func (s *searcher) blookupL(key uint64, atk, def shogi.Hand, r int, or bool) (pn, dn uint32, length int, ok bool) {
	if !s.leftOn {
		return s.tt.blookup(key, atk, def, r)
	}
	if pr, plain := s.plainBound(or, r, atk); plain {
		if pr < 0 {
			return infinity, 0, 0, true
		}
		return s.tt.blookup(key, atk, def, pr)
	}
	pn, dn, length, ok = s.tt.blookup(key, atk, def, r)
	if ok && (dn == 0 || pn == 0 && length <= r-1) {
		return pn, dn, length, ok
	}
	return s.tt.blookupLeft(leftKey(key, atk), atk, def, r, leftCode(s.leftMax))
}

// bstoreNode records the result of a bounded search of r plies at node: under the
// question of s.leftMax when it is asked, a proof with a length no shorter than r.
func (s *searcher) bstoreNode(node *pathNode, r int, pn, dn uint32, length int, effort uint64) {
	if !s.leftOn {
		s.tt.bstore(node.key, node.atk, node.def, r, pn, dn, length, effort)
		return
	}
	if pn == 0 {
		length = max(length, r) // see the note at the top
	}
	s.tt.bstoreLeft(leftKey(node.key, node.atk), node.atk, node.def, r, pn, dn, length, effort, leftCode(s.leftMax))
}

// leftOK reports whether a line ending at the current node, attacker's hand atk, with
// r plies left, keeps to s.leftMax.
func (s *searcher) leftOK(r int, atk shogi.Hand) bool {
	return !s.leftOn || r > 0 || handSize(atk) <= s.leftMax
}

// leftAfter returns the attacker's hand size after his move m in the current position.
func (s *searcher) leftAfter(n int, m shogi.Move) int {
	switch {
	case m.IsDrop():
		return n - 1
	case s.pos.PieceAt(m.To()) != shogi.NoPiece:
		return n + 1
	}
	return n
}
