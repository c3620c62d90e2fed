package bigfile

import (
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/kif"
)

// Big single records, for the memory tests of reading and converting one record: the
// shape of a study file (a game with many variations, each move timed, a comment now
// and then), grown until its KIF text has the size asked for.

// Tree returns a record of the game gametest.Long(150, seed) with variations added
// until it holds about nodes moves: each variation branches off a random move of the
// tree already built, by a move its node has no child for yet, and goes on for 8 to 40
// random legal moves, each with its time; one move in eight has a short comment. The
// same seed gives the same record.
func Tree(nodes int, seed uint64) *shogi.Record {
	rng := rand.New(rand.NewPCG(seed, 2))
	rec := gametest.Long(150, seed)
	all := rec.MainLine() // every move node, to pick branch points from
	parent := map[*shogi.Node]*shogi.Node{}
	prev := &rec.Root
	for _, n := range all {
		parent[n] = prev
		prev = n
	}
	var list shogi.MoveList
	for tries := 0; len(all) < nodes && tries < 100*nodes; tries++ {
		at := all[rng.IntN(len(all))]
		if at.End != nil {
			continue
		}
		pos := positionAt(rec, parent, at)
		pos.GenerateMoves(&list)
		var fresh []shogi.Move
		for _, m := range list.Moves() {
			if !hasChild(at, m) && leavesMoves(pos, m) {
				fresh = append(fresh, m)
			}
		}
		if len(fresh) == 0 {
			continue
		}
		n := at
		m := fresh[rng.IntN(len(fresh))]
		var total [2]time.Duration
		for k, length := 0, 8+rng.IntN(33); k < length && m != shogi.NoMove; k++ {
			side := pos.SideToMove()
			pos.PlayUnchecked(m)
			spent := time.Duration(rng.IntN(60)) * time.Second
			total[side] += spent
			c := n.AddChild(m)
			c.Time, c.HasTime = shogi.MoveTime{Spent: spent, Total: total[side]}, true
			if rng.IntN(8) == 0 {
				c.Comments = []string{fmt.Sprintf("変化の検討 %d: 評価値 %+d", len(all), rng.IntN(2000)-1000)}
			}
			parent[c] = n
			all = append(all, c)
			n = c
			m = randomMove(pos, &list, rng)
		}
	}
	return rec
}

// positionAt returns the position after node n.
func positionAt(rec *shogi.Record, parent map[*shogi.Node]*shogi.Node, n *shogi.Node) *shogi.Position {
	var line []shogi.Move
	for ; n != nil && n != &rec.Root; n = parent[n] {
		line = append(line, n.Move)
	}
	pos := shogi.NewStartPosition()
	for i := len(line) - 1; i >= 0; i-- {
		pos.PlayUnchecked(line[i])
	}
	return pos
}

func hasChild(n *shogi.Node, m shogi.Move) bool {
	for _, c := range n.Children {
		if c.Move == m {
			return true
		}
	}
	return false
}

// leavesMoves reports whether m, legal in pos, leaves the opponent a legal move.
func leavesMoves(pos *shogi.Position, m shogi.Move) bool {
	pos.PlayUnchecked(m)
	ok := pos.HasLegalMove()
	pos.Undo()
	return ok
}

// randomMove returns a random legal move of pos that leaves the opponent a legal move,
// or shogi.NoMove.
func randomMove(pos *shogi.Position, list *shogi.MoveList, rng *rand.Rand) shogi.Move {
	pos.GenerateMoves(list)
	moves := list.Moves()
	start := rng.IntN(max(len(moves), 1))
	for i := range moves {
		if m := moves[(start+i)%len(moves)]; leavesMoves(pos, m) {
			return m
		}
	}
	return shogi.NoMove
}

// WriteKIFTree writes a KIF file at path of a Tree record whose text is at least size
// bytes (and not much more), and returns its size and number of moves.
func WriteKIFTree(path string, size int64, seed uint64) (int64, int, error) {
	// A small tree gives the bytes a move takes.
	sample, err := kif.Format(Tree(20000, seed))
	if err != nil {
		return 0, 0, err
	}
	nodes := int(size/int64(len(sample))*20000) + 1
	for {
		rec := Tree(nodes, seed)
		data, err := kif.Format(rec)
		if err != nil {
			return 0, 0, err
		}
		if int64(len(data)) < size {
			nodes += int((size-int64(len(data)))*int64(nodes)/int64(len(data))) + 100
			continue
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return 0, 0, err
		}
		return int64(len(data)), gametest.CountNodes(&rec.Root) - 1, nil
	}
}
