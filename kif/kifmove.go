package kif

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
)

// KIF move lines (formats.md §2.3): "   1 ７六歩(77)   ( 0:02/00:00:02)+". The move
// gives its origin, so it is checked against the position directly; the piece named
// must be the one on the origin square.

// kifLine reads a numbered line: a move or a special move.
func (p *parser) kifLine(s string, off int) error {
	i := off
	n := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if n < 1e8 {
			n = n*10 + int(s[i]-'0')
		}
		i++
	}
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if err := p.setUpStart(); err != nil {
		return err
	}
	p.anyMove = true
	if p.skipping {
		return nil
	}
	if p.top().ended {
		return p.afterEnd(column(s, off))
	}
	line := trimRightSpaces(s[off:]) // what a lenient read keeps of a line it cannot read
	if want := p.wantNumber(n); n != want {
		return p.badMove(column(s, off), fmt.Errorf("%w: %d, want %d", ErrMoveNumber, n, want), line)
	}
	moveOff := i
	moveCol := column(s, moveOff)
	m, used, err := p.parseKIFMove(s[i:])
	if err == errNotAMove {
		return p.kifSpecial(s, moveOff, line)
	}
	if err != nil {
		return p.badMove(moveCol+utf8.RuneCountInString(s[i:i+used]), err, line)
	}
	i += used
	tr := parseTrailer(s[i:])
	col, terr := tr.problem(s, i, "move")
	if terr != nil && !p.r.Lenient {
		return p.fail(col, terr)
	}
	if tr.junkAt >= 0 {
		return p.unread(column(s, i+tr.junkAt), tr.junk("move"), line)
	}
	if err := p.pos.CheckMove(m); err != nil {
		return p.badMove(moveCol, err, line)
	}
	node, err := p.addMove(m, moveCol)
	if err != nil || node == nil {
		return err
	}
	node.Time, node.HasTime = tr.time, tr.hasTime
	if tr.timeAt >= 0 {
		// The move is kept without the time it cannot read (with the first of two
		// time groups when that one is good).
		return p.fail(column(s, i+tr.timeAt), ErrTime)
	}
	return nil
}

// moveText returns the move or special move at the start of s, without time or marks.
func moveText(s string) string {
	if strings.HasPrefix(s, "同") {
		s2 := strings.TrimLeftFunc(s[len("同"):], isSpace)
		end := strings.IndexAny(s2, " \t")
		if end < 0 {
			end = len(s2)
		}
		return s[:len(s)-len(s2)+end]
	}
	end := strings.IndexAny(s, " \t")
	if end < 0 {
		end = len(s)
	}
	if j := strings.Index(s[:end], "　("); j >= 0 {
		end = j
	}
	return strings.TrimRight(s[:end], "+　")
}

// kifSpecial reads a special move (投了, 中断, …, or the words of a まで line naming
// the winner: "先手の勝ち"). line is the whole line, which a lenient read keeps when it
// cannot read it. Only those words end a line: any other word in the move's place (a
// move garbled, "△８四歩", or a word no format defines, "パス") is a move that cannot be
// read, never an ending.
func (p *parser) kifSpecial(s string, off int, line string) error {
	word := moveText(s[off:])
	if !isEndingWord(word) {
		err := ErrMoveSyntax
		if word != "" {
			err = fmt.Errorf("%w: %q is no move and no special move", ErrMoveSyntax, word)
		}
		return p.badMove(column(s, off), err, line)
	}
	rest := off + len(word)
	tr := parseTrailer(s[rest:])
	col, terr := tr.problem(s, rest, "special move")
	if terr != nil && !p.r.Lenient {
		return p.fail(col, terr)
	}
	if tr.junkAt >= 0 {
		return p.unread(column(s, rest+tr.junkAt), tr.junk("special move"), line)
	}
	if tr.timeAt >= 0 {
		// The ending is kept without the time it gives.
		if err := p.fail(column(s, rest+tr.timeAt), ErrTime); err != nil {
			return err
		}
	}
	e := &shogi.Ending{Time: tr.time, HasTime: tr.hasTime}
	if kind, ok := endingKind(word); ok {
		e.Kind = kind
	} else if c, ok := parseClosing("まで0手で" + word); ok {
		// The words of a まで line: "先手の勝ち", "時間切れにより後手の勝ち", ….
		e.Kind, e.Result = c.kind, c.result
	}
	if e.Result == shogi.NoResult {
		e.Result = p.pos.EndingResult(e.Kind)
	}
	return p.endLine(e, column(s, off))
}

// errNotAMove says that the text does not start like a move: it is a special move.
var errNotAMove = errors.New("kif: not a move")

// parseKIFMove reads a move "７六歩(77)", "同　歩(76)", "５五角打", "３三角成(88)" at the
// start of s. It returns the bytes used; on error, the offset of the problem.
func (p *parser) parseKIFMove(s string) (shogi.Move, int, error) {
	i := 0
	var to shogi.Square
	if strings.HasPrefix(s, "同") {
		last := p.pos.LastMove()
		if last == shogi.NoMove {
			return shogi.NoMove, 0, ErrNoPreviousMove
		}
		to = last.To()
		i = len("同")
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !isSpace(r) {
				break
			}
			i += n
		}
	} else {
		sq, n := parseSquare(s)
		if n == 0 {
			if r, _ := utf8.DecodeRuneInString(s); digitValue(r) > 0 {
				return shogi.NoMove, 0, ErrMoveSyntax
			}
			return shogi.NoMove, 0, errNotAMove
		}
		// A square followed by 同 ("７六同歩") names the recapture as well.
		to, i = sq, n
		if strings.HasPrefix(s[i:], "同") {
			i += len("同")
		}
	}
	t, n := parsePieceName(s[i:])
	if n == 0 {
		return shogi.NoMove, i, ErrMoveSyntax
	}
	i += n
	promote := false
	switch {
	case strings.HasPrefix(s[i:], "成"):
		promote = true
		i += len("成")
	case strings.HasPrefix(s[i:], "不成"):
		i += len("不成")
	case strings.HasPrefix(s[i:], "生"):
		i += len("生")
	}
	if strings.HasPrefix(s[i:], "打") {
		if promote || t.IsPromoted() || !t.CanDrop() {
			return shogi.NoMove, i, ErrMoveSyntax
		}
		return shogi.NewDrop(t, to), i + len("打"), nil
	}
	if i >= len(s) || s[i] != '(' {
		return shogi.NoMove, i, ErrMissingOrigin
	}
	from, n := parseSquare(s[i+1:])
	if n == 0 || i+1+n >= len(s) || s[i+1+n] != ')' {
		return shogi.NoMove, i, ErrMoveSyntax
	}
	if r, _ := utf8.DecodeLastRuneInString(s[:i+1+n]); s[i+n] >= utf8.RuneSelf && isKanjiDigit(r) {
		// The origin is written with digits: "(77)".
		return shogi.NoMove, i, ErrMoveSyntax
	}
	m := shogi.NewMove(from, to, promote)
	if pc := p.pos.PieceAt(from); pc != shogi.NoPiece && pc.Color() == p.pos.SideToMove() && pc.Type() != t {
		return shogi.NoMove, 0, &shogi.IllegalMoveError{Ply: p.pos.MoveNumber(), Move: m,
			Reason: fmt.Errorf("%w: %s holds a %s (%s), not a %s (%s)", shogi.ErrPieceMismatch,
				squareName(from), pc.Type(), moveNames[pc.Type()], t, moveNames[t])}
	}
	return m, i + n + 2, nil
}

// trailer is what follows a move or a special move on its line.
type trailer struct {
	time    shogi.MoveTime
	hasTime bool
	timeAt  int // the byte offset of a time group that cannot be read, or -1
	junkAt  int // the byte offset of text that is neither a time nor a mark, or -1
}

// parseTrailer reads what may follow a move: spaces, a time group
// "( 0:02/00:00:02)", a second time group (the IS-SHOGI app writes two; the second is
// checked and not kept), and a "+" mark saying that a variation branches here.
func parseTrailer(s string) trailer {
	if tr, ok := plainTrailer(s); ok {
		return tr
	}
	return readTrailer(s)
}

// readTrailer is parseTrailer for any text.
func readTrailer(s string) trailer {
	tr := trailer{timeAt: -1, junkAt: -1}
	i := skipSpaces(s, 0)
	for group := 0; group < 2 && i < len(s) && s[i] == '('; group++ {
		end := strings.IndexByte(s[i:], ')')
		if end < 0 {
			if tr.timeAt < 0 {
				tr.timeAt = i
			}
			return tr // the rest of the line is the broken group
		}
		t, ok := parseTime(s[i+1 : i+end])
		switch {
		case !ok && tr.timeAt < 0:
			tr.timeAt = i
		case ok && group == 0:
			tr.time, tr.hasTime = t, true
		}
		i = skipSpaces(s, i+end+1)
	}
	if i < len(s) && s[i] == '+' {
		i = skipSpaces(s, i+1)
	}
	if i < len(s) {
		tr.junkAt = i
	}
	return tr
}

// plainTrailer reads the trailer that writers write, "   ( 0:02/00:00:02)" and
// perhaps a "+" mark, in one pass: it gives what parseTrailer gives, and false for any
// other text (other spaces, spaces in the time, a second group, a problem), which
// parseTrailer then reads.
func plainTrailer(s string) (trailer, bool) {
	tr := trailer{timeAt: -1, junkAt: -1}
	i := skipBlanks(s, 0)
	if i < len(s) && s[i] == '(' {
		spent, j, ok := plainClock(s, i+1)
		if !ok {
			return tr, false
		}
		var total time.Duration
		if j < len(s) && s[j] == '/' {
			if total, j, ok = plainClock(s, j+1); !ok {
				return tr, false
			}
		}
		if j >= len(s) || s[j] != ')' {
			return tr, false
		}
		tr.time, tr.hasTime = shogi.MoveTime{Spent: spent, Total: total}, true
		i = skipBlanks(s, j+1)
	}
	if i < len(s) && s[i] == '+' {
		i = skipBlanks(s, i+1)
	}
	return tr, i == len(s)
}

// plainClock reads a clock "m:ss" or "h:mm:ss" of at most nine digits a field, between
// ASCII spaces, at s[i:], as parseClock does; it returns the offset after it.
func plainClock(s string, i int) (time.Duration, int, bool) {
	i = skipBlanks(s, i)
	var fields [3]int64
	nf := 0
	for {
		j := i
		var v int64
		for j < len(s) && isDigit(s[j]) {
			v = v*10 + int64(s[j]-'0')
			j++
		}
		if j == i || j-i > 9 {
			return 0, 0, false
		}
		fields[nf] = v
		nf++
		i = j
		if nf == 3 || i >= len(s) || s[i] != ':' {
			break
		}
		i++
	}
	var sec int64
	switch nf {
	case 2:
		sec = fields[0]*60 + fields[1]
	case 3:
		sec = fields[0]*3600 + fields[1]*60 + fields[2]
	default:
		return 0, 0, false
	}
	if sec > int64(shogi.MaxTime/time.Second) {
		return 0, 0, false
	}
	return time.Duration(sec) * time.Second, skipBlanks(s, i), true
}

// skipBlanks returns the offset of the first byte at or after i that is not an ASCII
// space.
func skipBlanks(s string, i int) int {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// problem returns the first problem of the trailer, which starts at byte offset off
// of line, as a SyntaxError's column and error; nil when there is none. what names
// what the trailer follows.
func (tr trailer) problem(line string, off int, what string) (int, error) {
	switch {
	case tr.timeAt >= 0 && (tr.junkAt < 0 || tr.timeAt < tr.junkAt):
		return column(line, off+tr.timeAt), ErrTime
	case tr.junkAt >= 0:
		return column(line, off+tr.junkAt), tr.junk(what)
	}
	return 0, nil
}

// junk is the error of text after a move or special move that is not a time or mark.
func (tr trailer) junk(what string) error {
	return fmt.Errorf("%w: text after the %s", ErrMoveSyntax, what)
}

// skipSpaces returns the offset of the first byte at or after i that is not a space
// of isSpace.
func skipSpaces(s string, i int) int {
	return len(s) - len(trimLeftSpaces(s[i:]))
}

// parseTime reads "m:ss/h:mm:ss" with any spacing; the total may be missing.
func parseTime(s string) (shogi.MoveTime, bool) {
	spent, total, hasTotal := s, "", false
	if i := strings.IndexByte(s, '/'); i >= 0 {
		spent, total, hasTotal = s[:i], s[i+1:], true
	}
	var tm shogi.MoveTime
	var ok bool
	if tm.Spent, ok = parseClock(spent); !ok {
		return tm, false
	}
	if hasTotal {
		if tm.Total, ok = parseClock(total); !ok {
			return tm, false
		}
	}
	return tm, true
}

// trimClockSpaces returns s without the white space at its ends, as strings.TrimSpace
// does, sooner for a time that is digits with ASCII spaces around them.
func trimClockSpaces(s string) string {
	s = trimLeftBlanks(s)
	for len(s) > 0 && s[len(s)-1] == ' ' {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && (!isDigit(s[0]) || !isDigit(s[len(s)-1])) {
		return strings.TrimSpace(s)
	}
	return s
}

// trimLeftBlanks returns s without the ASCII spaces at its start.
func trimLeftBlanks(s string) string {
	for len(s) > 0 && s[0] == ' ' {
		s = s[1:]
	}
	return s
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// parseClock reads "m:ss" or "h:mm:ss" (fields of any width, spaces around them).
func parseClock(s string) (time.Duration, bool) {
	s = trimClockSpaces(s)
	var fields [3]int64
	nf := 0
	for {
		if nf == 3 {
			return 0, false
		}
		j := 0
		var v int64
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			if v < 1e9 {
				v = v*10 + int64(s[j]-'0')
			}
			j++
		}
		if j == 0 {
			return 0, false
		}
		fields[nf] = v
		nf++
		s = trimLeftBlanks(s[j:])
		if s == "" {
			break
		}
		if s[0] != ':' {
			return 0, false
		}
		s = trimLeftBlanks(s[1:])
	}
	var sec int64
	switch nf {
	case 2:
		sec = fields[0]*60 + fields[1]
	case 3:
		sec = fields[0]*3600 + fields[1]*60 + fields[2]
	default:
		return 0, false
	}
	if sec > int64(shogi.MaxTime/time.Second) {
		return 0, false // longer than any record's time: it would overflow
	}
	return time.Duration(sec) * time.Second, true
}
