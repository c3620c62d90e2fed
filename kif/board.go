package kif

import (
	"strings"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
)

// Board diagrams (BOD, formats.md §2.7): the hands "後手の持駒：…" and "先手の持駒：…"
// (上手/下手 in handicap games), nine rows "| ・v香 歩…|一" between frames, and an
// optional turn line "後手番". A diagram gives the start position of a record.

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

// appendBoard writes the diagram of p.
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
