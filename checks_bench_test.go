package shogi_test

import (
	"fmt"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
)

// Benchmarks of check generation, each beside the slow judge of the tests (every legal
// move played and the position after it asked):
//
//	go test -run '^$' -bench 'Checks|GivesCheck|MateInOne|Evasions' .
//
// The named positions are set up from an SFEN, with no move played, where GivesCheck
// and GenerateChecks also ask whether the opponent stands in check already (see
// standingCheck); "game" is the positions of a random game every tenth move, as a
// search meets them.

// gamePositions returns the positions of a random game of 200 moves every tenth move,
// each with the moves that led to it.
func gamePositions() []*shogi.Position {
	p := shogi.NewStartPosition()
	var ps []*shogi.Position
	for i, m := range gametest.Long(200, 1).Moves() {
		p.PlayUnchecked(m)
		if (i+1)%10 == 0 {
			ps = append(ps, p.Clone())
		}
	}
	return ps
}

var checkBenchPositions = []struct{ name, sfen string }{
	{"startpos", shogi.StartSFEN},
	{"max_moves_593", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"},
	{"gentest-1", "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1"},
	{"matsuri", matsuriSFEN},
	{"tsume-3te-5", "7S1/7r1/8k/8p/7P1/9/9/9/9 b 2Gr2b2g3s4n4l16p 1"},
}

func BenchmarkGenerateChecks(b *testing.B) {
	game := gamePositions()
	b.Run("game", func(b *testing.B) {
		var list shogi.MoveList
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for _, p := range game {
				p.GenerateChecks(&list)
				n += list.Len()
			}
		}
		sinkLen = n
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(game)), "ns/position")
	})
	b.Run("game/judge", func(b *testing.B) {
		var list shogi.MoveList
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for _, p := range game {
				p.GenerateMoves(&list)
				for _, m := range list.Moves() {
					p.PlayUnchecked(m)
					if p.InCheck() {
						n++
					}
					p.Undo()
				}
			}
		}
		sinkLen = n
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(game)), "ns/position")
	})
	for _, bc := range checkBenchPositions {
		p := mustParse(b, bc.sfen)
		b.Run(bc.name, func(b *testing.B) {
			var list shogi.MoveList
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				p.GenerateChecks(&list)
				n += list.Len()
			}
			sinkLen = n
		})
		b.Run(bc.name+"/judge", func(b *testing.B) {
			var list shogi.MoveList
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				p.GenerateMoves(&list)
				for _, m := range list.Moves() {
					p.PlayUnchecked(m)
					if p.InCheck() {
						n++
					}
					p.Undo()
				}
			}
			sinkLen = n
		})
	}
}

// BenchmarkGivesCheck asks about every legal move of a position.
func BenchmarkGivesCheck(b *testing.B) {
	game := gamePositions()
	var gameMoves [][]shogi.Move
	total := 0
	for _, p := range game {
		gameMoves = append(gameMoves, p.LegalMoves())
		total += len(gameMoves[len(gameMoves)-1])
	}
	b.Run("game", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for i, p := range game {
				for _, m := range gameMoves[i] {
					if p.GivesCheck(m) {
						n++
					}
				}
			}
		}
		sinkLen = n
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*total), "ns/move")
	})
	b.Run("game/judge", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for i, p := range game {
				for _, m := range gameMoves[i] {
					p.PlayUnchecked(m)
					if p.InCheck() {
						n++
					}
					p.Undo()
				}
			}
		}
		sinkLen = n
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*total), "ns/move")
	})
	for _, bc := range checkBenchPositions {
		p := mustParse(b, bc.sfen)
		moves := p.LegalMoves()
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, m := range moves {
					if p.GivesCheck(m) {
						n++
					}
				}
			}
			sinkLen = n
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
		})
		b.Run(bc.name+"/judge", func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, m := range moves {
					p.PlayUnchecked(m)
					if p.InCheck() {
						n++
					}
					p.Undo()
				}
			}
			sinkLen = n
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
		})
	}
}

var sinkMove shogi.Move

// BenchmarkMateInOne: positions with a mate in one and without; the judge plays every
// legal move and generates every answer.
func BenchmarkMateInOne(b *testing.B) {
	for _, bc := range []struct{ name, sfen string }{
		{"mate/tsume-1te-7", "7kl/7g1/7+R1/9/9/9/9/9/9 b Sr2b3g3s4n3l18p 1"},
		{"mate/tsume-1te-9", "9/5gp2/6kSR/4NL1p1/4B1P2/9/9/9/9 b rb3g3s3n3l15p 1"},
		{"mate/max_moves_593", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"},
		{"none/tsume-3te-5", "7S1/7r1/8k/8p/7P1/9/9/9/9 b 2Gr2b2g3s4n4l16p 1"},
		{"none/tsume_black_hand", "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1"},
		{"none/gentest-1", "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1"},
		{"none/matsuri", matsuriSFEN},
	} {
		p := mustParse(b, bc.sfen)
		benchmarkMateInOne(b, bc.name, p)
	}
	// The mates in three after their first two moves, as a search meets them.
	for _, n := range []int{1, 5, 9} { // tsumeProblems[10] is 3te-1, [15] 3te-5, [19] 3te-9
		tc := tsumeProblems[map[int]int{1: 10, 5: 15, 9: 19}[n]]
		benchmarkMateInOne(b, fmt.Sprintf("mate/tsume-3te-%d/ply2", n), gametest.Play(b, tc.sfen, tc.moves[:2]...))
	}
}

func benchmarkMateInOne(b *testing.B, name string, p *shogi.Position) {
	b.Run(name, func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkMove = p.MateInOne()
		}
	})
	b.Run(name+"/judge", func(b *testing.B) {
		var list, replies shogi.MoveList
		b.ReportAllocs()
		for b.Loop() {
			sinkMove = shogi.NoMove
			p.GenerateMoves(&list)
			for _, m := range list.Moves() {
				p.PlayUnchecked(m)
				p.GenerateMoves(&replies)
				mate := p.InCheck() && replies.Len() == 0
				p.Undo()
				if mate {
					sinkMove = m
					break
				}
			}
		}
	})
}

// evasionBenchPositions are positions in check.
var evasionBenchPositions = []struct{ name, sfen string }{
	{"double_check", "k3r4/9/9/9/9/9/5n3/6G2/4K4 b P 1"},
	{"rook_check", "4r3k/9/9/9/9/9/9/9/4K4 b GSNLP 1"},
	{"tsume-3te-5/2", "7S1/7r1/7Gk/8p/7P1/9/9/9/9 w Gr2b2g3s4n4l16p 2"},
	{"matsuri/S*3h", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R5s2/LN4bKL b RGgn5p 2"},
	{"gentest-1/S*6b", "l2kg2+R1/3Sn3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p w Pbsl4p 2"},
	{"gentest-5/S*4a", "l4S3/1r1gk3+L/p1Npp2S1/2Psnpg2/5+r2N/PP1P2pS1/1pG1BP3/4P1G2/LN3KB1+p w 2Pl3p 2"},
}

// BenchmarkGenerateEvasions: positions in check (see BenchmarkEvasionsVsMoves).
func BenchmarkGenerateEvasions(b *testing.B) {
	for _, bc := range evasionBenchPositions {
		p := mustParse(b, bc.sfen)
		b.Run(bc.name, func(b *testing.B) {
			var list shogi.MoveList
			b.ReportAllocs()
			for b.Loop() {
				p.GenerateEvasions(&list)
			}
			sinkLen = list.Len()
		})
	}
}

// BenchmarkCountEvasions: the evasions counted without generating any, on the
// positions of BenchmarkGenerateEvasions: CountEvasions (the drops on one square
// once), NumEvasions (every drop), and HasEvasionMove (whether one is no drop).
func BenchmarkCountEvasions(b *testing.B) {
	counters := []struct {
		name  string
		count func(p *shogi.Position) int
	}{
		{"CountEvasions", func(p *shogi.Position) int { moves, drops := p.CountEvasions(); return moves + drops }},
		{"NumEvasions", (*shogi.Position).NumEvasions},
		{"HasEvasionMove", func(p *shogi.Position) int {
			if p.HasEvasionMove() {
				return 1
			}
			return 0
		}},
	}
	for _, bc := range evasionBenchPositions {
		p := mustParse(b, bc.sfen)
		for _, c := range counters {
			b.Run(bc.name+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					n = c.count(p)
				}
				sinkLen = n
			})
		}
	}
}

// BenchmarkEvasionsVsMoves: GenerateEvasions beside GenerateMoves, on the same
// positions in check.
func BenchmarkEvasionsVsMoves(b *testing.B) {
	for _, bc := range evasionBenchPositions {
		p := mustParse(b, bc.sfen)
		b.Run(bc.name+"/GenerateMoves", func(b *testing.B) {
			var list shogi.MoveList
			b.ReportAllocs()
			for b.Loop() {
				p.GenerateMoves(&list)
			}
			sinkLen = list.Len()
		})
	}
}
