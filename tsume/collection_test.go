package tsume_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi/tsume"
)

// A collected problem: a position with its published answer (testdata/collection; see
// its README for the format and SOURCES.tsv for where each comes from).
type collected struct {
	file, id, sfen string
	want           answer // what the source publishes
	expect         answer // what this package must answer: want, or the note's "expect"
	reason         string // why expect differs from want
	line, source   string
	futile         tsume.Futile // the source's convention: FutileNone when its lengths count every reply
}

// An answer: a mate of a given length (length > 0), a mate whose length the source does
// not state (mate), no mate, or unknown (no answer within the limits).
type answer struct {
	length                int
	mate, noMate, unknown bool
}

func (a answer) String() string {
	switch {
	case a.length > 0:
		return strconv.Itoa(a.length)
	case a.mate:
		return "mate"
	case a.noMate:
		return "nomate"
	}
	return "unknown"
}

func parseAnswer(s string) (answer, error) {
	switch s {
	case "mate":
		return answer{mate: true}, nil
	case "nomate":
		return answer{noMate: true}, nil
	case "unknown":
		return answer{unknown: true}, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 || n%2 == 0 {
		return answer{}, fmt.Errorf("answer %q: want an odd length, mate, nomate or unknown", s)
	}
	return answer{length: n}, nil
}

// readCollection reads every testdata/collection/*.tsv but SOURCES.tsv.
func readCollection(t testing.TB) []collected {
	t.Helper()
	files, err := filepath.Glob("testdata/collection/*.tsv")
	if err != nil || len(files) == 0 {
		t.Fatalf("no collection: %v", err)
	}
	var ps []collected
	ids := map[string]bool{}
	for _, path := range files {
		if filepath.Base(path) == "SOURCES.tsv" {
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		futile := tsume.FutileDrops
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if c, ok := strings.CutPrefix(line, "# conventions: "); ok {
				switch c {
				case "tsume":
					futile = tsume.FutileDrops
				case "game":
					futile = tsume.FutileNone
				default:
					t.Fatalf("%s:%d: conventions %q: want tsume or game", path, n, c)
				}
			}
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			fs := strings.Split(line, "\t")
			if len(fs) != 6 {
				t.Fatalf("%s:%d: %d fields, want 6", path, n, len(fs))
			}
			p := collected{file: filepath.Base(path), id: fs[0], sfen: fs[1], line: fs[3], source: fs[4], futile: futile}
			if ids[p.id] {
				t.Fatalf("%s:%d: id %s twice", path, n, p.id)
			}
			ids[p.id] = true
			if p.want, err = parseAnswer(fs[2]); err != nil || p.want.unknown {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
			p.expect = p.want
			if note, ok := strings.CutPrefix(fs[5], "expect "); ok {
				value, reason, ok := strings.Cut(note, ": ")
				if !ok {
					t.Fatalf("%s:%d: note %q: want \"expect ANSWER: reason\"", path, n, fs[5])
				}
				if p.expect, err = parseAnswer(value); err != nil {
					t.Fatalf("%s:%d: %v", path, n, err)
				}
				p.reason = reason
			}
			ps = append(ps, p)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return ps
}

// got turns a result into an answer: a mate has a length when the tsume-line search
// settled it (LineTsume or LineLength), not when the line is the proof's.
func got(r tsume.Result) answer {
	switch r.Status {
	case tsume.Mate:
		if r.Line == tsume.LineProof {
			return answer{mate: true}
		}
		return answer{length: r.Length()}
	case tsume.NoMate:
		return answer{noMate: true}
	}
	return answer{unknown: true}
}

// meets says whether g is the expected answer: a mate of the expected length, any mate
// when only a mate is expected, no mate. When no answer is expected (a search beyond the
// limits), it is no answer, a mate whose length was not settled, or the published answer.
func meets(g, expect, want answer) bool {
	switch {
	case expect.mate:
		return g.length > 0 || g.mate
	case expect.unknown:
		return g.unknown || g.mate || g == want || (want.mate && g.length > 0)
	}
	return g == expect
}

// quick is the default subset of the collection: every problem of the small files and
// every eighth of the YaneuraOu set, short and medium lengths only, each within a node
// limit (deterministic, unlike a time limit).
func quick(i int, p collected) bool {
	if p.expect.length == 0 || p.expect.length > 17 {
		return false
	}
	return p.file != "yaneuraou-set.tsv" || i%8 == 0
}

// TestCollection solves the public problems of testdata/collection and checks each
// answer against the published one (or the documented exception). By default it solves
// a quick subset within a node limit; SHOGI_TSUME_FULL=1 solves every problem with a
// limit of 3 s each (SHOGI_TSUME_LIMIT sets another).
func TestCollection(t *testing.T) {
	full := os.Getenv("SHOGI_TSUME_FULL") != ""
	limit := 3 * time.Second
	if s := os.Getenv("SHOGI_TSUME_LIMIT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		limit = d
	}
	ps := readCollection(t)
	opt := tsume.Options{Nodes: 2_000_000, LineNodes: 2_000_000, HashBytes: 32 << 20}
	if full {
		opt = tsume.Options{Time: limit, HashBytes: 64 << 20, LineNodes: 1 << 40}
	}
	solvers := map[tsume.Futile]*tsume.Solver{}
	var solved, stated, run int
	n := 0
	for _, p := range ps {
		if p.file == "yaneuraou-set.tsv" {
			n++
		}
		if !full && !quick(n, p) {
			continue
		}
		run++
		t.Run(p.id, func(t *testing.T) {
			pos := parse(t, p.sfen, false)
			s := solvers[p.futile]
			if s == nil {
				o := opt
				o.Futile = p.futile
				s = tsume.NewSolver(o)
				solvers[p.futile] = s
			}
			r, err := s.Solve(context.Background(), pos)
			if err != nil {
				t.Fatal(err)
			}
			g := got(r)
			if r.Status == tsume.Mate {
				solved++
				if g == p.want {
					stated++
				}
				// A proof's line read within MaxLength (LineProof) may end, as the
				// tsume line may, where the only replies are futile interpositions.
				checkTsumeLine(t, pos, r.Moves, p.futile == tsume.FutileDrops)
				if r.Line == tsume.LineProof && r.MaxLength > 0 && r.Length() > r.MaxLength {
					t.Errorf("a line of %d plies next to a mate proven within %d", r.Length(), r.MaxLength)
				}
			}
			t.Logf("%s: published %v, got %v (%v, %v) nodes %d+%d in %v", p.source, p.want, g, r.Status, r.Line, r.Nodes, r.LineNodes, r.Time.Round(time.Millisecond))
			if !meets(g, p.expect, p.want) {
				if p.reason != "" {
					t.Errorf("got %v, want %v (published %v: %s)", g, p.expect, p.want, p.reason)
				} else {
					t.Errorf("got %v, want %v as published", g, p.expect)
				}
			}
			if g.noMate && !p.want.noMate {
				t.Errorf("no mate answered for a published mate")
			}
			if (g.length > 0 || g.mate) && p.want.noMate {
				t.Errorf("a mate answered for a published no-mate position")
			}
		})
	}
	t.Logf("%d of %d problems run: %d mates found, %d with the published length", run, len(ps), solved, stated)
}
