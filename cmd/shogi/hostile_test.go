//go:build unix

package main

// Hostile and careless use of the command line, each case with its bound counted
// (bytes read, bytes allocated, files written), never timed.

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
)

// endless repeats its text for ever, counting the bytes read from it.
type endless struct {
	text []byte
	off  int
	read int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.text[e.off:])
		n += c
		e.off = (e.off + c) % len(e.text)
	}
	e.read += int64(n)
	return n, nil
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestNotateStdinIsBounded: `yes 7g7f | shogi notate` reads -max-record-size bytes and
// one more, and fails (exit 1) instead of running out of memory.
func TestNotateStdinIsBounded(t *testing.T) {
	for _, size := range []string{"1M", "100K"} {
		in := &endless{text: []byte("7g7f\n")}
		limit, _ := parseSize(size)
		var out, errOut bytes.Buffer
		var code int
		alloc := allocated(func() {
			code = run([]string{"notate", "-max-record-size", size}, in, &out, &errOut)
		})
		if code != exitInvalid || !strings.Contains(errOut.String(), "larger than -max-record-size") {
			t.Errorf("%s: exit %d, %q; want exit 1 naming the bound", size, code, errOut.String())
		}
		if in.read != limit+1 {
			t.Errorf("%s: read %d bytes, want %d (the bound and one more)", size, in.read, limit+1)
		}
		if alloc > uint64(4*limit)+1<<20 {
			t.Errorf("%s: allocated %d bytes, want at most 4 times the bound (%d)", size, alloc, limit)
		}
		t.Logf("-max-record-size %s: read %d bytes, allocated %d", size, in.read, alloc)
	}
	if got := (&flagSetOf{}).maxRecordDefault(); got != defaultMaxRecordSize {
		t.Errorf("default -max-record-size %d, want %d", got, defaultMaxRecordSize)
	}
}

// flagSetOf reads the default of -max-record-size as the commands register it.
type flagSetOf struct{}

func (flagSetOf) maxRecordDefault() int64 {
	fs := newFlagSet("notate", io.Discard)
	return int64(*addMaxRecordSize(fs))
}

// TestFilesFromLongLine: a -files-from line longer than 1 MiB is an error for that
// line (exit 2), the paths after it are read, and the long line is never held: the run
// allocates far less than the line's 16 MiB.
func TestFilesFromLongLine(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.usi", "position startpos moves 7g7f\n")
	list := io.MultiReader(
		io.LimitReader(&endless{text: []byte("a")}, 16<<20), strings.NewReader("\n"),
		strings.NewReader(good+"\n"),
		io.LimitReader(&endless{text: []byte("b")}, 2<<20), // the last line, without a line break
	)
	var out, errOut bytes.Buffer
	var code int
	alloc := allocated(func() {
		code = run([]string{"validate", "-j", "1", "-files-from", "-"}, list, &out, &errOut)
	})
	if code != exitUsage {
		t.Errorf("exit %d, want 2\n%s%s", code, out.String(), errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "line 1 is longer than 1048576 bytes") ||
		!strings.HasPrefix(lines[1], good+"#1: OK") || !strings.Contains(lines[2], "line 3 is longer") {
		t.Errorf("output:\n%s", out.String())
	}
	if alloc > 8<<20 {
		t.Errorf("allocated %d bytes for a list with a 16 MiB line, want under 8 MiB", alloc)
	}
	t.Logf("allocated %d bytes", alloc)
}

// TestOutputDirLinks: convert -o DIR writes nothing outside DIR through a link to a
// directory already in it, and -f never writes through a link to a file: both are
// errors (exit 2), and the files outside are as they were. board -o FILE -f does not
// write through a link either.
func TestOutputDirLinks(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	writeFile(t, src, "sub/a.usi", "position startpos moves 7g7f\n")
	writeFile(t, src, "b.usi", "position startpos moves 2g2f\n")
	outside := filepath.Join(dir, "outside")
	victim := writeFile(t, outside, "b.kif", "precious\n")
	out := filepath.Join(dir, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(out, "sub")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(out, "b.kif")); err != nil {
		t.Fatal(err)
	}
	for _, force := range []bool{false, true} {
		args := []string{"convert", "-to", "kif", "-o", out, src}
		if force {
			args = []string{"convert", "-to", "kif", "-o", out, "-f", src}
		}
		code, _, errOut := runCmd("", args...)
		if code != exitUsage || !strings.Contains(errOut, "leads outside") {
			t.Errorf("-f %v: exit %d, %q; want exit 2 and the link named", force, code, errOut)
		}
		if force && !strings.Contains(errOut, "b.kif is not a regular file (a symbolic link)") {
			t.Errorf("-f: %q; want the link to a file refused", errOut)
		}
		entries, _ := os.ReadDir(outside)
		if len(entries) != 1 || readFile(t, victim) != "precious\n" {
			t.Errorf("-f %v: outside holds %d files, b.kif %q: written through a link", force, len(entries), readFile(t, victim))
		}
	}
	// A link inside DIR to a directory inside DIR is a directory like another.
	if err := os.Remove(filepath.Join(out, "sub")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(out, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(out, "sub")); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCmd("", "convert", "-to", "kif", "-o", out, filepath.Join(src, "sub")); code != 0 {
		t.Errorf("a link inside DIR: exit %d, %s", code, errOut)
	}
	// board -o FILE -f: the link is refused.
	link := filepath.Join(dir, "board.txt")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runBoardCmd(t, "", "-o", link, "-f")
	if code != exitUsage || readFile(t, victim) != "precious\n" {
		t.Errorf("board -o LINK -f: exit %d, %q; the target holds %q", code, errOut, readFile(t, victim))
	}
	// A regular file is overwritten with -f as before.
	plain := writeFile(t, dir, "plain.txt", "old")
	if code, _, errOut := runBoardCmd(t, "", "-o", plain, "-f"); code != 0 || readFile(t, plain) == "old" {
		t.Errorf("board -o FILE -f: exit %d, %q", code, errOut)
	}
}

// TestNamesAreEscaped: a file name with a line break cannot forge a verdict line, and
// an escape sequence in a name or in a record's text does not reach the terminal.
func TestNamesAreEscaped(t *testing.T) {
	dir := t.TempDir()
	forged := "x\nfake.kif: OK; 3 moves\x1b[2J.usi"
	path := writeFile(t, dir, forged, "position startpos moves 7g7f 7g7f\n")
	code, out, errOut := runCmd("", "validate", path)
	if code != exitInvalid {
		t.Errorf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	if strings.Count(out, "\n") != 1 || strings.Contains(out, "\x1b") || !strings.Contains(out, `\nfake.kif: OK; 3 moves\x1b[2J.usi"#1: `) {
		t.Errorf("verdict not one escaped line: %q", out)
	}
	code, _, errOut = runCmd("", "convert", "-to", "kif", path)
	if code != exitInvalid || strings.Count(errOut, "\n") != 1 || strings.Contains(errOut, "\x1b") {
		t.Errorf("convert: exit %d, stderr %q", code, errOut)
	}
	// A missing file's error message holds the name too.
	_, out, _ = runCmd("", "validate", filepath.Join(dir, "missing\x1b[31m.kif"))
	if strings.Contains(out, "\x1b") || strings.Count(out, "\n") != 1 {
		t.Errorf("missing file: %q", out)
	}
	// Names that print, Japanese ones and their ideographic spaces included, are as they were.
	for _, name := range []string{"a b.kif", "第1局　羽生.kif", `quote".kif`} {
		if got := quoteName(name); got != name {
			t.Errorf("quoteName(%q) = %q, want it unchanged", name, got)
		}
	}
	for name, want := range map[string]string{
		"a\nb":         `"a\nb"`,
		"\x1b[31m":     `"\x1b[31m"`,
		"\xff.kif":     `"\xff.kif"`,
		"a\u202eb":     `"a\u202eb"`,
		"x\"\n":        `"x\"\n"`,
		"tab\there.kf": `"tab\there.kf"`,
	} {
		if got := quoteName(name); got != want {
			t.Errorf("quoteName(%q) = %s, want %s", name, got, want)
		}
	}
}

// TestNothingChecked: an empty input, and many empty record files, are "nothing
// checked" (exit 3), counted and said.
func TestNothingChecked(t *testing.T) {
	dir := t.TempDir()
	const files = 1000
	for i := range files {
		writeFile(t, dir, filepath.Join("empty", strconv.Itoa(i)+".kif"), "")
	}
	code, out, errOut := runCmd("", "validate", "-q", filepath.Join(dir, "empty"))
	if code != exitNothing || !strings.Contains(errOut, "nothing checked") || !strings.Contains(errOut, strconv.Itoa(files)+" files skipped") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	for _, cmd := range [][]string{{"validate", "-"}, {"convert", "-to", "kif"}} {
		if code, _, errOut := runCmd("", cmd...); code != exitNothing || !strings.Contains(errOut, "nothing checked") {
			t.Errorf("%v on empty input: exit %d, %q", cmd, code, errOut)
		}
	}
	// One record among empty files is something checked.
	writeFile(t, dir, "empty/zz.usi", "position startpos moves 7g7f\n")
	if code, _, errOut := runCmd("", "validate", "-q", filepath.Join(dir, "empty")); code != 0 {
		t.Errorf("with a record: exit %d, %s", code, errOut)
	}
}

// TestReadsGzipUTF16AndLinks: a gzip record, a UTF-16 record with a byte order mark and
// a directory named through a link are read; a binary file is an input that cannot be
// read, named so.
func TestReadsGzipUTF16AndLinks(t *testing.T) {
	dir := t.TempDir()
	kifText, err := os.ReadFile(ryuou)
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(kifText)
	w.Close()
	text, err := japanese.ShiftJIS.NewDecoder().Bytes(kifText) // the shipped KIF is Shift_JIS
	if err != nil {
		t.Fatal(err)
	}
	utf16, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes(text)
	if err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(dir, "real")
	writeFile(t, real, "g.kif.gz", gz.String())
	writeFile(t, real, "utf16.kif", string(utf16))
	writeFile(t, real, "sub/loop-target.usi", "position startpos moves 7g7f\n")
	if err := os.Symlink("..", filepath.Join(real, "sub", "loop")); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd("", "validate", link)
	if code != 0 {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		filepath.Join(link, "g.kif.gz") + ": OK; 117 moves",
		filepath.Join(link, "utf16.kif") + ": OK; 117 moves",
		filepath.Join(link, "sub", "loop") + ": skipped (a link to a directory",
		filepath.Join(link, "sub", "loop-target.usi") + "#1: OK; 1 move",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Count(out, "\n") != 4 {
		t.Errorf("%d lines, want 4 (the loop not followed)\n%s", strings.Count(out, "\n"), out)
	}
	// convert names its output after the record, without .gz.
	outDir := filepath.Join(dir, "out")
	if code, _, errOut := runCmd("", "convert", "-to", "csa", "-o", outDir, filepath.Join(real, "g.kif.gz")); code != 0 {
		t.Errorf("convert: exit %d, %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(outDir, "g.csa")); err != nil {
		t.Error(err)
	}
}

// TestDevFull: every command that writes to standard output exits 2 when it is
// /dev/full.
func TestDevFull(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	for _, args := range [][]string{
		{"version"}, {"help"}, {"help", "perft"}, {"perft", "-depth", "2"}, {"notate", "7g7f"},
		{"board"}, {"validate", ryuou}, {"convert", "-to", "csa", ryuou},
	} {
		var errOut bytes.Buffer
		if code := run(args, strings.NewReader(""), full, &errOut); code != exitUsage {
			t.Errorf("%v > /dev/full: exit %d, want 2 (%s)", args, code, errOut.String())
		}
	}
}

// TestZipArchives: a zip archive is walked as a directory (named, or found in one):
// each member's verdict names archive and member, convert -o DIR writes a member below
// DIR/ARCHIVE/ whatever its name ("../" included), and a member that is no record text
// is an input that cannot be read.
func TestZipArchives(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "in", "games.zip")
	if err := os.MkdirAll(filepath.Dir(games), 0o755); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, m := range [][2]string{
		{"2019/a.usi", "position startpos moves 7g7f\n"},
		{"../../evil.usi", "position startpos moves 2g2f\n"},
		{"notes.txt", "about"},
	} {
		f, err := zw.Create(m[0])
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(f, m[1])
	}
	zw.Close()
	if err := os.WriteFile(games, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd("", "validate", games)
	if code != 0 || !strings.Contains(out, games+":2019/a.usi#1: OK; 1 move") || !strings.Contains(out, games+":notes.txt: skipped (no record extension)") {
		t.Errorf("validate: exit %d\n%s%s", code, out, errOut)
	}
	outDir := filepath.Join(dir, "out")
	if code, _, errOut := runCmd("", "convert", "-to", "kif", "-o", outDir, filepath.Join(dir, "in")); code != 0 {
		t.Errorf("convert: exit %d, %s", code, errOut)
	}
	for _, want := range []string{"games/2019/a.kif", "games/evil.kif"} {
		if _, err := os.Stat(filepath.Join(outDir, want)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "evil.kif")); err == nil {
		t.Error("a member named ../../evil.usi was written outside -o DIR")
	}
}

// TestValidateEndlessInput holds the README's example of an input that never ends:
// `tr '\0' x < /dev/zero | shogi validate -` stops at the bound, while /dev/zero itself
// is binary data, refused at once (the README said it stopped after 64 MiB).
func TestValidateEndlessInput(t *testing.T) {
	in := &endless{text: []byte("x")}
	var out, errOut bytes.Buffer
	code := run([]string{"validate", "-max-record-size", "1M", "-"}, in, &out, &errOut)
	if want := "-: line 1, column 1: record larger than -max-record-size (1MiB); 0 moves\n"; code != exitInvalid || out.String() != want {
		t.Errorf("x for ever: exit %d, %q; want 1 and %q", code, out.String(), want)
	}
	if in.read > 2<<20 {
		t.Errorf("x for ever: read %d bytes past a bound of 1 MiB", in.read)
	}
	out.Reset()
	zero := &endless{text: []byte{0}}
	code = run([]string{"validate", "-"}, zero, &out, &errOut)
	if !strings.Contains(out.String(), "-: not a record's text: binary data (a NUL byte at offset 0") || code != 2 || zero.read > 1<<20 {
		t.Errorf("zeros: exit %d, %q after %d bytes; want 2 and binary data at once", code, out.String(), zero.read)
	}
}
