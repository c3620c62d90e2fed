package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/bigfile"
	"github.com/kifu-go/shogi/internal/cputime"
	"github.com/kifu-go/shogi/packed"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/sfen"
)

const floodgateCSA = "testdata/positions/floodgate.csa"

// replayed is one position of a record's main line as replaying it gives: the SFEN
// (move number counted from 1 at the record's start) and the move played there.
type replayed struct {
	sfen string
	move shogi.Move
}

// replay reads the records of path and replays their main lines by hand.
func replay(t *testing.T, path string) []replayed {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []replayed
	for rec, err := range record.NewReader(f).All() {
		if err != nil {
			t.Fatal(err)
		}
		pos, err := rec.StartPosition()
		if err != nil {
			t.Fatal(err)
		}
		ply := 1
		for _, n := range rec.MainLine() {
			if n.Move == shogi.NoMove {
				continue
			}
			out = append(out, replayed{withMoveNumber(pos.String(), ply), n.Move})
			if err := pos.Play(n.Move); err != nil {
				t.Fatal(err)
			}
			ply++
		}
	}
	return out
}

// withMoveNumber replaces the move number of an SFEN.
func withMoveNumber(s string, n int) string {
	return s[:strings.LastIndexByte(s, ' ')+1] + strconv.Itoa(n)
}

// runPositionsTo runs positions with args and returns the entries it wrote to a file.
func runPositionsTo(t *testing.T, args ...string) (code int, data []byte, stdout, stderr string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr = runCmd("", append([]string{"positions", "-o", out}, args...)...)
	data, _ = os.ReadFile(out)
	return code, data, stdout, stderr
}

// Every format's entries decode with packed.Reader to the positions and moves of the
// records' main lines, replayed by hand, in input order; HCPE and PSV carry the
// floodgate evaluations and the result.
func TestPositionsReplay(t *testing.T) {
	inputs := []string{floodgateCSA, ryuou, records + "/csa/v2.csa"}
	var want []replayed
	for _, in := range inputs {
		want = append(want, replay(t, in)...)
	}
	bare := func(s string) string { return s[:strings.LastIndexByte(s, ' ')] } // no move number
	check := func(t *testing.T, i int, pos *shogi.Position, m shogi.Move, withMove, withPly bool) {
		t.Helper()
		if i >= len(want) {
			t.Fatalf("entry %d past the %d positions of the records", i, len(want))
		}
		got, w := pos.String(), want[i].sfen
		if !withPly {
			got, w = bare(got), bare(w)
		}
		if got != w {
			t.Errorf("entry %d: position %s, want %s", i, got, w)
		}
		if withMove && m != want[i].move {
			t.Errorf("entry %d: move %v, want %v", i, m, want[i].move)
		}
	}
	for _, to := range []string{"hcpe", "hcp", "psfen", "psv"} {
		t.Run(to, func(t *testing.T) {
			code, data, _, stderr := runPositionsTo(t, append([]string{"-to", to}, inputs...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			n := 0
			switch to {
			case "hcpe":
				r := packed.NewReader[packed.HCPE](bytes.NewReader(data))
				for e, err := range r.All() {
					if err != nil {
						t.Fatal(err)
					}
					check(t, n, r.Position(), r.Move(), true, false)
					// floodgate.csa: Black won (%TORYO with White to move); the first two
					// moves' comments are "'** 113" and "'** 126" (Black's view).
					if n < 125 && e.Result != packed.HCPEBlackWin {
						t.Errorf("entry %d: result %d, want 1", n, e.Result)
					}
					if n == 0 && e.Eval != 113 || n == 1 && e.Eval != -126 {
						t.Errorf("entry %d: eval %d", n, e.Eval)
					}
					n++
				}
			case "psv":
				r := packed.NewReader[packed.PSV](bytes.NewReader(data))
				for e, err := range r.All() {
					if err != nil {
						t.Fatal(err)
					}
					check(t, n, r.Position(), r.Move(), true, true)
					if n < 125 {
						want := int8(1) // Black won
						if n%2 == 1 {
							want = -1
						}
						if e.Result != want || e.GamePly != uint16(n+1) {
							t.Errorf("entry %d: result %d, gamePly %d", n, e.Result, e.GamePly)
						}
					}
					n++
				}
			case "hcp":
				r := packed.NewReader[packed.HCP](bytes.NewReader(data))
				for _, err := range r.All() {
					if err != nil {
						t.Fatal(err)
					}
					check(t, n, r.Position(), 0, false, false)
					n++
				}
			case "psfen":
				r := packed.NewReader[packed.PackedSfen](bytes.NewReader(data))
				for _, err := range r.All() {
					if err != nil {
						t.Fatal(err)
					}
					check(t, n, r.Position(), 0, false, false)
					n++
				}
			}
			if n != len(want) {
				t.Errorf("%d entries, want %d", n, len(want))
			}
		})
	}
	for _, to := range []string{"sfen", "usi"} {
		t.Run(to, func(t *testing.T) {
			code, stdout, stderr := runCmd("", append([]string{"positions", "-to", to}, inputs...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var lines []string
			for _, w := range want {
				if to == "sfen" {
					lines = append(lines, w.sfen)
				} else {
					lines = append(lines, "position sfen "+w.sfen+" moves "+w.move.String())
				}
			}
			if diff := cmp.Diff(strings.Join(lines, "\n")+"\n", stdout); diff != "" {
				t.Errorf("-to %s (-want +got):\n%s", to, diff)
			}
			// Every line reads back as the USI reader reads it.
			if to == "usi" {
				first := strings.SplitN(stdout, "\n", 2)[0]
				if _, err := sfen.Parse(strings.TrimSuffix(strings.TrimPrefix(first, "position sfen "), " moves "+want[0].move.String())); err != nil {
					t.Errorf("%q: %v", first, err)
				}
			}
		})
	}
}

// floodgateEvals returns the evaluations of floodgate.csa's moves from the side to
// move's view, read from the text by hand.
func floodgateEvals(t *testing.T) []int {
	t.Helper()
	data, err := os.ReadFile(floodgateCSA)
	if err != nil {
		t.Fatal(err)
	}
	var evals []int
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "'** ") {
			continue
		}
		v, err := strconv.Atoi(strings.Fields(line)[1])
		if err != nil {
			t.Fatal(err)
		}
		if len(evals)%2 == 1 {
			v = -v // White to move
		}
		evals = append(evals, v)
	}
	if len(evals) != 125 {
		t.Fatalf("%d evaluations", len(evals))
	}
	return evals
}

// Each filter keeps what its flag says, counted on floodgate.csa (125 moves, rated
// 3382 and 3613, resign), the Ryūō game (117 moves, no ratings, resign) and v2.csa
// (196 moves, rated 3345 and 3453, resign), and 8mai.csa (25 moves, interrupted).
func TestPositionsFilters(t *testing.T) {
	inputs := []string{floodgateCSA, ryuou, records + "/csa/v2.csa", records + "/csa/8mai.csa"}
	small := 0
	for _, e := range floodgateEvals(t) {
		if e >= -200 && e <= 200 {
			small++
		}
	}
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"none", nil, 125 + 117 + 196 + 25},
		{"min-rating 3340", []string{"-min-rating", "3340"}, 125 + 196},
		{"min-rating 3350", []string{"-min-rating", "3350"}, 125},
		{"min-rating 4000", []string{"-min-rating", "4000"}, 0},
		{"min-plies 118", []string{"-min-plies", "118"}, 125 + 196},
		{"min-plies 126", []string{"-min-plies", "126"}, 196},
		{"endings resign", []string{"-endings", "resign"}, 125 + 117 + 196},
		{"endings interrupt,mate", []string{"-endings", "interrupt,mate"}, 25},
		{"skip-first 20", []string{"-skip-first", "20"}, 105 + 97 + 176 + 5},
		{"skip-first 30", []string{"-skip-first", "30"}, 95 + 87 + 166},
		// The Ryūō game and 8mai.csa have no evaluations (0); v2.csa's are checked below.
		{"max-eval 100000", []string{"-max-eval", "100000"}, 125 + 117 + 196 + 25},
		{"min-rating and min-plies", []string{"-min-rating", "3340", "-min-plies", "150"}, 196},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCmd("", append(append([]string{"positions", "-to", "usi"}, tt.args...), inputs...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := strings.Count(stdout, "\n"); got != tt.want {
				t.Errorf("%d positions, want %d\n%s", got, tt.want, stderr)
			}
		})
	}
	t.Run("max-eval 200", func(t *testing.T) {
		code, data, _, stderr := runPositionsTo(t, "-to", "hcpe", "-max-eval", "200", floodgateCSA)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if got := len(data) / packed.HCPESize; got != small {
			t.Errorf("%d positions, want %d", got, small)
		}
		for e, err := range packed.NewReader[packed.HCPE](bytes.NewReader(data)).All() {
			if err != nil || e.Eval > 200 || e.Eval < -200 {
				t.Errorf("eval %d, %v", e.Eval, err)
			}
		}
	})
	for _, bad := range [][]string{{"-endings", "resign,klingon"}, {"-min-plies", "-1"}, {"-skip-first", "-2"}, {"-max-eval", "-5"}, {"-to", "kif"}, {"-f"}} {
		args := append([]string{"positions"}, bad...)
		if len(bad) == 0 || bad[0] != "-to" {
			args = append(args, "-to", "hcpe")
		}
		if code, _, stderr := runCmd("", append(args, floodgateCSA)...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2\n%s", bad, code, stderr)
		}
	}
	if code, _, _ := runCmd("", "positions", floodgateCSA); code != exitUsage {
		t.Errorf("no -to: exit %d, want 2", code)
	}
}

// -dedup writes each position once over the whole input, the first time, in input
// order: the same game twice gives its positions once.
func TestPositionsDedup(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(floodgateCSA)
	if err != nil {
		t.Fatal(err)
	}
	a := writeFile(t, dir, "a.csa", string(data))
	b := writeFile(t, dir, "b.csa", string(data))
	distinct := map[string]bool{}
	var first []string
	for _, r := range replay(t, a) {
		key := r.sfen[:strings.LastIndexByte(r.sfen, ' ')]
		if !distinct[key] {
			first = append(first, r.sfen)
		}
		distinct[key] = true
	}
	code, stdout, stderr := runCmd("", "positions", "-to", "sfen", "-dedup", "-j", "2", a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if diff := cmp.Diff(strings.Join(first, "\n")+"\n", stdout); diff != "" {
		t.Errorf("-dedup (-want +got):\n%s", diff)
	}
	if want := strconv.Itoa(250-len(first)) + " duplicates dropped"; !strings.Contains(stderr, want) {
		t.Errorf("summary %q does not say %q", stderr, want)
	}
	_, stdout, _ = runCmd("", "positions", "-to", "sfen", a, b)
	if got := strings.Count(stdout, "\n"); got != 250 {
		t.Errorf("without -dedup: %d positions, want 250", got)
	}
}

// The set of -dedup holds at most three quarters of its slots; once full, a new hash
// is reported added (so its position is written) and full, and the hashes it holds are
// still found.
func TestHashSetFull(t *testing.T) {
	s := newHashSet(0) // the smallest: 1024 slots
	if len(s.slots) != 1024 || s.limit != 768 {
		t.Fatalf("%d slots, limit %d", len(s.slots), s.limit)
	}
	full := 0
	for h := range uint64(1000) {
		added, isFull := s.add(h * 0x100000001b3)
		if !added {
			t.Fatalf("%d: not added", h)
		}
		if isFull {
			full++
		}
	}
	if full != 1000-768 {
		t.Errorf("%d hashes found the set full, want %d", full, 1000-768)
	}
	for h := range uint64(768) {
		if added, _ := s.add(h * 0x100000001b3); added {
			t.Errorf("%d: remembered hash added again", h)
		}
	}
	if s := newHashSet(1 << 20); len(s.slots) != 1<<17 {
		t.Errorf("1 MiB: %d slots, want %d", len(s.slots), 1<<17)
	}
}

// Invalid records are skipped and reported, the others written; a record valid but
// not writable in the format (a tsume problem without kings) fails too; the reports go
// to stdout with -o, to stderr without, as text or validate's JSON lines.
func TestPositionsSkipsInvalid(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ５五角打\n")
	code, data, stdout, stderr := runPositionsTo(t, "-to", "hcpe", "-json", floodgateCSA, bad)
	if code != exitInvalid {
		t.Fatalf("exit %d, want 1: %s", code, stderr)
	}
	if len(data) != 125*packed.HCPESize {
		t.Errorf("%d bytes written, want the 125 entries of floodgate.csa", len(data))
	}
	vs := jsonLines(t, stdout)
	if len(vs) != 1 || vs[0].Path != bad || vs[0].OK || vs[0].Code == "" {
		t.Errorf("reports: %+v", vs)
	}
	if !strings.Contains(stderr, "2 records in 2 inputs: 1 used, 0 filtered out, 1 invalid") || !strings.Contains(stderr, "125 positions written") {
		t.Errorf("summary: %s", stderr)
	}
	code, stdout, stderr = runCmd("", "positions", "-to", "usi", bad)
	if code != exitInvalid || stdout != "" || !strings.Contains(stderr, "bad.kif: ") {
		t.Errorf("text report: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// 9fu.csa is a valid record of a board without kings: no HCPE, but SFEN lines.
	code, _, stdout, stderr = runPositionsTo(t, "-to", "hcpe", records+"/csa/9fu.csa")
	if code != exitInvalid || !strings.Contains(stdout, "cannot be written as hcpe") {
		t.Errorf("9fu.csa as hcpe: exit %d, %q, %s", code, stdout, stderr)
	}
	if code, _, stderr := runCmd("", "positions", "-to", "sfen", records+"/csa/9fu.csa"); code != 0 {
		t.Errorf("9fu.csa as sfen: exit %d, %s", code, stderr)
	}
}

// -o never overwrites a file without -f; with -f it does.
func TestPositionsOutputFile(t *testing.T) {
	out := writeFile(t, t.TempDir(), "out.hcpe", "keep")
	code, _, stderr := runCmd("", "positions", "-to", "hcpe", "-o", out, floodgateCSA)
	if code != exitUsage || !strings.Contains(stderr, "exists; not overwritten (use -f)") {
		t.Errorf("without -f: exit %d, %s", code, stderr)
	}
	if data, _ := os.ReadFile(out); string(data) != "keep" {
		t.Errorf("the file was changed: %q", data)
	}
	if code, _, stderr := runCmd("", "positions", "-to", "hcpe", "-o", out, "-f", floodgateCSA); code != 0 {
		t.Errorf("with -f: exit %d, %s", code, stderr)
	}
	fresh, _ := os.ReadFile(out)
	if len(fresh) != 125*packed.HCPESize {
		t.Errorf("with -f: %d bytes", len(fresh))
	}
	// The file is emptied in the background while the records are read: a larger one
	// leaves nothing after the entries, and a run that writes none leaves it empty.
	if err := os.WriteFile(out, bytes.Repeat([]byte{0xff}, 1<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCmd("", "positions", "-to", "hcpe", "-o", out, "-f", floodgateCSA); code != 0 {
		t.Errorf("with -f over 1 MiB: exit %d, %s", code, stderr)
	}
	if data, _ := os.ReadFile(out); !bytes.Equal(data, fresh) {
		t.Errorf("with -f over 1 MiB: %d bytes, not the %d of the entries", len(data), len(fresh))
	}
	illegal := writeFile(t, t.TempDir(), "illegal.csa", "PI\n+\n+7776FU\n-7776FU\n")
	if code, _, _ := runCmd("", "positions", "-to", "hcpe", "-o", out, "-f", illegal); code != 1 {
		t.Errorf("with -f and an illegal move: exit %d, want 1", code)
	}
	if data, err := os.ReadFile(out); err != nil || len(data) != 0 {
		t.Errorf("with -f and no entries: %d bytes, %v", len(data), err)
	}
	link := filepath.Join(filepath.Dir(out), "link.hcpe")
	if err := os.Symlink(out, link); err != nil {
		t.Skip(err)
	}
	if code, _, _ := runCmd("", "positions", "-to", "hcpe", "-o", link, "-f", floodgateCSA); code != exitUsage {
		t.Errorf("through a link: exit %d, want 2", code)
	}
}

// BenchmarkPositionsHCPE converts a generated floodgate-style archive (one CSA file of
// many games, an evaluation comment on every move) to HCPE on one core and reports the
// positions written per second.
func BenchmarkPositionsHCPE(b *testing.B) {
	const games, moves = 400, 150
	in := filepath.Join(b.TempDir(), "games.csa")
	size, err := bigfile.WriteFile(in, games, moves, 40)
	if err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(b.TempDir(), "out.hcpe")
	b.SetBytes(size)
	b.ReportAllocs()
	cpu := cputime.Process()
	for b.Loop() {
		var errOut bytes.Buffer
		if code := run([]string{"positions", "-to", "hcpe", "-j", "1", "-o", out, "-f", in}, strings.NewReader(""), io.Discard, &errOut); code != 0 {
			b.Fatalf("exit %d: %s", code, errOut.String())
		}
	}
	b.ReportMetric(float64(games*moves)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	// The process's CPU time, which other work on the machine disturbs less.
	b.ReportMetric(float64(games*moves)*float64(b.N)/(cputime.Process()-cpu).Seconds(), "positions/cpu-s")
}

// The packed formats take the verdict's final position back move by move
// (packed.UndoSamples) where the text formats play the line forward: with every
// position filter the two write the same positions and moves, in the same order, and
// PSV's gamePly counts from 1 at each record's start.
func TestPositionsPackedMatchesText(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(floodgateCSA)
	if err != nil {
		t.Fatal(err)
	}
	again := writeFile(t, dir, "again.csa", string(data))
	inputs := []string{floodgateCSA, ryuou, records + "/csa/v2.csa", records + "/csa/8mai.csa", again}
	bare := func(s string) string { return s[:strings.LastIndexByte(s, ' ')] }
	for _, args := range [][]string{nil, {"-skip-first", "20"}, {"-max-eval", "200"}, {"-dedup"}, {"-skip-first", "30", "-dedup", "-max-eval", "300"}} {
		code, text, stderr := runCmd("", append(append([]string{"positions", "-to", "usi"}, args...), inputs...)...)
		if code != 0 {
			t.Fatalf("%v usi: exit %d: %s", args, code, stderr)
		}
		var want, plies []string
		for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			pos, move, _ := strings.Cut(strings.TrimPrefix(line, "position sfen "), " moves ")
			want = append(want, bare(pos)+" "+move)
			plies = append(plies, pos[strings.LastIndexByte(pos, ' ')+1:])
		}
		for _, to := range []string{"hcpe", "psv"} {
			code, data, _, stderr := runPositionsTo(t, append(append([]string{"-to", to}, args...), inputs...)...)
			if code != 0 {
				t.Fatalf("%v %s: exit %d: %s", args, to, code, stderr)
			}
			var got, gotPlies []string
			if to == "hcpe" {
				r := packed.NewReader[packed.HCPE](bytes.NewReader(data))
				for _, err := range r.All() {
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, bare(r.Position().String())+" "+r.Move().String())
				}
			} else {
				r := packed.NewReader[packed.PSV](bytes.NewReader(data))
				for e, err := range r.All() {
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, bare(r.Position().String())+" "+r.Move().String())
					gotPlies = append(gotPlies, strconv.Itoa(int(e.GamePly)))
				}
				if diff := cmp.Diff(plies, gotPlies); diff != "" {
					t.Errorf("%v psv gamePly (-usi's move numbers +psv):\n%s", args, diff)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%v %s (-usi +%s):\n%s", args, to, to, diff)
			}
		}
	}
}
