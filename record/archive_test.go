package record_test

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/record"
)

// writeZip writes a zip archive of the members (name, text) at path, compressed at the
// best level.
func writeZip(t testing.TB, path string, members ...[2]string) {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	w.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	for _, m := range members {
		f, err := w.Create(m[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(f, m[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWalkZip: a Walker with Archives walks a zip named itself, or found in a
// directory, as a directory of its members, each read through Open with its Source
// naming archive and member; Walk alone takes a named zip as a file.
func TestWalkZip(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.zip")
	writeZip(t, games,
		[2]string{"2019/b.usi", "position startpos moves 7g7f\n"},
		[2]string{"2019/a.kif", inputKIF},
		[2]string{"README.txt", "about"},
		[2]string{"2019/", ""},
	)
	writeZip(t, filepath.Join(dir, "tree", "more.zip"), [2]string{"c.csa", "V2.2\nPI\n+\n+7776FU\n"})
	type row struct{ Path, Root, Member, Skipped string }
	var got []row
	var paths []string
	for e := range (record.Walker{Archives: true}).Walk(games, filepath.Join(dir, "tree")) {
		if e.Err != nil {
			t.Fatalf("%s: %v", e.Path, e.Err)
		}
		rel, _ := filepath.Rel(dir, e.Path)
		root, _ := filepath.Rel(dir, e.Root)
		got = append(got, row{rel, root, e.Member, e.Skipped})
		if e.Skipped != "" {
			continue
		}
		rc, err := e.Open()
		if err != nil {
			t.Fatal(err)
		}
		r := record.NewReader(rc)
		r.Name = e.Path
		if _, err := r.Read(); err != nil {
			t.Errorf("%s: %v", e.Path, err)
		}
		paths = append(paths, r.Source().Path)
		rc.Close()
	}
	want := []row{
		{"games.zip:2019/a.kif", ".", "2019/a.kif", ""},
		{"games.zip:2019/b.usi", ".", "2019/b.usi", ""},
		{"games.zip:README.txt", ".", "README.txt", "no record extension"},
		{"tree/more.zip:c.csa", "tree", "c.csa", ""},
	}
	for i := range want[:3] {
		want[i].Root = "" // a zip named itself has no Root
		got[i].Root = strings.TrimPrefix(got[i].Root, "..")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Walk (-want +got):\n%s", diff)
	}
	if len(paths) != 3 || paths[0] != games+":2019/a.kif" {
		t.Errorf("sources %q", paths)
	}
	for e := range record.Walk(games) {
		if e.Path != games || e.Open != nil {
			t.Errorf("Walk without archives: %+v", e)
		}
	}
}

// TestZipBomb: a member that expands past MaxExpansion times its compressed size (and
// ExpansionAllowance) fails with ErrExpansion there: counted, no more than the
// allowance and one read's buffer is decompressed.
func TestZipBomb(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bomb.zip")
	writeRawZip(t, path, "bomb.sfen", spaces(t, 1<<20, 256)) // 256 MiB from about 260 KiB
	info, _ := os.Stat(path)
	for e := range (record.Walker{Archives: true}).Walk(path) {
		rc, err := e.Open()
		if err != nil {
			t.Fatal(err)
		}
		n, err := io.Copy(io.Discard, rc)
		rc.Close()
		if !errors.Is(err, record.ErrExpansion) {
			t.Fatalf("%v after %d bytes, want ErrExpansion", err, n)
		}
		if n > record.ExpansionAllowance {
			t.Errorf("read %d bytes of the member, want at most %d", n, record.ExpansionAllowance)
		}
		t.Logf("stopped after %d bytes from an archive of %d", n, info.Size())
	}
}

// TestWalkZipErrors: a file named .zip that is no archive is an Entry with Err.
func TestWalkZipErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "not.zip")
	if err := os.WriteFile(path, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	n := 0
	for e := range (record.Walker{Archives: true}).Walk(path) {
		n++
		if e.Err == nil || !strings.Contains(e.Err.Error(), "not.zip") {
			t.Errorf("%+v, want an error naming the archive", e)
		}
	}
	if n != 1 {
		t.Errorf("%d entries, want 1", n)
	}
}

// spaces returns a deflate stream of n chunks of size spaces each, made from the
// compressed chunk repeated: once its window is full, a flate.Writer flushed after each
// chunk writes the same bytes for each.
func spaces(t testing.TB, size, n int) []byte {
	t.Helper()
	var b, out bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	chunk := []byte(strings.Repeat(" ", size))
	var first, again []byte
	for i := range 3 {
		w.Write(chunk)
		w.Flush()
		switch i {
		case 0:
			first = bytes.Clone(b.Bytes())
		case 1:
			again = bytes.Clone(b.Bytes())
		case 2:
			if !bytes.Equal(again, b.Bytes()) {
				t.Fatal("the flushed chunks differ")
			}
		}
		b.Reset()
	}
	out.Write(first)
	for range n - 1 {
		out.Write(again)
	}
	w.Close()
	out.Write(b.Bytes()) // the final block, after the third chunk: its bytes do not matter
	return out.Bytes()
}

// writeRawZip writes a zip archive of one member whose deflate stream is given.
func writeRawZip(t testing.TB, path, name string, deflated []byte) {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	f, err := w.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CompressedSize64: uint64(len(deflated)), UncompressedSize64: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(deflated); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeTar writes a tar archive of the members (name, text) at path, gzip-compressed
// when the name says so.
func writeTar(t testing.TB, path string, members ...[2]string) {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, m := range members {
		if err := tw.WriteHeader(&tar.Header{Name: m[0], Mode: 0o644, Size: int64(len(m[1])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		io.WriteString(tw, m[1])
	}
	tw.Close()
	data := b.Bytes()
	if !strings.HasSuffix(path, ".tar") {
		data = gzipped(t, data)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWalkTar: a tar archive, plain or gzip-compressed, is walked in its order, its
// record members read through Open; a member past MaxMemberBytes is an Entry with Err.
func TestWalkTar(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"games.tar", "games.tar.gz", "games.tgz"} {
		path := filepath.Join(dir, name)
		writeTar(t, path,
			[2]string{"b/1.usi", "position startpos moves 7g7f\n"},
			[2]string{"a.kif", inputKIF},
			[2]string{"big.csa", "V2.2\nPI\n+\n" + strings.Repeat("'comment\n", 200)},
			[2]string{"notes", "x"},
		)
		type row struct{ Member, Skipped string }
		var got []row
		moves := 0
		for e := range (record.Walker{Archives: true, MaxMemberBytes: 1000}).Walk(path) {
			if e.Err != nil {
				if e.Member != "big.csa" || !strings.Contains(e.Err.Error(), "larger than 1000") {
					t.Errorf("%s: %v", e.Path, e.Err)
				}
				got = append(got, row{e.Member, "error"})
				continue
			}
			got = append(got, row{e.Member, e.Skipped})
			if e.Open == nil {
				continue
			}
			if e.Path != path+":"+e.Member {
				t.Errorf("path %q", e.Path)
			}
			rc, _ := e.Open()
			r := record.NewReader(rc)
			rec, err := r.Read()
			if err != nil {
				t.Fatalf("%s: %v", e.Path, err)
			}
			moves += len(rec.Moves())
		}
		want := []row{{"b/1.usi", ""}, {"a.kif", ""}, {"big.csa", "error"}, {"notes", "no record extension"}}
		if diff := cmp.Diff(want, got); diff != "" || moves != 3 {
			t.Errorf("%s: %d moves; (-want +got)\n%s", name, moves, diff)
		}
	}
}
