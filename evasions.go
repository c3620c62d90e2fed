package shogi

// Evasions: the answers to a check. Against a check from close by (a contact or knight
// check, or one square between the checker and the king) they are generated from the
// squares that answer it rather than from every piece: the king steps to the squares
// the opponent does not attack once the king has left its own, the pieces that attack
// the checker's square capture it, and the pieces that reach the square between
// (every shogi piece moves as it attacks) interpose there, as do the drops. Against a
// check from afar, looking for the pieces that reach each of the squares between costs
// more than generating each piece's moves to them, which GenerateMoves does.

// GenerateEvasions fills list with the legal moves of the side to move when it is in
// check, replacing what the list held, and leaves the list empty when it is not. The
// moves are those of [Position.GenerateMoves]; against a check from close by (at most
// one square between the checker and the king) they are found from the squares that
// answer the check (king steps first, then captures of the checker, then
// interpositions by a move, then by a drop) instead of from every piece, and against
// a check from afar GenerateMoves, which generates evasions apart already, gives them.
// It does not allocate.
func (p *Position) GenerateEvasions(list *MoveList) {
	if drops := p.evasionsNoDrops(list); !drops.IsEmpty() {
		p.addDrops(list, drops)
	}
}

// GenerateEvasionMoves fills list with the moves of [Position.GenerateEvasions] that
// are not drops, in its order (GenerateEvasions lists its drops last), replacing what
// the list held: for a caller that needs the king's steps and the captures of the
// checker, not the drops. It does not allocate.
func (p *Position) GenerateEvasionMoves(list *MoveList) { p.evasionsNoDrops(list) }

// HasEvasionMove reports whether the side to move, in check, has a legal move that is
// no drop: whether [Position.GenerateEvasionMoves] would list one. It looks for a
// king's step first, and only then for a piece that takes the checker or interposes.
// It does not allocate.
func (p *Position) HasEvasionMove() bool {
	if p.checkers.IsEmpty() {
		return false
	}
	us := p.side
	k := p.kings[us]
	own := p.byColor[us]
	occ := p.Occupied()
	if !p.kingTargets(k, own, occ).IsEmpty() {
		return true
	}
	if p.checkers.More() {
		return false // double check: only the king may move
	}
	checker := p.checkers.First()
	if p.board[checker].Type() == King {
		return false // no piece takes a king (only in a Setup.AllowUnreachable position)
	}
	// A piece that attacks a square it may go to has a legal form there: where the
	// plain one has no move left, the square is in the zone, and it promotes.
	notKing := own.AndNot(SquareBB(k))
	pinned := p.pinnedPieces(us, occ)
	for b := between[k][checker].Or(SquareBB(checker)); !b.IsEmpty(); {
		to := b.Pop()
		for movers := p.attackers(to, us, occ).And(notKing); !movers.IsEmpty(); {
			if from := movers.Pop(); !pinned.Has(from) || line[k][from].Has(to) {
				return true
			}
		}
	}
	return false
}

// CountEvasions returns, for the side to move in check, the number of its legal moves
// that are not drops (moves) and the number of squares where it may drop a piece
// (dropSquares): the drops on one square count once. Both are 0 when the side to move
// is not in check. The moves are counted without being generated: the king's steps
// at once, then, against a single checker, the pieces that attack its square or a
// square between it and the king, each with the forms it may take there. It does not
// allocate.
func (p *Position) CountEvasions() (moves, dropSquares int) {
	moves, target := p.countEvasionMoves()
	if !target.IsEmpty() {
		dropSquares = p.dropSquares(target).Count()
	}
	return moves, dropSquares
}

// NumEvasions returns the number of moves [Position.GenerateEvasions] generates, for
// the side to move in check (0 when it is not), without generating them: the moves of
// CountEvasions and every drop, each piece of the hand on each square it may be
// dropped on. It does not allocate.
func (p *Position) NumEvasions() int {
	moves, target := p.countEvasionMoves()
	if !target.IsEmpty() {
		moves += p.countDrops(target)
	}
	return moves
}

// countEvasionMoves returns CountEvasions's moves and the squares its drops are chosen
// among (empty when the side to move holds nothing or may not drop).
func (p *Position) countEvasionMoves() (moves int, dropTarget Bitboard) {
	if p.checkers.IsEmpty() {
		return 0, Bitboard{}
	}
	us := p.side
	k := p.kings[us]
	own := p.byColor[us]
	occ := p.Occupied()
	moves = p.kingTargets(k, own, occ).Count()
	if p.checkers.More() {
		return moves, Bitboard{} // double check: only the king may move
	}
	checker := p.checkers.First()
	if p.board[checker].Type() == King {
		return moves, Bitboard{} // no piece takes a king (only in a Setup.AllowUnreachable position)
	}
	block := between[k][checker]
	if block.More() {
		// A check from afar: the moves of every piece to the squares that answer it,
		// counted by kind of piece, cost less than looking for the pieces that reach
		// each square (see GenerateEvasions).
		moves += p.countPieceMoves(block.Or(SquareBB(checker)), p.pinnedPieces(us, occ), occ)
	} else {
		// The pinned pieces are looked for once a piece that may answer is found.
		var pinned Bitboard
		pinnedKnown := false
		notKing := own.AndNot(SquareBB(k))
		for b := block.Or(SquareBB(checker)); !b.IsEmpty(); {
			to := b.Pop()
			if movers := p.attackers(to, us, occ).And(notKing); !movers.IsEmpty() {
				if !pinnedKnown {
					pinned, pinnedKnown = p.pinnedPieces(us, occ), true
				}
				moves += p.countMovesTo(to, movers, pinned)
			}
		}
	}
	if p.hands[us].IsEmpty() {
		return moves, Bitboard{}
	}
	return moves, block
}

// evasionsNoDrops fills list with the moves of GenerateEvasions that are not drops,
// in its order, and returns the squares its drops must be chosen among (empty when the
// side to move holds nothing or may not drop).
func (p *Position) evasionsNoDrops(list *MoveList) Bitboard {
	list.Reset()
	if p.checkers.IsEmpty() {
		return Bitboard{}
	}
	us := p.side
	k := p.kings[us]
	if !p.checkers.More() && between[k][p.checkers.First()].More() {
		return p.movesNoDrops(list)
	}
	own := p.byColor[us]
	occ := p.Occupied()
	p.addKingMoves(list, k, own, occ)
	if p.checkers.More() {
		return Bitboard{} // double check: only the king may move
	}
	checker := p.checkers.First()
	if p.board[checker].Type() == King {
		return Bitboard{} // no piece takes a king (only in a Setup.AllowUnreachable position)
	}
	pinned := p.pinnedPieces(us, occ)
	notKing := own.AndNot(SquareBB(k))
	p.addMovesTo(list, checker, p.attackers(checker, us, occ).And(notKing), pinned)
	block := between[k][checker]
	for b := block; !b.IsEmpty(); {
		to := b.Pop()
		p.addMovesTo(list, to, p.attackers(to, us, occ).And(notKing), pinned)
	}
	if p.hands[us].IsEmpty() {
		return Bitboard{}
	}
	return block
}

// countMovesTo returns the number of moves addMovesTo adds.
func (p *Position) countMovesTo(to Square, movers, pinned Bitboard) int {
	us := p.side
	k := p.kings[us]
	zone := farRanks[us][3]
	toZone := zone.Has(to)
	n := 0
	for !movers.IsEmpty() {
		from := movers.Pop()
		if pinned.Has(from) && !line[k][from].Has(to) {
			continue
		}
		t := p.board[from].Type()
		if t.CanPromote() && (toZone || zone.Has(from)) {
			n++
		}
		if !deadSquares[us][t].Has(to) {
			n++
		}
	}
	return n
}

// addMovesTo adds the legal moves to to of the pieces of movers (pieces of the side to
// move that attack to, its king left out), keeping each pinned piece to its pin line:
// the promoting form where promotion is allowed, the plain form where the piece keeps
// a move.
func (p *Position) addMovesTo(list *MoveList, to Square, movers, pinned Bitboard) {
	if movers.IsEmpty() {
		return
	}
	us := p.side
	k := p.kings[us]
	zone := farRanks[us][3]
	toZone := zone.Has(to)
	for !movers.IsEmpty() {
		from := movers.Pop()
		if pinned.Has(from) && !line[k][from].Has(to) {
			continue
		}
		t := p.board[from].Type()
		if t.CanPromote() && (toZone || zone.Has(from)) {
			list.Add(NewMove(from, to, true))
		}
		if !deadSquares[us][t].Has(to) {
			list.Add(NewMove(from, to, false))
		}
	}
}
