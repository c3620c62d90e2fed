package tsume

import (
	"testing"

	"github.com/kifu-go/shogi"
)

// BenchmarkTable measures the transposition table's probe and store, the lookups of
// the df-pn's every child and the store of its every node, on a table of 64 MiB that
// the keys fill: per key, a probe of the board (the bucket mostly without it), the
// store of new numbers, a probe that finds them, and a proof stored over them, the
// boards met again with other hands, so that the lookups compare hands by domination.
// Each op is one key, in a table larger than the caches: its time is mostly their
// misses (the search prefetches the buckets of a node's children together).
func BenchmarkTable(b *testing.B) {
	tt := newTable(64 << 20)
	const boards = 1 << 21 // more than the table's 1.7 M entries: stores replace
	atks := []shogi.Hand{hand(), hand(shogi.Gold), hand(shogi.Gold, shogi.Silver), hand(shogi.Rook, shogi.Pawn)}
	def := hand(shogi.Bishop, shogi.Knight, shogi.Lance)
	var i uint64
	var found int
	b.ReportAllocs()
	for b.Loop() {
		_, r := splitmix(i)
		i++
		_, key := splitmix(r % boards) // the board: each met again, with other hands
		atk := atks[r>>62]
		if _, _, _, _, _, ok := tt.probe(key, atk, def, 0); ok {
			found++
		} else {
			tt.storeNew(key, atk, def, 2, 1)
		}
		if _, _, _, _, _, ok := tt.probe(key, atk, def, 0); ok {
			found++
		}
		tt.storeRange(key, atk, def, atk, def, 0, 0, infinity, mateCode, 5, shogi.NoMove)
	}
	if found == 0 {
		b.Fatal("no probe found the numbers stored")
	}
}
