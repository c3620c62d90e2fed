package jkf_test

import (
	"bytes"
	"fmt"
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
