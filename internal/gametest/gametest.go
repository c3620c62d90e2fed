// Package gametest makes long random games for the codecs' tests and benchmarks, and
// runs their read benchmarks.
package gametest

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
)

// Long returns a record of n random legal moves from the even start, the same for the
// same seed. No move leaves the opponent without a legal move, so the game always
// reaches n moves (where every move of a position would, the move before it is taken
// back and another tried); every move has a time (spent, and the mover's running
// total), and the game ends with an interruption.
func Long(n int, seed uint64) *shogi.Record {
	rng := rand.New(rand.NewPCG(seed, 1))
	pos := shogi.NewStartPosition()
	type step struct {
		move  shogi.Move
		spent time.Duration
	}
	var line []step
	var list shogi.MoveList
	backtracks := 0
	for len(line) < n {
		pos.GenerateMoves(&list)
		moves := list.Moves()
		start := rng.IntN(len(moves))
		played := false
		for i := range moves {
			m := moves[(start+i)%len(moves)]
			pos.PlayUnchecked(m)
			if pos.HasLegalMove() {
				line = append(line, step{m, time.Duration(rng.IntN(60)) * time.Second})
				played = true
				break
			}
			pos.Undo()
		}
		if !played {
			if backtracks++; backtracks > 1000 || len(line) == 0 {
				panic(fmt.Sprintf("gametest: every move mates after %d moves", pos.Ply()))
			}
			pos.Undo()
			line = line[:len(line)-1]
		}
	}
	rec := shogi.NewRecord()
	node := &rec.Root
	var total [2]time.Duration
	for i, s := range line {
		total[i%2] += s.spent
		node = node.AddChild(s.move)
		node.Time, node.HasTime = shogi.MoveTime{Spent: s.spent, Total: total[i%2]}, true
	}
	node.End = &shogi.Ending{Kind: shogi.EndInterrupt}
	return rec
}

// ReadBenchmark runs read over data in b's loop and reports the bytes read, the moves
// read per second, and the bytes and allocations per move, counted over the whole loop;
// read returns how many moves it read.
func ReadBenchmark(b *testing.B, data []byte, read func([]byte) (int, error)) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	moves := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		n, err := read(data)
		if err != nil {
			b.Fatal(err)
		}
		moves += n
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	if moves > 0 {
		b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(moves), "allocs/move")
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(moves), "B/move")
	}
}

// ReadAll calls read until io.EOF and returns the number of main-line moves of the
// records it read.
func ReadAll(read func() (*shogi.Record, error)) (int, error) {
	moves := 0
	for {
		rec, err := read()
		if err == io.EOF {
			return moves, nil
		}
		if err != nil {
			return moves, err
		}
		moves += len(rec.Moves())
	}
}
