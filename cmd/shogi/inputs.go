package main

// The inputs of validate and convert: paths on the command line (files, directories,
// glob patterns), a list of paths from -files-from (one a line, or NUL-separated with
// -0), and standard input as "-". They are streamed: a list read from standard input
// is used as it arrives, and each input's records are read one at a time.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// walker walks the paths the commands are given: zip archives as directories.
var walker = record.Walker{Archives: true}

// maxListLine is the longest path a -files-from list may hold: a longer line is an
// error for that line, and the list goes on.
const maxListLine = 1 << 20

// inputList returns the inputs that the arguments and -files-from name, in order: the
// list file's paths first, then the arguments'. A list that cannot be read ends its
// part of the sequence with an Entry whose Err says so; a line longer than maxListLine
// is an Entry whose Err says so, and the list goes on.
func inputList(args []string, filesFrom string, nul bool, stdin io.Reader) iter.Seq[record.Entry] {
	return func(yield func(record.Entry) bool) {
		if filesFrom != "" {
			listName := filesFrom
			var list io.Reader = stdin
			if filesFrom == "-" {
				listName = "standard input"
				if stdin == nil {
					yield(record.Entry{Path: filesFrom, Err: errors.New("no standard input")})
					return
				}
			} else {
				f, err := os.Open(filesFrom)
				if err != nil {
					yield(record.Entry{Path: filesFrom, Err: err})
					return
				}
				defer f.Close()
				list = f
			}
			sep := byte('\n')
			if nul {
				sep = 0
			}
			lr := &listReader{in: bufio.NewReaderSize(list, 64<<10), sep: sep}
			for {
				path, tooLong, err := lr.next()
				if err == io.EOF {
					break
				}
				if err != nil {
					if !yield(record.Entry{Path: filesFrom, Err: fmt.Errorf("reading the list of files: %w", err)}) {
						return
					}
					break
				}
				if tooLong {
					e := record.Entry{
						Path: fmt.Sprintf("%s, line %d", listName, lr.line),
						Err:  fmt.Errorf("-files-from: line %d is longer than %d bytes; passed over", lr.line, maxListLine),
					}
					if !yield(e) {
						return
					}
					continue
				}
				if !nul {
					path = strings.TrimRight(path, "\r")
				}
				if path == "" {
					continue
				}
				for e := range walker.Walk(path) {
					if !yield(e) {
						return
					}
				}
			}
		}
		for e := range walker.Walk(args...) {
			if !yield(e) {
				return
			}
		}
	}
}

// listReader reads the lines (or NUL-separated items) of a -files-from list, each up
// to maxListLine bytes: the rest of a longer one is read past, never held.
type listReader struct {
	in   *bufio.Reader
	sep  byte
	line int // the number of the item last read
	buf  []byte
}

// next returns the next item without its separator, or whether it was too long.
func (r *listReader) next() (item string, tooLong bool, err error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.in.ReadSlice(r.sep)
		if len(r.buf)+len(chunk) > maxListLine+1 { // +1: the separator
			tooLong = true
		} else if !tooLong {
			r.buf = append(r.buf, chunk...)
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			r.line++
			if tooLong {
				return "", true, nil
			}
			return string(r.buf[:len(r.buf)-1]), false, nil
		case io.EOF:
			if len(r.buf) == 0 && !tooLong {
				return "", false, io.EOF
			}
			r.line++
			if tooLong {
				return "", true, nil
			}
			return string(r.buf), false, nil
		default:
			return "", false, err
		}
	}
}

// readOptions are how the commands read their inputs.
type readOptions struct {
	format         record.Format // Unknown: detect it
	lenient        bool
	maxRecordBytes int64 // 0: the library's default
	// recycle takes the Reader from readerPool and puts it back when the input is
	// closed: for callers done with the Reader once they close it.
	recycle bool
	// reuseRecords builds each record, its comments' text included, in the memory of
	// the one before (record.Reader.ReuseRecords and ReuseComments): for callers done
	// with each record, and keeping none of its strings, before the next. An archive
	// of small files commented move by move is then read with little allocation
	// besides the verdicts: a heap that the collector seldom has to take back and
	// that stays in the processors' caches, which -j 2 shares.
	reuseRecords bool
	// adjustStart is record.Reader.AdjustStart: the start each record's moves are read
	// from (restStart for -rest).
	adjustStart func(*shogi.Position) (*shogi.Position, error)
}

// readerPool keeps the Readers of inputs read to the end and closed, with their
// buffers, for the next inputs: an archive of one small file per game then costs no
// fresh buffers per file.
var readerPool sync.Pool

// pooledReader is a Reader of readerPool with the buffer that small files are read
// into whole (see openFound).
type pooledReader struct {
	r    *record.Reader
	data []byte
	text bytes.Reader
}

// smallFileBytes is the size up to which a file found in a directory is read whole
// with one read (see openSmall); larger files are read as streams.
const smallFileBytes = 1 << 20

// newReader returns a Reader of in with the options opt, and the function that gives
// it back to readerPool when opt.recycle says so.
func newReader(in io.Reader, opt readOptions) (*record.Reader, func()) {
	if !opt.recycle {
		r := record.NewReader(in)
		r.Format, r.Lenient, r.MaxRecordBytes = opt.format, opt.lenient, opt.maxRecordBytes
		r.ReuseRecords, r.ReuseComments = opt.reuseRecords, opt.reuseRecords
		r.AdjustStart = opt.adjustStart
		return r, func() {}
	}
	pr := pooled()
	pr.setup(in, opt)
	return pr.r, pr.recycle
}

// pooled returns a pooledReader from readerPool, or a new one.
func pooled() *pooledReader {
	if pr, ok := readerPool.Get().(*pooledReader); ok {
		return pr
	}
	return &pooledReader{r: record.NewReader(nil)}
}

// setup makes the Reader read in with the options opt.
func (pr *pooledReader) setup(in io.Reader, opt readOptions) {
	r := pr.r
	r.Reset(in)
	r.Name = ""
	r.Format, r.Lenient, r.MaxRecordBytes = opt.format, opt.lenient, opt.maxRecordBytes
	r.ReuseRecords, r.ReuseComments = opt.reuseRecords, opt.reuseRecords
	r.AdjustStart = opt.adjustStart
}

// recycle gives pr back to readerPool, holding nothing of its input.
func (pr *pooledReader) recycle() {
	pr.r.Reset(nil)
	pr.text.Reset(nil)
	pr.data = pr.data[:0]
	readerPool.Put(pr)
}

// openEntry returns a Reader of one input that the walk found: a member of an archive,
// or a file (see openInput); and the function that closes it.
func openEntry(e input, stdin io.Reader, opt readOptions) (*record.Reader, func(), error) {
	if e.Open == nil && e.Root != "" && opt.recycle {
		found := e.found
		if found == nil {
			found = openFoundFile(e.Path)
		}
		return openFound(e.Path, found, opt)
	}
	if e.found != nil {
		f, err := e.found.file(e.Path)
		if err != nil {
			return nil, nil, err
		}
		return readOpenFile(f, e.Path, opt)
	}
	if e.Open == nil {
		return openInput(e.Path, stdin, opt)
	}
	rc, err := e.Open()
	if err != nil {
		return nil, nil, err
	}
	r, recycle := newReader(rc, opt)
	r.Name = e.Path
	return r, func() { rc.Close(); recycle() }, nil
}

// openFound returns a Reader of a file found in a directory, a regular file, opened
// (openFoundFile), from readerPool (opt.recycle), and the function that closes it and
// gives the Reader back. A small file is read whole with the fewest system calls
// (foundFile.read); a read error is met by the Reader where it stopped, as it would be
// reading the file as a stream.
func openFound(path string, found *foundFile, opt readOptions) (*record.Reader, func(), error) {
	pr := pooled()
	data, rest, readErr, err := found.read(path, pr.data[:0], smallFileBytes)
	if err != nil {
		readerPool.Put(pr)
		return nil, nil, err
	}
	pr.data = data
	pr.text.Reset(data)
	var in io.Reader = &pr.text
	closeInput := pr.recycle
	switch {
	case rest != nil && len(data) == 0: // another kind of file after all, or a large one
		if info, err := rest.Stat(); err == nil && info.IsDir() {
			rest.Close()
			pr.recycle()
			return nil, nil, &os.PathError{Op: "read", Path: path, Err: errors.New("is a directory")}
		}
		in = rest
		closeInput = func() { rest.Close(); pr.recycle() }
	case rest != nil: // the file grew while it was read
		in = io.MultiReader(&pr.text, rest)
		closeInput = func() { rest.Close(); pr.recycle() }
	case readErr != nil:
		in = io.MultiReader(&pr.text, errorReader{readErr})
	}
	pr.setup(in, opt)
	pr.r.Name = path
	return pr.r, closeInput, nil
}

// errorReader is a reader that fails with its error.
type errorReader struct{ err error }

func (e errorReader) Read([]byte) (int, error) { return 0, e.err }

// openInput returns a Reader of one input, the file or stdin for "-", and the function
// that closes it.
func openInput(path string, stdin io.Reader, opt readOptions) (*record.Reader, func(), error) {
	if path == "-" {
		if stdin == nil {
			return nil, nil, errors.New("no standard input")
		}
		r, recycle := newReader(stdin, opt)
		return r, recycle, nil
	}
	// Files named on the command line are read whatever their kind (a named pipe, a
	// process substitution); Walk has passed over the others found in directories.
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	return readOpenFile(f, path, opt)
}

// readOpenFile returns a Reader of the file f open at path, and the function that closes it.
func readOpenFile(f *os.File, path string, opt readOptions) (*record.Reader, func(), error) {
	if info, err := f.Stat(); err == nil && info.IsDir() {
		f.Close()
		return nil, nil, &os.PathError{Op: "read", Path: path, Err: errors.New("is a directory")}
	}
	r, recycle := newReader(f, opt)
	r.Name = path
	return r, func() { f.Close(); recycle() }, nil
}

// inputTally counts what the inputs of a command gave: the records read, the inputs
// they came from, the files passed over, and whether an input could not be read.
type inputTally struct {
	records, files, skipped int
	ioFailed                bool
}

// count counts v and reports whether it is a record read, which the caller judges
// further, rather than a file passed over or an input that failed.
func (t *inputTally) count(v validation) bool {
	switch {
	case v.Skipped != "":
		t.skipped++
	case v.InputFailed():
		t.ioFailed = true
		t.files++
	default:
		if v.Record <= 1 {
			t.files++
		}
		t.records++
		return true
	}
	return false
}

// head is how a summary begins: "1 record in 1 input", "5 records in 2 inputs".
func (t *inputTally) head() string {
	return plural(t.records, "record") + " in " + plural(t.files, "input")
}

// skippedFiles is how a summary counts the files passed over: "1 file skipped", "0
// files skipped".
func skippedFiles(n int) string { return plural(n, "file") + " skipped" }

// progress keeps a line on stderr, when it is a terminal, with the records done, the
// invalid ones, the rate and the time elapsed, redrawn four times a second while the
// command runs (statusLine); it prints nothing when stderr is not a terminal.
type progress struct {
	*statusLine
	start time.Time
	// records, invalid and more are guarded by the status line's mu, under which it
	// draws.
	records int
	invalid int
	// more, when not nil, says more after the counts (tsume's searches under way).
	more func() string
}

func newProgress(w io.Writer) *progress {
	p := &progress{start: time.Now()}
	p.statusLine = newStatusLine(w, func() string {
		text := progressText(p.records, p.invalid, time.Since(p.start))
		if p.more != nil {
			text += p.more()
		}
		return text
	})
	return p
}

// tell sets what the line says after its counts.
func (p *progress) tell(more func() string) {
	p.mu.Lock()
	p.more = more
	p.mu.Unlock()
}

// progressText is the progress line's text: "1 record, 0 invalid, 4 records/s, 0.2s",
// its counts in number as the summaries' (plural).
func progressText(records, invalid int, elapsed time.Duration) string {
	s := elapsed.Seconds()
	return fmt.Sprintf("%s, %d invalid, %.0f records/s, %.1fs", plural(records, "record"), invalid, float64(records)/s, s)
}

// add counts one record.
func (p *progress) add(valid bool) {
	p.mu.Lock()
	p.records++
	if !valid {
		p.invalid++
	}
	p.mu.Unlock()
}
