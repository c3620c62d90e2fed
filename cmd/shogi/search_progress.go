package main

// The progress of a mate search under way, which may take minutes: shogi usi's info
// lines about once a second, shogi mate's status line on a terminal, and the nodes of
// shogi tsume's searches under way on its progress line.

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kifu-go/shogi/tsume"
)

// searchInfo is the engine's tsume.Options.Progress: an info line as USI engines send
// while they search, "info time T nodes N nps X hashfull H" (nodes counting the df-pn's
// and the tsume line's, as the final info line does), and an info string when what is
// proven of the tsume length has changed, which GUIs show as it is. The solver calls it
// on the search's goroutine, never once Solve has returned: the goroutine writes the
// answer after, and no info line follows it (nor an answer to stop, which is that
// answer).
func (e *usiEngine) searchInfo(p tsume.Progress) {
	nodes := p.Nodes + p.LineNodes
	nps := uint64(0)
	if p.Elapsed > 0 {
		nps = uint64(float64(nodes) / p.Elapsed.Seconds())
	}
	e.outMu.Lock()
	defer e.outMu.Unlock()
	if e.muted {
		return // after gameover
	}
	fmt.Fprintf(e.out, "info time %d nodes %d nps %d hashfull %d\n", p.Elapsed.Milliseconds(), nodes, nps, p.HashFull)
	if b := tsumeLength(p.MaxLength, p.MinLength); b != "" && b != e.lengthSaid {
		e.lengthSaid = b
		fmt.Fprintf(e.out, "info string %s\n", b)
	}
}

// searchStatus is shogi mate's status line while its search runs, on a terminal only
// (statusLine): "1234567 nodes, 0 line nodes, 823456 nodes/s, 1.5s", then what is
// proven of the tsume length once the tsume-line search has proven something
// ("; tsume length at most 23").
type searchStatus struct {
	*statusLine
	start time.Time
	// mu guards last, which the search's goroutine writes (update) while the status
	// line's reads it: a lock of its own, never held while the terminal is written, so
	// that a terminal slow to take its line does not hold up the search.
	mu   sync.Mutex
	last tsume.Progress
}

// startSearchStatus starts the status line of a search on w, and when w is a terminal
// sets opt's Progress to feed it twice as often as it is redrawn, so that each drawing
// shows counts at most half an interval old (at the same rate, the two clocks' phases
// left some drawings a whole interval behind, a count repeated while the time ran on);
// opt is left as it is otherwise, and the search pays nothing for a line no one sees.
func startSearchStatus(w io.Writer, opt *tsume.Options) *searchStatus {
	s := &searchStatus{start: time.Now()}
	s.statusLine = newStatusLine(w, s.text)
	if s.drawn() {
		opt.Progress, opt.ProgressInterval = s.update, statusInterval/2
	}
	return s
}

// update is the search's tsume.Options.Progress.
func (s *searchStatus) update(p tsume.Progress) {
	s.mu.Lock()
	s.last = p
	s.mu.Unlock()
}

func (s *searchStatus) text() string {
	s.mu.Lock()
	p := s.last
	s.mu.Unlock()
	return searchStatusText(p, time.Since(s.start))
}

// searchStatusText is the status line's text for the progress p, elapsed after the
// search began (the line's own clock, which runs on between the search's reports):
// "1234567 nodes, 0 line nodes, 823456 nodes/s, 1.5s; tsume length at most 23", in
// number as mate's summary (plural).
func searchStatusText(p tsume.Progress, elapsed time.Duration) string {
	rate := 0.0
	if p.Elapsed > 0 {
		rate = float64(p.Nodes+p.LineNodes) / p.Elapsed.Seconds()
	}
	text := fmt.Sprintf("%s, %s, %.0f nodes/s, %.1fs", plural(int(p.Nodes), "node"), plural(int(p.LineNodes), "line node"), rate, elapsed.Seconds())
	if b := tsumeLength(p.MaxLength, p.MinLength); b != "" {
		text += "; " + b
	}
	return text
}

// searchNodes counts the nodes of shogi tsume's searches under way, each job's in its
// slot: the job's solver reports its search's (tsume.Options.Progress) twice as often as
// the progress line is redrawn, and the slot is emptied when the search ends. A problem
// solved in less than a report's interval, as most are, never shows; one that takes
// minutes shows that its search goes on.
type searchNodes struct {
	slots []atomic.Uint64
}

// showSearches makes the progress line prog, when it is drawn, say how the searches
// under way go: "; searching 1 problem, 1234567 nodes". It is called before the jobs
// verify anything: their solvers are made after, with the options that report.
func (j *tsumeJobs) showSearches(prog *progress) {
	if !prog.drawn() {
		return
	}
	j.searching = &searchNodes{slots: make([]atomic.Uint64, cap(j.solvers))}
	prog.tell(j.searching.text)
}

// options returns the options of the solver of the job slot: opt, reporting into the
// slot.
func (s *searchNodes) options(opt tsume.Options, slot int) tsume.Options {
	nodes := &s.slots[slot]
	opt.Progress = func(p tsume.Progress) { nodes.Store(p.Nodes + p.LineNodes) }
	opt.ProgressInterval = statusInterval / 2
	return opt
}

// ended empties the slot of a search that has returned (which reports no more).
func (s *searchNodes) ended(slot int) { s.slots[slot].Store(0) }

// text is what the progress line says of the searches that have reported: "" when
// none has.
func (s *searchNodes) text() string {
	var nodes uint64
	searches := 0
	for i := range s.slots {
		if n := s.slots[i].Load(); n > 0 {
			nodes += n
			searches++
		}
	}
	if searches == 0 {
		return ""
	}
	return fmt.Sprintf("; searching %s, %s", plural(searches, "problem"), plural(int(nodes), "node"))
}
