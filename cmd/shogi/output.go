package main

// What the commands write, and how: files under an output directory are opened through
// an os.Root, so that no link inside the directory leads a write outside it; an output
// file that is a symbolic link is never written through, -f or not (it is an error that
// says so); names from the command line or the file system are escaped before they are
// printed as text; and a command whose standard output fails exits 2.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kifu-go/shogi/record"
)

// outputDir is a directory the command writes files into, and nothing outside it.
type outputDir struct {
	name string
	root *os.Root
	made map[string]bool // the directories made (or found) below root
}

// openOutputDir makes the directory dir (and its parents) if needed, and opens it.
func openOutputDir(dir string) (*outputDir, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &outputDir{name: dir, root: root, made: map[string]bool{}}, nil
}

// Close closes the directory.
func (d *outputDir) Close() error { return d.root.Close() }

// path returns the path of a file of the directory, for messages.
func (d *outputDir) path(rel string) string { return filepath.Join(d.name, rel) }

// write writes the file rel, a path relative to the directory; see writeIn.
func (d *outputDir) write(rel string, data []byte, force bool) error {
	if dir := filepath.Dir(rel); !d.made[dir] {
		if err := mkdirAllIn(d.root, dir); err != nil {
			return err
		}
		d.made[dir] = true
	}
	return writeIn(d.root, rel, d.path(rel), data, force)
}

// mkdirAllIn makes the directory rel of root and its parents, each inside root.
func mkdirAllIn(root *os.Root, rel string) error {
	rel = filepath.Clean(rel)
	if rel == "." {
		return nil
	}
	if err := mkdirAllIn(root, filepath.Dir(rel)); err != nil {
		return err
	}
	err := root.Mkdir(rel, 0o755)
	if errors.Is(err, fs.ErrExist) {
		info, serr := root.Stat(rel) // a link to a directory inside root will do
		switch {
		case serr == nil && info.IsDir():
			return nil
		case serr == nil:
			return fmt.Errorf("%s is not a directory", quoteName(filepath.Join(root.Name(), rel)))
		}
		return fmt.Errorf("%s leads outside %s (a link?); nothing is written through it: %w", quoteName(filepath.Join(root.Name(), rel)), quoteName(root.Name()), serr)
	}
	return err
}

// writeNoFollow writes the file at path, never through a link (see writeIn).
func writeNoFollow(path string, data []byte, force bool) error {
	f, err := createNoFollow(path, force)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// createNoFollow creates the file at path for writing, never through a link (see
// createIn): for a file written as the command goes, such as an engine log.
func createNoFollow(path string, force bool) (*os.File, error) {
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	defer root.Close() // the file stays open
	return createIn(root, filepath.Base(path), path, force)
}

// writeIn writes the file rel of root (named shown in messages), as createIn creates
// it.
func writeIn(root *os.Root, rel, shown string, data []byte, force bool) error {
	f, err := createIn(root, rel, shown, force)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// createIn creates the file rel of root (named shown in messages) for writing: a new
// file, or with force an existing regular file, emptied. A name that is a symbolic link
// is an error with force too: the file is opened without truncating it, and truncated
// only once it is known to be the regular file of that name, so that a link (to a file
// outside or inside root) is never written through.
func createIn(root *os.Root, rel, shown string, force bool) (*os.File, error) {
	f, existing, err := openIn(root, rel, shown, force)
	if err != nil || !existing {
		return f, err
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// openIn is createIn without the truncation: it opens the file and reports whether it
// is an existing one (with force), which the caller empties.
func openIn(root *os.Root, rel, shown string, force bool) (f *os.File, existing bool, err error) {
	if !force {
		f, err := root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			if info, lerr := root.Lstat(rel); lerr == nil && !info.Mode().IsRegular() {
				return nil, false, fmt.Errorf("%s is not a regular file (%s); not overwritten, with -f either", quoteName(shown), fileKind(info.Mode()))
			}
			return nil, false, fmt.Errorf("%s exists; not overwritten (use -f)", quoteName(shown))
		}
		return f, false, err
	}
	if info, err := root.Lstat(rel); err == nil && !info.Mode().IsRegular() {
		return nil, false, fmt.Errorf("%s is not a regular file (%s); not overwritten, with -f either", quoteName(shown), fileKind(info.Mode()))
	}
	f, err = root.OpenFile(rel, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false, err
	}
	opened, err1 := f.Stat()
	named, err2 := root.Lstat(rel)
	if err1 != nil || err2 != nil || !named.Mode().IsRegular() || !os.SameFile(opened, named) {
		f.Close()
		return nil, false, fmt.Errorf("%s changed while it was opened (a link?); not overwritten", quoteName(shown))
	}
	return f, opened.Size() > 0, nil
}

// createNoFollowEmptying is createNoFollow for an output the command writes after
// other work has started, such as the entries of shogi positions: an existing file
// (with force) is emptied in the background, since truncating one of many megabytes
// takes the file system milliseconds, and the first write, or Close, waits for it.
func createNoFollowEmptying(path string, force bool) (*emptyingFile, error) {
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	defer root.Close() // the file stays open
	f, existing, err := openIn(root, filepath.Base(path), path, force)
	if err != nil {
		return nil, err
	}
	e := &emptyingFile{f: f}
	if existing {
		e.emptied = make(chan error, 1)
		go func() { e.emptied <- f.Truncate(0) }()
	}
	return e, nil
}

// emptyingFile is an output file that may still be being emptied (see
// createNoFollowEmptying).
type emptyingFile struct {
	f       *os.File
	emptied chan error // the truncation's result; nil when there is none to wait for
	err     error      // the truncation's error
}

func (e *emptyingFile) wait() error {
	if e.emptied != nil {
		e.err = <-e.emptied
		e.emptied = nil
	}
	return e.err
}

// Write writes p to the file once it is empty.
func (e *emptyingFile) Write(p []byte) (int, error) {
	if err := e.wait(); err != nil {
		return 0, err
	}
	return e.f.Write(p)
}

// Close closes the file once it is empty, and reports the truncation's error or
// Close's.
func (e *emptyingFile) Close() error {
	err := e.wait()
	if cerr := e.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// fileKind names the kind of a file that is not a regular one.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

// quoteName returns a name as it is when it prints as itself, else quoted, with its
// characters that do not print escaped as Go escapes them: a name with a control
// character (a line break that would forge a line of output, an escape sequence for
// the terminal), a format character (a bidirectional override), a line or paragraph
// separator or an invalid UTF-8 byte is shown as "a\nb", "\x1b[2J", "\u202e", "\xff".
func quoteName(name string) string {
	if printable(name) {
		return name
	}
	return `"` + escape(name, true) + `"`
}

// escapeText returns a message with its characters that do not print escaped as
// quoteName escapes them, without quotes: it stays one line of text.
func escapeText(s string) string {
	if printable(s) {
		return s
	}
	return escape(s, false)
}

// hidden reports whether r does not print as itself.
func hidden(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029'
}

func printable(s string) bool {
	return strings.IndexFunc(s, hidden) < 0 && utf8.ValidString(s)
}

// escape writes s with its hidden characters escaped, and with quotes its quotes and
// backslashes too.
func escape(s string, quotes bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case quotes && (r == '"' || r == '\\'):
			b.WriteByte('\\')
			b.WriteRune(r)
		case hidden(r):
			q := strconv.QuoteRune(r) // '\n', '\x1b', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// checkedWriter passes writes on and keeps the first error, so that a command whose
// output fails can say so and exit 2 however it wrote.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}

// escapeMessage returns an error message about the input at path as one line of
// printable text: the path in it as quoteName shows it, and any other character that
// does not print escaped.
func escapeMessage(msg, path string) string {
	if printable(msg) {
		return msg
	}
	if path != "" && !printable(path) {
		parts := strings.Split(msg, path)
		for i := range parts {
			parts[i] = escapeText(parts[i])
		}
		return strings.Join(parts, quoteName(path))
	}
	return escapeText(msg)
}

// outputFile returns the file a command's standard output writes to, if it is one.
func outputFile(w io.Writer) (*os.File, bool) {
	if c, ok := w.(*checkedWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	return f, ok
}

// archiveOutputName is outputName for a member of an archive: the archive's place (as
// outputName gives a file's) and name without extension as a directory, the member's
// path below it. A member's path is cleaned of every "..", so that it stays below.
func archiveOutputName(e record.Entry, index int, multi bool) string {
	archive := outputName(record.Entry{Path: e.Archive, Root: e.Root}, 0, false)
	if ext := filepath.Ext(archive); strings.EqualFold(ext, ".tar") {
		archive = strings.TrimSuffix(archive, ext) // games.tar.gz: games
	}
	member := strings.TrimPrefix(path.Clean("/"+strings.ReplaceAll(e.Member, "\\", "/")), "/")
	member = strings.TrimSuffix(member, path.Ext(member))
	if record.FormatOfName(member) != record.Unknown {
		member = strings.TrimSuffix(member, path.Ext(member)) // a.kif.gz: a
	}
	name := filepath.Join(archive, filepath.FromSlash(member))
	if multi {
		name = fmt.Sprintf("%s-%d", name, index)
	}
	return name
}
