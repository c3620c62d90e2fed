package kif

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/errcode"
	"github.com/kifu-go/shogi/internal/nodearena"
	"github.com/kifu-go/shogi/internal/startadjust"
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
// strict: the first problem stops it with a [*SyntaxError]. A lenient reader reads on
// and lists each problem as a warning ([Reader.Warnings]), and never records an ending
// or a winner that the input does not state:
//
//   - a move it cannot read or that breaks the rules, a move whose number is not the
//     expected one, a まで line it cannot read or that counts other moves than the
//     line holds, or a line it does not understand where moves are expected ends its
//     line of play there: the moves before it are kept, the line gets an ending of
//     kind shogi.EndUnread whose Text is the text not read, and the rest of that line
//     of play (up to the next 変化 header) is passed over, with one warning for all of
//     it that wraps the cause (errors.Is(w, shogi.ErrNifu) tells a 二歩);
//   - a time it cannot read is left out, and the move is kept;
//   - a variation header it cannot read (or a 変化 that branches from no recorded
//     move) passes over that variation's block, and the blocks after it that branch
//     from its moves (by the numbers of the moves passed over), and the other lines
//     are left alone;
//   - anything else (an unknown line before the moves, a malformed board diagram, an
//     unknown 手合割) is passed over with a warning; with [Reader.AdjustStart] set, a
//     problem with the start position is an error all the same.
type Reader struct {
	// Format restricts the move lines read: KIF (numbered lines with origins), KI2
	// (Japanese notation after ▲/△), or both (AutoDialect, the default).
	Format Dialect
	// Encoding overrides the detection of the input's encoding.
	Encoding Encoding
	// Lenient turns problems into warnings (see [Reader]).
	Lenient bool
	// MaxBytes bounds the input a Reader reads, since the one record of a KIF or KI2
	// file is held in memory whole: 0 means DefaultMaxBytes, a negative value no bound.
	// Read never reads more than MaxBytes+1 bytes from its input: past MaxBytes it fails
	// with an ErrTooLarge error at the line it reached, in lenient reads too, without
	// reading on to the end of the input (which may have none).
	MaxBytes int64
	// AdjustStart, when set, is given the start position as the file sets it up (its
	// diagram, its 手合割, or the even start) and returns the position that the moves
	// are read and played from, which is the record's start (StartSFEN): a record can
	// then be read under a convention its file leaves unwritten, such as a tsume
	// problem's, whose defender holds every piece the file places nowhere. The position
	// it returns is the reader's from then on (p itself, or a new one). An error it
	// returns is the record's, an ErrPosition error at the line of the start position,
	// in lenient reads too: the moves have no start to be read from. So, when it is set,
	// is a problem with the start the file sets up (its diagram, a hand, the 手合割,
	// 手数＝), which a lenient read would pass over and read from another start (the
	// even one for a diagram it drops): AdjustStart is given the file's start or none.
	AdjustStart func(p *shogi.Position) (*shogi.Position, error)

	lr         *lineReader
	done       bool
	warnings   []*SyntaxError
	recordLine int
	compared   int // children compared by the duplicate checks of variations (see hasChild)
}

// DefaultMaxBytes is the most input a [Reader] reads when its MaxBytes is 0: far more
// than any real record (a game of 20 000 moves with a comment on each is a few MB).
const DefaultMaxBytes = 64 << 20

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{lr: newLineReader(r)}
}

// Warnings returns the problems a lenient read passed over in the record the last
// call of [Reader.Read] returned (or failed on), in input order, every time it is
// called, until the next call of Read. When Read returns io.EOF they are the problems
// of the text that holds no record. A strict read has none.
func (r *Reader) Warnings() []*SyntaxError { return r.warnings }

// RecordLine returns the 1-based line of the input at which the record the last call
// of [Reader.Read] returned, or failed on, starts: the first line that is neither blank
// nor a # comment (or the "#KIF" line of a record that holds nothing else; or the
// line of the error when Read failed before the record's first line). It is 0 before
// the first call and after a call that returned io.EOF. A caller reports
// "record 3, starting at line 240" with it.
func (r *Reader) RecordLine() int { return r.recordLine }

// Read reads the record. It returns io.EOF when the input holds no record (it is
// empty or holds only blank and # lines) and on every call after the first.
func (r *Reader) Read() (*shogi.Record, error) {
	if r.lr == nil {
		return nil, errNotMade
	}
	r.warnings, r.recordLine = nil, 0
	if r.done {
		return nil, io.EOF
	}
	r.done = true
	r.lr.limit = r.MaxBytes
	if r.lr.limit == 0 {
		r.lr.limit = DefaultMaxBytes
	}
	p := &parser{r: r, rec: &shogi.Record{}}
	r.compared = 0
	enc := r.Encoding
	if enc == AutoEncoding {
		var decl declaration
		enc, decl = sniffEncoding(r.lr.head(), r.lr.eof)
		if decl.enc != AutoEncoding {
			raw := r.lr.head()[:decl.off]
			prefix, _, _ := newDecoder(enc).decode(raw, func() string { return string(raw) })
			err := &detailError{ErrEncoding, fmt.Sprintf("the file declares encoding=%s but its text is %s", decl.name, enc)}
			if err := p.failAt(1, utf8.RuneCountInString(prefix)+1, err); err != nil {
				r.recordLine = 1
				return nil, err
			}
		}
	}
	p.dec = newDecoder(enc)
	p.lines = []lineState{{parent: &p.rec.Root}}
	p.last = &p.rec.Root
	rec, err := p.run()
	var se *SyntaxError
	switch {
	case err == io.EOF:
		// Warnings stay: they are about text that holds no record (a first line
		// declaring an encoding the text is not in, say), which a lenient read must
		// not pass over in silence.
		r.recordLine = 0
	case r.recordLine == 0 && errors.As(err, &se):
		r.recordLine = se.Line // it failed before the record's first line
	}
	return rec, err
}

// lineState is a line of play being read: the main line or a variation.
type lineState struct {
	start  int         // ply index of its first move (0 for the first move of the game)
	parent *shogi.Node // the node before its first move
	first  int         // the index of its first node in parser.path
	nodes  []*shogi.Node
	ended  bool // it has an ending: no move may follow
	unread bool // a lenient read stopped it (shogi.EndUnread)
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

	lineNo   int
	content  bool // a line other than blank or # was read
	declLine int  // the line of a "#KIF" declaration, if any

	handicap        string // the 手合割 value
	handicapLine    int
	handicapCol     int
	board           boardReader
	startMoveNumber int // from a 手数＝ line after a diagram
	commentedBoard  int // the first line of a board diagram commented out with #
	boardNoted      bool
	moveTable       bool // the "手数----指手--" line was read: moves are expected

	pos      *shogi.Position // nil until the start position is set up
	base     int             // move number of the first move
	baseSet  bool
	lines    []lineState   // the stack of lines (formats.md §2.6)
	path     []*shogi.Node // the nodes of the lines of the stack (see pushNode)
	last     *shogi.Node   // the node that comments and bookmarks belong to
	lastEnd  *shogi.Ending // the ending just read, which the comments after it belong to
	anyMove  bool          // a move line was read
	skipping bool          // a lenient read passes over the rest of a line of play
	// A lenient read passes over the block of a 変化 header it cannot read, and the
	// blocks that branch from it: passing is set while it does, and the numbers of the
	// moves passed over span passedFirst to passedLast (0 until one is seen). A later
	// block at 変化：N手 with passedFirst < N ≤ passedLast+1 branches from a line
	// passed over (the most recent line that holds move N-1), and is passed over too.
	passing                 bool
	passedFirst, passedLast int

	nodes nodearena.Arena // the record's nodes, allocated in blocks

	// children indexes the moves and endings of nodes with many children, so that the
	// duplicate check of a new variation stays constant time (see hasChild).
	children map[*shogi.Node]map[childKey]struct{}
}

// childKey names a child of a node: its move, or for an ending given as an alternative
// (no move), the ending's kind and text.
type childKey struct {
	move shogi.Move
	kind shogi.EndingKind
	text string
}

func keyOf(c *shogi.Node) childKey {
	if c.IsEnding() {
		return childKey{kind: c.End.Kind, text: c.End.Text}
	}
	return childKey{move: c.Move}
}

// indexFrom is how many children a node has before its children are indexed: fewer are
// scanned, which costs less than a map.
const indexFrom = 16

// hasChild reports whether parent has a child with key k. A node with many children
// gets an index, which addChild keeps up to date, so that reading n variations at one
// point takes time in n, not n².
func (p *parser) hasChild(parent *shogi.Node, k childKey) bool {
	idx := p.children[parent]
	if idx == nil {
		if len(parent.Children) < indexFrom {
			for _, c := range parent.Children {
				p.r.compared++
				if keyOf(c) == k {
					return true
				}
			}
			return false
		}
		idx = make(map[childKey]struct{}, 2*len(parent.Children))
		for _, c := range parent.Children {
			idx[keyOf(c)] = struct{}{}
		}
		p.r.compared += len(parent.Children)
		if p.children == nil {
			p.children = map[*shogi.Node]map[childKey]struct{}{}
		}
		p.children[parent] = idx
	}
	_, ok := idx[k]
	return ok
}

// noteChild records a new child c of parent in parent's index, if it has one.
func (p *parser) noteChild(parent, c *shogi.Node) {
	if p.children == nil {
		return
	}
	if idx := p.children[parent]; idx != nil {
		idx[keyOf(c)] = struct{}{}
	}
}

// fail reports a problem at a character column (1-based) of the current line: an
// error in strict mode, nil and a warning in lenient mode.
func (p *parser) fail(col int, err error) error {
	return p.failAt(p.lineNo, col, err)
}

// A lenient read gives at most one warning a line: the first problem of a line (text
// that does not decode, say) is the one reported, and what it spoils on that line
// (the move it breaks) is not reported again.
func (p *parser) failAt(line, col int, err error) error {
	e := &SyntaxError{Line: line, Column: col, Err: err}
	if p.r.Lenient {
		if n := len(p.r.warnings); n == 0 || p.r.warnings[n-1].Line != line {
			p.r.warnings = append(p.r.warnings, e)
		}
		return nil
	}
	return e
}

// failStart reports a problem with the start position (its diagram, hands, 手合割 or
// 手数＝) as failAt does, except under Reader.AdjustStart, where it is an error in a
// lenient read too. What a lenient read passes over there (a row, a hand, the whole
// diagram, whose record then starts at the even start) leaves a start the file does not
// give; AdjustStart would make the record's start of it, a convention applied to a
// position the file never set up (the attacker's hand, dropped, given to the defender
// by tsume.DefenderHoldsRest), with nothing in the record to say so but a warning. CSA
// and JKF readers fail on a start they cannot build in any read.
func (p *parser) failStart(line, col int, err error) error {
	if p.r.AdjustStart != nil {
		return &SyntaxError{Line: line, Column: col, Err: err}
	}
	return p.failAt(line, col, err)
}

// markContent notes a line that belongs to the record: the first one is where the
// record starts.
func (p *parser) markContent() {
	p.content = true
	if p.r.recordLine == 0 {
		p.r.recordLine = p.lineNo
	}
}

func (p *parser) run() (*shogi.Record, error) {
	lr := p.r.lr
	limit := lr.limit
	for {
		raw, err := lr.next()
		p.lineNo = lr.line
		if err == io.EOF {
			break
		}
		if limit > 0 && lr.total > limit {
			return nil, &SyntaxError{Line: max(p.lineNo, 1), Column: 1,
				Err: &detailError{ErrTooLarge, fmt.Sprintf("input larger than %d bytes (Reader.MaxBytes)", limit)}}
		}
		if err == ErrLineTooLong {
			p.markContent()
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
		text, bad, badErr := p.dec.decode(raw, str)
		if badErr != nil {
			p.markContent()
			if err := p.fail(bad+1, badErr); err != nil {
				return nil, err
			}
		}
		if err := p.line(text); err != nil {
			return nil, err
		}
	}
	if !p.content && p.declLine == 0 {
		return nil, io.EOF
	}
	if p.r.recordLine == 0 {
		p.r.recordLine = p.declLine
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
		p.commentLine(t)
		return nil
	}
	p.markContent()
	if p.skipping && !strings.HasPrefix(t, "変化") {
		if p.passing && t[0] >= '0' && t[0] <= '9' {
			p.notePassed(t)
		}
		return nil
	}
	// The cases start with different characters: the order only puts the move lines first.
	switch {
	case t[0] >= '0' && t[0] <= '9':
		if p.r.Format == KI2 {
			return p.unknownLine(s, off, ErrUnknownLine)
		}
		return p.kifLine(s, off)
	case isKI2Mark(t):
		if p.r.Format == KIF {
			return p.unknownLine(s, off, ErrUnknownLine)
		}
		return p.ki2Line(s, off)
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
		p.moveTable = true
		return nil
	case strings.HasPrefix(t, "手数＝") || strings.HasPrefix(t, "手数="):
		return p.moveCountLine(s, off, t)
	case isBoardLine(t):
		return p.boardLine(s, off, t)
	}
	if c, ok := turnLine(trimSpaces(t)); ok {
		if p.pos != nil {
			return p.unknownLine(s, off, ErrUnknownLine)
		}
		p.board.setup.SideToMove = c
		return nil
	}
	if i := headerSeparator(t); i > 0 {
		return p.header(s, off, t, i)
	}
	return p.unknownLine(s, off, ErrUnknownLine)
}

// commentLine notes what a # line says: a "#KIF" declaration, or a line of a board
// diagram that was commented out (which the error of the first move mentions, since
// the moves are then read from the wrong position).
func (p *parser) commentLine(t string) {
	if strings.HasPrefix(t, "#KIF ") {
		// It says that a record follows, even an empty one.
		if p.declLine == 0 {
			p.declLine = p.lineNo
		}
		return
	}
	if p.commentedBoard != 0 || p.pos != nil {
		return
	}
	c := trimSpaces(strings.TrimLeft(t, "#"))
	if isBoardLine(c) || strings.HasPrefix(c, "後手の持駒") || strings.HasPrefix(c, "先手の持駒") ||
		strings.HasPrefix(c, "上手の持駒") || strings.HasPrefix(c, "下手の持駒") {
		p.commentedBoard = p.lineNo
	}
}

// movesExpected reports whether the moves have begun: a line that is not understood
// there is a line of play that cannot be read on.
func (p *parser) movesExpected() bool { return p.moveTable || p.pos != nil }

// unknownLine reports a line that is not understood. Where moves are expected, a
// lenient read ends the line of play being read there; elsewhere it passes over it.
func (p *parser) unknownLine(s string, off int, err error) error {
	if p.movesExpected() && !p.top().ended {
		return p.unread(column(s, off), err, trimRightSpaces(s[off:]))
	}
	return p.fail(column(s, off), err)
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
	// The value is kept as written, leading spaces included ("先手：  羽生善治"), so that
	// a record is written back as it was read; spaces at the end of the line are not.
	value := t[i+sep:]
	if strings.HasPrefix(key, "\ufeff") {
		// A byte order mark inside the file (two files joined, say) would become part of
		// the key: "\ufeff先手" is no 先手.
		if err := p.fail(column(s, off), fmt.Errorf("%w: a byte order mark before the header key %q", ErrUnknownLine, key[len("\ufeff"):])); err != nil {
			return err
		}
		key = key[len("\ufeff"):]
	}
	if key == "" || strings.ContainsFunc(key, isSpace) {
		return p.unknownLine(s, off, ErrUnknownLine)
	}
	if c, ok := handColor(key); ok {
		if p.pos != nil {
			return p.unknownLine(s, off, ErrUnknownLine)
		}
		if !p.board.started && p.board.line == 0 {
			p.board.line = p.lineNo
		}
		if bad, err := p.board.readHand(c, trimLeftSpaces(value)); err != nil {
			voff := off + i + sep + (len(t[i+sep:]) - len(strings.TrimLeftFunc(t[i+sep:], isSpace)))
			return p.failStart(p.lineNo, column(s, voff)+bad, err)
		}
		return nil
	}
	if key == shogi.HeaderHandicap {
		if p.pos != nil {
			return p.fail(column(s, off), fmt.Errorf("%w: 手合割 after the first move", ErrHandicap))
		}
		p.handicap = trimSpaces(value)
		p.handicapLine = p.lineNo
		p.handicapCol = column(s, off+i+sep)
	}
	p.rec.Header = append(p.rec.Header, shogi.HeaderField{Key: key, Value: value})
	return nil
}

func (p *parser) boardLine(s string, off int, t string) error {
	if p.pos != nil {
		return p.unknownLine(s, off, fmt.Errorf("%w: a board diagram after the first move", ErrBoard))
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
		return p.failStart(p.lineNo, column(s, off)+bad, err)
	}
	return nil
}

// moveCountLine reads "手数＝N" after a diagram: the diagram is the position after N moves.
func (p *parser) moveCountLine(s string, off int, t string) error {
	rest := strings.TrimPrefix(strings.TrimPrefix(t, "手数＝"), "手数=")
	n, used := 0, 0
	for used < len(rest) && rest[used] >= '0' && rest[used] <= '9' {
		if n <= shogi.MaxMoveNumber { // past it, n stays above it without overflowing
			n = n*10 + int(rest[used]-'0')
		}
		used++
	}
	if used == 0 || p.pos != nil {
		return p.unknownLine(s, off, ErrUnknownLine)
	}
	if n >= shogi.MaxMoveNumber {
		// The position is after n moves and the next move is n+1, which must be a move number.
		return p.failStart(p.lineNo, column(s, off)+utf8.RuneCountInString(t)-utf8.RuneCountInString(rest),
			fmt.Errorf("%w: 手数＝%s is more than %d moves", ErrPosition, rest[:used], shogi.MaxMoveNumber-1))
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
			if err := p.failStart(p.board.line, 1, fmt.Errorf("%w: fewer than nine ranks", ErrBoard)); err != nil {
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
			if err := p.failStart(p.board.line, 1, errcode.Wrap(ErrPosition, err, "shogi: ")); err != nil {
				return err
			}
			break
		}
		p.pos = pos
	case p.board.hands && (p.board.setup.Hands[0] != 0 || p.board.setup.Hands[1] != 0):
		if err := p.failStart(p.board.line, 1, fmt.Errorf("%w: pieces in hand without a board", ErrBoard)); err != nil {
			return err
		}
	case p.handicap != "":
		if s, ok := handicapSFEN(p.handicap); ok {
			sfen = s
		} else if err := p.failStart(p.handicapLine, p.handicapCol, fmt.Errorf("%w: %q", ErrHandicap, p.handicap)); err != nil {
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
	if p.r.AdjustStart != nil {
		if err := p.adjustStart(); err != nil {
			return err
		}
	}
	p.rec.StartSFEN = p.pos.String()
	if !p.baseSet {
		p.base = p.pos.MoveNumber()
	}
	return nil
}

// adjustStart replaces the start position by the one Reader.AdjustStart makes of it.
func (p *parser) adjustStart() error {
	line := p.lineNo
	switch {
	case p.board.started:
		line = p.board.line
	case p.handicap != "":
		line = p.handicapLine
	}
	pos, err := startadjust.Apply(p.r.AdjustStart, p.pos)
	if err != nil {
		// Not a warning even in a lenient read: no move can be read without the start.
		return &SyntaxError{Line: max(line, 1), Column: 1, Err: fmt.Errorf("%w: %w", ErrPosition, err)}
	}
	p.pos = pos
	return nil
}

// top returns the line being read.
func (p *parser) top() *lineState { return &p.lines[len(p.lines)-1] }

// wantNumber returns the number that n, the number of the next KIF move line of the
// line being read, must be. The first move is numbered with the start position's move
// number: 1, or N+1 after a diagram with 手数＝N (where 1 is taken as well, for the
// files that number from 1 all the same).
func (p *parser) wantNumber(n int) int {
	cur := p.top()
	if !p.baseSet && len(p.lines) == 1 && len(cur.nodes) == 0 {
		p.baseSet = true
		if n == 1 && p.startMoveNumber > 1 {
			p.base = 1
		}
	}
	return p.base + cur.start + len(cur.nodes)
}

// addMove appends a legal move to the line being read and plays it. It returns nil
// when a lenient read passes over the move (a variation that repeats a recorded move).
func (p *parser) addMove(m shogi.Move, col int) (*shogi.Node, error) {
	cur := p.top()
	parent := cur.tip()
	if len(cur.nodes) == 0 && p.hasChild(parent, childKey{move: m}) {
		// The block says nothing new: a lenient read passes over it.
		if err := p.fail(col, ErrDuplicateVariation); err != nil {
			return nil, err
		}
		p.skipping = true
		return nil, nil
	}
	n := p.nodes.AddChild(parent, m)
	p.noteChild(parent, n)
	p.pushNode(cur, n)
	p.pos.PlayUnchecked(m)
	p.last, p.lastEnd = n, nil
	return n, nil
}

// pushNode appends n to cur, the line being read. The nodes of the lines of the stack
// share one slice, p.path, which doubles when it is full: a line below the top one
// never grows again (a 変化 block always starts a new line), so the nodes of the top
// line are at its end. The lines below keep their nodes in the slice they were read
// into, which is not written again.
func (p *parser) pushNode(cur *lineState, n *shogi.Node) {
	if len(p.path) == cap(p.path) {
		p.path = slices.Grow(p.path, max(len(p.path), 64))
	}
	p.path = append(p.path, n)
	cur.nodes = p.path[cur.first:]
}

// endLine ends the line being read. A variation that is nothing but an ending is an
// alternative to the moves played at its ply (or to the ending there): a child with no
// move (see shogi.Node).
func (p *parser) endLine(e *shogi.Ending, col int) error {
	cur := p.top()
	tip := cur.tip()
	cur.ended = true
	unread := e.Kind == shogi.EndUnread
	if len(p.lines) > 1 && len(cur.nodes) == 0 && len(tip.Children) == 0 && tip.End != nil && tip.End.Kind == shogi.EndUnread {
		// An ending instead of a move that was not read, and no move was read at its
		// ply to be an alternative to: it is passed over with the rest of that line.
		return nil
	}
	if len(p.lines) > 1 && len(cur.nodes) == 0 {
		if !unread && p.hasChild(tip, childKey{kind: e.Kind, text: e.Text}) {
			return p.fail(col, ErrDuplicateVariation)
		}
		alt := &shogi.Node{End: e}
		tip.Children = append(tip.Children, alt)
		p.noteChild(tip, alt)
		p.lastEnd = e
		return nil
	}
	if tip.End != nil {
		if unread {
			return nil
		}
		return p.fail(col, ErrDuplicateVariation)
	}
	tip.End = e
	p.lastEnd = e
	return nil
}

// unread handles something a lenient read cannot read where the line being read goes
// on: the line ends there with an ending of kind shogi.EndUnread whose Text is text,
// and the rest of the line of play is passed over. One warning says so. A strict read
// stops with err.
func (p *parser) unread(col int, err error, text string) error {
	if err := p.fail(col, err); err != nil {
		return err
	}
	p.skipping = true
	cur := p.top()
	if cur.ended {
		return nil
	}
	cur.unread = true
	return p.endLine(&shogi.Ending{Kind: shogi.EndUnread, Text: text}, col)
}

// badMove handles a move that cannot be read or breaks the rules: see unread. The
// first such error says so when the file's board diagram was commented out.
func (p *parser) badMove(col int, err error, text string) error {
	if p.commentedBoard != 0 && !p.boardNoted && !p.board.started {
		p.boardNoted = true
		err = &boardNote{err: err, line: p.commentedBoard}
	}
	return p.unread(col, err, text)
}

// boardNote wraps the error of a move read from the even-game start while the file's
// board diagram is commented out.
type boardNote struct {
	err  error
	line int
}

func (e *boardNote) Error() string {
	return fmt.Sprintf("%s (the file's board diagram is commented out with #, line %d)", e.err, e.line)
}

func (e *boardNote) Unwrap() error { return e.err }

// afterEnd handles a move that follows the stated end of its line: the rest of the
// line of play is passed over, with one warning.
func (p *parser) afterEnd(col int) error {
	if err := p.fail(col, ErrMoveAfterEnd); err != nil {
		return err
	}
	p.skipping = true
	return nil
}

// parseVariationHeader reads the move number of a variation header: "変化：3手", also
// "変化：3手目", with a half-width colon, spaces and full-width digits.
func parseVariationHeader(t string) (int, bool) {
	rest := trimLeftSpaces(strings.TrimPrefix(t, "変化"))
	rest, ok := strings.CutPrefix(rest, "：")
	if !ok {
		if rest, ok = strings.CutPrefix(rest, ":"); !ok {
			return 0, false
		}
	}
	rest = trimLeftSpaces(rest)
	n, digits := 0, 0
	for rest != "" && n < 1e7 {
		r, size := utf8.DecodeRuneInString(rest)
		switch {
		case r >= '0' && r <= '9':
			n = n*10 + int(r-'0')
		case r >= '０' && r <= '９':
			n = n*10 + int(r-'０')
		default:
			size = 0
		}
		if size == 0 {
			break
		}
		rest = rest[size:]
		digits++
	}
	switch trimSpaces(rest) {
	case "手", "手目":
		return n, digits > 0
	}
	return 0, false
}

// notePassed widens the span of the move numbers passed over to the number that starts
// the move line t.
func (p *parser) notePassed(t string) {
	n := 0
	for i := 0; i < len(t) && t[i] >= '0' && t[i] <= '9' && n < 1e8; i++ {
		n = n*10 + int(t[i]-'0')
	}
	if p.passedFirst == 0 || n < p.passedFirst {
		p.passedFirst = n
	}
	p.passedLast = max(p.passedLast, n)
}

// variation starts a block "変化：N手".
func (p *parser) variation(s string, off int, t string) error {
	n, ok := parseVariationHeader(t)
	if !ok {
		if err := p.fail(column(s, off), fmt.Errorf("%w: a variation header (変化：N手) that cannot be read", ErrUnknownLine)); err != nil {
			return err
		}
		// Its block is passed over (there is none before the first move), and the
		// blocks that branch from it.
		p.skipping = p.anyMove
		p.passing = p.passing || p.anyMove
		return nil
	}
	if p.passing && p.passedFirst > 0 && n > p.passedFirst && n <= p.passedLast+1 {
		p.skipping = true
		return p.fail(column(s, off), fmt.Errorf("%w: 変化：%d手 branches from a block passed over", ErrVariation, n))
	}
	p.passing, p.passedFirst, p.passedLast = false, 0, 0
	p.skipping = false
	if !p.anyMove && !p.moveTable && !p.lines[0].ended {
		// ShogiHome once wrote 変化 lines into the header; they carry nothing. (After
		// the move table's head "手数----指手--", or after an ending at the start, a
		// 変化 is real.)
		return nil
	}
	if err := p.setUpStart(); err != nil {
		return err
	}
	// The block gives an alternative to move n of the most recent line that holds it
	// (a move at ply k, or the ending there) and started before it (formats.md §2.6):
	// a block at 変化：5手 after one at 変化：3手 whose moves stop at move 4 belongs to
	// the line below, the main line say. Where no line holds move n, a block at the
	// ply after the last move of the most recent line (without an ending) goes on with
	// that line, as other readers take it. The position follows the lines of the
	// stack, so taking back the moves of the lines above the one branched from, and
	// replaying that line's moves up to ply k, gives the position of the branch. A
	// dangling block leaves the stack as it is.
	k := n - p.base
	top := len(p.lines)
	for top > 1 && p.lines[top-1].start >= k {
		top--
	}
	at := -1
	for i := top - 1; i >= 0 && k >= 0; i-- {
		l := &p.lines[i]
		if k < l.start {
			break
		}
		if d := k - l.start; d < len(l.nodes) || d == len(l.nodes) && l.tip().End != nil {
			at = i
			break
		}
		if l.unread {
			// The block may branch from a move that was not read: the EndUnread of
			// that line says so.
			p.skipping = true
			return nil
		}
	}
	goesOn := false
	if l := &p.lines[top-1]; at < 0 && k >= l.start && k-l.start == len(l.nodes) {
		at, goesOn = top-1, true
	}
	if at < 0 {
		p.skipping = true
		return p.fail(column(s, off), fmt.Errorf("%w: 変化：%d手", ErrVariation, n))
	}
	l := &p.lines[at]
	// Take back the moves of the lines above l that branched from it before ply k,
	// then replay l's moves up to ply k.
	back := k
	if at+1 < len(p.lines) {
		back = min(back, p.lines[at+1].start)
	}
	for p.pos.Ply() > back {
		p.pos.Undo()
	}
	for _, m := range l.nodes[p.pos.Ply()-l.start : k-l.start] {
		p.pos.PlayUnchecked(m.Move)
	}
	p.lines = p.lines[:at+1]
	p.path = p.path[:l.first+len(l.nodes)]
	if goesOn {
		// The block goes on with l, the line being read again: its moves are l's next
		// ones and a special move in it is l's ending, not an alternative.
		p.last, p.lastEnd = l.tip(), nil
		return nil
	}
	parent := l.parent
	if k > l.start {
		parent = l.nodes[k-1-l.start]
	}
	p.lines = append(p.lines, lineState{start: k, parent: parent, first: len(p.path)})
	p.last, p.lastEnd = parent, nil
	return nil
}

// closing reads a まで line: the result in KI2, a summary in KIF.
func (p *parser) closing(s string, off int, t string) error {
	c, ok := parseClosing(t)
	if !ok {
		// Where the line's ending is expected (it has none yet), a まで line that cannot
		// be read is a line of play that cannot be read on.
		return p.unknownLine(s, off, ErrResult)
	}
	if err := p.setUpStart(); err != nil {
		return err
	}
	cur := p.top()
	if want := p.base - 1 + cur.start + len(cur.nodes); c.moves != want {
		// The line does not hold the moves the まで line counts (a KI2 line cut short,
		// say): what it says is not this line's ending.
		err := fmt.Errorf("%w: %d moves, want %d", ErrResult, c.moves, want)
		if cur.ended {
			return p.fail(column(s, off), err)
		}
		return p.unread(column(s, off), err, t)
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
	e := &shogi.Ending{Kind: c.kind, Result: c.result}
	if e.Result == shogi.NoResult {
		e.Result = p.pos.EndingResult(c.kind)
	}
	return p.endLine(e, column(s, off))
}
