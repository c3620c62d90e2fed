package record_test

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/kifu-go/shogi/internal/bigfile"
	"github.com/kifu-go/shogi/record"
)

// peakHeap samples the live heap every millisecond until stop is called, and returns
// the highest figure seen, in bytes.
func peakHeap() (stop func() uint64) {
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	done := make(chan struct{})
	var peak uint64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(samples)
			peak = max(peak, samples[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		return peak
	}
}

// BenchmarkValidateStream validates a generated multi-game CSA file of
// SHOGI_STREAM_MB megabytes (512 by default; 150-move games with a floodgate-style
// comment on every move, about 42 KB a game as in the archives) and reports the peak
// live heap: it stays at a few megabytes whatever the file's size, since a Reader holds
// one record at a time.
func BenchmarkValidateStream(b *testing.B) {
	mb := 512
	if s := os.Getenv("SHOGI_STREAM_MB"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("SHOGI_STREAM_MB=%q: want a number of megabytes", s)
		}
		mb = n
	}
	const moves, commentBytes = 150, 270
	gameSize, err := bigfile.GameSize(moves, commentBytes)
	if err != nil {
		b.Fatal(err)
	}
	games := mb << 20 / gameSize
	path := filepath.Join(b.TempDir(), "games.csa")
	size, err := bigfile.WriteFile(path, games, moves, commentBytes)
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	b.ReportAllocs()
	b.SetBytes(size)
	var peak uint64
	var records int
	start := time.Now()
	for b.Loop() {
		r, err := record.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		stop := peakHeap()
		records = 0
		for v := range record.Validate(r) {
			if !v.Valid() {
				b.Fatalf("record %d: %v", v.Source.Index, v.Err())
			}
			records++
		}
		peak = max(peak, stop())
		r.Close()
	}
	elapsed := time.Since(start)
	if records != games {
		b.Fatalf("%d records validated, want %d", records, games)
	}
	b.ReportMetric(float64(size)/(1<<20), "file-MB")
	b.ReportMetric(float64(records), "records")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(records)*float64(b.N)/elapsed.Seconds(), "records/s")
	if rss, ok := maxRSS(); ok {
		b.ReportMetric(float64(rss)/(1<<20), "maxrss-MB")
	}
}
