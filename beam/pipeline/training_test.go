package pipeline_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/beam/internal/archive"
	"github.com/kifu-go/shogi/beam/pipeline"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/packed"
)

// runPipeline runs the pipeline with o on Prism, its output in out.
func runPipeline(t *testing.T, o pipeline.Options, out string) {
	t.Helper()
	o.Output = out
	p, s := beam.NewPipelineWithRoot()
	if err := pipeline.Build(s, o); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatalf("prism: %v", err)
	}
	t.Logf("pipeline on Prism: %v", time.Since(start).Round(time.Millisecond))
}

// runShogi runs the shogi command with args, which writes to the file -o names; exit
// status 1 (a record invalid) is expected of the archive.
func runShogi(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command(shogiCommand(t), args...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = nil, &stderr
	if err := cmd.Run(); err != nil && (cmd.ProcessState == nil || cmd.ProcessState.ExitCode() > 1) {
		t.Fatalf("shogi %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
}

// entries splits data into its entries: of size bytes, or lines when size is 0.
func entries(data []byte, size int) []string {
	var out []string
	if size == 0 {
		for line := range bytes.Lines(data) {
			out = append(out, string(line))
		}
		return out
	}
	for i := 0; i+size <= len(data); i += size {
		out = append(out, string(data[i:i+size]))
	}
	return out
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// shards returns the training shards of a run, by name, and the entries of them all.
func shards(t *testing.T, out string, f packed.SampleFormat, n int) (map[string][]byte, []string) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(out, "training-*-of-*."+f.String()))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	var all []string
	for _, p := range paths {
		data := readFile(t, p)
		if f.Size() > 0 && len(data)%f.Size() != 0 {
			t.Errorf("%s: %d bytes, not whole %d-byte entries", p, len(data), f.Size())
		}
		files[filepath.Base(p)] = data
		all = append(all, entries(data, f.Size())...)
	}
	if len(paths) > n {
		t.Errorf("%d shards of %s, want at most %d: %v", len(paths), f, n, paths)
	}
	return files, all
}

// TestPipelineTrainingAndBook: on a generated archive, the training shards hold the
// entries shogi positions writes from the same inputs, byte for byte once sorted, in
// every format and with the filters and the de-duplication; the book is the one shogi
// book build writes, byte for byte; and a second run writes the same shards.
func TestPipelineTrainingAndBook(t *testing.T) {
	records := 1500
	if testing.Short() {
		records = 500
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	if _, err := archive.Generate(in, archive.Options{Records: records, Seed: 2, Sources: filepath.Join(repoRoot, "testdata", "records")}); err != nil {
		t.Fatal(err)
	}
	// Three inputs, not in the order of their names: a directory walked, a glob and a
	// file that the directory holds too (its records are met twice, as in shogi
	// positions).
	inputs := []string{filepath.Join(in, "single"), filepath.Join(in, "multi", "*", "*"), filepath.Join(in, "verbatim")}
	verbatim, err := filepath.Glob(filepath.Join(in, "verbatim", "*", "*"))
	if err != nil || len(verbatim) == 0 {
		t.Fatalf("no verbatim records: %v", err)
	}
	inputs = append(inputs, verbatim[0])

	endings := []shogi.EndingKind{shogi.EndResign, shogi.EndMate, shogi.EndNone}
	tests := []struct {
		name  string
		to    packed.SampleFormat
		flags []string
		o     pipeline.Options
		book  []string
	}{
		{name: "hcpe", to: packed.SampleHCPE,
			book: []string{"-to", "yaneuraou"}, o: pipeline.Options{Book: &pipeline.BookOptions{Kind: book.YaneuraOu, MinCount: 1}}},
		{name: "psv filtered, dedup", to: packed.SamplePSV,
			flags: []string{"-min-plies", "20", "-endings", "resign,mate,none", "-skip-first", "4", "-max-eval", "3000", "-dedup"},
			o: pipeline.Options{Filter: packed.Filter{MinPlies: 20, Endings: endings, SkipFirst: 4, ByEval: true, MaxEval: 3000}, Dedup: true,
				Book: &pipeline.BookOptions{Kind: book.Apery, MaxPly: 24, MinCount: 2, WinnerOnly: true}},
			book: []string{"-to", "apery", "-max-ply", "24", "-min-count", "2", "-winner-only"}},
		{name: "hcp dedup", to: packed.SampleHCP, flags: []string{"-dedup"}, o: pipeline.Options{Dedup: true}},
		{name: "psfen", to: packed.SamplePackedSfen, flags: []string{"-skip-first", "10"}, o: pipeline.Options{Filter: packed.Filter{SkipFirst: 10}}},
		{name: "sfen dedup", to: packed.SampleSFEN, flags: []string{"-dedup"}, o: pipeline.Options{Dedup: true},
			book: []string{"-to", "yaneuraou", "-max-ply", "16", "-min-count", "3"}},
		{name: "usi rated", to: packed.SampleUSI, flags: []string{"-min-rating", "1000"}, o: pipeline.Options{Filter: packed.Filter{ByRating: true, MinRating: 1000}}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.book != nil && tt.o.Book == nil {
				tt.o.Book = &pipeline.BookOptions{Kind: book.YaneuraOu, MaxPly: 16, MinCount: 3}
			}
			out := filepath.Join(dir, "out"+strconv.Itoa(i))
			tt.o.Inputs, tt.o.Training, tt.o.Shards = inputs, tt.to, 3
			runPipeline(t, tt.o, out)
			files, got := shards(t, out, tt.to, 3)

			cli := filepath.Join(dir, "cli"+strconv.Itoa(i))
			runShogi(t, append(append([]string{"positions", "-to", tt.to.String(), "-o", cli}, tt.flags...), inputs...)...)
			want := entries(readFile(t, cli), tt.to.Size())
			if len(want) == 0 {
				t.Fatal("shogi positions wrote nothing")
			}
			slices.Sort(got)
			slices.Sort(want)
			t.Logf("%d entries in %d shards", len(got), len(files))
			if len(got) != len(want) {
				t.Errorf("%d entries, shogi positions wrote %d", len(got), len(want))
			}
			if !slices.Equal(got, want) {
				t.Errorf("the entries differ from shogi positions'")
			}

			if tt.book != nil {
				name := "book.db"
				if tt.o.Book.Kind == book.Apery {
					name = "book.bin"
				}
				cliBook := filepath.Join(dir, "cli-book"+strconv.Itoa(i))
				runShogi(t, append(append([]string{"book", "build", "-o", cliBook}, tt.book...), inputs...)...)
				wantBook, gotBook := readFile(t, cliBook), readFile(t, filepath.Join(out, name))
				if len(wantBook) < 100 {
					t.Errorf("shogi book build wrote %d bytes", len(wantBook))
				}
				if !bytes.Equal(gotBook, wantBook) {
					if tt.o.Book.Kind == book.YaneuraOu {
						t.Errorf("the book differs from shogi book build's:\n%s", cmp.Diff(string(wantBook), string(gotBook)))
					} else {
						t.Errorf("the book differs from shogi book build's: %d bytes, want %d", len(gotBook), len(wantBook))
					}
				}
			}

			// The same inputs give the same shards.
			if i == 1 {
				again := filepath.Join(dir, "again")
				runPipeline(t, tt.o, again)
				files2, _ := shards(t, again, tt.to, 3)
				if !cmp.Equal(files, files2) {
					t.Error("a second run wrote other shards")
				}
			}
		})
	}
}
