package pipeline

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/record"
)

// emitted is what one bundle of judgeFn emitted.
type emitted struct {
	files     map[string][]string
	summaries []*Summary
	games     map[string][]GameRef
	training  map[string][]TrainingChunk
	dedup     map[string][]DedupBatch
	counts    map[string][]PositionCounts // the book's batches' entries, by position
}

// judge runs a bundle of judgeFn on the inputs.
func judge(t *testing.T, f *judgeFn, inputs ...Input) emitted {
	t.Helper()
	if f.Shards == 0 {
		f.Shards = 1
	}
	if err := f.Setup(); err != nil {
		t.Fatal(err)
	}
	e := emitted{files: map[string][]string{}, games: map[string][]GameRef{}, training: map[string][]TrainingChunk{},
		dedup: map[string][]DedupBatch{}, counts: map[string][]PositionCounts{}}
	files := func(name string, data []byte) { e.files[name] = append(e.files[name], string(data)) }
	summaries := func(s *Summary) { e.summaries = append(e.summaries, s) }
	games := func(key string, ref GameRef) { e.games[key] = append(e.games[key], ref) }
	training := func(key string, c TrainingChunk) { e.training[key] = append(e.training[key], c) }
	dedup := func(key string, b DedupBatch) { e.dedup[key] = append(e.dedup[key], b) }
	counts := func(_ string, b BookBatch) {
		for _, c := range b.Entries {
			e.counts[c.Key] = append(e.counts[c.Key], c.Counts)
		}
	}
	ctx := context.Background()
	f.StartBundle(ctx, files, summaries, games, training, dedup, counts)
	for _, in := range inputs {
		f.ProcessElement(ctx, in, files, summaries, games, training, dedup, counts)
	}
	f.FinishBundle(ctx, files, summaries, games, training, dedup, counts)
	if len(e.summaries) != 1 {
		t.Fatalf("%d summaries for a bundle", len(e.summaries))
	}
	return e
}

// summaryOf returns the Summary of stats, finished.
func summaryOf(stats ...recordStats) *Summary {
	s := newSummary()
	for _, st := range stats {
		s.add(st)
	}
	return s
}

// threeGames is a CSA file whose second game has an illegal third move.
const threeGames = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nV2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n/\nV2.2\nPI\n+\n+7776FU\n-3334FU\n%CHUDAN\n"

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestJudgeFnEmitsVerdictsStatsGamesAndConversions(t *testing.T) {
	path := writeTemp(t, "three.csa", []byte(threeGames))
	base := filepath.Dir(path) + "/"
	e := judge(t, &judgeFn{To: "kif", Notation: "usi", Base: base}, Input{Path: path})

	// The verdict lines are record.Report's, in the one shard, in one chunk.
	var reports []record.Report
	if chunks := e.files["verdicts-00000-of-00001.jsonl"]; len(chunks) != 1 {
		t.Fatalf("verdict chunks: %q", chunks)
	}
	for line := range strings.Lines(e.files["verdicts-00000-of-00001.jsonl"][0]) {
		var r record.Report
		if err := json.Unmarshal([]byte(line), &r); err != nil || !strings.HasSuffix(line, "}\n") {
			t.Fatalf("%v: %q", err, line)
		}
		reports = append(reports, r)
	}
	if len(reports) != 3 || !reports[0].OK || reports[1].OK || reports[1].Code != "no-piece" || !reports[2].OK {
		t.Errorf("verdicts: %+v", reports)
	}

	// The summary: one input; the valid records say how they end.
	want := summaryOf(
		recordStats{NewInput: true, Kind: kindRecord, Format: "csa", OK: true, Ending: "resign", Result: "white", Handicap: "平手", Moves: 2, Conversion: conversionDone},
		recordStats{Kind: kindRecord, Format: "csa", Code: "no-piece"},
		recordStats{Kind: kindRecord, Format: "csa", OK: true, Ending: "interrupt", Result: "none", Handicap: "平手", Moves: 2, Conversion: conversionDone},
	)
	if diff := cmp.Diff(want, e.summaries[0]); diff != "" {
		t.Errorf("summary (-want +got)\n%s", diff)
	}

	// Games 1 and 3 are one game (the ending does not count): one key, two places.
	if len(e.games) != 1 {
		t.Fatalf("games: %v", e.games)
	}
	for key, refs := range e.games {
		start := "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
		if diff := cmp.Diff([]GameRef{{path, 1, 2, start}, {path, 3, 2, start}}, refs); diff != "" || len(key) != 32 {
			t.Errorf("key %q (-want +got)\n%s", key, diff)
		}
	}

	// KIF holds one record per file: "-N" names the records of an input of several.
	if got := slices.Sorted(mapKeys(e.files, "converted/")); !slices.Equal(got, []string{"converted/three-1.kif", "converted/three-3.kif"}) {
		t.Errorf("converted files: %v", got)
	}
	if text := e.files["converted/three-1.kif"]; len(text) != 1 || !strings.Contains(text[0], "投了") {
		t.Errorf("three-1.kif: %q", text)
	}

	// The lines of play: name#N, a tab, the moves and ending in USI.
	lines := e.files["lines-00000-of-00001.txt"]
	if diff := cmp.Diff([]string{path + "#1\t7g7f 3c3d resign\n" + path + "#3\t7g7f 3c3d break\n"}, lines); diff != "" {
		t.Errorf("lines (-want +got)\n%s", diff)
	}
}

func mapKeys(m map[string][]string, prefix string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if strings.HasPrefix(k, prefix) && !yield(k) {
				return
			}
		}
	}
}

func TestJudgeFnOneRecordAndGzip(t *testing.T) {
	// A single record is converted without "-N"; a .gz file is read uncompressed, and its
	// name without .gz breaks the tie of KI2 or KIF.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("先手：a\n後手：b\n"))
	zw.Close()
	path := writeTemp(t, "empty-moves.ki2.gz", gz.Bytes())
	e := judge(t, &judgeFn{To: "csa", Base: filepath.Dir(path) + "/"}, Input{Path: path})
	lines := e.files["verdicts-00000-of-00001.jsonl"]
	if len(lines) != 1 || !strings.Contains(lines[0], `"format":"ki2","ok":true`) {
		t.Errorf("verdict of a gzipped KI2 file: %q", lines)
	}
	if len(e.files["converted/part-00000-of-00001.csa"]) != 1 {
		t.Errorf("outputs: %v", e.files)
	}

	path = writeTemp(t, "one.csa", []byte("V2.2\nPI\n+\n+7776FU\n%TORYO\n"))
	e = judge(t, &judgeFn{To: "ki2", Base: filepath.Dir(path) + "/"}, Input{Path: path})
	if _, ok := e.files["converted/one.ki2"]; !ok {
		t.Errorf("outputs: %v", e.files)
	}
}

func TestJudgeFnInputsWithoutRecords(t *testing.T) {
	// No file: a verdict of code "io", as shogi validate prints for a file it cannot read.
	missing := filepath.Join(t.TempDir(), "gone.kif")
	e := judge(t, &judgeFn{}, Input{Path: missing})
	var r record.Report
	lines := e.files["verdicts-00000-of-00001.jsonl"]
	if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &r) != nil || !r.InputFailed() || r.Path != missing ||
		!strings.Contains(r.Error, "no such file") || !cmp.Equal(e.summaries[0], summaryOf(recordStats{NewInput: true, Kind: kindInputError})) {
		t.Errorf("a missing file: %q, %+v", lines, e.summaries[0])
	}

	// Nothing of a record could be read: an invalid record without moves.
	cut := writeTemp(t, "cut.jkf", []byte(`{"header":{},"moves":[{},{"move":`))
	e = judge(t, &judgeFn{To: "csa", Notation: "usi"}, Input{Path: cut})
	lines = e.files["verdicts-00000-of-00001.jsonl"]
	if len(lines) != 1 || !strings.Contains(lines[0], `"code":"syntax","line":1`) || len(e.games) != 0 || len(e.files) != 1 ||
		!cmp.Equal(e.summaries[0], summaryOf(recordStats{NewInput: true, Kind: kindRecord, Format: "jkf", Code: "syntax"})) {
		t.Errorf("a JKF file cut short: %q, %+v", lines, e.summaries[0])
	}

	// What the match passed over or could not reach is said so, as shogi validate says
	// it; so is a file of only comments: "no record in it".
	empty := writeTemp(t, "nothing.csa", []byte("' a comment\n"))
	e = judge(t, &judgeFn{},
		Input{Path: "a/notes.txt", Skipped: "no record extension"},
		Input{Path: "a/*.kif", Err: "stat a/*.kif: no such file or directory"},
		Input{Path: empty})
	want := `{"path":"a/notes.txt","skipped":"no record extension","ok":false,"moves":0}` + "\n" +
		`{"path":"a/*.kif","ok":false,"error":"stat a/*.kif: no such file or directory","code":"io","moves":0}` + "\n" +
		`{"path":"` + empty + `","skipped":"no record in it","ok":false,"moves":0}` + "\n"
	if diff := cmp.Diff(map[string][]string{"verdicts-00000-of-00001.jsonl": {want}}, e.files); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	wantSummary := summaryOf(recordStats{NewInput: true, Kind: kindSkipped}, recordStats{NewInput: true, Kind: kindInputError}, recordStats{NewInput: true, Kind: kindSkipped})
	if diff := cmp.Diff(wantSummary, e.summaries[0]); diff != "" {
		t.Errorf("summary (-want +got)\n%s", diff)
	}
}

// TestJudgeFnBatchesLines: a bundle's lines of one file are emitted in chunks of about
// maxChunk, the rest at the end of the bundle.
func TestJudgeFnBatchesLines(t *testing.T) {
	var text strings.Builder
	for range 4000 {
		text.WriteString("position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2f 3c3d\n")
	}
	path := writeTemp(t, "many.usi", []byte(text.String()))
	e := judge(t, &judgeFn{}, Input{Path: path})
	chunks := e.files["verdicts-00000-of-00001.jsonl"]
	total := 0
	for i, c := range chunks {
		total += strings.Count(c, "\n")
		if !strings.HasSuffix(c, "}\n") || i < len(chunks)-1 && (len(c) < maxChunk || len(c) > maxChunk+1000) {
			t.Errorf("chunk %d: %d bytes, ends %q", i, len(c), c[max(0, len(c)-10):])
		}
	}
	if len(chunks) < 2 || total != 4000 || e.summaries[0].Records != 4000 {
		t.Errorf("%d chunks of %d lines; summary of %d records", len(chunks), total, e.summaries[0].Records)
	}
}

func TestWriteFn(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, chunks ...string) string {
		t.Helper()
		i := 0
		next := func(c *[]byte) bool {
			if i == len(chunks) {
				return false
			}
			*c, i = []byte(chunks[i]), i+1
			return true
		}
		if err := (&writeFn{Output: dir}).ProcessElement(context.Background(), name, next); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for _, tc := range []struct {
		name   string
		chunks []string
		want   string
	}{
		{"verdicts-00000-of-00001.jsonl", []string{"{}\n", "{}\n"}, "{}\n{}\n"},
		{"converted/part-00000-of-00002.csa", []string{"V2.2\n+\n", "V2.2\n-\n"}, "V2.2\n+\n/\nV2.2\n-\n"},
		{"converted/a/b/x.kif", []string{"first\n", "copy\n"}, "first\n"},
		{"lines-00000-of-00001.txt", nil, ""},
	} {
		if got := write(tc.name, tc.chunks...); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestWriteSummaryFn(t *testing.T) {
	dir := t.TempDir()
	iter := func(items ...*Summary) func(**Summary) bool {
		return func(s **Summary) bool {
			if len(items) == 0 {
				return false
			}
			*s, items = items[0], items[1:]
			return true
		}
	}
	noDups := func(*DuplicateCounts) bool { return false }
	// Nothing was counted (no file matched): a summary of zeros all the same.
	if err := (&writeSummaryFn{Output: dir}).ProcessElement(context.Background(), nil, iter(), noDups); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSummary(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(newSummary(), got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}

	s := newSummary()
	s.add(recordStats{NewInput: true, Kind: kindRecord, Format: "usi", OK: true, Ending: "none", Result: "none", Handicap: "平手", Moves: 4})
	dups := []DuplicateCounts{{Games: 2, Records: 5}}
	next := func(d *DuplicateCounts) bool {
		if len(dups) == 0 {
			return false
		}
		*d, dups = dups[0], dups[1:]
		return true
	}
	if err := (&writeSummaryFn{Output: dir + "/"}).ProcessElement(context.Background(), nil, iter(s), next); err != nil {
		t.Fatal(err)
	}
	if got, err = ReadSummary(context.Background(), dir); err != nil {
		t.Fatal(err)
	}
	if got.Records != 1 || got.Lengths.Median != 4 || got.Lengths.Mean != 4 || got.Duplicates != (DuplicateCounts{2, 5}) {
		t.Errorf("summary: %+v", got)
	}
}

func TestOptionsCheck(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		says string
	}{
		{Options{Inputs: []string{"a/*"}, Output: "out"}, ""},
		{Options{Output: "out"}, "no input"},
		{Options{Inputs: []string{" "}, Output: "out"}, "an empty input pattern"},
		{Options{Inputs: []string{"a/*"}}, "no output prefix"},
		{Options{Inputs: []string{"a/*"}, Output: "out", ShiftJIS: true, To: record.JKF}, "Shift_JIS goes with conversion to kif, ki2 or csa, not jkf"},
		{Options{Inputs: []string{"a/*"}, Output: "out", ShiftJIS: true, To: record.CSA}, ""},
		{Options{Inputs: []string{"a/*"}, Output: "out", Notation: "pgn"}, `unknown notation "pgn"`},
		{Options{Inputs: []string{"a/*"}, Output: "out", Shards: -1}, "-1 shards"},
	} {
		err := tc.o.check()
		switch {
		case tc.says == "" && err != nil:
			t.Errorf("%+v: %v", tc.o, err)
		case tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says) || !strings.HasPrefix(err.Error(), "pipeline: ")):
			t.Errorf("%+v: %v, want it to say %q", tc.o, err, tc.says)
		}
	}
}

func TestJudgeFnLineWithoutAWordForItsEnding(t *testing.T) {
	// Leniently, the line stops at the illegal move with an ending of kind "unread",
	// which no notation has a word for: the line of play is written without it.
	path := writeTemp(t, "stops.usi", []byte("position startpos moves 7g7f 7g7f\n"))
	e := judge(t, &judgeFn{Lenient: true, Notation: "japanese"}, Input{Path: path})
	if diff := cmp.Diff([]string{path + "#1\t1.☗7六歩\n"}, e.files["lines-00000-of-00001.txt"]); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if s := e.summaries[0]; s.Valid != 1 || s.Endings["unread"] != 1 {
		t.Errorf("summary: %+v", s)
	}
}
