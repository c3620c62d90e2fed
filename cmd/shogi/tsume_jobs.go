package main

// The jobs of shogi tsume. A collection is often one file (a file of SFENs, a CSA file
// of many problems), so the problems of one input are verified in parallel, not only
// the inputs: every verification takes one of -j solvers, each input's verdicts are
// printed in its order.

import (
	"context"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
)

// tsumeJobs hands out the solvers of shogi tsume, one to a verification.
type tsumeJobs struct {
	ctx context.Context
	sf  *solverFlags
	opt tsume.Options
	// solvers holds one entry for each job not at work: its solver, or nil until the
	// job first needs one (a table of -hash MB is made only when used).
	solvers chan tsumeJob
	// searching, when not nil, counts the nodes of the searches under way for the
	// progress line (showSearches), each job's in a slot of its own.
	searching *searchNodes
	// window bounds the verdicts of one input that wait for those before it: a slow
	// problem holds back its input's output, not its memory.
	window int
}

func newTsumeJobs(ctx context.Context, sf *solverFlags, opt tsume.Options, jobs int) *tsumeJobs {
	j := &tsumeJobs{ctx: ctx, sf: sf, opt: opt, solvers: make(chan tsumeJob, jobs), window: 4 * jobs}
	for i := range jobs {
		j.solvers <- tsumeJob{slot: i}
	}
	return j
}

// tsumeJob is one of the jobs: its solver (nil until made) and its slot in searching.
type tsumeJob struct {
	v    *tsume.Solver
	slot int
}

// verify starts the verification of rec, the problem of the verdict tv so far, once a
// job is free (the caller waits for it, so that no more records are held than there
// are jobs), and returns where its verdict comes.
func (j *tsumeJobs) verify(tv tsumeVerdict, rec *shogi.Record) <-chan tsumeVerdict {
	done := make(chan tsumeVerdict, 1)
	job := <-j.solvers
	go func() {
		if job.v == nil {
			opt := j.opt
			if j.searching != nil {
				opt = j.searching.options(opt, job.slot)
			}
			job.v = tsume.NewSolver(opt)
		}
		verifyProblem(j.ctx, &tv, rec, j.sf, job.v)
		if j.searching != nil {
			j.searching.ended(job.slot)
		}
		j.solvers <- job
		done <- tv
	}()
	return done
}

// ready returns a verdict already made, in the form verify returns.
func ready(tv tsumeVerdict) <-chan tsumeVerdict {
	done := make(chan tsumeVerdict, 1)
	done <- tv
	return done
}

// inOrder keeps the verdicts of one input in its order: add takes the next one, which
// may not be made yet, and prints those made at the head; flush waits for them all.
type inOrder struct {
	queue  []<-chan tsumeVerdict
	emit   func(tsumeVerdict)
	window int
}

func (o *inOrder) add(c <-chan tsumeVerdict) {
	o.queue = append(o.queue, c)
	for len(o.queue) > 0 {
		select {
		case tv := <-o.queue[0]:
			o.emit(tv)
			o.queue = o.queue[1:]
			continue
		default:
		}
		if len(o.queue) <= o.window {
			return
		}
		o.emit(<-o.queue[0])
		o.queue = o.queue[1:]
	}
}

// flush prints the verdicts left, each once it is made; with print false (the run
// interrupted) it only waits for them.
func (o *inOrder) flush(print bool) {
	for _, c := range o.queue {
		tv := <-c
		if print {
			o.emit(tv)
		}
	}
	o.queue = nil
}
