package packed_test

import (
	"io"
	"iter"
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

// BenchmarkDecodeHCPInto is BenchmarkDecodeHCP into one position (HCP.PositionInto).
func BenchmarkDecodeHCPInto(b *testing.B) {
	ps, _ := benchPositions(b)
	hs := make([]packed.HCP, len(ps))
	for i, p := range ps {
		hs[i], _ = packed.EncodeHCP(p)
	}
	into := shogi.NewStartPosition()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := hs[i%len(hs)].PositionInto(into); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRead reads and checks the entries of each format (position, and for HCPE
// and PSV the move and fields) from a buffer of the 200 positions of a game, each a new
// position (new) or all into one (reuse: Reader.ReusePosition); ns/op is per entry.
func BenchmarkRead(b *testing.B) {
	ps, ms := benchPositions(b)
	b.Run("HCP", func(b *testing.B) { benchRead[packed.HCP](b, ps, ms) })
	b.Run("PackedSfen", func(b *testing.B) { benchRead[packed.PackedSfen](b, ps, ms) })
	b.Run("HCPE", func(b *testing.B) { benchRead[packed.HCPE](b, ps, ms) })
	b.Run("PSV", func(b *testing.B) { benchRead[packed.PSV](b, ps, ms) })
}

// cycleReader reads data over and over, so that one Reader reads on without end.
type cycleReader struct {
	data []byte
	off  int
}

func (c *cycleReader) Read(p []byte) (int, error) {
	n := copy(p, c.data[c.off:])
	c.off = (c.off + n) % len(c.data)
	return n, nil
}

func benchRead[E packed.Entry](b *testing.B, ps []*shogi.Position, ms []shogi.Move) {
	data := streamOf[E](b, ps, ms)
	for _, reuse := range []bool{false, true} {
		name := "new"
		if reuse {
			name = "reuse"
		}
		b.Run(name, func(b *testing.B) {
			r := packed.NewReader[E](&cycleReader{data: data})
			r.ReusePosition = reuse
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				if _, err := r.Read(); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "entries/s")
		})
	}
}

// BenchmarkSamplesHCPE turns the main line of a 200-move record into HCPE entries
// written to a buffer: the conversion loop without the parsing; ns/op is per position.
// Checked plays and checks every move (Samples), trusted plays them unchecked
// (SamplesTrusted), undo takes them back from the line's final position (UndoSamples),
// as cmd/shogi positions does after the validation — undo's rounds also play the line
// forward again to restore the final position, which the timing includes.
func BenchmarkSamplesHCPE(b *testing.B) {
	rec := gametest.Long(200, 3)
	final, err := rec.StartPosition()
	if err != nil {
		b.Fatal(err)
	}
	line := rec.MainLine()
	for _, n := range line {
		final.PlayUnchecked(n.Move)
	}
	walks := []struct {
		name string
		seq  func() iter.Seq2[packed.Sample, error]
		redo func()
	}{
		{"checked", func() iter.Seq2[packed.Sample, error] { return packed.Samples(rec) }, nil},
		{"trusted", func() iter.Seq2[packed.Sample, error] { return packed.SamplesTrusted(rec) }, nil},
		{"undo", func() iter.Seq2[packed.Sample, error] { return packed.UndoSamples(rec, final) }, func() {
			for _, n := range line {
				final.PlayUnchecked(n.Move)
			}
		}},
	}
	for _, walk := range walks {
		b.Run(walk.name, func(b *testing.B) {
			w := packed.NewWriter[packed.HCPE](io.Discard)
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for s, err := range walk.seq() {
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
				if walk.redo != nil {
					walk.redo()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/position")
			b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mpositions/s")
		})
	}
}

// BenchmarkAppendSample writes each sample through AppendSample ("sample") and through
// the entry's own encoder ("direct"), which shogi positions called before, into a
// reused buffer: the price of the format's switch.
func BenchmarkAppendSample(b *testing.B) {
	ps, ms := benchPositions(b)
	for _, f := range []packed.SampleFormat{packed.SampleHCPE, packed.SamplePSV} {
		b.Run(f.String()+"/sample", func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, packed.PSVSize)
			i := 0
			for b.Loop() {
				s := packed.Sample{Position: ps[i%len(ps)], Move: ms[i%len(ps)], Index: i % len(ps), Eval: 40, Result: shogi.BlackWins}
				var err error
				if buf, err = packed.AppendSample(buf[:0], f, &s); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
		b.Run(f.String()+"/direct", func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, packed.PSVSize)
			i := 0
			for b.Loop() {
				p, m := ps[i%len(ps)], ms[i%len(ps)]
				var err error
				if f == packed.SampleHCPE {
					var e packed.HCPE
					if e, err = packed.NewHCPE(p, m, 40, shogi.BlackWins); err == nil {
						buf, err = e.AppendBinary(buf[:0])
					}
				} else {
					var e packed.PSV
					if e, err = packed.NewPSV(p, m, 40, shogi.BlackWins); err == nil {
						buf, err = e.AppendBinary(buf[:0])
					}
				}
				if err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkAppendSampleHCPE appends the HCPE entries of a game's positions in order,
// what shogi positions does per position after reading the game: with the function,
// which codes each board whole, and with an Encoder, which codes again the files a
// move changed. ns/op is per position.
func BenchmarkAppendSampleHCPE(b *testing.B) {
	ps, ms := benchPositions(b)
	for _, name := range []string{"func", "encoder"} {
		b.Run(name, func(b *testing.B) {
			var e *packed.Encoder
			if name == "encoder" {
				e = new(packed.Encoder)
			}
			buf := make([]byte, 0, packed.HCPESize)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				k := i % len(ps)
				s := packed.Sample{Position: ps[k], Move: ms[k], Index: k, Result: shogi.BlackWins}
				var err error
				if e != nil {
					buf, err = e.AppendSample(buf[:0], packed.SampleHCPE, &s)
				} else {
					buf, err = packed.AppendSample(buf[:0], packed.SampleHCPE, &s)
				}
				if err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
