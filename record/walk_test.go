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
