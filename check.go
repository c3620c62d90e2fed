package shogi

// Checking one move without generating all of them. The checks run in the order a
// referee would name the fouls: what is moved, where it may go, promotion, then the
// drop rules, then the king's safety, and 打ち歩詰め last.

// CheckMove returns nil when m is legal in p, and otherwise an [*IllegalMoveError]
// whose Reason names the foul (errors.Is(err, ErrNifu), …).
func (p *Position) CheckMove(m Move) error {
	if reason := p.illegalReason(m); reason != nil {
		return &IllegalMoveError{Ply: p.moveNumber, Move: m, Reason: reason}
	}
	return nil
}

// IsLegal reports whether m is legal in p.
func (p *Position) IsLegal(m Move) bool { return p.illegalReason(m) == nil }

func (p *Position) illegalReason(m Move) error {
	if p.moveNumber >= MaxMoveNumber {
		return ErrMoveNumberLimit
	}
	if m.IsDrop() {
		return p.dropReason(m)
	}
	if !m.IsValid() {
		return ErrInvalidMove
	}
	us := p.side
	from, to := m.From(), m.To()
	pc := p.board[from]
	switch {
	case pc == NoPiece:
		return ErrNoPiece
	case pc.Color() != us:
		return ErrNotYourPiece
	}
	target := p.board[to]
	if target != NoPiece && target.Color() == us {
		return ErrCaptureOwn
	}
	t := pc.Type()
	occ := p.Occupied()
	if !pieceAttacks(us, t, from, occ).Has(to) {
		// Only a failed move pays for telling the two fouls apart.
		if !pieceAttacks(us, t, from, Bitboard{}).Has(to) {
			return ErrCannotMove
		}
		return ErrPathBlocked
	}
	if m.IsPromotion() {
		switch {
		case t.IsPromoted():
			return ErrAlreadyPromoted
		case !t.CanPromote():
			return ErrCannotPromote
		case !InPromotionZone(us, from) && !InPromotionZone(us, to):
			return ErrPromotionOutsideZone
		}
	} else if mustPromote(us, t, to) {
		return ErrMustPromote
	}
	if target != NoPiece && target.Type() == King {
		return ErrCaptureKing
	}
	k := p.kings[us]
	if k == NoSquare {
		return nil
	}
	if t == King {
		occ.clear(from)
		if p.attacked(to, us.Opponent(), occ) {
			return ErrKingInCheck
		}
		return nil
	}
	// A piece can be pinned only on a line through its king, and a move along that line
	// keeps the king covered: the pins are computed only for a move off the line.
	if along := line[k][from]; !along.IsEmpty() && !along.Has(to) && p.pinnedPieces(us, occ).Has(from) {
		return ErrKingInCheck
	}
	if !p.checkers.IsEmpty() {
		if p.checkers.More() {
			return ErrKingInCheck
		}
		checker := p.checkers.First()
		if to != checker && !between[k][checker].Has(to) {
			return ErrKingInCheck
		}
	}
	return nil
}

func (p *Position) dropReason(m Move) error {
	t := m.DropType()
	switch {
	case t.IsPromoted():
		return ErrDropPromoted
	case !m.IsValid():
		if t == King {
			return ErrNotInHand
		}
		return ErrInvalidMove
	}
	us := p.side
	to := m.To()
	switch {
	case !p.hands[us].Has(t):
		return ErrNotInHand
	case p.board[to] != NoPiece:
		return ErrDropOccupied
	case mustPromote(us, t, to):
		return ErrDeadDrop
	case t == Pawn && !p.Pieces(us, Pawn).And(fileBB[to.File()]).IsEmpty():
		return ErrNifu
	}
	if !p.checkers.IsEmpty() {
		if p.checkers.More() {
			return ErrKingInCheck
		}
		if !between[p.kings[us]][p.checkers.First()].Has(to) {
			return ErrKingInCheck
		}
	}
	if t == Pawn && to == p.pawnDropMateSquare() && p.isPawnDropMate(to) {
		return ErrUchifuzume
	}
	return nil
}
