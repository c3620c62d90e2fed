//go:build !race

// The race detector allocates on its own, so these tests run only without it.

package csa_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/gametest"
)

// TestParseAllocationsDoNotGrowWithMoves: reading a record allocates per block of
// nodes and per doubling of the position's history, never per move or per line.
func TestParseAllocationsDoNotGrowWithMoves(t *testing.T) {
	parseAllocs := func(n int) float64 {
		data := formatCSA(t, gametest.Long(n, 1))
		return testing.AllocsPerRun(3, func() {
			rec, err := csa.Parse(data)
			if err != nil || len(rec.Root.Children) != 1 {
				t.Fatalf("%v", err)
			}
		})
	}
	short, long := parseAllocs(2000), parseAllocs(20000)
	t.Logf("allocations: %v for 2000 moves, %v for 20 000", short, long)
	// 18 000 more moves: a node block of 1024 and its links is 2 allocations, the
	// history a few more; one allocation a move would be 18 000.
	if extra := long - short; extra > 18*4 {
		t.Errorf("a 2000-move record: %v allocations, a 20 000-move one: %v (%.4f a move more)",
			short, long, extra/18000)
	}
	if short > 100 {
		t.Errorf("a 2000-move record: %v allocations, want at most 100", short)
	}
}

// TestReaderAllocationsPerRecord: a Reader reading many records of one file shares
// node blocks and the start position between them: a record of 100 moves costs a few
// allocations, not one a move.
func TestReaderAllocationsPerRecord(t *testing.T) {
	const records = 200
	recs := make([]*shogi.Record, records)
	for i := range recs {
		recs[i] = gametest.Long(100, uint64(i))
	}
	data := formatCSA(t, recs...)
	allocs := testing.AllocsPerRun(3, func() {
		r := csa.NewReader(bytes.NewReader(data))
		for range records {
			if _, err := r.Read(); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := r.Read(); err != io.EOF {
			t.Fatalf("after the last record: %v", err)
		}
	})
	t.Logf("%v allocations for %d records", allocs, records)
	if perRecord := allocs / records; perRecord > 3 {
		t.Errorf("%v allocations for %d records of 100 moves: %.2f a record, want at most 3",
			allocs, records, perRecord)
	}
}
