package kif

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
)

// KI2 move lines (formats.md §3): moves in Japanese notation, each after a turn mark,
// several to a line: "▲７六歩 △８四歩 ▲同　飛". The notation package resolves the
// relative words against the position. A special move may stand in the stream as
// well ("△投了", as Shogi DB2 writes).

// markColor returns the side of a turn mark ▲△ (also ☗☖ and ▼▽).
func markColor(r rune) (shogi.Color, bool) {
	switch r {
	case '▲', '☗', '▼':
		return shogi.Black, true
	case '△', '☖', '▽':
		return shogi.White, true
	}
	return shogi.Black, false
}

func isKI2Mark(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	_, ok := markColor(r)
	return ok
}

// ki2Line reads a line of KI2 moves.
func (p *parser) ki2Line(s string, off int) error {
	if err := p.setUpStart(); err != nil {
		return err
	}
	p.anyMove = true
	col := column(s, off) // the column of s[i], counted on as the line is read
	for i := off; i < len(s); {
		r, n := leadRune(s[i:])
		if isSpace(r) {
			i += n
			col++
			continue
		}
		c, ok := markColor(r)
		j, runes := i+n, 1
		for j < len(s) {
			r2, n2 := leadRune(s[j:])
			if _, ok := markColor(r2); ok {
				break
			}
			j += n2
			runes++
		}
		if !ok {
			// Text before the first mark of the line (it cannot be: the line starts
			// with one), kept as a safeguard.
			return p.unknownLine(s, i, ErrMoveSyntax)
		}
		if err := p.ki2Move(c, trimRightSpaces(s[i:j]), n, col, trimRightSpaces(s[i:])); err != nil {
			return err
		}
		i, col = j, col+runes
	}
	return nil
}

// ki2Move reads one move (or special move): text is the move with its turn mark of
// side c, markLen bytes long; rest is the text line from the move on, which a lenient
// read keeps when it cannot read the move.
func (p *parser) ki2Move(c shogi.Color, text string, markLen, col int, rest string) error {
	tok := trimSpaces(text[markLen:])
	if p.skipping {
		return nil
	}
	if p.top().ended {
		return p.afterEnd(col)
	}
	side := p.pos.SideToMove()
	if maybeEnding(tok) {
		if kind, ok := endingKind(tok); ok {
			return p.endLine(&shogi.Ending{Kind: kind, Result: shogi.ResultOf(kind, side)}, col)
		}
	}
	if c != side {
		return p.badMove(col, &shogi.IllegalMoveError{Ply: p.pos.MoveNumber(), Reason: shogi.ErrWrongSide}, rest)
	}
	m, err := notation.KI2.Decode(p.pos, text)
	if err != nil {
		var ime *shogi.IllegalMoveError
		if errors.As(err, &ime) {
			return p.badMove(col, ime, rest)
		}
		msg := "malformed move: " + strings.TrimPrefix(err.Error(), "notation: ")
		return p.badMove(col, &detailError{fmt.Errorf("%w: %w", ErrMoveSyntax, err), msg}, rest)
	}
	_, err = p.addMove(m, col)
	return err
}
