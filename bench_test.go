package shogi_test

import (
	"testing"

	"github.com/kifu-go/shogi"
)

// Benchmarks of the rules core. The speed target is single-goroutine perft from the
// initial position level with YaneuraOu's (about 125 million nodes/s or more on the
// project's 2-core machine):
//
//	go test -run '^$' -bench 'Perft' -benchtime 5x .

var sinkNodes uint64

func BenchmarkPerft(b *testing.B) {
	for _, bc := range []struct {
		name  string
		sfen  string
		depth int
	}{
		{"depth=5", shogi.StartSFEN, 5},
		{"max_moves_593/depth=3", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 3},
		{"gentest-1/depth=3", "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1", 3},
		{"matsuri/depth=3", matsuriSFEN, 3},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := mustParse(b, bc.sfen)
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes += p.Perft(bc.depth)
			}
			sinkNodes = nodes
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// matsuriSFEN is the "matsuri" (festival) position of engine benchmarks, crowded with
// captures, promotions and drops.
const matsuriSFEN = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

var sinkLen int

func BenchmarkGenerateMoves(b *testing.B) {
	for _, bc := range []struct{ name, sfen string }{
		{"startpos", shogi.StartSFEN},
		{"max_moves_593", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"},
		{"gentest-1", "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1"},
		{"double_check", "k3r4/9/9/9/9/9/5n3/6G2/4K4 b P 1"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := mustParse(b, bc.sfen)
			var list shogi.MoveList
			b.ReportAllocs()
			moves := 0
			for b.Loop() {
				p.GenerateMoves(&list)
				moves += list.Len()
			}
			sinkLen = moves
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// BenchmarkPlayUndo plays and takes back every legal move of a middle-game position.
func BenchmarkPlayUndo(b *testing.B) {
	p := mustParse(b, "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1")
	moves := p.LegalMoves()
	b.Run("unchecked", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for _, m := range moves {
				p.PlayUnchecked(m)
				p.Undo()
			}
			n += len(moves)
		}
		sinkLen = n
		b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
	})
	b.Run("checked", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for _, m := range moves {
				if err := p.Play(m); err != nil {
					b.Fatal(err)
				}
				p.Undo()
			}
			n += len(moves)
		}
		sinkLen = n
		b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
	})
}

var sinkPos *shogi.Position

func BenchmarkParseSFEN(b *testing.B) {
	for _, bc := range []struct{ name, sfen string }{
		{"startpos", shogi.StartSFEN},
		{"gentest-1", "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				p, err := shogi.ParseSFEN(bc.sfen)
				if err != nil {
					b.Fatal(err)
				}
				sinkPos = p
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

var sinkString string

func BenchmarkFormatSFEN(b *testing.B) {
	p := mustParse(b, "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1")
	b.ReportAllocs()
	for b.Loop() {
		sinkString = p.String()
	}
}

var sinkErr error

// BenchmarkCheckMove checks every from/to/promotion and drop candidate, legal or not.
func BenchmarkCheckMove(b *testing.B) {
	p := mustParse(b, "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1")
	b.Run("legal", func(b *testing.B) {
		moves := p.LegalMoves()
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for _, m := range moves {
				sinkErr = p.CheckMove(m)
			}
			n += len(moves)
		}
		b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
	})
	b.Run("candidates", func(b *testing.B) {
		b.ReportAllocs()
		n, legal := 0, 0
		for b.Loop() {
			for _, m := range candidates {
				if p.IsLegal(m) {
					legal++
				}
			}
			n += len(candidates)
		}
		sinkLen = legal
		b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
	})
}
