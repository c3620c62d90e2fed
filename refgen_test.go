package shogi_test

import (
	"testing"

	"github.com/kifu-go/shogi"
)

// A deliberately simple reference move generator, written only for tests and sharing
// nothing with the library's generator: a 9×9 array, piece moves from direction
// tables, and legality by playing every candidate on a copy and scanning every enemy
// piece for an attack on the king. Drop rules, 二歩 and 打ち歩詰め are brute force:
// a pawn drop that checks is refused when the opponent has no legal reply at all.
// It reads the library's position only through PieceAt, Hand and SideToMove, and
// builds moves with NewMove and NewDrop.

type refPos struct {
	board [10][10]shogi.Piece // [file][rank], 1-based
	hands [2][8]int           // by colour and type Pawn..Gold
	side  shogi.Color
}

type refStep struct{ df, dr int } // as seen by Black: dr -1 is forward

var (
	refOrtho = []refStep{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	refDiag  = []refStep{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
	refGold  = []refStep{{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}
	refKing  = append(append([]refStep{}, refOrtho...), refDiag...)
)

// refSteps returns the single steps and the sliding directions of a piece type.
func refSteps(t shogi.PieceType) (steps, slides []refStep) {
	switch t {
	case shogi.Pawn:
		return []refStep{{0, -1}}, nil
	case shogi.Lance:
		return nil, []refStep{{0, -1}}
	case shogi.Knight:
		return []refStep{{-1, -2}, {1, -2}}, nil
	case shogi.Silver:
		return []refStep{{0, -1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}}, nil
	case shogi.Gold, shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
		return refGold, nil
	case shogi.King:
		return refKing, nil
	case shogi.Bishop:
		return nil, refDiag
	case shogi.Rook:
		return nil, refOrtho
	case shogi.Horse:
		return refOrtho, refDiag
	case shogi.Dragon:
		return refDiag, refOrtho
	}
	panic("refSteps: bad type")
}

func refFromPosition(p *shogi.Position) *refPos {
	r := &refPos{side: p.SideToMove()}
	for f := 1; f <= 9; f++ {
		for k := 1; k <= 9; k++ {
			r.board[f][k] = p.PieceAt(shogi.NewSquare(f, k))
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for t := shogi.Pawn; t <= shogi.Gold; t++ {
			r.hands[c][t] = p.Hand(c).Count(t)
		}
	}
	return r
}

func onBoard(f, k int) bool { return f >= 1 && f <= 9 && k >= 1 && k <= 9 }

// targets calls visit for every square the piece on (f, k) attacks.
func (r *refPos) targets(f, k int, visit func(tf, tk int)) {
	pc := r.board[f][k]
	sign := 1
	if pc.Color() == shogi.White {
		sign = -1
	}
	steps, slides := refSteps(pc.Type())
	for _, s := range steps {
		if tf, tk := f+s.df, k+s.dr*sign; onBoard(tf, tk) {
			visit(tf, tk)
		}
	}
	for _, s := range slides {
		for tf, tk := f+s.df, k+s.dr*sign; onBoard(tf, tk); tf, tk = tf+s.df, tk+s.dr*sign {
			visit(tf, tk)
			if r.board[tf][tk] != shogi.NoPiece {
				break
			}
		}
	}
}

// attacked reports whether a piece of colour by attacks (f, k).
func (r *refPos) attacked(f, k int, by shogi.Color) bool {
	hit := false
	for sf := 1; sf <= 9; sf++ {
		for sk := 1; sk <= 9; sk++ {
			if pc := r.board[sf][sk]; pc != shogi.NoPiece && pc.Color() == by {
				r.targets(sf, sk, func(tf, tk int) {
					if tf == f && tk == k {
						hit = true
					}
				})
			}
		}
	}
	return hit
}

// inCheck reports whether c's king is attacked; a side without a king is never in check.
func (r *refPos) inCheck(c shogi.Color) bool {
	for f := 1; f <= 9; f++ {
		for k := 1; k <= 9; k++ {
			if r.board[f][k] == shogi.NewPiece(c, shogi.King) {
				return r.attacked(f, k, c.Opponent())
			}
		}
	}
	return false
}

// relRank is the rank counted from c's far side.
func relRank(c shogi.Color, k int) int {
	if c == shogi.Black {
		return k
	}
	return 10 - k
}

// deadAt reports whether an unpromoted piece of type t and colour c on rank k could
// never move again.
func deadAt(c shogi.Color, t shogi.PieceType, k int) bool {
	switch t {
	case shogi.Pawn, shogi.Lance:
		return relRank(c, k) == 1
	case shogi.Knight:
		return relRank(c, k) <= 2
	}
	return false
}

// legalMoves returns every legal move. When noMateCheck is set, pawn drops are not
// tested for 打ち歩詰め (only used to ask whether a reply to a pawn-drop check exists:
// a drop never answers the check of a pawn in contact, so the answer is the same).
func (r *refPos) legalMoves(noMateCheck bool) []shogi.Move {
	var out []shogi.Move
	us := r.side
	try := func(m shogi.Move, apply func(q *refPos)) {
		q := *r
		apply(&q)
		if q.inCheck(us) {
			return
		}
		q.side = us.Opponent()
		if !noMateCheck && m.IsDrop() && m.DropType() == shogi.Pawn && q.pawnChecks(m.To()) &&
			len(q.legalMoves(true)) == 0 {
			return // 打ち歩詰め
		}
		out = append(out, m)
	}
	for f := 1; f <= 9; f++ {
		for k := 1; k <= 9; k++ {
			pc := r.board[f][k]
			if pc == shogi.NoPiece || pc.Color() != us {
				continue
			}
			t := pc.Type()
			r.targets(f, k, func(tf, tk int) {
				if dst := r.board[tf][tk]; dst != shogi.NoPiece && (dst.Color() == us || dst.Type() == shogi.King) {
					return // no move takes its own piece or a king
				}
				for _, promote := range []bool{false, true} {
					if promote && !(t.CanPromote() && (relRank(us, k) <= 3 || relRank(us, tk) <= 3)) {
						continue
					}
					if !promote && deadAt(us, t, tk) {
						continue
					}
					m := shogi.NewMove(shogi.NewSquare(f, k), shogi.NewSquare(tf, tk), promote)
					try(m, func(q *refPos) {
						if cap := q.board[tf][tk]; cap != shogi.NoPiece {
							q.hands[us][cap.Type().Unpromote()]++
						}
						moved := pc
						if promote {
							moved = shogi.NewPiece(us, t.Promote())
						}
						q.board[tf][tk] = moved
						q.board[f][k] = shogi.NoPiece
					})
				}
			})
		}
	}
	for t := shogi.Pawn; t <= shogi.Gold; t++ {
		if r.hands[us][t] == 0 {
			continue
		}
		for f := 1; f <= 9; f++ {
			if t == shogi.Pawn && r.hasPawnOnFile(us, f) {
				continue
			}
			for k := 1; k <= 9; k++ {
				if r.board[f][k] != shogi.NoPiece || deadAt(us, t, k) {
					continue
				}
				try(shogi.NewDrop(t, shogi.NewSquare(f, k)), func(q *refPos) {
					q.hands[us][t]--
					q.board[f][k] = shogi.NewPiece(us, t)
				})
			}
		}
	}
	return out
}

// pawnChecks reports whether the pawn on s attacks the opponent's king. (Only that
// check makes a pawn drop mate: in a setup where the opponent already stood in check,
// the check is not the pawn's.)
func (r *refPos) pawnChecks(s shogi.Square) bool {
	hit := false
	r.targets(s.File(), s.Rank(), func(f, k int) {
		if pc := r.board[f][k]; pc.Type() == shogi.King && pc.Color() != r.board[s.File()][s.Rank()].Color() {
			hit = true
		}
	})
	return hit
}

func (r *refPos) hasPawnOnFile(c shogi.Color, f int) bool {
	for k := 1; k <= 9; k++ {
		if r.board[f][k] == shogi.NewPiece(c, shogi.Pawn) {
			return true
		}
	}
	return false
}

// referenceMoves returns the legal moves of p by the reference generator.
func referenceMoves(p *shogi.Position) []shogi.Move {
	return refFromPosition(p).legalMoves(false)
}

// TestReferenceGeneratorPerft checks the reference generator itself against published
// counts, so that agreement with it means something.
func TestReferenceGeneratorPerft(t *testing.T) {
	var refPerft func(r *refPos, depth int) int
	refPerft = func(r *refPos, depth int) int {
		moves := r.legalMoves(false)
		if depth == 1 {
			return len(moves)
		}
		n := 0
		for _, m := range moves {
			n += refPerft(r.play(m), depth-1)
		}
		return n
	}
	for _, tc := range perftCases {
		depth := 1 // the deepest count up to 30 000 nodes
		for i, n := range tc.counts {
			if n <= 30_000 {
				depth = i + 1
			}
		}
		r := refFromPosition(mustParse(t, tc.sfen))
		if got := refPerft(r, depth); uint64(got) != tc.counts[depth-1] {
			t.Errorf("%s: reference perft(%d) = %d, want %d", tc.name, depth, got, tc.counts[depth-1])
		}
	}
}

// play returns the position after m, which must be legal.
func (r *refPos) play(m shogi.Move) *refPos {
	q := *r
	us := r.side
	to := m.To()
	if m.IsDrop() {
		q.hands[us][m.DropType()]--
		q.board[to.File()][to.Rank()] = shogi.NewPiece(us, m.DropType())
	} else {
		from := m.From()
		pc := q.board[from.File()][from.Rank()]
		if cap := q.board[to.File()][to.Rank()]; cap != shogi.NoPiece && cap.Type() != shogi.King {
			q.hands[us][cap.Type().Unpromote()]++
		}
		if m.IsPromotion() {
			pc = shogi.NewPiece(us, pc.Type().Promote())
		}
		q.board[from.File()][from.Rank()] = shogi.NoPiece
		q.board[to.File()][to.Rank()] = pc
	}
	q.side = us.Opponent()
	return &q
}
