package main

// How validate, convert and analyse share the machine: inputs are worked on in
// parallel, at most maxJobs at once, and admitted in input order against a memory
// budget for the run.
//
// An input's weight is what reading and writing its largest record may take: the
// input's size (the bound on a record, -max-record-size, for standard input, a file whose
// size is not known or a compressed one; no more than the bound for a larger file, which
// holds several records then, read one at a time; no more than a line for USI and SFEN
// files) times the peak multiple of its format (memoryMultiple).
//
// The workers take the inputs in jobs, each its next job when it is done with the last
// (see pipelineBudget): a file named itself, standard input or a member of an archive
// alone; files found in a directory, one after the other, together, as many as weigh
// about batchWeight and are worked on in about batchTime by the last one (up to
// maxBatch; one while nothing is known), so that an archive of one small file per game
// costs a hand-over to the printer a job, not a file, while files that take long
// (analyse's, tsume's) go one a job and leave no worker with a queue of them at the end
// of a run. A worker weighs the inputs of its job (opening a file found in a directory, see weighInput); a job weighs the sum
// of its inputs' weights, as one input holding their records would. It is admitted, in
// input order, when the weights of the jobs in flight and its own fit in the budget, or
// when nothing else is in flight (a record larger than the budget runs alone). It stays
// in flight until all it emitted has been consumed (printed or written), since that is
// when what it holds can go; a heavy job's memory is then collected at once, so that
// the next one does not pile up on its garbage.
//
// With one job (-j 1) there are no workers: the command's goroutine works on the inputs
// one after the other (pipelineSerial).
//
// While a run lasts, the collector lets a small heap grow to a floor before it collects
// it (heapfloor.go).

import (
	"iter"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kifu-go/shogi/record"
)

// memoryMultiple is the peak memory (resident) of validating a record and converting
// it, as a multiple of its text's size, by the format its name says, measured on the
// largest records (see the README, "Memory"): a move takes about 350 bytes while it is
// checked (the tree and the positions' histories), so the formats that spend the fewest
// bytes on a move cost the most for their size. Inputs of another name (standard
// input) take the largest.
func memoryMultiple(path string) int64 {
	switch record.FormatOfName(path) { // the name less a ".gz", any case
	case record.JKF:
		return 8 // a 41 MB main line of 300 000 moves: 6.5× converting to JKF
	case record.KIF, record.KI2:
		return 20 // a 12 MB main line: 16.0× to JKF; a 66 MB study: 11.9×
	}
	return 64 // CSA, a 3.5 MB main line: 56.4× to JKF, 31.7× validating it
}

const (
	// defaultMemoryBudget is the budget of a run when GOMEMLIMIT is not set.
	defaultMemoryBudget = 2 << 30
	// collectWeight is the weight from which the memory of an input is collected as
	// soon as it is done, before the next input is admitted.
	collectWeight = 256 << 20
	// outBuffer is how many results of one input wait for the printer before its
	// worker waits too: few, since a result may hold a converted record.
	outBuffer = 4
	// readAhead is how many jobs beyond those being worked on may wait for the printer
	// before a worker waits too: enough that a worker does not wait for a printer that
	// runs in bursts (it shares the processors with the workers), few enough to keep
	// what the results hold small.
	readAhead = 16
	// batchWeight is about the weight of a job of small files: 64 KiB of CSA, ten
	// floodgate records of 100 moves with a comment on each (6.4 KB), validated in about
	// a third of a millisecond.
	batchWeight = 64 * (64 << 10)
	// batchTime is about how long a job of small files is worked on: long enough that
	// the hand-overs of a job cost little beside it, short enough that no worker is left
	// with much to do alone at the end of a run.
	batchTime = 500 * time.Microsecond
	// maxBatch is the most inputs in one job, and the most results handed over at once.
	maxBatch = 16
	// maxOpenFound is the most files found in directories that the workers hold open at
	// once: each opens those of its job to weigh them before the job is admitted.
	maxOpenFound = 256
)

// maxJobs is the most inputs worked on at once, whatever -j asks: four per CPU, and
// at least 64 (the work is CPU-bound, and engines run as processes of their own).
func maxJobs() int { return max(4*runtime.NumCPU(), 64) }

// memoryBudget is the memory the inputs in flight may take together: GOMEMLIMIT when
// it is set, else 2 GiB.
func memoryBudget() int64 {
	if limit := debug.SetMemoryLimit(-1); limit > 0 && limit < math.MaxInt64 {
		return limit
	}
	return defaultMemoryBudget
}

// inputWeight is the memory that working on the input at path may take (see the file
// comment), where a record may be recordBound bytes long (-max-record-size).
func inputWeight(path string, recordBound int64) int64 {
	size := int64(-1)
	if path != "-" && !isCompressed(path) {
		if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
			size = info.Size()
		}
	}
	return sizeWeight(path, size, recordBound)
}

// sizeWeight is inputWeight for the input at path of size bytes (-1 if not known).
func sizeWeight(path string, size, recordBound int64) int64 {
	size = min(size, recordBound)
	if size <= 0 {
		size = recordBound
	}
	switch record.FormatOfName(path) {
	case record.USI, record.SFEN:
		size = min(size, record.MaxLineLength)
	}
	return memoryMultiple(path) * max(size, 1)
}

// weighInput returns the weight of the input e (inputWeight) and, for an uncompressed
// file found in a directory, the file opened to weigh it, which the worker reads: one
// look-up of its path for both, where a stat before the open would take two (an archive
// of one small file per game spends a good part of its time in such system calls).
func weighInput(e record.Entry, recordBound int64) (int64, *foundFile) {
	if e.Open != nil || e.Root == "" || e.Path == "-" || isCompressed(e.Path) {
		return inputWeight(e.Path, recordBound), nil
	}
	f := openFoundFile(e.Path)
	return sizeWeight(e.Path, f.size, recordBound), f
}

// input is an input of the pipeline: an entry of the walk and, for a file found in a
// directory, the file opened (see weighInput), which openEntry reads.
type input struct {
	record.Entry
	found *foundFile
}

func isCompressed(path string) bool {
	return len(path) >= 3 && strings.EqualFold(path[len(path)-3:], ".gz")
}

// budget admits weights in turn while their sum fits, and one weight alone whatever it
// is.
type budget struct {
	mu       sync.Mutex
	cond     *sync.Cond
	limit    int64
	inFlight int64
	count    int
	turn     uint64 // the turn of the next weight to admit
	stopped  bool
}

func newBudget(limit int64) *budget {
	b := &budget{limit: limit}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// acquire waits for turn (every turn before it admitted) and until w fits (or nothing
// is in flight), and reports false if the budget was stopped meanwhile. Turns are
// 0, 1, 2…: one for each job, in input order.
func (b *budget) acquire(turn uint64, w int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for !b.stopped && (b.turn != turn || b.count > 0 && b.inFlight+w > b.limit) {
		b.cond.Wait()
	}
	if b.stopped {
		return false
	}
	b.turn++
	b.inFlight += w
	b.count++
	b.cond.Broadcast() // the next turn may be waiting
	return true
}

func (b *budget) release(w int64) {
	b.mu.Lock()
	b.inFlight -= w
	b.count--
	b.mu.Unlock()
	b.cond.Broadcast()
}

func (b *budget) stop() {
	b.mu.Lock()
	b.stopped = true
	b.mu.Unlock()
	b.cond.Broadcast()
}

// batchable reports whether the entry e may share a job with the entries beside it: a
// file found in a directory that weighInput opens, or an entry passed over or in error,
// which weighs nothing.
func batchable(e record.Entry) bool {
	return e.Err != nil || e.Skipped != "" || e.Open == nil && e.Root != "" && e.Path != "-" && !isCompressed(e.Path)
}

// batchFiles is how many files found in a directory take puts in one job when
// the last one weighed weighed weight and the last one worked on took took (0: none
// yet), with jobs workers: as many as weigh about batchWeight and take about batchTime,
// no more than maxBatch, and no more than maxOpenFound for the jobs workers together,
// which hold them open; one while nothing is known.
func batchFiles(weight int64, took time.Duration, jobs int) int {
	if weight <= 0 || took <= 0 {
		return 1
	}
	n := min(batchWeight/weight, int64(batchTime/took), maxBatch)
	return max(1, min(int(n), maxOpenFound/jobs))
}

// pipeline runs work on the inputs in parallel, jobs at a time (at most maxJobs), and
// yields what work emits in input order. Memory stays bounded: a job is admitted only
// when its weight fits the run's memory budget (see the file comment), its results wait
// in a small buffer until the jobs before it are done, and no more than maxOpenFound
// files found in directories are open at once (one a worker when there are more
// workers), besides the input of each job of another input.
func pipeline[T any](inputs iter.Seq[record.Entry], jobs int, recordBound int64, work func(input, func(T))) iter.Seq[T] {
	weigh := func(e record.Entry) (int64, *foundFile) { return weighInput(e, recordBound) }
	limit := memoryBudget() // now: a command may set a memory limit of its own before it ranges
	return func(yield func(T) bool) {
		defer holdHeapFloor(min(maxHeapFloor, limit/16))()
		pipelineBudget(inputs, jobs, limit, weigh, work)(yield)
	}
}

// pipelineBudget is pipeline with the budget and the weighing of an input given (its
// weight, and the file it opened to weigh it or nil), which the workers call. A file
// opened and not handed over by work is closed when work returns, or when the input is
// never worked on.
//
// The workers take their jobs from the inputs themselves, one at a time (take): a
// goroutine of its own that listed the inputs and handed the jobs over would have to be
// woken for each, and the workers would wait for it, then for each other's turns (the
// two workers of -j 2 took their jobs from it together), leaving a processor idle and
// waking it again several times a job (issue 20: a tenth of -j 2's time).
func pipelineBudget[T any](inputs iter.Seq[record.Entry], jobs int, limit int64, weigh func(record.Entry) (int64, *foundFile), work func(input, func(T))) iter.Seq[T] {
	jobs = max(1, min(jobs, maxJobs()))
	if jobs == 1 {
		return pipelineSerial(inputs, weigh, work)
	}
	return func(yield func(T) bool) {
		type job struct {
			turn   uint64
			inputs []input
			weight int64    // the sum of the inputs' weights, set by the worker before it is admitted
			out    chan []T // the results in order, in chunks
		}
		queue := make(chan *job, jobs+readAhead) // jobs in input order, for the printer
		stop := make(chan struct{})
		// chunks are the slices the results go to the printer in, given back to be
		// filled again.
		chunks := make(chan []T, jobs*(outBuffer+2))
		// The weight of the last file found in a directory weighed, and the time the last
		// one worked on took (see batchFiles).
		var lastWeight, lastTook atomic.Int64
		mem := newBudget(limit)
		next, stopInputs := iter.Pull(inputs)
		// What take shares: the turn of the next job, an entry read and left for the next
		// job, and whether the queue is closed (the inputs ended, or the run stopped).
		var (
			takeMu  sync.Mutex
			turn    uint64
			pending record.Entry
			held    bool
			ended   bool
		)
		// take returns the next job, queued for the printer, or nil when there is none:
		// an input alone, or files found in a directory, one after the other, as many as
		// batchFiles says.
		take := func() *job {
			takeMu.Lock()
			defer takeMu.Unlock()
			end := func() *job {
				if !ended {
					ended = true
					close(queue)
				}
				return nil
			}
			if ended {
				return nil
			}
			var batch []input
			for {
				select {
				case <-stop:
					return end()
				default:
				}
				e, ok := pending, held
				if held {
					pending, held = record.Entry{}, false
				} else {
					e, ok = next()
				}
				if !ok {
					break
				}
				if !batchable(e) {
					if len(batch) > 0 {
						pending, held = e, true
					} else {
						batch = []input{{Entry: e}}
					}
					break
				}
				n := batchFiles(lastWeight.Load(), time.Duration(lastTook.Load()), jobs)
				if batch == nil {
					batch = make([]input, 0, n)
				}
				if batch = append(batch, input{Entry: e}); len(batch) >= n {
					break
				}
			}
			if len(batch) == 0 {
				return end()
			}
			j := &job{turn: turn, inputs: batch, out: make(chan []T, outBuffer)}
			turn++
			select {
			case queue <- j:
				return j
			case <-stop:
				return end() // its files are not open yet
			}
		}
		var wg sync.WaitGroup
		for range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := take(); j != nil; j = take() {
					for i := range j.inputs {
						in := &j.inputs[i]
						if in.Err != nil || in.Skipped != "" {
							continue
						}
						w, found := weigh(in.Entry)
						in.found = found
						if w > math.MaxInt64-j.weight {
							j.weight = math.MaxInt64
						} else {
							j.weight += w
						}
						if batchable(in.Entry) {
							lastWeight.Store(w)
						}
					}
					if !mem.acquire(j.turn, j.weight) {
						for _, in := range j.inputs {
							in.found.release()
						}
						close(j.out)
						continue
					}
					// The results of a job of one input go one by one, as it may hold
					// large records; those of small files gathered, to be handed over
					// once for the job.
					chunkLen := 1
					if len(j.inputs) > 1 {
						chunkLen = maxBatch
					}
					var chunk []T
					flush := func() {
						if len(chunk) > 0 {
							select {
							case j.out <- chunk:
							case <-stop:
							}
							chunk = nil
						}
					}
					emit := func(v T) {
						if chunk == nil {
							select {
							case chunk = <-chunks:
							default:
								chunk = make([]T, 0, maxBatch)
							}
						}
						if chunk = append(chunk, v); len(chunk) >= chunkLen {
							flush()
						}
					}
					for i := range j.inputs {
						in := j.inputs[i]
						select {
						case <-stop:
						default:
							start := time.Now()
							work(in, emit)
							if batchable(in.Entry) && in.Err == nil && in.Skipped == "" {
								lastTook.Store(int64(time.Since(start)))
							}
						}
						in.found.release()
					}
					flush()
					close(j.out)
					// The printer, woken by the results, waits to run on this
					// processor: let it run now, rather than when the system monitor
					// hands the processor over to it during one of the next job's
					// system calls, which costs a thread's wake-up and sleep each.
					runtime.Gosched()
				}
			}()
		}
		defer func() {
			close(stop)
			mem.stop()
			for j := range queue { // let the workers finish
				for range j.out {
				}
			}
			wg.Wait()
			stopInputs()
		}()
		for j := range queue {
			for c := range j.out {
				for _, v := range c {
					if !yield(v) {
						mem.release(j.weight)
						return
					}
				}
				clear(c)
				select {
				case chunks <- c[:0]:
				default:
				}
			}
			// All it emitted is consumed. What a heavy job held is garbage now, but
			// the collector would let the next job's allocations reach twice the
			// heap before it took it back: take it back first.
			if j.weight >= collectWeight {
				runtime.GC()
			}
			mem.release(j.weight)
		}
	}
}

// pipelineSerial is pipelineBudget with one job: the caller's goroutine works on the
// inputs one after the other and yields what each emits as it comes. A worker of its
// own would hand every result over to it, and with a second processor idle the two
// would wake each other there (issue 20: -j 1 over 6 000 small files took 14 % more
// CPU, and 10 % more time, than with one processor). The budget has nothing to decide:
// one input is in flight at a time, whatever its weight, as pipelineBudget admits an
// input alone; what a heavy one held is collected before the next, as there.
func pipelineSerial[T any](inputs iter.Seq[record.Entry], weigh func(record.Entry) (int64, *foundFile), work func(input, func(T))) iter.Seq[T] {
	return func(yield func(T) bool) {
		for e := range inputs {
			in := input{Entry: e}
			var weight int64
			if e.Err == nil && e.Skipped == "" {
				weight, in.found = weigh(e)
			}
			stopped := false
			work(in, func(v T) {
				if !stopped && !yield(v) {
					stopped = true
				}
			})
			in.found.release()
			if stopped {
				return
			}
			if weight >= collectWeight {
				runtime.GC()
			}
		}
	}
}
