package shogi

// Mate in one: every check is played and the defender's answers are looked for one at
// a time, the cheapest kind first (a king step, a capture of the checker, an
// interposition), stopping at the first. No move list is generated for the defender.

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
	for _, m := range list.Moves() {
		p.PlayUnchecked(m)
		escapes := p.hasEvasion()
		p.Undo()
		if !escapes {
			return m
		}
	}
	return NoMove
}

// hasEvasion reports whether the side to move, in check, has a legal move: a king step
// to a square no enemy piece attacks once the king has left its own, or, against a
// single checker, a capture of it or an interposition (by a move or a drop) by a piece
// that is not pinned off the line it moves along.
func (p *Position) hasEvasion() bool {
	us := p.side
	them := us.Opponent()
	k := p.kings[us]
	own := p.byColor[us]
	occ := p.Occupied()
	kOcc := occ
	kOcc.clear(k)
	for b := stepAttacks[us][King][k].AndNot(own.Or(p.byType[King])); !b.IsEmpty(); {
		if !p.attacked(b.Pop(), them, kOcc) {
			return true
		}
	}
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
