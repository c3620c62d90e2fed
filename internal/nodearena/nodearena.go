// Package nodearena hands out the nodes of a record's move tree in blocks, so that a
// reader building a record of thousands of moves allocates per block, not per move.
package nodearena

import "github.com/kifu-go/shogi"

// Arena allocates record nodes. Its zero value is ready to use; it is not safe for
// concurrent use.
type Arena struct {
	slab  []shogi.Node  // nodes not handed out yet
	links []*shogi.Node // one-element Children slices not handed out yet
	block int           // the size of the next block
}

// AddChild appends a child reached by m to parent, like [shogi.Node.AddChild] but
// taking the node and its Children slice from blocks. A first child's slice has
// capacity 1, so that appending a variation later copies it instead of writing into
// the block.
func (a *Arena) AddChild(parent *shogi.Node, m shogi.Move) *shogi.Node {
	if len(a.slab) == 0 {
		a.block = min(max(2*a.block, 16), 1024)
		a.slab = make([]shogi.Node, a.block)
		a.links = make([]*shogi.Node, a.block)
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
