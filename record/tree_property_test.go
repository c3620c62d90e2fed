package record_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/record"
)

// genTree draws a random record tree: variations at any node, ending-only alternatives,
// endings where lines stop (with variations going on past some of them), comments and
// whole-second times.
func genTree(t *rapid.T) *shogi.Record {
	h := rapid.SampledFrom(handicap.All).Draw(t, "start")
	p := h.Position()
	rec := &shogi.Record{StartSFEN: p.String()}
	budget := rapid.IntRange(0, 80).Draw(t, "nodes")
	var grow func(n *shogi.Node, depth int, totals [2]time.Duration)
	grow = func(n *shogi.Node, depth int, totals [2]time.Duration) {
		moves := p.LegalMoves()
		if budget <= 0 || len(moves) == 0 {
			if len(moves) == 0 {
				n.End = &shogi.Ending{Kind: shogi.EndMate, Result: shogi.ResultOf(shogi.EndMate, p.SideToMove())}
			} else if rapid.Bool().Draw(t, "resign") {
				n.End = &shogi.Ending{Kind: shogi.EndResign, Result: shogi.ResultOf(shogi.EndResign, p.SideToMove())}
			}
			return
		}
		branches := 1
		if rapid.IntRange(0, 4).Draw(t, "branch") == 0 {
			branches = rapid.IntRange(2, 3).Draw(t, "branches")
		}
		seen := map[shogi.Move]bool{}
		for b := 0; b < branches && budget > 0; b++ {
			m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
			if seen[m] {
				continue
			}
			seen[m] = true
			budget--
			child := n.AddChild(m)
			side := p.SideToMove()
			spent := time.Duration(rapid.IntRange(0, 7200).Draw(t, "seconds")) * time.Second
			next := totals
			next[side] += spent
			child.Time, child.HasTime = shogi.MoveTime{Spent: spent, Total: next[side]}, true
			if rapid.IntRange(0, 5).Draw(t, "comment") == 0 {
				child.Comments = []string{fmt.Sprintf("comment %d: 7六歩 is good", budget)}
			}
			p.PlayUnchecked(m)
			grow(child, depth+1, next)
			p.Undo()
		}
		if len(n.Children) > 0 && n != &rec.Root && rapid.IntRange(0, 8).Draw(t, "ending with variations") == 0 {
			// The line stops here (投了) and the children are variations played instead.
			n.End = &shogi.Ending{Kind: shogi.EndResign, Result: shogi.ResultOf(shogi.EndResign, p.SideToMove())}
		} else if len(n.Children) > 0 && rapid.IntRange(0, 6).Draw(t, "alternative ending") == 0 {
			n.Children = append(n.Children, &shogi.Node{End: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.ResultOf(shogi.EndResign, p.SideToMove())}})
		}
	}
	grow(&rec.Root, 0, [2]time.Duration{})
	return rec
}

// flatten writes a record's tree as text: each node's move, spent time (when withTimes),
// comments and ending, children indented.
func flatten(rec *shogi.Record, withTimes bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "start %s\n", rec.StartSFEN)
	var walk func(n *shogi.Node, indent string)
	walk = func(n *shogi.Node, indent string) {
		fmt.Fprintf(&b, "%s%v", indent, n.Move)
		if withTimes && n.HasTime {
			fmt.Fprintf(&b, " %v", n.Time.Spent)
		}
		for _, c := range n.Comments {
			fmt.Fprintf(&b, " *%s", c)
		}
		if n.End != nil {
			fmt.Fprintf(&b, " end %s %s", n.End.Kind.Code(), n.End.Result.Code())
		}
		b.WriteString("\n")
		for _, c := range n.Children {
			walk(c, indent+"  ")
		}
	}
	walk(&rec.Root, "")
	return b.String()
}

// TestTreesReadBack: a random tree written in every format that holds variations reads
// back as the same tree (KI2 has no times).
func TestTreesReadBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := genTree(t)
		for _, format := range []record.Format{record.KIF, record.KI2, record.JKF} {
			data, err := record.Marshal(rec, format)
			if err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			back, err := record.Parse(data)
			if err != nil {
				t.Fatalf("%s: %v\n%s", format, err, data)
			}
			withTimes := format != record.KI2
			if want, got := flatten(rec, withTimes), flatten(back, withTimes); want != got {
				t.Fatalf("%s: the tree changed\nwant:\n%s\ngot:\n%s\n%s", format, want, got, data)
			}
		}
	})
}
