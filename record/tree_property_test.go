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
			if rapid.IntRange(0, 9).Draw(t, "long think") == 0 {
				// Up to the longest time a record may hold, in total.
				left := int64((shogi.MaxTime - totals[p.SideToMove()]) / time.Second)
				spent = time.Duration(rapid.Int64Range(max(left-2, 0), left).Draw(t, "long seconds")) * time.Second
			}
			spent = min(spent, shogi.MaxTime-totals[p.SideToMove()])
			next := totals
			next[side] += spent
			child.Time, child.HasTime = shogi.MoveTime{Spent: spent, Total: next[side]}, true
			if rapid.IntRange(0, 5).Draw(t, "comment") == 0 {
				child.Comments = []string{fmt.Sprintf("comment %d: 7六歩 is good", budget)}
				if rapid.Bool().Draw(t, "tricky comment") {
					// Text that looks like something else in some format.
					child.Comments = append(child.Comments, rapid.SampledFrom([]string{
						"変化：3手", "まで3手で先手の勝ち", "*a star", "'a quote", "#a hash", "  leading spaces",
						"   1 ７六歩(77)", "%TORYO", "&", "手数----指手---------消費時間--", "}{\"",
					}).Draw(t, "text"))
				}
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
			fmt.Fprintf(&b, " %v/%v", n.Time.Spent, n.Time.Total)
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
		// CSA has no variations: it holds the main line, with its times and comments.
		data, err := record.Marshal(rec, record.CSA)
		if err != nil {
			t.Fatalf("CSA: %v", err)
		}
		back, err := record.Parse(data)
		if err != nil {
			t.Fatalf("CSA: %v\n%s", err, data)
		}
		if want, got := flatten(mainLineOnly(rec), true), flatten(back, true); want != got {
			t.Fatalf("CSA: the main line changed\nwant:\n%s\ngot:\n%s\n%s", want, got, data)
		}
	})
}

// mainLineOnly returns a copy of rec's main line with its times, comments and ending,
// without the variations.
func mainLineOnly(rec *shogi.Record) *shogi.Record {
	out := &shogi.Record{StartSFEN: rec.StartSFEN}
	to := &out.Root
	to.Comments = rec.Root.Comments
	to.End = rec.Root.End
	for from := &rec.Root; len(from.Children) > 0 && !from.Children[0].IsEnding() && from.End == nil; {
		from = from.Children[0]
		to = to.AddChild(from.Move)
		to.Time, to.HasTime, to.Comments, to.End = from.Time, from.HasTime, from.Comments, from.End
	}
	return out
}
