package csa

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/errcode"
	"github.com/kifu-go/shogi/internal/nodearena"
)

// The statements of one record, in the order the standard requires: version, game
// information, start position, side to move, then moves with their times and the
// special move that ends the game. Comments may come anywhere.

type phase uint8

const (
	phaseStart    phase = iota // nothing but comments yet
	phaseInfo                  // after the version line or game information
	phasePosition              // after a P line
	phaseMoves                 // after the side to move
	phaseEnded                 // after a % special move
)

type parser struct {
	r     *Reader
	rec   *shogi.Record
	slot  *shogi.Ending // room for the record's ending, allocated with the record
	phase phase
	any   bool // a statement other than a comment was seen
	line  []byte

	setup setupState
	pos   *shogi.Position
	node  *shogi.Node // the last node of the line (the root before the first move)
	// handicap: the start position is one of the handicap starts (see isHandicap).
	handicap bool
	timed    bool // the last move or ending already has its time
	end      *shogi.Ending
	endWord  string // the % line of end, which the line after it may repeat
	total    [2]time.Duration

	// stopped: a lenient read met a move it cannot read (the line of play ends
	// there with an EndUnread ending) or moves after the end; the rest of the record
	// is not read.
	stopped bool

	// nodes are the record's own blocks of nodes: blocks shared with the next record
	// would keep it alive (and, through its nodes, the one after it, and so on) as
	// long as this one is; unless the Reader reuses its records (ReuseRecords).
	nodes *nodearena.Arena
	// comments: room for the record's comments, handed out one per node (a node has
	// one comment line, mostly) so that a record commented move by move does not
	// allocate a slice per move. commentBlock is the size of the last block.
	comments     []string
	commentBlock int
}

// newParser returns a parser for the next record of r. The record and its ending are
// one allocation.
func newParser(r *Reader) parser {
	if r.ReuseRecords {
		if r.reused == nil {
			r.reused = new(reusedRecord)
		}
		u := r.reused
		u.nodes.Recycle()
		u.block = recordBlock{}
		clear(u.comments) // the strings of the last record are not kept alive
		if r.ReuseComments {
			r.strs.Reuse() // their text is written over
		}
		return parser{r: r, rec: &u.block.rec, slot: &u.block.end, nodes: &u.nodes,
			comments: u.comments, commentBlock: len(u.comments)}
	}
	block := new(ownRecord)
	return parser{r: r, rec: &block.rec, slot: &block.end, nodes: &block.nodes}
}

// recordBlock is a record and the room for its ending.
type recordBlock struct {
	rec shogi.Record
	end shogi.Ending
}

// ownRecord is a record with its ending and the arena of its nodes: one allocation.
type ownRecord struct {
	recordBlock
	nodes nodearena.Arena
}

// reusedRecord is the memory of the last record, which a Reader with ReuseRecords
// builds the next one in.
type reusedRecord struct {
	block    recordBlock
	nodes    nodearena.Arena
	comments []string // the last (largest) block of comment slots, handed out again
}

// ending returns e stored in the room allocated with the record, which holds one
// ending (a record has at most one: the line of play stops there).
func (p *parser) ending(e shogi.Ending) *shogi.Ending {
	if p.slot == nil {
		return &e
	}
	slot := p.slot
	*slot, p.slot = e, nil
	return slot
}

// errAt returns a SyntaxError at byte offset off of the current line.
func (p *parser) errAt(off int, err error) *SyntaxError {
	off = min(off, len(p.line))
	return &SyntaxError{Line: p.r.line, Column: utf8.RuneCount(p.line[:off]) + 1, Err: err}
}

// soft reports a problem a lenient read can step over: a warning there, an error
// otherwise.
func (p *parser) soft(off int, err error) error {
	e := p.errAt(off, err)
	if p.r.Lenient {
		p.r.warnings = append(p.r.warnings, e)
		return nil
	}
	return e
}

// parseLine handles one decoded line and reports whether it was a separator.
func (p *parser) parseLine(line []byte) (bool, error) {
	p.line = line
	if len(line) == 0 {
		return false, nil
	}
	switch line[0] {
	case '\'':
		p.comment(line)
		return false, nil
	case 'N', '$':
		return false, p.info(line)
	}
	for off := 0; off <= len(line) && !p.stopped; {
		end := bytes.IndexByte(line[off:], ',')
		if end < 0 {
			end = len(line)
		} else {
			end += off
		}
		stmt, start := trimSpace(line[off:end], off)
		if len(stmt) > 0 && stmt[0] == '\'' {
			// A comment after a comma ("+7776FU,T0,'* 30 -3334FU", a dialect of
			// published records) runs to the end of the line, commas included.
			p.comment(line[start:])
			return false, nil
		}
		if len(stmt) > 0 {
			done, err := p.statement(stmt, start)
			if err != nil {
				if err := p.problem(err, start); err != nil {
					return false, err
				}
			}
			if done {
				return true, nil
			}
		}
		off = end + 1
	}
	return false, nil
}

// Statements report their problems as *SyntaxError values, marked when a lenient read
// cannot simply skip the statement.
type (
	// fatal marks problems that a lenient read cannot step over (the start position).
	fatal struct{ error }
	// unreadable marks a move, or a line where a move is expected, that a lenient read
	// cannot read: the line of play ends there.
	unreadable struct{ error }
	// afterEnd marks a move after the file's own % line.
	afterEnd struct{ error }
)

func (f fatal) Unwrap() error      { return f.error }
func (u unreadable) Unwrap() error { return u.error }
func (a afterEnd) Unwrap() error   { return a.error }

// problem handles the problem err of the statement at offset off: the error of a
// strict read, and in a lenient one an error, a warning or the end of the line of
// play, as its mark says.
func (p *parser) problem(err error, off int) error {
	se := asSyntax(p, err, off)
	if !p.r.Lenient {
		return se
	}
	var (
		f fatal
		u unreadable
		a afterEnd
	)
	switch {
	case errors.As(err, &f):
		return se
	case errors.As(err, &u):
		p.r.warnings = append(p.r.warnings, se)
		p.node.End = p.ending(shogi.Ending{Kind: shogi.EndUnread, Text: string(bytes.TrimSpace(p.line[off:]))})
		p.stopped = true
	case errors.As(err, &a):
		p.r.warnings = append(p.r.warnings, se)
		p.stopped = true
	default:
		p.r.warnings = append(p.r.warnings, se)
	}
	return nil
}

func asSyntax(p *parser, err error, off int) *SyntaxError {
	var se *SyntaxError
	if errors.As(err, &se) {
		return se
	}
	return p.errAt(off, err)
}

func trimSpace(b []byte, off int) ([]byte, int) {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
		off++
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b, off
}

func (p *parser) statement(s []byte, off int) (bool, error) {
	switch s[0] {
	case '/': // a separator is a line of its own
		if len(s) != 1 || !isSeparator(p.line) {
			return false, p.inPlay(p.errAt(off, fmt.Errorf("%w %q: a separator is a line of its own", ErrUnknownStatement, s)))
		}
		return true, nil
	case 'V':
		return false, p.version(s, off)
	case 'P':
		return false, p.position(s, off)
	case '+', '-':
		if len(s) == 1 {
			return false, p.sideToMove(s[0], off)
		}
		return false, p.move(s, off)
	case 'T':
		return false, p.time(s, off)
	case '%':
		return false, p.special(s, off)
	}
	return false, p.inPlay(p.errAt(off, fmt.Errorf("%w %q", ErrUnknownStatement, s)))
}

// inPlay marks the problem of a statement that has no place where moves are expected
// (an unknown statement, a version, P or side-to-move line, which may be a truncated
// move or the start of another record): in the line of play it is unreadable, and
// after the file's % line a mere warning.
func (p *parser) inPlay(err error) error {
	if p.phase == phaseMoves {
		return unreadable{err}
	}
	return err
}

// comment attaches a comment line: "'*text" is the comment "text" (so "'**…" is
// "*…"); a plain "'text" line is kept whole, apostrophe included.
func (p *parser) comment(line []byte) {
	var text string
	if len(line) > 1 && line[1] == '*' {
		text = p.r.strs.String(line[2:])
	} else {
		text = p.r.strs.String(line)
	}
	if p.end != nil { // a comment after the special move belongs to the ending
		p.end.Comments = append(p.end.Comments, text)
		return
	}
	n := p.node
	if n == nil {
		n = &p.rec.Root
	}
	if len(n.Comments) > 0 {
		n.Comments = append(n.Comments, text)
		return
	}
	if len(p.comments) == 0 {
		p.commentBlock = min(max(2*p.commentBlock, 16), 1024)
		p.comments = make([]string, p.commentBlock)
		if p.r.ReuseRecords && p.r.reused != nil {
			p.r.reused.comments = p.comments
		}
	}
	// A slice of capacity 1: a second comment on the node copies it out of the block.
	n.Comments = p.comments[:1:1]
	n.Comments[0] = text
	p.comments = p.comments[1:]
}

func (p *parser) version(s []byte, off int) error {
	p.any = true
	if p.phase >= phaseMoves {
		return p.inPlay(p.errAt(off, fmt.Errorf("%w: the version must come first", ErrOrder)))
	}
	switch string(s) {
	case "V2", "V2.1", "V2.2", "V3.0":
	default:
		if err := p.soft(off, fmt.Errorf("%w %q", ErrVersion, s)); err != nil {
			return err
		}
	}
	if p.phase != phaseStart {
		return p.soft(off, fmt.Errorf("%w: the version must come first", ErrOrder))
	}
	p.phase = phaseInfo
	return nil
}

func (p *parser) info(line []byte) error {
	p.any = true
	if p.phase > phaseInfo {
		if err := p.soft(0, fmt.Errorf("%w: game information after the start position", ErrOrder)); err != nil {
			return err
		}
	} else {
		p.phase = phaseInfo
	}
	var key, value []byte
	if line[0] == 'N' {
		if len(line) < 2 || (line[1] != '+' && line[1] != '-') {
			return p.soft(0, fmt.Errorf("%w: a name line starts with N+ or N-", ErrHeader))
		}
		key, value = line[:2], line[2:]
	} else {
		i := bytes.IndexByte(line, ':')
		if i < 2 {
			return p.soft(0, fmt.Errorf("%w: a $ line is $KEY:value", ErrHeader))
		}
		key, value = line[:i], line[i+1:]
	}
	addInfo(&p.rec.Header, string(key), string(value))
	return nil
}

func (p *parser) sideToMove(sign byte, off int) error {
	p.any = true
	if p.phase >= phaseMoves {
		return p.inPlay(p.errAt(off, fmt.Errorf("%w: a second side to move", ErrOrder)))
	}
	if !p.setup.any {
		return fatal{p.errAt(off, fmt.Errorf("%w before the side to move %c", ErrNoPosition, sign))}
	}
	side := shogi.Black
	if sign == '-' {
		side = shogi.White
	}
	return p.start(side, off)
}

// start builds the start position once the side to move is known.
func (p *parser) start(side shogi.Color, off int) error {
	start, err := p.r.startPosition(p.setup.setup(side))
	if err != nil {
		return fatal{p.errAt(off, errcode.Wrap(ErrSetup, err, "shogi: "))}
	}
	p.pos = start.pos
	p.rec.StartSFEN, p.handicap = start.sfen, start.handicap
	p.node = &p.rec.Root
	p.phase = phaseMoves
	return nil
}

// needMoves checks that the moves may begin at the statement s; a lenient read
// without a side line takes the side of the first move. Moves need a start position.
func (p *parser) needMoves(s []byte, off int, side shogi.Color) error {
	p.any = true
	if p.phase >= phaseMoves {
		return nil
	}
	if !p.setup.any {
		what := "move"
		if s[0] == '%' {
			what = "special move"
		}
		return fatal{p.errAt(off, fmt.Errorf("%w before the %s %s", ErrNoPosition, what, s))}
	}
	if err := p.soft(off, ErrNoSideToMove); err != nil {
		return fatal{err}
	}
	return p.start(side, off)
}

func (p *parser) move(s []byte, off int) error {
	side := shogi.Black
	if s[0] == '-' {
		side = shogi.White
	}
	if err := p.needMoves(s, off, side); err != nil {
		return err
	}
	if p.phase == phaseEnded {
		return afterEnd{p.errAt(off, ErrAfterEnd)}
	}
	if len(s) != 7 {
		return unreadable{p.errAt(off, fmt.Errorf("%w %q", ErrMoveSyntax, s))}
	}
	from, ok1 := parseSquare(s[1], s[2])
	to, ok2 := parseSquare(s[3], s[4])
	t := parsePiece(s[5], s[6])
	if !ok1 || !ok2 || to == shogi.NoSquare || t == shogi.NoPieceType {
		return unreadable{p.errAt(off, fmt.Errorf("%w %q", ErrMoveSyntax, s))}
	}
	m, reason := p.resolve(side, from, to, t)
	if reason != nil {
		return unreadable{p.errAt(off, &shogi.IllegalMoveError{Ply: p.pos.MoveNumber(), Move: m, Reason: reason})}
	}
	if err := p.pos.CheckMove(m); err != nil {
		return unreadable{p.errAt(off, err)}
	}
	p.pos.PlayUnchecked(m)
	p.node = p.nodes.AddChild(p.node, m)
	p.timed = false
	return nil
}

// resolve turns a CSA move into a Move: the piece named is the piece after the move,
// so a promotion shows as the promoted piece on an unpromoted one.
func (p *parser) resolve(side shogi.Color, from, to shogi.Square, t shogi.PieceType) (shogi.Move, error) {
	if from == shogi.NoSquare {
		return shogi.NewDrop(t, to), wrongSide(p.pos, side)
	}
	m := shogi.NewMove(from, to, false)
	if err := wrongSide(p.pos, side); err != nil {
		return m, err
	}
	pc := p.pos.PieceAt(from)
	if pc == shogi.NoPiece || pc.Color() != side {
		return m, nil // CheckMove names the foul
	}
	bt := pc.Type()
	switch {
	case t == bt:
		return m, nil
	case bt.CanPromote() && t == bt.Promote():
		return shogi.NewMove(from, to, true), nil
	case bt.IsPromoted() && t == bt.Unpromote():
		return m, shogi.ErrUnpromote
	}
	return m, fmt.Errorf("%w: %s holds a %s (%s), not a %s (%s)", shogi.ErrPieceMismatch,
		squareName(from), bt, pieceCodes[bt], t, pieceCodes[t])
}

func wrongSide(pos *shogi.Position, side shogi.Color) error {
	if side != pos.SideToMove() {
		return shogi.ErrWrongSide
	}
	return nil
}

func (p *parser) time(s []byte, off int) error {
	if p.phase < phaseMoves || (p.node == &p.rec.Root && p.end == nil) {
		return p.errAt(off, ErrTimeWithoutMove)
	}
	if p.timed {
		return p.errAt(off, ErrDuplicateTime)
	}
	d, err := parseTime(s[1:])
	if err != nil {
		return p.errAt(off, fmt.Errorf("%w %q: %w", ErrTime, s, err))
	}
	side := p.pos.SideToMove()
	if p.end == nil {
		side = side.Opponent() // the time of the move just played
	}
	if p.total[side]+d > shogi.MaxTime {
		return p.errAt(off, fmt.Errorf("%w %q: the side's total would be %w", ErrTime, s, errTimeRange))
	}
	p.timed = true
	if p.end != nil {
		p.total[side] += d
		p.end.Time, p.end.HasTime = shogi.MoveTime{Spent: d, Total: p.total[side]}, true
		return nil
	}
	mover := p.pos.SideToMove().Opponent()
	p.total[mover] += d
	p.node.Time = shogi.MoveTime{Spent: d, Total: p.total[mover]}
	p.node.HasTime = true
	return nil
}

var errTimeDigits = errors.New("seconds with at most three decimals")

// maxSeconds is shogi.MaxTime in seconds: no time is longer, so none overflows.
const maxSeconds = int64(shogi.MaxTime / time.Second)

var errTimeRange = errors.New("longer than 10 000 hours")

// parseTime parses seconds with up to three decimals.
func parseTime(b []byte) (time.Duration, error) {
	var sec, frac int64
	i := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		sec = sec*10 + int64(b[i]-'0')
		if sec > maxSeconds {
			return 0, errTimeRange
		}
	}
	if i == 0 {
		return 0, errTimeDigits
	}
	if i < len(b) {
		if b[i] != '.' {
			return 0, errTimeDigits
		}
		digits := b[i+1:]
		if len(digits) > 3 {
			return 0, errTimeDigits
		}
		for _, c := range digits {
			if c < '0' || c > '9' {
				return 0, errTimeDigits
			}
			frac = frac*10 + int64(c-'0')
		}
		for range 3 - len(digits) {
			frac *= 10
		}
	}
	return time.Duration(sec)*time.Second + time.Duration(frac)*time.Millisecond, nil
}

func (p *parser) special(s []byte, off int) error {
	if err := p.needMoves(s, off, shogi.Black); err != nil {
		return err
	}
	if p.phase == phaseEnded {
		if string(s) == p.endWord {
			// The same special move again: a game's end as an engine sent it and as
			// the server echoed it ("%KACHI,'* -5000 win", "T10", "%KACHI"). It is the
			// one ending, which takes the time after the repeat if it has none.
			p.timed = p.end.HasTime
			return nil
		}
		return afterEnd{p.errAt(off, ErrAfterEnd)}
	}
	e, ok := parseSpecial(string(s), p.pos)
	if !ok {
		if err := p.soft(off, fmt.Errorf("%w %q", ErrUnknownSpecial, s)); err != nil {
			return err
		}
		e = shogi.Ending{Kind: shogi.EndUnread, Text: string(s)} // a special move it cannot read ends the line unread
	}
	p.end = p.ending(e)
	if ok {
		p.endWord = string(s)
	}
	p.node.End = p.end
	p.timed = false
	p.phase = phaseEnded
	return nil
}

// finish completes the record at a separator or at the end of the input. Input that
// holds nothing but blank lines and comments holds no record: io.EOF.
func (p *parser) finish() (*shogi.Record, error) {
	if !p.any {
		return nil, io.EOF
	}
	if p.phase < phaseMoves {
		if !p.setup.any {
			return nil, &SyntaxError{Line: p.r.line, Column: 1, Err: fmt.Errorf("%w in the record", ErrNoPosition)}
		}
		err := &SyntaxError{Line: p.r.line, Column: 1, Err: ErrNoSideToMove}
		if !p.r.Lenient {
			return nil, err
		}
		p.r.warnings = append(p.r.warnings, err)
		if err := p.start(shogi.Black, 0); err != nil {
			return nil, asSyntax(p, err, 0)
		}
	}
	if p.handicap {
		renameForHandicap(p.rec.Header)
	}
	return p.rec, nil
}
