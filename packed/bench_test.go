package packed_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/packed"
)

// The benchmarks run over the 200 positions of a random game; ns/op is per position.

func benchPositions(b *testing.B) ([]*shogi.Position, []shogi.Move) {
	b.Helper()
	ps, ms := gameEntries(200)
	return ps, ms
}

func BenchmarkEncodeHCP(b *testing.B) {
	ps, _ := benchPositions(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := packed.EncodeHCP(ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkEncodePackedSfen(b *testing.B) {
	ps, _ := benchPositions(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := packed.EncodePackedSfen(ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkWriteHCPE encodes and writes HCPE entries: what a converter does per position.
func BenchmarkWriteHCPE(b *testing.B) {
	ps, ms := benchPositions(b)
	w := packed.NewWriter[packed.HCPE](io.Discard)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(ps)
		e, err := packed.NewHCPE(ps[k], ms[k], 0, shogi.BlackWins)
		if err != nil {
			b.Fatal(err)
		}
		if err := w.Write(e); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds()/1e6, "Mpositions/s")
}

func BenchmarkWritePSV(b *testing.B) {
	ps, ms := benchPositions(b)
	w := packed.NewWriter[packed.PSV](io.Discard)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(ps)
		e, err := packed.NewPSV(ps[k], ms[k], 0, shogi.BlackWins)
		if err != nil {
			b.Fatal(err)
		}
		if err := w.Write(e); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkDecodeHCP(b *testing.B) {
	ps, _ := benchPositions(b)
	hs := make([]packed.HCP, len(ps))
	for i, p := range ps {
		hs[i], _ = packed.EncodeHCP(p)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := hs[i%len(hs)].Position(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkReadHCPE reads and checks HCPE entries (position and move); ns/op is per entry.
func BenchmarkReadHCPE(b *testing.B) {
	ps, ms := benchPositions(b)
	var buf bytes.Buffer
	w := packed.NewWriter[packed.HCPE](&buf)
	for i, p := range ps {
		e, _ := packed.NewHCPE(p, ms[i], 0, shogi.Draw)
		_ = w.Write(e)
	}
	_ = w.Flush()
	data := buf.Bytes()
	b.ReportAllocs()
	var r *packed.Reader[packed.HCPE]
	for b.Loop() {
		if r == nil {
			r = packed.NewReader[packed.HCPE](bytes.NewReader(data))
		}
		if _, err := r.Read(); err == io.EOF {
			r = nil
		} else if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSamplesHCPE turns the main line of a 200-move record into HCPE entries
// written to a buffer: the conversion loop without the parsing; ns/op is per position.
func BenchmarkSamplesHCPE(b *testing.B) {
	rec := gametest.Long(200, 3)
	w := packed.NewWriter[packed.HCPE](io.Discard)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for s, err := range packed.Samples(rec) {
			if err != nil {
				b.Fatal(err)
			}
			e, err := packed.NewHCPE(s.Position, s.Move, s.Eval, s.Result)
			if err != nil {
				b.Fatal(err)
			}
			if err := w.Write(e); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/position")
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mpositions/s")
}
