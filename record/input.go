package record

// What a Reader does with its input before it detects the format. The head of the input
// (its first DetectLength bytes) decides, in this order:
//   - gzip data (the bytes 1f 8b) is decompressed as it is read, whatever the input's
//     name; a stream that expands more than MaxExpansion times its compressed size,
//     once past ExpansionAllowance bytes, is an ErrExpansion error (a decompression
//     bomb) at that point;
//   - a UTF-16 or UTF-32 byte order mark: the text is decoded to UTF-8 as it is read;
//   - other compressed data and archives (zip, bzip2, xz, zstd, 7z, tar) and any head
//     holding a NUL byte are not text: an ErrNotText error that names what was seen.
// Shift_JIS and UTF-8 are told apart later, by each format's reader.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

var (
	// ErrNotText: the input is not the text of a record (binary data, an archive, data
	// compressed in a way the Reader does not decompress); the error says what it is.
	ErrNotText = errors.New("record: not a record's text")
	// ErrExpansion: a compressed input expands more than MaxExpansion times its size.
	ErrExpansion = errors.New("record: compressed input expands too much")
)

const (
	// MaxExpansion is how many times its compressed size a gzip input may expand to,
	// once it has given ExpansionAllowance bytes. Text records compress 5 to 30 times;
	// deflate's largest ratio is about 1032.
	MaxExpansion = 200
	// ExpansionAllowance is how much a gzip input may give before MaxExpansion applies.
	ExpansionAllowance = 64 << 20
)

// notTextError is an ErrNotText error that says what the input is.
type notTextError struct{ what string }

func (e *notTextError) Error() string { return "record: not a record's text: " + e.what }
func (e *notTextError) Is(target error) bool {
	return target == ErrNotText
}

// magics are the heads of binary formats a record collection may come in.
var magics = []struct {
	head []byte
	what string
}{
	{[]byte("PK\x03\x04"), "a zip archive (walk its members, or unzip it)"},
	{[]byte("PK\x05\x06"), "an empty zip archive"},
	{[]byte("BZh"), "bzip2-compressed data (decompress it first)"},
	{[]byte("\xfd7zXZ\x00"), "xz-compressed data (decompress it first)"},
	{[]byte("\x28\xb5\x2f\xfd"), "zstd-compressed data (decompress it first)"},
	{[]byte("7z\xbc\xaf\x27\x1c"), "a 7z archive (extract it first)"},
}

// openText makes r.in read the input's text: decompressed and decoded to UTF-8 as the
// head says, or returns why the input is no text.
func (r *Reader) openText() error {
	for layer := 0; ; layer++ {
		head, err := r.in.Peek(DetectLength)
		if len(head) == 0 {
			if err == io.EOF || err == nil {
				return nil
			}
			return err
		}
		switch {
		case layer == 0 && bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
			compressed := &countingReader{r: r.in}
			gz, err := gzip.NewReader(compressed)
			if err != nil {
				return fmt.Errorf("record: reading gzip data: %w", err)
			}
			r.in = bufio.NewReaderSize(&expansionGuard{in: compressed, out: gz}, DetectLength)
			continue
		case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
			return &notTextError{"gzip data inside gzip data"}
		}
		if dec := byteOrderMark(head); dec != nil {
			r.in = bufio.NewReaderSize(transform.NewReader(r.in, dec.NewDecoder()), DetectLength)
			head, err = r.in.Peek(DetectLength)
			if len(head) == 0 && err != nil && err != io.EOF {
				return err
			}
		}
		for _, m := range magics {
			if bytes.HasPrefix(head, m.head) {
				return &notTextError{m.what}
			}
		}
		if len(head) > 262 && bytes.Equal(head[257:262], []byte("ustar")) {
			return &notTextError{"a tar archive (walk its members, or extract it)"}
		}
		if i := bytes.IndexByte(head, 0); i >= 0 {
			return &notTextError{fmt.Sprintf("binary data (a NUL byte at offset %d; UTF-16 text needs a byte order mark)", i)}
		}
		return nil
	}
}

// byteOrderMark returns the decoding of the UTF-16 or UTF-32 text that head starts
// with the byte order mark of, which it removes, or nil.
func byteOrderMark(head []byte) encoding.Encoding {
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe, 0, 0}):
		return utf32.UTF32(utf32.LittleEndian, utf32.ExpectBOM)
	case bytes.HasPrefix(head, []byte{0, 0, 0xfe, 0xff}):
		return utf32.UTF32(utf32.BigEndian, utf32.ExpectBOM)
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)
	}
	return nil
}

// countingReader counts the bytes read through it. It is an io.ByteReader, so that a
// decompressor reads through it no more than it needs.
type countingReader struct {
	r interface {
		io.Reader
		io.ByteReader
	}
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// expansionGuard reads decompressed data and fails with ErrExpansion once it has given
// more than ExpansionAllowance bytes and MaxExpansion times what it took in.
type expansionGuard struct {
	in      *countingReader
	out     io.Reader
	n       int64
	stopped error
}

func (g *expansionGuard) Read(p []byte) (int, error) {
	if g.stopped != nil {
		return 0, g.stopped
	}
	n, err := g.out.Read(p)
	g.n += int64(n)
	if g.n > ExpansionAllowance && g.n > MaxExpansion*max(g.in.n, 1) {
		g.stopped = fmt.Errorf("%w: %d bytes from %d bytes of gzip data (more than %d times)", ErrExpansion, g.n, g.in.n, MaxExpansion)
		return n, g.stopped
	}
	return n, err
}

// trimCompression returns name without a ".gz" extension (in any case).
func trimCompression(name string) string {
	if ext := filepath.Ext(name); strings.EqualFold(ext, ".gz") {
		return name[:len(name)-len(ext)]
	}
	return name
}
