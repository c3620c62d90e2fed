package pipeline

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/kifu-go/shogi/record"
)

// Input is one file to read, or one the pipeline passes over or cannot reach: what
// record.Walk gives shogi validate for a path.
type Input struct {
	// Path is the file's path, local or with its filesystem's scheme (gs://…).
	Path string
	// Skipped says why the file is passed over (a file found in a local directory
	// without a record extension, say); Err why it cannot be reached (a pattern that
	// matches nothing, a directory that cannot be listed).
	Skipped string
	Err     string
	// Pattern is the index of the input pattern that matched the file, File its index
	// among the pattern's matches in the order of the walk (a remote pattern's in the
	// order of their names): together the order in which shogi validate meets it.
	Pattern, File int
}

// patternRef is an input pattern and its index among the inputs.
type patternRef struct {
	Index   int
	Pattern string
}

// isLocal reports whether a path or pattern is in the local filesystem.
func isLocal(pattern string) bool { return !strings.Contains(pattern, "://") }

// matchFn lists the inputs of one pattern.
//
// A local pattern is walked as shogi validate walks its arguments (record.Walk): a file
// is taken whatever its name, a directory walked for the files with a record extension
// (the others are passed over and said so), a glob expanded, and a path that matches
// nothing is an input that cannot be reached; so the verdict lines are the command's.
//
// A pattern of another filesystem (gs://, s3://) is listed with the filesystem's List,
// with its own glob syntax; a pattern that matches nothing is an input that cannot be
// reached. Objects whose names end in "/" (directory markers) are left out.
//
// Unlike Beam's fileio.MatchFiles, matchFn asks nothing of each file (its size, its
// time): one call per file less on an object store, and no file left open.
type matchFn struct{}

func (matchFn) ProcessElement(ctx context.Context, ref patternRef, emit func(Input)) error {
	pattern := ref.Pattern
	if isLocal(pattern) {
		n := 0
		for e := range record.Walk(pattern) {
			in := Input{Path: e.Path, Skipped: e.Skipped, Pattern: ref.Index, File: n}
			if e.Err != nil {
				in.Err = e.Err.Error()
			}
			emit(in)
			n++
		}
		return nil
	}
	fs, err := filesystem.New(ctx, pattern)
	if err != nil {
		return err
	}
	defer fs.Close()
	paths, err := fs.List(ctx, pattern)
	if err != nil {
		emit(Input{Path: pattern, Err: fmt.Sprintf("listing %s: %v", pattern, err), Pattern: ref.Index})
		return nil
	}
	slices.Sort(paths)
	n := 0
	for _, p := range paths {
		if !strings.HasSuffix(p, "/") {
			emit(Input{Path: p, Pattern: ref.Index, File: n})
			n++
		}
	}
	if n == 0 {
		emit(Input{Path: pattern, Err: pattern + ": no file matches", Pattern: ref.Index})
	}
	return nil
}

// openInput opens the file at path in its filesystem; a file whose name ends in ".gz"
// is read uncompressed. Closing it closes the filesystem too.
func openInput(ctx context.Context, path string) (io.ReadCloser, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	rc, err := fs.OpenRead(ctx, path)
	if err != nil {
		fs.Close()
		return nil, err
	}
	in := &inputFile{Reader: rc, closers: []io.Closer{rc, fs}}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(rc)
		if err != nil {
			in.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		in.Reader, in.closers = zr, append([]io.Closer{zr}, in.closers...)
	}
	return in, nil
}

// inputFile reads an input and closes what reading it opened.
type inputFile struct {
	io.Reader
	closers []io.Closer
}

func (f *inputFile) Close() error {
	var first error
	for _, c := range f.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
