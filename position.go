package shogi

// Position is a shogi position: the board, both hands, the side to move and the move
// number, with the line of play that led to it from its starting position (for
// [Position.Undo] and the repetition rules).
//
// Create one with [NewStartPosition], [NewPosition] or [Position.UnmarshalText]. The
// zero Position is not usable. A Position is not safe for concurrent use; [Position.Clone]
// gives each goroutine its own.
type Position struct {
	board      [NumSquares + 1]Piece
	byType     [typeCodes]Bitboard // by PieceType; the last row (no type) stays empty
	byColor    [2]Bitboard
	hands      [2]Hand
	kings      [2]Square
	side       Color
	moveNumber int
	hash       uint64
	checkers   Bitboard
	history    []undoState
}

// typeCodes is the number of 4-bit piece type codes (a Piece's low bits): Position's
// byType has a row for each, so that indexing it by a piece's code needs no bounds
// check (the row of code 15, no type, stays empty).
const typeCodes = 16

// undoState is what Undo needs to restore, and what the repetition rules read.
type undoState struct {
	move     Move
	captured Piece
	hash     uint64   // hash before the move
	checkers Bitboard // checkers of the side that made the move, before it
}

// SideToMove returns the side whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// MoveNumber returns the number of the next move, counted in plies as in SFEN: 1 before
// the first move of a game.
func (p *Position) MoveNumber() int { return p.moveNumber }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece {
	if !s.IsValid() {
		return NoPiece
	}
	return p.board[s]
}

// Hand returns the pieces that c holds in hand.
func (p *Position) Hand(c Color) Hand { return p.hands[c] }

// King returns the square of c's king, or NoSquare when c has none (as in tsume problems).
func (p *Position) King(c Color) Square { return p.kings[c] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byColor[Black].Or(p.byColor[White]) }

// ColorPieces returns the squares holding c's pieces.
func (p *Position) ColorPieces(c Color) Bitboard { return p.byColor[c] }

// Pieces returns the squares holding c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	if t >= NumPieceTypes {
		return Bitboard{}
	}
	return p.byType[t].And(p.byColor[c])
}

// Hash returns the Zobrist hash of the board, both hands and the side to move; the move
// number and history do not enter it.
func (p *Position) Hash() uint64 { return p.hash }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return !p.checkers.IsEmpty() }

// Checkers returns the squares of the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// Ply returns how many moves were played on this Position since it was set up, the
// moves that [Position.Undo] can take back.
func (p *Position) Ply() int { return len(p.history) }

// LastMove returns the move that led to this position, or NoMove at the start.
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NoMove
	}
	return p.history[len(p.history)-1].move
}

// LastCaptured returns the piece the last move captured, or NoPiece.
func (p *Position) LastCaptured() Piece {
	if len(p.history) == 0 {
		return NoPiece
	}
	return p.history[len(p.history)-1].captured
}

// Moves returns a copy of the moves played since the Position was set up.
func (p *Position) Moves() []Move {
	ms := make([]Move, len(p.history))
	for i, st := range p.history {
		ms[i] = st.move
	}
	return ms
}

// MovedPiece returns the piece that m moves (for a drop, the dropped piece), in this
// position, before m is played.
func (p *Position) MovedPiece(m Move) Piece {
	if m.IsDrop() {
		return NewPiece(p.side, m.DropType())
	}
	return p.PieceAt(m.From())
}

// CapturedPiece returns the piece m captures in this position, or NoPiece.
func (p *Position) CapturedPiece(m Move) Piece {
	if m.IsDrop() {
		return NoPiece
	}
	return p.PieceAt(m.To())
}

// Clone returns a deep copy of p, history included. The copy's room for moves is its
// history and 64 more moves at least, not the room p has made.
func (p *Position) Clone() *Position {
	q := *p
	q.history = make([]undoState, len(p.history), max(len(p.history), 64))
	copy(q.history, p.history)
	return &q
}

// Equal reports whether p and q have the same board, hands, side to move and move
// number. The history that led to them is not compared.
func (p *Position) Equal(q *Position) bool {
	return p.board == q.board && p.hands == q.hands && p.side == q.side && p.moveNumber == q.moveNumber
}

func (p *Position) put(s Square, pc Piece) {
	p.place(s, pc)
	p.hash ^= zobristPiece[pc][s]
}

// place is put without the hash (which Undo restores whole). place and lift are
// written to stay within the inliner's budget (costs 79 and 75 of 80), so that
// PlayUnchecked and Undo take them inline: 2.4 % fewer instructions in the tsume
// package's any-mate search, which plays and takes back a move for nearly every node.
func (p *Position) place(s Square, pc Piece) {
	b := &squareBB[s]
	p.board[s] = pc
	bt, bc := &p.byType[pc&0xF], &p.byColor[pc>>pieceColorShift]
	bt.Lo, bt.Hi = bt.Lo|b.Lo, bt.Hi|b.Hi
	bc.Lo, bc.Hi = bc.Lo|b.Lo, bc.Hi|b.Hi
	if pc&0xF == Piece(King) {
		p.kings[pc>>pieceColorShift] = s
	}
}

// lift takes the piece off s, without the hash (see place).
func (p *Position) lift(s Square) Piece {
	b := &squareBB[s]
	pc := p.board[s]
	p.board[s] = NoPiece
	bt, bc := &p.byType[pc&0xF], &p.byColor[pc>>pieceColorShift&1]
	bt.Lo, bt.Hi = bt.Lo&^b.Lo, bt.Hi&^b.Hi
	bc.Lo, bc.Hi = bc.Lo&^b.Lo, bc.Hi&^b.Hi
	return pc
}

func (p *Position) addToHand(c Color, t PieceType) {
	n := p.hands[c].Count(t)
	p.hash ^= zobristHand[c][t][n] ^ zobristHand[c][t][n+1]
	p.hands[c] = p.hands[c].Add(t)
}

func (p *Position) takeFromHand(c Color, t PieceType) {
	n := p.hands[c].Count(t)
	p.hash ^= zobristHand[c][t][n] ^ zobristHand[c][t][n-1]
	p.hands[c] = p.hands[c].Remove(t)
}

// Play plays m if it is legal, and returns the [*IllegalMoveError] of
// [Position.CheckMove] otherwise, leaving the position unchanged.
func (p *Position) Play(m Move) error {
	if err := p.CheckMove(m); err != nil {
		return err
	}
	p.PlayUnchecked(m)
	return nil
}

// PlayUnchecked plays m without checking it. m must be legal, as every move of
// [Position.GenerateMoves] is; anything else (NoMove, a drop of a piece not in hand, a
// move of the wrong side) corrupts the position or panics. It is the fast path for
// search and perft: moves from input go through [Position.Play] or [Position.CheckMove].
func (p *Position) PlayUnchecked(m Move) {
	us := p.side
	n := len(p.history)
	if n == cap(p.history) {
		p.growHistory()
	}
	p.history = p.history[:n+1]
	st := &p.history[n] // written in place
	*st = undoState{move: m, hash: p.hash, checkers: p.checkers}
	to := m.To()
	// put, and lift with the hash, written out so that place and lift are inlined here.
	if m.IsDrop() {
		t := m.DropType()
		p.takeFromHand(us, t)
		pc := NewPiece(us, t)
		p.place(to, pc)
		p.hash ^= zobristPiece[pc][to]
	} else {
		from := m.From()
		pc := p.lift(from)
		p.hash ^= zobristPiece[pc][from]
		if captured := p.board[to]; captured != NoPiece {
			p.lift(to)
			p.hash ^= zobristPiece[captured][to]
			st.captured = captured
			p.addToHand(us, captured.Type().Unpromote()) // never a king: see ErrCaptureKing
		}
		if m.IsPromotion() {
			pc = NewPiece(us, pc.Type().Promote())
		}
		p.place(to, pc)
		p.hash ^= zobristPiece[pc][to]
	}
	p.side = us.Opponent()
	p.hash ^= zobristSide
	p.moveNumber++
	if n == 0 {
		// The first move: the side to move may have stood in check before it already
		// (see standingCheck).
		p.checkers = p.attackersToKing(p.side)
	} else {
		p.checkers = p.checkersAfter(m)
	}
}

// checkersAfter returns the pieces that give check to the side to move after m, the
// move its opponent just played, found from m alone: the piece m moved or dropped,
// when it attacks the king, and the ranging piece whose line to the king m opened. No
// other piece can check: the move before m was legal, so the king stood safe before
// m, and m emptied no square but its origin (a capture leaves its square occupied).
func (p *Position) checkersAfter(m Move) Bitboard {
	k := p.kings[p.side]
	if k == NoSquare {
		return Bitboard{}
	}
	by := p.side.Opponent()
	occ := p.Occupied()
	to := m.To()
	var r Bitboard
	if attacksSquare(by, p.board[to].Type(), to, k, occ) {
		r = SquareBB(to)
	}
	if m.IsDrop() {
		return r
	}
	// A discovery: m left a line through the king (not for a square further along it:
	// no move crosses the king).
	from := m.From()
	if d := directionOf[k][from]; d == 0 || directionOf[k][to] == d {
		return r
	}
	return r.Or(p.rangingAttacker(k, from, by, occ))
}

// Grow makes room in p's line of play for n more moves, so that playing them allocates
// nothing, as [slices.Grow] does for a slice. A reader that knows how long a game is
// calls it before playing the moves; without it the room doubles as moves are played.
// Room past the last move number is not made; n ≤ 0 does nothing.
func (p *Position) Grow(n int) {
	n = min(n, MaxMoveNumber-p.moveNumber) // no move is played past the last number
	if cap(p.history)-len(p.history) >= n {
		return
	}
	h := make([]undoState, len(p.history), len(p.history)+n)
	copy(h, p.history)
	p.history = h
}

// growHistory doubles the room for the line of play, so that a long game costs a few
// allocations in all (append grows large slices by a quarter at a time).
func (p *Position) growHistory() {
	h := make([]undoState, len(p.history), max(2*cap(p.history), 64))
	copy(h, p.history)
	p.history = h
}

// Undo takes back the last move played and returns it, or returns NoMove when no move
// was played since the position was set up.
func (p *Position) Undo() Move {
	n := len(p.history)
	if n == 0 {
		return NoMove
	}
	st := &p.history[n-1] // read in place: the array outlives the slice's shortening
	p.history = p.history[:n-1]
	p.side = p.side.Opponent()
	us := p.side
	m := st.move
	to := m.To()
	pc := p.lift(to)
	if m.IsDrop() {
		p.hands[us] = p.hands[us].Add(pc.Type())
	} else {
		if m.IsPromotion() {
			pc = NewPiece(us, pc.Type().Unpromote())
		}
		p.place(m.From(), pc)
		if st.captured != NoPiece {
			p.place(to, st.captured)
			p.hands[us] = p.hands[us].Remove(st.captured.Type().Unpromote())
		}
	}
	p.moveNumber--
	p.hash = st.hash
	p.checkers = st.checkers
	return m
}

// attackersToKing returns the pieces of c's opponent that attack c's king.
func (p *Position) attackersToKing(c Color) Bitboard {
	k := p.kings[c]
	if k == NoSquare {
		return Bitboard{}
	}
	return p.attackers(k, c.Opponent(), p.Occupied())
}

// attackers returns the pieces of colour by that attack s, with occ as the occupied squares.
func (p *Position) attackers(s Square, by Color, occ Bitboard) Bitboard {
	them := by.Opponent() // a piece of colour by attacks s where a piece of them on s would attack it
	bt := &p.byType
	own := p.byColor[by]
	r := stepAttacks[them][Pawn][s].And(bt[Pawn]).
		Or(stepAttacks[them][Knight][s].And(bt[Knight])).
		Or(stepAttacks[them][Silver][s].And(bt[Silver])).
		Or(stepAttacks[them][Gold][s].And(p.goldLike())).
		Or(stepAttacks[them][King][s].And(bt[King].Or(bt[Horse]).Or(bt[Dragon]))).
		And(own)
	if l := lanceRays[them][s].And(bt[Lance]).And(own); !l.IsEmpty() {
		r = r.Or(lanceAttacks(them, s, occ).And(l))
	}
	if b := bishopRays[s].And(bt[Bishop].Or(bt[Horse])).And(own); !b.IsEmpty() {
		r = r.Or(bishopAttacks(s, occ).And(b))
	}
	if rk := rookRays[s].And(bt[Rook].Or(bt[Dragon])).And(own); !rk.IsEmpty() {
		r = r.Or(rookAttacks(s, occ).And(rk))
	}
	return r
}

// attacked reports whether any piece of colour by attacks s, with occ as the occupied
// squares. It stops at the first attacker found and looks at the ranging pieces only
// when one stands on a line through s.
func (p *Position) attacked(s Square, by Color, occ Bitboard) bool {
	return p.attackedByPieces(s, by, p.byColor[by], occ)
}

// IsAttacked reports whether any piece of colour by attacks s.
func (p *Position) IsAttacked(s Square, by Color) bool {
	return s.IsValid() && p.attacked(s, by, p.Occupied())
}

// Attackers returns the squares of the pieces of colour by that attack s: those that
// could move to s, were a piece of the other side there (pins and checks aside).
func (p *Position) Attackers(s Square, by Color) Bitboard {
	if !s.IsValid() {
		return Bitboard{}
	}
	return p.attackers(s, by, p.Occupied())
}

func (p *Position) goldLike() Bitboard {
	bt := &p.byType
	return bt[Gold].Or(bt[ProPawn]).Or(bt[ProLance]).Or(bt[ProKnight]).Or(bt[ProSilver])
}
