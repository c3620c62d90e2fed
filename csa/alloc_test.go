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

// TestReaderAllocationsPerRecord: a Reader reading many records of one file takes the
// start position of one back for the next: a record of 100 moves costs the record and
// its blocks of nodes (16, 32 and 64 nodes, with their links), not one allocation a
// move.
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
	if perRecord := allocs / records; perRecord > 10 {
		t.Errorf("%v allocations for %d records of 100 moves: %.2f a record, want at most 10",
			allocs, records, perRecord)
	}
}

// TestShiftJISAllocations: a Shift_JIS line is decoded into the reader's buffer, and
// the nodes' Comments slices come in blocks: a comment on every move costs the
// comment's string, nothing for the decoding or the slice.
func TestShiftJISAllocations(t *testing.T) {
	const moves = 2000
	rec := gametest.Long(moves, 1)
	for _, n := range rec.MainLine() {
		n.Comments = []string{"▲７六歩 △３四歩 ▲２六歩 互角の形勢"}
	}
	var buf bytes.Buffer
	w := csa.NewWriter(&buf)
	w.ShiftJIS = true
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	allocs := testing.AllocsPerRun(3, func() {
		got, err := csa.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if c := got.MainLine()[moves-1].Comments; len(c) != 1 || c[0] != rec.MainLine()[moves-1].Comments[0] {
			t.Fatalf("comments %q", c)
		}
	})
	t.Logf("%v allocations for %d moves with a Shift_JIS comment each", allocs, moves)
	// One a move, MainLine's slice, and the blocks of nodes and comments.
	if allocs > moves+100 {
		t.Errorf("%v allocations for %d moves with a comment each, want at most %d", allocs, moves, moves+100)
	}
}
