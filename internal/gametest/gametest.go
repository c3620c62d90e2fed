// Package gametest makes long random games for the codecs' tests and benchmarks.
package gametest

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/kifu-go/shogi"
)

// Long returns a record of n random legal moves from the even start, the same for the
// same seed. No move leaves the opponent without a legal move, so the game always
// reaches n moves; every move has a time (spent, and the mover's running total), and
// the game ends with an interruption.
func Long(n int, seed uint64) *shogi.Record {
	rng := rand.New(rand.NewPCG(seed, 1))
	rec := shogi.NewRecord()
	pos := shogi.NewStartPosition()
	node := &rec.Root
	var total [2]time.Duration
	var list shogi.MoveList
	for pos.Ply() < n {
		pos.GenerateMoves(&list)
		moves := list.Moves()
		start := rng.IntN(len(moves))
		played := false
		for i := range moves {
			m := moves[(start+i)%len(moves)]
			side := pos.SideToMove()
			pos.PlayUnchecked(m)
			if pos.HasLegalMove() {
				spent := time.Duration(rng.IntN(60)) * time.Second
				total[side] += spent
				node = node.AddChild(m)
				node.Time, node.HasTime = shogi.MoveTime{Spent: spent, Total: total[side]}, true
				played = true
				break
			}
			pos.Undo()
		}
		if !played {
			panic(fmt.Sprintf("gametest: every move mates after %d moves", pos.Ply()))
		}
	}
	node.End = &shogi.Ending{Kind: shogi.EndInterrupt}
	return rec
}
