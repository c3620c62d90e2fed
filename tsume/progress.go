package tsume

import "time"

// DefaultProgressInterval is the interval of Options.Progress's calls when
// Options.ProgressInterval is 0.
const DefaultProgressInterval = time.Second

// Progress is what a search under way has done so far, given to Options.Progress: what
// a USI engine prints in its info lines, or a program shows while a long search runs.
type Progress struct {
	// Nodes and LineNodes are the positions searched so far by the df-pn and by the
	// tsume-line search (0 until the df-pn has proven mate), as Result's fields. A
	// futility test under way is counted once it ends.
	Nodes, LineNodes uint64
	// Elapsed is the time since the search began.
	Elapsed time.Duration
	// MaxLength and MinLength are what the tsume-line search has proven of the length
	// so far, as Result's fields of the same names: a mate within MaxLength plies, none
	// shorter than MinLength; 0 when nothing is proven yet. While Verify asks its
	// questions, they are those of the result it has then.
	MaxLength, MinLength int
	// HashFull is the share of the transposition table's entries in use, in
	// thousandths (USI's hashfull), from a sample of its first thousand.
	HashFull int
}

// reporter calls Options.Progress about once an interval while a search runs. The
// searchers of one search (the df-pn's, the bounded df-pn's, the futility tests')
// share it and tick it from clock, which they call every pollEvery nodes: so the
// search pays for it no more than one time.Now in 4096 nodes, which it pays already.
type reporter struct {
	f     func(Progress)
	every time.Duration
	begin time.Time
	next  time.Time
	// root is the df-pn's searcher, line the tsume-line search under way (nil before).
	root *searcher
	line *liner
	// lineBase counts the nodes of the tsume-line searches before line.
	lineBase uint64
	// settled is set once Solve has its result, which Verify's questions then report
	// as its bounds of the length (maxLength, minLength): the tsume-line searches of
	// the questions prove lengths of other positions, nothing of the problem's (they
	// reported 0, a bound lost).
	settled              bool
	maxLength, minLength int
}

// settle makes the length's bounds reported from now on those of Solve's result r.
func (r *reporter) settle(res Result) {
	r.settled, r.maxLength, r.minLength = true, res.MaxLength, res.MinLength
}

// newReporter returns the reporter of a search begun at begin, nil without f.
func newReporter(f func(Progress), every time.Duration, begin time.Time) *reporter {
	if f == nil {
		return nil
	}
	if every <= 0 {
		every = DefaultProgressInterval
	}
	return &reporter{f: f, every: every, begin: begin, next: begin.Add(every)}
}

// tick calls the callback if an interval has passed since the last call.
func (r *reporter) tick(now time.Time) {
	if now.Before(r.next) {
		return
	}
	r.next = now.Add(r.every)
	p := Progress{Nodes: r.root.nodes, Elapsed: now.Sub(r.begin), HashFull: r.root.tt.full()}
	if l := r.line; l != nil {
		p.LineNodes = r.lineBase + l.nodes
		if l.inBounded {
			p.LineNodes += l.bs.nodes // the bounded df-pn's, added to l.nodes when it returns
		}
		p.MaxLength, p.MinLength = l.lengthBounds()
	}
	if r.settled {
		p.MaxLength, p.MinLength = r.maxLength, r.minLength
	}
	r.f(p)
}
