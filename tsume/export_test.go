package tsume

import "github.com/kifu-go/shogi"

// BoundedMate runs the depth-bounded df-pn alone from p (a problem, attacker to move)
// for a mate within r plies, with a fresh table and at most nodes nodes.
func BoundedMate(p *shogi.Position, r int, futile Futile, nodes uint64) (proven, disproven bool, length int) {
	pos, err := problem(p)
	if err != nil {
		return false, false, 0
	}
	v := NewSolver(Options{HashBytes: 1 << 20, Futile: futile, LineNodes: nodes})
	s := &searcher{pos: pos, tt: v.tt, attacker: pos.SideToMove()}
	s.reset()
	atk, def := s.hands()
	pn, dn, length := v.newLiner(s).bounded(boardKey(pos), atk, def, r, nodes)
	return pn == 0, dn == 0, length
}
