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
	"github.com/kifu-go/shogi/internal/nodearena"
)

// DefaultMaxBytes is the largest input a [Reader] accepts when its MaxBytes is 0.
const DefaultMaxBytes = 64 << 20

// A Reader reads JKF records: one JSON object per record, several of them one after
// the other in a stream (as JSON Lines, for instance).
//
// The reader holds its whole input in memory, at most MaxBytes of it.
type Reader struct {
	// Lenient makes the reader step over problems with a warning (see
	// [Reader.Warnings]) instead of stopping: unknown keys are skipped, a capture
	// or same that does not match is ignored, and an illegal move ends its line,
	// kept as the line's ending (an EndIllegalLoss whose Text is the move's JSON).
	Lenient bool
	// MaxBytes bounds the input (0 means DefaultMaxBytes); a longer input is an
	// ErrTooLarge error.
	MaxBytes int64

	in       io.Reader
	data     []byte
	dec      *json.Decoder
	warnings []*SyntaxError
	err      error
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader { return &Reader{in: r} }

// Warnings returns the problems a lenient read met in the record the last call of
// [Reader.Read] returned.
func (r *Reader) Warnings() []*SyntaxError { return r.warnings }

// Parse reads the one record of a JKF text with a strict [Reader].
func Parse(data []byte) (*shogi.Record, error) {
	r := NewReader(bytes.NewReader(data))
	rec, err := r.Read()
	if err == io.EOF {
		return nil, &SyntaxError{Line: 1, Column: 1, Err: ErrEmpty}
	}
	if err != nil {
		return nil, err
	}
	off := int(r.dec.InputOffset())
	if _, err := r.Read(); err != io.EOF {
		line, col := lineColumn(r.data, skipSpace(r.data, off))
		return nil, &SyntaxError{Line: line, Column: col, Err: ErrMoreRecords}
	}
	return rec, nil
}

// Read returns the next record, or io.EOF when there is none.
func (r *Reader) Read() (*shogi.Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	r.warnings = nil
	if r.dec == nil {
		max := r.MaxBytes
		if max <= 0 {
			max = DefaultMaxBytes
		}
		data, err := io.ReadAll(io.LimitReader(r.in, max+1))
		if err != nil {
			r.err = fmt.Errorf("jkf: %w", err)
			return nil, r.err
		}
		if int64(len(data)) > max {
			line, col := lineColumn(data, int(max))
			r.err = &SyntaxError{Line: line, Column: col, Err: fmt.Errorf("%w (more than %d bytes)", ErrTooLarge, max)}
			return nil, r.err
		}
		r.data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
		r.dec = json.NewDecoder(bytes.NewReader(r.data))
		if !r.Lenient {
			r.dec.DisallowUnknownFields()
		}
	}
	before := skipSpace(r.data, int(r.dec.InputOffset()))
	var k kifu
	err := r.dec.Decode(&k)
	if err == io.EOF {
		return nil, io.EOF
	}
	var se *json.SyntaxError
	if errors.As(err, &se) || err == io.ErrUnexpectedEOF {
		off := len(r.data)
		if se != nil {
			off = max(int(se.Offset)-1, 0)
		}
		line, col := lineColumn(r.data, off)
		r.err = &SyntaxError{Line: line, Column: col, Err: fmt.Errorf("%w: %w", ErrJSON, err)}
		return nil, r.err
	}
	c := converter{r: r, raw: r.data[before:r.dec.InputOffset()], base: before}
	if len(c.raw) == 0 || c.raw[0] != '{' {
		return nil, c.errAt(nil, ErrNotObject)
	}
	if err != nil {
		return nil, c.decodeError(err)
	}
	return c.record(&k)
}

// converter turns one decoded JSON record into a Record, checking every move.
type converter struct {
	r    *Reader
	raw  []byte
	base int
	path []pathElem // the path of the entry being converted, built without allocating

	nodes nodearena.Arena // the record's nodes, allocated in blocks
}

// errAt returns a SyntaxError at the value of path (relative to the record).
func (c *converter) errAt(path []any, err error) *SyntaxError {
	line, col := lineColumn(c.r.data, c.base+locate(c.raw, path))
	return &SyntaxError{Line: line, Column: col, Path: pathString(path), Err: err}
}

// soft reports a problem a lenient read steps over.
func (c *converter) soft(path []any, err error) error {
	e := c.errAt(path, err)
	if c.r.Lenient {
		c.r.warnings = append(c.r.warnings, e)
		return nil
	}
	return e
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

func (c *converter) record(k *kifu) (*shogi.Record, error) {
	if c.r.Lenient {
		for _, u := range unknownKeys(c.raw, 100) {
			line, col := lineColumn(c.r.data, c.base+u.offset)
			c.r.warnings = append(c.r.warnings, &SyntaxError{Line: line, Column: col, Path: u.path, Err: ErrUnknownKey})
		}
	}
	rec := &shogi.Record{Header: shogi.Header(k.Header)}
	pos, err := c.start(k.Initial)
	if err != nil {
		return nil, err
	}
	rec.StartSFEN = pos.String()
	if k.Moves == nil {
		if err := c.soft([]any{"moves"}, fmt.Errorf("%w: moves", ErrMissing)); err != nil {
			return nil, err
		}
		return rec, nil
	}
	c.path = append(c.path, pathElem{key: "moves"})
	if err := c.line(k.Moves, &rec.Root, pos, true); err != nil {
		return nil, err
	}
	return rec, nil
}

func (c *converter) decodeError(err error) error {
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		line, col := lineColumn(c.r.data, c.base+valueBefore(c.raw, int(te.Offset)))
		return &SyntaxError{Line: line, Column: col, Path: te.Field, Err: fmt.Errorf("%w: %w", ErrJSON, err)}
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		if u := unknownKeys(c.raw, 1); len(u) > 0 {
			line, col := lineColumn(c.r.data, c.base+u[0].offset)
			return &SyntaxError{Line: line, Column: col, Path: u[0].path, Err: ErrUnknownKey}
		}
	case strings.HasPrefix(err.Error(), "header"), strings.HasPrefix(err.Error(), "the header"):
		return c.errAt([]any{"header"}, fmt.Errorf("%w: %w", ErrJSON, err))
	}
	return c.errAt(nil, fmt.Errorf("%w: %w", ErrJSON, err))
}

// start returns the start position of initial.
func (c *converter) start(in *initial) (*shogi.Position, error) {
	if in == nil {
		return shogi.NewStartPosition(), nil
	}
	if sfen, ok := presetSFEN(in.Preset); ok {
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil || in.Data == nil {
			return pos, err
		}
		// The data of a preset is redundant; it must not say something else.
		given, err := c.fromData(in.Data)
		if err != nil {
			return nil, err
		}
		if !given.Equal(pos) {
			if err := c.soft([]any{"initial", "data"}, fmt.Errorf("%w: the data is not the position of the preset %s", ErrBoard, in.Preset)); err != nil {
				return nil, err
			}
		}
		return pos, nil
	}
	if in.Preset != "OTHER" {
		return nil, c.errAt([]any{"initial", "preset"}, fmt.Errorf("%w %q", ErrPreset, in.Preset))
	}
	if in.Data == nil {
		return nil, c.errAt([]any{"initial"}, fmt.Errorf("%w: initial.data of an OTHER preset", ErrMissing))
	}
	return c.fromData(in.Data)
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
		return nil, c.errAt([]any{"initial", "data"}, fmt.Errorf("%w: %w", ErrSetup, err))
	}
	return pos, nil
}

// line converts the entries of one line of play after parent, whose position is pos
// (which line changes). In the main list the first entry holds the comments on the
// start position; in a fork the first entry is the alternative move.
func (c *converter) line(entries []moveFormat, parent *shogi.Node, pos *shogi.Position, main bool) error {
	depth := len(c.path)
	c.path = append(c.path, pathElem{})
	defer func() { c.path = c.path[:depth] }()
	prev := parent
	ended := false
	for i := range entries {
		e := &entries[i]
		c.path[depth].index = i
		if main && i == 0 {
			if e.Move != nil || e.Time != nil || len(e.Forks) > 0 {
				if err := c.soft(c.sub(), fmt.Errorf("%w: moves[0] holds only the comments on the start position", ErrMisplaced)); err != nil {
					return err
				}
			}
			prev.Comments = append(prev.Comments, e.Comments...)
			if e.Special != "" {
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
		case e.Move != nil:
			m, err := c.resolve(e.Move, pos)
			if err != nil {
				var ie *shogi.IllegalMoveError
				if !c.r.Lenient || !errors.As(err, &ie) {
					return err
				}
				c.r.warnings = append(c.r.warnings, asSyntax(err))
				text, _ := marshal(e.Move)
				prev.End = &shogi.Ending{Kind: shogi.EndIllegalLoss, Result: shogi.WinFor(pos.SideToMove().Opponent()), Text: string(text)}
				if rest := len(entries) - i - 1 + len(e.Forks); rest > 0 {
					c.r.warnings = append(c.r.warnings, c.errAt(c.sub(), fmt.Errorf("%d entries and forks after the illegal move were not read", rest)))
				}
				return nil
			}
			node := c.nodes.AddChild(prev, m)
			node.Comments = e.Comments
			if e.Time != nil {
				t, err := c.time(e.Time)
				if err != nil {
					return err
				}
				node.Time, node.HasTime = t, true
			}
			if err := c.forks(e, prev, pos); err != nil {
				return err
			}
			pos.PlayUnchecked(m)
			prev = node
		case e.Special != "":
			if err := c.special(e, prev, pos); err != nil {
				return err
			}
			ended = true
		default:
			if e.Time != nil || len(e.Forks) > 0 {
				if err := c.soft(c.sub(), fmt.Errorf("%w: time or forks without a move", ErrMisplaced)); err != nil {
					return err
				}
			}
			prev.Comments = append(prev.Comments, e.Comments...)
		}
	}
	return nil
}

func asSyntax(err error) *SyntaxError {
	var se *SyntaxError
	errors.As(err, &se)
	return se
}

// forks converts the alternatives of entry e, which start from parent.
func (c *converter) forks(e *moveFormat, parent *shogi.Node, pos *shogi.Position) error {
	depth := len(c.path)
	defer func() { c.path = c.path[:depth] }()
	for j, fork := range e.Forks {
		c.path = append(c.path[:depth], pathElem{key: "forks"}, pathElem{index: j})
		if len(fork) > 0 && fork[0].Move == nil && fork[0].Special != "" {
			// An alternative ending: the game stops here instead of e's move.
			if err := c.alternativeEnding(fork, parent, pos); err != nil {
				return err
			}
			continue
		}
		if len(fork) == 0 || fork[0].Move == nil {
			if err := c.soft(c.sub(), fmt.Errorf("%w: a fork starts with a move", ErrMisplaced)); err != nil {
				return err
			}
			continue
		}
		if err := c.line(fork, parent, pos.Clone(), false); err != nil {
			return err
		}
	}
	return nil
}

// alternativeEnding reads a fork that only ends the game, a child of parent without a
// move.
func (c *converter) alternativeEnding(fork []moveFormat, parent *shogi.Node, pos *shogi.Position) error {
	e := &fork[0]
	end := parseSpecial(e.Special, pos.SideToMove())
	if e.Time != nil {
		c.path = append(c.path, pathElem{index: 0})
		t, err := c.time(e.Time)
		c.path = c.path[:len(c.path)-1]
		if err != nil {
			return err
		}
		end.Time, end.HasTime = t, true
	}
	if len(e.Forks) > 0 || len(fork) > 1 {
		if err := c.soft(c.sub(), ErrAfterEnd); err != nil {
			return err
		}
	}
	end.Comments = e.Comments
	parent.Children = append(parent.Children, &shogi.Node{End: &end})
	return nil
}

// special ends the line after prev, with the special entry's time and comments; forks
// on the special entry are alternatives to the ending, kept as variations of prev.
func (c *converter) special(e *moveFormat, prev *shogi.Node, pos *shogi.Position) error {
	end := parseSpecial(e.Special, pos.SideToMove())
	if e.Time != nil {
		t, err := c.time(e.Time)
		if err != nil {
			return err
		}
		end.Time, end.HasTime = t, true
	}
	end.Comments = e.Comments
	prev.End = &end
	return c.forks(e, prev, pos)
}

func (c *converter) time(t *timePair) (shogi.MoveTime, error) {
	var mt shogi.MoveTime
	var ok bool
	if mt.Spent, ok = duration(t.Now.H, t.Now.M, t.Now.S); !ok {
		return mt, c.errAt(c.sub("time", "now"), ErrTime)
	}
	if mt.Total, ok = duration(t.Total.H, t.Total.M, t.Total.S); !ok {
		return mt, c.errAt(c.sub("time", "total"), ErrTime)
	}
	return mt, nil
}

func duration(h, m, s int) (time.Duration, bool) {
	const limit = 1 << 30
	if h < 0 || m < 0 || s < 0 || h > limit || m > limit || s > limit {
		return 0, false
	}
	return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s)*time.Second, true
}

func square(p *place) (shogi.Square, bool) {
	if p.X < 1 || p.X > 9 || p.Y < 1 || p.Y > 9 {
		return shogi.NoSquare, false
	}
	return shogi.NewSquare(p.X, p.Y), true
}

// resolve returns the move of mv in pos, checked against the rules.
func (c *converter) resolve(mv *move, pos *shogi.Position) (shogi.Move, error) {
	if mv.Color == nil {
		return 0, c.errAt(c.sub("move"), fmt.Errorf("%w: color", ErrMissing))
	}
	if *mv.Color != 0 && *mv.Color != 1 {
		return 0, c.errAt(c.sub("move", "color"), ErrColor)
	}
	t := parsePiece(mv.Piece)
	if t == shogi.NoPieceType {
		return 0, c.errAt(c.sub("move", "piece"), fmt.Errorf("%w %q", ErrPiece, mv.Piece))
	}
	last := pos.LastMove()
	var to shogi.Square
	switch {
	case mv.To != nil:
		var ok bool
		if to, ok = square(mv.To); !ok {
			return 0, c.errAt(c.sub("move", "to"), ErrSquare)
		}
	case mv.Same && last != shogi.NoMove:
		to = last.To()
	default:
		return 0, c.errAt(c.sub("move"), fmt.Errorf("%w: to", ErrMissing))
	}
	side := pos.SideToMove()
	var m shogi.Move
	var reason error
	if mv.From == nil {
		m = shogi.NewDrop(t, to)
	} else {
		from, ok := square(mv.From)
		if !ok {
			return 0, c.errAt(c.sub("move", "from"), ErrSquare)
		}
		m = shogi.NewMove(from, to, mv.Promote != nil && *mv.Promote)
		if pc := pos.PieceAt(from); pc != shogi.NoPiece && pc.Color() == side && pc.Type() != t {
			reason = ErrPieceMismatch
		}
	}
	if shogi.Color(*mv.Color) != side {
		reason = shogi.ErrWrongSide
	}
	if reason != nil {
		return m, c.errAt(c.sub("move"), &shogi.IllegalMoveError{Ply: pos.MoveNumber(), Move: m, Reason: reason})
	}
	if err := pos.CheckMove(m); err != nil {
		return m, c.errAt(c.sub("move"), err)
	}
	if mv.Same && (last == shogi.NoMove || last.To() != to) {
		if err := c.soft(c.sub("move", "same"), ErrSame); err != nil {
			return m, err
		}
	}
	if mv.Capture != "" {
		captured := pos.CapturedPiece(m)
		ct := parsePiece(mv.Capture)
		if captured == shogi.NoPiece || (ct != captured.Type() && ct != captured.Type().Unpromote()) {
			if err := c.soft(c.sub("move", "capture"), fmt.Errorf("%w (%q)", ErrCapture, mv.Capture)); err != nil {
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
