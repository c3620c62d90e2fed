package shogi

import (
	"iter"
	"math/bits"
)

// Legal move generation. Moves are generated legal, never filtered after the fact:
// pinned pieces move only along their pin line, the king only to squares the opponent
// does not attack once the king has left its square, and in check the other pieces
// only capture the single checker or interpose. Every promotion is generated with its
// non-promoting twin unless the piece would have nowhere to go.

var (
	// rookRays and bishopRays hold the squares a rook or bishop on each square
	// reaches on an empty board, for finding pinners.
	rookRays, bishopRays [NumSquares + 1]Bitboard
	// lanceRays[c][s] holds the squares a lance of colour c on s reaches on an empty board.
	lanceRays [2][NumSquares + 1]Bitboard
	// fileBB holds the squares of each file 1–9.
	fileBB [10]Bitboard
	// farRanks[c][n] holds the n ranks nearest c's far side (n = 1, 2, 3).
	farRanks [2][4]Bitboard
	// stepsNear[s] holds the squares at most two files and three ranks from s: every
	// piece that steps to a square next to s stands there (a knight that jumps to one
	// a rank from s, away from it, stands three ranks from s).
	stepsNear [NumSquares + 1]Bitboard
)

func init() {
	for s := Square(1); s <= NumSquares; s++ {
		rookRays[s] = rays[dirN][s].Or(rays[dirS][s]).Or(rays[dirE][s]).Or(rays[dirW][s])
		bishopRays[s] = rays[dirNE][s].Or(rays[dirNW][s]).Or(rays[dirSE][s]).Or(rays[dirSW][s])
		lanceRays[Black][s], lanceRays[White][s] = rays[dirN][s], rays[dirS][s]
		fileBB[s.File()].set(s)
		for df := -2; df <= 2; df++ {
			for dr := -3; dr <= 3; dr++ {
				if t := NewSquare(s.File()+df, s.Rank()+dr); t != NoSquare {
					stepsNear[s].set(t)
				}
			}
		}
		for c := Black; c <= White; c++ {
			for n := relativeRank(c, s); n <= 3; n++ {
				if n >= 1 {
					farRanks[c][n].set(s)
				}
			}
		}
	}
	for c := Black; c <= White; c++ {
		deadSquares[c][Pawn] = farRanks[c][1]
		deadSquares[c][Lance] = farRanks[c][1]
		deadSquares[c][Knight] = farRanks[c][2]
	}
}

// deadSquares[c][t] holds the squares where an unpromoted piece of colour c and type t
// would have nowhere to go (行き所のない駒): a pawn's or lance's last rank, a knight's
// last two.
var deadSquares [2][NumPieceTypes]Bitboard

// mustPromote reports whether a piece of type t and colour c arriving on to would have
// nowhere to go unpromoted.
func mustPromote(c Color, t PieceType, to Square) bool { return deadSquares[c][t].Has(to) }

// pinnedPieces returns c's pieces that stand alone between c's king and an enemy
// slider aimed at it, with occ as the occupied squares.
func (p *Position) pinnedPieces(c Color, occ Bitboard) Bitboard {
	k := p.kings[c]
	if k == NoSquare {
		return Bitboard{}
	}
	them := c.Opponent()
	bt := &p.byType
	snipers := rookRays[k].And(bt[Rook].Or(bt[Dragon])).
		Or(bishopRays[k].And(bt[Bishop].Or(bt[Horse]))).
		Or(lanceRays[c][k].And(bt[Lance])).
		And(p.byColor[them])
	var pinned Bitboard
	for !snipers.IsEmpty() {
		s := snipers.Pop()
		b := between[k][s].And(occ)
		if !b.IsEmpty() && !b.More() && !b.And(p.byColor[c]).IsEmpty() {
			pinned = pinned.Or(b)
		}
	}
	return pinned
}

// GenerateMoves fills list with every legal move of the side to move, replacing what
// the list held. It does not allocate.
func (p *Position) GenerateMoves(list *MoveList) {
	if drops := p.movesNoDrops(list); !drops.IsEmpty() {
		p.addDrops(list, drops)
	}
}

// movesNoDrops fills list with the moves of GenerateMoves that are not drops, in its
// order, and returns the squares its drops must be chosen among (empty when the side
// to move holds nothing).
func (p *Position) movesNoDrops(list *MoveList) Bitboard {
	list.Reset()
	us := p.side
	occ := p.Occupied()
	own := p.byColor[us]
	k := p.kings[us]
	if k != NoSquare {
		p.addKingMoves(list, k, own, occ)
	}
	target := own.Or(p.byType[King]).Not() // no move takes a king (ErrCaptureKing)
	dropTarget := occ.Not()
	if !p.checkers.IsEmpty() {
		if p.checkers.More() {
			return Bitboard{} // double check: only the king may move
		}
		checker := p.checkers.First()
		block := between[k][checker]
		target = block.Or(SquareBB(checker).AndNot(p.byType[King]))
		dropTarget = block
	}
	p.addPieceMoves(list, target, p.pinnedPieces(us, occ), occ)
	if p.hands[us].IsEmpty() {
		return Bitboard{}
	}
	return dropTarget
}

// addKingMoves adds the king's steps to the squares the opponent does not attack once
// the king has left k. The steps of the opponent's pieces are taken off the targets
// piece by piece, from the few pieces near the king (stepsNear), rather than looked
// for from each target; then the attacks of the sliders aimed at a target left.
func (p *Position) addKingMoves(list *MoveList, k Square, own, occ Bitboard) {
	for targets := p.kingTargets(k, own, occ); !targets.IsEmpty(); {
		list.Add(NewMove(k, targets.Pop(), false))
	}
}

// kingTargets returns the squares addKingMoves moves the king to.
func (p *Position) kingTargets(k Square, own, occ Bitboard) Bitboard {
	them := p.side.Opponent()
	occ.clear(k)
	targets := stepAttacks[p.side][King][k].AndNot(own.Or(p.byType[King]))
	for b := stepsNear[k].And(p.byColor[them]); !b.IsEmpty() && !targets.IsEmpty(); {
		s := b.Pop()
		targets = targets.AndNot(stepAttacks[them][p.board[s].Type()][s])
	}
	bt := &p.byType
	theirs := p.byColor[them]
	for b := bt[Lance].And(theirs); !b.IsEmpty() && !targets.IsEmpty(); {
		s := b.Pop()
		if !lanceRays[them][s].And(targets).IsEmpty() {
			targets = targets.AndNot(lanceAttacks(them, s, occ))
		}
	}
	for b := bt[Bishop].Or(bt[Horse]).And(theirs); !b.IsEmpty() && !targets.IsEmpty(); {
		s := b.Pop()
		if !bishopRays[s].And(targets).IsEmpty() {
			targets = targets.AndNot(bishopAttacks(s, occ))
		}
	}
	for b := bt[Rook].Or(bt[Dragon]).And(theirs); !b.IsEmpty() && !targets.IsEmpty(); {
		s := b.Pop()
		if !rookRays[s].And(targets).IsEmpty() {
			targets = targets.AndNot(rookAttacks(s, occ))
		}
	}
	return targets
}

// countPieceMoves returns the number of moves addPieceMoves adds.
func (p *Position) countPieceMoves(target, pinned, occ Bitboard) int {
	us := p.side
	bt := &p.byType
	free := p.byColor[us].AndNot(pinned)
	zone := farRanks[us][3]
	last, lastTwo := farRanks[us][1], farRanks[us][2]
	steps := &stepAttacks[us]
	n := 0
	if pawns := bt[Pawn].And(free).AndNot(last); !pawns.IsEmpty() {
		dests := Bitboard{pawns.Lo >> 1, pawns.Hi >> 1}
		if us == White {
			dests = Bitboard{pawns.Lo << 1, pawns.Hi << 1}
		}
		dests = dests.And(target)
		n += dests.And(zone).Count() + dests.AndNot(last).Count()
	}
	for b := bt[Lance].And(free); !b.IsEmpty(); {
		dests := lanceAttacks(us, b.Pop(), occ).And(target)
		n += dests.And(zone).Count() + dests.AndNot(last).Count()
	}
	for b := bt[Knight].And(free); !b.IsEmpty(); {
		dests := steps[Knight][b.Pop()].And(target)
		n += dests.And(zone).Count() + dests.AndNot(lastTwo).Count()
	}
	for b := bt[Silver].And(free); !b.IsEmpty(); {
		from := b.Pop()
		n += countPromotable(steps[Silver][from].And(target), from, zone)
	}
	for b := p.goldLike().And(free); !b.IsEmpty(); {
		n += steps[Gold][b.Pop()].And(target).Count()
	}
	for b := bt[Bishop].And(free); !b.IsEmpty(); {
		from := b.Pop()
		n += countPromotable(bishopAttacks(from, occ).And(target), from, zone)
	}
	for b := bt[Rook].And(free); !b.IsEmpty(); {
		from := b.Pop()
		n += countPromotable(rookAttacks(from, occ).And(target), from, zone)
	}
	for b := bt[Horse].And(free); !b.IsEmpty(); {
		from := b.Pop()
		n += bishopAttacks(from, occ).Or(steps[Horse][from]).And(target).Count()
	}
	for b := bt[Dragon].And(free); !b.IsEmpty(); {
		from := b.Pop()
		n += rookAttacks(from, occ).Or(steps[Dragon][from]).And(target).Count()
	}
	k := p.kings[us]
	for b := pinned; !b.IsEmpty(); {
		from := b.Pop()
		t := p.board[from].Type()
		dests := pieceAttacks(us, t, from, occ).And(target).And(line[k][from])
		if !t.CanPromote() {
			n += dests.Count()
			continue
		}
		if zone.Has(from) {
			n += dests.Count()
		} else {
			n += dests.And(zone).Count()
		}
		n += dests.AndNot(deadSquares[us][t]).Count()
	}
	return n
}

// countPromotable returns the number of moves, promoting or not, of a silver, bishop
// or rook from from to dests: both forms where the move starts or ends in the zone.
func countPromotable(dests Bitboard, from Square, zone Bitboard) int {
	if zone.Has(from) {
		return 2 * dests.Count()
	}
	return dests.And(zone).Count() + dests.Count()
}

// addPieceMoves adds the moves of every piece but the king that end on target. Pieces
// that are not pinned go by class: the pawns all at once with one shift, then each
// class with its own promotion rule and no per-piece type test; the few pinned pieces
// go one by one, kept to their pin line.
func (p *Position) addPieceMoves(list *MoveList, target, pinned, occ Bitboard) {
	us := p.side
	bt := &p.byType
	own := p.byColor[us]
	free := own.AndNot(pinned)
	zone := farRanks[us][3]
	last, lastTwo := farRanks[us][1], farRanks[us][2]

	// Pawns: one step forward, −1 in square numbers for Black, +1 for White. A pawn on
	// its last rank (only in unreachable setups) has no move; leaving it out keeps the
	// shift inside its file.
	if pawns := bt[Pawn].And(free).AndNot(last); !pawns.IsEmpty() {
		var dests Bitboard
		var back Move // from = to + back
		if us == Black {
			dests, back = Bitboard{pawns.Lo >> 1, pawns.Hi >> 1}, 1
		} else {
			dests, back = Bitboard{pawns.Lo << 1, pawns.Hi << 1}, ^Move(0) // −1
		}
		dests = dests.And(target)
		list.addPawnMoves(dests.And(zone), back, movePromoteFlag)
		list.addPawnMoves(dests.AndNot(last), back, 0)
	}
	for b := bt[Lance].And(free); !b.IsEmpty(); {
		from := b.Pop()
		dests := lanceAttacks(us, from, occ).And(target)
		list.addMoves(from, dests.And(zone), movePromoteFlag)
		list.addMoves(from, dests.AndNot(last), 0)
	}
	for b := bt[Knight].And(free); !b.IsEmpty(); {
		from := b.Pop()
		dests := stepAttacks[us][Knight][from].And(target)
		list.addMoves(from, dests.And(zone), movePromoteFlag)
		list.addMoves(from, dests.AndNot(lastTwo), 0)
	}
	for b := bt[Silver].And(free); !b.IsEmpty(); {
		from := b.Pop()
		dests := stepAttacks[us][Silver][from].And(target)
		if zone.Has(from) {
			list.addMoves(from, dests, movePromoteFlag)
		} else {
			list.addMoves(from, dests.And(zone), movePromoteFlag)
		}
		list.addMoves(from, dests, 0)
	}
	for b := p.goldLike().And(free); !b.IsEmpty(); {
		from := b.Pop()
		list.addMoves(from, stepAttacks[us][Gold][from].And(target), 0)
	}
	for b := bt[Bishop].And(free); !b.IsEmpty(); {
		from := b.Pop()
		dests := bishopAttacks(from, occ).And(target)
		if zone.Has(from) {
			list.addMoves(from, dests, movePromoteFlag)
		} else {
			list.addMoves(from, dests.And(zone), movePromoteFlag)
		}
		list.addMoves(from, dests, 0)
	}
	for b := bt[Rook].And(free); !b.IsEmpty(); {
		from := b.Pop()
		dests := rookAttacks(from, occ).And(target)
		if zone.Has(from) {
			list.addMoves(from, dests, movePromoteFlag)
		} else {
			list.addMoves(from, dests.And(zone), movePromoteFlag)
		}
		list.addMoves(from, dests, 0)
	}
	for b := bt[Horse].And(free); !b.IsEmpty(); {
		from := b.Pop()
		list.addMoves(from, bishopAttacks(from, occ).Or(stepAttacks[us][Horse][from]).And(target), 0)
	}
	for b := bt[Dragon].And(free); !b.IsEmpty(); {
		from := b.Pop()
		list.addMoves(from, rookAttacks(from, occ).Or(stepAttacks[us][Dragon][from]).And(target), 0)
	}
	if pinned.IsEmpty() {
		return
	}
	k := p.kings[us]
	for b := pinned; !b.IsEmpty(); {
		from := b.Pop()
		t := p.board[from].Type()
		dests := pieceAttacks(us, t, from, occ).And(target).And(line[k][from])
		if !t.CanPromote() {
			list.addMoves(from, dests, 0)
			continue
		}
		if zone.Has(from) {
			list.addMoves(from, dests, movePromoteFlag)
		} else {
			list.addMoves(from, dests.And(zone), movePromoteFlag)
		}
		list.addMoves(from, dests.AndNot(deadSquares[us][t]), 0)
	}
}

// addMoves adds a move from from to each square of dests, with flag (0 or
// movePromoteFlag).
func (l *MoveList) addMoves(from Square, dests Bitboard, flag Move) {
	base := Move(from)<<moveFromShift | flag
	n := l.n
	for lo := dests.Lo; lo != 0; lo &= lo - 1 {
		l.moves[n] = base | Move(bits.TrailingZeros64(lo))
		n++
	}
	for hi := dests.Hi; hi != 0; hi &= hi - 1 {
		l.moves[n] = base | Move(64+bits.TrailingZeros64(hi))
		n++
	}
	l.n = n
}

// addPawnMoves adds a pawn move to each square of dests from the square back away from
// it (+1 or −1), with flag (0 or movePromoteFlag).
func (l *MoveList) addPawnMoves(dests Bitboard, back, flag Move) {
	n := l.n
	for lo := dests.Lo; lo != 0; lo &= lo - 1 {
		to := Move(bits.TrailingZeros64(lo))
		l.moves[n] = to | (to+back)<<moveFromShift | flag
		n++
	}
	for hi := dests.Hi; hi != 0; hi &= hi - 1 {
		to := Move(64 + bits.TrailingZeros64(hi))
		l.moves[n] = to | (to+back)<<moveFromShift | flag
		n++
	}
	l.n = n
}

// LegalMoves returns every legal move of the side to move in a new slice.
func (p *Position) LegalMoves() []Move {
	var list MoveList
	p.GenerateMoves(&list)
	return append([]Move(nil), list.Moves()...)
}

// AllLegalMoves iterates over every legal move of the side to move. The position must
// not change while the iteration runs.
func (p *Position) AllLegalMoves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var list MoveList
		p.GenerateMoves(&list)
		for _, m := range list.Moves() {
			if !yield(m) {
				return
			}
		}
	}
}

// HasLegalMove reports whether the side to move has any legal move. In check it stops
// at the first answer found (see hasEvasion), without generating the others.
func (p *Position) HasLegalMove() bool {
	if !p.checkers.IsEmpty() {
		return p.hasEvasion()
	}
	var list MoveList
	p.GenerateMoves(&list)
	return list.Len() > 0
}

// IsCheckmate reports whether the side to move has lost: it has no legal move. In shogi
// this loses whether or not the king is in check (there is no stalemate); use
// [Position.InCheck] to tell the two apart.
func (p *Position) IsCheckmate() bool { return !p.HasLegalMove() }
