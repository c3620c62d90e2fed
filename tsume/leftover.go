package tsume

// The 駒余り tie-break. Between lines of equal length the tsume convention has the
// defender choose the one that leaves the attacker fewer pieces in hand at the end (the
// line that makes him spend them), and the attacker the one that leaves him more: rules
// ⑥ (the defender's replies) and ⑨ (the attacker's checks) of the rules of tsume shogi
// at suzukou.org, the defender's rule at jukujukuc.net, and the order of
// KomoringHeights' mate lengths (MateLen: the shorter and the more pieces left, the
// better for the attacker). So a line scores len*64 + leftScore, the pieces the
// attacker does NOT hold when it ends (maxLeftScore less his hand), which the attacker
// minimises and the defender maximises, as they do the length.
//
// The tie-break asks the bounded df-pn a narrower question than "a mate within r
// plies": a mate within r plies whose lines ending at the bound score at most L (leave
// the attacker at least maxLeftScore-L pieces). It is the tie-break's own minimax cut
// to a yes or no: a node of r plies left scores at most r*64 + L exactly when the
// attacker mates within r plies and every line of his mate that ends with no ply to
// spare scores at most L (a line ending sooner scores less whatever it leaves). An
// attacker's check of the tie-break that cannot beat the best found so far is then
// settled by a search that fails sooner than the mate within r plies did: wherever the
// attacker's captures in the moves he has left cannot bring his hand up to what L asks,
// only the mates two plies shorter count, a question of the plain bounded df-pn, whose
// table the length search filled. A defender's reply is asked the same question, with
// L the score of the best reply: a proof says the reply scores no more than the best.
//
// The answers of the narrower question share the table under a key of their own (the
// board's and the attacker's hand), with L in the entry (leftCode, in repDep, which a
// bounded entry does not use otherwise): a proof that every line scores at most L holds
// for any larger L, a disproof (no mate, or a line that scores more) for any smaller
// one, so that the tie-break's questions of one position for its several L answer one
// another. The attacker's hand must match exactly (a piece more or less in his hand
// changes what is left), while a disproof holds for a defender holding more, a proof
// for one holding less, as for the plain bounded df-pn. A plain bounded disproof
// answers it (no mate at all within r plies), and so does a plain bounded proof no
// longer than r-1 plies (every line ends before the bound). A proof of the narrower
// question shorter than its bound r is recorded with the length r: recorded with its
// own, it would answer the bound of that length, where its lines, which ended before r
// and so were not held to L, end at the bound (stored instead as a plain proof, which
// it is, 1210 and 1436 took 5.35 M and 4.09 M line nodes to their tsume line instead
// of 5.28 M and 4.05 M: the plain entries it evicts cost more; measured when the score
// was the pieces left, before the convention was read right).
//
// Read right, the convention makes the tie-break dearer: plainBound's cut, which fired
// when the attacker held more pieces than his moves could drop, now fires only when he
// holds too few for his captures to reach what L asks. On the dlshogi game positions
// (FutileDrops, 64 MiB, 20 M line nodes), before and after the fix (without
// capturesFirst): 1213 finished in 8.54 M line nodes and now stops at LineLength, 1224
// took 9.32 → 16.46 M, 1228 10.02 → 12.58, 1436 4.10 → 4.76, 1439 15.98 → 16.33, and
// 1208 17.17 → 15.35, 1210 5.28 → 4.82, 1222 14.06 → 13.74; 85-100 % of the
// tie-break's nodes go, as before, to disproofs of checks asked whether they keep more
// pieces than the best line. 1207 (14.22 M before) stops at LineLength too, after
// 0.34 M of tie-break: its lines now pass a node whose length rested on an
// interposition the futility test at a leaf of the bounded df-pn left undecided and
// the full test finds futile, where the tie-break fails (tieBreak: the replies found
// futile are counted, and one is not mated within the length).

import "github.com/kifu-go/shogi"

// maxLeftScore is the score of a line that leaves the attacker no piece: the most a
// line's score may add to its length's part (plyScore a ply).
const maxLeftScore = plyScore - 1

// leftScore is the score of the pieces left in the attacker's hand h at the end of a
// line: how many fewer than maxLeftScore he holds, so that a lower score is better for
// him (see the top). A hand of more pieces (a composed position with pieces the game
// does not have, which Solve accepts) scores 0, as one of maxLeftScore does: more would
// run into the length's part.
func leftScore(h shogi.Hand) int {
	return maxLeftScore - min(h.Total(), maxLeftScore)
}

// leftKey returns the table key of a position (board key, the attacker's hand atk) for
// the narrower question of a bound on the pieces left.
//
// Measured, not kept: the board's key alone (the hands in the entry, as the plain
// question's), so that hand domination answers across hands: a proof for an attacker
// holding more, a disproof for one holding less (the same lines, each ending with the
// pieces more or less in hand), the defender's hand the other way. On the dlshogi game
// positions (FutileDrops, 64 MiB, 20 M line nodes) 1208 took 17.10 M line nodes to its
// tsume line instead of 14.59 M, 1222 13.14 M instead of 13.03 M, 1224 15.29 M instead
// of 14.26 M, the same lines: a board's narrow entries for all its hands then share one
// bucket.
func leftKey(key uint64, atk shogi.Hand) uint64 {
	return key ^ (uint64(atk)<<8|1)*0xd6e8feb86659fd93 // never key itself
}

// leftCode returns the code under which the table records the bound left ≥ -1 on the
// score of the pieces left (see blookupLeft): below noRep, the plain question's.
func leftCode(left int) uint16 {
	return uint16(left + 1)
}

// plainBound reports whether the question of s.leftMax at a node (the attacker's if
// or) with r plies left and the attacker holding atk is a plain bounded one, and of
// which bound: r when no line can end at the bound (a mate ends at the defender's turn),
// r-2 when the attacker's hand scores more than L and his moves left cannot capture
// enough to bring it down to L (a capture adds one piece to his hand, a drop takes one). Below r = 2 it is left to the node's own rules (bleaf, the terminal cases of
// mid).
func (s *searcher) plainBound(or bool, r int, atk shogi.Hand) (int, bool) {
	moves := r / 2 // the attacker's moves left to a line ending at the bound
	if or {
		moves = (r + 1) / 2
	}
	if or == (r%2 == 0) {
		return r, true
	}
	if r >= 2 && leftScore(atk)-moves > s.leftMax {
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
// r plies left, keeps to s.leftMax (its hand's score at most that).
func (s *searcher) leftOK(r int, atk shogi.Hand) bool {
	return !s.leftOn || r > 0 || leftScore(atk) <= s.leftMax
}

// leftAfter returns the score of the attacker's hand atk (leftScore) after his move m
// in the current position.
func (s *searcher) leftAfter(atk shogi.Hand, m shogi.Move) int {
	switch {
	case m.IsDrop():
		atk = atk.Remove(m.DropType())
	case s.pos.PieceAt(m.To()) != shogi.NoPiece:
		atk = atk.Add(s.pos.PieceAt(m.To()).Type())
	}
	return leftScore(atk)
}

// capturesFirst orders the defender's replies at a node of the question of leftover.go,
// stably: those that take a piece with another piece than the king first, then the
// king's captures, then the other moves, the drops last (as generated). Nearly all the
// tie-break's nodes go to disproofs of the attacker's checks that cannot keep more
// pieces than the best line (85-100 % of them on the dlshogi game positions at 20 M
// line nodes), and such a disproof needs one reply of the defender's that leaves no
// mate keeping enough pieces: a capture takes a piece the attacker would have checked
// with, so that he drops more of his hand (the king's captures, which may step into
// his net, come after the others). The AND node's children start with equal
// numbers, so the first is searched first. On the dlshogi game positions (FutileDrops,
// 64 MiB, 20 M line nodes), the seven whose tie-break finishes took 78.90 M line nodes
// to their tsume lines instead of 84.03 M (1208 15.35 → 14.59 M, 1210 4.82 → 4.31,
// 1222 13.74 → 13.03, 1224 16.46 → 14.26, 1228 12.58 → 11.74, 1436 4.76 → 4.78, 1439
// 16.33 → 16.20), the same lines; 1207, 1213 and 1235 stop at LineLength as before. At
// 7.3 M the line kinds of the seventeen are as before (1210 and 1436 finish, in 4.31
// and 4.78 M), the same lines. On the collection (300 000 nodes, 2 M line nodes, 32
// MiB) the same lines, of the same kinds (485 tsume lines), in 21.46 M line nodes on
// those 485 instead of 22.92 M.
//
// Measured, not kept (the same positions and limits, the seven's line nodes): every
// capture first, the king's among them, 79.44 M (1210 5.10 M, 1436 4.85 M); the
// captures after the other moves, 84.77 M; the attacker's checks ordered too (those
// that capture, then those that move a piece, the drops last: the way he keeps the
// most pieces), 84.18 M alone, 80.14 M with every capture first at the defender's,
// 78.55 M with this order (three of the seven better, four worse); a drop's initial
// proof number one larger at the attacker's node, 83.77 M.
//
// A bound on the pieces the attacker can still gain from the pieces that exist (he
// captures only the defender's, on the board or dropped) is not written: the
// defender's material grows by each of his own captures, so the bound is his pieces
// plus his moves left, which is below the attacker's moves left (what plainBound
// already counts) only when the defender has no piece at all.
func (s *searcher) capturesFirst(list []child) {
	for a := 1; a < len(list); a++ {
		ka := s.replyRank(list[a].move)
		for b := a; b > 0 && s.replyRank(list[b-1].move) > ka; b-- {
			list[b], list[b-1] = list[b-1], list[b]
		}
	}
}

// replyRank is the place of the defender's reply m in capturesFirst's order.
func (s *searcher) replyRank(m shogi.Move) int {
	switch {
	case m.IsDrop():
		return 3
	case s.pos.PieceAt(m.To()) == shogi.NoPiece:
		return 2
	case s.pos.PieceAt(m.From()).Type() == shogi.King:
		return 1
	}
	return 0
}
