package kif

import (
	"testing"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/cputime"
)

// BenchmarkReadCPU measures reading and validating KI2 and KIF as BenchmarkReadKI2 and
// BenchmarkReadKIF do, and reports the processor time of the process per move
// (cpu-ns/move, garbage collection included) and the moves per second of processor
// time: on a loaded machine these vary much less than the wall-clock figures, which
// count the time spent waiting for a processor.
func BenchmarkReadCPU(b *testing.B) {
	loadBenchData(b)
	for _, bc := range []struct {
		name  string
		data  []byte
		parse func([]byte) (*shogi.Record, error)
	}{
		{"ki2/long=20000", benchData.longKI2, ParseKI2},
		{"kif/long=20000", benchData.long, Parse},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.data)))
			start := cputime.Process()
			for b.Loop() {
				if _, err := bc.parse(bc.data); err != nil {
					b.Fatal(err)
				}
			}
			cpu := cputime.Process() - start
			moves := float64(benchData.longMoves) * float64(b.N)
			b.ReportMetric(float64(cpu.Nanoseconds())/moves, "cpu-ns/move")
			b.ReportMetric(moves/cpu.Seconds(), "moves/cpu-s")
		})
	}
}
