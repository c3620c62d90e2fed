package diagram

import (
	"strconv"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
)

// The text board for terminals. Each square is three columns wide: in kanji a mark
// (a space, or "v" for White) and the full-width name, " ・" when empty; in letters a
// "+" or a space, the SFEN letter and a space, " . " when empty.

var kanjiNames = [shogi.NumPieceTypes]string{
	shogi.Pawn: "歩", shogi.Lance: "香", shogi.Knight: "桂", shogi.Silver: "銀",
	shogi.Gold: "金", shogi.Bishop: "角", shogi.Rook: "飛", shogi.King: "玉",
	shogi.ProPawn: "と", shogi.ProLance: "杏", shogi.ProKnight: "圭",
	shogi.ProSilver: "全", shogi.Horse: "馬", shogi.Dragon: "龍",
}

var (
	kanjiNumbers = [...]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"}
	wideDigits   = [...]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
)

const frameLine = "+---------------------------+\n"

// ANSI select-graphic-rendition sequences of Options.Color.
const (
	sgrReset      = "\x1b[0m"
	sgrBlack      = "\x1b[1m"       // bold
	sgrWhite      = "\x1b[31m"      // red
	sgrLastBlack  = "\x1b[1;30;43m" // bold black on yellow
	sgrLastWhite  = "\x1b[31;43m"   // red on yellow
	sgrLastEmpty  = "\x1b[30;43m"   // on yellow
	sgrCheck      = "\x1b[1;97;41m" // bold bright white on red
	sgrCoordinate = "\x1b[2m"       // faint
)

// textBoard draws one text diagram.
type textBoard struct {
	p        *shogi.Position
	o        *Options
	from, to shogi.Square // the squares of the last move (from is NoSquare for a drop)
	check    shogi.Square // the king in check, or NoSquare
}

func appendText(dst []byte, p *shogi.Position, o *Options) []byte {
	b := textBoard{p: p, o: o}
	if last := p.LastMove(); last != shogi.NoMove {
		b.to = last.To()
		if !last.IsDrop() {
			b.from = last.From()
		}
	}
	if p.InCheck() {
		b.check = p.King(p.SideToMove())
	}
	top, bottom := shogi.White, shogi.Black
	if o.Flip {
		top, bottom = bottom, top
	}
	dst = b.hand(dst, top)
	dst = b.files(dst)
	dst = append(dst, frameLine...)
	for i := 1; i <= 9; i++ {
		rank := i
		if o.Flip {
			rank = 10 - i
		}
		dst = append(dst, '|')
		for j := 0; j < 9; j++ {
			file := 9 - j
			if o.Flip {
				file = j + 1
			}
			dst = b.square(dst, shogi.NewSquare(file, rank))
		}
		dst = append(dst, '|')
		if o.Letters {
			dst = append(dst, ' ')
		}
		dst = b.coordinate(dst, rankName(rank, o.Letters))
		dst = append(dst, '\n')
	}
	dst = append(dst, frameLine...)
	dst = b.hand(dst, bottom)
	dst = b.turn(dst)
	return b.lastMove(dst)
}

func rankName(rank int, letters bool) string {
	if letters {
		return string(rune('a' + rank - 1))
	}
	return kanjiNumbers[rank]
}

// files writes the line of file numbers above the board.
func (b *textBoard) files(dst []byte) []byte {
	if b.o.Color {
		dst = append(dst, sgrCoordinate...)
	}
	if !b.o.Letters {
		dst = append(dst, ' ')
	}
	for j := 0; j < 9; j++ {
		file := 9 - j
		if b.o.Flip {
			file = j + 1
		}
		if b.o.Letters {
			dst = append(dst, ' ', ' ', byte('0'+file))
		} else {
			dst = append(dst, ' ')
			dst = append(dst, wideDigits[file]...)
		}
	}
	if b.o.Color {
		dst = append(dst, sgrReset...)
	}
	return append(dst, '\n')
}

// coordinate writes a rank's name, faint in colour.
func (b *textBoard) coordinate(dst []byte, name string) []byte {
	if !b.o.Color {
		return append(dst, name...)
	}
	dst = append(dst, sgrCoordinate...)
	dst = append(dst, name...)
	return append(dst, sgrReset...)
}

// square writes one square of a row.
func (b *textBoard) square(dst []byte, sq shogi.Square) []byte {
	pc := b.p.PieceAt(sq)
	sgr := ""
	if b.o.Color {
		switch {
		case sq == b.check:
			sgr = sgrCheck
		case sq == b.to || sq == b.from:
			switch {
			case pc == shogi.NoPiece:
				sgr = sgrLastEmpty
			case pc.Color() == shogi.White:
				sgr = sgrLastWhite
			default:
				sgr = sgrLastBlack
			}
		case pc == shogi.NoPiece:
		case pc.Color() == shogi.White:
			sgr = sgrWhite
		default:
			sgr = sgrBlack
		}
	}
	dst = append(dst, sgr...)
	switch {
	case b.o.Letters && pc == shogi.NoPiece:
		dst = append(dst, " . "...)
	case b.o.Letters:
		letter := pc.Type().Letter()
		if len(letter) == 1 {
			dst = append(dst, ' ')
		}
		dst = append(dst, letter...)
		if pc.Color() == shogi.White {
			dst[len(dst)-1] += 'a' - 'A'
		}
		dst = append(dst, ' ')
	case pc == shogi.NoPiece:
		dst = append(dst, " ・"...)
	case pc.Color() == shogi.White:
		dst = append(dst, 'v')
		dst = append(dst, kanjiNames[pc.Type()]...)
	default:
		dst = append(dst, ' ')
		dst = append(dst, kanjiNames[pc.Type()]...)
	}
	if sgr != "" {
		dst = append(dst, sgrReset...)
	}
	return dst
}

// sideName names a side: 先手/後手 (下手/上手 in handicap games) or Black/White.
func (b *textBoard) sideName(c shogi.Color) string {
	switch {
	case b.o.Letters && c == shogi.Black:
		return "Black"
	case b.o.Letters:
		return "White"
	case b.o.Handicap && c == shogi.Black:
		return "下手"
	case b.o.Handicap:
		return "上手"
	case c == shogi.Black:
		return "先手"
	}
	return "後手"
}

// hand writes the line of a side's pieces in hand: "☗先手の持駒：角　歩二" or
// "Black in hand: B 2P".
func (b *textBoard) hand(dst []byte, c shogi.Color) []byte {
	h := b.p.Hand(c)
	if b.o.Letters {
		dst = append(dst, b.sideName(c)...)
		dst = append(dst, " in hand:"...)
		if h.IsEmpty() {
			return append(dst, " none\n"...)
		}
		for _, t := range shogi.HandTypes {
			n := h.Count(t)
			if n == 0 {
				continue
			}
			dst = append(dst, ' ')
			if n > 1 {
				dst = strconv.AppendInt(dst, int64(n), 10)
			}
			dst = append(dst, t.Letter()...)
		}
		return append(dst, '\n')
	}
	if c == shogi.Black {
		dst = append(dst, "☗"...)
	} else {
		dst = append(dst, "☖"...)
	}
	dst = append(dst, b.sideName(c)...)
	dst = append(dst, "の持駒："...)
	if h.IsEmpty() {
		return append(dst, "なし\n"...)
	}
	first := true
	for _, t := range shogi.HandTypes {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		if !first {
			dst = append(dst, "　"...)
		}
		first = false
		dst = append(dst, kanjiNames[t]...)
		if n >= 10 {
			dst = append(dst, "十"...)
			n -= 10
		}
		if n > 1 || n == 1 && h.Count(t) > 10 {
			dst = append(dst, kanjiNumbers[n]...)
		}
	}
	return append(dst, '\n')
}

// turn writes the side to move: "先手番" or "Black to move (move 31)".
func (b *textBoard) turn(dst []byte) []byte {
	c := b.p.SideToMove()
	dst = append(dst, b.sideName(c)...)
	if !b.o.Letters {
		return append(dst, "番\n"...)
	}
	dst = append(dst, " to move"...)
	if n := b.p.MoveNumber(); n > 1 {
		dst = append(dst, " (move "...)
		dst = strconv.AppendInt(dst, int64(n), 10)
		dst = append(dst, ')')
	}
	return append(dst, '\n')
}

// lastMove writes the number of moves played and the last of them, when known:
// "手数＝30  ▲２二角成  まで" (as BOD) or "Last move: 30. Bx22+".
func (b *textBoard) lastMove(dst []byte) []byte {
	n := b.p.MoveNumber() - 1
	last := b.p.LastMove()
	if b.o.Letters {
		if last == shogi.NoMove {
			return dst
		}
		before := b.p.Clone()
		before.Undo()
		dst = append(dst, "Last move: "...)
		dst = strconv.AppendInt(dst, int64(n), 10)
		dst = append(dst, ". "...)
		dst = notation.Western.Append(dst, before, last)
		return append(dst, '\n')
	}
	if n < 1 {
		return dst
	}
	dst = append(dst, "手数＝"...)
	dst = strconv.AppendInt(dst, int64(n), 10)
	if last != shogi.NoMove {
		before := b.p.Clone()
		before.Undo()
		dst = append(dst, "  "...)
		dst = notation.KI2.Append(dst, before, last)
		dst = append(dst, "  まで"...)
	}
	return append(dst, '\n')
}
