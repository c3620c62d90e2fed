package notation

// The relative words of Japanese notation (JSA rules, formats.md §6.2–6.3).
//
// Every piece of the mover's colour and of exactly the moved type that could move to
// the destination counts, pinned or not. When there are such rivals, the movement word
// (上 forward, 引 back, 寄 sideways) comes first; the side word (右, 左, or 直 for a
// gold-mover stepping straight forward) is added when a rival moves the same way, and
// the movement word is then kept only when a rival stands on the same side. Horses and
// dragons never use 直: their 右 and 左 say which of the two stands on the mover's right.

import shogi "github.com/kifu-go/shogi"

// side returns +1 when from is on the mover's right of to, -1 on its left, 0 on its file.
func side(c shogi.Color, from, to shogi.Square) int {
	d := to.File() - from.File() // Black's right is file 1
	if c == shogi.White {
		d = -d
	}
	return sign(d)
}

// vertical returns +1 when from → to goes forward for the mover, -1 back, 0 sideways.
func vertical(c shogi.Color, from, to shogi.Square) int {
	d := from.Rank() - to.Rank() // Black moves towards rank 1
	if c == shogi.White {
		d = -d
	}
	return sign(d)
}

func sign(d int) int {
	switch {
	case d > 0:
		return 1
	case d < 0:
		return -1
	}
	return 0
}

// appendRelative appends the relative words of the board move from → to of c's piece
// of type t, with the word fwd for a horse's or a dragon's forward move.
func appendRelative(dst []byte, p *shogi.Position, c shogi.Color, t shogi.PieceType, from, to shogi.Square, fwd Forward) []byte {
	others := reachers(p, c, t, to)
	others = others.AndNot(shogi.SquareBB(from))
	if others.IsEmpty() {
		return dst
	}
	mySide, myVert := side(c, from, to), vertical(c, from, to)
	sameVert, sameSide := false, false
	otherSide := 0 // the side of the first rival that moves the same way
	for !others.IsEmpty() {
		o := others.Pop()
		s, v := side(c, o, to), vertical(c, o, to)
		if v == myVert && !sameVert {
			sameVert, otherSide = true, s
		}
		if s == mySide {
			sameSide = true
		}
	}
	straight := false
	if sameVert {
		if t == shogi.Horse || t == shogi.Dragon {
			switch {
			case mySide > 0 || mySide == 0 && otherSide < 0:
				dst = append(dst, "右"...)
			case mySide < 0 || mySide == 0 && otherSide > 0:
				dst = append(dst, "左"...)
			}
		} else {
			switch mySide {
			case 1:
				dst = append(dst, "右"...)
			case 0:
				dst, straight = append(dst, "直"...), true
			case -1:
				dst = append(dst, "左"...)
			}
		}
	}
	if !straight && (sameSide || !sameVert) {
		switch myVert {
		case 1:
			if t == shogi.Horse || t == shogi.Dragon {
				dst = append(dst, fwd.word()...)
			} else {
				dst = append(dst, "上"...)
			}
		case 0:
			dst = append(dst, "寄"...)
		case -1:
			dst = append(dst, "引"...)
		}
	}
	return dst
}

// Relative words as the decoder reads them.
const (
	relRight = 1 << iota
	relLeft
	relStraight
	relUp
	relDown
	relSideways
)

// resolveRelative picks, among the squares of cands (c's pieces of type t that can reach
// to), the one that the relative words rel name. It returns NoSquare and the reason when
// no single piece fits.
func resolveRelative(cands shogi.Bitboard, c shogi.Color, t shogi.PieceType, to shogi.Square, rel int) (shogi.Square, error) {
	all := cands
	var kept shogi.Bitboard
	for b := cands; !b.IsEmpty(); {
		o := b.Pop()
		s, v := side(c, o, to), vertical(c, o, to)
		switch {
		case rel&relUp != 0 && v != 1,
			rel&relDown != 0 && v != -1,
			rel&relSideways != 0 && v != 0,
			rel&relStraight != 0 && (s != 0 || v != 1):
			continue
		}
		if t != shogi.Horse && t != shogi.Dragon {
			if rel&relRight != 0 && s != 1 || rel&relLeft != 0 && s != -1 {
				continue
			}
		}
		kept = kept.Or(shogi.SquareBB(o))
	}
	if (t == shogi.Horse || t == shogi.Dragon) && rel&(relRight|relLeft) != 0 {
		// 右 and 左 name the rightmost or leftmost of the pieces that can reach.
		best := extreme(all, c, rel&relRight != 0)
		kept = kept.And(best)
	}
	switch {
	case kept.IsEmpty():
		return shogi.NoSquare, ErrNoCandidate
	case kept.More():
		return shogi.NoSquare, ErrAmbiguous
	}
	return kept.First(), nil
}

// extreme returns the squares of b on the mover's rightmost (right) or leftmost file.
func extreme(b shogi.Bitboard, c shogi.Color, right bool) shogi.Bitboard {
	// Black's right is file 1; White's right is file 9.
	low := right == (c == shogi.Black)
	bestFile := -1
	var best shogi.Bitboard
	for !b.IsEmpty() {
		s := b.Pop()
		f := s.File()
		switch {
		case bestFile < 0 || low && f < bestFile || !low && f > bestFile:
			bestFile, best = f, shogi.SquareBB(s)
		case f == bestFile:
			best = best.Or(shogi.SquareBB(s))
		}
	}
	return best
}

// Relative returns the words that Japanese notation adds to tell the legal move m of p
// from moves of other pieces of the same type to the same square: 右, 左 or 直 and 上, 引
// or 寄 for a board move, 打 for a drop when a board piece could also reach the square,
// and "" when the destination and piece suffice. Record formats that keep these words
// apart from the move (JKF's "relative") can use it.
func Relative(p *shogi.Position, m shogi.Move) string {
	var buf [16]byte
	c := p.SideToMove()
	if m.IsDrop() {
		if reachers(p, c, m.DropType(), m.To()).IsEmpty() {
			return ""
		}
		return "打"
	}
	t := p.PieceAt(m.From()).Type()
	return string(appendRelative(buf[:0], p, c, t, m.From(), m.To(), ForwardUp))
}
