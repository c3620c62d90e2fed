package tsume

// Proof and disproof pieces (Seo's proof pieces, as OSL and KomoringHeights use them):
// a result of the unbounded search is stored with the range of hands it holds for, not
// with the hands of the position searched, so that hand domination (table.go) finds
// it from many more positions of the same board.
//
// A proof holds for every position of its board whose attacker holds at least the
// hand A and whose defender holds at most the hand D; a disproof for every one whose
// attacker holds at most A and whose defender at least D. The attacker with more, or
// the defender with less, only has more choices, or fewer; that is the whole argument,
// and it is kept node by node:
//   - a mate (no reply) needs nothing of the attacker; the defender may hold anything,
//     except, when the check can be blocked, a piece of a type he lacks (he would drop
//     it between);
//   - a position with no check holds no piece of a type the attacker lacks and could
//     drop with check; it holds anything else, and the defender anything;
//   - an OR node proven by a check needs what the check needs after it, one piece more
//     of a type it drops, one fewer of a type it takes; an AND node proven needs the
//     most any reply needs, and the defender may hold the least any reply allows (one
//     more of a type dropped, one fewer of a type taken), but no piece of a type he
//     lacks if the check can be blocked;
//   - disproofs the converse: an OR node disproven allows the attacker the least any
//     check allows, the defender needs the most; no piece of a type the attacker lacks
//     and could drop with check; an AND node disproven takes the range of its refuting
//     reply.
//
// A disproof that rests on a repetition with the path (search.go) keeps the exact
// hands; one that rests on a loop back to its own node takes the loop's exact hands as
// a range, which holds for the same reason (the positions of the loop shift by the same
// hands as the node).
//
// Where ranges are used: every disproof valid from any path; proofs at a mate and the
// proofs of a simulation (sim.go). A proof the df-pn finds inside the tree keeps the
// defender's hand of its position, and so its attacker's (a board fixes the sum of the
// hands): with its full range the df-pn took other paths and spent more nodes on the
// collection (AnyMate at 5 M nodes and 64 MiB, the 518 problems solved either way: 24.6 M
// nodes instead of 18.9 M, though 馬鋸 was proven as well, in 1.7 M nodes).

import "github.com/kifu-go/shogi"

// topHand is the bound of a range that says nothing of the hand: every count at the
// largest value the fast comparison of includes allows.
var topHand = func() shogi.Hand {
	var h shogi.Hand
	for _, t := range shogi.HandTypes {
		h = h.WithCount(t, 7)
	}
	return h.WithCount(shogi.Pawn, 31)
}()

// handAdd returns h with one more piece of type t, saturating at the field's capacity
// (a bound that saturates only narrows its range).
func handAdd(h shogi.Hand, t shogi.PieceType) shogi.Hand {
	if h.Count(t) >= shogi.HandCapacity[t.Unpromote()] {
		return h
	}
	return h.Add(t)
}

// handSub returns h with one piece of type t fewer, none if it holds none.
func handSub(h shogi.Hand, t shogi.PieceType) shogi.Hand {
	if !h.Has(t) {
		return h
	}
	return h.Remove(t)
}

// handMax and handMin return the counts of a and b type by type, the larger or the
// smaller.
func handMax(a, b shogi.Hand) shogi.Hand {
	if includes(a, b) {
		return a
	}
	if includes(b, a) {
		return b
	}
	var h shogi.Hand
	for _, t := range shogi.HandTypes {
		h = h.WithCount(t, max(a.Count(t), b.Count(t)))
	}
	return h
}

func handMin(a, b shogi.Hand) shogi.Hand {
	if includes(a, b) {
		return b
	}
	if includes(b, a) {
		return a
	}
	var h shogi.Hand
	for _, t := range shogi.HandTypes {
		h = h.WithCount(t, min(a.Count(t), b.Count(t)))
	}
	return h
}

// capHand returns bound with no more pieces than h holds of each type h lacks.
func capLacking(bound, h shogi.Hand) shogi.Hand {
	for _, t := range shogi.HandTypes {
		if !h.Has(t) && bound.Has(t) {
			bound = bound.WithCount(t, 0)
		}
	}
	return bound
}

// blockable reports whether the defender to move in p, in check, could block the check
// by a drop: a single checker, a ranging one, not next to the king.
func blockable(p *shogi.Position) bool {
	checkers := p.Checkers()
	if checkers.IsEmpty() || checkers.More() {
		return false
	}
	from := checkers.First()
	switch p.PieceAt(from).Type() {
	case shogi.Lance, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon:
	default:
		return false
	}
	k := p.King(p.SideToMove())
	return !shogi.Attacks(shogi.NewPiece(p.SideToMove(), shogi.King), k, shogi.Bitboard{}).Has(from)
}

// dropChecks returns bound with no piece of each type the attacker to move in p lacks
// and could drop with check on some empty square (drop rules aside).
func dropChecks(p *shogi.Position, bound shogi.Hand) shogi.Hand {
	us := p.SideToMove()
	h := p.Hand(us)
	k := p.King(us.Opponent())
	occ := p.Occupied()
	empty := occ.Not()
	for _, t := range shogi.HandTypes {
		if h.Has(t) || !bound.Has(t) {
			continue
		}
		// The squares from which an attacker's piece of type t attacks the king are
		// those a defender's piece of type t on the king's square attacks.
		if !shogi.Attacks(shogi.NewPiece(us.Opponent(), t), k, occ).And(empty).IsEmpty() {
			bound = bound.WithCount(t, 0)
		}
	}
	return bound
}

// mateHands returns the range of a mate: the defender to move in p has no reply.
func mateHands(p *shogi.Position) (a, d shogi.Hand) {
	if blockable(p) {
		return 0, capLacking(topHand, p.Hand(p.SideToMove()))
	}
	return 0, topHand
}

// noCheckHands returns the range of a disproof where the attacker to move in p has no
// check.
func noCheckHands(p *shogi.Position) (a, d shogi.Hand) {
	return dropChecks(p, topHand), 0
}

// proofBefore returns the range of a proof before the move m of the side to move in p,
// given the range (a, d) after it.
func proofBefore(p *shogi.Position, attacker shogi.Color, m shogi.Move, a, d shogi.Hand) (shogi.Hand, shogi.Hand) {
	if p.SideToMove() == attacker {
		if m.IsDrop() {
			return handAdd(a, m.DropType()), d
		}
		if c := p.CapturedPiece(m); c != shogi.NoPiece {
			return handSub(a, c.Type().Unpromote()), d
		}
		return a, d
	}
	if m.IsDrop() {
		return a, handAdd(d, m.DropType())
	}
	if c := p.CapturedPiece(m); c != shogi.NoPiece {
		return a, handSub(d, c.Type().Unpromote())
	}
	return a, d
}

// disproofBefore is proofBefore for a disproof's range.
func disproofBefore(p *shogi.Position, attacker shogi.Color, m shogi.Move, a, d shogi.Hand) (shogi.Hand, shogi.Hand) {
	// The bound moves as the hand does, the same way for both kinds of range: a drop
	// needs one piece more before it, a capture one fewer.
	return proofBefore(p, attacker, m, a, d)
}
