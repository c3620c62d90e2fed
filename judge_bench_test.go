package shogi_test

import (
	"math/rand/v2"
	"testing"

	"github.com/kifu-go/shogi"
)

// randomGame returns a record of up to n random legal moves from the start position,
// the same for the same seed.
func randomGame(tb testing.TB, n int, seed uint64) *shogi.Record {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	r := shogi.NewRecord()
	p := shogi.NewStartPosition()
	node := &r.Root
	var list shogi.MoveList
	for range n {
		p.GenerateMoves(&list)
		if list.Len() == 0 {
			break
		}
		m := list.Moves()[rng.IntN(list.Len())]
		p.PlayUnchecked(m)
		node = node.AddChild(m)
	}
	return r
}

// BenchmarkJudgeLine judges a 150-move game: the replay, the repetition count of every
// position and the move limit, and the ending.
//
//	go test -run '^$' -bench JudgeLine .
func BenchmarkJudgeLine(b *testing.B) {
	r := randomGame(b, 150, 7)
	line := r.MainLine()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := r.JudgeLine(line, shogi.Rules{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(line)), "ns/move")
}
