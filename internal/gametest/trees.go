package gametest

import (
	"fmt"

	"github.com/kifu-go/shogi"
)

// Nested returns a record whose variations nest depth levels deep: at each ply the line
// stops after one move, and a variation goes on with another move from the same
// position. In JKF each level is one more fork inside the last; in KIF each is one more
// 変化 block.
func Nested(depth int) *shogi.Record {
	p := shogi.NewStartPosition()
	rec := &shogi.Record{StartSFEN: p.String()}
	node := &rec.Root
	for i := range depth {
		moves := p.LegalMoves()
		a, b := moves[i%len(moves)], shogi.NoMove
		// The line goes on with the move, among a few after a, that leaves the most
		// replies, so that the game stays open for thousands of plies.
		best := 1
		for k := 1; k < len(moves) && k <= 8; k++ {
			c := moves[(i+k)%len(moves)]
			p.PlayUnchecked(c)
			if n := len(p.LegalMoves()); n > best {
				b, best = c, n
			}
			p.Undo()
		}
		if b == shogi.NoMove {
			panic(fmt.Sprintf("gametest: no second move at ply %d", i+1))
		}
		node.AddChild(a)
		node = node.AddChild(b)
		p.PlayUnchecked(b)
	}
	return rec
}

// Wide returns a record with n variations that branch off a main line: at each ply
// every legal move but the main line's is an alternative, followed by one reply, until
// there are n of them; the main line then ends in an interruption.
func Wide(n int) *shogi.Record {
	p := shogi.NewStartPosition()
	rec := &shogi.Record{StartSFEN: p.String()}
	node := &rec.Root
	for added := 0; added < n; {
		moves := p.LegalMoves()
		main := shogi.NoMove
		for _, m := range moves {
			p.PlayUnchecked(m)
			ok := p.HasLegalMove()
			p.Undo()
			if ok {
				main = m
				break
			}
		}
		if main == shogi.NoMove {
			panic(fmt.Sprintf("gametest: every move mates at ply %d", p.Ply()+1))
		}
		next := node.AddChild(main)
		for _, m := range moves {
			if m == main || added == n {
				continue
			}
			p.PlayUnchecked(m)
			if replies := p.LegalMoves(); len(replies) > 0 {
				node.AddChild(m).AddChild(replies[0])
				added++
			}
			p.Undo()
		}
		node = next
		p.PlayUnchecked(main)
	}
	node.End = &shogi.Ending{Kind: shogi.EndInterrupt}
	return rec
}

// CountNodes returns the number of nodes of the tree under n, n included.
func CountNodes(n *shogi.Node) int {
	count := 1
	for _, c := range n.Children {
		count += CountNodes(c)
	}
	return count
}
