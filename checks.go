package shogi

// Checks: the moves that give check, generated without generating every move, and the
// test of one move. A move gives check directly when the piece it moves (promoted if it
// promotes) or drops attacks the enemy king from its destination, and by discovery when
// it leaves the line between the enemy king and one of the mover's ranging pieces that
// it alone blocked. The squares from which each kind of piece would attack the king are
// the squares that kind of piece of the defender attacks from the king's square, so one
// attack lookup per kind, made once, answers "does this destination check" for every
// move. A position where the side not to move already stands in check (only with
// [Setup.AllowUnreachable], and only before its first move) has a third kind of check,
// the one a move leaves standing; it takes a slower exact path.

// checkInfo is what telling checks apart needs about a position, computed once for all
// the moves of a position.
type checkInfo struct {
	ek Square // the king in check after a checking move
	// squares[t] holds the squares from which a piece of type t of the side to move
	// attacks ek.
	squares [NumPieceTypes]Bitboard
	// discoverers holds the pieces of the side to move that alone stand between ek and a
	// ranging piece of that side aimed at it: moving one off that line checks.
	discoverers Bitboard
}

// setCheckInfo fills ci, a zero checkInfo, with the check information of p, whose
// opponent has a king on ek (in place: the struct is too large to return cheaply).
func (p *Position) setCheckInfo(ci *checkInfo, ek Square, occ Bitboard) {
	us := p.side
	them := us.Opponent()
	ci.ek = ek
	sq := &ci.squares
	steps := &stepAttacks[them]
	sq[Pawn] = steps[Pawn][ek]
	sq[Knight] = steps[Knight][ek]
	sq[Silver] = steps[Silver][ek]
	gold := steps[Gold][ek]
	sq[Gold], sq[ProPawn], sq[ProLance], sq[ProKnight], sq[ProSilver] = gold, gold, gold, gold, gold
	sq[Lance] = lanceAttacks(them, ek, occ)
	sq[Bishop] = bishopAttacks(ek, occ)
	sq[Rook] = rookAttacks(ek, occ)
	around := steps[King][ek]
	sq[Horse] = sq[Bishop].Or(around)
	sq[Dragon] = sq[Rook].Or(around)
	ci.discoverers = p.blockers(ek, us, occ)
}

// checkFrom[c][t][k] holds the squares from which a piece of colour c and type t
// (or its promoted form) could give check to a king on k in one move on an empty
// board: the pieces worth looking at when generating checks. Bishops, rooks and their
// promoted forms reach so far that they are always looked at (all squares).
var checkFrom [2][NumPieceTypes][NumSquares + 1]Bitboard

func init() {
	for c := Black; c <= White; c++ {
		them := c.Opponent()
		for _, t := range [...]PieceType{Pawn, Knight, Silver, Gold} { // the promoted golds use Gold's
			for k := Square(1); k <= NumSquares; k++ {
				checking := stepAttacks[them][t][k]
				if t.CanPromote() {
					checking = checking.Or(stepAttacks[them][Gold][k])
				}
				// A piece of c on from attacks x when one of them on x attacks from.
				for x := range checking.Squares {
					checkFrom[c][t][k] = checkFrom[c][t][k].Or(stepAttacks[them][t][x])
				}
			}
		}
		// A lance checks from the king's file or, promoted, next to the king. (The rays
		// of attacks.go are ready here; lanceRays, set up in movegen.go, is not yet.) It
		// reaches a square from the squares behind it.
		backward := rays[dirS]
		if c == White {
			backward = rays[dirN]
		}
		for k := Square(1); k <= NumSquares; k++ {
			checking := backward[k].Or(stepAttacks[them][Gold][k])
			for x := range checking.Squares {
				checkFrom[c][Lance][k] = checkFrom[c][Lance][k].Or(backward[x])
			}
		}
		for _, t := range [...]PieceType{Bishop, Rook, Horse, Dragon} {
			for k := Square(1); k <= NumSquares; k++ {
				checkFrom[c][t][k] = allSquares
			}
		}
	}
}

// blockers returns the pieces of colour by that alone stand between k and a ranging
// piece of by aimed at k, with occ as the occupied squares.
func (p *Position) blockers(k Square, by Color, occ Bitboard) Bitboard {
	bt := &p.byType
	snipers := rookRays[k].And(bt[Rook].Or(bt[Dragon])).
		Or(bishopRays[k].And(bt[Bishop].Or(bt[Horse]))).
		Or(lanceRays[by.Opponent()][k].And(bt[Lance])).
		And(p.byColor[by])
	var found Bitboard
	for !snipers.IsEmpty() {
		s := snipers.Pop()
		b := between[k][s].And(occ)
		if !b.IsEmpty() && !b.More() && !b.And(p.byColor[by]).IsEmpty() {
			found = found.Or(b)
		}
	}
	return found
}

// standingCheck reports whether the opponent of the side to move stands in check
// already. Only a position set up with [Setup.AllowUnreachable] can have one, and only
// before its first move: every move played was legal, so it left its mover's king safe.
func (p *Position) standingCheck(ek Square, occ Bitboard) bool {
	return len(p.history) == 0 && p.attacked(ek, p.side, occ)
}

// GenerateChecks fills list with every legal move of the side to move that gives
// check, replacing what the list held: direct and discovered checks, drops, and both
// the promoting and the non-promoting form of a move where both are legal, each once.
// It is the subset of [Position.GenerateMoves] whose moves satisfy
// [Position.GivesCheck], in its own order (drops, then the board moves by piece, then
// the king's). When the side to move is in check it holds the evasions that check. A
// pawn drop that would checkmate (打ち歩詰め) is not legal and is not generated. It does
// not allocate.
func (p *Position) GenerateChecks(list *MoveList) {
	list.Reset()
	us := p.side
	ek := p.kings[us.Opponent()]
	if ek == NoSquare {
		return // no king to check (a tsume problem's attacker)
	}
	occ := p.Occupied()
	if p.standingCheck(ek, occ) {
		p.GenerateMoves(list)
		n := 0
		for _, m := range list.Moves() {
			if p.givesCheckAfter(m, ek, occ) {
				list.moves[n] = m
				n++
			}
		}
		list.n = n
		return
	}
	var ci checkInfo
	p.setCheckInfo(&ci, ek, occ)
	own := p.byColor[us]
	k := p.kings[us]
	target := own.Or(p.byType[King]).Not() // no move takes a king (ErrCaptureKing)
	dropTarget := occ.Not()
	if !p.checkers.IsEmpty() {
		if p.checkers.More() {
			// Double check: only the king may move, and only a discovery checks.
			if ci.discoverers.Has(k) {
				p.addKingChecks(list, k, ek, own, occ)
			}
			return
		}
		checker := p.checkers.First()
		block := between[k][checker]
		target = block.Or(SquareBB(checker).AndNot(p.byType[King]))
		dropTarget = block
	}
	if !p.hands[us].IsEmpty() && !dropTarget.IsEmpty() {
		p.addDropChecks(list, &ci, dropTarget)
	}
	p.addPieceChecks(list, &ci, target, occ)
	if k != NoSquare && ci.discoverers.Has(k) {
		p.addKingChecks(list, k, ek, own, occ)
	}
}

// addDropChecks adds every legal drop on target (empty squares) that gives check.
func (p *Position) addDropChecks(list *MoveList, ci *checkInfo, target Bitboard) {
	us := p.side
	h := p.hands[us]
	if h.Has(Pawn) {
		// At most one square: the one in front of the king.
		if b := target.And(ci.squares[Pawn]).AndNot(farRanks[us][1]); !b.IsEmpty() {
			ps := b.First()
			if p.Pieces(us, Pawn).And(fileBB[ps.File()]).IsEmpty() && !p.isPawnDropMate(ps) {
				list.Add(NewDrop(Pawn, ps))
			}
		}
	}
	if h.Has(Lance) {
		for b := target.And(ci.squares[Lance]).AndNot(farRanks[us][1]); !b.IsEmpty(); {
			list.Add(NewDrop(Lance, b.Pop()))
		}
	}
	if h.Has(Knight) {
		for b := target.And(ci.squares[Knight]).AndNot(farRanks[us][2]); !b.IsEmpty(); {
			list.Add(NewDrop(Knight, b.Pop()))
		}
	}
	for _, t := range [4]PieceType{Silver, Gold, Bishop, Rook} {
		if h.Has(t) {
			for b := target.And(ci.squares[t]); !b.IsEmpty(); {
				list.Add(NewDrop(t, b.Pop()))
			}
		}
	}
}

// addPieceChecks adds the checking moves of every piece but the king that end on
// target. A piece that may discover check moves anywhere off its line with every
// legal form; on its line, and for every other piece, a move checks when its
// destination is a checking square of the piece it leaves there.
func (p *Position) addPieceChecks(list *MoveList, ci *checkInfo, target, occ Bitboard) {
	us := p.side
	own := p.byColor[us]
	k := p.kings[us]
	zone := farRanks[us][3]
	pinned := p.pinnedPieces(us, occ)
	bt := &p.byType
	cf := &checkFrom[us]
	ek := ci.ek
	cand := bt[Pawn].And(cf[Pawn][ek]).
		Or(bt[Knight].And(cf[Knight][ek])).
		Or(bt[Silver].And(cf[Silver][ek])).
		Or(p.goldLike().And(cf[Gold][ek])).
		Or(bt[Lance].And(cf[Lance][ek])).
		Or(bt[Bishop]).Or(bt[Rook]).Or(bt[Horse]).Or(bt[Dragon]).
		Or(ci.discoverers).
		And(own).AndNot(bt[King])
	for !cand.IsEmpty() {
		from := cand.Pop()
		t := p.board[from].Type()
		disc := ci.discoverers.Has(from)
		dests := pieceAttacks(us, t, from, occ).And(target)
		if pinned.Has(from) {
			dests = dests.And(line[k][from])
		}
		if disc {
			off := dests.AndNot(line[ci.ek][from])
			addForms(list, us, t, from, off, off, zone)
			dests = dests.And(line[ci.ek][from])
		}
		if t.CanPromote() {
			addForms(list, us, t, from, dests.And(ci.squares[t.Promote()]), dests.And(ci.squares[t]), zone)
		} else {
			list.addMoves(from, dests.And(ci.squares[t]), 0)
		}
	}
}

// addForms adds the moves of a piece of type t (one that can promote, or not) from
// from: the promoting form to each square of prom where promotion is allowed, the
// plain form to each square of plain where the piece keeps a move.
func addForms(list *MoveList, us Color, t PieceType, from Square, prom, plain, zone Bitboard) {
	if !t.CanPromote() {
		list.addMoves(from, plain, 0)
		return
	}
	if !zone.Has(from) {
		prom = prom.And(zone)
	}
	list.addMoves(from, prom, movePromoteFlag)
	list.addMoves(from, plain.AndNot(deadSquares[us][t]), 0)
}

// addKingChecks adds the legal king moves that discover check, the king standing
// alone between the enemy king ek and a ranging piece of its side.
func (p *Position) addKingChecks(list *MoveList, k, ek Square, own, occ Bitboard) {
	them := p.side.Opponent()
	occ.clear(k)
	targets := stepAttacks[p.side][King][k].AndNot(own.Or(p.byType[King])).AndNot(line[ek][k])
	for !targets.IsEmpty() {
		to := targets.Pop()
		if !p.attacked(to, them, occ) {
			list.Add(NewMove(k, to, false))
		}
	}
}

// GivesCheck reports whether m, a legal move of the side to move, gives check: whether
// the opponent's king stands attacked once m is played, by the piece m moves or drops
// (promoted if m promotes) or by a ranging piece whose line m opens. It does not play
// m and does not allocate. In a position where no move has been played yet it first
// asks whether the opponent stands in check already, which only a
// [Setup.AllowUnreachable] position allows and which doubles its cost. The answer for
// a move that is not legal is meaningless.
func (p *Position) GivesCheck(m Move) bool {
	ek := p.kings[p.side.Opponent()]
	if ek == NoSquare {
		return false
	}
	occ := p.Occupied()
	if len(p.history) == 0 && p.attacked(ek, p.side, occ) {
		return p.givesCheckAfter(m, ek, occ) // a standing check (see standingCheck)
	}
	us := p.side
	to := m.To()
	if m.IsDrop() {
		return pieceAttacks(us, m.DropType(), to, occ).Has(ek)
	}
	from := m.From()
	t := p.board[from].Type()
	if m.IsPromotion() {
		t = t.Promote()
	}
	// The direct check: the square vacated cannot open the piece's own line to the king
	// unless the king stood in check already.
	if pieceAttacks(us, t, to, occ).Has(ek) {
		return true
	}
	l := line[ek][from]
	if l.IsEmpty() || l.Has(to) {
		return false
	}
	occ.clear(from)
	occ.set(to)
	return p.rangingAttack(ek, from, occ)
}

// rangingAttack reports whether a ranging piece of the side to move attacks ek along
// the ray from ek through s, with occ as the occupied squares.
func (p *Position) rangingAttack(ek, s Square, occ Bitboard) bool {
	return !p.rangingAttacker(ek, s, p.side, occ).IsEmpty()
}

// rangingAttacker returns the ranging piece of colour by that attacks k along the ray
// from k through s (a square on a line through k), with occ as the occupied squares,
// or nothing.
func (p *Position) rangingAttacker(k, s Square, by Color, occ Bitboard) Bitboard {
	bt := &p.byType
	d := direction(directionOf[k][s] - 1)
	var snipers Bitboard
	switch d {
	case dirN, dirS, dirE, dirW:
		snipers = bt[Rook].Or(bt[Dragon])
		if rays[d][k] == lanceRays[by.Opponent()][k] {
			snipers = snipers.Or(bt[Lance])
		}
	default:
		snipers = bt[Bishop].Or(bt[Horse])
	}
	return rayAttacks(d, k, occ).And(snipers).And(p.byColor[by])
}

// givesCheckAfter is GivesCheck for every position, a standing check included: it asks
// which pieces attack ek once m is played.
func (p *Position) givesCheckAfter(m Move, ek Square, occ Bitboard) bool {
	us := p.side
	to := m.To()
	occ.set(to)
	if m.IsDrop() {
		return pieceAttacks(us, m.DropType(), to, occ).Has(ek) || p.attacked(ek, us, occ)
	}
	from := m.From()
	occ.clear(from)
	t := p.board[from].Type()
	if m.IsPromotion() {
		t = t.Promote()
	}
	// The bitboards still show the moved piece on from (left out) and a captured piece
	// on to (not the mover's).
	return pieceAttacks(us, t, to, occ).Has(ek) || !p.attackers(ek, us, occ).AndNot(SquareBB(from)).IsEmpty()
}
