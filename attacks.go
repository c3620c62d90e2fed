package shogi

// Attack tables. Step pieces read a table per colour, type and square; sliders walk
// precomputed rays and stop at the first occupied square. Rays that run towards higher
// square numbers find their first blocker with a trailing-zero count, the others with
// a leading-zero count, so no loop over squares runs at move-generation time.

type direction uint8

// Directions as seen by Black: north is towards rank 1, east towards file 1.
const (
	dirN direction = iota
	dirS
	dirE
	dirW
	dirNE
	dirNW
	dirSE
	dirSW
	numDirections
)

// fileRankDelta gives the file and rank change of one step in each direction.
var fileRankDelta = [numDirections][2]int{
	dirN: {0, -1}, dirS: {0, 1}, dirE: {-1, 0}, dirW: {1, 0},
	dirNE: {-1, -1}, dirNW: {1, -1}, dirSE: {-1, 1}, dirSW: {1, 1},
}

// increasing reports whether a direction runs towards higher square numbers.
var increasing = [numDirections]bool{dirS: true, dirW: true, dirNW: true, dirSW: true}

var (
	rays        [numDirections][NumSquares + 1]Bitboard
	stepAttacks [2][NumPieceTypes][NumSquares + 1]Bitboard
	// between[a][b] holds the squares strictly between a and b when they share a
	// line, and nothing otherwise.
	between [NumSquares + 1][NumSquares + 1]Bitboard
	// line[a][b] holds every square of the line through a and b (a and b included),
	// and nothing when they share no line.
	line [NumSquares + 1][NumSquares + 1]Bitboard
	// directionOf[a][b] is 1+the direction from a to b when they share a line, else 0.
	directionOf [NumSquares + 1][NumSquares + 1]uint8
)

func init() {
	for s := Square(1); s <= NumSquares; s++ {
		for d := direction(0); d < numDirections; d++ {
			f, r := s.File(), s.Rank()
			for {
				f += fileRankDelta[d][0]
				r += fileRankDelta[d][1]
				t := NewSquare(f, r)
				if t == NoSquare {
					break
				}
				rays[d][s].set(t)
				directionOf[s][t] = uint8(d) + 1
			}
		}
	}
	for a := Square(1); a <= NumSquares; a++ {
		for b := Square(1); b <= NumSquares; b++ {
			d := directionOf[a][b]
			if d == 0 {
				continue
			}
			dir := direction(d - 1)
			between[a][b] = rays[dir][a].And(rays[opposite(dir)][b])
			line[a][b] = rays[dir][a].Or(rays[opposite(dir)][a]).Or(SquareBB(a))
		}
	}
	type delta struct{ df, dr int }
	steps := map[PieceType][]delta{
		Pawn:   {{0, -1}},
		Knight: {{-1, -2}, {1, -2}},
		Silver: {{0, -1}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
		Gold:   {{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}},
		King:   {{0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, 1}, {1, 1}},
		Horse:  {{0, -1}, {-1, 0}, {1, 0}, {0, 1}},
		Dragon: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	}
	steps[ProPawn], steps[ProLance], steps[ProKnight], steps[ProSilver] = steps[Gold], steps[Gold], steps[Gold], steps[Gold]
	for c := Black; c <= White; c++ {
		sign := 1
		if c == White {
			sign = -1
		}
		for t, ds := range steps {
			for s := Square(1); s <= NumSquares; s++ {
				for _, d := range ds {
					if to := NewSquare(s.File()+d.df, s.Rank()+d.dr*sign); to != NoSquare {
						stepAttacks[c][t][s].set(to)
					}
				}
			}
		}
	}
}

func opposite(d direction) direction {
	switch d {
	case dirN:
		return dirS
	case dirS:
		return dirN
	case dirE:
		return dirW
	case dirW:
		return dirE
	case dirNE:
		return dirSW
	case dirSW:
		return dirNE
	case dirNW:
		return dirSE
	default:
		return dirNW
	}
}

// rayAttacks returns the squares a slider on s reaches in direction d: the ray up to
// and including the first occupied square.
func rayAttacks(d direction, s Square, occ Bitboard) Bitboard {
	ray := rays[d][s]
	blockers := ray.And(occ)
	if blockers.IsEmpty() {
		return ray
	}
	var b Square
	if increasing[d] {
		b = blockers.First()
	} else {
		b = blockers.last()
	}
	return ray.AndNot(rays[d][b])
}

func lanceAttacks(c Color, s Square, occ Bitboard) Bitboard {
	if c == Black {
		return rayAttacks(dirN, s, occ)
	}
	return rayAttacks(dirS, s, occ)
}

func bishopAttacks(s Square, occ Bitboard) Bitboard {
	return rayAttacks(dirNE, s, occ).Or(rayAttacks(dirNW, s, occ)).
		Or(rayAttacks(dirSE, s, occ)).Or(rayAttacks(dirSW, s, occ))
}

func rookAttacks(s Square, occ Bitboard) Bitboard {
	return rayAttacks(dirN, s, occ).Or(rayAttacks(dirS, s, occ)).
		Or(rayAttacks(dirE, s, occ)).Or(rayAttacks(dirW, s, occ))
}

// pieceAttacks returns the squares a piece of colour c and type t on s attacks.
func pieceAttacks(c Color, t PieceType, s Square, occ Bitboard) Bitboard {
	switch t {
	case Lance:
		return lanceAttacks(c, s, occ)
	case Bishop:
		return bishopAttacks(s, occ)
	case Rook:
		return rookAttacks(s, occ)
	case Horse:
		return bishopAttacks(s, occ).Or(stepAttacks[c][Horse][s])
	case Dragon:
		return rookAttacks(s, occ).Or(stepAttacks[c][Dragon][s])
	default:
		return stepAttacks[c][t][s]
	}
}

// Attacks returns the squares that piece p standing on s attacks, given the occupied squares occ.
func Attacks(p Piece, s Square, occ Bitboard) Bitboard {
	if !p.IsValid() || !s.IsValid() {
		return Bitboard{}
	}
	return pieceAttacks(p.Color(), p.Type(), s, occ)
}
