package archive

import (
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const sources = "../../../testdata/records"

// tree returns the hash of every file under dir, by path below it.
func tree(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	files := map[string][32]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[rel] = sha256.Sum256(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestGenerateIsDeterministicAndVaried(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	ma, err := Generate(a, Options{Records: 1500, Seed: 7, Sources: sources})
	if err != nil {
		t.Fatal(err)
	}
	mb, err := Generate(b, Options{Records: 1500, Seed: 7, Sources: sources})
	if err != nil {
		t.Fatal(err)
	}
	ta, tb := tree(t, a), tree(t, b)
	if diff := cmp.Diff(ta, tb); diff != "" {
		t.Errorf("two archives of one seed differ:\n%.2000s", diff)
	}
	// The manifests differ only in the directory.
	for _, d := range mb.Duplicates {
		for i := range d {
			rel, _ := filepath.Rel(b, d[i].Path)
			d[i].Path = filepath.Join(a, rel)
		}
	}
	if diff := cmp.Diff(ma, mb); diff != "" {
		t.Errorf("manifests (-first +second)\n%.2000s", diff)
	}

	m := ma
	if m.Records < 1500 || m.Records > 1500+3 || m.Files != len(ta) {
		t.Errorf("%d records in %d files; %d files on disk", m.Records, m.Files, len(ta))
	}
	for _, f := range []string{"kif", "ki2", "csa", "jkf", "usi", "sfen"} {
		if m.Formats[f] == 0 {
			t.Errorf("no %s record: %v", f, m.Formats)
		}
	}
	for _, code := range []string{"syntax", "no-piece", "false-mate"} {
		if m.Codes[code] == 0 {
			t.Errorf("no record broken with %s: %v", code, m.Codes)
		}
	}
	if m.ShiftJIS == 0 || m.BOM == 0 || m.MultiRecord < 6 || m.Empty != 2 || len(m.Duplicates) == 0 || m.Invalid == 0 || len(m.Handicaps) < 3 {
		t.Errorf("manifest: %+v", m)
	}
	if _, err := Generate(t.TempDir(), Options{Sources: t.TempDir()}); err == nil {
		t.Error("an archive from no sources")
	}
}
