package jkf_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/jkf"
)

func formatJKF(tb testing.TB, recs ...*shogi.Record) []byte {
	var buf bytes.Buffer
	w := jkf.NewWriter(&buf)
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			tb.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkRead measures reading with every move validated, in moves per second.
func BenchmarkRead(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		b.Run(fmt.Sprintf("long=%d", n), func(b *testing.B) {
			benchmarkLong(b, n)
		})
	}
	b.Run("short=1000x100", func(b *testing.B) {
		recs := make([]*shogi.Record, 1000)
		for i := range recs {
			recs[i] = gametest.Long(100, uint64(i))
		}
		gametest.ReadBenchmark(b, formatJKF(b, recs...), func(data []byte) (int, error) {
			return gametest.ReadAll(jkf.NewReader(bytes.NewReader(data)).Read)
		})
	})
}

// benchmarkLong reads one record of n moves; the time per move should not grow with n.
func benchmarkLong(b *testing.B, n int) {
	gametest.ReadBenchmark(b, formatJKF(b, gametest.Long(n, 1)), func(data []byte) (int, error) {
		rec, err := jkf.Parse(data)
		if err != nil {
			return 0, err
		}
		return len(rec.Moves()), nil
	})
}

// BenchmarkWrite measures writing, relative letters included, in moves per second.
func BenchmarkWrite(b *testing.B) {
	rec := gametest.Long(20000, 1)
	b.ReportAllocs()
	moves := 0
	for b.Loop() {
		var buf bytes.Buffer
		w := jkf.NewWriter(&buf)
		if err := w.Write(rec); err != nil {
			b.Fatal(err)
		}
		moves += 20000
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

func TestReadLongRecord(t *testing.T) {
	rec := gametest.Long(20000, 1)
	got, err := jkf.Parse(formatJKF(t, rec))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rec.Moves(), got.Moves()) || got.MainLine()[19999].Time != rec.MainLine()[19999].Time {
		t.Fatal("the record changed")
	}
}

// streamOf is a reader of n records, each one of recs in turn, with a line that is not
// JSON after every tenth: the stream is made as it is read, never held.
type streamOf struct {
	recs [][]byte
	n    int
	i    int // records given
	rest []byte
}

func (s *streamOf) Read(p []byte) (int, error) {
	for len(s.rest) == 0 {
		if s.i == s.n {
			return 0, io.EOF
		}
		s.rest = s.recs[s.i%len(s.recs)]
		if s.i%10 == 9 {
			s.rest = append(append([]byte(nil), s.rest...), "this line is not JSON\n"...)
		}
		s.i++
	}
	k := copy(p, s.rest)
	s.rest = s.rest[k:]
	return k, nil
}

// readStreamPeakHeap reads a stream of n records of 100 moves and returns the largest
// heap in use seen after a record was read, and the records read.
func readStreamPeakHeap(tb testing.TB, n int) (uint64, int) {
	var recs [][]byte
	for i := range 10 {
		recs = append(recs, formatJKF(tb, gametest.Long(100, uint64(i))))
	}
	runtime.GC()
	var m runtime.MemStats
	var peak uint64
	r := jkf.NewReader(&streamOf{recs: recs, n: n})
	read := 0
	for {
		_, err := r.Read()
		if err == io.EOF {
			break
		}
		if err == nil {
			read++
		} else if !errors.Is(err, jkf.ErrJSON) {
			tb.Fatal(err)
		}
		if read%20 == 0 {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
	}
	return peak, read
}

// BenchmarkStreamMemory reads streams of 200 and 2 000 records and reports the peak
// heap: it does not grow with the number of records, as the reader holds one record
// at a time.
func BenchmarkStreamMemory(b *testing.B) {
	for _, n := range []int{200, 2000} {
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			var peak uint64
			for b.Loop() {
				p, read := readStreamPeakHeap(b, n)
				if read != n {
					b.Fatalf("%d records read, want %d", read, n)
				}
				peak = max(peak, p)
			}
			b.ReportMetric(float64(peak), "peak-heap-B")
		})
	}
}

// TestStreamMemoryBounded: reading ten times as many records does not take more heap.
func TestStreamMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 2 200 records")
	}
	few, _ := readStreamPeakHeap(t, 200)
	many, read := readStreamPeakHeap(t, 2000)
	if read != 2000 {
		t.Fatalf("%d records read, want 2000", read)
	}
	t.Logf("peak heap: %d bytes for 200 records, %d for 2 000", few, many)
	if many > few+few/2+(4<<20) {
		t.Errorf("peak heap %d bytes for 2 000 records, %d for 200: it grows with the stream", many, few)
	}
}
