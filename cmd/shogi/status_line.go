package main

// The status line that the commands keep on a terminal while they run (the progress of
// validate, tsume, positions and book; the status of analyse and match; mate's
// search): one copy of the terminal handling, each command giving only its text.

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// statusInterval is how often a status line is redrawn: often enough to look alive, not
// so often that the terminal's writes cost the command anything.
const statusInterval = 250 * time.Millisecond

// statusLine keeps a line on stderr, when it is a terminal, redrawn four times a second
// with what text returns; it prints nothing when stderr is not a terminal.
type statusLine struct {
	w     io.Writer
	text  func() string
	stop  chan struct{}
	done  chan struct{}
	mu    sync.Mutex
	shown bool
}

func newStatusLine(w io.Writer, text func() string) *statusLine {
	s := &statusLine{w: w, text: text}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		s.stop, s.done = make(chan struct{}), make(chan struct{})
		go s.run()
	}
	return s
}

func (s *statusLine) run() {
	defer close(s.done)
	tick := time.NewTicker(statusInterval)
	defer tick.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-tick.C:
			s.mu.Lock()
			fmt.Fprintf(s.w, "\r%s\033[K", s.text())
			s.shown = true
			s.mu.Unlock()
		}
	}
}

// drawn reports whether the line is kept at all: whether its writer is a terminal. A
// command whose text costs something to gather (mate's search, which reports its
// progress only when asked) asks for it only when it is.
func (s *statusLine) drawn() bool { return s.stop != nil }

// print runs f, which writes to the terminal, with the status line out of its way.
func (s *statusLine) print(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clearLocked()
	f()
}

// finish removes the status line for good.
func (s *statusLine) finish() {
	if s.stop != nil {
		close(s.stop)
		<-s.done
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clearLocked()
}

func (s *statusLine) clearLocked() {
	if s.shown {
		fmt.Fprint(s.w, "\r\033[K")
		s.shown = false
	}
}
