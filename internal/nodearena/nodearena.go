// Package nodearena hands out the nodes of a record's move tree in blocks, so that a
// reader building a record of thousands of moves allocates per block, not per move.
package nodearena

import "github.com/kifu-go/shogi"

// Arena allocates record nodes. Its zero value is ready to use; it is not safe for
// concurrent use.
//
// An Arena's blocks belong to the record built from them, unless the reader means to
// build the next record in the same memory: Recycle then takes every block back,
// cleared, for the nodes handed out next, and the nodes handed out before must no
// longer be used.
type Arena struct {
	slab  []shogi.Node  // nodes not handed out yet
	links []*shogi.Node // one-element Children slices not handed out yet
	block int           // the size of the next block

	// With Recycle: every block handed out, and how many of them are in use.
	nodeBlocks [][]shogi.Node
	linkBlocks [][]*shogi.Node
	inUse      int
	recycled   bool
}

// AddChild appends a child reached by m to parent, like [shogi.Node.AddChild] but
// taking the node and its Children slice from blocks. A first child's slice has
// capacity 1, so that appending a variation later copies it instead of writing into
// the block.
func (a *Arena) AddChild(parent *shogi.Node, m shogi.Move) *shogi.Node {
	if len(a.slab) == 0 {
		a.nextBlock()
	}
	n := &a.slab[0]
	a.slab = a.slab[1:]
	n.Move = m
	if len(parent.Children) == 0 {
		parent.Children = a.links[:1:1]
		a.links = a.links[1:]
		parent.Children[0] = n
	} else {
		parent.Children = append(parent.Children, n)
	}
	return n
}

// nextBlock makes a.slab and a.links the next block: one recycled, else a new one,
// twice the size of the last (16 to 1024 nodes).
func (a *Arena) nextBlock() {
	if a.inUse < len(a.nodeBlocks) {
		a.slab, a.links = a.nodeBlocks[a.inUse], a.linkBlocks[a.inUse]
		a.inUse++
		return
	}
	a.block = min(max(2*a.block, 16), 1024)
	a.slab = make([]shogi.Node, a.block)
	a.links = make([]*shogi.Node, a.block)
	if a.recycled {
		a.nodeBlocks = append(a.nodeBlocks, a.slab)
		a.linkBlocks = append(a.linkBlocks, a.links)
		a.inUse++
	}
}

// Recycle takes back every node the Arena handed out, clears them, and hands them out
// again before it allocates more: the record built from them must not be used any
// more. From the first call on, the Arena keeps its blocks (as many as the largest
// record built since needed) for the records to come.
func (a *Arena) Recycle() {
	if !a.recycled {
		// The blocks handed out so far are the record's, and stay so.
		*a = Arena{recycled: true}
		return
	}
	for i := range a.inUse {
		clear(a.nodeBlocks[i])
		clear(a.linkBlocks[i])
	}
	a.inUse = 0
	a.slab, a.links = nil, nil
}
