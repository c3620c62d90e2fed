package jkf

import (
	"bufio"
	"encoding/json"
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
	rel   []byte
	depth int // how deep the forks being written nest
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
	k, err := (&Writer{}).kifu(rec)
	if err != nil {
		return nil, err
	}
	b, err := marshal(k)
	if err != nil {
		return nil, fmt.Errorf("jkf: %w", err)
	}
	return append(b, '\n'), nil
}

// Write writes one record. A record with an illegal move in any line is an error (the
// [*shogi.IllegalMoveError]); nothing of it is written then.
func (w *Writer) Write(rec *shogi.Record) error {
	if w.w == nil {
		return errNotMade
	}
	if err := rec.CheckTimes(); err != nil {
		return fmt.Errorf("jkf: %w", err)
	}
	w.depth = 0
	k, err := w.kifu(rec)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w.w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", w.Indent)
	if err := enc.Encode(k); err != nil {
		return fmt.Errorf("jkf: %w", err)
	}
	return nil
}

var colors = [2]int{0, 1}

var promoteFlags = [2]bool{false, true}

func (w *Writer) kifu(rec *shogi.Record) (*kifu, error) {
	pos, err := rec.StartPosition()
	if err != nil {
		return nil, fmt.Errorf("jkf: start position: %w", err)
	}
	k := &kifu{Header: header(rec.Header)}
	if k.Header == nil {
		k.Header = header{}
	}
	if name, ok := presetName(pos.String()); ok {
		k.Initial = &initial{Preset: name}
	} else {
		k.Initial = &initial{Preset: "OTHER", Data: stateOf(pos)}
	}
	k.Moves = []moveFormat{{Comments: rec.Root.Comments}}
	if k.Moves, err = w.line(&rec.Root, pos, k.Moves); err != nil {
		return nil, err
	}
	return k, nil
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

// line appends the entries of the moves after n (whose position is pos, which line
// changes) to out.
func (w *Writer) line(n *shogi.Node, pos *shogi.Position, out []moveFormat) ([]moveFormat, error) {
	for {
		if n.End != nil && n.End.Kind == shogi.EndUnread {
			// The line stops unread: its variations are left out (record.Losses
			// reports them), never written as the line's continuation.
			return out, nil
		}
		if n.End != nil {
			word := specialWord(n.End, pos.SideToMove())
			if word == "" {
				// No special for the ending: the line stops, and its variations are
				// left out with it rather than promoted (record.Losses reports both).
				return out, nil
			}
			e := moveFormat{Special: word, Comments: n.End.Comments, Time: timeOf(n.End.Time, n.End.HasTime || n.End.Time != shogi.MoveTime{})}
			for _, v := range n.Children {
				fork, err := w.forkFrom(v, pos)
				if err != nil {
					return nil, err
				}
				if fork != nil {
					e.Forks = append(e.Forks, fork)
				}
			}
			return append(out, e), nil
		}
		if len(n.Children) == 0 {
			return out, nil
		}
		c := n.Children[0]
		e, err := w.entry(c, pos)
		if err != nil {
			return nil, err
		}
		for _, v := range n.Children[1:] {
			fork, err := w.forkFrom(v, pos)
			if err != nil {
				return nil, err
			}
			if fork != nil {
				e.Forks = append(e.Forks, fork)
			}
		}
		pos.PlayUnchecked(c.Move)
		out = append(out, e)
		n = c
	}
}

// forkFrom returns the entries of the line that starts with v, played on pos and taken
// back: no copy of the position (and of its history) per fork, so that writing is
// linear in the size of the tree however deep the forks nest.
func (w *Writer) forkFrom(v *shogi.Node, pos *shogi.Position) ([]moveFormat, error) {
	if w.depth >= MaxForkDepth {
		return nil, ErrTooDeep
	}
	w.depth++
	n := pos.MoveNumber()
	fork, err := w.fork(v, pos)
	undoTo(pos, n)
	w.depth--
	return fork, err
}

// fork returns the entries of the line that starts with v, played from pos. An
// alternative ending (a child without a move) is a fork of one special entry, and an
// unread one is nothing (nil).
func (w *Writer) fork(v *shogi.Node, pos *shogi.Position) ([]moveFormat, error) {
	if v.IsEnding() {
		if v.End.Kind == shogi.EndUnread {
			return nil, nil
		}
		word := specialWord(v.End, pos.SideToMove())
		if word == "" {
			return nil, fmt.Errorf("jkf: an alternative ending of kind %v has no special word", v.End.Kind)
		}
		return []moveFormat{{Special: word, Comments: v.End.Comments, Time: timeOf(v.End.Time, v.End.HasTime || v.End.Time != shogi.MoveTime{})}}, nil
	}
	e, err := w.entry(v, pos)
	if err != nil {
		return nil, err
	}
	pos.PlayUnchecked(v.Move)
	return w.line(v, pos, []moveFormat{e})
}

// entry returns the entry of node n, whose move is played in pos.
func (w *Writer) entry(n *shogi.Node, pos *shogi.Position) (moveFormat, error) {
	m := n.Move
	if err := pos.CheckMove(m); err != nil {
		return moveFormat{}, fmt.Errorf("jkf: %w", err)
	}
	c := pos.SideToMove()
	to := m.To()
	mv := &move{Color: &colors[c], To: &place{to.File(), to.Rank()}}
	if m.IsDrop() {
		mv.Piece = pieceCodes[m.DropType()]
	} else {
		from := m.From()
		t := pos.PieceAt(from).Type()
		mv.From = &place{from.File(), from.Rank()}
		mv.Piece = pieceCodes[t]
		if m.IsPromotion() {
			mv.Promote = &promoteFlags[1]
		} else if t.CanPromote() && (shogi.InPromotionZone(c, from) || shogi.InPromotionZone(c, to)) {
			mv.Promote = &promoteFlags[0]
		}
		if captured := pos.CapturedPiece(m); captured != shogi.NoPiece {
			mv.Capture = pieceCodes[captured.Type()]
		}
	}
	if last := pos.LastMove(); last != shogi.NoMove && last.To() == to {
		mv.Same = true
	}
	mv.Relative, w.rel = relative(w.rel, pos, m)
	return moveFormat{Comments: n.Comments, Move: mv, Time: timeOf(n.Time, n.HasTime)}, nil
}

func timeOf(t shogi.MoveTime, has bool) *timePair {
	if !has {
		return nil
	}
	now := t.Spent / time.Second
	sum := t.Total / time.Second
	return &timePair{
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
