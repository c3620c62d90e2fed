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

// emitted is what one call of judgeFn.ProcessElement emitted.
type emitted struct {
	files map[string][]string
	stats []Stats
	games map[string][]GameRef
}

func judge(t *testing.T, f *judgeFn, path string) emitted {
	t.Helper()
	if f.Shards == 0 {
		f.Shards = 1
	}
	if err := f.Setup(); err != nil {
		t.Fatal(err)
	}
	e := emitted{files: map[string][]string{}, games: map[string][]GameRef{}}
	f.ProcessElement(context.Background(), Input{Path: path},
		func(name string, data []byte) { e.files[name] = append(e.files[name], string(data)) },
		func(st Stats) { e.stats = append(e.stats, st) },
		func(key string, ref GameRef) { e.games[key] = append(e.games[key], ref) })
	return e
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
	e := judge(t, &judgeFn{To: "kif", Notation: "usi", Base: base}, path)

	// The verdict lines are record.Report's, in the one shard.
	var reports []record.Report
	for _, line := range e.files["verdicts-00000-of-00001.jsonl"] {
		var r record.Report
		if err := json.Unmarshal([]byte(line), &r); err != nil || !strings.HasSuffix(line, "}\n") {
			t.Fatalf("%v: %q", err, line)
		}
		reports = append(reports, r)
	}
	if len(reports) != 3 || !reports[0].OK || reports[1].OK || reports[1].Code != "no-piece" || !reports[2].OK {
		t.Errorf("verdicts: %+v", reports)
	}

	// Stats: the first marks the input; the valid ones say how they end.
	want := []Stats{
		{NewInput: true, Kind: KindRecord, Format: "csa", OK: true, Ending: "resign", Result: "white", Handicap: "平手", Moves: 2, Conversion: ConversionDone},
		{Kind: KindRecord, Format: "csa", Code: "no-piece"},
		{Kind: KindRecord, Format: "csa", OK: true, Ending: "interrupt", Result: "none", Handicap: "平手", Moves: 2, Conversion: ConversionDone},
	}
	if diff := cmp.Diff(want, e.stats); diff != "" {
		t.Errorf("stats (-want +got)\n%s", diff)
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
	if diff := cmp.Diff([]string{path + "#1\t7g7f 3c3d resign\n", path + "#3\t7g7f 3c3d break\n"}, lines); diff != "" {
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
	e := judge(t, &judgeFn{To: "csa", Base: filepath.Dir(path) + "/"}, path)
	lines := e.files["verdicts-00000-of-00001.jsonl"]
	if len(lines) != 1 || !strings.Contains(lines[0], `"format":"ki2","ok":true`) {
		t.Errorf("verdict of a gzipped KI2 file: %q", lines)
	}
	if len(e.files["converted/part-00000-of-00001.csa"]) != 1 {
		t.Errorf("outputs: %v", e.files)
	}

	path = writeTemp(t, "one.csa", []byte("V2.2\nPI\n+\n+7776FU\n%TORYO\n"))
	e = judge(t, &judgeFn{To: "ki2", Base: filepath.Dir(path) + "/"}, path)
	if _, ok := e.files["converted/one.ki2"]; !ok {
		t.Errorf("outputs: %v", e.files)
	}
}

func TestJudgeFnInputsWithoutRecords(t *testing.T) {
	// No file: a verdict of code "io", as shogi validate prints for a file it cannot read.
	missing := filepath.Join(t.TempDir(), "gone.kif")
	e := judge(t, &judgeFn{}, missing)
	var r record.Report
	lines := e.files["verdicts-00000-of-00001.jsonl"]
	if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &r) != nil || !r.InputFailed() || r.Path != missing ||
		!strings.Contains(r.Error, "no such file") || !cmp.Equal(e.stats, []Stats{{NewInput: true, Kind: KindInputError}}) {
		t.Errorf("a missing file: %q, %v", lines, e.stats)
	}

	// What the match passed over or could not reach is said so, as shogi validate says it.
	f := &judgeFn{Shards: 1}
	var got []string
	var stats []Stats
	for _, in := range []Input{{Path: "a/notes.txt", Skipped: "no record extension"}, {Path: "a/*.kif", Err: "stat a/*.kif: no such file or directory"}} {
		f.ProcessElement(context.Background(), in, func(_ string, data []byte) { got = append(got, string(data)) },
			func(st Stats) { stats = append(stats, st) }, func(string, GameRef) { t.Error("a game") })
	}
	wantLines := []string{
		`{"path":"a/notes.txt","skipped":"no record extension","ok":false,"moves":0}` + "\n",
		`{"path":"a/*.kif","ok":false,"error":"stat a/*.kif: no such file or directory","code":"io","moves":0}` + "\n",
	}
	if diff := cmp.Diff(wantLines, got); diff != "" || !cmp.Equal(stats, []Stats{{NewInput: true, Kind: KindSkipped}, {NewInput: true, Kind: KindInputError}}) {
		t.Errorf("(-want +got)\n%s\nstats %v", diff, stats)
	}

	// A file of only comments: skipped, "no record in it".
	path := writeTemp(t, "nothing.csa", []byte("' a comment\n"))
	e = judge(t, &judgeFn{}, path)
	want := `{"path":"` + path + `","skipped":"no record in it","ok":false,"moves":0}` + "\n"
	if diff := cmp.Diff(map[string][]string{"verdicts-00000-of-00001.jsonl": {want}}, e.files); diff != "" ||
		!cmp.Equal(e.stats, []Stats{{NewInput: true, Kind: KindSkipped}}) {
		t.Errorf("(-want +got)\n%s\nstats %v", diff, e.stats)
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
	s.add(Stats{NewInput: true, Kind: KindRecord, Format: "usi", OK: true, Ending: "none", Result: "none", Handicap: "平手", Moves: 4})
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
	e := judge(t, &judgeFn{Lenient: true, Notation: "japanese"}, path)
	if diff := cmp.Diff([]string{path + "#1\t1.☗7六歩\n"}, e.files["lines-00000-of-00001.txt"]); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if len(e.stats) != 1 || e.stats[0].Ending != "unread" || !e.stats[0].OK {
		t.Errorf("stats: %+v", e.stats)
	}
}
