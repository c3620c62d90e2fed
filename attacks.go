package shogi

import "math/bits"

// Attack tables. Step pieces read a table per colour, type and square. A rook's moves
// along its file come from a table indexed by the file's inner occupancy; the other
// slider moves are precomputed rays cut at their first occupied square: rays towards
// higher square numbers with the o^(o−1) trick, the others after a leading-zero count.
// No loop over squares runs at move-generation time.

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

// upRay returns the squares of ray, a ray towards higher square numbers, up to and
// including its first occupied square. With o the occupied squares of the ray, o−1
// flips o's lowest bit and every bit below it, so o^(o−1) holds the squares up to the
// first blocker (all of them when o is empty): no branch and no table.
func upRay(ray, occ Bitboard) Bitboard {
	o := ray.And(occ)
	lo, borrow := bits.Sub64(o.Lo, 1, 0)
	hi, _ := bits.Sub64(o.Hi, 0, borrow)
	return Bitboard{ray.Lo & (o.Lo ^ lo), ray.Hi & (o.Hi ^ hi)}
}

// downRay returns the squares a slider on s reaches in d, a direction towards lower
// square numbers: the ray less what lies beyond its highest occupied square.
func downRay(d direction, s Square, occ Bitboard) Bitboard {
	ray := rays[d][s]
	o := ray.And(occ)
	if o.Hi != 0 {
		return ray.AndNot(rays[d][64+63-bits.LeadingZeros64(o.Hi)])
	}
	if o.Lo != 0 {
		return ray.AndNot(rays[d][63-bits.LeadingZeros64(o.Lo)])
	}
	return ray
}

// fileAttacks returns the squares a rook on s reaches along its file. The nine squares
// of a file are nine consecutive bits of one word (files 1–7 in Lo, 8–9 in Hi), so the
// seven inner ones index a table of the reachable ranks.
func fileAttacks(s Square, occ Bitboard) Bitboard {
	sh := fileShift[s]
	r := s.Rank() - 1
	if s < 64 {
		return Bitboard{Lo: uint64(fileTable[r][occ.Lo>>(sh+1)&0x7F]) << sh}
	}
	return Bitboard{Hi: uint64(fileTable[r][occ.Hi>>(sh+1)&0x7F]) << sh}
}

var (
	// fileShift[s] is the bit, in its word, of the first square (rank 1) of s's file.
	fileShift [NumSquares + 1]uint
	// fileTable[r][inner] holds, as bits 0–8 for ranks 1–9, the ranks a rook on rank
	// r+1 reaches when the ranks 2–8 of its file are occupied as the bits of inner.
	fileTable [9][128]uint16
)

func init() {
	for s := Square(1); s <= NumSquares; s++ {
		first := NewSquare(s.File(), 1)
		fileShift[s] = uint(first) % 64
	}
	for r := range 9 {
		for inner := range 128 {
			occupied := func(rank int) bool { return rank >= 1 && rank <= 7 && inner>>(rank-1)&1 != 0 }
			var reach uint16
			for x := r - 1; x >= 0; x-- {
				reach |= 1 << x
				if occupied(x) {
					break
				}
			}
			for x := r + 1; x < 9; x++ {
				reach |= 1 << x
				if occupied(x) {
					break
				}
			}
			fileTable[r][inner] = reach
		}
	}
}

// rayAttacks returns the squares a slider on s reaches in direction d.
func rayAttacks(d direction, s Square, occ Bitboard) Bitboard {
	switch d {
	case dirN, dirE, dirNE, dirSE: // towards lower square numbers
		return downRay(d, s, occ)
	default:
		return upRay(rays[d][s], occ)
	}
}

func lanceAttacks(c Color, s Square, occ Bitboard) Bitboard {
	if c == Black {
		return downRay(dirN, s, occ)
	}
	return upRay(rays[dirS][s], occ)
}

func bishopAttacks(s Square, occ Bitboard) Bitboard {
	return downRay(dirNE, s, occ).Or(upRay(rays[dirNW][s], occ)).
		Or(downRay(dirSE, s, occ)).Or(upRay(rays[dirSW][s], occ))
}

func rookAttacks(s Square, occ Bitboard) Bitboard {
	return fileAttacks(s, occ).Or(downRay(dirE, s, occ)).Or(upRay(rays[dirW][s], occ))
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

// attacksSquare reports whether a piece of colour c and type t on s attacks the square
// x, with occ as the occupied squares: a step, or a slide along one ray, with no
// attack set built.
func attacksSquare(c Color, t PieceType, s, x Square, occ Bitboard) bool {
	if stepAttacks[c][t][s].Has(x) {
		return true // Horse's and Dragon's steps included
	}
	d := directionOf[s][x]
	if d == 0 {
		return false
	}
	dir := direction(d - 1)
	switch t {
	case Lance:
		if c == Black && dir != dirN || c == White && dir != dirS {
			return false
		}
	case Bishop, Horse:
		if dir < dirNE {
			return false
		}
	case Rook, Dragon:
		if dir >= dirNE {
			return false
		}
	default:
		return false
	}
	return rayAttacks(dir, s, occ).Has(x)
}

// Attacks returns the squares that piece p standing on s attacks, given the occupied squares occ.
func Attacks(p Piece, s Square, occ Bitboard) Bitboard {
	if !p.IsValid() || !s.IsValid() {
		return Bitboard{}
	}
	return pieceAttacks(p.Color(), p.Type(), s, occ)
}
