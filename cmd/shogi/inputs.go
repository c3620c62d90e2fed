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

	"golang.org/x/term"

	"github.com/kifu-go/shogi/record"
)

// inputList returns the inputs that the arguments and -files-from name, in order: the
// list file's paths first, then the arguments'. A list that cannot be read ends the
// sequence with an Entry whose Err says so.
func inputList(args []string, filesFrom string, nul bool, stdin io.Reader) iter.Seq[record.Entry] {
	return func(yield func(record.Entry) bool) {
		if filesFrom != "" {
			var list io.Reader = stdin
			if filesFrom != "-" {
				f, err := os.Open(filesFrom)
				if err != nil {
					yield(record.Entry{Path: filesFrom, Err: err})
					return
				}
				defer f.Close()
				list = f
			}
			sc := bufio.NewScanner(list)
			sc.Buffer(make([]byte, 0, 4096), 1<<20)
			if nul {
				sc.Split(splitNUL)
			}
			for sc.Scan() {
				path := sc.Text()
				if !nul {
					path = strings.TrimRight(path, "\r")
				}
				if path == "" {
					continue
				}
				for e := range record.Walk(path) {
					if !yield(e) {
						return
					}
				}
			}
			if err := sc.Err(); err != nil {
				yield(record.Entry{Path: filesFrom, Err: fmt.Errorf("reading the list of files: %w", err)})
				return
			}
		}
		for e := range record.Walk(args...) {
			if !yield(e) {
				return
			}
		}
	}
}

// splitNUL is a bufio.SplitFunc for NUL-separated paths (find -print0).
func splitNUL(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// openInput returns a Reader of one input, the file or stdin for "-", and the function
// that closes it.
func openInput(path string, stdin io.Reader, format record.Format, lenient bool) (*record.Reader, func(), error) {
	closeInput := func() {}
	var r *record.Reader
	if path == "-" {
		if stdin == nil {
			return nil, nil, errors.New("no standard input")
		}
		r = record.NewReader(stdin)
	} else {
		// Files named on the command line are read whatever their kind (a named pipe, a
		// process substitution); Walk has passed over the others found in directories.
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		r = record.NewReader(f)
		r.Name = path
		closeInput = func() { f.Close() }
	}
	r.Format = format
	r.Lenient = lenient
	return r, closeInput, nil
}

// progress keeps a line on stderr, when it is a terminal, with the records done, the
// invalid ones, the rate and the time elapsed, redrawn four times a second while the
// command runs; it prints nothing when stderr is not a terminal.
type progress struct {
	w       io.Writer
	start   time.Time
	stop    chan struct{}
	done    chan struct{}
	mu      sync.Mutex
	records int
	invalid int
	shown   bool // the line is on the screen
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.stop, p.done = make(chan struct{}), make(chan struct{})
		go p.run()
	}
	return p
}

func (p *progress) run() {
	defer close(p.done)
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-tick.C:
			p.mu.Lock()
			elapsed := time.Since(p.start).Seconds()
			fmt.Fprintf(p.w, "\r%d records, %d invalid, %.0f records/s, %.1fs\033[K", p.records, p.invalid, float64(p.records)/elapsed, elapsed)
			p.shown = true
			p.mu.Unlock()
		}
	}
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

// print runs f, which writes to the terminal, with the progress line out of its way.
func (p *progress) print(f func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	f()
}

// finish removes the progress line for good.
func (p *progress) finish() {
	if p.stop != nil {
		close(p.stop)
		<-p.done
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

func (p *progress) clearLocked() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}
