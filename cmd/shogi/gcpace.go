package main

// The collector's pace for runs over small files. Such a run keeps a heap of a few
// megabytes, which Go's default (GOGC=100, a heap goal of at least 4 MB) collects every
// few megabytes allocated; with two workers or more a collection stops them all (the
// profile of BenchmarkValidateSmallFiles/j2 shows it, a tenth of the time on two cores).
// So while the jobs in flight of every run weigh little (a sixteenth of the budget, see
// budget.pace), the collector's target is GOGC=400 under a soft memory limit of a
// quarter of the budget: the heap grows to five times what is live, never past that
// quarter. Before a heavier job is admitted, the program's own target and limit are
// back, so that the jobs' weights keep their meaning (they were measured with the
// default). A GOGC the user sets is left alone.

import (
	"math"
	"os"
	"runtime/debug"
	"sync"
)

// lightGCPercent is the collector's target (GOGC) while every run is light.
const lightGCPercent = 400

// gcPacer sets the collector's pace for the runs of the process: lightGCPercent and a
// quarter of the budget as the memory limit while at least one run is light and none
// heavy; the program's own otherwise. Runs are pipelines: each tells it when the
// weights it has in flight become light or heavy (budget.pace).
type gcPacer struct {
	mu          sync.Mutex
	light       int   // the runs whose weights in flight are light
	heavy       int   // the runs whose weights in flight are not, or nothing yet
	raised      bool  // the pace is the light one
	normal      int   // the target before it was raised
	normalLimit int64 // the memory limit before it was raised
}

// gcPace is the pacer of the process's runs.
var gcPace gcPacer

// memoryLimit is the program's memory limit (GOMEMLIMIT, or what the program set), not
// the one the pacer set; math.MaxInt64 for none.
func (p *gcPacer) memoryLimit() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.raised {
		return p.normalLimit
	}
	return debug.SetMemoryLimit(-1)
}

// run returns the function that a run's budget tells when its weights in flight become
// light or heavy, and the function to call when the run is done: nil and a no-op when
// the user set GOGC.
func (p *gcPacer) run() (pace func(light bool), done func()) {
	if os.Getenv("GOGC") != "" {
		return nil, func() {}
	}
	p.mu.Lock()
	p.heavy++ // a run starts with nothing in flight, and says when it is light
	p.setLocked()
	p.mu.Unlock()
	light := false // this run's state, which its budget's lock guards
	pace = func(l bool) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if l {
			p.heavy--
			p.light++
		} else {
			p.light--
			p.heavy++
		}
		light = l
		p.setLocked()
	}
	done = func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if light {
			p.light--
		} else {
			p.heavy--
		}
		p.setLocked()
	}
	return pace, done
}

// setLocked sets the pace the runs' states call for.
func (p *gcPacer) setLocked() {
	switch light := p.light > 0 && p.heavy == 0; {
	case light && !p.raised:
		p.normal = debug.SetGCPercent(lightGCPercent)
		p.normalLimit = debug.SetMemoryLimit(-1)
		budget := p.normalLimit
		if budget <= 0 || budget == math.MaxInt64 {
			budget = defaultMemoryBudget
		}
		debug.SetMemoryLimit(min(p.normalLimit, budget/4))
		p.raised = true
	case !light && p.raised:
		debug.SetGCPercent(p.normal)
		debug.SetMemoryLimit(p.normalLimit)
		p.raised = false
	}
}
