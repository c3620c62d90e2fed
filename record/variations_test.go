package record_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/record"
)

// variationShapes are the trees of the variation tests and benchmarks: variations
// nested inside one another, and many side by side. JKF holds forks nested at most
// jkf.MaxForkDepth deep, so its nested sizes stay below that.
var variationShapes = []struct {
	name         string
	make         func(int) *shogi.Record
	small, large int
	formats      []record.Format
}{
	{"nested", gametest.Nested, 2000, 20000, []record.Format{record.KIF, record.KI2}},
	{"nested", gametest.Nested, 600, jkf.MaxForkDepth, []record.Format{record.JKF}},
	{"wide", gametest.Wide, 2000, 20000, []record.Format{record.KIF, record.KI2, record.JKF}},
}

// roundTrip writes rec in format f, reads it back and writes it again, and returns the
// text; it fails unless the tree read back has as many nodes and writes the same text.
func roundTrip(t *testing.T, rec *shogi.Record, f record.Format) []byte {
	t.Helper()
	data, err := record.Marshal(rec, f)
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	back, err := record.Parse(data)
	if err != nil {
		t.Fatalf("%s: reading back: %v", f, err)
	}
	if got, want := gametest.CountNodes(&back.Root), gametest.CountNodes(&rec.Root); got != want {
		t.Fatalf("%s: %d nodes read back, want %d", f, got, want)
	}
	again, err := record.Marshal(back, f)
	if err != nil || !bytes.Equal(data, again) {
		t.Fatalf("%s: the tree read back writes other text (%v)", f, err)
	}
	return data
}

// TestVariationsLinear: trees of 20 000 variations, nested or side by side, convert to
// every format that holds variations and back with allocations in proportion to their
// size: ten times the variations cost about ten times the bytes (at most twenty), where
// a reader or writer that copied the position for each fork, or compared each new
// variation with all its siblings, would cost a hundred times. The bytes allocated are
// bounded by a multiple of the text's size as well.
func TestVariationsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("builds trees of 20 000 variations")
	}
	for _, shape := range variationShapes {
		recs := map[int]*shogi.Record{shape.small: shape.make(shape.small), shape.large: shape.make(shape.large)}
		for _, f := range shape.formats {
			cost, size := map[int]uint64{}, map[int]int{}
			for _, n := range []int{shape.small, shape.large} {
				cost[n] = gametest.Allocated(func() { size[n] = len(roundTrip(t, recs[n], f)) })
			}
			ratio := float64(cost[shape.large]) / float64(cost[shape.small])
			perByte := float64(cost[shape.large]) / float64(size[shape.large])
			t.Logf("%s %s: %d variations, %d bytes of text: %.1f MB allocated (%.0f per byte of text); %d variations: %.1f MB (×%.1f)",
				shape.name, f, shape.large, size[shape.large], float64(cost[shape.large])/1e6, perByte,
				shape.small, float64(cost[shape.small])/1e6, ratio)
			if limit := 2 * float64(shape.large) / float64(shape.small); ratio > limit {
				t.Errorf("%s %s: %d variations cost %.1f times as much as %d, want at most %.0f", shape.name, f, shape.large, ratio, shape.small, limit)
			}
			if perByte > 100 {
				t.Errorf("%s %s: %.0f bytes allocated per byte of text, want at most 100", shape.name, f, perByte)
			}
		}
	}
}

// TestHundredThousandForks: a JKF of about 16 MB with 100 000 forks (it took 133 s and
// 172 GB of allocations to read) reads with five times the allocations of 20 000.
func TestHundredThousandForks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a tree of 100 000 variations")
	}
	cost, size := map[int]uint64{}, map[int]int{}
	for _, n := range []int{20000, 100000} {
		data, err := record.Marshal(gametest.Wide(n), record.JKF)
		if err != nil {
			t.Fatal(err)
		}
		size[n] = len(data)
		cost[n] = gametest.Allocated(func() {
			back, err := record.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if got := gametest.CountNodes(&back.Root); got < 2*n {
				t.Fatalf("%d nodes read, want more than %d", got, 2*n)
			}
		})
	}
	t.Logf("100 000 forks, %.1f MB of JKF: %.0f MB allocated to read; 20 000: %.0f MB", float64(size[100000])/1e6, float64(cost[100000])/1e6, float64(cost[20000])/1e6)
	if ratio := float64(cost[100000]) / float64(cost[20000]); ratio > 10 {
		t.Errorf("100 000 forks cost %.1f times as much as 20 000, want about 5", ratio)
	}
}

// TestNestedTooDeepForJKF: variations nested deeper than JKF readers read are refused
// by the JKF writer at once, with the limit named, while KIF and KI2 hold them, and CSA
// (which has no variations) writes the main line.
func TestNestedTooDeepForJKF(t *testing.T) {
	rec := gametest.Nested(20000)
	var err error
	cost := gametest.Allocated(func() { _, err = record.Marshal(rec, record.JKF) })
	if !errors.Is(err, jkf.ErrTooDeep) {
		t.Fatalf("JKF: %v, want jkf.ErrTooDeep", err)
	}
	if cost > 32<<20 {
		t.Errorf("refusing to write took %d bytes", cost)
	}
	data, err := record.Marshal(rec, record.CSA)
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(back.MainLine()), len(rec.MainLine()); got != want || gametest.CountNodes(&back.Root) != want+1 {
		t.Errorf("CSA: %d moves read back, want the main line's %d", got, want)
	}
}

// BenchmarkVariations writes and reads trees of 20 000 variations, nested (3 000 for
// JKF) and side by side, in every format that holds them; nodes/s counts the nodes of
// the tree written and read per second.
func BenchmarkVariations(b *testing.B) {
	for _, shape := range variationShapes {
		rec := shape.make(shape.large)
		nodes := gametest.CountNodes(&rec.Root)
		for _, f := range shape.formats {
			data, err := record.Marshal(rec, f)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(shape.name+"/"+f.String()+"/write", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					if _, err := record.Marshal(rec, f); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			})
			b.Run(shape.name+"/"+f.String()+"/read", func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					if _, err := record.Parse(data); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}
