package tsume

import "github.com/kifu-go/shogi"

// BoundedMate runs the depth-bounded df-pn alone from p (a problem, attacker to move)
// for a mate within r plies, with a fresh table and at most nodes nodes.
func BoundedMate(p *shogi.Position, r int, futile Futile, nodes uint64) (proven, disproven bool, length int) {
	pos, err := problem(p)
	if err != nil {
		return false, false, 0
	}
	l, s := freshLiner(pos, futile, nodes)
	atk, def := s.hands()
	pn, dn, length := l.bounded(boardKey(pos), atk, def, r, nodes)
	return pn == 0, dn == 0, length
}

// MaxLeftScore is the tie-break's score of a line that leaves the attacker no piece: one
// that ends with n pieces in his hand scores MaxLeftScore-n (leftScore).
const MaxLeftScore = maxLeftScore

// BoundedLeftMate is BoundedMate for the tie-break's question (leftover.go): a mate
// within r plies whose lines ending at the bound score at most left (leave the
// attacker at least MaxLeftScore-left pieces in hand); asked after the attacker's
// check first when first is not NoMove (the defender's node of r plies).
func BoundedLeftMate(p *shogi.Position, first shogi.Move, r, left int, futile Futile, nodes uint64) (proven, disproven bool) {
	pos, err := problem(p)
	if err != nil {
		return false, false
	}
	l, s := freshLiner(pos, futile, nodes)
	key := boardKey(pos)
	atk, def := s.hands()
	if first != shogi.NoMove {
		key, atk, def = after(pos, l.attacker, key, atk, def, first)
		pos.PlayUnchecked(first)
	}
	l.leftOn, l.leftMax = true, left
	pn, dn, _ := l.bounded(key, atk, def, r, nodes)
	return pn == 0, dn == 0
}

// freshLiner returns a line search of pos (a problem, attacker to move) under futile,
// with a fresh table of 1 MiB and Options.LineNodes nodes (0: no limit), and its df-pn
// searcher, reset at the root.
func freshLiner(pos *shogi.Position, futile Futile, nodes uint64) (*liner, *searcher) {
	v := NewSolver(Options{HashBytes: 1 << 20, Futile: futile, LineNodes: nodes})
	s := &searcher{pos: pos, tt: v.tt, attacker: pos.SideToMove()}
	s.reset()
	return v.newLiner(s), s
}

// BoundedLength solves p (a problem, attacker to move) with df-pn, then finds its
// tsume length with the bounded df-pn alone (no full-width search first) and reads a
// line of it, with a fresh table and at most nodes nodes each: the length, whether it
// is exact, and the line (nil when none was read). 0, false when df-pn proved no mate.
func BoundedLength(p *shogi.Position, futile Futile, nodes uint64) (n int, exact bool, line []shogi.Move) {
	l, key := provenLiner(p, futile, nodes)
	if l == nil {
		return 0, false, nil
	}
	if n, exact = l.shortest(key, -1); exact {
		line, _ = l.boundedLine(key, n)
	}
	return n, exact, line
}

// ProofLength proves p (a problem, attacker to move) with df-pn, with a fresh table of
// bytes and at most nodes nodes, and returns the length its proof recorded
// (prooflen.go): -1 when unknown, or when df-pn proved no mate or stopped.
func ProofLength(p *shogi.Position, bytes int, nodes uint64) int {
	pos, err := problem(p)
	if err != nil {
		return -1
	}
	v := NewSolver(Options{HashBytes: bytes})
	s := &searcher{pos: pos, tt: v.tt, attacker: pos.SideToMove(), maxNodes: nodes}
	s.reset()
	if pn, _, _ := s.mid(infinity, infinity, unbounded); pn != 0 {
		return -1
	}
	return s.tt.proofLength(boardKey(pos), s.path[0].atk, s.path[0].def)
}

// provenLiner proves p with df-pn, with a fresh table and at most nodes nodes, and
// returns the line search on that table and the root's key; nil when p is no problem
// or df-pn proved no mate.
func provenLiner(p *shogi.Position, futile Futile, nodes uint64) (*liner, uint64) {
	pos, err := problem(p)
	if err != nil {
		return nil, 0
	}
	l, s := freshLiner(pos, futile, nodes)
	s.maxNodes = nodes
	if pn, _, _ := s.mid(infinity, infinity, unbounded); pn != 0 {
		return nil, 0
	}
	l.upper = s.tt.proofLength(boardKey(pos), s.path[0].atk, s.path[0].def)
	return l, boardKey(pos)
}

// BoundedTsumeLine is BoundedLength followed by the 駒余り tie-break of the lines of
// that length (leftoverLine): the tie-broken line, nil when it did not finish, and
// the futility tests left undecided (Result.Undecided).
func BoundedTsumeLine(p *shogi.Position, futile Futile, nodes uint64) (n int, exact bool, line []shogi.Move, undecided int) {
	l, key := provenLiner(p, futile, nodes)
	if l == nil {
		return 0, false, nil, 0
	}
	if n, exact = l.shortest(key, -1); exact {
		line = l.leftoverLine(key, n)
	}
	return n, exact, line, l.undecided
}

// Interposable, MayInterpose and Interposition expose interposable, mayInterpose and
// interposition (bounded.go).
func Interposable(p *shogi.Position) bool { return interposable(p) }

func MayInterpose(p *shogi.Position, m shogi.Move) bool { return mayInterpose(p, m) }

func Interposition(p *shogi.Position, m shogi.Move) bool { return interposition(p, m) }
