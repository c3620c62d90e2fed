package record_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"pgregory.net/rapid"

	"github.com/kifu-go/shogi/record"
)

const inputKIF = "手合割：平手\n先手：甲\n後手：乙\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n"

func gzipped(t interface {
	Helper()
	Fatal(...any)
}, text []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write(text); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReaderDecodesInput: gzip data is decompressed and UTF-16 and UTF-32 text with a
// byte order mark decoded, whatever the name, and the record reads as its UTF-8 self.
func TestReaderDecodesInput(t *testing.T) {
	utf16le, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(inputKIF))
	if err != nil {
		t.Fatal(err)
	}
	utf16be, err := unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(inputKIF))
	if err != nil {
		t.Fatal(err)
	}
	utf32le, err := utf32.UTF32(utf32.LittleEndian, utf32.UseBOM).NewEncoder().Bytes([]byte(inputKIF))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"utf-8", []byte(inputKIF)},
		{"gzip", gzipped(t, []byte(inputKIF))},
		{"utf-16le", utf16le},
		{"utf-16be", utf16be},
		{"utf-32le", utf32le},
		{"gzip of utf-16", gzipped(t, utf16be)},
	}
	for _, tt := range tests {
		r := record.NewReader(bytes.NewReader(tt.data))
		r.Name = "game.kif"
		rec, err := r.Read()
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := len(rec.Moves()); got != 2 || r.InputFormat() != record.KIF {
			t.Errorf("%s: %d moves in %s, want 2 in kif", tt.name, got, r.InputFormat())
		}
		if v, _ := rec.Header.Get("先手"); v != "甲" {
			t.Errorf("%s: 先手 %q, want 甲", tt.name, v)
		}
		if _, err := r.Read(); err != io.EOF {
			t.Errorf("%s: after the record: %v, want io.EOF", tt.name, err)
		}
	}
}

// TestReaderNamesWhatIsNotText: binary data, archives and other compressions are
// named, with code "io" (the input cannot be read), never taken for a broken record.
func TestReaderNamesWhatIsNotText(t *testing.T) {
	tarHead := make([]byte, 600)
	copy(tarHead, "game.kif")
	copy(tarHead[257:], "ustar\x0000")
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"binary", []byte("\x7fELF\x02\x01\x01\x00\x00\x00"), "binary data (a NUL byte at offset 7"},
		{"utf-16 without bom", []byte("#\x00K\x00I\x00F\x00"), "binary data (a NUL byte at offset 1"},
		{"zip", []byte("PK\x03\x04\x14\x00\x00\x00"), "a zip archive"},
		{"xz", []byte("\xfd7zXZ\x00\x00\x04"), "xz-compressed data"},
		{"bzip2", []byte("BZh91AY&SY"), "bzip2-compressed data"},
		{"tar", tarHead, "a tar archive"},
		{"gzip of gzip", gzipped(t, gzipped(t, []byte(inputKIF))), "gzip data inside gzip data"},
	}
	for _, tt := range tests {
		r := record.NewReader(bytes.NewReader(tt.data))
		_, err := r.Read()
		var re *record.Error
		if !errors.Is(err, record.ErrNotText) || !errors.As(err, &re) || re.Code() != "io" || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want ErrNotText naming %q with code io", tt.name, err, tt.want)
		}
		if _, err := r.Read(); err != io.EOF {
			t.Errorf("%s: after the error: %v, want io.EOF", tt.name, err)
		}
	}
	// A broken gzip stream is an input that cannot be read.
	data := gzipped(t, []byte(inputKIF))
	r := record.NewReader(bytes.NewReader(data[:len(data)-6]))
	_, err := r.Read()
	var re *record.Error
	if !errors.As(err, &re) || re.Code() != "io" {
		t.Errorf("cut gzip: %v, want an error with code io", err)
	}
}

// countReader counts the bytes read from it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// TestReaderStopsDecompressionBombs: gzip data that expands past MaxExpansion times its
// size fails with ErrExpansion once ExpansionAllowance bytes are out, having read no
// more of the compressed input than that takes (counted, here 1 GiB of blank lines
// from 3 MiB of gzip).
func TestReaderStopsDecompressionBombs(t *testing.T) {
	member := gzipped(t, bytes.Repeat([]byte(strings.Repeat(" ", 1023)+"\n"), 1<<10)) // 1 MiB of blank lines in about 3 KiB
	const members = 1024                                                              // 1 GiB once decompressed
	bomb := bytes.Repeat(member, members)
	in := &countReader{r: bytes.NewReader(bomb)}
	r := record.NewReader(in)
	r.Name = "bomb.sfen.gz"
	r.Format = record.SFEN
	r.MaxRecordBytes = -1 // blank lines count towards a record's bound: without one, the expansion bound is what stops the read
	_, err := r.Read()
	var re *record.Error
	if !errors.Is(err, record.ErrExpansion) || !errors.As(err, &re) || re.Code() != "io" {
		t.Fatalf("%v, want ErrExpansion with code io", err)
	}
	// The allowance is 64 MiB, 64 members; the reader reads ahead by its buffers.
	if limit := int64(80 * len(member)); in.n > limit {
		t.Errorf("read %d compressed bytes before stopping, want at most %d (%d members of %d bytes)", in.n, limit, 80, len(member))
	}
	t.Logf("stopped after %d of %d compressed bytes", in.n, len(bomb))
}

// TestFormatOfCompressedName: a record extension followed by .gz names the format.
func TestFormatOfCompressedName(t *testing.T) {
	for name, want := range map[string]record.Format{
		"a.kif.gz": record.KIF, "a.CSA.GZ": record.CSA, "a.gz": record.Unknown, "a.kif": record.KIF,
	} {
		if got := record.FormatOfName(name); got != want {
			t.Errorf("FormatOfName(%q) = %s, want %s", name, got, want)
		}
	}
}

// TestOpenGzipFile: Open reads a .kif.gz file as its record, its format detected.
func TestOpenGzipFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.kif.gz")
	if err := os.WriteFile(path, gzipped(t, []byte(inputKIF)), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := record.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Moves()) != 2 {
		t.Errorf("%d moves, want 2", len(rec.Moves()))
	}
}

// zeros is /dev/zero, counting the bytes read from it.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += int64(len(p))
	return len(p), nil
}

// TestReaderStopsAtBinaryHead: an endless input of NUL bytes (shogi validate /dev/zero)
// is named binary having read no more than the head Detect looks at.
func TestReaderStopsAtBinaryHead(t *testing.T) {
	z := &zeros{}
	r := record.NewReader(z)
	if _, err := r.Read(); !errors.Is(err, record.ErrNotText) {
		t.Fatalf("%v, want ErrNotText", err)
	}
	if z.n > record.DetectLength {
		t.Errorf("read %d bytes, want at most %d", z.n, record.DetectLength)
	}
}

// TestDecodedInputProperty: a random game written in any format reads back the same
// from its text as it is, gzip-compressed, and as UTF-16 (either byte order) or UTF-32
// with a byte order mark.
func TestDecodedInputProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := randomGame(t)
		format := rapid.SampledFrom([]record.Format{record.KIF, record.KI2, record.CSA, record.JKF, record.USI}).Draw(t, "format")
		text, err := record.Marshal(rec, format)
		if err != nil {
			t.Fatal(err)
		}
		le, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes(text)
		be, _ := unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewEncoder().Bytes(text)
		u32, _ := utf32.UTF32(utf32.BigEndian, utf32.UseBOM).NewEncoder().Bytes(text)
		var want []string
		for i, data := range [][]byte{text, gzipped(t, text), le, be, u32, gzipped(t, le)} {
			r := record.NewReader(bytes.NewReader(data))
			r.Name = "game" + format.Extension() // KI2 without moves reads as KIF without it
			got, err := r.Read()
			if err != nil {
				t.Fatalf("input %d: %v", i, err)
			}
			if r.InputFormat() != format {
				t.Fatalf("input %d: read as %s, want %s", i, r.InputFormat(), format)
			}
			var moves []string
			for _, m := range got.Moves() {
				moves = append(moves, m.String())
			}
			if i == 0 {
				want = moves
			} else if diff := cmp.Diff(want, moves); diff != "" {
				t.Fatalf("input %d: moves (-want +got)\n%s", i, diff)
			}
		}
	})
}
