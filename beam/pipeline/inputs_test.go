package pipeline

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"
	"github.com/google/go-cmp/cmp"
)

func match(t *testing.T, pattern string) []Input {
	t.Helper()
	var got []Input
	if err := (matchFn{}).ProcessElement(context.Background(), patternRef{Index: 3, Pattern: pattern}, func(in Input) { got = append(got, in) }); err != nil {
		t.Fatal(err)
	}
	// Each input has the pattern's index and its own place among the pattern's.
	for i := range got {
		if got[i].Pattern != 3 || got[i].File != i && got[i].Err == "" {
			t.Errorf("%s: input %d is at pattern %d, file %d", pattern, i, got[i].Pattern, got[i].File)
		}
		got[i].Pattern, got[i].File = 0, 0
	}
	return got
}

func TestMatchLocal(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a/x.kif", "a/notes.txt", "b/y.csa", "b/c/z.jkf"} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	at := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		pattern string
		want    []Input
	}{
		// A directory is walked as shogi validate walks it: a file without a record
		// extension is passed over, and said so.
		{dir, []Input{{Path: at("a/notes.txt"), Skipped: "no record extension"}, {Path: at("a/x.kif")}, {Path: at("b/c/z.jkf")}, {Path: at("b/y.csa")}}},
		// A glob is expanded; a file it names is taken whatever its name.
		{at("a/*"), []Input{{Path: at("a/notes.txt")}, {Path: at("a/x.kif")}}},
		{at("*/*.csa"), []Input{{Path: at("b/y.csa")}}},
		{at("b/*"), []Input{{Path: at("b/c/z.jkf")}, {Path: at("b/y.csa")}}},
		// Nothing there: an input that cannot be reached, with Walk's message.
		{at("none.kif"), []Input{{Path: at("none.kif"), Err: "stat " + at("none.kif") + ": no such file or directory"}}},
		{at("*/*.ki2"), []Input{{Path: at("*/*.ki2"), Err: "stat " + at("*/*.ki2") + ": no such file or directory"}}},
	} {
		if diff := cmp.Diff(tc.want, match(t, tc.pattern)); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tc.pattern, diff)
		}
	}
}

func TestMatchOtherFilesystems(t *testing.T) {
	memfs.Write("memfs://bucket/records/a.kif", []byte("x"))
	memfs.Write("memfs://bucket/records/b.csa", []byte("y"))
	memfs.Write("memfs://bucket/records/sub/", nil) // a directory marker
	memfs.Write("memfs://bucket/other/c.kif", []byte("z"))
	want := []Input{{Path: "memfs://bucket/records/a.kif"}, {Path: "memfs://bucket/records/b.csa"}}
	if diff := cmp.Diff(want, match(t, "memfs://bucket/records/*")); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	want = []Input{{Path: "memfs://bucket/none/*", Err: "memfs://bucket/none/*: no file matches"}}
	if diff := cmp.Diff(want, match(t, "memfs://bucket/none/*")); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if err := (matchFn{}).ProcessElement(context.Background(), patternRef{Pattern: "nofs://x/*"}, func(Input) {}); err == nil {
		t.Error("a pattern of an unknown filesystem matched")
	}
}

func TestOpenInput(t *testing.T) {
	memfs.Write("memfs://open/plain.csa", []byte("V2.2\n"))
	rc, err := openInput(context.Background(), "memfs://open/plain.csa")
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(rc)
	if err != nil || string(data) != "V2.2\n" || rc.Close() != nil {
		t.Errorf("%q, %v", data, err)
	}
	memfs.Write("memfs://open/bad.csa.gz", []byte("not gzip"))
	if _, err := openInput(context.Background(), "memfs://open/bad.csa.gz"); err == nil || !strings.Contains(err.Error(), "bad.csa.gz") {
		t.Errorf("a .gz file that is not gzip: %v", err)
	}
	if _, err := openInput(context.Background(), "memfs://open/none.kif"); err == nil {
		t.Error("opened a file that does not exist")
	}
}
