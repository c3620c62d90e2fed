package kif

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// TestSmallReads reads every fixture one byte and half a buffer at a time, so that line
// ends (CR LF split across reads included) and buffer compaction are exercised.
func TestSmallReads(t *testing.T) {
	for _, f := range fixtures {
		data := readTestdata(t, f.file)
		want, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for name, r := range map[string]func() *Reader{
			"one byte": func() *Reader { return NewReader(iotest.OneByteReader(bytes.NewReader(data))) },
			"half":     func() *Reader { return NewReader(iotest.HalfReader(bytes.NewReader(data))) },
			"data+EOF": func() *Reader { return NewReader(iotest.DataErrReader(bytes.NewReader(data))) },
		} {
			got, err := r().Read()
			if err != nil {
				t.Errorf("%s %s: %v", f.file, name, err)
				continue
			}
			if diff := diffRecords(want, got); diff != "" {
				t.Errorf("%s %s (-want +got):\n%s", f.file, name, diff)
			}
		}
	}
}

func TestReadErrorPassedOn(t *testing.T) {
	r := NewReader(iotest.TimeoutReader(strings.NewReader(strings.Repeat(kifHead, 5000))))
	if _, err := r.Read(); err != iotest.ErrTimeout {
		t.Errorf("got %v, want the reader's error", err)
	}
}

// TestVariationTree checks where each block of henka.kif lands: Kifu for Windows
// writes later branch points first, and a block belongs to the most recent line that
// holds its move number (formats.md §2.6).
func TestVariationTree(t *testing.T) {
	rec, err := Parse(readTestdata(t, "kif/henka.kif"))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, n := range flatten(rec).Nodes {
		if n.End != nil {
			paths = append(paths, n.Path+" "+n.End.Kind.String())
		}
	}
	want := []string{
		" 7g7f 8c8d 2g2f 8d8e 8h7g 3c3d 7i8h 4a3b 6i7h 2b7g+ 8h7g 7a6b interrupt",
		" 7g7f 8c8d |1 7i6h 3c3d 6g6f interrupt",
		" 7g7f 8c8d |2 2h6h 3c3d 6g6f interrupt",
		" 7g7f |1 3c3d interrupt",
		" |1 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b interrupt",
		" |1 2g2f |1 3c3d 7g7f 4c4d 3i4h interrupt",
	}
	slices.Sort(want)
	slices.Sort(paths)
	if !slices.Equal(paths, want) {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(paths, "\n"), strings.Join(want, "\n"))
	}
}

// TestDanglingVariationLenient: a block that branches from nowhere is skipped, and the
// blocks after it still land on the right line with the right position.
func TestDanglingVariationLenient(t *testing.T) {
	in := kifHead + "   1 ９六歩(97)\n   2 ９四歩(93)\n   3 ２六歩(27)\n\n変化：1手\n   1 ２六歩(27)\n   2 ９四歩(93)\n   3 ２五歩(26)\n\n変化：0手\n   0 ７六歩(77)\n\n変化：2手\n   2 ８四歩(83)\n   3 ２五歩(26)\n"
	r := NewReader(strings.NewReader(in))
	r.Lenient = true
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings()) != 1 || !errors.Is(r.Warnings()[0], ErrVariation) || r.Warnings()[0].Line != 12 {
		t.Errorf("warnings: %v", r.Warnings())
	}
	var paths []string
	for _, n := range flatten(rec).Nodes {
		paths = append(paths, n.Path)
	}
	if want := " |1 2g2f |1 8c8d 2f2e"; !slices.Contains(paths, want) {
		t.Errorf("no %q in %q", want, paths)
	}
	if _, err := Format(rec); err != nil {
		t.Error(err)
	}
}
