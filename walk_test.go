package shogi_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

// walked plays w and returns, for each node yielded, its move and the SFEN after it.
func walked(w *shogi.Walk) []string {
	var out []string
	for n, p := range w.All() {
		out = append(out, n.Move.String()+" "+p.String())
	}
	return out
}

func TestWalk(t *testing.T) {
	r := record(t, shogi.StartSFEN, "7g7f 3c3d 8h2b+", nil)
	want := []string{
		"7g7f lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
		"3c3d lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
		"8h2b+ lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
	}
	w := r.Walk(r.MainLine())
	if w.Position() != nil || w.Err() != nil {
		t.Errorf("before any iteration: %v, %v", w.Position(), w.Err())
	}
	if diff := cmp.Diff(want, walked(w)); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if w.Err() != nil || w.Position().String() != want[2][6:] || w.Position().Ply() != 3 {
		t.Errorf("after the walk: %v, %v", w.Position(), w.Err())
	}
	// A second range plays the line again from the start.
	if diff := cmp.Diff(want, walked(w)); diff != "" {
		t.Errorf("second walk (-want +got)\n%s", diff)
	}
	// Stopping early is no error, and the position is where the loop stopped.
	for n := range w.All() {
		if n.Move == usi(t, "3c3d") {
			break
		}
	}
	if w.Err() != nil || w.Position().Ply() != 2 {
		t.Errorf("after a break: %v, ply %d", w.Err(), w.Position().Ply())
	}
}

func TestWalkErrors(t *testing.T) {
	// An illegal third move: two nodes, then the error, and the position before it.
	r := record(t, shogi.StartSFEN, "7g7f 3c3d 7f7d 8c8d", nil)
	w := r.Walk(r.MainLine())
	if got := len(walked(w)); got != 2 {
		t.Errorf("%d nodes yielded, want 2", got)
	}
	var ie *shogi.IllegalMoveError
	if err := w.Err(); !errors.As(err, &ie) || ie.Ply != 3 || ie.Foul() != shogi.FoulCannotMove {
		t.Errorf("Err() = %v, want the illegal 7f7d at move 3", err)
	}
	if p := w.Position(); p == nil || p.Ply() != 2 {
		t.Errorf("Position() = %v, want the position before the illegal move", p)
	}
	if p, err := r.Replay(); !errors.Is(err, shogi.ErrCannotMove) || p.Ply() != 2 {
		t.Errorf("Replay = %v, %v", p, err)
	}
	// An invalid start position.
	bad := record(t, "not an sfen", "7g7f", nil)
	w = bad.Walk(bad.MainLine())
	if got := walked(w); len(got) != 0 || w.Err() == nil || w.Position() != nil {
		t.Errorf("invalid start: yielded %v, Err %v, Position %v", got, w.Err(), w.Position())
	}
	// A node without a move in the middle of a line is an illegal move.
	mid := record(t, shogi.StartSFEN, "7g7f", nil)
	hole := mid.Root.Children[0].AddChild(shogi.NoMove)
	hole.AddChild(usi(t, "3c3d"))
	w = mid.Walk([]*shogi.Node{mid.Root.Children[0], hole, hole.Children[0]})
	if got := len(walked(w)); got != 1 || !errors.Is(w.Err(), shogi.ErrInvalidMove) {
		t.Errorf("a node without a move: %d nodes, Err %v", got, w.Err())
	}
}

// TestWalkAlternativeEnding: an ending given as an alternative to a move (a node with
// no move) ends its line, with the position of its parent.
func TestWalkAlternativeEnding(t *testing.T) {
	r := record(t, shogi.StartSFEN, "7g7f 3c3d", nil)
	first := r.Root.Children[0]
	resign := &shogi.Node{End: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins}}
	first.Children = append(first.Children, resign)
	line := r.LineTo(resign)
	if len(line) != 2 || line[0] != first || line[1] != resign {
		t.Fatalf("LineTo(resign) = %v", line)
	}
	w := r.Walk(line)
	want := []string{
		"7g7f lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
		"none lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
	}
	if diff := cmp.Diff(want, walked(w)); diff != "" || w.Err() != nil {
		t.Errorf("(-want +got)\n%s; Err %v", diff, w.Err())
	}
	if _, err := r.CheckLine(line); err != nil {
		t.Errorf("CheckLine of the resignation: %v", err)
	}
}

// tree builds the record
//
//	7g7f ─ 3c3d ─ 2g2f (resign)
//	     │      └ 8h2b+ ─ 3a2b
//	     └ 8c8d ─ 2g2f
//	            └ (resign, instead of 2g2f)
//	2g2f ─ 8c8d
func tree(t *testing.T) (*shogi.Record, map[string]*shogi.Node) {
	t.Helper()
	r := shogi.NewRecord()
	nodes := map[string]*shogi.Node{}
	add := func(parent *shogi.Node, name, move string) *shogi.Node {
		n := parent.AddChild(usi(t, move))
		nodes[name] = n
		return n
	}
	a := add(&r.Root, "7g7f", "7g7f")
	b := add(a, "7g7f 3c3d", "3c3d")
	c := add(b, "7g7f 3c3d 2g2f", "2g2f")
	c.End = &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins}
	d := add(b, "7g7f 3c3d 8h2b+", "8h2b+")
	add(d, "7g7f 3c3d 8h2b+ 3a2b", "3a2b")
	e := add(a, "7g7f 8c8d", "8c8d")
	add(e, "7g7f 8c8d 2g2f", "2g2f")
	alt := &shogi.Node{End: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.WhiteWins}}
	e.Children = append(e.Children, alt)
	nodes["7g7f 8c8d (resign)"] = alt
	f := add(&r.Root, "2g2f", "2g2f")
	add(f, "2g2f 8c8d", "8c8d")
	return r, nodes
}

func lineText(line []*shogi.Node) string {
	var parts []string
	for _, n := range line {
		if n.IsEnding() {
			parts = append(parts, "("+n.End.Kind.String()+")")
			continue
		}
		parts = append(parts, n.Move.String())
	}
	return strings.Join(parts, " ")
}

func TestLines(t *testing.T) {
	r, nodes := tree(t)
	var got []string
	for line := range r.Lines() {
		got = append(got, lineText(line))
	}
	want := []string{
		"7g7f 3c3d 2g2f",
		"7g7f 3c3d 8h2b+ 3a2b",
		"7g7f 8c8d 2g2f",
		"7g7f 8c8d (resign)",
		"2g2f 8c8d",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lines (-want +got)\n%s", diff)
	}
	for name, n := range nodes {
		if got := lineText(r.LineTo(n)); got != name {
			t.Errorf("LineTo(%s) = %s", name, got)
		}
	}
	if line := r.LineTo(&r.Root); line == nil || len(line) != 0 {
		t.Errorf("LineTo(root) = %#v, want an empty line", line)
	}
	if line := r.LineTo(&shogi.Node{}); line != nil {
		t.Errorf("LineTo(a stranger) = %v, want nil", line)
	}
	// Every line plays through.
	for line := range r.Lines() {
		w := r.Walk(line)
		for range w.All() {
		}
		if w.Err() != nil {
			t.Errorf("%s: %v", lineText(line), w.Err())
		}
	}
	// Stopping early.
	n := 0
	for range r.Lines() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("Lines went on after break")
	}
	// A record without moves has one empty line.
	var empty []string
	for line := range shogi.NewRecord().Lines() {
		empty = append(empty, lineText(line))
	}
	if diff := cmp.Diff([]string{""}, empty); diff != "" {
		t.Errorf("Lines of an empty record (-want +got)\n%s", diff)
	}
}

// TestWalkProperty: walking a random line gives, node by node, the positions of
// playing it by hand; a line broken by an illegal move stops just before it.
func TestWalkProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t, 80)
		rec := recordOf(p)
		line := rec.MainLine()
		q, err := rec.StartPosition()
		if err != nil {
			t.Fatal(err)
		}
		start := q.MoveNumber()
		// Break the line at a random node, sometimes.
		broken := -1
		if len(line) > 0 && rapid.Bool().Draw(t, "break") {
			broken = rapid.IntRange(0, len(line)-1).Draw(t, "broken")
			line[broken].Move = shogi.Move(rapid.Uint32().Draw(t, "garbage"))
		}
		w := rec.Walk(line)
		i := 0
		for n, pos := range w.All() {
			if n != line[i] {
				t.Fatalf("node %d is not the line's", i)
			}
			if err := q.Play(n.Move); err != nil {
				t.Fatalf("the walk yielded an illegal move %v: %v", n.Move, err)
			}
			if !pos.Equal(q) || pos.Ply() != i+1 || pos.RepetitionCount() != q.RepetitionCount() {
				t.Fatalf("after %d moves: %s, want %s", i+1, pos, q)
			}
			i++
		}
		if w.Err() == nil {
			if i != len(line) {
				t.Fatalf("walked %d of %d nodes without an error", i, len(line))
			}
		} else {
			var ie *shogi.IllegalMoveError
			if i == len(line) || !errors.As(w.Err(), &ie) || ie.Ply != start+i || ie.Move != line[i].Move || q.CheckMove(line[i].Move) == nil {
				t.Fatalf("stopped after %d nodes with %v", i, w.Err())
			}
			// The walk stops at the garbage, or after it when the garbage was a legal
			// move and the line went on from another position.
			if broken < 0 || i < broken {
				t.Fatalf("broken at %d, stopped at %d", broken, i)
			}
		}
		if !w.Position().Equal(q) {
			t.Fatalf("Position() = %s, want %s", w.Position(), q)
		}
	})
}

// TestLinesProperty: on random trees, Lines gives the main line first, one line per
// place where a line stops, each a path from the root through parent and child, and
// LineTo gives each line back from its last node.
func TestLinesProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := shogi.NewRecord()
		nodes := []*shogi.Node{&r.Root}
		for i := range rapid.IntRange(0, 40).Draw(t, "nodes") {
			parent := rapid.SampledFrom(nodes).Draw(t, "parent")
			if parent.IsEnding() {
				continue
			}
			var n *shogi.Node
			switch rapid.IntRange(0, 5).Draw(t, "kind") {
			case 0: // an ending given as an alternative, never first
				if len(parent.Children) == 0 {
					continue
				}
				n = &shogi.Node{End: &shogi.Ending{Kind: shogi.EndResign}}
				parent.Children = append(parent.Children, n)
			case 1: // a move that ends its line, with variations possible after it
				n = parent.AddChild(shogi.Move(i + 1))
				n.End = &shogi.Ending{Kind: shogi.EndInterrupt}
			default:
				n = parent.AddChild(shogi.Move(i + 1))
			}
			nodes = append(nodes, n)
		}
		var lines [][]*shogi.Node
		for line := range r.Lines() {
			lines = append(lines, line)
		}
		if len(lines) == 0 || !slices.Equal(lines[0], r.MainLine()) {
			t.Fatalf("the first line is not the main line")
		}
		stops := 0
		for _, n := range nodes {
			if n == &r.Root && len(r.MainLine()) == 0 || n != &r.Root && stopsHere(n) {
				stops++
			}
		}
		if len(lines) != stops {
			t.Fatalf("%d lines, %d places where a line stops", len(lines), stops)
		}
		covered := map[*shogi.Node]bool{}
		for _, line := range lines {
			parent := &r.Root
			for _, n := range line {
				if !slices.Contains(parent.Children, n) {
					t.Fatalf("a line jumps from a node to a stranger")
				}
				covered[n] = true
				parent = n
			}
			if len(line) > 0 {
				if !stopsHere(line[len(line)-1]) {
					t.Fatalf("a line ends where it goes on")
				}
				if !slices.Equal(r.LineTo(line[len(line)-1]), line) {
					t.Fatalf("LineTo does not give the line back")
				}
			}
		}
		if len(covered) != len(nodes)-1 {
			t.Fatalf("the lines cover %d of %d nodes", len(covered), len(nodes)-1)
		}
	})
}

// stopsHere reports whether the line through n stops at n.
func stopsHere(n *shogi.Node) bool {
	return n.End != nil || len(n.Children) == 0 || n.Children[0].Move == shogi.NoMove
}
