package nodearena

import (
	"testing"

	"github.com/kifu-go/shogi"
)

func TestAddChild(t *testing.T) {
	var a Arena
	root := &shogi.Node{}
	m1 := shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false)
	m2 := shogi.NewMove(shogi.NewSquare(2, 7), shogi.NewSquare(2, 6), false)
	n := root
	var line []*shogi.Node
	for i := range 3000 { // crosses several blocks
		n = a.AddChild(n, shogi.Move(i%2)+m1)
		line = append(line, n)
	}
	// A variation on the first node must not disturb the nodes after it in the block.
	v := a.AddChild(root, m2)
	if len(root.Children) != 2 || root.Children[0] != line[0] || root.Children[1] != v {
		t.Fatalf("root children %v", root.Children)
	}
	for i, n := range line[:len(line)-1] {
		if len(n.Children) != 1 || n.Children[0] != line[i+1] {
			t.Fatalf("node %d lost its child", i)
		}
		if n.Move != shogi.Move(i%2)+m1 {
			t.Fatalf("node %d has move %v", i, n.Move)
		}
	}
}

func TestAllocationsPerBlock(t *testing.T) {
	allocs := testing.AllocsPerRun(10, func() {
		var a Arena
		n := &shogi.Node{}
		for range 20000 {
			n = a.AddChild(n, 1)
		}
	})
	if allocs > 60 {
		t.Errorf("%v allocations for 20 000 nodes, want a few per block", allocs)
	}
}

// Recycle hands the same nodes out again, cleared, and allocates nothing more for a
// record no larger than the largest before.
func TestRecycle(t *testing.T) {
	var a Arena
	a.Recycle()
	build := func(moves int) *shogi.Node {
		root := &shogi.Node{}
		n := root
		for i := range moves {
			n = a.AddChild(n, shogi.Move(i+1))
			n.Comments = []string{"c"}
		}
		return root
	}
	first := build(500)
	firstNode := first.Children[0]
	a.Recycle()
	if firstNode.Move != shogi.NoMove || firstNode.Comments != nil || firstNode.Children != nil {
		t.Fatalf("a recycled node is not cleared: %+v", *firstNode)
	}
	second := build(300)
	if second.Children[0] != firstNode {
		t.Error("the first node of the next record is not the recycled one")
	}
	allocs := testing.AllocsPerRun(10, func() {
		a.Recycle()
		root := shogi.Node{}
		n := &root
		for i := range 500 {
			n = a.AddChild(n, shogi.Move(i+1))
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations for a recycled record of 500 nodes, want 0", allocs)
	}
	// Without Recycle, the blocks stay the record's.
	var own Arena
	n1 := own.AddChild(&shogi.Node{}, 1)
	n2 := own.AddChild(&shogi.Node{}, 2)
	if n1.Move != 1 || n2.Move != 2 || len(own.nodeBlocks) != 0 {
		t.Error("an Arena that never recycled keeps its blocks")
	}
}
