package pipeline_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/beam/internal/archive"
	"github.com/kifu-go/shogi/beam/pipeline"
	"github.com/kifu-go/shogi/record"
)

// repoRoot is the library's module, two levels up: its testdata/records are the
// archive's sources, and its cmd/shogi the command the verdicts are compared with.
const repoRoot = "../.."

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	os.Exit(m.Run())
}

var (
	buildShogi sync.Once
	shogiPath  string
	shogiErr   error
)

// shogiCommand builds the library's shogi command once, for the test binary's run; or
// returns $SHOGI_COMMAND, a shogi command built already (while cmd/shogi does not build,
// say).
func shogiCommand(t *testing.T) string {
	t.Helper()
	if path := os.Getenv("SHOGI_COMMAND"); path != "" {
		return path
	}
	buildShogi.Do(func() {
		dir, err := os.MkdirTemp("", "shogi-beam-test-")
		if err != nil {
			shogiErr = err
			return
		}
		shogiPath = filepath.Join(dir, "shogi")
		cmd := exec.Command("go", "build", "-o", shogiPath, "./cmd/shogi")
		cmd.Dir = repoRoot
		if out, err := cmd.CombinedOutput(); err != nil {
			shogiErr = fmt.Errorf("go build ./cmd/shogi: %v\n%s", err, out)
		}
	})
	if shogiErr != nil {
		t.Fatal(shogiErr)
	}
	return shogiPath
}

// run is one run of the pipeline on a generated archive, with what shogi validate
// says of the same files.
type run struct {
	manifest *archive.Manifest
	pattern  string
	out      string
	summary  *pipeline.Summary
	verdicts []string // the pipeline's verdict lines
	cli      []string // shogi validate -json's lines
	reports  []record.Report
}

// runArchive generates an archive of records into a directory "in", runs the pipeline
// with o on the inputs (paths below "in"; "" is "in" itself) and shogi validate -json
// with validateArgs on the same inputs.
func runArchive(t *testing.T, records int, inputs []string, o pipeline.Options, validateArgs ...string) *run {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	m, err := archive.Generate(in, archive.Options{Records: records, Seed: 1, Sources: filepath.Join(repoRoot, "testdata", "records")})
	if err != nil {
		t.Fatal(err)
	}
	r := &run{manifest: m, pattern: filepath.Join(in, "*", "*", "*"), out: filepath.Join(dir, "out")}
	for _, path := range inputs {
		o.Inputs = append(o.Inputs, filepath.Join(in, path))
	}
	o.Output = r.out
	if err := os.WriteFile(filepath.Join(in, "notes.txt"), []byte("not a record\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	p, s := beam.NewPipelineWithRoot()
	if err := pipeline.Build(s, o); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatalf("prism: %v", err)
	}
	t.Logf("%d records on Prism: %v", m.Records, time.Since(start).Round(time.Millisecond))
	if r.summary, err = pipeline.ReadSummary(context.Background(), r.out); err != nil {
		t.Fatal(err)
	}
	r.verdicts = readLines(t, filepath.Join(r.out, "verdicts-*.jsonl"))

	start = time.Now()
	cmd := exec.Command(shogiCommand(t), append(append([]string{"validate", "-json", "-j", "2"}, validateArgs...), o.Inputs...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Exit status 1 says that a record is invalid, 2 that an input could not be read.
	if err := cmd.Run(); err != nil && (cmd.ProcessState == nil || cmd.ProcessState.ExitCode() > 2) {
		t.Fatalf("shogi validate: %v\n%s", err, stderr.String())
	}
	t.Logf("the same on shogi validate -j 2: %v", time.Since(start).Round(time.Millisecond))
	r.cli = lines(t, stdout.Bytes())
	for _, line := range r.cli {
		var rep record.Report
		if err := json.Unmarshal([]byte(line), &rep); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		r.reports = append(r.reports, rep)
	}
	return r
}

func readLines(t *testing.T, pattern string) []string {
	t.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, lines(t, data)...)
	}
	return all
}

func lines(t *testing.T, data []byte) []string {
	t.Helper()
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkVerdicts: the pipeline's verdict lines are shogi validate -json's, byte for byte,
// in another order.
func (r *run) checkVerdicts(t *testing.T) {
	t.Helper()
	got, want := slices.Sorted(slices.Values(r.verdicts)), slices.Sorted(slices.Values(r.cli))
	if len(got) != len(want) {
		t.Errorf("%d verdict lines, shogi validate printed %d", len(got), len(want))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		if len(diff) > 4000 {
			diff = diff[:4000] + "…"
		}
		t.Errorf("verdict lines (-shogi validate +pipeline)\n%s", diff)
	}
}

// checkSummary: the summary's counts are those of shogi validate's lines, and of the
// manifest where the lines do not say (handicaps, duplicates).
func (r *run) checkSummary(t *testing.T) {
	t.Helper()
	want := pipeline.Summary{
		Formats: map[string]int{}, Errors: map[string]int{}, Warnings: map[string]int{},
		Endings: map[string]int{}, Results: map[string]int{}, Handicaps: r.manifest.Handicaps,
		Lengths: pipeline.Lengths{Histogram: map[int]int{}},
	}
	paths := map[string]bool{}
	var lengths []int
	for _, rep := range r.reports {
		paths[rep.Path] = true
		switch {
		case rep.Skipped != "":
			want.Skipped++
			continue
		case rep.InputFailed():
			want.InputErrors++
			continue
		}
		want.Records++
		want.Formats[rep.Format]++
		for _, w := range rep.Warnings {
			want.Warnings[w.Code]++
		}
		if !rep.OK {
			want.Invalid++
			want.Errors[rep.Code]++
			continue
		}
		want.Valid++
		want.Endings[cmpOr(rep.Ending, "none")]++
		want.Results[cmpOr(rep.Winner, "none")]++
		want.Lengths.Histogram[rep.Moves]++
		lengths = append(lengths, rep.Moves)
	}
	want.Inputs = len(paths)
	sort.Ints(lengths)
	want.Lengths.Min, want.Lengths.Max = lengths[0], lengths[len(lengths)-1]
	want.Lengths.Median = lengths[(len(lengths)-1)/2]
	total := 0
	for _, n := range lengths {
		total += n
	}
	want.Lengths.Mean = float64(total) / float64(len(lengths))
	for _, d := range r.manifest.Duplicates {
		want.Duplicates.Games++
		want.Duplicates.Records += len(d)
	}
	got := *r.summary
	want.Converted, want.NotConverted = got.Converted, got.NotConverted // checked with the converted files
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("summary (-want +got)\n%s", diff)
	}

	// And the shape of the archive is what the manifest says.
	m := r.manifest
	if got.Records != m.Records || got.Invalid != m.Invalid || got.Skipped != m.Empty || got.Inputs != m.Files {
		t.Errorf("summary: %d records, %d invalid, %d empty of %d inputs; the archive has %d, %d, %d of %d",
			got.Records, got.Invalid, got.Skipped, got.Inputs, m.Records, m.Invalid, m.Empty, m.Files)
	}
	if diff := cmp.Diff(m.Codes, got.Errors); diff != "" {
		t.Errorf("errors by code (-archive +summary)\n%s", diff)
	}
	if diff := cmp.Diff(m.Warnings, got.Warnings); diff != "" {
		t.Errorf("warnings by code (-archive +summary)\n%s", diff)
	}
	if diff := cmp.Diff(m.Formats, got.Formats); diff != "" {
		t.Errorf("records by format (-archive +summary)\n%s", diff)
	}
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// checkDuplicates: the duplicate report lists the games the archive holds more than
// once, each with all its places.
func (r *run) checkDuplicates(t *testing.T) {
	t.Helper()
	var got [][]archive.Ref
	keys := map[string]bool{}
	for _, line := range readLines(t, filepath.Join(r.out, "duplicates.jsonl")) {
		var d pipeline.Duplicate
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if d.Count != len(d.Records) || keys[d.Key] || len(d.Key) != 32 {
			t.Errorf("duplicate line: count %d for %d records, key %q (seen before: %v)", d.Count, len(d.Records), d.Key, keys[d.Key])
		}
		keys[d.Key] = true
		var refs []archive.Ref
		for _, rec := range d.Records {
			refs = append(refs, archive.Ref{Path: rec.Path, Record: rec.Record})
		}
		got = append(got, refs)
	}
	slices.SortFunc(got, func(a, b []archive.Ref) int { return strings.Compare(a[0].Path, b[0].Path) })
	if len(r.manifest.Duplicates) == 0 {
		t.Fatal("the archive holds no duplicates")
	}
	if diff := cmp.Diff(r.manifest.Duplicates, got); diff != "" {
		t.Errorf("duplicates (-archive +report)\n%s", diff)
	}
}

// inputGames returns the game keys of the archive's valid records, read with the
// record package.
func (r *run) inputGames(t *testing.T) []string {
	t.Helper()
	return gameKeys(t, r.pattern)
}

func gameKeys(t *testing.T, pattern string) []string {
	t.Helper()
	paths, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for e := range record.Walk(paths...) {
		if e.Err != nil || e.Skipped != "" {
			t.Fatalf("%s: %v %s", e.Path, e.Err, e.Skipped)
		}
		rd, err := record.Open(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		for v := range record.Validate(rd) {
			if v.Valid() {
				key, ok := pipeline.GameKey(v.Record)
				if !ok {
					t.Fatalf("%s#%d: no game key", e.Path, v.Source.Index)
				}
				keys = append(keys, key)
			}
		}
		rd.Close()
	}
	slices.Sort(keys)
	return keys
}

// TestPipelineSmallArchiveLenientToKIF runs a small archive leniently, converts it to
// KIF in Shift_JIS, a file per record, and compares with shogi validate -lenient.
func TestPipelineSmallArchiveLenientToKIF(t *testing.T) {
	// The archive's directory, walked, and a pattern that matches nothing: the notes
	// passed over and the pattern an input that cannot be reached, as shogi validate has them.
	r := runArchive(t, 600, []string{"", "none/*.kif"}, pipeline.Options{Lenient: true, To: record.KIF, ShiftJIS: true, Shards: 2}, "-lenient")
	r.checkVerdicts(t)
	r.checkDuplicates(t)
	if r.summary.Skipped != r.manifest.Empty+1 || r.summary.InputErrors != 1 {
		t.Errorf("%d inputs skipped, %d unreachable; want %d and 1", r.summary.Skipped, r.summary.InputErrors, r.manifest.Empty+1)
	}

	// Leniently, the records with a syntax error or an illegal move are valid, up to the
	// problem; the false mates stay invalid.
	if r.summary.Invalid != r.manifest.Codes["false-mate"] || r.summary.Warnings["syntax"] == 0 || r.summary.Endings["unread"] == 0 {
		t.Errorf("lenient summary: %d invalid (want the %d false mates), warnings %v, endings %v",
			r.summary.Invalid, r.manifest.Codes["false-mate"], r.summary.Warnings, r.summary.Endings)
	}

	// A file per converted record, named after its input, "-N" for inputs of several.
	converted := filepath.Join(r.out, "converted")
	var names []string
	err := filepath.WalkDir(converted, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(converted, path)
			names = append(names, rel)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	// (Shift_JIS lacks a character of one source record's comments: its copies are not
	// converted.)
	if len(names) != r.summary.Converted || r.summary.Converted+r.summary.NotConverted != r.summary.Valid || r.summary.Converted == 0 {
		t.Errorf("%d files converted; the summary says %d converted of %d valid, %d not converted", len(names), r.summary.Converted, r.summary.Valid, r.summary.NotConverted)
	}
	for _, want := range []string{"multi/csa/games-0-1.kif", "multi/usi/games-1-3.kif", "verbatim/a/00-8mai.kif", "single/kif-000/g00000.kif"} {
		if !slices.Contains(names, want) {
			t.Errorf("no converted file %s", want)
		}
	}
	data, err := os.ReadFile(filepath.Join(converted, "verbatim/a/00-8mai.kif"))
	if err != nil || !bytes.Contains(data, []byte("\x8e\xe8\x8d\x87\x8a\x84")) { // 手合割 in Shift_JIS
		t.Errorf("8mai.kif is not KIF in Shift_JIS: %v %q", err, data[:min(len(data), 60)])
	}
}

// TestPipelineArchive runs the full archive of 10 000 records strictly, converts it to
// CSA shards and writes its lines of play, and compares with shogi validate.
func TestPipelineArchive(t *testing.T) {
	records := 10000
	if testing.Short() {
		records = 2000
	}
	r := runArchive(t, records, []string{"*/*/*"}, pipeline.Options{To: record.CSA, Notation: "usi", Shards: 3})
	r.checkVerdicts(t)
	r.checkSummary(t)
	r.checkDuplicates(t)

	// The converted shards hold every valid record, the same games.
	if r.summary.Converted != r.summary.Valid {
		t.Errorf("%d of %d valid records converted", r.summary.Converted, r.summary.Valid)
	}
	shards, _ := filepath.Glob(filepath.Join(r.out, "converted", "part-*-of-00003.csa"))
	if len(shards) != 3 {
		t.Errorf("converted shards: %v", shards)
	}
	if diff := cmp.Diff(r.inputGames(t), gameKeys(t, filepath.Join(r.out, "converted", "*.csa"))); diff != "" {
		t.Errorf("games of the converted records (-inputs +converted)\n%.2000s", diff)
	}

	// A line of play per valid record: its name, a tab, its moves in USI.
	played := readLines(t, filepath.Join(r.out, "lines-*-of-00003.txt"))
	if len(played) != r.summary.Valid {
		t.Errorf("%d lines of play for %d valid records", len(played), r.summary.Valid)
	}
	for _, line := range played {
		name, moves, ok := strings.Cut(line, "\t")
		if !ok || !strings.HasPrefix(name, filepath.Dir(filepath.Dir(filepath.Dir(r.pattern)))) || strings.ContainsAny(moves, "▲△") {
			t.Errorf("line of play %q", line)
			break
		}
	}
}
