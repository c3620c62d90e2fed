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

// isKI2Mark reports whether t starts with a turn mark.
func isKI2Mark(t string) bool {
	_, ok := markAt(t, 0)
	return ok
}

// ki2Notation is notation.KI2, called without going through the interface.
var ki2Notation = notation.KI2.(notation.Japanese)

// markAt returns the side of the turn mark (as markColor takes it) at s[i], read from
// its UTF-8 bytes: all six marks are E2 96 xx or E2 98 xx.
func markAt(s string, i int) (shogi.Color, bool) {
	if i+2 >= len(s) || s[i] != 0xE2 {
		return shogi.Black, false
	}
	switch s[i+1] {
	case 0x96:
		switch s[i+2] {
		case 0xB2, 0xBC: // ▲ ▼
			return shogi.Black, true
		case 0xB3, 0xBD: // △ ▽
			return shogi.White, true
		}
	case 0x98:
		switch s[i+2] {
		case 0x97: // ☗
			return shogi.Black, true
		case 0x96: // ☖
			return shogi.White, true
		}
	}
	return shogi.Black, false
}

// markLen is the length in bytes of every turn mark.
const markLen = len("▲")

// nextMark returns the byte index of the first turn mark in s at or after i, or len(s).
// A mark found by its bytes is one that reading s character by character meets: its
// lead byte 0xE2 is never inside another character, even in invalid UTF-8.
func nextMark(s string, i int) int {
	for i < len(s) {
		k := strings.IndexByte(s[i:], 0xE2)
		if k < 0 {
			return len(s)
		}
		i += k
		if _, ok := markAt(s, i); ok {
			return i
		}
		i++
	}
	return len(s)
}

// ki2Line reads a line of KI2 moves.
func (p *parser) ki2Line(s string, off int) error {
	if err := p.setUpStart(); err != nil {
		return err
	}
	p.anyMove = true
	col := column(s, off) // the column of s[i], counted on as the line is read
	for i := off; i < len(s); {
		switch {
		case s[i] == ' ' || s[i] == '\t':
			i++
			col++
			continue
		case strings.HasPrefix(s[i:], "　"):
			i += len("　")
			col++
			continue
		}
		c, ok := markAt(s, i)
		if !ok {
			// Text before the first mark of the line (it cannot be: the line starts
			// with one), kept as a safeguard.
			return p.unknownLine(s, i, ErrMoveSyntax)
		}
		if p.skipping {
			return nil // the rest of the line is passed over as well
		}
		j := nextMark(s, i+markLen)
		if err := p.ki2Move(c, s, i, j, col); err != nil {
			return err
		}
		col += utf8.RuneCountInString(s[i:j])
		i = j
	}
	return nil
}

// ki2Move reads one move (or special move) of side c: s[i:j] is the move with its turn
// mark, starting at column col of the line s. A lenient read that cannot read the move
// keeps the text of the line from the move on.
func (p *parser) ki2Move(c shogi.Color, s string, i, j, col int) error {
	text := trimRightSpaces(s[i:j])
	tok := trimSpaces(text[markLen:])
	if p.top().ended {
		return p.afterEnd(col)
	}
	side := p.pos.SideToMove()
	if maybeEnding(tok) {
		if kind, ok := endingKind(tok); ok {
			return p.endLine(&shogi.Ending{Kind: kind, Result: p.pos.EndingResult(kind)}, col)
		}
	}
	if c != side {
		return p.badMove(col, &shogi.IllegalMoveError{Ply: p.pos.MoveNumber(), Reason: shogi.ErrWrongSide}, trimRightSpaces(s[i:]))
	}
	m, err := ki2Notation.Decode(p.pos, text)
	if err != nil {
		var ime *shogi.IllegalMoveError
		if errors.As(err, &ime) {
			return p.badMove(col, ime, trimRightSpaces(s[i:]))
		}
		msg := "malformed move: " + strings.TrimPrefix(err.Error(), "notation: ")
		return p.badMove(col, &detailError{fmt.Errorf("%w: %w", ErrMoveSyntax, err), msg}, trimRightSpaces(s[i:]))
	}
	_, err = p.addMove(m, col)
	return err
}
