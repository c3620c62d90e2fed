package shogi

// Mate in one: for every check, the defender's answers are looked for one at a time,
// the cheapest kind first, stopping at the first. A king step to a square the
// attacker does not attack once the check is played is looked for without playing it;
// only when there is none is the check played and a capture of the checker or an
// interposition looked for. No move list is generated for the defender.

// MateInOne returns a legal move of the side to move that checkmates the opponent (it
// gives check and leaves no legal move), or NoMove when there is none. The move is the
// first mate in the order of [Position.GenerateChecks]. Only checks are mates: a move
// that leaves the opponent without a move but not in check is not one (no tsume ends
// so). A pawn drop that would mate is illegal (打ち歩詰め) and never returned; a mate by
// moving a pawn is. p is left as it was; MateInOne does not allocate while p has room for
// one more move in its line of play (see [Position.Grow]).
func (p *Position) MateInOne() Move {
	var list MoveList
	p.GenerateChecks(&list)
	return p.MateAmong(list.Moves())
}

// MateAmong returns the first move of checks that checkmates the opponent, or NoMove
// when none does: [Position.MateInOne] over checks, the moves [Position.GenerateChecks]
// filled a list with in p (or some of them), for a caller that has them already. p is
// left as it was; it does not allocate while p has room for one more move in its line
// of play.
func (p *Position) MateAmong(checks []Move) Move {
	for _, m := range checks {
		if p.kingEscapesAfter(m) {
			continue
		}
		p.PlayUnchecked(m)
		answered := p.hasBlockOrCapture()
		p.Undo()
		if !answered {
			return m
		}
	}
	return NoMove
}

// kingEscapesAfter reports whether, once the check m is played, the opponent's king
// has a square to step to that no piece of the side to move attacks, without playing
// m: the moved piece is looked at on its destination, the others with the occupancy
// after m and the king gone from its square.
func (p *Position) kingEscapesAfter(m Move) bool {
	us := p.side
	them := us.Opponent()
	ek := p.kings[them]
	to := m.To()
	occ := p.Occupied()
	ours := p.byColor[us]
	var t PieceType
	if m.IsDrop() {
		t = m.DropType()
	} else {
		from := m.From()
		t = p.board[from].Type()
		if m.IsPromotion() {
			t = t.Promote()
		}
		occ.clear(from)
		ours.clear(from)
	}
	occ.set(to)
	occ.clear(ek)
	moved := pieceAttacks(us, t, to, occ)
	// The king may take the checking piece but not a piece of its own, nor a king.
	blocked := p.byColor[them].AndNot(SquareBB(to)).Or(p.byType[King])
	for b := stepAttacks[them][King][ek].AndNot(blocked).AndNot(moved); !b.IsEmpty(); {
		if !p.attackedByPieces(b.Pop(), us, ours, occ) {
			return true
		}
	}
	return false
}

// attackedByPieces reports whether any of own, pieces of colour by, attacks s, with occ
// as the occupied squares: [Position.attacked] for a set of pieces.
func (p *Position) attackedByPieces(s Square, by Color, own, occ Bitboard) bool {
	them := by.Opponent()
	bt := &p.byType
	steps := stepAttacks[them][Pawn][s].And(bt[Pawn]).
		Or(stepAttacks[them][Knight][s].And(bt[Knight])).
		Or(stepAttacks[them][Silver][s].And(bt[Silver])).
		Or(stepAttacks[them][Gold][s].And(p.goldLike())).
		Or(stepAttacks[them][King][s].And(bt[King].Or(bt[Horse]).Or(bt[Dragon])))
	if !steps.And(own).IsEmpty() {
		return true
	}
	if l := lanceRays[them][s].And(bt[Lance]).And(own); !l.IsEmpty() && !lanceAttacks(them, s, occ).And(l).IsEmpty() {
		return true
	}
	if b := bishopRays[s].And(bt[Bishop].Or(bt[Horse])).And(own); !b.IsEmpty() && !bishopAttacks(s, occ).And(b).IsEmpty() {
		return true
	}
	if rk := rookRays[s].And(bt[Rook].Or(bt[Dragon])).And(own); !rk.IsEmpty() && !rookAttacks(s, occ).And(rk).IsEmpty() {
		return true
	}
	return false
}

// hasEvasion reports whether the side to move, in check, has a legal move: a king step
// to a square no enemy piece attacks once the king has left its own, or, against a
// single checker, a capture of it or an interposition (by a move or a drop) by a piece
// that is not pinned off the line it moves along.
func (p *Position) hasEvasion() bool {
	us := p.side
	k := p.kings[us]
	kOcc := p.Occupied()
	kOcc.clear(k)
	for b := stepAttacks[us][King][k].AndNot(p.byColor[us].Or(p.byType[King])); !b.IsEmpty(); {
		if !p.attacked(b.Pop(), us.Opponent(), kOcc) {
			return true
		}
	}
	return p.hasBlockOrCapture()
}

// hasBlockOrCapture reports whether the side to move, in check by a single piece, can
// capture it with a piece other than its king or interpose, by a move or a drop; in
// double check it reports false.
func (p *Position) hasBlockOrCapture() bool {
	us := p.side
	k := p.kings[us]
	own := p.byColor[us]
	occ := p.Occupied()
	if p.checkers.More() {
		return false
	}
	checker := p.checkers.First()
	block := between[k][checker]
	notKing := own.AndNot(SquareBB(k))
	// Captures and interpositions by a piece on the board. A pinned piece keeps to its
	// pin line; the pins are computed only when some piece could answer.
	var pinned Bitboard
	pinnedKnown := false
	canGo := func(from, to Square) bool {
		if !pinnedKnown {
			pinned, pinnedKnown = p.pinnedPieces(us, occ), true
		}
		return !pinned.Has(from) || line[k][from].Has(to)
	}
	if p.board[checker].Type() != King { // a king gives no check in a legal position
		for b := p.attackers(checker, us, occ).And(notKing); !b.IsEmpty(); {
			if canGo(b.Pop(), checker) {
				return true
			}
		}
	}
	if block.IsEmpty() {
		return false
	}
	if h := p.hands[us]; !h.IsEmpty() {
		if h.Has(Silver) || h.Has(Gold) || h.Has(Bishop) || h.Has(Rook) {
			return true
		}
		if h.Has(Lance) && !block.AndNot(farRanks[us][1]).IsEmpty() {
			return true
		}
		if h.Has(Knight) && !block.AndNot(farRanks[us][2]).IsEmpty() {
			return true
		}
		if h.Has(Pawn) {
			b := block.AndNot(farRanks[us][1]).AndNot(p.pawnFiles(us))
			if ps := p.pawnDropMateSquare(); ps != NoSquare && b.Has(ps) && p.isPawnDropMate(ps) {
				b.clear(ps)
			}
			if !b.IsEmpty() {
				return true
			}
		}
	}
	for sq := block; !sq.IsEmpty(); {
		to := sq.Pop()
		// Every piece moves as it attacks: the pieces attacking the empty square can go there.
		for b := p.attackers(to, us, occ).And(notKing); !b.IsEmpty(); {
			if canGo(b.Pop(), to) {
				return true
			}
		}
	}
	return false
}
