package tsume_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/kifu-go/shogi/internal/cputime"
	"github.com/kifu-go/shogi/tsume"
)

// TestAnyMateNodes runs the df-pn alone (Options.AnyMate) on every problem of the
// collection within a node limit and logs the nodes each took and the total over the
// problems answered: the deterministic measure of a change to the search (time depends
// on the machine's load, nodes do not), with the CPU time beside it, since a node is
// either an expansion or the cheaper look-ahead of a check (initCheck), and a change
// that trades one for the other changes the count more than the work. Set TSUME_ANYMATE_NODES to the limit (5000000
// is the usual one); TSUME_ANYMATE_HASH sets the table in MiB (64 by default) and
// TSUME_ANYMATE_ONLY a regular expression of the ids to run. It fails on a wrong
// verdict or on a mate whose line does not replay as a tsume ending in checkmate.
func TestAnyMateNodes(t *testing.T) {
	limit, err := strconv.ParseUint(os.Getenv("TSUME_ANYMATE_NODES"), 10, 64)
	if err != nil || limit == 0 {
		t.Skip("set TSUME_ANYMATE_NODES to a node limit to run the any-mate pass of the collection")
	}
	hash := 64
	if s := os.Getenv("TSUME_ANYMATE_HASH"); s != "" {
		if hash, err = strconv.Atoi(s); err != nil || hash <= 0 {
			t.Fatalf("TSUME_ANYMATE_HASH=%q: want MiB", s)
		}
	}
	only, err := regexp.Compile(os.Getenv("TSUME_ANYMATE_ONLY"))
	if err != nil {
		t.Fatal(err)
	}
	s := tsume.NewSolver(tsume.Options{Nodes: limit, HashBytes: hash << 20, AnyMate: true})
	var mates, noMates, unknown int
	var solvedNodes, allNodes uint64
	var solvedCPU time.Duration
	for _, p := range readCollection(t) {
		if !only.MatchString(p.id) {
			continue
		}
		cpu := cputime.Process()
		r, err := s.Solve(context.Background(), parse(t, p.sfen, false))
		cpu = cputime.Process() - cpu
		if err != nil {
			t.Fatal(err)
		}
		allNodes += r.Nodes
		switch r.Status {
		case tsume.Mate:
			mates++
			solvedNodes += r.Nodes
			solvedCPU += cpu
			if p.want.noMate {
				t.Errorf("%s: a mate answered for a published no-mate", p.id)
			}
			// A proof wrongly found for a problem that is a mate (a check taken for
			// mate in one that is not) would pass the verdicts: its line would not.
			var bad lineFaults
			checkTsumeLine(&bad, parse(t, p.sfen, false), r.Moves, false)
			if r.Line == tsume.LineNone {
				bad = append(bad, "a mate without a line")
			}
			if len(bad) > 0 {
				t.Errorf("%s: %s", p.id, bad[0])
			}
		case tsume.NoMate:
			noMates++
			solvedNodes += r.Nodes
			solvedCPU += cpu
			if !p.want.noMate {
				t.Errorf("%s: no mate answered for a published mate", p.id)
			}
		default:
			unknown++
		}
		t.Logf("%s\t%v\t%d\t%v", p.id, r.Status, r.Nodes, cpu.Round(time.Millisecond))
	}
	t.Logf("any mate at %d nodes, %d MiB: %d mates, %d no-mates, %d unknown; %d nodes (%v CPU) on the %d answered, %d in all",
		limit, hash, mates, noMates, unknown, solvedNodes, solvedCPU.Round(time.Millisecond), mates+noMates, allNodes)
}

// lineFaults collects what checkTsumeLine finds wrong with a line, so that one problem's
// fault is reported without stopping the pass over the others.
type lineFaults []string

func (*lineFaults) Helper() {}

func (f *lineFaults) Fatalf(format string, args ...any) {
	*f = append(*f, fmt.Sprintf(format, args...))
}
