package tsume_test

import (
	"context"
	"testing"

	"github.com/kifu-go/shogi/tsume"
)

// BenchmarkSolve solves every problem of testdata/problems.tsv and reports the df-pn
// and line-search nodes per second of CPU time (the process's, so run it alone).
func BenchmarkSolve(b *testing.B) {
	problems := readProblems(b, "testdata/problems.tsv")
	s := tsume.NewSolver(tsume.Options{HashBytes: 16 << 20})
	var nodes, lineNodes uint64
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		for _, pr := range problems {
			r, err := s.Solve(context.Background(), parse(b, pr.sfen, false))
			if err != nil || r.Length() != pr.length {
				b.Fatalf("%s: %v %v", pr.name, r, err)
			}
			nodes += r.Nodes
			lineNodes += r.LineNodes
		}
	}
	b.ReportMetric(float64(nodes+lineNodes)/(cpuTime()-cpu).Seconds(), "nodes/cpu-s")
	b.ReportMetric(float64(nodes)/float64(b.N), "dfpn-nodes/op")
	b.ReportMetric(float64(lineNodes)/float64(b.N), "line-nodes/op")
}

// BenchmarkDfPn measures the df-pn search alone (Options.AnyMate) on problems that
// take it some work.
func BenchmarkDfPn(b *testing.B) {
	for _, c := range []struct{ name, sfen string }{
		{"futile5", "9/1Bk6/9/3S5/9/6+P2/3B5/9/9 b S2r4g2s4n4l17p 1"},
		{"doubleking7", "4R4/3k1G2b/9/4K4/4L4/P8/9/9/9 b Rb3g4s4n3l17p 1"},
		{"taichitsume7", "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1"},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := parse(b, c.sfen, false)
			s := tsume.NewSolver(tsume.Options{HashBytes: 16 << 20, AnyMate: true})
			var nodes uint64
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				r, err := s.Solve(context.Background(), p)
				if err != nil || r.Status != tsume.Mate {
					b.Fatal(r, err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/(cpuTime()-cpu).Seconds(), "nodes/cpu-s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
