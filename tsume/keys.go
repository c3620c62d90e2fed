package tsume

// Hash keys of the search. The table is keyed by the board and the side to move only,
// so that positions differing in their hands meet in one bucket (hand domination);
// the root package's Position.Hash covers the hands too, so the search keeps its own
// board key, updated move by move.

import "github.com/kifu-go/shogi"

var (
	// zobristPiece[pc][s] is the key of piece pc on square s; its rows are 128 long
	// (the squares past NumSquares unused) so that pieceKey's masked indexes need no
	// bounds check.
	zobristPiece [32][128]uint64
	zobristSide  uint64
)

// pieceKey returns zobristPiece[pc][s].
func pieceKey(pc shogi.Piece, s shogi.Square) uint64 { return zobristPiece[pc&31][s&127] }

func init() {
	state := uint64(0x5453_554d_455f_4b59) // "TSUME_KY"
	for pc := range zobristPiece {
		for s := range shogi.NumSquares + 1 {
			state, zobristPiece[pc][s] = splitmix(state)
		}
	}
	_, zobristSide = splitmix(state)
}

// splitmix returns the next state of the splitmix64 generator and its output.
func splitmix(state uint64) (uint64, uint64) {
	state += 0x9e3779b97f4a7c15
	z := state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return state, z ^ z>>31
}

// boardKey computes the key of p's board and side to move from scratch.
func boardKey(p *shogi.Position) uint64 {
	var k uint64
	for s := shogi.Square(1); s <= shogi.NumSquares; s++ {
		if pc := p.PieceAt(s); pc != shogi.NoPiece {
			k ^= zobristPiece[pc][s]
		}
	}
	if p.SideToMove() == shogi.White {
		k ^= zobristSide
	}
	return k
}

// pathStep returns the key of a path extended by one position: a hash of the path's
// key and the position's board key and hands. No path key is 0.
func pathStep(path, key uint64, atk, def shogi.Hand) uint64 {
	_, h := splitmix(path ^ key*0x2545f4914f6cdd1d ^ (uint64(atk)<<32 | uint64(def)))
	return h | 1
}
