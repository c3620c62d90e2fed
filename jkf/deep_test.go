package jkf_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/jkf"
)

// TestDeepForksLinear: writing and reading forks nested n deep allocates in proportion
// to n (the reader and the writer used to copy the position and its history for every
// fork, and the key check copied the JSON path: 2 000 levels took 835 MB to read, 20 000
// took 6.4 GB to write).
func TestDeepForksLinear(t *testing.T) {
	cost := map[int]uint64{}
	for _, n := range []int{500, 2500} {
		rec := gametest.Nested(n)
		var data []byte
		cost[n] = gametest.Allocated(func() {
			var err error
			if data, err = jkf.Format(rec); err != nil {
				t.Fatal(err)
			}
			r := jkf.NewReader(bytes.NewReader(data))
			r.Lenient = true // the lenient read walks the keys as well
			back, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			if got := gametest.CountNodes(&back.Root); got != 2*n+1 {
				t.Fatalf("%d nodes read back, want %d", got, 2*n+1)
			}
		})
	}
	// Five times the depth: linear costs five times as much, quadratic twenty-five.
	if ratio := float64(cost[2500]) / float64(cost[500]); ratio > 8 {
		t.Errorf("500 levels: %d bytes; 2 500: %d bytes (%.1f×): not linear", cost[500], cost[2500], ratio)
	}
}

// TestTooDeepToWrite: the Writer refuses forks nested deeper than any reader built on
// encoding/json reads back.
func TestTooDeepToWrite(t *testing.T) {
	if _, err := jkf.Format(gametest.Nested(jkf.MaxForkDepth)); err != nil {
		t.Errorf("%d levels: %v", jkf.MaxForkDepth, err)
	}
	if _, err := jkf.Format(gametest.Nested(jkf.MaxForkDepth + 1)); !errors.Is(err, jkf.ErrTooDeep) {
		t.Errorf("%d levels: %v, want ErrTooDeep", jkf.MaxForkDepth+1, err)
	}
}

// BenchmarkDeepForks writes and reads forks nested 2 000 levels deep.
func BenchmarkDeepForks(b *testing.B) {
	rec := gametest.Nested(2000)
	data, err := jkf.Format(rec)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := jkf.Format(rec); err != nil {
			b.Fatal(err)
		}
		if _, err := jkf.Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
