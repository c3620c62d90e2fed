package record_test

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/readback"
	"github.com/kifu-go/shogi/record"
)

// genTree draws a random record tree (readback.Tree): variations at any node,
// ending-only alternatives, endings where lines stop (with variations going on past
// some of them), comments and whole-second times.
func genTree(t *rapid.T) *shogi.Record { return readback.Tree(t) }

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
