package csa

import (
	"errors"

	"github.com/kifu-go/shogi"
)

// ErrNotPosition is the error of [ParseBoard] for text that holds moves or an ending:
// it is a record, which [Parse] reads, not a position alone.
var ErrNotPosition = errors.New("csa: the text holds moves, not a position alone (read it with Parse)")

// FormatBoard returns the position p as a CSA record gives its start position, and as
// the [Writer] writes it: the nine rows P1 to P9 (file 9 first, " * " for an empty
// square, + or - and the piece's code otherwise), a line P+ and a line P- with the
// pieces in each hand (00 and the code, once per piece; none for an empty hand), and
// the side to move, + or -:
//
//	P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
//	P2 * -HI *  *  *  *  * -KA *
//	…
//	P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
//	P+00KA00FU00FU
//	-
//
// CSA has no move number: [ParseBoard] reads the text back as the same board, hands
// and side to move, at move 1.
func FormatBoard(p *shogi.Position) string {
	return string(AppendBoard(make([]byte, 0, 320), p))
}

// AppendBoard appends the position p, as [FormatBoard] returns it, to dst.
func AppendBoard(dst []byte, p *shogi.Position) []byte {
	for rank := 1; rank <= 9; rank++ {
		dst = append(dst, 'P', byte('0'+rank))
		for file := 9; file >= 1; file-- {
			pc := p.PieceAt(shogi.NewSquare(file, rank))
			if pc == shogi.NoPiece {
				dst = append(dst, " * "...)
				continue
			}
			dst = append(dst, colorSign(pc.Color()))
			dst = append(dst, pieceCodes[pc.Type()]...)
		}
		dst = append(dst, '\n')
	}
	for _, c := range []shogi.Color{shogi.Black, shogi.White} {
		h := p.Hand(c)
		if h.IsEmpty() {
			continue
		}
		dst = append(dst, 'P', colorSign(c))
		for _, t := range shogi.HandTypes {
			for range h.Count(t) {
				dst = append(dst, "00"...)
				dst = append(dst, pieceCodes[t]...)
			}
		}
		dst = append(dst, '\n')
	}
	return append(dst, colorSign(p.SideToMove()), '\n')
}

// ParseBoard reads a position given alone in CSA: the rows P1 to P9 or a PI line (with
// the pieces it removes), P+ and P- lines, and the side to move, with or without a
// version line, game information and comments around them, as [Parse] reads the start
// of a record and with Parse's errors. Text that holds moves or an ending is a record,
// not a position: the error is [ErrNotPosition]. The position is at move 1.
//
// Like the start positions of records, it may be a composed position that could not
// arise in a game (see [shogi.Setup.AllowUnreachable]).
func ParseBoard(data []byte) (*shogi.Position, error) {
	rec, err := Parse(data)
	if err != nil {
		return nil, err
	}
	if len(rec.Root.Children) > 0 || rec.Root.End != nil {
		return nil, ErrNotPosition
	}
	return rec.StartPosition()
}
