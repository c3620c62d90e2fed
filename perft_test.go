package shogi_test

import (
	"errors"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/kifu-go/shogi"
)

// perftCase is a position and its perft counts for depth 1, 2, 3, …: the rows of
// ../shared/reference/perft.md, and a few more whose source is given.
type perftCase struct {
	name   string
	sfen   string
	counts []uint64
}

var perftCases = []perftCase{
	{"startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		[]uint64{30, 900, 25_470, 719_731, 19_861_490, 547_581_517, 15_086_269_607, 416_062_133_009}},
	{"max_moves_593", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
		[]uint64{593, 105_677, 53_393_368, 9_342_410_965}},
	{"uchifuzume_talkchess", "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
		[]uint64{85, 639, 10_786, 167_089, 3_459_265, 40_522_094}},
	{"uf_pinned_defender", "4R2gk/9/9/6NN1/9/9/9/9/4K4 b P 1",
		[]uint64{105, 149, 10_398, 95_138, 4_603_664}},
	{"uf_unpinned_defender", "7gk/9/9/6NN1/9/9/9/9/4K4 b P 1",
		[]uint64{78, 307, 5_445, 53_363, 814_571, 9_651_683}},
	{"uf_pawn_push_mate", "4R2gk/9/8P/6NN1/9/9/9/9/4K4 b - 1",
		[]uint64{39, 79, 2_580, 26_084, 628_273, 8_817_502}},
	{"uf_nifu_blocks", "4R2gk/9/9/6NN1/9/9/9/8P/4K4 b P 1",
		[]uint64{99, 143, 9_741, 88_730, 4_294_340}},
	{"tsume_black_hand", "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
		[]uint64{525, 2_410, 1_262_715, 8_321_752}},
	{"forced_promotion_zone", "4k4/PPP3PPP/9/NNNL1L3/9/9/9/9/4K4 b - 1",
		[]uint64{22, 23, 492, 5_294, 90_242, 1_201_461}},
	{"pyshogi_stalemate", "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
		[]uint64{0}},
	{"handicap_lance", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		[]uint64{30, 900, 25_530, 721_433, 19_958_222}},
	{"handicap_10_piece", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		[]uint64{14, 420, 5_880, 166_449, 2_343_113, 64_826_452}},
	{"gentest-1", "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1",
		[]uint64{107, 20_080, 1_637_127, 251_619_567}},
	{"gentest-2", "l+Rl2+R3/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 w GS4Pbgsnp 1",
		[]uint64{240, 39_392, 7_032_965}},
	{"gentest-3", "l+Rl2g2+R/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 b S4Pbgsnp 1",
		[]uint64{110, 24_582, 2_101_930, 391_484_314}},
	{"gentest-4", "l2kgb1+R1/4n3+L/p1gpps3/4np3/6P1N/PPGP2pS1/1p3P3/4P1G2/LN3KB1+p b RSPsl4p 1",
		[]uint64{158, 21_443, 2_655_126, 277_528_851}},
	{"gentest-5", "l8/1r1gk3+L/p1Npp2S1/2Psnpg2/5+r2N/PP1P2pS1/1pG1BP3/4P1G2/LN3KB1+p b S2Pl3p 1",
		[]uint64{109, 10_902, 957_466, 79_007_503}},
	// Not in perft.md: the "matsuri" position of engine benchmarks, counted by
	// YaneuraOu (go perft) on the project's machine.
	{"matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		[]uint64{207, 28_684, 4_809_015, 516_925_165}},
}

// perftBudget returns how many nodes, summed over the depths, a position may cost in
// this run. The default run covers about 20 million nodes a position (the initial
// position to depth 5); -short (used for the 386 run) about 3 million;
// SHOGI_DEEP_PERFT=1 everything up to twenty billion nodes a count, and
// SHOGI_DEEP_PERFT=all every count of the table (hours).
func perftBudget() (total, single uint64) {
	switch os.Getenv("SHOGI_DEEP_PERFT") {
	case "all":
		return ^uint64(0), ^uint64(0)
	case "1":
		return ^uint64(0), 20_000_000_000
	}
	if testing.Short() {
		return 3_000_000, 3_000_000
	}
	return 21_000_000, 21_000_000
}

func TestPerft(t *testing.T) {
	total, single := perftBudget()
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p, err := shogi.ParseSFEN(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			wantSFEN, wantHash := p.String(), p.Hash()
			var spent uint64
			for i, want := range tc.counts {
				depth := i + 1
				spent += want
				if want > single || spent > total {
					t.Logf("depth %d (%d nodes) skipped; set SHOGI_DEEP_PERFT=1 (or all) to run it", depth, want)
					break
				}
				var got uint64
				if want > 50_000_000 {
					got = parallelPerft(t, p, depth)
				} else {
					got = p.Perft(depth)
				}
				if got != want {
					t.Errorf("Perft(%d) = %d, want %d", depth, got, want)
				}
				if p.String() != wantSFEN || p.Hash() != wantHash || p.Ply() != 0 {
					t.Fatalf("after Perft(%d): position %q hash %#x ply %d, want %q hash %#x ply 0",
						depth, p.String(), p.Hash(), p.Ply(), wantSFEN, wantHash)
				}
			}
		})
	}
}

// parallelPerft counts perft(depth) by dividing the root moves among goroutines, each
// on its own clone; it serves the deep counts.
func parallelPerft(t *testing.T, p *shogi.Position, depth int) uint64 {
	moves := p.LegalMoves()
	counts := make([]uint64, len(moves))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := p.Clone()
			for i := range next {
				q.PlayUnchecked(moves[i])
				counts[i] = q.Perft(depth - 1)
				q.Undo()
			}
		}()
	}
	for i := range moves {
		next <- i
	}
	close(next)
	wg.Wait()
	var sum uint64
	for _, n := range counts {
		sum += n
	}
	t.Logf("perft(%d) = %d", depth, sum)
	return sum
}

// TestDivide checks that Divide lists every legal move once, in the order of
// GenerateMoves, with counts that add up to Perft and match Perft below each move.
func TestDivide(t *testing.T) {
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := shogi.ParseSFEN(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			// The deepest depth whose count stays small.
			depth := 1
			for i, n := range tc.counts {
				if n <= 300_000 {
					depth = i + 1
				}
			}
			wantSFEN, wantHash := p.String(), p.Hash()
			entries := p.Divide(depth)
			legal := p.LegalMoves()
			if len(entries) != len(legal) {
				t.Fatalf("Divide(%d) has %d entries, want %d (one per legal move)", depth, len(entries), len(legal))
			}
			var sum uint64
			for i, e := range entries {
				if e.Move != legal[i] {
					t.Errorf("entry %d is %v, want %v (generation order)", i, e.Move, legal[i])
				}
				sum += e.Nodes
				if depth <= 3 {
					q := p.Clone()
					if err := q.Play(e.Move); err != nil {
						t.Fatalf("divide move %v: %v", e.Move, err)
					}
					if n := q.Perft(depth - 1); n != e.Nodes {
						t.Errorf("Divide entry %v = %d, but Perft(%d) after it = %d", e.Move, e.Nodes, depth-1, n)
					}
				}
			}
			if want := tc.counts[depth-1]; sum != want {
				t.Errorf("Divide(%d) sums to %d, want %d", depth, sum, want)
			}
			if p.String() != wantSFEN || p.Hash() != wantHash {
				t.Errorf("Divide changed the position: %q", p.String())
			}
		})
	}
}

func TestPerftEdgeDepths(t *testing.T) {
	p := shogi.NewStartPosition()
	for _, depth := range []int{0, -1} {
		if n := p.Perft(depth); n != 1 {
			t.Errorf("Perft(%d) = %d, want 1", depth, n)
		}
		if d := p.Divide(depth); d != nil {
			t.Errorf("Divide(%d) = %v, want nil", depth, d)
		}
	}
	// A position without legal moves counts no line of any positive depth.
	mated, err := shogi.ParseSFEN(perftCases[9].sfen)
	if err != nil {
		t.Fatal(err)
	}
	for depth := 1; depth <= 3; depth++ {
		if n := mated.Perft(depth); n != 0 {
			t.Errorf("stalemate Perft(%d) = %d, want 0", depth, n)
		}
	}
	if !mated.IsCheckmate() || mated.InCheck() {
		t.Errorf("stalemate: IsCheckmate %v InCheck %v, want true false", mated.IsCheckmate(), mated.InCheck())
	}
}

// TestPerftExtraPieces: positions from other engines' perft suites that hold more
// pieces of a kind than the game has (three rooks and three bishops; five lances) are
// refused as positions, and counted once Setup.AllowExtraPieces lets them in; the counts
// are the ones the issue quotes from those suites.
func TestPerftExtraPieces(t *testing.T) {
	for _, tc := range []perftCase{
		{"three_bishops", "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1", []uint64{45, 1_148, 414_441}},
		{"five_lances", "kl7/1p7/9/9/9/9/9/7P1/7LK b RB2G2S2N2L8Prb2g2s2nl8p 1", []uint64{492, 229_547}},
	} {
		if _, err := shogi.ParseSFEN(tc.sfen); !errors.Is(err, shogi.ErrTooManyPieces) {
			t.Errorf("%s: ParseSFEN: %v, want ErrTooManyPieces", tc.name, err)
		}
		s, err := shogi.ParseSetup(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		s.AllowExtraPieces = true
		p, err := shogi.NewPosition(s)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if p.String() != tc.sfen {
			t.Errorf("%s: SFEN %s", tc.name, p)
		}
		for d, want := range tc.counts {
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", tc.name, d+1, got, want)
			}
		}
		if err := p.Invariants(); err != nil {
			t.Error(err)
		}
		checkAgainstReference(t, p)
	}
	// A hand counts up to HandCapacity, and no further.
	s, err := shogi.ParseSetup("4k4/9/9/9/9/9/9/9/4K4 b 16R 1")
	if !errors.Is(err, shogi.ErrTooManyPieces) {
		t.Errorf("16 rooks in hand: %v, %v", s, err)
	}
	s, err = shogi.ParseSetup("4k4/9/9/9/9/9/9/9/4K4 b 13R 1")
	if err != nil {
		t.Fatal(err)
	}
	s.AllowExtraPieces = true
	s.Put(shogi.NewSquare(1, 9), shogi.NewPiece(shogi.Black, shogi.Rook))
	s.Put(shogi.NewSquare(2, 9), shogi.NewPiece(shogi.White, shogi.Rook))
	if _, err := shogi.NewPosition(s); err != nil {
		t.Errorf("15 rooks: %v", err)
	}
	s.Put(shogi.NewSquare(3, 9), shogi.NewPiece(shogi.White, shogi.Dragon))
	if _, err := shogi.NewPosition(s); !errors.Is(err, shogi.ErrTooManyPieces) {
		t.Errorf("16 rooks: %v, want ErrTooManyPieces", err)
	}
}
