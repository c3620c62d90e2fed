package shogi

// Zobrist keys for the position hash. The hash is the XOR of one key per piece on its
// square, one key per (colour, type, count) for every non-empty hand entry, and the
// side key when White is to move. Keys come from a fixed-seed generator so that hashes
// are the same in every run and on every platform.

var (
	zobristPiece [32][NumSquares + 1]uint64
	zobristHand  [2][NumPieceTypes][64]uint64 // index 0 is always 0
	zobristSide  uint64
)

func init() {
	state := uint64(0x5348_4f47_495f_5a42) // "SHOGI_ZB"
	next := func() uint64 {                // splitmix64
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for pc := range zobristPiece {
		for s := 1; s <= NumSquares; s++ {
			zobristPiece[pc][s] = next()
		}
	}
	for c := range zobristHand {
		for _, t := range HandTypes {
			for n := 1; n <= MaxInHand[t]; n++ {
				zobristHand[c][t][n] = next()
			}
		}
	}
	zobristSide = next()
	// Counts beyond the game's own (Setup.AllowExtraPieces) get keys after all the
	// others, so that the keys of ordinary positions never change.
	for c := range zobristHand {
		for _, t := range HandTypes {
			for n := MaxInHand[t] + 1; n <= HandCapacity[t]; n++ {
				zobristHand[c][t][n] = next()
			}
		}
	}
}

// computeHash recomputes the hash from scratch; Play and Undo keep it incrementally.
func (p *Position) computeHash() uint64 {
	var h uint64
	for s := Square(1); s <= NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			h ^= zobristPiece[pc][s]
		}
	}
	for c := Black; c <= White; c++ {
		for _, t := range HandTypes {
			h ^= zobristHand[c][t][p.hands[c].Count(t)]
		}
	}
	if p.side == White {
		h ^= zobristSide
	}
	return h
}
