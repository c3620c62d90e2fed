package kif

import (
	"bytes"
	"runtime"
	"sync"
	"testing"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
)

var benchData struct {
	once              sync.Once
	long, longKI2     []byte
	mid               []byte // 2 000 moves, to show that time is linear in length
	longSJIS          []byte
	short, shortKI2   [][]byte
	longMoves, shortN int
}

func loadBenchData(b *testing.B) {
	benchData.once.Do(func() {
		long := gametest.Long(20000, 1)
		benchData.long, _ = Format(long)
		benchData.longKI2, _ = FormatKI2(long)
		var buf bytes.Buffer
		w := NewWriter(&buf)
		w.Encoding = ShiftJIS
		if err := w.Write(long); err != nil {
			panic(err)
		}
		w.Flush()
		benchData.longSJIS = buf.Bytes()
		benchData.longMoves = 20000
		benchData.mid, _ = Format(gametest.Long(2000, 7))
		for i := range 200 {
			rec := gametest.Long(120, uint64(i+2))
			k, _ := Format(rec)
			k2, _ := FormatKI2(rec)
			benchData.short = append(benchData.short, k)
			benchData.shortKI2 = append(benchData.shortKI2, k2)
			benchData.shortN += 120
		}
	})
	if benchData.long == nil {
		b.Fatal("no benchmark data")
	}
}

func benchRead(b *testing.B, records [][]byte, moves int, parse func([]byte) (*shogi.Record, error)) {
	b.ReportAllocs()
	size := 0
	for _, r := range records {
		size += len(r)
	}
	b.SetBytes(int64(size))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		for _, data := range records {
			rec, err := parse(data)
			if err != nil {
				b.Fatal(err)
			}
			if rec.StartSFEN == "" {
				b.Fatal("no start position")
			}
		}
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(moves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	// The bytes and the allocations per move read: 0 allocations per move means that a
	// long record allocates per block of moves, not per move.
	read := float64(moves) * float64(b.N)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/read, "B/move")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/read, "allocs/move")
}

// BenchmarkReadKIF measures reading and validating KIF (every move is checked against
// the rules as it is read).
func BenchmarkReadKIF(b *testing.B) {
	loadBenchData(b)
	b.Run("long=20000", func(b *testing.B) {
		benchRead(b, [][]byte{benchData.long}, benchData.longMoves, Parse)
	})
	b.Run("long=2000", func(b *testing.B) {
		benchRead(b, [][]byte{benchData.mid}, 2000, Parse)
	})
	b.Run("long=20000/shift_jis", func(b *testing.B) {
		benchRead(b, [][]byte{benchData.longSJIS}, benchData.longMoves, Parse)
	})
	b.Run("short=200x120", func(b *testing.B) {
		benchRead(b, benchData.short, benchData.shortN, Parse)
	})
}

func BenchmarkReadKI2(b *testing.B) {
	loadBenchData(b)
	b.Run("long=20000", func(b *testing.B) {
		benchRead(b, [][]byte{benchData.longKI2}, benchData.longMoves, ParseKI2)
	})
	b.Run("short=200x120", func(b *testing.B) {
		benchRead(b, benchData.shortKI2, benchData.shortN, ParseKI2)
	})
}

func BenchmarkWriteKIF(b *testing.B) {
	loadBenchData(b)
	rec, err := Parse(benchData.long)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		out, err := Format(rec)
		if err != nil || len(out) == 0 {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(benchData.longMoves)*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
