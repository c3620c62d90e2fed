package kif

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
)

// Board diagrams (BOD, formats.md §2.7): the hands "後手の持駒：…" and "先手の持駒：…"
// (上手/下手 in handicap games), nine rows "| ・v香 歩…|一" between frames, and an
// optional turn line "後手番". A diagram gives the start position of a record.

// BoardOptions change how [AppendBoard] and [FormatBoard] write a diagram. A nil
// *BoardOptions writes as the zero value does.
type BoardOptions struct {
	// Handicap names the sides 下手 and 上手 (the receiver and the giver of a handicap)
	// instead of 先手 and 後手, as the diagrams of handicap games do.
	Handicap bool
}

// ErrNotPosition is the error of [ParseBoard] for text that holds moves: it is a
// record, which [Parse] reads, not a position alone.
var ErrNotPosition = errors.New("kif: the text holds moves, not a position alone (read it with Parse)")

// FormatBoard returns the board diagram (BOD) of p as the [Writer] writes a record's
// start position, and as Kifu for Windows prints a position: White's hand
// (後手の持駒：…), the framed board with a "v" before White's pieces and the ranks in
// kanji, Black's hand (先手の持駒：…), the line 後手番 when White is to move, and a
// line 手数＝N for a position after N moves. When p was reached by playing moves
// ([shogi.Position.LastMove] is not NoMove), that line also names the last move in
// KI2 notation, "手数＝171  ▲６二角成  まで". [ParseBoard] and [Parse] read it back:
//
//	後手の持駒：歩二
//	  ９ ８ ７ ６ ５ ４ ３ ２ １
//	+---------------------------+
//	|v香v桂v銀v金v玉 ・ ・v桂v香|一
//	…
//	| 香 桂 ・ 金 ・ ・ ・ 桂 香|九
//	+---------------------------+
//	先手の持駒：角　歩二
//	後手番
//	手数＝30  ▲２二角成  まで
func FormatBoard(p *shogi.Position, o *BoardOptions) string {
	return string(AppendBoard(make([]byte, 0, 640), p, o))
}

// AppendBoard appends the board diagram of p, as [FormatBoard] returns it, to dst.
func AppendBoard(dst []byte, p *shogi.Position, o *BoardOptions) []byte {
	handicap := o != nil && o.Handicap
	dst = appendBoard(dst, p, handicap)
	n := p.MoveNumber() - 1
	if n < 1 {
		return dst
	}
	dst = append(dst, "手数＝"...)
	dst = strconv.AppendInt(dst, int64(n), 10)
	if last := p.LastMove(); last != shogi.NoMove {
		before := p.Clone()
		before.Undo()
		dst = append(dst, "  "...)
		dst = notation.KI2.Append(dst, before, last)
		dst = append(dst, "  まで"...)
	}
	return append(dst, '\n')
}

// ParseBoard reads a position given alone as a board diagram (BOD), the way people
// paste positions: the text [FormatBoard] writes, or a diagram written by another
// program, with or without header lines around it ("先手：…"), a 手番 line, a
// 手数＝N line (the position is then after N moves; the move named after the number,
// if any, is not needed and not read) and a 手合割 line (which gives the position when
// there is no diagram). It is strict, as [Parse] is, and its errors are Parse's. Text
// that holds moves is a record, not a position: the error is [ErrNotPosition]. The
// position has no moves behind it: its LastMove is NoMove.
//
// Like the start positions of records, a diagram may show a composed position that
// could not arise in a game (see [shogi.Setup.AllowUnreachable]).
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

// boardReader collects the lines of a diagram.
type boardReader struct {
	setup   shogi.Setup
	rows    uint16 // bit r is set when rank r was read
	started bool   // a frame or a row was read
	line    int    // the first line of the diagram
	hands   bool   // a hand line was read
}

// boardKeys are the header-like keys of diagram lines.
func handColor(key string) (shogi.Color, bool) {
	switch key {
	case "先手の持駒", "下手の持駒":
		return shogi.Black, true
	case "後手の持駒", "上手の持駒":
		return shogi.White, true
	}
	return shogi.Black, false
}

// turnLine reports whether s is a turn line of a diagram and which side it names.
func turnLine(s string) (shogi.Color, bool) {
	switch s {
	case "先手番", "下手番":
		return shogi.Black, true
	case "後手番", "上手番":
		return shogi.White, true
	}
	return shogi.Black, false
}

// isBoardLine reports whether a trimmed line belongs to the drawing of a diagram: the
// file numbers, a frame or a row.
func isBoardLine(s string) bool {
	return strings.HasPrefix(s, "+-") || strings.HasPrefix(s, "|") ||
		strings.HasPrefix(s, "９ ８") || strings.HasPrefix(s, "9 8")
}

// readHand parses the pieces of a hand line's value. It returns the 0-based character
// index of a bad entry.
func (b *boardReader) readHand(c shogi.Color, value string) (int, error) {
	b.hands = true
	h := shogi.Hand(0)
	value = strings.TrimRight(value, " 　")
	if value == "なし" || value == "" {
		b.setup.Hands[c] = h
		return 0, nil
	}
	for i := 0; i < len(value); {
		r, n := utf8.DecodeRuneInString(value[i:])
		if r == ' ' || r == '　' || r == '、' || r == ',' {
			i += n
			continue
		}
		t := pieceRune(r)
		if t == shogi.NoPieceType || !t.CanDrop() {
			return utf8.RuneCountInString(value[:i]), ErrHand
		}
		count, used := parseKanjiNumber(value[i+n:])
		if used == 0 {
			count = 1
		}
		if h.Count(t)+count > shogi.MaxInHand[t] {
			return utf8.RuneCountInString(value[:i]), ErrHand
		}
		h = h.WithCount(t, h.Count(t)+count)
		i += n + used
	}
	b.setup.Hands[c] = h
	return 0, nil
}

// readRow parses a row "| ・v香 歩 …|一". It returns the 0-based character index of
// a problem.
func (b *boardReader) readRow(s string) (int, error) {
	b.started = true
	runes := []rune(s)
	if len(runes) < 19 || runes[0] != '|' {
		return 0, ErrBoard
	}
	rank := 0
	if len(runes) >= 21 && runes[19] == '|' {
		rank = digitValue(runes[20])
	} else if len(runes) == 20 && runes[19] == '|' {
		for r := 1; r <= 9; r++ {
			if b.rows&(1<<r) == 0 {
				rank = r
				break
			}
		}
	}
	if rank == 0 || b.rows&(1<<rank) != 0 {
		return min(len(runes)-1, 20), ErrBoard
	}
	b.rows |= 1 << rank
	for file := 9; file >= 1; file-- {
		i := 1 + 2*(9-file)
		mark, name := runes[i], runes[i+1]
		sq := shogi.NewSquare(file, rank)
		if name == '・' && (mark == ' ' || mark == '　') {
			b.setup.Put(sq, shogi.NoPiece)
			continue
		}
		t := pieceRune(name)
		if t == shogi.NoPieceType {
			return i + 1, ErrBoard
		}
		switch mark {
		case ' ', '+', '^', '　':
			b.setup.Put(sq, shogi.NewPiece(shogi.Black, t))
		case 'v', 'V':
			b.setup.Put(sq, shogi.NewPiece(shogi.White, t))
		default:
			return i, ErrBoard
		}
	}
	return 0, nil
}

// complete reports whether all nine rows were read.
func (b *boardReader) complete() bool { return b.rows == 0x3FE }

// appendBoard writes the diagram of p without its 手数 line.
func appendBoard(dst []byte, p *shogi.Position, handicap bool) []byte {
	dst = appendHand(dst, p.Hand(shogi.White), sideName(shogi.White, handicap))
	dst = append(dst, "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n"...)
	for rank := 1; rank <= 9; rank++ {
		dst = append(dst, '|')
		for file := 9; file >= 1; file-- {
			pc := p.PieceAt(shogi.NewSquare(file, rank))
			switch {
			case pc == shogi.NoPiece:
				dst = append(dst, " ・"...)
			case pc.Color() == shogi.White:
				dst = append(dst, 'v')
				dst = utf8.AppendRune(dst, boardNames[pc.Type()])
			default:
				dst = append(dst, ' ')
				dst = utf8.AppendRune(dst, boardNames[pc.Type()])
			}
		}
		dst = append(dst, '|')
		dst = utf8.AppendRune(dst, kanjiDigits[rank])
		dst = append(dst, '\n')
	}
	dst = append(dst, "+---------------------------+\n"...)
	dst = appendHand(dst, p.Hand(shogi.Black), sideName(shogi.Black, handicap))
	if p.SideToMove() == shogi.White {
		dst = append(dst, sideName(shogi.White, handicap)...)
		dst = append(dst, "番\n"...)
	}
	return dst
}

func appendHand(dst []byte, h shogi.Hand, side string) []byte {
	dst = append(dst, side...)
	dst = append(dst, "の持駒："...)
	if h.IsEmpty() {
		return append(dst, "なし\n"...)
	}
	for _, t := range shogi.HandTypes {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		dst = utf8.AppendRune(dst, boardNames[t])
		if n > 1 {
			dst = appendKanjiNumber(dst, n)
		}
		dst = append(dst, "　"...)
	}
	return append(dst, '\n')
}
