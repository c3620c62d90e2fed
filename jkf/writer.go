package jkf

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/kifu-go/shogi"
)

// A Writer writes records as JKF, one JSON object per record followed by a newline:
// records written one after the other are JSON Lines (pretty-printed when Indent is
// set), which a [Reader] reads back. An ending of kind [shogi.EndUnread] is written as
// nothing: the line simply stops.
type Writer struct {
	// Indent, when not empty, indents the JSON by that string per level.
	Indent string

	w     *bufio.Writer
	out   jsonOut
	rel   []byte
	depth int // how deep the forks being written nest
	// scratch holds the parts of the entry being written.
	scratch struct {
		move     move
		from, to place
		time     timePair
	}
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriter(w)} }

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() error {
	if w.w == nil {
		return errNotMade
	}
	return w.w.Flush()
}

// Format returns the JKF text of rec, as a [Writer] with its default options writes
// it.
func Format(rec *shogi.Record) ([]byte, error) {
	var b bytes.Buffer
	w := &Writer{w: bufio.NewWriter(&b)}
	if err := w.record(rec, false); err != nil {
		return nil, err
	}
	if err := w.w.Flush(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Write writes one record. A record with an illegal move in any line is an error (the
// [*shogi.IllegalMoveError]); nothing of it is written then. The JSON is written as the
// record is walked, never held whole: a Writer takes little memory beyond the record.
func (w *Writer) Write(rec *shogi.Record) error {
	if w.w == nil {
		return errNotMade
	}
	if err := rec.CheckTimes(); err != nil {
		return fmt.Errorf("jkf: %w", err)
	}
	// A first walk writes nothing and finds the errors, so that a record is written
	// whole or not at all.
	if err := w.record(rec, true); err != nil {
		return err
	}
	return w.record(rec, false)
}

var colors = [2]int{0, 1}

var promoteFlags = [2]bool{false, true}

// record writes the JSON of rec and a newline, or only walks it when dry.
func (w *Writer) record(rec *shogi.Record, dry bool) error {
	pos, err := rec.StartPosition()
	if err != nil {
		return fmt.Errorf("jkf: start position: %w", err)
	}
	w.out = jsonOut{w: w.w, dry: dry, indent: w.Indent, scratch: w.out.scratch}
	w.depth = 0
	o := &w.out
	o.text(`{"header":`)
	o.header(header(rec.Header))
	o.text(`,"initial":`)
	if name, ok := presetName(pos.String()); ok {
		o.text(`{"preset":`)
		o.str(name)
		o.byte('}')
	} else if !dry {
		data, err := marshal(&initial{Preset: "OTHER", Data: stateOf(pos)})
		if err != nil {
			return fmt.Errorf("jkf: %w", err)
		}
		o.raw(data)
	}
	o.text(`,"moves":[`)
	root := moveFormat{Comments: rec.Root.Comments}
	o.entryStart(&root)
	o.byte('}')
	if err := w.line(&rec.Root, pos); err != nil {
		return err
	}
	o.text("]}")
	if !dry {
		w.w.WriteByte('\n')
	}
	return nil
}

func stateOf(pos *shogi.Position) *stateData {
	d := &stateData{Color: int(pos.SideToMove()), Board: make([][]boardPiece, 9), Hands: make([]hand, 2)}
	for x := range d.Board {
		d.Board[x] = make([]boardPiece, 9)
		for y := range d.Board[x] {
			if pc := pos.PieceAt(shogi.NewSquare(x+1, y+1)); pc != shogi.NoPiece {
				d.Board[x][y] = boardPiece{Color: &colors[pc.Color()], Kind: pieceCodes[pc.Type()]}
			}
		}
	}
	for c := range d.Hands {
		for t, n := range d.Hands[c].counts() {
			if n != nil {
				*n = pos.Hand(shogi.Color(c)).Count(shogi.PieceType(t))
			}
		}
	}
	return d
}

// line writes the entries of the moves after n (whose position is pos, which line
// changes), each with a comma before it: the entries of "moves" or of a fork after its
// first.
func (w *Writer) line(n *shogi.Node, pos *shogi.Position) error {
	o := &w.out
	for {
		if n.End != nil && n.End.Kind == shogi.EndUnread {
			// The line stops unread: its variations are left out (record.Losses
			// reports them), never written as the line's continuation.
			return nil
		}
		if n.End != nil {
			word := specialWord(n.End, pos.SideToMove())
			if word == "" {
				// No special for the ending: the line stops, and its variations are
				// left out with it rather than promoted (record.Losses reports both).
				return nil
			}
			e := moveFormat{Special: word, Comments: n.End.Comments, Time: timeOf(n.End.Time, n.End.HasTime || n.End.Time != shogi.MoveTime{})}
			o.byte(',')
			o.entryStart(&e)
			if err := w.forks(n.Children, pos); err != nil {
				return err
			}
			o.byte('}')
			return nil
		}
		if len(n.Children) == 0 {
			return nil
		}
		c := n.Children[0]
		e, err := w.entry(c, pos)
		if err != nil {
			return err
		}
		o.byte(',')
		o.entryStart(&e)
		if err := w.forks(n.Children[1:], pos); err != nil {
			return err
		}
		o.byte('}')
		pos.PlayUnchecked(c.Move)
		n = c
	}
}

// forks writes the "forks" member of an entry for the variations vs, played from pos,
// with the comma before it; nothing when none of them is written (an unread
// alternative ending is not).
func (w *Writer) forks(vs []*shogi.Node, pos *shogi.Position) error {
	o := &w.out
	k := 0
	for _, v := range vs {
		if v.IsEnding() && v.End.Kind == shogi.EndUnread {
			continue
		}
		if k == 0 {
			o.text(`,"forks":[`)
		} else {
			o.byte(',')
		}
		k++
		if err := w.forkFrom(v, pos); err != nil {
			return err
		}
	}
	if k > 0 {
		o.byte(']')
	}
	return nil
}

// forkFrom writes the fork that starts with v, played on pos and taken back: no copy
// of the position (and of its history) per fork, so that writing is linear in the size
// of the tree however deep the forks nest.
func (w *Writer) forkFrom(v *shogi.Node, pos *shogi.Position) error {
	if w.depth >= MaxForkDepth {
		return ErrTooDeep
	}
	w.depth++
	n := pos.MoveNumber()
	err := w.fork(v, pos)
	undoTo(pos, n)
	w.depth--
	return err
}

// fork writes the array of the line that starts with v, played from pos. An
// alternative ending (a child without a move) is a fork of one special entry.
func (w *Writer) fork(v *shogi.Node, pos *shogi.Position) error {
	o := &w.out
	if v.IsEnding() {
		word := specialWord(v.End, pos.SideToMove())
		if word == "" {
			return fmt.Errorf("jkf: an alternative ending of kind %v has no special word", v.End.Kind)
		}
		e := moveFormat{Special: word, Comments: v.End.Comments, Time: timeOf(v.End.Time, v.End.HasTime || v.End.Time != shogi.MoveTime{})}
		o.byte('[')
		o.entryStart(&e)
		o.text("}]")
		return nil
	}
	e, err := w.entry(v, pos)
	if err != nil {
		return err
	}
	o.byte('[')
	o.entryStart(&e)
	o.byte('}')
	pos.PlayUnchecked(v.Move)
	if err := w.line(v, pos); err != nil {
		return err
	}
	o.byte(']')
	return nil
}

// entry returns the entry of node n, whose move is played in pos. Its move and time
// are the Writer's own, good until the next call: write it first.
func (w *Writer) entry(n *shogi.Node, pos *shogi.Position) (moveFormat, error) {
	m := n.Move
	if err := pos.CheckMove(m); err != nil {
		return moveFormat{}, fmt.Errorf("jkf: %w", err)
	}
	c := pos.SideToMove()
	sq := m.To()
	mv, from, to := &w.scratch.move, &w.scratch.from, &w.scratch.to
	*to = place{sq.File(), sq.Rank()}
	*mv = move{Color: &colors[c], To: to}
	if m.IsDrop() {
		mv.Piece = pieceCodes[m.DropType()]
	} else {
		f := m.From()
		t := pos.PieceAt(f).Type()
		*from = place{f.File(), f.Rank()}
		mv.From = from
		mv.Piece = pieceCodes[t]
		if m.IsPromotion() {
			mv.Promote = &promoteFlags[1]
		} else if t.CanPromote() && (shogi.InPromotionZone(c, f) || shogi.InPromotionZone(c, sq)) {
			mv.Promote = &promoteFlags[0]
		}
		if captured := pos.CapturedPiece(m); captured != shogi.NoPiece {
			mv.Capture = pieceCodes[captured.Type()]
		}
	}
	if last := pos.LastMove(); last != shogi.NoMove && last.To() == sq {
		mv.Same = true
	}
	mv.Relative, w.rel = relative(w.rel, pos, m)
	var tp *timePair
	if n.HasTime {
		w.scratch.time = timePairOf(n.Time)
		tp = &w.scratch.time
	}
	return moveFormat{Comments: n.Comments, Move: mv, Time: tp}, nil
}

func timeOf(t shogi.MoveTime, has bool) *timePair {
	if !has {
		return nil
	}
	tp := timePairOf(t)
	return &tp
}

func timePairOf(t shogi.MoveTime) timePair {
	now := t.Spent / time.Second
	sum := t.Total / time.Second
	return timePair{
		Now:   clock{H: int(now / 3600), M: int(now / 60 % 60), S: int(now % 60)},
		Total: total{H: int(sum / 3600), M: int(sum / 60 % 60), S: int(sum % 60)},
	}
}

// WritesEnding reports whether a Writer writes the ending e, where side is to move, as a
// special entry that reads back as that ending: false for an ending of kind
// [shogi.EndUnread], which is not written, and for one JKF has no special for.
func WritesEnding(e *shogi.Ending, side shogi.Color) bool {
	return e.Kind != shogi.EndUnread && specialWord(e, side) != ""
}

// errNotMade is the error of a Reader or Writer that NewReader or NewWriter did not make:
// the zero value has nothing to read from or write to.
var errNotMade = errors.New("jkf: a Reader or Writer not made by NewReader or NewWriter")
