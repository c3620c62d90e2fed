package shogi

import "fmt"

// Test-only hooks for the external tests of package shogi_test.

// Invariants checks that the redundant parts of p agree with its board and hands: the
// bitboards by type and colour, the king squares, the hash recomputed from scratch,
// and the checkers of the side to move. It returns the first disagreement.
func (p *Position) Invariants() error {
	var byType [typeCodes]Bitboard
	var byColor [2]Bitboard
	kings := [2]Square{NoSquare, NoSquare}
	if p.board[0] != NoPiece {
		return fmt.Errorf("board[0] = %v, want empty", p.board[0])
	}
	for s := Square(1); s <= NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		if !pc.IsValid() {
			return fmt.Errorf("invalid piece %#x on %v", uint8(pc), s)
		}
		byType[pc.Type()].set(s)
		byColor[pc.Color()].set(s)
		if pc.Type() == King {
			kings[pc.Color()] = s
		}
	}
	if byType != p.byType {
		return fmt.Errorf("byType bitboards disagree with the board")
	}
	if byColor != p.byColor {
		return fmt.Errorf("byColor bitboards disagree with the board:\n%v\nwant\n%v", p.byColor, byColor)
	}
	if kings != p.kings {
		return fmt.Errorf("kings = %v, board says %v", p.kings, kings)
	}
	if h := p.computeHash(); h != p.hash {
		return fmt.Errorf("incremental hash %#x, recomputed %#x", p.hash, h)
	}
	if c := p.attackersToKing(p.side); c != p.checkers {
		return fmt.Errorf("checkers %v, recomputed %v", p.checkers, c)
	}
	for c := Black; c <= White; c++ {
		for _, t := range HandTypes {
			if n := p.hands[c].Count(t); n > HandCapacity[t] {
				return fmt.Errorf("%v holds %d %ss", c, n, t)
			}
		}
		if rest := uint32(p.hands[c]) >> 30; rest != 0 {
			return fmt.Errorf("%v hand has stray bits %#x", c, uint32(p.hands[c]))
		}
	}
	return nil
}

// RecomputedHash returns the hash of p computed from scratch.
func (p *Position) RecomputedHash() uint64 { return p.computeHash() }

// PieceMoveCounts returns, for the moves of every piece but the king that end on
// target (pins kept), what countPieceMoves counts and how many addPieceMoves adds.
func (p *Position) PieceMoveCounts(target Bitboard) (counted, generated int) {
	occ := p.Occupied()
	target = target.AndNot(p.byColor[p.side].Or(p.byType[King]))
	pinned := p.pinnedPieces(p.side, occ)
	var list MoveList
	p.addPieceMoves(&list, target, pinned, occ)
	return p.countPieceMoves(target, pinned, occ), list.Len()
}
