package notation

// Lines of play. Japanese styles number every ply ("31.☗5八金右 32.☖3三桂打 33.☗同角成
// 34.☖4九成銀 35.投了"); Western styles and Kitao–Kawasaki number pairs of moves, Black's
// move first ("16.G49-58 N*33 17.Bx33+ +S-49"), and a pair that starts with White's move
// is written "1…K-52"; USI and CSA moves are written one after another.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
)

// Line is a line of play: its moves and, when the line says so, how it ended.
type Line struct {
	Moves []shogi.Move
	End   shogi.EndingKind // shogi.EndNone when the line just stops
}

// LineFormat writes and reads lines of play in one style.
type LineFormat struct {
	Notation Notation
	// Unnumbered leaves out the move numbers: "▲58金右 △33桂打 ▲同角成 △49成銀 投了".
	Unnumbered bool
	// Start writes "開始" (numbered one less than the first move, "0.開始" at the start of
	// a game) before a line in a Japanese style.
	Start bool
	// Multiline starts a new text line, instead of a space, before each move number
	// (each ply in a Japanese style, each pair in a Western one: "16.G49-58 N*33" and
	// "17.Bx33+ +S-49"), before each move when there are no numbers, and before the
	// ending, as books print a game.
	Multiline bool
	// NumberSpace writes a space after each move number: "1. P-7f P-3d".
	NumberSpace bool
}

// LineError reports where a line of play went wrong.
type LineError struct {
	Column int   // the character (not byte) column, from 1, where the line went wrong
	Err    error // an *Error from decoding the move, or ErrMoveNumber, ErrAfterEnding, …
}

func (e *LineError) Error() string {
	var ne *Error
	if errors.As(e.Err, &ne) && ne == e.Err {
		return fmt.Sprintf("notation: column %d: %s %s: %s", e.Column, ne.Notation, quote(ne.Text), ne.detail(false))
	}
	return fmt.Sprintf("notation: column %d: %s", e.Column, reason(e.Err))
}

func (e *LineError) Unwrap() error { return e.Err }

type lineFamily uint8

const (
	familyPlain    lineFamily = iota // no numbers
	familyJapanese                   // numbered by ply
	familyWestern                    // numbered by pairs
)

func familyOf(n Notation) lineFamily {
	switch n.(type) {
	case Japanese:
		return familyJapanese
	case western:
		return familyWestern
	}
	return familyPlain
}

// End words by family.
var (
	// 反則手 ends a line where the side to move has fouled (and loses), 反則勝ち one
	// where the previous move was the foul.
	japaneseEndWords = []endWord{
		{shogi.EndResign, "投了"}, {shogi.EndSennichite, "千日手"}, {shogi.EndJishogi, "持将棋"},
		{shogi.EndIllegalLoss, "反則手"}, {shogi.EndTimeUp, "時間切れ"}, {shogi.EndMate, "詰み"},
		{shogi.EndInterrupt, "中断"}, {shogi.EndIllegalWin, "反則勝ち"}, {shogi.EndEnteringKingWin, "入玉勝ち"},
		{shogi.EndDefaultWin, "不戦勝"}, {shogi.EndDefaultLoss, "不戦敗"}, {shogi.EndNoMate, "不詰"},
		{shogi.EndMaxMoves, "最大手数"}, {shogi.EndSealedMove, "封じ手"},
		// Read only:
		{shogi.EndIllegalLoss, "反則負け"}, {shogi.EndTimeUp, "切れ負け"}, {shogi.EndMate, "詰"},
	}
	westernEndWords = []endWord{
		{shogi.EndResign, "resigns"}, {shogi.EndSennichite, "repetition"}, {shogi.EndJishogi, "impasse"},
		{shogi.EndIllegalLoss, "illegal"}, {shogi.EndTimeUp, "time"}, {shogi.EndMate, "mate"},
		{shogi.EndInterrupt, "interrupted"}, {shogi.EndIllegalWin, "foul"}, {shogi.EndEnteringKingWin, "declaration"},
		// Read only:
		{shogi.EndResign, "resign"}, {shogi.EndMate, "checkmate"},
	}
	usiEndWords = []endWord{
		{shogi.EndResign, "resign"}, {shogi.EndSennichite, "rep_draw"}, {shogi.EndDraw, "draw"},
		{shogi.EndTimeUp, "timeout"}, {shogi.EndInterrupt, "break"}, {shogi.EndEnteringKingWin, "win"},
	}
	csaEndWords = []endWord{
		{shogi.EndResign, "%TORYO"}, {shogi.EndInterrupt, "%CHUDAN"}, {shogi.EndSennichite, "%SENNICHITE"},
		{shogi.EndTimeUp, "%TIME_UP"}, {shogi.EndIllegalLoss, "%ILLEGAL_MOVE"}, {shogi.EndJishogi, "%JISHOGI"},
		{shogi.EndEnteringKingWin, "%KACHI"}, {shogi.EndDraw, "%HIKIWAKE"}, {shogi.EndMatta, "%MATTA"},
		{shogi.EndMate, "%TSUMI"}, {shogi.EndNoMate, "%FUZUMI"}, {shogi.EndError, "%ERROR"},
		{shogi.EndMaxMoves, "%MAX_MOVES"},
		// %+ILLEGAL_ACTION and %-ILLEGAL_ACTION are handled apart: the sign names the side
		// that fouled.
	}
)

type endWord struct {
	kind shogi.EndingKind
	word string
}

func endWordsOf(n Notation) []endWord {
	switch n.(type) {
	case Japanese:
		return japaneseEndWords
	case western:
		return westernEndWords
	case csa:
		return csaEndWords
	}
	return usiEndWords
}

// endWordFor returns the word for kind k with side to move, or false.
func endWordFor(n Notation, k shogi.EndingKind, side shogi.Color) (string, bool) {
	if _, ok := n.(csa); ok && k == shogi.EndIllegalWin {
		if side == shogi.Black {
			return "%-ILLEGAL_ACTION", true // White fouled
		}
		return "%+ILLEGAL_ACTION", true
	}
	for _, e := range endWordsOf(n) {
		if e.kind == k {
			return e.word, true
		}
	}
	return "", false
}

// endKindOf returns the ending that word names with side to move, or false.
func endKindOf(n Notation, word string, side shogi.Color) (shogi.EndingKind, bool) {
	if _, ok := n.(csa); ok {
		switch word {
		case "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION":
			if (word[1] == '+') == (side == shogi.Black) {
				return shogi.EndIllegalLoss, true // the side to move fouled
			}
			return shogi.EndIllegalWin, true
		}
	}
	_, western := n.(western)
	for _, e := range endWordsOf(n) {
		if e.word == word || western && strings.EqualFold(e.word, word) {
			return e.kind, true
		}
	}
	return shogi.EndNone, false
}

// pairNumber returns the Western move number of the move at ply (SFEN move count) by
// side: Black's move opens each pair.
func pairNumber(ply int, side shogi.Color) int {
	if (side == shogi.Black) == (ply%2 == 1) {
		return (ply + 1) / 2
	}
	return ply/2 + 1
}

// Append appends line, played from p, to dst. p is left as it was. A move that is not
// legal stops it with the *shogi.IllegalMoveError; an ending that the style has no word
// for, with ErrEnding.
func (f LineFormat) Append(dst []byte, p *shogi.Position, line Line) ([]byte, error) {
	q := p.Clone()
	fam := familyOf(f.Notation)
	numbered := !f.Unnumbered && fam != familyPlain
	first := true
	// sep separates two words; brk says that a new text line may start there.
	sep := func(brk bool) {
		switch {
		case first:
		case f.Multiline && (brk || !numbered):
			dst = append(dst, '\n')
		default:
			dst = append(dst, ' ')
		}
		first = false
	}
	number := func(n int, mark string) {
		dst = append(strconv.AppendInt(dst, int64(n), 10), mark...)
		if f.NumberSpace {
			dst = append(dst, ' ')
		}
	}
	if f.Start && fam == familyJapanese {
		sep(true)
		if numbered {
			number(q.MoveNumber()-1, ".")
		}
		dst = append(dst, "開始"...)
	}
	for i, m := range line.Moves {
		if err := q.CheckMove(m); err != nil {
			return dst, err
		}
		switch {
		case !numbered:
			sep(true)
		case fam == familyJapanese:
			sep(true)
			number(q.MoveNumber(), ".")
		case q.SideToMove() == shogi.Black:
			sep(true)
			number(pairNumber(q.MoveNumber(), shogi.Black), ".")
		case i == 0:
			sep(true)
			number(pairNumber(q.MoveNumber(), shogi.White), "…")
		default:
			sep(false)
		}
		dst = f.Notation.Append(dst, q, m)
		q.PlayUnchecked(m)
	}
	if line.End != shogi.EndNone {
		word, ok := endWordFor(f.Notation, line.End, q.SideToMove())
		if !ok {
			return dst, &Error{Notation: f.Notation.String(), Text: line.End.Code(), Err: ErrEnding}
		}
		sep(true)
		if numbered && fam == familyJapanese {
			number(q.MoveNumber(), ".")
		}
		dst = append(dst, word...)
	}
	return dst, nil
}

// Format returns line, played from p, as text. See LineFormat.Append.
func (f LineFormat) Format(p *shogi.Position, line Line) (string, error) {
	b, err := f.Append(nil, p, line)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// lineToken is a whitespace-separated part of a line: text[start:end], which starts
// at the character column column.
type lineToken struct {
	start, end int
	column     int
}

func isLineSpace(r rune) bool { return isSpace(r) }

// tokens splits a line on white space, keeping "同　歩" (同 and the word after it, with
// the spaces between) as one token.
func tokens(text string) []lineToken {
	var out []lineToken
	col := 0
	start, startCol := -1, 0
	for i, r := range text {
		col++
		switch {
		case !isLineSpace(r):
			if start < 0 {
				start, startCol = i, col
			}
		case start >= 0 && !strings.HasSuffix(strings.TrimRightFunc(text[start:i], isSpace), "同"):
			out = append(out, lineToken{start, len(strings.TrimRightFunc(text[:i], isSpace)), startCol})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, lineToken{start, len(strings.TrimRightFunc(text, isSpace)), startCol})
	}
	return out
}

// cutNumber removes a move number from the start of s: "31.", "31．", a bare "31" (the
// whole of s), "31" before a turn mark ("31☗5八金右", as some sites print lines), or with
// an ellipsis for a White move "1…", "1...", "1..", "1.…". The digits may be half- or
// full-width ("３１．"). It reports the number (-1 when there is none) and whether it
// ended with an ellipsis.
func cutNumber(s string) (rest string, n int, ellipsis bool) {
	i, digits := 0, 0
	for {
		v, size := digitAt(s, i)
		if size == 0 {
			break
		}
		n, i, digits = n*10+v, i+size, digits+1
	}
	if digits == 0 || digits > 6 {
		return s, -1, false
	}
	rest = s[i:]
	if rest == "" {
		return rest, n, false
	}
	if after, ok := strings.CutPrefix(rest, "．"); ok {
		return after, n, false
	}
	for _, mark := range []string{"☗", "☖", "▲", "△"} {
		if strings.HasPrefix(rest, mark) {
			return rest, n, false
		}
	}
	dots := 0
	for dots < len(rest) && rest[dots] == '.' {
		dots++
	}
	rest = rest[dots:]
	after, dotted := cutEllipsis(rest)
	switch {
	case dots == 0 && !dotted, dots > 3, dots > 1 && dotted:
		return s, -1, false
	}
	return after, n, dotted || dots >= 2
}

// digitAt returns the value of the half- or full-width digit at s[i] and its length
// in bytes, or 0, 0 when there is none. ０ … ９ are U+FF10 … U+FF19: EF BC 90 … 99.
func digitAt(s string, i int) (v, size int) {
	switch {
	case i < len(s) && s[i] >= '0' && s[i] <= '9':
		return int(s[i] - '0'), 1
	case i+3 <= len(s) && s[i] == 0xef && s[i+1] == 0xbc && s[i+2] >= 0x90 && s[i+2] <= 0x99:
		return int(s[i+2] - 0x90), 3
	}
	return 0, 0
}

// cutEllipsis removes an ellipsis "…", "‥", "..." or ".." from the start of s.
func cutEllipsis(s string) (string, bool) {
	for _, e := range []string{"…", "‥", "...", ".."} {
		if rest, ok := strings.CutPrefix(s, e); ok {
			return rest, true
		}
	}
	return s, false
}

// numberError is a move number that is not the one expected.
type numberError struct {
	found, want string
}

func (e *numberError) Error() string {
	return fmt.Sprintf("move number out of sequence: expected %s, found %s", e.want, quote(e.found))
}

func (e *numberError) Unwrap() error { return ErrMoveNumber }

// Parse reads a line of play from p, in the style of f.Notation, with or without move
// numbers (numbers that are present must be right). p is left as it was. See the
// package documentation for the variants it reads.
func (f LineFormat) Parse(p *shogi.Position, text string) (Line, error) {
	q := p.Clone()
	fam := familyOf(f.Notation)
	var line Line
	toks := tokens(text)
	ended := false
	// columnAt returns the character column of the byte offset off of token t.
	columnAt := func(t lineToken, off int) int {
		return t.column + utf8.RuneCountInString(text[t.start:off])
	}
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		if ended {
			return line, &LineError{Column: tok.column, Err: ErrAfterEnding}
		}
		start := tok.start // where the move (or end word) starts in text
		numberTok := tok
		n, ellipsis := -1, false
		if fam != familyPlain {
			var rest string
			rest, n, ellipsis = cutNumber(text[tok.start:tok.end])
			start = tok.end - len(rest)
			if n >= 0 && rest == "" && i+1 < len(toks) { // "16. G49-58", "31 ☗5八金右", "1. ... K-52"
				i++
				tok = toks[i]
				start = tok.start
				if after, ok := cutEllipsis(text[tok.start:tok.end]); ok && !ellipsis {
					ellipsis, start = true, tok.end-len(after)
					if after == "" && i+1 < len(toks) {
						i++
						tok = toks[i]
						start = tok.start
					}
				}
			}
			if n >= 0 && start == tok.end {
				return line, &LineError{Column: numberTok.column, Err: &Error{Notation: f.Notation.String(),
					Text: text[numberTok.start:tok.end], Column: utf8.RuneCountInString(text[numberTok.start:tok.end]) + 1,
					Expected: "a move after the move number", Err: ErrSyntax}}
			}
		}
		s := text[start:tok.end]
		col := columnAt(tok, start)
		// 開始 at the start of a Japanese line.
		if fam == familyJapanese && len(line.Moves) == 0 && s == "開始" && numberTok == toks[0] {
			if n >= 0 && n != q.MoveNumber()-1 {
				return line, &LineError{Column: numberTok.column, Err: &numberError{text[numberTok.start:start], strconv.Itoa(q.MoveNumber()-1) + "."}}
			}
			continue
		}
		word := s
		if fam == familyJapanese {
			word, _, _ = cutMark(s)
		}
		if kind, ok := endKindOf(f.Notation, word, q.SideToMove()); ok {
			if n >= 0 && (fam != familyJapanese || ellipsis || n != q.MoveNumber()) {
				want := "no number before the ending"
				if fam == familyJapanese {
					want = strconv.Itoa(q.MoveNumber()) + "."
				}
				return line, &LineError{Column: numberTok.column, Err: &numberError{text[numberTok.start:start], want}}
			}
			line.End, ended = kind, true
			continue
		}
		if n >= 0 {
			var ok bool
			var want string
			switch side := q.SideToMove(); {
			case fam == familyJapanese:
				ok = !ellipsis && n == q.MoveNumber()
				want = strconv.Itoa(q.MoveNumber()) + "."
			case side == shogi.Black:
				ok = !ellipsis && n == pairNumber(q.MoveNumber(), side)
				want = strconv.Itoa(pairNumber(q.MoveNumber(), side)) + ". for Black's move"
			default:
				ok = ellipsis && n == pairNumber(q.MoveNumber(), side)
				want = strconv.Itoa(pairNumber(q.MoveNumber(), side)) + "… for White's move"
			}
			if !ok {
				return line, &LineError{Column: numberTok.column, Err: &numberError{strings.TrimRightFunc(text[numberTok.start:start], isSpace), want}}
			}
		}
		m, err := f.Notation.Decode(q, s)
		if fam == familyWestern {
			// A Western move may have spaces between its parts ("P 76", "Bx22 +"): a
			// lone "+" or "=" belongs to the move before it, and a move cut short
			// continues in the next token.
			for j := 0; j < 3 && i+1 < len(toks); j++ {
				next := text[toks[i+1].start:toks[i+1].end]
				if next != "+" && next != "=" && (err == nil || !endsEarly(err, s)) {
					break
				}
				i++
				tok = toks[i]
				s = text[start:tok.end]
				m, err = f.Notation.Decode(q, s)
			}
		}
		if err != nil {
			return line, &LineError{Column: lineColumn(col, err), Err: err}
		}
		q.PlayUnchecked(m)
		line.Moves = append(line.Moves, m)
	}
	return line, nil
}

// endsEarly reports whether err says that the move text s stops where more was expected.
func endsEarly(err error, s string) bool {
	var ne *Error
	return errors.As(err, &ne) && ne.Column == utf8.RuneCountInString(strings.TrimRightFunc(s, isSpace))+1
}

// lineColumn returns the column in the line of the error err of a move that starts at
// column col.
func lineColumn(col int, err error) int {
	var ne *Error
	if errors.As(err, &ne) && ne.Column > 0 {
		return col + ne.Column - 1
	}
	return col
}

// FormatLine returns line, played from p, in the style n with move numbers.
func FormatLine(n Notation, p *shogi.Position, line Line) (string, error) {
	return LineFormat{Notation: n}.Format(p, line)
}

// ParseLine reads a line of play from p in the style n, with or without move numbers.
func ParseLine(n Notation, p *shogi.Position, text string) (Line, error) {
	return LineFormat{Notation: n}.Parse(p, text)
}
