package kif

import (
	"errors"
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
	numCol := column(s, off)
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
		return p.afterEnd(numCol)
	}
	if err := p.expectNumber(n, numCol); err != nil {
		return err
	}
	moveOff := i
	moveCol := column(s, moveOff)
	m, used, err := p.parseKIFMove(s[i:])
	if err == errNotAMove {
		return p.kifSpecial(s, moveOff)
	}
	if err != nil {
		return p.badMove(moveCol+utf8.RuneCountInString(s[i:i+used]), err, moveText(s[i:]))
	}
	i += used
	tm, hasTime, rest, terr := parseTrailer(s[i:])
	if terr != nil {
		return p.badMove(column(s, len(s)-len(rest)), terr, moveText(s[moveOff:]))
	}
	if err := p.pos.CheckMove(m); err != nil {
		text := moveText(s[moveOff:])
		if err := p.badMove(moveCol, err, text); err != nil {
			return err
		}
		if e := p.top().tip().End; e != nil && e.Text == text {
			e.Time, e.HasTime = tm, hasTime // the kept move keeps its time
		}
		return nil
	}
	node, err := p.addMove(m, moveCol)
	if err != nil {
		return err
	}
	node.Time, node.HasTime = tm, hasTime
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

// kifSpecial reads a special move (投了, 中断, …) or an unknown one, kept as text.
func (p *parser) kifSpecial(s string, off int) error {
	word := moveText(s[off:])
	if word == "" {
		return p.badMove(column(s, off), ErrMoveSyntax, "")
	}
	tm, hasTime, rest, err := parseTrailer(s[off+len(word):])
	if err != nil {
		return p.fail(column(s, len(s)-len(rest)), err)
	}
	e := &shogi.Ending{Time: tm, HasTime: hasTime}
	if kind, ok := endingKind(word); ok {
		e.Kind = kind
	} else if c, ok := parseClosing("まで0手で" + word); ok && c.kind != shogi.EndNone {
		// The words of a まで line: "先手の勝ち", "時間切れにより後手の勝ち", ….
		e.Kind, e.Result = c.kind, c.result
	} else {
		e.Text = word
	}
	if e.Result == shogi.NoResult {
		e.Result = shogi.ResultOf(e.Kind, p.pos.SideToMove())
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
	if r, _ := utf8.DecodeLastRuneInString(s[:i+1+n]); isKanjiDigit(r) {
		// The origin is written with digits: "(77)".
		return shogi.NoMove, i, ErrMoveSyntax
	}
	m := shogi.NewMove(from, to, promote)
	if pc := p.pos.PieceAt(from); pc != shogi.NoPiece && pc.Color() == p.pos.SideToMove() && pc.Type() != t {
		return shogi.NoMove, 0, ErrPieceMismatch
	}
	return m, i + n + 2, nil
}

// parseTrailer reads what may follow a move: spaces, a time "( 0:02/00:00:02)" and a
// "+" mark saying that a variation branches here. It returns the rest of s on error.
func parseTrailer(s string) (shogi.MoveTime, bool, string, error) {
	s = strings.TrimLeftFunc(s, isSpace)
	var tm shogi.MoveTime
	has := false
	if strings.HasPrefix(s, "(") {
		end := strings.IndexByte(s, ')')
		if end < 0 {
			return tm, false, s, ErrTime
		}
		var ok bool
		tm, ok = parseTime(s[1:end])
		if !ok {
			return tm, false, s, ErrTime
		}
		has = true
		s = strings.TrimLeftFunc(s[end+1:], isSpace)
	}
	s = strings.TrimLeftFunc(strings.TrimPrefix(s, "+"), isSpace)
	if s != "" {
		return tm, has, s, ErrMoveSyntax
	}
	return tm, has, s, nil
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

// parseClock reads "m:ss" or "h:mm:ss" (fields of any width, spaces around them).
func parseClock(s string) (time.Duration, bool) {
	s = strings.TrimSpace(s)
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
		s = strings.TrimLeft(s[j:], " ")
		if s == "" {
			break
		}
		if s[0] != ':' {
			return 0, false
		}
		s = strings.TrimLeft(s[1:], " ")
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
	return time.Duration(sec) * time.Second, true
}
