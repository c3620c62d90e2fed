package kif

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/nodearena"
)

// Dialect is KIF or KI2, the two record formats of Kakinoki.
type Dialect int

// Dialects. AutoDialect reads both kinds of move lines; a Writer writes KIF for it.
const (
	AutoDialect Dialect = iota
	KIF
	KI2
)

func (f Dialect) String() string {
	switch f {
	case AutoDialect:
		return "auto"
	case KIF:
		return "KIF"
	case KI2:
		return "KI2"
	}
	return "invalid"
}

// A Reader reads one KIF or KI2 record from an input.
//
// Set the exported fields before the first call to Read. By default the reader is
// strict: the first problem stops it with a [*SyntaxError]. A lenient reader keeps
// going and records each problem as a warning ([Reader.Warnings]); an illegal or
// unreadable move then ends its line with an ending of kind shogi.EndIllegalLoss
// whose Text is the move as written, and the moves after it in that line are
// skipped, each with a warning.
type Reader struct {
	// Format restricts the move lines read: KIF (numbered lines with origins), KI2
	// (Japanese notation after ▲/△), or both (AutoDialect, the default).
	Format Dialect
	// Encoding overrides the detection of the input's encoding.
	Encoding Encoding
	// Lenient turns problems into warnings.
	Lenient bool

	lr       *lineReader
	done     bool
	warnings []*SyntaxError
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{lr: newLineReader(r)}
}

// Warnings returns the problems a lenient Read passed over, in input order.
func (r *Reader) Warnings() []*SyntaxError { return r.warnings }

// Read reads the record. It returns io.EOF when the input holds no record (it is
// empty or holds only blank and # lines) and on every call after the first.
func (r *Reader) Read() (*shogi.Record, error) {
	if r.done {
		return nil, io.EOF
	}
	r.done = true
	enc := r.Encoding
	if enc == AutoEncoding {
		head := r.lr.head()
		enc = sniffEncoding(head, r.lr.eof)
	}
	p := &parser{r: r, dec: newDecoder(enc), rec: &shogi.Record{}}
	p.lines = []lineState{{parent: &p.rec.Root}}
	p.last = &p.rec.Root
	return p.run()
}

// lineState is a line of play being read: the main line or a variation.
type lineState struct {
	start  int         // ply index of its first move (0 for the first move of the game)
	parent *shogi.Node // the node before its first move
	nodes  []*shogi.Node
	ended  bool // it has an ending or a kept illegal move: no move may follow
}

// tip returns the last node of the line.
func (l *lineState) tip() *shogi.Node {
	if len(l.nodes) == 0 {
		return l.parent
	}
	return l.nodes[len(l.nodes)-1]
}

// parser holds the state of one Read.
type parser struct {
	r   *Reader
	dec *decoder
	rec *shogi.Record

	lineNo  int
	content bool // a line other than blank or # was read

	handicap        string // the 手合割 value
	handicapLine    int
	handicapCol     int
	board           boardReader
	startMoveNumber int // from a 手数＝ line after a diagram

	pos      *shogi.Position // nil until the start position is set up
	base     int             // move number of the first move
	baseSet  bool
	lines    []lineState   // the stack of lines (formats.md §2.6)
	last     *shogi.Node   // the node that comments and bookmarks belong to
	lastEnd  *shogi.Ending // the ending just read, which the comments after it belong to
	anyMove  bool          // a move line was read
	skipping bool          // a lenient read skips a dangling variation

	nodes nodearena.Arena // the record's nodes, allocated in blocks
}

// fail reports a problem at a character column (1-based) of the current line: an
// error in strict mode, nil and a warning in lenient mode.
func (p *parser) fail(col int, err error) error {
	return p.failAt(p.lineNo, col, err)
}

func (p *parser) failAt(line, col int, err error) error {
	e := &SyntaxError{Line: line, Column: col, Err: err}
	if p.r.Lenient {
		p.r.warnings = append(p.r.warnings, e)
		return nil
	}
	return e
}

func (p *parser) run() (*shogi.Record, error) {
	lr := p.r.lr
	for {
		raw, err := lr.next()
		p.lineNo = lr.line
		if err == io.EOF {
			break
		}
		if err == ErrLineTooLong {
			p.content = true
			if err := p.fail(1, ErrLineTooLong); err != nil {
				return nil, err
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		str := lr.lineString
		if p.lineNo == 1 && p.dec.enc != ShiftJIS && len(trimBOM(raw)) < len(raw) {
			raw = raw[3:]
			str = func() string { return lr.lineString()[3:] }
		}
		text, bad := p.dec.decode(raw, str)
		if bad >= 0 {
			p.content = true
			if err := p.fail(bad+1, ErrEncoding); err != nil {
				return nil, err
			}
		}
		if err := p.line(text); err != nil {
			return nil, err
		}
	}
	if !p.content {
		return nil, io.EOF
	}
	if err := p.setUpStart(); err != nil {
		return nil, err
	}
	return p.rec, nil
}

func trimBOM(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		return b[3:]
	}
	return b
}

// column returns the 1-based character column of byte offset off in s.
func column(s string, off int) int {
	return utf8.RuneCountInString(s[:off]) + 1
}

// isSpace reports the spaces that separate the fields of a line.
func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '　' }

// trimSpaces removes the spaces of isSpace at both ends of s.
func trimSpaces(s string) string { return trimRightSpaces(trimLeftSpaces(s)) }

func trimLeftSpaces(s string) string {
	for {
		switch {
		case len(s) > 0 && (s[0] == ' ' || s[0] == '\t'):
			s = s[1:]
		case strings.HasPrefix(s, "　"):
			s = s[len("　"):]
		default:
			return s
		}
	}
}

func trimRightSpaces(s string) string {
	for {
		switch {
		case len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t'):
			s = s[:len(s)-1]
		case strings.HasSuffix(s, "　"):
			s = s[:len(s)-len("　")]
		default:
			return s
		}
	}
}

// line handles one decoded line.
func (p *parser) line(s string) error {
	off := len(s) - len(trimLeftSpaces(s))
	t := trimRightSpaces(s[off:])
	if t == "" {
		return nil
	}
	if t[0] == '#' {
		// A "#KIF version=… encoding=…" line says that a record follows, even an empty one.
		p.content = p.content || strings.HasPrefix(t, "#KIF ")
		return nil
	}
	p.content = true
	if p.skipping && !strings.HasPrefix(t, "変化") {
		return nil
	}
	switch {
	case t[0] == '*':
		if p.lastEnd != nil { // a comment after an ending belongs to it
			p.lastEnd.Comments = append(p.lastEnd.Comments, s[off+1:])
		} else {
			p.last.Comments = append(p.last.Comments, s[off+1:])
		}
		return nil
	case t[0] == '&':
		if p.last.Bookmark != "" {
			if err := p.fail(column(s, off), fmt.Errorf("%w: a second bookmark (&) on one move", ErrUnknownLine)); err != nil {
				return err
			}
		}
		p.last.Bookmark = s[off+1:]
		return nil
	case strings.HasPrefix(t, "変化"):
		return p.variation(s, off, t)
	case strings.HasPrefix(t, "まで"):
		return p.closing(s, off, t)
	case strings.HasPrefix(t, "手数----") || strings.HasPrefix(t, "手数-"):
		return nil
	case strings.HasPrefix(t, "手数＝") || strings.HasPrefix(t, "手数="):
		return p.moveCountLine(s, off, t)
	case isKI2Mark(t):
		if p.r.Format == KIF {
			return p.fail(column(s, off), ErrUnknownLine)
		}
		return p.ki2Line(s, off)
	case t[0] >= '0' && t[0] <= '9':
		if p.r.Format == KI2 {
			return p.fail(column(s, off), ErrUnknownLine)
		}
		return p.kifLine(s, off)
	case isBoardLine(t):
		return p.boardLine(s, off, t)
	}
	if c, ok := turnLine(trimSpaces(t)); ok {
		if p.pos != nil {
			return p.fail(column(s, off), ErrUnknownLine)
		}
		p.board.setup.SideToMove = c
		return nil
	}
	if i := headerSeparator(t); i > 0 {
		return p.header(s, off, t, i)
	}
	return p.fail(column(s, off), ErrUnknownLine)
}

// headerSeparator returns the byte index of the first ： or : of a header line, or -1.
func headerSeparator(t string) int {
	i := strings.Index(t, "：")
	if j := strings.IndexByte(t, ':'); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	return i
}

func (p *parser) header(s string, off int, t string, i int) error {
	key := trimSpaces(t[:i])
	sep := len("：")
	if t[i] == ':' {
		sep = 1
	}
	value := trimSpaces(t[i+sep:])
	if key == "" || strings.ContainsFunc(key, isSpace) {
		return p.fail(column(s, off), ErrUnknownLine)
	}
	if c, ok := handColor(key); ok {
		if p.pos != nil {
			return p.fail(column(s, off), ErrUnknownLine)
		}
		if !p.board.started && p.board.line == 0 {
			p.board.line = p.lineNo
		}
		if bad, err := p.board.readHand(c, value); err != nil {
			voff := off + i + sep + (len(t[i+sep:]) - len(strings.TrimLeftFunc(t[i+sep:], isSpace)))
			return p.fail(column(s, voff)+bad, err)
		}
		return nil
	}
	if key == shogi.HeaderHandicap {
		if p.pos != nil {
			return p.fail(column(s, off), fmt.Errorf("%w: 手合割 after the first move", ErrHandicap))
		}
		p.handicap = value
		p.handicapLine = p.lineNo
		p.handicapCol = column(s, off+i+sep)
	}
	p.rec.Header = append(p.rec.Header, shogi.HeaderField{Key: key, Value: value})
	return nil
}

func (p *parser) boardLine(s string, off int, t string) error {
	if p.pos != nil {
		return p.fail(column(s, off), fmt.Errorf("%w: a board diagram after the first move", ErrBoard))
	}
	if !p.board.started {
		p.board.started = true
		if p.board.line == 0 {
			p.board.line = p.lineNo
		}
	}
	if t[0] != '|' {
		return nil
	}
	if bad, err := p.board.readRow(t); err != nil {
		return p.fail(column(s, off)+bad, err)
	}
	return nil
}

// moveCountLine reads "手数＝N" after a diagram: the diagram is the position after N moves.
func (p *parser) moveCountLine(s string, off int, t string) error {
	rest := strings.TrimPrefix(strings.TrimPrefix(t, "手数＝"), "手数=")
	n, used := 0, 0
	for used < len(rest) && rest[used] >= '0' && rest[used] <= '9' && n < 1e6 {
		n = n*10 + int(rest[used]-'0')
		used++
	}
	if used == 0 || p.pos != nil {
		return p.fail(column(s, off), ErrUnknownLine)
	}
	p.startMoveNumber = n + 1
	return nil
}

// setUpStart sets up the start position from the diagram or the 手合割 when the first
// move (or the end of the input) comes.
func (p *parser) setUpStart() error {
	if p.pos != nil {
		return nil
	}
	sfen := shogi.StartSFEN
	switch {
	case p.board.started:
		if !p.board.complete() {
			if err := p.failAt(p.board.line, 1, fmt.Errorf("%w: fewer than nine ranks", ErrBoard)); err != nil {
				return err
			}
			break
		}
		setup := p.board.setup
		setup.MoveNumber = max(p.startMoveNumber, 1)
		// Diagrams may show composed positions (nine pawns on a file, …): only the
		// limits every position keeps apply; moves obey all the rules.
		setup.AllowUnreachable = true
		pos, err := shogi.NewPosition(setup)
		if err != nil {
			if err := p.failAt(p.board.line, 1, fmt.Errorf("%w: %w", ErrPosition, err)); err != nil {
				return err
			}
			break
		}
		p.pos = pos
	case p.board.hands && (p.board.setup.Hands[0] != 0 || p.board.setup.Hands[1] != 0):
		if err := p.failAt(p.board.line, 1, fmt.Errorf("%w: pieces in hand without a board", ErrBoard)); err != nil {
			return err
		}
	case p.handicap != "":
		if s, ok := handicapSFEN(p.handicap); ok {
			sfen = s
		} else if err := p.failAt(p.handicapLine, p.handicapCol, fmt.Errorf("%w: %q", ErrHandicap, p.handicap)); err != nil {
			return err
		}
	}
	if p.pos == nil {
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			panic("kif: bad handicap table: " + err.Error())
		}
		p.pos = pos
	}
	p.rec.StartSFEN = p.pos.String()
	if !p.baseSet {
		p.base = p.pos.MoveNumber()
	}
	return nil
}

// top returns the line being read.
func (p *parser) top() *lineState { return &p.lines[len(p.lines)-1] }

// expectNumber checks the number of a KIF move line against the line being read.
func (p *parser) expectNumber(n, col int) error {
	cur := p.top()
	if !p.baseSet && len(p.lines) == 1 && len(cur.nodes) == 0 {
		p.base, p.baseSet = n, true
	}
	if want := p.base + cur.start + len(cur.nodes); n != want {
		return p.fail(col, fmt.Errorf("%w: %d, want %d", ErrMoveNumber, n, want))
	}
	return nil
}

// addMove appends a legal move to the line being read and plays it.
func (p *parser) addMove(m shogi.Move, col int) (*shogi.Node, error) {
	cur := p.top()
	parent := cur.tip()
	if len(cur.nodes) == 0 {
		for _, c := range parent.Children {
			if c.Move == m {
				if err := p.fail(col, ErrDuplicateVariation); err != nil {
					return nil, err
				}
				break
			}
		}
	}
	n := p.nodes.AddChild(parent, m)
	cur.nodes = append(cur.nodes, n)
	p.pos.PlayUnchecked(m)
	p.last, p.lastEnd = n, nil
	return n, nil
}

// endLine ends the line being read. A variation that is nothing but an ending is an
// alternative to the moves played at its ply: a child with no move (see shogi.Node).
func (p *parser) endLine(e *shogi.Ending, col int) error {
	cur := p.top()
	tip := cur.tip()
	cur.ended = true
	if len(p.lines) > 1 && len(cur.nodes) == 0 {
		for _, c := range tip.Children {
			if c.IsEnding() && c.End.Kind == e.Kind && c.End.Text == e.Text {
				return p.fail(col, ErrDuplicateVariation)
			}
		}
		tip.Children = append(tip.Children, &shogi.Node{End: e})
		p.lastEnd = e
		return nil
	}
	if tip.End != nil {
		return p.fail(col, ErrDuplicateVariation)
	}
	tip.End = e
	p.lastEnd = e
	return nil
}

// badMove ends the line being read with a move that is illegal or unreadable, after
// reporting it; a strict reader stops here.
func (p *parser) badMove(col int, err error, text string) error {
	if err := p.fail(col, err); err != nil {
		return err
	}
	side := p.pos.SideToMove()
	e := &shogi.Ending{Kind: shogi.EndIllegalLoss, Result: shogi.ResultOf(shogi.EndIllegalLoss, side), Text: text}
	return p.endLine(e, col)
}

// afterEnd handles a move that follows the end of its line.
func (p *parser) afterEnd(col int) error {
	return p.fail(col, ErrMoveAfterEnd)
}

// variation starts a block "変化：N手".
func (p *parser) variation(s string, off int, t string) error {
	rest := strings.TrimPrefix(t, "変化")
	rest = strings.TrimLeftFunc(strings.TrimPrefix(strings.TrimPrefix(rest, "："), ":"), isSpace)
	n, used := 0, 0
	for used < len(rest) && rest[used] >= '0' && rest[used] <= '9' && n < 1e7 {
		n = n*10 + int(rest[used]-'0')
		used++
	}
	if used == 0 || strings.TrimFunc(rest[used:], isSpace) != "手" {
		return p.fail(column(s, off), fmt.Errorf("%w: variation line", ErrUnknownLine))
	}
	p.skipping = false
	if !p.anyMove && (len(p.lines) == 0 || !p.lines[0].ended) {
		// ShogiHome once wrote 変化 lines into the header; they carry nothing. (After
		// an ending at the start, a 変化 is real: moves instead of that ending.)
		return nil
	}
	if err := p.setUpStart(); err != nil {
		return err
	}
	// The block continues the most recent line that holds move k and started before
	// it. The position follows the lines of the stack, so taking back the moves after
	// ply k gives the position of the branch. A dangling block leaves the stack as it is.
	k := n - p.base
	top := len(p.lines)
	for top > 1 && p.lines[top-1].start >= k {
		top--
	}
	l := &p.lines[top-1]
	if k < 0 || k < l.start || k-l.start > len(l.nodes) {
		p.skipping = true
		return p.fail(column(s, off), fmt.Errorf("%w: 変化：%d手", ErrVariation, n))
	}
	p.lines = p.lines[:top]
	parent := l.parent
	if k > l.start {
		parent = l.nodes[k-1-l.start]
	}
	for p.pos.Ply() > k {
		p.pos.Undo()
	}
	p.lines = append(p.lines, lineState{start: k, parent: parent})
	p.last, p.lastEnd = parent, nil
	return nil
}

// closing reads a まで line: the result in KI2, a summary in KIF.
func (p *parser) closing(s string, off int, t string) error {
	c, ok := parseClosing(t)
	if !ok {
		return p.fail(column(s, off), ErrResult)
	}
	if err := p.setUpStart(); err != nil {
		return err
	}
	cur := p.top()
	if want := p.base - 1 + cur.start + len(cur.nodes); c.moves != want {
		if err := p.fail(column(s, off), fmt.Errorf("%w: %d moves, want %d", ErrResult, c.moves, want)); err != nil {
			return err
		}
	}
	tip := cur.tip()
	if tip.End != nil && cur.ended {
		// The まで line may name the winner of the special move above it.
		if c.result != shogi.NoResult && tip.End.Kind == c.kind {
			tip.End.Result = c.result
		}
		return nil
	}
	if cur.ended {
		return nil
	}
	e := &shogi.Ending{Kind: c.kind, Result: c.result, Text: c.text}
	if e.Result == shogi.NoResult {
		e.Result = shogi.ResultOf(c.kind, p.pos.SideToMove())
	}
	return p.endLine(e, column(s, off))
}
