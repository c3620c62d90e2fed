package tsume_test

// KomoringHeights #6 (kh-6 of the collection) is a bare king at 2a whose attacker holds
// B2G2SL2P, the defender every other piece: no mate, but a disproof too large for this
// machine's memory as one search (no answer with 16 GiB in 125 minutes; KomoringHeights
// v1.0 needed 30 GB). It is proven here by splitting it at the root, with the solver
// alone doing the searching: the root is the attacker's, so it has no mate exactly when
// each of its checks has a defender's reply after which the attacker has none. The file
// testdata/kh6-split.tsv names that reply for each check (found by trying the
// replies in turn: a capture of the checker, king moves, then interpositions), and each
// position after a check and its reply is disproven by Solve with a table of its own.
//
// The searches start from the position after the reply, without the two positions before
// it: that can only help the attacker (a line that repeats one of them is a failure for
// him in the whole, and may be a mate in the part), so a part without a mate leaves the
// whole without one.

import (
	"bufio"
	"context"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
)

const kh6SFEN = "7k1/9/9/9/9/9/9/9/9 b B2G2SL2P2rb2g2s4n3l16p 1"

// kh6SplitMiB is the table of the disproofs: 5 GiB, allocated once.
const kh6SplitMiB = 5120

// kh6Part is a row of kh6-split.tsv: a check of the root, the reply chosen, the position
// after both, and the nodes its disproof took with a table of kh6SplitMiB.
type kh6Part struct {
	check, reply, sfen string
	nodes              uint64
}

func readKh6Split(t *testing.T) []kh6Part {
	t.Helper()
	f, err := os.Open("testdata/kh6-split.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var parts []kh6Part
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if sc.Text() == "" || strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != 4 {
			t.Fatalf("kh6-split.tsv:%d: %d fields, want 4", line, len(fs))
		}
		nodes, err := strconv.ParseUint(fs[3], 10, 64)
		if err != nil {
			t.Fatalf("kh6-split.tsv:%d: nodes %q", line, fs[3])
		}
		parts = append(parts, kh6Part{fs[0], fs[1], fs[2], nodes})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return parts
}

// TestKh6SplitCovers holds the split to the root: one row for each legal check and no
// other, each reply legal, each position the one the two moves lead to. The checks are
// the legal moves after which the defender is in check, not GenerateChecks' alone: the
// solver's OR nodes are GenerateChecks', and the proof's cover should not rest on it
// (the two are held equal here).
func TestKh6SplitCovers(t *testing.T) {
	root := parse(t, kh6SFEN, false)
	want := map[string]bool{}
	for _, m := range root.LegalMoves() {
		p := root.Clone()
		if err := p.Play(m); err != nil {
			t.Fatal(err)
		}
		if p.InCheck() {
			want[m.String()] = true
		}
	}
	var checks shogi.MoveList
	root.GenerateChecks(&checks)
	if len(checks.Moves()) != len(want) {
		t.Errorf("GenerateChecks lists %d checks, the legal moves give %d", len(checks.Moves()), len(want))
	}
	for _, m := range checks.Moves() {
		if !want[m.String()] {
			t.Errorf("GenerateChecks lists %s, no legal check", m)
		}
	}
	seen := map[string]bool{}
	for _, part := range readKh6Split(t) {
		if !want[part.check] {
			t.Errorf("%s: not a legal check of the root", part.check)
			continue
		}
		if seen[part.check] {
			t.Errorf("%s: two rows", part.check)
		}
		seen[part.check] = true
		p := root.Clone()
		for _, s := range []string{part.check, part.reply} {
			m, err := shogi.ParseUSIMove(s)
			if err == nil {
				err = p.Play(m)
			}
			if err != nil {
				t.Fatalf("%s %s: %v", part.check, part.reply, err)
			}
		}
		if got := p.String(); got != part.sfen {
			t.Errorf("%s %s: the position is %s, the row says %s", part.check, part.reply, got, part.sfen)
		}
	}
	for c := range want {
		if !seen[c] {
			t.Errorf("%s: a check of the root with no row", c)
		}
	}
}

// TestKh6Split disproves every part of the split (set TSUME_KH6=1, or a regular
// expression of the checks to run some): each is a no mate within 1.1 times the nodes
// the row records. Each solver searches its parts one after another, as a solver searches
// each problem from a cleared table (TestSolverReuse); TSUME_KH6_J solvers (1 unless set)
// search at once, each with a table of kh6SplitMiB. The 25 parts take 7.97 G nodes, about
// 100 minutes of CPU (measured 2026-11-28: with TSUME_KH6_J=2, 58 minutes on two cores),
// so a full run needs -timeout past go test's 10 minutes (-timeout 150m with TSUME_KH6_J=2).
// An expression that selects no part fails: a typo would otherwise pass, proving nothing.
func TestKh6Split(t *testing.T) {
	only := os.Getenv("TSUME_KH6")
	if only == "" {
		t.Skip("set TSUME_KH6=1 (or a regular expression of checks) to prove kh-6 by its split")
	}
	var match *regexp.Regexp
	if only != "1" {
		var err error
		if match, err = regexp.Compile(only); err != nil {
			t.Fatalf("TSUME_KH6=%q: %v", only, err)
		}
	}
	var parts []kh6Part
	for _, part := range readKh6Split(t) {
		if match == nil || match.MatchString(part.check) {
			parts = append(parts, part)
		}
	}
	if len(parts) == 0 {
		t.Fatalf("TSUME_KH6=%q selects no check of kh6-split.tsv", only)
	}
	jobs := 1
	if j := os.Getenv("TSUME_KH6_J"); j != "" {
		var err error
		if jobs, err = strconv.Atoi(j); err != nil || jobs < 1 {
			t.Fatalf("TSUME_KH6_J=%q: want a number of solvers", j)
		}
	}
	// No more tables than parts: each is kh6SplitMiB.
	jobs = min(jobs, len(parts))
	solvers := make(chan *tsume.Solver, jobs)
	for range jobs {
		solvers <- tsume.NewSolver(tsume.Options{AnyMate: true, HashBytes: kh6SplitMiB << 20})
	}
	var total atomic.Uint64
	t.Run("parts", func(t *testing.T) {
		for _, part := range parts {
			t.Run(part.check+" "+part.reply, func(t *testing.T) {
				t.Parallel()
				s := <-solvers
				defer func() { solvers <- s }()
				s.SetNodes(part.nodes + part.nodes/10)
				r, err := s.Solve(context.Background(), parse(t, part.sfen, false))
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%v: %d nodes in %v (the row: %d)", r.Status, r.Nodes, r.Time, part.nodes)
				if r.Status != tsume.NoMate {
					t.Fatalf("%v, want no mate", r)
				}
				total.Add(r.Nodes)
			})
		}
	})
	t.Logf("%d nodes in all", total.Load())
}
