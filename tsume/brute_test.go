package tsume_test

// A brute-force judge: plain minimax over every check and every legal reply, with a
// depth bound, and the slow reference generators (all legal moves, filtered by check).

import (
	"context"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
	"pgregory.net/rapid"
)

// bruteOR returns the length of the tsume line (shortest mate, longest defence, every
// reply counted) from p, attacker to move, when it is at most depth plies; -1 otherwise.
func bruteOR(p *shogi.Position, depth int) int {
	if depth < 1 {
		return -1
	}
	best := -1
	for _, m := range p.LegalMoves() {
		p.PlayUnchecked(m)
		if p.InCheck() {
			limit := depth - 1
			if best >= 0 {
				limit = best - 2
			}
			if r := bruteAND(p, limit); r >= 0 && (best < 0 || r+1 < best) {
				best = r + 1
			}
		}
		p.Undo()
	}
	return best
}

func bruteAND(p *shogi.Position, depth int) int {
	if depth < 0 {
		return -1
	}
	moves := p.LegalMoves()
	if len(moves) == 0 {
		return 0
	}
	worst := 0
	for _, m := range moves {
		p.PlayUnchecked(m)
		r := bruteOR(p, depth-1)
		p.Undo()
		if r < 0 {
			return -1
		}
		worst = max(worst, r+1)
	}
	return worst
}

var (
	attackerTypes = []shogi.PieceType{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight,
		shogi.Lance, shogi.Pawn, shogi.Dragon, shogi.Horse, shogi.ProPawn}
	defenderTypes = []shogi.PieceType{shogi.Gold, shogi.Silver, shogi.Pawn, shogi.Knight, shogi.Lance}
)

// drawProblem draws a small position: the defender's king near the top edge, a few
// pieces about it, a hand or two, and sometimes the attacker's king (双玉).
func drawProblem(t *rapid.T) *shogi.Position {
	p := drawProblemOrNil(t)
	if p == nil {
		t.Skip("no problem")
	}
	return p
}

// drawProblemOrNil is drawProblem, with nil for a drawn position that is no problem.
func drawProblemOrNil(t *rapid.T) *shogi.Position {
	var st shogi.Setup
	st.SideToMove = shogi.Black
	st.AllowUnreachable = true
	sq := func(file, rank int) shogi.Square { return shogi.Square((file-1)*9 + rank) }
	kf, kr := rapid.IntRange(1, 9).Draw(t, "kfile"), rapid.IntRange(1, 3).Draw(t, "krank")
	st.Put(sq(kf, kr), shogi.NewPiece(shogi.White, shogi.King))
	near := func(label string) shogi.Square {
		f := min(9, max(1, kf+rapid.IntRange(-3, 3).Draw(t, label+"f")))
		r := min(9, max(1, kr+rapid.IntRange(-2, 4).Draw(t, label+"r")))
		return sq(f, r)
	}
	for i := range rapid.IntRange(2, 4).Draw(t, "attackers") {
		s := near("a" + string(rune('0'+i)))
		if st.At(s) == shogi.NoPiece {
			st.Put(s, shogi.NewPiece(shogi.Black, rapid.SampledFrom(attackerTypes).Draw(t, "at")))
		}
	}
	for i := range rapid.IntRange(0, 2).Draw(t, "defenders") {
		s := near("d" + string(rune('0'+i)))
		if st.At(s) == shogi.NoPiece {
			st.Put(s, shogi.NewPiece(shogi.White, rapid.SampledFrom(defenderTypes).Draw(t, "dt")))
		}
	}
	if rapid.Bool().Draw(t, "double king") {
		s := sq(rapid.IntRange(1, 9).Draw(t, "Kf"), rapid.IntRange(5, 9).Draw(t, "Kr"))
		if st.At(s) == shogi.NoPiece {
			st.Put(s, shogi.NewPiece(shogi.Black, shogi.King))
		}
	}
	for range rapid.IntRange(1, 2).Draw(t, "hand") {
		ty := rapid.SampledFrom(shogi.HandTypes[:]).Draw(t, "ht")
		st.Hands[shogi.Black] = st.Hands[shogi.Black].Add(ty)
	}
	for range rapid.IntRange(0, 1).Draw(t, "dhand") {
		ty := rapid.SampledFrom(shogi.HandTypes[:]).Draw(t, "dht")
		st.Hands[shogi.White] = st.Hands[shogi.White].Add(ty)
	}
	p, err := shogi.NewPosition(st)
	if err != nil || p.IsAttacked(p.King(shogi.White), shogi.Black) {
		return nil
	}
	return p
}

// TestAgainstBruteForce cross-checks the solver's verdict and the length of its tsume
// line (every reply counted) with the brute-force judge on random small positions.
func TestAgainstBruteForce(t *testing.T) {
	const depth = 7
	rapid.Check(t, func(t *rapid.T) {
		p := drawProblem(t)
		want := bruteOR(p.Clone(), depth)
		// The second solver leaves the full-width search few nodes, so that the bounded
		// df-pn settles the length (LineLength) more often.
		for _, lineNodes := range []uint64{0, 3000} {
			r, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 300_000, HashBytes: 1 << 20, Futile: tsume.FutileNone, LineNodes: lineNodes})
			if err != nil {
				t.Fatal(err)
			}
			// A length the tsume-line search settled is exact, whichever search settled it.
			settled := r.Status == tsume.Mate && (r.Line == tsume.LineTsume || r.Line == tsume.LineLength)
			switch {
			case r.Status == tsume.Unknown:
				t.Skip("limit")
			case want >= 0 && r.Status != tsume.Mate:
				t.Fatalf("%v: brute force mates in %d, solver says %v", p, want, r)
			case settled && r.Length() <= depth && r.Length() != want:
				t.Fatalf("%v: solver mates in %d (%v, line nodes %d), brute force says %d", p, r.Length(), r, lineNodes, want)
			case settled && want < 0:
				// Longer than the judge's depth: the judge checks that bound instead. (A
				// LineProof line is a mate, checked below, but need not be the tsume line.)
				if l := r.Length(); l <= depth+2 && bruteOR(p.Clone(), l) != l {
					t.Fatalf("%v: solver mates in %d (%v, line nodes %d), brute force finds no such mate", p, l, r, lineNodes)
				}
			}
			// A mate comes with its line, even when the 1 MiB table lost the proof's (then
			// the line is proven again, child by child).
			if r.Status == tsume.Mate {
				if r.Line == tsume.LineNone {
					t.Fatalf("%v: a mate without a line (%v)", p, r)
				}
				checkTsumeLine(t, p, r.Moves, false)
			}
		}
	})
}

// TestLineFromSmallTable solves positions the brute-force property found where a 1 MiB
// table lost the proof's line: a mate comes with a line all the same, read again child
// by child, proven again when the proofs met form a cycle, or by the bounded df-pn when
// the proof's line reaches a position whose proof rests on a repetition of the line.
func TestLineFromSmallTable(t *testing.T) {
	for _, tt := range []struct {
		sfen      string
		lineNodes uint64
	}{
		{"5N3/9/2k6/9/9/1g7/+P4K3/9/9 b 2Rs 1", 0},
		{"5B3/3k5/1s7/6R2/9/2+P6/9/9/7K1 b 2G 1", 3000},
		{"l3R4/9/3k5/9/9/6K2/6p2/9/9 b 2B 1", 3000},
		// Proofs that rest on one another in a cycle: the line meets a position of its own.
		{"8B/5l3/7Bk/7P1/9/9/5R3/1K7/9 b SLr 1", 1000},
	} {
		p := parse(t, tt.sfen, false)
		r, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 300_000, HashBytes: 1 << 20, Futile: tsume.FutileNone, LineNodes: tt.lineNodes})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tsume.Mate || r.Line == tsume.LineNone {
			t.Fatalf("%s: %v (line %v), want a mate with a line", tt.sfen, r, r.Line)
		}
		checkTsumeLine(t, p, r.Moves, false)
	}
}

// TestLengthBoundsAgainstBruteForce checks Result.MinLength and MaxLength with the
// brute-force judge: the problem mates within MaxLength plies and not within
// MinLength-2, whatever the line search was left (from none, AnyMate, to enough to
// settle the length).
func TestLengthBoundsAgainstBruteForce(t *testing.T) {
	const depth = 9 // the longest bound the judge checks
	rapid.Check(t, func(t *rapid.T) {
		p := drawProblem(t)
		lineNodes := rapid.SampledFrom([]uint64{1, 100, 1000, 3000, 0}).Draw(t, "lineNodes")
		anyMate := rapid.Bool().Draw(t, "anyMate")
		r, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 300_000, HashBytes: 1 << 20, Futile: tsume.FutileNone, LineNodes: lineNodes, AnyMate: anyMate})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tsume.Mate {
			if r.MinLength != 0 || r.MaxLength != 0 {
				t.Fatalf("%v: bounds %d..%d without a mate (%v)", p, r.MinLength, r.MaxLength, r)
			}
			return
		}
		if r.MaxLength == 0 && (r.Line == tsume.LineTsume || r.Line == tsume.LineLength) {
			t.Fatalf("%v: a settled length without MaxLength (%v)", p, r)
		}
		if r.MinLength > 0 && r.MaxLength > 0 && r.MinLength > r.MaxLength {
			t.Fatalf("%v: bounds %d..%d cross", p, r.MinLength, r.MaxLength)
		}
		if m := r.MaxLength; m > 0 && m <= depth {
			if n := bruteOR(p.Clone(), m); n < 0 || n > m {
				t.Fatalf("%v: MaxLength %d (%v, line %v), brute force finds no mate within it", p, m, r, r.Line)
			}
		}
		if m := r.MinLength; m > 2 && m-2 <= depth {
			if n := bruteOR(p.Clone(), m-2); n >= 0 {
				t.Fatalf("%v: MinLength %d (%v, line %v), brute force mates in %d", p, m, r, r.Line, n)
			}
		}
	})
}
