package record

import (
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"
)

// Entry is one path that Walk found.
type Entry struct {
	// Path is the file's path; "-" stands for standard input.
	Path string
	// Root is the directory, as paths named it, in which the walk found the file; ""
	// for a file named itself. A converter mirrors the file's place under Root.
	Root string
	// Skipped, when not empty, says why Walk passes the file over: it was found in a
	// directory and is not a record file ("no record extension"), or not a regular file
	// ("not a regular file": a FIFO, a device, a socket, which could block for ever).
	Skipped string
	// Err is the error of a path that could not be reached: it does not exist, matches
	// nothing, or cannot be listed.
	Err error
	// Archive is the path of the zip archive that holds the file, and Member its name
	// there, when a Walker with Archives found it; Path is then "ARCHIVE:MEMBER".
	Archive, Member string
	// Open opens a member of an archive for reading; it is nil for other files, which
	// are opened by Path.
	Open func() (io.ReadCloser, error)
}

// A Walker walks paths as Walk does, with options.
type Walker struct {
	// Archives walks zip and tar archives (.zip, .tar, .tar.gz, .tgz; named, or found in
	// a directory) as directories of their members, instead of taking them as files
	// (named) or passing them over (found).
	Archives bool
	// MaxMemberBytes bounds the size of a member of a tar archive, which the walk reads
	// whole (it cannot come back to it); 0 means DefaultMaxMemberBytes.
	MaxMemberBytes int64
}

// DefaultMaxMemberBytes is the default of Walker.MaxMemberBytes.
const DefaultMaxMemberBytes = 64 << 20

// Walk returns the record files that paths name, in order:
//   - a file is taken as it is, whatever its name or kind (so process substitutions and
//     named pipes given by name are read);
//   - "-" is standard input (the caller reads it);
//   - a directory is walked recursively in lexical order; its regular files with a record
//     extension (see FormatOfName) are taken, and every other file is an Entry with
//     Skipped set; a symbolic link to a directory is followed when it is named itself,
//     never when it is found inside a directory (as find -H does), so that no walk loops;
//   - a path that does not exist but holds a glob pattern (*, ?, [) is expanded, and
//     each match taken as above;
//   - anything else is an Entry with Err set, and the walk goes on.
//
// Walk takes a zip archive as a file (named) or passes it over (found); a Walker with
// Archives walks it as a directory.
func Walk(paths ...string) iter.Seq[Entry] {
	return Walker{}.Walk(paths...)
}

// Walk returns the record files that paths name, as the function Walk does, and with
// Archives the members of zip archives.
func (w Walker) Walk(paths ...string) iter.Seq[Entry] {
	return func(yield func(Entry) bool) {
		for _, path := range paths {
			if !w.walkPath(path, true, yield) {
				return
			}
		}
	}
}

// walkPath yields the entries of one path; glob says whether a pattern may be expanded.
// It returns false when yield asked to stop.
func (w Walker) walkPath(path string, glob bool, yield func(Entry) bool) bool {
	if path == "-" {
		return yield(Entry{Path: path})
	}
	info, err := os.Stat(path)
	if err != nil {
		if glob && strings.ContainsAny(path, "*?[") {
			matches, gerr := filepath.Glob(path)
			if gerr == nil && len(matches) > 0 {
				for _, m := range matches {
					if !w.walkPath(m, false, yield) {
						return false
					}
				}
				return true
			}
		}
		return yield(Entry{Path: path, Err: err})
	}
	if !info.IsDir() {
		if w.Archives && info.Mode().IsRegular() && isArchive(path) {
			return walkArchive(path, "", w.maxMember(), yield)
		}
		return yield(Entry{Path: path})
	}
	// A link to a directory, named itself, is followed (as find -H does): WalkDir
	// starts from the directory the link leads to when its name ends in a separator.
	// Links found inside are never followed, so a walk cannot loop.
	root := path
	if l, err := os.Lstat(path); err == nil && l.Mode()&fs.ModeSymlink != 0 {
		root = path + string(filepath.Separator)
	}
	stopped := false
	werr := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if !yield(Entry{Path: p, Err: err}) {
				stopped = true
				return fs.SkipAll
			}
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if w.Archives && isArchive(p) && isRegular(p, d) {
			if !walkArchive(p, path, w.maxMember(), yield) {
				stopped = true
				return fs.SkipAll
			}
			return nil
		}
		e := Entry{Path: p, Root: path}
		switch {
		case d.Type()&fs.ModeSymlink != 0 && isDirLink(p):
			e.Skipped = "a link to a directory (links inside a directory are not followed)"
		case FormatOfName(p) == Unknown:
			e.Skipped = "no record extension"
		case !isRegular(p, d):
			e.Skipped = "not a regular file"
		}
		if !yield(e) {
			stopped = true
			return fs.SkipAll
		}
		return nil
	})
	if werr != nil && !stopped {
		return yield(Entry{Path: path, Err: werr})
	}
	return !stopped
}

// isRegular reports whether the directory entry d at p is a regular file, or a link to one.
func isRegular(p string, d fs.DirEntry) bool {
	if d.Type().IsRegular() {
		return true
	}
	if d.Type()&fs.ModeSymlink != 0 {
		info, err := os.Stat(p)
		return err == nil && info.Mode().IsRegular()
	}
	return false
}

// isDirLink reports whether the link at p leads to a directory.
func isDirLink(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

func (w Walker) maxMember() int64 {
	if w.MaxMemberBytes > 0 {
		return w.MaxMemberBytes
	}
	return DefaultMaxMemberBytes
}
