package book_test

import (
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
)

// loadRecords returns the records of the repository's testdata that play.
func loadRecords(b *testing.B) []*shogi.Record {
	var recs []*shogi.Record
	for rec := range recordsUnder(b, "../testdata/records") {
		if _, err := rec.Replay(); err == nil {
			recs = append(recs, rec)
		}
	}
	return recs
}

// BenchmarkBuild adds the repository's records to a Builder and makes the book; the
// metric is moves taken per second.
func BenchmarkBuild(b *testing.B) {
	recs := loadRecords(b)
	moves := 0
	for _, r := range recs {
		moves += len(r.Moves())
	}
	b.ReportAllocs()
	for b.Loop() {
		var bd book.Builder
		for _, r := range recs {
			if err := bd.Add(r); err != nil {
				b.Fatal(err)
			}
		}
		bd.Book(0)
	}
	b.ReportMetric(float64(moves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkLookup probes every position of the records' main lines in the book built
// from them; it allocates nothing.
func BenchmarkLookup(b *testing.B) {
	recs := loadRecords(b)
	var bd book.Builder
	var positions []*shogi.Position
	for _, r := range recs {
		bd.Add(r)
		w := r.Walk(r.MainLine())
		for _, p := range w.All() {
			positions = append(positions, p.Clone())
		}
	}
	bk := bd.Book(0)
	b.ReportAllocs()
	hits := 0
	for b.Loop() {
		for _, p := range positions {
			if len(bk.Lookup(p)) > 0 {
				hits++
			}
		}
	}
	b.ReportMetric(float64(len(positions))*float64(b.N)/b.Elapsed().Seconds(), "lookups/s")
}

func BenchmarkAperyKey(b *testing.B) {
	p := shogi.NewStartPosition()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := book.AperyKey(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteYaneuraOu writes the book of the records as YaneuraOu text.
func BenchmarkWriteYaneuraOu(b *testing.B) {
	var bd book.Builder
	for _, r := range loadRecords(b) {
		bd.Add(r)
	}
	bk := bd.Book(0)
	b.ReportAllocs()
	for b.Loop() {
		book.Format(bk)
	}
	b.ReportMetric(float64(bk.Len())*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkReadYaneuraOu reads that text back, checking every move.
func BenchmarkReadYaneuraOu(b *testing.B) {
	var bd book.Builder
	for _, r := range loadRecords(b) {
		bd.Add(r)
	}
	text := book.Format(bd.Book(0))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := book.Parse(text); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLookupAllocs keeps Lookup free of allocations.
func TestLookupAllocs(t *testing.T) {
	bk, err := book.Parse([]byte(startSFEN + "\n7g7f none 0 0 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	p := shogi.NewStartPosition()
	if n := testing.AllocsPerRun(100, func() { bk.Lookup(p) }); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
}
