package notation

import (
	"testing"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
)

// benchPositions returns positions with their legal moves: the start, a crowded
// position for the relative words, and a middle game reached by a fixed line of play.
func benchPositions(tb testing.TB) ([]*shogi.Position, [][]shogi.Move) {
	sfens := []string{
		shogi.StartSFEN,
		"9/1S4G2/9/1S1S1G1G1/9/+B+B2+P4/3+P1+P3/+R+R1+P+P1N1N/9 b G2N 1",
	}
	var ps []*shogi.Position
	for _, s := range sfens {
		ps = append(ps, mustPosition(tb, s))
	}
	mid := mustPosition(tb, shogi.StartSFEN)
	for i := range 60 {
		moves := mid.LegalMoves()
		if len(moves) == 0 {
			break
		}
		mid.PlayUnchecked(moves[(i*7919)%len(moves)])
	}
	ps = append(ps, mid)
	ms := make([][]shogi.Move, len(ps))
	for i, p := range ps {
		ms[i] = p.LegalMoves()
	}
	return ps, ms
}

func BenchmarkAppend(b *testing.B) {
	ps, ms := benchPositions(b)
	for _, n := range All {
		b.Run(n.String(), func(b *testing.B) {
			buf := make([]byte, 0, 64)
			count := 0
			b.ReportAllocs()
			for b.Loop() {
				for i, p := range ps {
					for _, m := range ms[i] {
						buf = n.Append(buf[:0], p, m)
					}
					count += len(ms[i])
				}
			}
			reportMoves(b, count)
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	ps, ms := benchPositions(b)
	for _, n := range All {
		b.Run(n.String(), func(b *testing.B) {
			count := 0
			b.ReportAllocs()
			for b.Loop() {
				for i, p := range ps {
					for _, m := range ms[i] {
						_ = n.Encode(p, m)
					}
					count += len(ms[i])
				}
			}
			reportMoves(b, count)
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	ps, ms := benchPositions(b)
	for _, n := range All {
		texts := make([][]string, len(ps))
		for i, p := range ps {
			for _, m := range ms[i] {
				texts[i] = append(texts[i], n.Encode(p, m))
			}
		}
		b.Run(n.String(), func(b *testing.B) {
			count := 0
			b.ReportAllocs()
			for b.Loop() {
				for i, p := range ps {
					for _, text := range texts[i] {
						if _, err := n.Decode(p, text); err != nil {
							b.Fatal(err)
						}
					}
					count += len(texts[i])
				}
			}
			reportMoves(b, count)
		})
	}
}

func reportMoves(b *testing.B, count int) {
	if count == 0 {
		return
	}
	b.ReportMetric(float64(count)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(count), "ns/move")
}

// TestAppendDoesNotAllocate checks the fast path: appending a move to a buffer with room
// allocates nothing, in every style.
func TestAppendDoesNotAllocate(t *testing.T) {
	ps, ms := benchPositions(t)
	for _, n := range All {
		buf := make([]byte, 0, 64)
		allocs := testing.AllocsPerRun(10, func() {
			for i, p := range ps {
				for _, m := range ms[i] {
					buf = n.Append(buf[:0], p, m)
				}
			}
		})
		if allocs != 0 {
			t.Errorf("%s: Append allocates %v times per run", n, allocs)
		}
	}
}

// TestDecodeDoesNotAllocate checks that decoding a valid move allocates nothing.
func TestDecodeDoesNotAllocate(t *testing.T) {
	ps, ms := benchPositions(t)
	for _, n := range All {
		texts := make([][]string, len(ps))
		for i, p := range ps {
			for _, m := range ms[i] {
				texts[i] = append(texts[i], n.Encode(p, m))
			}
		}
		allocs := testing.AllocsPerRun(10, func() {
			for i, p := range ps {
				for _, text := range texts[i] {
					if _, err := n.Decode(p, text); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
		if allocs != 0 {
			t.Errorf("%s: Decode allocates %v times per run", n, allocs)
		}
	}
}

// BenchmarkDecodeGame decodes the moves of a long game one after the other, as a record
// reader does, in the styles of the Japanese records: each move is decoded in the
// position it is played from. The moves are played back (Undo) between rounds, which
// the ns/move includes.
func BenchmarkDecodeGame(b *testing.B) {
	rec := gametest.Long(2000, 1)
	start, err := shogi.ParseSFEN(rec.StartSFEN)
	if err != nil {
		b.Fatal(err)
	}
	moves := rec.MainLine()
	for _, n := range []Notation{KI2, KIF, JapaneseStyle} {
		p := start.Clone()
		texts := make([]string, len(moves))
		for i, node := range moves {
			texts[i] = n.Encode(p, node.Move)
			p.PlayUnchecked(node.Move)
		}
		b.Run(n.String(), func(b *testing.B) {
			p := start.Clone()
			count := 0
			b.ReportAllocs()
			for b.Loop() {
				for _, text := range texts {
					m, err := n.Decode(p, text)
					if err != nil {
						b.Fatal(err)
					}
					p.PlayUnchecked(m)
				}
				for range texts {
					p.Undo()
				}
				count += len(texts)
			}
			reportMoves(b, count)
		})
	}
}
