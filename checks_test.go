package shogi_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"pgregory.net/rapid"
)

// The judges of check generation, slow and plain: every legal move is played and the
// position after it asked whether it is in check, and whether it has a legal move
// (by generating them all: HasLegalMove in check shares MateInOne's code).

// refGivesCheck reports whether the legal move m of p leaves the opponent in check.
func refGivesCheck(p *shogi.Position, m shogi.Move) bool {
	p.PlayUnchecked(m)
	check := p.InCheck()
	p.Undo()
	return check
}

// refChecks returns the legal moves of p that give check, in generation order.
func refChecks(p *shogi.Position) []shogi.Move {
	var checks []shogi.Move
	for _, m := range p.LegalMoves() {
		if refGivesCheck(p, m) {
			checks = append(checks, m)
		}
	}
	return checks
}

// refMates returns the legal moves of p that give check and leave the opponent no
// legal move.
func refMates(p *shogi.Position) []shogi.Move {
	var mates []shogi.Move
	for _, m := range p.LegalMoves() {
		p.PlayUnchecked(m)
		if p.InCheck() && len(p.LegalMoves()) == 0 {
			mates = append(mates, m)
		}
		p.Undo()
	}
	return mates
}

// checkChecks compares GenerateChecks, GivesCheck, GenerateEvasions and MateInOne on p
// with the judges, and p's twin with p.
func checkChecks(t tHelper, p *shogi.Position) {
	t.Helper()
	compareChecks(t, p)
	compareChecks(t, twin(t, p))
}

func compareChecks(t tHelper, p *shogi.Position) {
	t.Helper()
	sfen, hash := p.String(), p.Hash()
	var list shogi.MoveList
	p.GenerateChecks(&list)
	got := slices.Clone(list.Moves())
	seen := make(map[shogi.Move]bool)
	for _, m := range got {
		if seen[m] {
			t.Fatalf("%s: GenerateChecks lists %v twice", sfen, m)
		}
		seen[m] = true
	}
	want := refChecks(p)
	if d := cmp.Diff(sortedMoves(want), sortedMoves(got), cmpopts.EquateEmpty()); d != "" {
		t.Fatalf("%s: GenerateChecks differs from the legal moves that check (-want +got):\n%s", sfen, d)
	}
	for _, m := range p.LegalMoves() {
		if g, w := p.GivesCheck(m), seen[m]; g != w {
			t.Fatalf("%s: GivesCheck(%v) = %v, want %v", sfen, m, g, w)
		}
	}
	compareEvasions(t, p)
	// The evasions of every position a check leads to, where the generators' paths
	// against a check (captures of the checker, interpositions by a move or a drop,
	// pins, double checks) are taken.
	for _, m := range want {
		p.PlayUnchecked(m)
		compareEvasions(t, p)
		p.Undo()
	}
	if p.HasLegalMove() != (len(p.LegalMoves()) > 0) {
		t.Fatalf("%s: HasLegalMove %v with %d legal moves", sfen, p.HasLegalMove(), len(p.LegalMoves()))
	}
	mates := refMates(p)
	m := p.MateInOne()
	if a := p.MateAmong(got); a != m {
		t.Fatalf("%s: MateAmong(GenerateChecks) = %v, MateInOne = %v", sfen, a, m)
	}
	if p.String() != sfen || p.Hash() != hash {
		t.Fatalf("%s: MateInOne changed the position to %s", sfen, p)
	}
	switch {
	case len(mates) == 0 && m != shogi.NoMove:
		t.Fatalf("%s: MateInOne = %v, but no move mates", sfen, m)
	case len(mates) > 0 && m == shogi.NoMove:
		t.Fatalf("%s: MateInOne = none, but %v mate", sfen, mates)
	case len(mates) > 0 && !containsMove(mates, m):
		t.Fatalf("%s: MateInOne = %v, not among the mates %v", sfen, m, mates)
	case len(mates) > 0:
		// The first mate in the order of GenerateChecks.
		for _, c := range got {
			if containsMove(mates, c) {
				if c != m {
					t.Fatalf("%s: MateInOne = %v, want the first mate generated, %v", sfen, m, c)
				}
				break
			}
		}
	}
}

// compareEvasions compares GenerateEvasions, CountEvasions, NumEvasions,
// GenerateEvasionMoves and HasEvasionMove on p with its legal moves.
func compareEvasions(t tHelper, p *shogi.Position) {
	t.Helper()
	var list shogi.MoveList
	p.GenerateEvasions(&list)
	wantEvasions := []shogi.Move{}
	if p.InCheck() {
		wantEvasions = p.LegalMoves()
	}
	if d := cmp.Diff(sortedMoves(wantEvasions), sortedMoves(list.Moves()), cmpopts.EquateEmpty()); d != "" {
		t.Fatalf("%s: GenerateEvasions (in check %v) differs (-want +got):\n%s", p, p.InCheck(), d)
	}
	wantMoves, dropSquares := 0, make(map[shogi.Square]bool)
	for _, m := range wantEvasions {
		if m.IsDrop() {
			dropSquares[m.To()] = true
		} else {
			wantMoves++
		}
	}
	if moves, drops := p.CountEvasions(); moves != wantMoves || drops != len(dropSquares) {
		t.Fatalf("%s: CountEvasions = %d moves, %d drop squares, want %d, %d", p, moves, drops, wantMoves, len(dropSquares))
	}
	if n := p.NumEvasions(); n != len(wantEvasions) {
		t.Fatalf("%s: NumEvasions = %d, want %d", p, n, len(wantEvasions))
	}
	// GenerateEvasionMoves: GenerateEvasions' moves before its drops, in its order.
	var moves shogi.MoveList
	p.GenerateEvasionMoves(&moves)
	n := moves.Len()
	if n != wantMoves || !slices.Equal(moves.Moves(), list.Moves()[:n]) {
		t.Fatalf("%s: GenerateEvasionMoves = %v, want GenerateEvasions' %d moves before its drops, %v", p, moves.Moves(), wantMoves, list.Moves())
	}
	if has := p.HasEvasionMove(); has != (wantMoves > 0) {
		t.Fatalf("%s: HasEvasionMove = %v with %d evasions that are no drop", p, has, wantMoves)
	}
}

func containsMove(ms []shogi.Move, m shogi.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// checkSFENs are positions made for one kind of check each.
var checkSFENs = []struct{ name, sfen string }{
	{"discovered by a knight", "4k4/9/9/9/4N4/9/9/9/4L3K b - 1"},
	{"discovered by the king", "4k4/9/9/9/9/9/4K4/9/4R4 b - 1"},
	{"discovered by a promoting silver", "4k4/9/9/4S4/9/9/9/9/K3R4 b - 1"},
	{"discovered on a diagonal", "8k/9/6G2/9/9/9/2B6/9/K8 b - 1"},
	{"discovered by a silver before a horse", "k8/9/2S6/9/4+B4/9/9/9/8K b - 1"},
	{"double check to give", "4k4/9/4N4/9/4R4/9/9/9/K8 b G 1"},
	{"double check to answer", "k3r4/9/9/9/9/9/5n3/6G2/4K4 b P 1"},
	{"single check by a rook, interpositions", "4r3k/9/9/9/9/9/9/9/4K4 b GSNLP 1"},
	{"check answered with check", "4rk3/9/9/9/9/9/9/9/4K4 b S 1"},
	{"pinned piece that could check", "k8/9/1G7/9/9/9/9/9/K7r b - 1"},
	{"pinned lance", "7k1/9/7p1/9/9/9/9/9/6rLK b - 1"},
	{"king next to the checker", "4k4/9/9/9/9/9/9/4r4/4K4 b G 1"},
	{"pawn-drop mate and pawn-push mate", "7gk/9/9/6NN1/9/9/9/9/4K4 b P 1"},
	{"pawn drop that checks without mating", "8k/9/9/9/9/9/9/9/K8 b P 1"},
	{"dead drops and promotions near the king", "4k4/9/PPP3PPP/NNNL1L3/9/9/9/9/4K4 b NLP 1"},
	{"no king to check", "9/9/9/9/9/9/9/9/4K4 b R 1"},
	{"no king of the side to move", "4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1"},
}

// unreachableSFENs need Setup.AllowUnreachable: the side not to move stands in check.
var unreachableSFENs = []struct{ name, sfen string }{
	{"standing check by a rook", "4k4/9/9/9/4R4/9/9/9/K8 b GP 1"},
	{"standing check by a knight", "4k4/9/3N5/9/9/9/9/9/K8 b G 1"},
	{"kings side by side", "9/9/9/9/4kK3/9/9/9/9 b G 1"},
	{"standing double check", "4k4/9/4L4/2B6/9/9/9/9/K8 b SP 1"},
}

// tsumeProblems are mates in one and three of the sample problems of Marken-Foo/tsumemi
// (sample_problems/1te and 3te), with their published solutions.
// Two of them end, by the tsume convention, with a futile interposition (無駄合) left
// to the defender, which the rules count as a legal move: futile is set for those.
var tsumeProblems = []struct {
	sfen   string
	moves  []string
	futile bool
}{
	{"6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", []string{"G*3b"}, false},
	{"6p+B1/5n3/5Sk1S/5N1L1/4BG3/9/9/9/9 b 2r3g2s2n3l17p 1", []string{"4d5b+"}, true},
	{"7k1/9/7S1/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1", []string{"S*2b"}, false},
	{"7nk/7bl/9/9/6N2/9/9/9/9 b 2rb4g4s2n3l18p 1", []string{"3e2c"}, false},
	{"4R3G/7k1/6ppp/9/9/9/9/9/9 b r2b3g4s4n4l15p 1", []string{"5a2a+"}, false},
	{"8l/6S1k/9/9/9/9/9/9/9 b G2r2b3g3s4n3l18p 1", []string{"G*2c"}, false},
	{"5g3/6kS1/9/9/9/9/9/9/9 b G2r2b2g3s4n4l18p 1", []string{"G*3c"}, false},
	{"7kl/7g1/7+R1/9/9/9/9/9/9 b Sr2b3g3s4n3l18p 1", []string{"S*3b"}, false},
	{"5lk2/8R/5Ps2/6N2/6L2/9/9/9/9 b r2b4g3s3n2l17p 1", []string{"3d2b+"}, false},
	{"9/5gp2/6kSR/4NL1p1/4B1P2/9/9/9/9 b rb3g3s3n3l15p 1", []string{"3e3d"}, false},
	{"9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1", []string{"S*5c", "5b4a", "G*4b"}, false},
	{"8+r/7k1/6pB1/7P1/9/9/9/9/9 b GSrb3g3s4n4l16p 1", []string{"S*3a", "1a3a", "G*1b"}, false},
	{"7kl/9/5+P3/9/9/9/9/9/9 b GS2r2b3g3s4n3l17p 1", []string{"S*3b", "2a2b", "G*2c"}, false},
	{"8k/6+b2/7pB/8L/9/9/9/9/9 b G2r3g4s4n3l17p 1", []string{"G*1b", "1a1b", "1c3a+"}, true},
	{"7k1/9/6+P2/8s/9/9/9/9/9 b SL2r2b4g2s4n3l17p 1", []string{"S*2b", "2a1b", "L*1c"}, false},
	{"7S1/7r1/8k/8p/7P1/9/9/9/9 b 2Gr2b2g3s4n4l16p 1", []string{"G*2c", "1c2c", "G*2d"}, false},
	{"6k2/3r2g1P/6+R2/9/9/9/9/9/9 b GN2b2g4s3n4l17p 1", []string{"N*4c", "3a4a", "G*5a"}, false},
	{"5l1kl/9/6+P2/7+pP/9/9/9/9/9 b LP2r2b4g4s4nl14p 1", []string{"P*2b", "2a1b", "L*1c"}, false},
	{"7nl/7k1/5Npp1/9/9/9/9/9/9 b RBrb4g4s2n3l16p 1", []string{"B*3a", "2b3b", "R*4b"}, false},
	{"6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1", []string{"G*3c", "3b3c", "3a2b+"}, false},
}

func TestChecksAgainstReference(t *testing.T) {
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) { checkChecks(t, mustParse(t, tc.sfen)) })
	}
	for _, tc := range checkSFENs {
		t.Run(tc.name, func(t *testing.T) { checkChecks(t, mustParse(t, tc.sfen)) })
	}
	for _, tc := range unreachableSFENs {
		t.Run(tc.name, func(t *testing.T) {
			p, err := shogi.ParseSFENUnreachable(tc.sfen)
			if err != nil {
				t.Fatal(err)
			}
			if !p.IsAttacked(p.King(p.SideToMove().Opponent()), p.SideToMove()) {
				t.Fatalf("%s: the side not to move is not in check", tc.sfen)
			}
			checkChecks(t, p)
		})
	}
	for i, tc := range tsumeProblems {
		t.Run(fmt.Sprintf("tsume-%d", i), func(t *testing.T) {
			p := mustParse(t, tc.sfen)
			for ply := 0; ply < len(tc.moves); ply++ {
				checkChecks(t, p)
				m, err := shogi.ParseUSIMove(tc.moves[ply])
				if err != nil {
					t.Fatal(err)
				}
				if ply%2 == 0 && !p.GivesCheck(m) {
					t.Errorf("%s: the solution's %v does not check", p, m)
				}
				if err := p.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			checkChecks(t, p)
			if !p.InCheck() || (len(p.LegalMoves()) > 0) != tc.futile {
				t.Errorf("%s: the solution ends in check %v with legal moves %v (futile interposition %v)",
					p, p.InCheck(), p.LegalMoves(), tc.futile)
			}
		})
	}
}

// TestMateInOneSolvesTsume: every mate in one and the last move of every mate in three
// of the sample problems is found (but for the two that leave a futile interposition,
// which the rules count), and a mate in three has no mate in one.
func TestMateInOneSolvesTsume(t *testing.T) {
	for _, tc := range tsumeProblems {
		p := gametest.Play(t, tc.sfen, tc.moves[:len(tc.moves)-1]...)
		m := p.MateInOne()
		if tc.futile {
			if m != shogi.NoMove {
				t.Errorf("%s: MateInOne = %v, but an interposition answers every check", p, m)
			}
			continue
		}
		if m == shogi.NoMove {
			t.Errorf("%s: MateInOne found no mate; the solution is %s", p, tc.moves[len(tc.moves)-1])
			continue
		}
		q := p.Clone()
		q.PlayUnchecked(m)
		if !q.InCheck() || len(q.LegalMoves()) > 0 {
			t.Errorf("%s: MateInOne = %v, which does not mate", p, m)
		}
		if len(tc.moves) == 3 {
			if m := mustParse(t, tc.sfen).MateInOne(); m != shogi.NoMove {
				t.Errorf("%s: a mate in three answers MateInOne with %v", tc.sfen, m)
			}
		}
	}
}

// TestDoubleCheck: a knight that promotes next to the king and uncovers a rook gives
// double check, and the answer is a king move.
func TestDoubleCheck(t *testing.T) {
	p := mustParse(t, "4k4/9/4N4/9/4R4/9/9/9/K8 b G 1")
	m := shogi.NewMove(shogi.NewSquare(5, 3), shogi.NewSquare(4, 1), true)
	var list shogi.MoveList
	p.GenerateChecks(&list)
	if !list.Contains(m) || !p.GivesCheck(m) {
		t.Fatalf("%v is not among the checks %v", m, list.Moves())
	}
	p.PlayUnchecked(m)
	if !p.Checkers().More() {
		t.Fatalf("after %v: checkers %v, want two", m, p.Checkers())
	}
	p.GenerateEvasions(&list)
	for _, e := range list.Moves() {
		if e.From() != p.King(p.SideToMove()) {
			t.Errorf("evasion %v of a double check is not a king move", e)
		}
	}
	checkChecks(t, p)
}

// TestPawnDropMate: 打ち歩詰め is no mate, checks by pushing a pawn are.
func TestPawnDropMate(t *testing.T) {
	for _, tc := range []struct {
		sfen string
		want string // the mate, or "none"
	}{
		{"7lk/9/8S/9/9/9/9/7L1/8K b P 1", "none"},      // P*1b would mate: illegal
		{"4R2gk/9/9/6NN1/9/9/9/9/4K4 b P 1", "none"},   // the gold's capture is pinned
		{"4R2gk/9/8P/6NN1/9/9/9/9/4K4 b - 1", "1c1b+"}, // pushed, not dropped
		{"7gk/9/9/6NN1/9/9/9/9/4K4 b P 1", "none"},     // the gold takes the pawn
		{"8k/9/8P/9/9/9/9/9/K8 b G 1", "G*1b"},         // 頭金
		{"7nk/9/7P1/9/9/9/9/9/K8 b P 1", "none"},       // P*1b checks; the king takes it
		{"7lk/9/8S/9/9/9/9/7L1/8K b L 1", "L*1b"},      // a lance mates where a pawn may not
	} {
		p := mustParse(t, tc.sfen)
		got := p.MateInOne().String()
		if got != tc.want {
			t.Errorf("%s: MateInOne = %s, want %s", tc.sfen, got, tc.want)
		}
		checkChecks(t, p)
	}
}

// TestPublishedCheckCounts: the 593-move position has 40 checks and 6 mates (the
// breakdown perft.md quotes).
func TestPublishedCheckCounts(t *testing.T) {
	p := mustParse(t, "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1")
	var list shogi.MoveList
	p.GenerateChecks(&list)
	if list.Len() != 40 {
		t.Errorf("GenerateChecks: %d moves, want 40", list.Len())
	}
	if n := len(refMates(p)); n != 6 {
		t.Errorf("%d mates, want 6", n)
	}
	if p.MateInOne() == shogi.NoMove {
		t.Error("MateInOne found none of the 6 mates")
	}
}

// TestCheckPerft counts the checking moves of every position of the perft tree to a
// small depth, by GenerateChecks and by the judge, and the positions with a mate in
// one, by MateInOne and by the judge.
func TestCheckPerft(t *testing.T) {
	budget := uint64(1_000_000)
	if testing.Short() {
		budget = 60_000
	}
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.sfen)
			depth := 0
			for i, n := range tc.counts {
				if n <= budget {
					depth = i + 1
				}
			}
			depth = min(depth, 4)
			var checks, refCount, mates, refMates uint64
			var walk func(d int)
			var list shogi.MoveList
			walk = func(d int) {
				if d == 0 {
					p.GenerateChecks(&list)
					checks += uint64(list.Len())
					mated := false
					for _, m := range p.LegalMoves() {
						p.PlayUnchecked(m)
						if p.InCheck() {
							refCount++
							mated = mated || len(p.LegalMoves()) == 0
						}
						p.Undo()
					}
					if mated {
						refMates++
					}
					if p.MateInOne() != shogi.NoMove {
						mates++
					}
					return
				}
				for _, m := range p.LegalMoves() {
					p.PlayUnchecked(m)
					walk(d - 1)
					p.Undo()
				}
			}
			walk(depth - 1)
			if checks != refCount {
				t.Errorf("checks at depth %d: GenerateChecks %d, judge %d", depth, checks, refCount)
			}
			if mates != refMates {
				t.Errorf("positions at depth %d with a mate in one: MateInOne finds %d, the judge %d", depth-1, mates, refMates)
			}
			t.Logf("checks among the moves at depth %d: %d; positions at depth %d with a mate in one: %d", depth, checks, depth-1, refMates)
		})
	}
}

// TestPieceMoveCountProperty: the count of the moves to a set of squares, which
// CountEvasions takes against a check from afar, is the number of moves generated to
// them, on random positions and random sets of squares.
func TestPieceMoveCountProperty(t *testing.T) {
	all := shogi.Bitboard{Lo: ^uint64(1), Hi: 1<<18 - 1}
	for _, sfen := range []string{
		"4r4/9/9/9/4G4/9/9/9/4K4 b - 1",     // a pinned gold
		"4r4/9/4S4/9/9/9/9/9/4K4 b - 1",     // a pinned silver in the zone
		"4r4/9/9/4S4/9/9/9/9/4K4 b - 1",     // a pinned silver steps into the zone
		"4r4/9/9/9/4L4/9/9/9/4K4 b - 1",     // a pinned lance, promoting or not
		"8b/9/9/9/4B4/9/9/9/K8 b - 1",       // a pinned bishop along its diagonal
		"4k4/4r4/9/9/9/4S4/9/9/4R4 w - 1",   // White's pinned rook, a piece between
		"l3k4/9/9/9/9/9/9/1N7/KB7 b 2P 1",   // knights and pawns at the edge
		"4k4/9/4P4/3+B5/9/9/9/+R8/K8 b - 1", // a horse's and a dragon's steps
	} {
		p := mustParse(t, sfen)
		if counted, generated := p.PieceMoveCounts(all); counted != generated {
			t.Errorf("%s: %d moves counted, %d generated", sfen, counted, generated)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		p := drawCheckPosition(t)
		target := shogi.Bitboard{Lo: rapid.Uint64().Draw(t, "lo") &^ 1, Hi: rapid.Uint64().Draw(t, "hi") & (1<<18 - 1)}
		if counted, generated := p.PieceMoveCounts(target); counted != generated {
			t.Fatalf("%s, target\n%v: %d moves counted, %d generated", p, target, counted, generated)
		}
	})
}

// drawCheckPosition draws a position of random play or a composed one, as the
// properties of the check and evasion generators take them.
func drawCheckPosition(t *rapid.T) *shogi.Position {
	if rapid.Bool().Draw(t, "composed") {
		return gametest.DrawComposed(t, nil)
	}
	return gametest.DrawPlayed(t, rapid.SampledFrom(startSFENs).Draw(t, "start"), maxRandomPlies)
}

// TestChecksProperty compares the generators with the judges on positions of random
// play and on composed positions.
func TestChecksProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawCheckPosition(t)
		checkChecks(t, p)
	})
}
