//go:build unix

package record_test

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi/record"
)

func TestWalk(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a/1.kif", "a/2.CSA", "a/README.md", "b/c/3.jkf", "b/notes.json", "top.usi"} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fifo := filepath.Join(dir, "a", "pipe.kif")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	type row struct{ Path, Root, Skipped string }
	var got []row
	var errs int
	for e := range record.Walk(filepath.Join(dir, "a"), filepath.Join(dir, "b"), fifo, "-", filepath.Join(dir, "*.usi"), filepath.Join(dir, "missing")) {
		if e.Err != nil {
			errs++
			if e.Path != filepath.Join(dir, "missing") {
				t.Errorf("error for %s: %v", e.Path, e.Err)
			}
			continue
		}
		rel := e.Path
		if r, err := filepath.Rel(dir, e.Path); err == nil && e.Path != "-" {
			rel = r
		}
		root := ""
		if e.Root != "" {
			root, _ = filepath.Rel(dir, e.Root)
		}
		got = append(got, row{rel, root, e.Skipped})
	}
	want := []row{
		{"a/1.kif", "a", ""},
		{"a/2.CSA", "a", ""},
		{"a/README.md", "a", "no record extension"},
		{"a/pipe.kif", "a", "not a regular file"},
		{"b/c/3.jkf", "b", ""},
		{"b/notes.json", "b", "no record extension"},
		{"a/pipe.kif", "", ""}, // named itself: taken whatever its kind
		{"-", "", ""},
		{"top.usi", "", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if errs != 1 {
		t.Errorf("%d errors, want 1 (the missing path)", errs)
	}
	// Stopping early stops the walk.
	n := 0
	for range record.Walk(filepath.Join(dir, "a")) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break: %d entries", n)
	}
}

func TestOpenRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.kif")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	// Open must refuse it without opening it: opening a FIFO for reading blocks until a
	// writer comes, and none comes here.
	if _, err := record.Open(fifo); err == nil {
		t.Fatal("Open of a FIFO succeeded")
	} else if !errors.Is(err, record.ErrNotRegular) {
		t.Errorf("Open of a FIFO: %v, want ErrNotRegular", err)
	}
}

// TestWalkFollowsNamedLinks: a link to a directory named itself is walked, its files
// under the link's name; links to directories found inside are passed over, so a link
// back up the tree (a loop) ends nothing and repeats nothing.
func TestWalkFollowsNamedLinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.MkdirAll(filepath.Join(real, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"1.kif", "sub/2.csa.gz"} {
		if err := os.WriteFile(filepath.Join(real, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink("..", filepath.Join(real, "sub", "loop")); err != nil {
		t.Fatal(err)
	}
	type row struct{ Path, Root, Skipped string }
	var got []row
	for e := range record.Walk(link) {
		if e.Err != nil {
			t.Fatalf("%s: %v", e.Path, e.Err)
		}
		rel, _ := filepath.Rel(dir, e.Path)
		root, _ := filepath.Rel(dir, e.Root)
		got = append(got, row{rel, root, e.Skipped})
	}
	want := []row{
		{"link/1.kif", "link", ""},
		{"link/sub/2.csa.gz", "link", ""},
		{"link/sub/loop", "link", "a link to a directory (links inside a directory are not followed)"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Walk (-want +got):\n%s", diff)
	}
}
