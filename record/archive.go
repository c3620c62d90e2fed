package record

// Archives walked as directories (Walker.Archives): each member is an Entry whose Path
// is "ARCHIVE:MEMBER" and whose Open reads it. Member names that are not UTF-8 are read
// as Shift_JIS, as Japanese archivers write them.
//
// A zip archive is opened once and shared by its members, and closed when the walk and
// every member opened are done. A member is read decompressed as it is read, never
// whole, and no more than MaxExpansion times its compressed size (ExpansionAllowance at
// least): past that, its read fails with ErrExpansion (a zip bomb).
//
// A tar archive (.tar, .tar.gz, .tgz) can only be read in order, so the walk reads each
// member with a record extension as it comes, whole, up to Walker.MaxMemberBytes: a
// larger one is an Entry with Err. A gzip-compressed tar stops with ErrExpansion as a
// Reader's gzip input does.

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/japanese"
)

// isArchive reports whether a file name is that of an archive a Walker walks.
func isArchive(name string) bool {
	return strings.EqualFold(pathExt(name), ".zip") || isTar(name)
}

// isTar reports whether a file name is that of a tar archive, compressed with gzip or not.
func isTar(name string) bool {
	return hasSuffixFold(name, ".tar") || hasSuffixFold(name, ".tar.gz") || hasSuffixFold(name, ".tgz")
}

// hasSuffixFold reports whether s ends with the ASCII suffix, in any case, without
// making a lower-case copy of s.
func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// walkArchive yields the entries of the members of the archive at path.
func walkArchive(path, root string, maxMember int64, yield func(Entry) bool) bool {
	if isTar(path) {
		return walkTar(path, root, maxMember, yield)
	}
	return walkZip(path, root, yield)
}

// pathExt is filepath.Ext for names with either separator.
func pathExt(name string) string {
	for i := len(name) - 1; i >= 0 && name[i] != '/' && name[i] != '\\'; i-- {
		if name[i] == '.' {
			return name[i:]
		}
	}
	return ""
}

// zipArchive is an archive shared by the entries of its members.
type zipArchive struct {
	path string
	mu   sync.Mutex
	refs int
	f    *os.File
	zr   *zip.Reader
}

// acquire opens the archive if it is not open, and counts one more user.
func (a *zipArchive) acquire() (*zip.Reader, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.zr == nil {
		f, err := os.Open(a.path)
		if err != nil {
			return nil, err
		}
		info, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, err
		}
		zr, err := zip.NewReader(f, info.Size())
		if err != nil {
			f.Close()
			return nil, &os.PathError{Op: "read", Path: a.path, Err: err}
		}
		a.f, a.zr = f, zr
	}
	a.refs++
	return a.zr, nil
}

// release counts one user less, and closes the archive after the last.
func (a *zipArchive) release() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.refs--
	if a.refs == 0 && a.f != nil {
		a.f.Close()
		a.f, a.zr = nil, nil
	}
}

// open opens the i-th member.
func (a *zipArchive) open(i int) (io.ReadCloser, error) {
	zr, err := a.acquire()
	if err != nil {
		return nil, err
	}
	f := zr.File[i]
	rc, err := f.Open()
	if err != nil {
		a.release()
		return nil, err
	}
	limit := max(int64(ExpansionAllowance), MaxExpansion*int64(min(f.CompressedSize64, 1<<50)))
	return &memberReader{rc: rc, left: limit, limit: limit, release: a.release}, nil
}

// memberReader reads a member, no more than its limit.
type memberReader struct {
	rc          io.ReadCloser
	left, limit int64
	release     func()
	once        sync.Once
	stopped     error
}

func (m *memberReader) Read(p []byte) (int, error) {
	if m.stopped != nil {
		return 0, m.stopped
	}
	if int64(len(p)) > m.left+1 {
		p = p[:m.left+1]
	}
	n, err := m.rc.Read(p)
	m.left -= int64(n)
	if m.left < 0 {
		m.stopped = fmt.Errorf("%w: a zip member past %d bytes (%d times its compressed size)", ErrExpansion, m.limit, MaxExpansion)
		return n - 1, m.stopped
	}
	return n, err
}

func (m *memberReader) Close() error {
	err := m.rc.Close()
	m.once.Do(m.release)
	return err
}

// memberName returns a member's name as text: as it is when it is UTF-8, else decoded
// from Shift_JIS.
func memberName(f *zip.File) string {
	if utf8.ValidString(f.Name) {
		return f.Name
	}
	if s, err := japanese.ShiftJIS.NewDecoder().String(f.Name); err == nil {
		return s
	}
	return f.Name
}

// walkZip yields the entries of the members of the zip archive at path, in lexical
// order of their names; root is the Root of the entries. It returns false when yield
// asked to stop.
func walkZip(path, root string, yield func(Entry) bool) bool {
	a := &zipArchive{path: path}
	zr, err := a.acquire()
	if err != nil {
		return yield(Entry{Path: path, Root: root, Err: err})
	}
	defer a.release()
	type member struct {
		i    int
		name string
	}
	members := make([]member, 0, len(zr.File))
	for i, f := range zr.File {
		if !f.FileInfo().IsDir() {
			members = append(members, member{i, memberName(f)})
		}
	}
	sort.SliceStable(members, func(i, j int) bool { return members[i].name < members[j].name })
	for _, m := range members {
		f := zr.File[m.i]
		e := Entry{Path: path + ":" + m.name, Root: root, Archive: path, Member: m.name}
		switch {
		case FormatOfName(m.name) == Unknown:
			e.Skipped = "no record extension"
		case !f.Mode().IsRegular():
			e.Skipped = "not a regular file"
		default:
			i := m.i
			e.Open = func() (io.ReadCloser, error) { return a.open(i) }
		}
		if !yield(e) {
			return false
		}
	}
	return true
}

// walkTar yields the entries of the members of the tar archive at path, in the order
// of the archive, each record member read whole (up to maxMember bytes).
func walkTar(path, root string, maxMember int64, yield func(Entry) bool) bool {
	f, err := os.Open(path)
	if err != nil {
		return yield(Entry{Path: path, Root: root, Err: err})
	}
	defer f.Close()
	var in io.Reader = bufio.NewReaderSize(f, 64<<10)
	if n := strings.ToLower(path); !strings.HasSuffix(n, ".tar") {
		compressed := &countingReader{r: in.(*bufio.Reader)}
		gz, err := gzip.NewReader(compressed)
		if err != nil {
			return yield(Entry{Path: path, Root: root, Err: &os.PathError{Op: "read", Path: path, Err: err}})
		}
		in = &expansionGuard{in: compressed, out: gz}
	}
	tr := tar.NewReader(in)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return true
		}
		if err != nil {
			return yield(Entry{Path: path, Root: root, Err: &os.PathError{Op: "read", Path: path, Err: err}})
		}
		if h.Typeflag == tar.TypeDir {
			continue
		}
		name := h.Name
		if !utf8.ValidString(name) {
			if s, err := japanese.ShiftJIS.NewDecoder().String(name); err == nil {
				name = s
			}
		}
		e := Entry{Path: path + ":" + name, Root: root, Archive: path, Member: name}
		switch {
		case FormatOfName(name) == Unknown:
			e.Skipped = "no record extension"
		case h.Typeflag != tar.TypeReg:
			e.Skipped = "not a regular file"
		case h.Size > maxMember:
			e.Err = fmt.Errorf("%s: a member of %d bytes, larger than %d: extract the archive to read it", e.Path, h.Size, maxMember)
		default:
			data, err := io.ReadAll(io.LimitReader(tr, h.Size))
			if err != nil {
				return yield(Entry{Path: path, Root: root, Err: &os.PathError{Op: "read", Path: path, Err: err}})
			}
			e.Open = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
		}
		if !yield(e) {
			return false
		}
	}
}
