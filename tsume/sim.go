package tsume

// Simulation (Kawano's, as OSL's df-pn uses it): a reply that looks like one already
// proven is proven by following the proof found, instead of a search of its own. The
// proven position is the oracle: at an OR node the target plays the check the oracle's
// proof recorded (moved to the target's square of the piece when the piece stands
// elsewhere on its line), at an AND node every reply of the target is answered with the
// oracle's position after the same reply. The target is proven only by its own moves,
// each check legal and each reply answered, down to mates or proofs of the table, so a
// simulation never proves what is no mate; it fails when the oracle has no answer, when
// it meets a repetition, or when its budget of nodes runs out.
//
// Two kinds of reply are simulated (OSL's):
//   - a drop on a square where another drop was proven (the delayed interpositions of
//     search.go): the oracle is the position after the drop proven;
//   - a reply after an interposition the checker took (the checker went from a to b,
//     where the defender had dropped a piece): the oracle is the position after the
//     same reply when the checker stood on a, two plies before, if that was proven.
//
// The oracle is the target's board with a few squares changed (at most simDiff).
//
// Where the first kind fails on 将棋図巧 第1番 (AnyMate, 64 MiB): the target drops a
// piece that the oracle could not, or whose position the oracle's proof never reached.
// After R*2f, L*3f simulated from P*3f's proof fails at 2e2c+ P*3c, a pawn on a file
// where the oracle has one; L*3f is then searched (441 K expansions, OSL's df-pn 61 K).
// After R*1e, L*4e from P*4e fails at P*4f alike. Measured and not kept (on main: 図巧
// 9.16 M nodes; the seven hard problems of issue 19 at 30 M nodes 40.53 M; the
// collection at 5 M nodes 24.94 M on the 522 answered):
//   - answering such a drop with the oracle's position after another drop on that
//     square that it proved: 図巧 6.73 M, the seven 39.35 M, but the collection 27.90 M
//     (dlshogi-1439 0.21 → 1.34 M, 1223 0.69 → 1.64 M, 1235 0.51 → 1.38 M); at 32 MiB
//     図巧 10.11 → 8.37 M, at 128 MiB 8.46 → 8.55 M. In the first kind of simulation
//     only: 図巧 7.17 M, the collection 27.90 M. Only where the oracle could not drop
//     the piece (a pawn on its file, or none in its hand): 図巧 9.14 M, ambergris
//     unknown. Only where it could: 図巧 9.04 M, ambergris 12.79 M. Only in the
//     simulation of a lance's drop from a pawn's: 図巧 7.87 M, the seven 39.76 M, the
//     collection 24.67 M (dlshogi-1439 0.21 → 1.35 M), but at 128 MiB 図巧 8.46 →
//     9.58 M and ambergris unknown (9.52 M before), at 32 MiB 図巧 10.11 → 11.03 M:
//     with such changes, counts at one table size are no guide;
//   - going on after a reply the oracle cannot answer, so that the other replies' proofs
//     are stored (OSL's simulation sums the unanswered ones and returns): ambergris
//     unknown, zuko-100 2.50 → 7.24 M; at the simulation's first AND node only,
//     zuko-100 6.60 M;
//   - a mate in one tried for such a reply (as OSL tries one for a reply the table does
//     not know): dlshogi-1451 1.00 → 7.97 M, 図巧 10.31 M.

import "github.com/kifu-go/shogi"

const (
	simBudget = 1000 // nodes of one simulation
	simDiff   = 8
)

// oracle is a proven position that a simulation follows: its key and hands, and the
// squares where its board differs from the target's, with its pieces there.
type oracle struct {
	key      uint64
	atk, def shogi.Hand
	n        int
	sq       [simDiff]shogi.Square
	pc       [simDiff]shogi.Piece
}

// at returns the oracle's piece on sq, p being the target.
func (o *oracle) at(p *shogi.Position, sq shogi.Square) shogi.Piece {
	for i := range o.n {
		if o.sq[i] == sq {
			return o.pc[i]
		}
	}
	return p.PieceAt(sq)
}

// set records the oracle's piece on sq (before the target's board is compared).
func (o *oracle) set(sq shogi.Square, pc shogi.Piece) bool {
	for i := range o.n {
		if o.sq[i] == sq {
			o.pc[i] = pc
			return true
		}
	}
	if o.n == simDiff {
		return false
	}
	o.sq[o.n], o.pc[o.n] = sq, pc
	o.n++
	return true
}

// prune forgets the squares where the oracle's board and the target's agree.
func (o *oracle) prune(p *shogi.Position) {
	n := 0
	for i := range o.n {
		if p.PieceAt(o.sq[i]) != o.pc[i] {
			o.sq[n], o.pc[n] = o.sq[i], o.pc[i]
			n++
		}
	}
	o.n = n
}

// next returns the oracle after its move mo, while the target, s.pos, is about to play
// mt; the caller prunes it once mt is played. It fails when mo cannot be played in the
// oracle as far as its pieces tell.
func (s *searcher) next(o *oracle, mo, mt shogi.Move) (oracle, bool) {
	p := s.pos
	us := p.SideToMove()
	n := *o
	hand := &n.def
	if us == s.attacker {
		hand = &n.atk
	}
	k := o.key ^ zobristSide
	to := mo.To()
	var after shogi.Piece
	if mo.IsDrop() {
		t := mo.DropType()
		if o.at(p, to) != shogi.NoPiece || !hand.Has(t) {
			return n, false
		}
		after = shogi.NewPiece(us, t)
		k ^= zobristPiece[after][to]
		*hand = hand.Remove(t)
	} else {
		moved, captured := o.at(p, mo.From()), o.at(p, to)
		if moved == shogi.NoPiece || moved.Color() != us || captured != shogi.NoPiece && captured.Color() == us {
			return n, false
		}
		after = moved
		if mo.IsPromotion() {
			if !moved.Type().CanPromote() {
				return n, false
			}
			after = shogi.NewPiece(us, moved.Type().Promote())
		}
		k ^= zobristPiece[moved][mo.From()] ^ zobristPiece[after][to]
		if captured != shogi.NoPiece {
			if captured.Type() == shogi.King {
				return n, false
			}
			k ^= zobristPiece[captured][to]
			*hand = handAdd(*hand, captured.Type().Unpromote())
		}
	}
	n.key = k
	// The squares that may differ after both moves: those that differed, and the
	// squares either move touches, with the oracle's pieces on them.
	var sqs [simDiff + 4]shogi.Square
	var pcs [simDiff + 4]shogi.Piece
	m := 0
	add := func(sq shogi.Square) {
		for i := range m {
			if sqs[i] == sq {
				return
			}
		}
		pc := o.at(p, sq)
		switch {
		case sq == to:
			pc = after
		case !mo.IsDrop() && sq == mo.From():
			pc = shogi.NoPiece
		}
		sqs[m], pcs[m] = sq, pc
		m++
	}
	for i := range o.n {
		add(o.sq[i])
	}
	add(to)
	if !mo.IsDrop() {
		add(mo.From())
	}
	add(mt.To())
	if !mt.IsDrop() {
		add(mt.From())
	}
	n.n = 0
	for i := range m {
		if !n.set(sqs[i], pcs[i]) {
			return n, false
		}
	}
	return n, true
}

// adjust returns the target's move for the oracle's check mo: mo itself, or the same
// piece's move to the same square from where the piece stands in the target, when it
// stands elsewhere; NoMove when there is none.
func (s *searcher) adjust(o *oracle, mo shogi.Move) shogi.Move {
	p := s.pos
	if mo.IsDrop() {
		return mo
	}
	pc := o.at(p, mo.From())
	if p.PieceAt(mo.From()) == pc {
		return mo
	}
	occ := p.Occupied()
	for i := range o.n {
		if sq := o.sq[i]; p.PieceAt(sq) == pc && shogi.Attacks(pc, sq, occ).Has(mo.To()) {
			return shogi.NewMove(sq, mo.To(), mo.IsPromotion())
		}
	}
	return shogi.NoMove
}

// simChild tries to prove the child c of the current AND node by simulation: the oracle
// o is the AND node's counterpart, mo its reply that corresponds to c.move. On success
// c holds the proof.
func (s *searcher) simChild(c *child, o *oracle, mo shogi.Move) bool {
	n, ok := s.next(o, mo, c.move)
	if !ok {
		return false
	}
	s.simLeft = simBudget
	s.play(c)
	n.prune(s.pos)
	proven := s.simAttack(&n)
	s.undo()
	if proven {
		c.pn, c.dn, c.ra, c.rd, c.rep = 0, infinity, s.ra, s.rd, s.simCode
	}
	return proven
}

// simStep plays c for a simulation, or says that the budget or a limit forbids it.
func (s *searcher) simStep(c *child) bool {
	if s.simLeft == 0 || s.stop != StopNone {
		return false
	}
	s.simLeft--
	s.play(c)
	if s.poll() {
		s.undo()
		return false
	}
	return true
}

// simAttack proves the current OR node by the oracle's check, or fails. On success
// s.ra, s.rd hold the range of its proof, s.simCode its length code.
func (s *searcher) simAttack(o *oracle) bool {
	depth := len(s.path) - 1
	node := s.path[depth]
	if pn, dn, code, ra, rd, ok := s.tt.probe(node.key, node.atk, node.def, node.path); ok && (pn == 0 || dn == 0) {
		s.ra, s.rd, s.simCode = ra, rd, code
		return pn == 0
	}
	mo, ok := s.tt.proofMove(o.key, o.atk, o.def)
	if !ok {
		return false
	}
	mt := s.adjust(o, mo)
	if mt == shogi.NoMove || !s.pos.IsLegal(mt) || !s.pos.GivesCheck(mt) {
		return false
	}
	c := s.childOf(mt, &node)
	if c.repDep != noRep {
		return false
	}
	n, ok := s.next(o, mo, mt)
	if !ok {
		return false
	}
	start := s.nodes
	if !s.simStep(&c) {
		return false
	}
	n.prune(s.pos)
	proven := s.simDefense(&n)
	s.undo()
	if !proven {
		return false
	}
	ra, rd := proofBefore(s.pos, s.attacker, mt, s.ra, s.rd)
	if !includes(node.atk, ra) || !includes(rd, node.def) {
		ra, rd = node.atk, node.def
	}
	code := longerCode(s.simCode)
	s.tt.storeRange(node.key, node.atk, node.def, ra, rd, 0, 0, infinity, code, s.nodes-start, mt)
	s.ra, s.rd, s.simCode = ra, rd, code
	return true
}

// simDefense proves the current AND node by answering each reply with the oracle's
// position after it, or fails. On success s.ra, s.rd hold the range of its proof,
// s.simCode its length code.
func (s *searcher) simDefense(o *oracle) bool {
	depth := len(s.path) - 1
	node := s.path[depth]
	if pn, dn, code, ra, rd, ok := s.tt.probe(node.key, node.atk, node.def, node.path); ok && (pn == 0 || dn == 0) {
		s.ra, s.rd, s.simCode = ra, rd, code
		return pn == 0
	}
	start := s.nodes
	generateEvasions(s.pos, &s.moves)
	var ra, rd shogi.Hand
	code, longest := uint16(mateCode), uint16(mateCode)
	if s.moves.Len() == 0 {
		ra, rd = mateHands(s.pos)
	} else {
		for len(s.lists) <= depth {
			s.lists = append(s.lists, make([]child, 0, 32))
		}
		list := s.lists[depth][:0]
		for _, m := range s.moves.Moves() {
			list = append(list, s.childOf(m, &node))
		}
		s.lists[depth] = list
		ra, rd = 0, topHand
		for i := range list {
			c := &list[i]
			if c.repDep != noRep {
				return false
			}
			pn, dn, ccode, cra, crd, ok := s.tt.probe(c.key, c.atk, c.def, c.path)
			switch {
			case ok && dn == 0:
				return false
			case ok && pn == 0:
			default:
				n, ok := s.next(o, c.move, c.move)
				if !ok || !s.simStep(c) {
					return false
				}
				n.prune(s.pos)
				proven := s.simAttack(&n)
				s.undo()
				if !proven {
					return false
				}
				cra, crd, ccode = s.ra, s.rd, s.simCode
			}
			if ccode == 0 || longest == 0 {
				longest = 0 // a reply's length unknown: the node's too
			} else {
				longest = max(longest, ccode)
			}
			a, d := proofBefore(s.pos, s.attacker, c.move, cra, crd)
			ra, rd = handMax(ra, a), handMin(rd, d)
		}
		if blockable(s.pos) {
			rd = capLacking(rd, node.def)
		}
		if !includes(node.atk, ra) || !includes(rd, node.def) {
			ra, rd = node.atk, node.def
		}
		code = longerCode(longest)
	}
	s.tt.storeRange(node.key, node.atk, node.def, ra, rd, 0, 0, infinity, code, s.nodes-start+1, shogi.NoMove)
	s.ra, s.rd, s.simCode = ra, rd, code
	return true
}

// trySim tries to prove the reply list[i] of the current AND node, at path index depth,
// by simulation when it looks like a reply proven before (see the file's header).
func (s *searcher) trySim(list []child, i, depth int) bool {
	c := &list[i]
	m := c.move
	if m.IsDrop() {
		// Another drop on the square, proven: the oracle is the node itself.
		for j := range list {
			if d := &list[j]; j != i && d.pn == 0 && d.move.IsDrop() && d.move.To() == m.To() {
				node := &s.path[depth]
				o := oracle{key: node.key, atk: node.atk, def: node.def}
				if s.simChild(c, &o, d.move) {
					return true
				}
				break
			}
		}
	}
	// The checker took an interposition dropped on the square it checked through: the
	// oracle is the AND node two plies up, the checker on its former square.
	if depth < 3 {
		return false
	}
	took, drop, check := s.path[depth].move, s.path[depth-1].move, s.path[depth-2].move
	if took.IsDrop() || !drop.IsDrop() || took.To() != drop.To() || check.To() != took.From() {
		return false
	}
	for j := range s.lists[depth-2] {
		g := &s.lists[depth-2][j]
		if g.move != m || g.pn != 0 {
			continue
		}
		up := &s.path[depth-2]
		o := oracle{key: up.key, atk: up.atk, def: up.def}
		x := s.pos.PieceAt(took.To())
		if took.IsPromotion() {
			x = shogi.NewPiece(x.Color(), x.Type().Unpromote())
		}
		o.set(took.From(), x)
		o.set(took.To(), shogi.NoPiece)
		return s.simChild(c, &o, m)
	}
	return false
}
