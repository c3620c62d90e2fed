package shogi

// Drops. A piece in hand may be dropped, unpromoted, on any empty square except where it
// would have nowhere to go (a pawn or lance on the last rank, a knight on the last two),
// and a pawn neither on a file holding an unpromoted pawn of the same side (二歩, nifu)
// nor where it would checkmate at once (打ち歩詰め, uchifuzume).

// addDrops adds every legal drop on target, a set of empty squares.
func (p *Position) addDrops(list *MoveList, target Bitboard) {
	us := p.side
	h := p.hands[us]
	if h.Has(Pawn) {
		for pawnTarget := p.pawnDrops(target); !pawnTarget.IsEmpty(); {
			list.Add(NewDrop(Pawn, pawnTarget.Pop()))
		}
	}
	if h.Has(Lance) {
		for b := target.AndNot(farRanks[us][1]); !b.IsEmpty(); {
			list.Add(NewDrop(Lance, b.Pop()))
		}
	}
	if h.Has(Knight) {
		for b := target.AndNot(farRanks[us][2]); !b.IsEmpty(); {
			list.Add(NewDrop(Knight, b.Pop()))
		}
	}
	for _, t := range [4]PieceType{Silver, Gold, Bishop, Rook} {
		if h.Has(t) {
			for b := target; !b.IsEmpty(); {
				list.Add(NewDrop(t, b.Pop()))
			}
		}
	}
}

// pawnDrops returns the squares of target where the side to move, holding a pawn, may
// drop it: not on the last rank, not on a file holding one of its pawns (二歩), not
// where it would mate (打ち歩詰め).
func (p *Position) pawnDrops(target Bitboard) Bitboard {
	us := p.side
	b := target.AndNot(farRanks[us][1]).AndNot(p.pawnFiles(us))
	if ps := p.pawnDropMateSquare(); ps != NoSquare && b.Has(ps) && p.isPawnDropMate(ps) {
		b.clear(ps)
	}
	return b
}

// countDrops returns the number of drops addDrops adds.
func (p *Position) countDrops(target Bitboard) int {
	us := p.side
	h := p.hands[us]
	n := 0
	if h.Has(Pawn) {
		n += p.pawnDrops(target).Count()
	}
	if h.Has(Lance) {
		n += target.AndNot(farRanks[us][1]).Count()
	}
	if h.Has(Knight) {
		n += target.AndNot(farRanks[us][2]).Count()
	}
	all := 0 // the pieces dropped anywhere
	for _, t := range [4]PieceType{Silver, Gold, Bishop, Rook} {
		if h.Has(t) {
			all++
		}
	}
	if all > 0 {
		n += all * target.Count()
	}
	return n
}

// dropSquares returns the squares of target where the side to move may drop some
// piece of its hand: those addDrops fills the list with.
func (p *Position) dropSquares(target Bitboard) Bitboard {
	us := p.side
	h := p.hands[us]
	if h.Has(Silver) || h.Has(Gold) || h.Has(Bishop) || h.Has(Rook) {
		return target // these drop anywhere
	}
	var sq Bitboard
	if h.Has(Knight) {
		sq = target.AndNot(farRanks[us][2])
	}
	if h.Has(Lance) {
		sq = sq.Or(target.AndNot(farRanks[us][1]))
	}
	if h.Has(Pawn) {
		pawnTarget := target.AndNot(farRanks[us][1]).AndNot(p.pawnFiles(us)).AndNot(sq)
		if ps := p.pawnDropMateSquare(); ps != NoSquare && pawnTarget.Has(ps) && p.isPawnDropMate(ps) {
			pawnTarget.clear(ps)
		}
		sq = sq.Or(pawnTarget)
	}
	return sq
}

// pawnFiles returns every square of the files holding an unpromoted pawn of c.
func (p *Position) pawnFiles(c Color) Bitboard {
	var files Bitboard
	for pawns := p.Pieces(c, Pawn); !pawns.IsEmpty(); {
		f := fileBB[pawns.Pop().File()]
		files = files.Or(f)
		pawns = pawns.AndNot(f)
	}
	return files
}

// pawnDropMateSquare returns the square where a pawn of the side to move would give
// check to the opponent's king, or NoSquare.
func (p *Position) pawnDropMateSquare() Square {
	ek := p.kings[p.side.Opponent()]
	if ek == NoSquare {
		return NoSquare
	}
	if p.side == Black {
		if ek.Rank() == 9 {
			return NoSquare
		}
		return ek + 1
	}
	if ek.Rank() == 1 {
		return NoSquare
	}
	return ek - 1
}

// isPawnDropMate reports whether a pawn of the side to move dropped on ps, the square
// in front of the opponent's king, would checkmate: no piece other than the king can
// legally capture it, and the king has no safe square (capturing the pawn included).
// The cheapest answers come first: the king takes a pawn nothing guards, then steps
// elsewhere, and only then are the other pieces that might take the pawn looked for.
func (p *Position) isPawnDropMate(ps Square) bool {
	us := p.side
	them := us.Opponent()
	ek := p.kings[them]
	occ := p.Occupied().Or(SquareBB(ps))
	kOcc := occ // the king gone from its square, for the squares it steps to
	kOcc.clear(ek)
	if !p.attacked(ps, us, kOcc) {
		return false
	}
	escapes := stepAttacks[them][King][ek].AndNot(p.byColor[them])
	escapes.clear(ps)
	for !escapes.IsEmpty() {
		if !p.attacked(escapes.Pop(), us, kOcc) {
			return false
		}
	}
	capturers := p.attackers(ps, them, occ).AndNot(SquareBB(ek))
	if capturers.IsEmpty() || p.attacked(ek, us, occ) {
		// No piece but the king attacks the pawn, or the king stood in check already
		// (only in a Setup.AllowUnreachable position): taking the pawn leaves that
		// check, so only the king can answer.
		return true
	}
	pinned := p.pinnedPieces(them, occ)
	for !capturers.IsEmpty() {
		from := capturers.Pop()
		if !pinned.Has(from) || line[ek][from].Has(ps) {
			return false
		}
	}
	return true
}
