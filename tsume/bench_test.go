package tsume_test

import (
	"context"
	"testing"

	"github.com/kifu-go/shogi/internal/cputime"
	"github.com/kifu-go/shogi/tsume"
)

// BenchmarkSolve solves every problem of testdata/problems.tsv and reports the df-pn
// and line-search nodes per second of CPU time (the process's, so run it alone).
func BenchmarkSolve(b *testing.B) {
	problems := readProblems(b, "testdata/problems.tsv")
	s := tsume.NewSolver(tsume.Options{HashBytes: 16 << 20})
	var nodes, lineNodes uint64
	b.ReportAllocs()
	cpu := cputime.Process()
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
	b.ReportMetric(float64(nodes+lineNodes)/(cputime.Process()-cpu).Seconds(), "nodes/cpu-s")
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
			cpu := cputime.Process()
			for b.Loop() {
				r, err := s.Solve(context.Background(), p)
				if err != nil || r.Status != tsume.Mate {
					b.Fatal(r, err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/(cputime.Process()-cpu).Seconds(), "nodes/cpu-s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkDfPnLong runs df-pn for a fixed number of nodes on long problems (YaneuraOu
// issue #116's 馬鋸 and nine-piece mate, and the wide 将棋図巧 第1番) that it does not
// finish: the nodes per CPU second of a search that fills its table.
func BenchmarkDfPnLong(b *testing.B) {
	for _, c := range []struct{ name, sfen string }{
		{"umanoko", "7k1/5+Bp2/7Ss/9/9/9/1n7/9/9 b 2rb4g2s3n4l17p 1"},
		{"ninepieces", "1+P2l4/2P6/9/p5+R2/2k6/B3+P3B/9/9/9 b r4g4s4n3l14p 1"},
		{"zukou001", "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N5K b SP2gn2l11p 1"},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := parse(b, c.sfen, false)
			s := tsume.NewSolver(tsume.Options{HashBytes: 64 << 20, AnyMate: true, Nodes: 2_000_000})
			var nodes uint64
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				r, err := s.Solve(context.Background(), p)
				if err != nil || r.Status == tsume.NoMate {
					b.Fatal(r, err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/(cputime.Process()-cpu).Seconds(), "nodes/cpu-s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkLineGame finds the tsume line of game positions whose defender holds a full
// hand (dlshogi's test positions; FutileDrops), where futility tests and the
// depth-bounded df-pn take most of the work: the line-search nodes per CPU second and
// per line (deterministic: no time limit; the length must be settled, and the 駒余り
// tie-break finish: LineTsume).
func BenchmarkLineGame(b *testing.B) {
	for _, c := range []struct {
		name, sfen string
		length     int
	}{
		{"dlshogi1217", "ln6K/9/1sp2+P3/pp4G1p/6P2/+r8/9/9/k+l1+R5 b B2G2SNLPbgs2nl11p 1", 7},
		{"dlshogi1214", "ln6K/1ksPg1sG1/5s2p/ppp3p2/9/P1P3P2/4+p3P/1+r7/LN3L2L w RBSb2g2n7p 1", 17},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := parse(b, c.sfen, false)
			s := tsume.NewSolver(tsume.Options{HashBytes: 64 << 20, Futile: tsume.FutileDrops, LineNodes: 20_000_000})
			var nodes uint64
			b.ReportAllocs()
			cpu := cputime.Process()
			for b.Loop() {
				r, err := s.Solve(context.Background(), p)
				if err != nil || r.Status != tsume.Mate || r.Line != tsume.LineTsume || r.Length() != c.length {
					b.Fatalf("%v (%v), want the tsume line of %d plies: %v", r, r.Line, c.length, err)
				}
				nodes += r.LineNodes
			}
			b.ReportMetric(float64(nodes)/(cputime.Process()-cpu).Seconds(), "line-nodes/cpu-s")
			b.ReportMetric(float64(nodes)/float64(b.N), "line-nodes/op")
		})
	}
}
