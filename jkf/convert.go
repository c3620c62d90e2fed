package jkf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/errcode"
	"github.com/kifu-go/shogi/internal/nodearena"
	"github.com/kifu-go/shogi/internal/startadjust"
)

// converter turns one decoded JSON record into a Record, checking every move.
type converter struct {
	r                   *Reader
	raw                 []byte     // the record's JSON
	startLine, startCol int        // where raw starts in the input
	path                []pathElem // the path of the entry being converted, built without allocating
	keysChecked         bool       // every key is one JKF defines, written as it does, once in its object
	t                   *tree      // the record decoded
	comments            []string   // the comments of the record, t.comments copied
	colorless           bool       // a move without "color" was reported (see resolve)
	oldKeys             bool       // the record has old-layout keys, which encoding/json was let to skip

	nodes nodearena.Arena // the record's nodes, allocated in blocks
}

// place returns the line and column in the input of offset off of the record.
func (c *converter) place(off int) (int, int) {
	line, col := lineColumn(c.raw, off)
	if line == 1 {
		col += c.startCol - 1
	}
	return line + c.startLine - 1, col
}

// errAtOffset returns a SyntaxError at byte offset off of the record.
func (c *converter) errAtOffset(off int, err error) *SyntaxError {
	line, col := c.place(off)
	return &SyntaxError{Line: line, Column: col, Err: err}
}

// errAt returns a SyntaxError at the value of path (relative to the record).
func (c *converter) errAt(path []any, err error) *SyntaxError {
	line, col := c.place(locate(c.raw, path))
	return &SyntaxError{Line: line, Column: col, Path: pathString(path), Err: err}
}

// jsonError returns the error of a value that is not valid JSON: at the fault, or at
// the end of the value's text when it stops before it is complete.
func (c *converter) jsonError() *SyntaxError {
	var skip json.RawMessage
	err := json.NewDecoder(bytes.NewReader(c.raw)).Decode(&skip)
	var se *json.SyntaxError
	off := len(bytes.TrimRight(c.raw, " \t\r\n"))
	switch {
	case errors.As(err, &se):
		off = min(max(int(se.Offset)-1, 0), len(c.raw))
	case err == nil && len(skip) == len(c.raw):
		err = io.ErrUnexpectedEOF // cut off before the end of the input: incomplete
	case err == nil:
		err = errors.New("text after the value")
		off = len(skip)
	}
	line, col := c.place(off)
	return &SyntaxError{Line: line, Column: col, Err: fmt.Errorf("%w: %w", ErrJSON, err)}
}

// soft reports a problem a lenient read steps over.
func (c *converter) soft(path []any, err error) error {
	return c.warn(c.errAt(path, err))
}

// warn returns e, or records it as a warning and returns nil in a lenient read.
func (c *converter) warn(e *SyntaxError) error {
	if c.r.Lenient {
		c.r.warnings = append(c.r.warnings, e)
		return nil
	}
	return e
}

// dialect records e, a departure from the format that every reader reads alike (the
// old layout, ErrOldLayout), as a warning in strict reads as in lenient ones.
func (c *converter) dialect(e *SyntaxError) {
	c.r.warnings = append(c.r.warnings, e)
}

// text returns the JSON text of the value at path, on one line.
func (c *converter) text(path []any) string {
	dec := json.NewDecoder(bytes.NewReader(c.raw[locate(c.raw, path):]))
	var v json.RawMessage
	if dec.Decode(&v) != nil {
		return ""
	}
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(v)
	}
	return b.String()
}

// pathElem is an object key, or an array index when key is "".
type pathElem struct {
	key   string
	index int
}

// sub returns the current path followed by elems, for an error.
func (c *converter) sub(elems ...any) []any {
	out := make([]any, 0, len(c.path)+len(elems))
	for _, e := range c.path {
		if e.key != "" {
			out = append(out, e.key)
		} else {
			out = append(out, e.index)
		}
	}
	return append(out, elems...)
}

func (c *converter) record(t *tree) (*shogi.Record, error) {
	c.t = t
	off, inexact := -1, false
	if !c.keysChecked {
		off, inexact = scanKeys(c.raw)
	}
	if off >= 0 {
		err := c.errAtOffset(off, fmt.Errorf("%w: the last value is read, the others dropped", ErrRepeatedKey))
		if !c.r.Lenient {
			return nil, err
		}
		c.r.warnings = append(c.r.warnings, err)
	}
	if (c.r.Lenient && !c.keysChecked) || inexact || c.oldKeys {
		for _, u := range unknownKeys(c.raw, 100) {
			line, col := c.place(u.offset)
			if oldLayoutKeys[u.path] {
				c.dialect(&SyntaxError{Line: line, Column: col, Path: u.path, Err: &oldLayoutError{ErrUnknownKey, fmt.Sprintf("key %q (skipped)", u.path)}})
				continue
			}
			err := &SyntaxError{Line: line, Column: col, Path: u.path, Err: ErrUnknownKey}
			if !c.r.Lenient {
				return nil, err // a key in another case, which encoding/json let through
			}
			c.r.warnings = append(c.r.warnings, err)
		}
	}
	if t.header == nil && t.initial == nil && !t.moves.given() {
		// Not even a lenient read makes a record of an object with none of the keys
		// of one (an entry of a truncated record, say).
		return nil, c.errAt(nil, fmt.Errorf("%w: a record has a header, an initial position or moves", ErrMissing))
	}
	rec := &shogi.Record{Header: shogi.Header(t.header)}
	pos, sfen, err := c.start(t.initial)
	if err == nil && c.r.AdjustStart != nil {
		pos, sfen, err = c.adjustStart(pos, t.initial != nil)
	}
	if err != nil {
		return nil, err
	}
	rec.StartSFEN = sfen
	if !t.moves.given() {
		if err := c.soft([]any{"moves"}, fmt.Errorf("%w: moves", ErrMissing)); err != nil {
			return nil, err
		}
		return rec, nil
	}
	pos.Grow(int(t.moves.n)) // the main line is played on pos; forks play on clones
	c.path = append(c.path, pathElem{key: "moves"})
	if len(t.comments) > 0 {
		// One array for the comments of all the record's nodes, each node's a part.
		c.comments = append([]string(nil), t.comments...)
	}
	if err := c.line(t.moves, &rec.Root, pos, true); err != nil {
		return nil, err
	}
	return rec, nil
}

func (c *converter) decodeError(err error) error {
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		line, col := c.place(valueBefore(c.raw, int(te.Offset)))
		return &SyntaxError{Line: line, Column: col, Path: te.Field, Err: fmt.Errorf("%w: %w", ErrJSON, err)}
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		if u := unknownKeys(c.raw, 1); len(u) > 0 {
			line, col := c.place(u[0].offset)
			return &SyntaxError{Line: line, Column: col, Path: u[0].path, Err: ErrUnknownKey}
		}
	case strings.HasPrefix(err.Error(), "header"), strings.HasPrefix(err.Error(), "the header"):
		return c.errAt([]any{"header"}, fmt.Errorf("%w: %w", ErrJSON, err))
	}
	return c.errAt(nil, fmt.Errorf("%w: %w", ErrJSON, err))
}

// start returns the start position of initial, and its SFEN.
func (c *converter) start(in *initial) (*shogi.Position, string, error) {
	if in == nil {
		pos, sfen, _, err := presetPosition("HIRATE")
		return pos, sfen, err
	}
	if pos, sfen, ok, err := presetPosition(in.Preset); ok {
		if err != nil || in.Data == nil {
			return pos, sfen, err
		}
		// The data of a preset is redundant; it must not say something else.
		given, err := c.fromData(in.Data)
		if err != nil {
			return nil, "", err
		}
		if !given.Equal(pos) {
			if err := c.soft([]any{"initial", "data"}, fmt.Errorf("%w: the data is not the position of the preset %s", ErrBoard, in.Preset)); err != nil {
				return nil, "", err
			}
		}
		return pos, sfen, nil
	}
	if in.Preset != "OTHER" {
		return nil, "", c.errAt([]any{"initial", "preset"}, fmt.Errorf("%w %q", ErrPreset, in.Preset))
	}
	if in.Data == nil {
		return nil, "", c.errAt([]any{"initial"}, fmt.Errorf("%w: initial.data of an OTHER preset", ErrMissing))
	}
	pos, err := c.fromData(in.Data)
	if err != nil {
		return nil, "", err
	}
	return pos, pos.String(), nil
}

// adjustStart returns the position that Reader.AdjustStart makes of the start pos,
// and its SFEN; its error is at "initial" when the record has one.
func (c *converter) adjustStart(pos *shogi.Position, initial bool) (*shogi.Position, string, error) {
	q, err := startadjust.Apply(c.r.AdjustStart, pos)
	if err != nil {
		var path []any
		if initial {
			path = []any{"initial"}
		}
		// Not a warning even in a lenient read: no move can be read without the start.
		return nil, "", c.errAt(path, fmt.Errorf("%w: %w", ErrSetup, err))
	}
	return q, q.String(), nil
}

// fromData returns the position of initial.data.
func (c *converter) fromData(d *stateData) (*shogi.Position, error) {
	// Records may start from composed positions (nine pawns on a file, a piece that
	// cannot move): only the limits every position keeps apply.
	s := shogi.Setup{AllowUnreachable: true}
	switch d.Color {
	case 0:
	case 1:
		s.SideToMove = shogi.White
	default:
		return nil, c.errAt([]any{"initial", "data", "color"}, ErrColor)
	}
	if len(d.Board) != 9 {
		return nil, c.errAt([]any{"initial", "data", "board"}, fmt.Errorf("%w: nine files", ErrBoard))
	}
	for x, file := range d.Board {
		if len(file) != 9 {
			return nil, c.errAt([]any{"initial", "data", "board", x}, fmt.Errorf("%w: nine squares a file", ErrBoard))
		}
		for y, sq := range file {
			if sq.Color == nil && sq.Kind == "" {
				continue
			}
			t := parsePiece(sq.Kind)
			if t == shogi.NoPieceType {
				return nil, c.errAt([]any{"initial", "data", "board", x, y}, fmt.Errorf("%w %q", ErrPiece, sq.Kind))
			}
			if sq.Color == nil || (*sq.Color != 0 && *sq.Color != 1) {
				return nil, c.errAt([]any{"initial", "data", "board", x, y}, ErrColor)
			}
			s.Put(shogi.NewSquare(x+1, y+1), shogi.NewPiece(shogi.Color(*sq.Color), t))
		}
	}
	if len(d.Hands) != 2 {
		return nil, c.errAt([]any{"initial", "data", "hands"}, fmt.Errorf("%w: two hands", ErrBoard))
	}
	for side := range d.Hands {
		for t, n := range d.Hands[side].counts() {
			if n == nil {
				continue
			}
			if *n < 0 || *n > shogi.MaxInHand[t] {
				return nil, c.errAt([]any{"initial", "data", "hands", side, pieceCodes[t]}, fmt.Errorf("%w: %d in hand", ErrBoard, *n))
			}
			s.Hands[side] = s.Hands[side].WithCount(shogi.PieceType(t), *n)
		}
	}
	pos, err := shogi.NewPosition(s)
	if err != nil {
		return nil, c.errAt([]any{"initial", "data"}, errcode.Wrap(ErrSetup, err, "shogi: "))
	}
	return pos, nil
}

// line converts the entries of one line of play after parent, whose position is pos
// (which line changes). In the main list the first entry holds the comments on the
// start position; in a fork the first entry is the alternative move.
func (c *converter) line(entries list, parent *shogi.Node, pos *shogi.Position, main bool) error {
	depth := len(c.path)
	c.path = append(c.path, pathElem{})
	defer func() { c.path = c.path[:depth] }()
	prev := parent
	ended := false
	for i, at := 0, entries.first; i < int(entries.n); i, at = i+1, c.t.entries[at].next {
		e := &c.t.entries[at]
		c.path[depth].index = i
		if main && i == 0 {
			if e.flags&(hasMove|hasTime) != 0 || e.forks.n > 0 {
				if err := c.soft(c.sub(), fmt.Errorf("%w: moves[0] holds only the comments on the start position", ErrMisplaced)); err != nil {
					return err
				}
			}
			prev.Comments = append(prev.Comments, c.entryComments(e)...)
			if e.special != 0 {
				if err := c.special(e, prev, pos); err != nil {
					return err
				}
				ended = true
			}
			continue
		}
		switch {
		case ended:
			if err := c.soft(c.sub(), ErrAfterEnd); err != nil {
				return err
			}
			return nil
		case e.flags&hasMove != 0:
			m, err := c.resolve(e, pos)
			if err != nil {
				if !c.r.Lenient {
					return err
				}
				// The line stops here: the move and all that follows it are unread.
				c.r.warnings = append(c.r.warnings, asSyntax(c, err))
				end := &shogi.Ending{Kind: shogi.EndUnread, Text: c.text(c.sub("move"))}
				if !main && prev == parent {
					// The first move of a variation: parent's own line goes on, so the
					// variation is an unread alternative, a child without a move.
					parent.Children = append(parent.Children, &shogi.Node{End: end})
				} else {
					prev.End = end
				}
				return nil
			}
			node := c.nodes.AddChild(prev, m)
			node.Comments = c.entryComments(e)
			if e.flags&hasTime != 0 {
				t, err := c.time(e)
				if err != nil {
					if err := c.warn(err); err != nil {
						return err
					}
				} else {
					node.Time, node.HasTime = t, true
				}
			}
			if err := c.forks(e, prev, pos); err != nil {
				return err
			}
			pos.PlayUnchecked(m)
			prev = node
		case e.special != 0:
			if err := c.special(e, prev, pos); err != nil {
				return err
			}
			ended = true
		default:
			if e.flags&hasTime != 0 || e.forks.n > 0 {
				if err := c.soft(c.sub(), fmt.Errorf("%w: time or forks without a move", ErrMisplaced)); err != nil {
					return err
				}
			}
			prev.Comments = append(prev.Comments, c.entryComments(e)...)
		}
	}
	return nil
}

// entryComments returns the comments of e, a part of c.comments the record keeps:
// nil when e has none, empty when its list is.
func (c *converter) entryComments(e *entry) []string {
	if e.flags&hasComments == 0 {
		return nil
	}
	if e.comments.n == 0 {
		return []string{}
	}
	first, end := e.comments.first, e.comments.first+e.comments.n
	return c.comments[first:end:end]
}

// asSyntax returns err as a *SyntaxError.
func asSyntax(c *converter, err error) *SyntaxError {
	var se *SyntaxError
	if errors.As(err, &se) {
		return se
	}
	return c.errAt(c.sub(), err)
}

// forks converts the alternatives of entry e, which start from parent.
func (c *converter) forks(e *entry, parent *shogi.Node, pos *shogi.Position) error {
	depth := len(c.path)
	defer func() { c.path = c.path[:depth] }()
	for j := range int(e.forks.n) {
		fork := c.t.forks[int(e.forks.first)+j]
		c.path = append(c.path[:depth], pathElem{key: "forks"}, pathElem{index: j})
		if !fork.empty() && c.t.entries[fork.first].flags&hasMove == 0 && c.t.entries[fork.first].special != 0 {
			// An alternative ending: the game stops here instead of e's move.
			if err := c.alternativeEnding(fork, parent, pos); err != nil {
				return err
			}
			continue
		}
		if fork.empty() || c.t.entries[fork.first].flags&hasMove == 0 {
			if err := c.soft(c.sub(), fmt.Errorf("%w: a fork starts with a move", ErrMisplaced)); err != nil {
				return err
			}
			continue
		}
		// The fork is played on pos and taken back: no copy of the position (and of its
		// history) per fork, so that reading is linear in the input however deep the
		// forks nest.
		n := pos.MoveNumber()
		err := c.line(fork, parent, pos, false)
		undoTo(pos, n)
		if err != nil {
			return err
		}
	}
	return nil
}

// alternativeEnding reads a fork that only ends the game, a child of parent without a
// move.
func (c *converter) alternativeEnding(fork list, parent *shogi.Node, pos *shogi.Position) error {
	e := &c.t.entries[fork.first]
	end := parseSpecial(c.t.str(e.special), pos)
	if e.flags&hasTime != 0 {
		c.path = append(c.path, pathElem{index: 0})
		t, err := c.time(e)
		c.path = c.path[:len(c.path)-1]
		if err != nil {
			if err := c.warn(err); err != nil {
				return err
			}
		} else {
			end.Time, end.HasTime = t, true
		}
	}
	if e.forks.n > 0 || fork.n > 1 {
		if err := c.soft(c.sub(), ErrAfterEnd); err != nil {
			return err
		}
	}
	end.Comments = c.entryComments(e)
	parent.Children = append(parent.Children, &shogi.Node{End: &end})
	return nil
}

// special ends the line after prev, with the special entry's time and comments; forks
// on the special entry are alternatives to the ending, kept as variations of prev.
func (c *converter) special(e *entry, prev *shogi.Node, pos *shogi.Position) error {
	end := parseSpecial(c.t.str(e.special), pos)
	if e.flags&hasTime != 0 {
		t, err := c.time(e)
		if err != nil {
			if err := c.warn(err); err != nil {
				return err
			}
		} else {
			end.Time, end.HasTime = t, true
		}
	}
	end.Comments = c.entryComments(e)
	prev.End = &end
	return c.forks(e, prev, pos)
}

func (c *converter) time(e *entry) (shogi.MoveTime, *SyntaxError) {
	var mt shogi.MoveTime
	var ok bool
	if mt.Spent, ok = duration(e.now); !ok {
		return mt, c.errAt(c.sub("time", "now"), ErrTime)
	}
	if mt.Total, ok = duration(e.total); !ok {
		return mt, c.errAt(c.sub("time", "total"), ErrTime)
	}
	return mt, nil
}

func duration(hms [3]int32) (time.Duration, bool) {
	h, m, s := int(hms[0]), int(hms[1]), int(hms[2])
	// Each field alone within MaxTime keeps the sum far from overflowing.
	const hours = int(shogi.MaxTime / time.Hour)
	if h < 0 || m < 0 || s < 0 || h > hours || m > 60*hours || s > 3600*hours {
		return 0, false
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s)*time.Second
	return d, d <= shogi.MaxTime // no record's time is longer: none overflows
}

func square(p coords) (shogi.Square, bool) {
	if p.x < 1 || p.x > 9 || p.y < 1 || p.y > 9 {
		return shogi.NoSquare, false
	}
	return shogi.NewSquare(int(p.x), int(p.y)), true
}

// resolve returns the move of mv in pos, checked against the rules.
func (c *converter) resolve(mv *entry, pos *shogi.Position) (shogi.Move, error) {
	color := mv.color
	if mv.flags&hasColor == 0 {
		// json-kifu-format's first layout had no "color"; the format makes it required.
		// Every reader takes the side to move: so does this one, strict or lenient,
		// with one warning for the record.
		if !c.colorless {
			c.dialect(c.errAt(c.sub("move"), &oldLayoutError{ErrMissing, `moves without "color" (each read as the side to move's)`}))
			c.colorless = true
		}
		color = int32(pos.SideToMove())
	}
	if color != 0 && color != 1 {
		return 0, c.errAt(c.sub("move", "color"), ErrColor)
	}
	t := shogi.NoPieceType
	if mv.piece > 0 && int(mv.piece) < len(pieceCodes) {
		t = shogi.PieceType(mv.piece) // a piece's word is its type
	}
	if t == shogi.NoPieceType {
		return 0, c.errAt(c.sub("move", "piece"), fmt.Errorf("%w %q", ErrPiece, c.t.str(mv.piece)))
	}
	last := pos.LastMove()
	var to shogi.Square
	switch {
	case mv.flags&hasTo != 0:
		var ok bool
		if to, ok = square(mv.to); !ok {
			return 0, c.errAt(c.sub("move", "to"), ErrSquare)
		}
	case mv.flags&same != 0 && last != shogi.NoMove:
		to = last.To()
	default:
		return 0, c.errAt(c.sub("move"), fmt.Errorf("%w: to", ErrMissing))
	}
	side := pos.SideToMove()
	var m shogi.Move
	var reason error
	if mv.flags&hasFrom == 0 {
		m = shogi.NewDrop(t, to)
	} else {
		from, ok := square(mv.from)
		if !ok {
			return 0, c.errAt(c.sub("move", "from"), ErrSquare)
		}
		m = shogi.NewMove(from, to, mv.flags&promote != 0)
		if pc := pos.PieceAt(from); pc != shogi.NoPiece && pc.Color() == side && pc.Type() != t {
			reason = fmt.Errorf("%w: %s holds a %s (%s), not a %s (%s)", shogi.ErrPieceMismatch,
				squareName(from), pc.Type(), pieceCodes[pc.Type()], t, pieceCodes[t])
		}
	}
	if shogi.Color(color) != side {
		reason = shogi.ErrWrongSide
	}
	if reason != nil {
		return m, c.errAt(c.sub("move"), &shogi.IllegalMoveError{Ply: pos.MoveNumber(), Move: m, Reason: reason})
	}
	if err := pos.CheckMove(m); err != nil {
		return m, c.errAt(c.sub("move"), err)
	}
	if mv.flags&same != 0 && (last == shogi.NoMove || last.To() != to) {
		if err := c.soft(c.sub("move", "same"), ErrSame); err != nil {
			return m, err
		}
	}
	if mv.capture != 0 {
		captured := pos.CapturedPiece(m)
		ct := parsePiece(c.t.str(mv.capture))
		if captured == shogi.NoPiece || (ct != captured.Type() && ct != captured.Type().Unpromote()) {
			if err := c.soft(c.sub("move", "capture"), fmt.Errorf("%w (%q)", ErrCapture, c.t.str(mv.capture))); err != nil {
				return m, err
			}
		}
	}
	return m, nil
}

// valueBefore returns the start of the scalar value that ends at off.
func valueBefore(raw []byte, off int) int {
	off = min(off, len(raw))
	i := off - 1
	if i >= 0 && raw[i] == '"' {
		for i--; i >= 0; i-- {
			if raw[i] == '"' && (i == 0 || raw[i-1] != '\\') {
				return i
			}
		}
		return 0
	}
	for i >= 0 && !bytes.ContainsRune([]byte(":,[{"), rune(raw[i])) {
		i--
	}
	return skipSpace(raw, i+1)
}

var rankKanji = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// squareName returns the Japanese name of sq, such as "7七".
func squareName(sq shogi.Square) string {
	return string(rune('0'+sq.File())) + rankKanji[sq.Rank()]
}

// undoTo takes back the moves played on pos since its move number was n.
func undoTo(pos *shogi.Position, n int) {
	for pos.MoveNumber() > n && pos.Undo() != shogi.NoMove {
	}
}
