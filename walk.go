package shogi

import (
	"iter"
	"slices"
)

// From a record to its positions: the lines of play of a record's move tree, and a
// Walk that plays one of them and hands out each node with the position after it.

// Walk plays a line of play of a record from its start position, move by move, in
// the manner of bufio.Scanner: range over [Walk.All], then ask [Walk.Err] whether the
// line was played to its end.
//
//	w := rec.Walk(rec.MainLine())
//	for n, p := range w.All() {
//		fmt.Println(n.Move, p) // p is the position after n.Move
//	}
//	if err := w.Err(); err != nil {
//		return err // an *IllegalMoveError, or the start position's error
//	}
//
// A Walk is not safe for concurrent use.
type Walk struct {
	rec  *Record
	line []*Node
	pos  *Position
	err  error
}

// Walk returns a Walk over line, a line of play of r from its start position: the main
// line ([Record.MainLine]), a variation ([Record.LineTo]) or any line of
// [Record.Lines].
func (r *Record) Walk(line []*Node) *Walk { return &Walk{rec: r, line: line} }

// All plays the line from the record's start position and yields each node with the
// position after its move. The start position itself is not yielded (see
// [Record.StartPosition]).
//
// The position is the one the Walk plays on, the same *Position at every step: it is
// valid until the next step and must not be changed, except by moves that are taken
// back before the step ends (Play then Undo). [Position.Clone] keeps a copy. It
// carries the line in its history, so the repetition rules and [Position.Undo] see it.
//
// An illegal move stops the iteration without yielding its node; [Walk.Err] then
// returns its [*IllegalMoveError] (whose Ply is the move number) and [Walk.Position]
// the position before it. A node with no move is yielded with the position unchanged
// when it is the line's last node and holds an ending (an ending given as an
// alternative to a move, see [Node]); anywhere else it is an illegal move
// ([ErrInvalidMove]). An invalid start position yields nothing and is the error.
//
// Each range over All plays the line again from the start.
func (w *Walk) All() iter.Seq2[*Node, *Position] {
	return func(yield func(*Node, *Position) bool) {
		w.err = nil
		w.pos, w.err = w.rec.StartPosition()
		if w.err != nil {
			w.pos = nil
			return
		}
		p := w.pos
		for i, n := range w.line {
			if !(n.IsEnding() && i == len(w.line)-1) {
				if err := p.Play(n.Move); err != nil {
					w.err = err
					return
				}
			}
			if !yield(n, p) {
				return
			}
		}
	}
}

// Err returns the error that stopped the last iteration of [Walk.All]: an
// [*IllegalMoveError], or the error of an invalid start position. It is nil when the
// line was played to its end or the loop stopped early by itself.
func (w *Walk) Err() error { return w.err }

// Position returns the position the last iteration of [Walk.All] stands on: after the
// last node yielded (the end of the line when nothing stopped it), or before the
// illegal move that stopped it. It is nil before any iteration and when the start
// position is invalid.
func (w *Walk) Position() *Position { return w.pos }

// Replay plays the main line from the start position and returns the final position.
// An illegal move stops it with an [*IllegalMoveError] (its Ply is the move number),
// and the position returned is the one before that move. [Record.Walk] gives every
// position on the way.
func (r *Record) Replay() (*Position, error) {
	return r.replay(r.MainLine())
}

// replay plays line to its end.
func (r *Record) replay(line []*Node) (*Position, error) {
	w := r.Walk(line)
	for range w.All() {
	}
	return w.Position(), w.Err()
}

// LineTo returns the line of play that ends at n, n included: the nodes from the first
// move of the record to n, following the tree through whatever variations lead there.
// It returns an empty line for the root and nil when n is not in r's tree. It searches
// the tree, so its cost grows with the size of the tree; [Record.Lines] gives every
// line in one pass.
func (r *Record) LineTo(n *Node) []*Node {
	if n == &r.Root {
		return []*Node{}
	}
	for path := range r.paths() {
		if path[len(path)-1] == n {
			return slices.Clone(path)
		}
	}
	return nil
}

// Lines iterates over every line of play of the record: one line for each place where
// a line stops (a node with an ending, a node with no move after it, an ending given as
// an alternative), each from the record's first move. The main line comes first, then
// the variations in depth-first order, earlier branches first. A record without moves
// has one line, empty. Each line is a new slice, which the caller may keep.
func (r *Record) Lines() iter.Seq[[]*Node] {
	return func(yield func([]*Node) bool) {
		if r.Root.next() == nil && !yield([]*Node{}) {
			return
		}
		for path := range r.paths() {
			if path[len(path)-1].next() == nil && !yield(slices.Clone(path)) {
				return
			}
		}
	}
}

// paths yields, depth-first with Children[0] first, the path from the root's first
// child to every node of the tree but the root. The slice is reused between steps.
func (r *Record) paths() iter.Seq[[]*Node] {
	return func(yield func([]*Node) bool) {
		type frame struct {
			n     *Node
			depth int
		}
		var path []*Node
		var stack []frame
		push := func(children []*Node, depth int) {
			for i := len(children) - 1; i >= 0; i-- {
				stack = append(stack, frame{children[i], depth})
			}
		}
		push(r.Root.Children, 0)
		for len(stack) > 0 {
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			path = append(path[:f.depth], f.n)
			if !yield(path) {
				return
			}
			push(f.n.Children, f.depth+1)
		}
	}
}
