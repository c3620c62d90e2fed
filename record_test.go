package shogi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
)

// TestMainLineStopsAtEnding: an ending ends the main line even where variations go on
// from the same node, and an ending given as an alternative (a NoMove child) is a
// variation, not the main line's ending.
func TestMainLineStopsAtEnding(t *testing.T) {
	usi := func(s string) shogi.Move {
		m, err := shogi.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	rec := shogi.NewRecord()
	a := rec.Root.AddChild(usi("7g7f"))
	b := a.AddChild(usi("3c3d"))
	b.End = &shogi.Ending{Kind: shogi.EndResign, Result: shogi.WhiteWins}
	b.AddChild(usi("2g2f")).AddChild(usi("8c8d")) // a variation that plays on
	if diff := cmp.Diff([]shogi.Move{usi("7g7f"), usi("3c3d")}, rec.Moves()); diff != "" {
		t.Errorf("main line (-want +got)\n%s", diff)
	}
	if end := rec.Ending(); end == nil || end.Kind != shogi.EndResign {
		t.Errorf("ending %+v, want resign", end)
	}

	alt := shogi.NewRecord()
	x := alt.Root.AddChild(usi("7g7f"))
	x.AddChild(usi("3c3d"))
	resign := &shogi.Node{End: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins}}
	x.Children = append(x.Children, resign) // White resigns instead of 3c3d
	if !resign.IsEnding() || x.Children[0].IsEnding() {
		t.Error("IsEnding does not tell the alternative ending")
	}
	if diff := cmp.Diff([]shogi.Move{usi("7g7f"), usi("3c3d")}, alt.Moves()); diff != "" {
		t.Errorf("main line with an alternative ending (-want +got)\n%s", diff)
	}
	if end := alt.Ending(); end != nil {
		t.Errorf("the alternative ending became the main line's: %+v", end)
	}
}

// AppendMainLine appends the nodes MainLine returns, after what dst holds, and
// allocates nothing where dst has room.
func TestAppendMainLine(t *testing.T) {
	rec := shogi.NewRecord()
	n := &rec.Root
	for _, s := range []string{"7g7f", "3c3d", "2g2f", "8c8d"} {
		m, err := shogi.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		n = n.AddChild(m)
	}
	line := rec.MainLine()
	if len(line) != 4 {
		t.Fatalf("main line of %d nodes", len(line))
	}
	root := &rec.Root
	if diff := cmp.Diff(append([]*shogi.Node{root}, line...), rec.AppendMainLine([]*shogi.Node{root})); diff != "" {
		t.Errorf("after one node (-want +got):\n%s", diff)
	}
	if got := shogi.NewRecord().AppendMainLine(nil); got != nil {
		t.Errorf("no moves: %v", got)
	}
	room := make([]*shogi.Node, 0, 8)
	if allocs := testing.AllocsPerRun(20, func() { room = rec.AppendMainLine(room[:0]) }); allocs != 0 {
		t.Errorf("%v allocations with room", allocs)
	}
}
