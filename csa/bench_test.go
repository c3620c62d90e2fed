package csa_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/gametest"
)

func formatCSA(tb testing.TB, recs ...*shogi.Record) []byte {
	var buf bytes.Buffer
	w := csa.NewWriter(&buf)
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
		gametest.ReadBenchmark(b, formatCSA(b, recs...), func(data []byte) (int, error) {
			return gametest.ReadAll(csa.NewReader(bytes.NewReader(data)).Read)
		})
	})
}

// benchmarkLong reads one record of n moves; the time per move should not grow with n.
func benchmarkLong(b *testing.B, n int) {
	gametest.ReadBenchmark(b, formatCSA(b, gametest.Long(n, 1)), func(data []byte) (int, error) {
		rec, err := csa.Parse(data)
		if err != nil {
			return 0, err
		}
		return len(rec.Moves()), nil
	})
}

// TestReadLongRecord: the benchmark's 20 000-move record reads back whole.
func TestReadLongRecord(t *testing.T) {
	rec := gametest.Long(20000, 1)
	got, err := csa.Parse(formatCSA(t, rec))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Moves()) != 20000 {
		t.Fatalf("%d moves", len(got.Moves()))
	}
}

// BenchmarkReplay measures what the root package's move checks cost in BenchmarkRead:
// the same moves checked with CheckMove and played with PlayUnchecked, from a position
// taken back to its start, as the reader does, with nothing read.
func BenchmarkReplay(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		b.Run(fmt.Sprintf("long=%d", n), func(b *testing.B) {
			moves := gametest.Long(n, 1).Moves()
			pos := shogi.NewStartPosition()
			played := 0
			for b.Loop() {
				for pos.Undo() != shogi.NoMove {
				}
				for _, m := range moves {
					if err := pos.CheckMove(m); err != nil {
						b.Fatal(err)
					}
					pos.PlayUnchecked(m)
				}
				played += len(moves)
			}
			b.ReportMetric(float64(played)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
