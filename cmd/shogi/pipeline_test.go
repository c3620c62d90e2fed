package main

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kifu-go/shogi/record"
)

// entries returns n inputs named "0", "1", … for a pipeline.
func entries(n int) func(func(record.Entry) bool) {
	return func(yield func(record.Entry) bool) {
		for i := range n {
			if !yield(record.Entry{Path: strconv.Itoa(i)}) {
				return
			}
		}
	}
}

// tracker counts the inputs a pipeline works on at once and the sum of their weights.
type tracker struct {
	mu                  sync.Mutex
	running, maxRunning int
	weight, maxWeight   int64
	aloneViolations     []string
}

func (tr *tracker) enter(w, limit int64, name string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.running++
	tr.weight += w
	tr.maxRunning = max(tr.maxRunning, tr.running)
	if tr.running > 1 {
		tr.maxWeight = max(tr.maxWeight, tr.weight)
	}
	if w > limit && tr.running > 1 {
		tr.aloneViolations = append(tr.aloneViolations, name)
	}
}

func (tr *tracker) leave(w int64) {
	tr.mu.Lock()
	tr.running--
	tr.weight -= w
	tr.mu.Unlock()
}

// TestPipelineJobsCapped: -j 2147483647 neither allocates for that many jobs (it did:
// a 16 GiB channel) nor runs more than maxJobs inputs at once; the results come in
// input order.
func TestPipelineJobsCapped(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range pipelineBudget(entries(1), math.MaxInt32, math.MaxInt64, func(record.Entry) (int64, *foundFile) { return 1, nil }, func(e input, emit func(string)) {
		emit(e.Path)
	}) {
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("-j 2147483647 allocated %d bytes for one input", n)
	}

	n := 3 * maxJobs()
	var tr tracker
	var got []string
	// The first maxJobs inputs wait until maxJobs are running together: more would run
	// beside them if the pipeline started more workers.
	full := make(chan struct{})
	var once sync.Once
	for v := range pipelineBudget(entries(n), math.MaxInt32, math.MaxInt64, func(record.Entry) (int64, *foundFile) { return 1, nil }, func(e input, emit func(string)) {
		tr.enter(1, math.MaxInt64, e.Path)
		tr.mu.Lock()
		if tr.running == maxJobs() {
			once.Do(func() { close(full) })
		}
		tr.mu.Unlock()
		<-full
		emit(e.Path)
		tr.leave(1)
	}) {
		got = append(got, v)
	}
	want := make([]string, n)
	for i := range want {
		want[i] = strconv.Itoa(i)
	}
	if !slices.Equal(got, want) {
		t.Errorf("results out of order or missing: %d of %d", len(got), n)
	}
	if tr.maxRunning != maxJobs() {
		t.Errorf("%d inputs at once, want maxJobs() = %d", tr.maxRunning, maxJobs())
	}
}

// TestPipelineMemoryBudget: inputs are admitted while their weights fit the budget,
// an input heavier than the budget runs alone, and every input is worked on once, in
// order.
func TestPipelineMemoryBudget(t *testing.T) {
	const limit = 100
	weights := []int64{30, 30, 30, 30, 250, 10, 10, 60, 60, 5, 99, 1, 150, 40, 40, 40}
	var tr tracker
	var got []string
	for v := range pipelineBudget(entries(len(weights)), 8, limit, func(e record.Entry) (int64, *foundFile) {
		i, _ := strconv.Atoi(e.Path)
		return weights[i], nil
	}, func(e input, emit func(string)) {
		i, _ := strconv.Atoi(e.Path)
		tr.enter(weights[i], limit, e.Path)
		for k := range 3 { // several results an input, as a multi-record file gives
			emit(fmt.Sprintf("%s.%d", e.Path, k))
		}
		tr.leave(weights[i])
	}) {
		got = append(got, v)
	}
	var want []string
	for i := range weights {
		for k := range 3 {
			want = append(want, fmt.Sprintf("%d.%d", i, k))
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("results: %v, want %v", got, want)
	}
	if tr.maxWeight > limit {
		t.Errorf("inputs weighing %d at once, want at most the budget %d", tr.maxWeight, limit)
	}
	if len(tr.aloneViolations) > 0 {
		t.Errorf("inputs heavier than the budget ran beside others: %v", tr.aloneViolations)
	}
}

// TestPipelineStopsEarly: a consumer that stops early stops the pipeline, whatever is
// waiting for the budget, with one job (pipelineSerial) or several.
func TestPipelineStopsEarly(t *testing.T) {
	for _, jobs := range []int{1, 4} {
		n, worked := 0, 0
		for range pipelineBudget(entries(1000), jobs, 10, func(record.Entry) (int64, *foundFile) { return 6, nil }, func(e input, emit func(int)) {
			worked++
			emit(1)
			emit(2)
		}) {
			if n++; n == 5 {
				break
			}
		}
		if n != 5 {
			t.Errorf("-j %d: %d results, want 5", jobs, n)
		}
		if jobs == 1 && worked != 3 {
			t.Errorf("-j 1: %d inputs worked on for 5 results, want 3", worked)
		}
	}
}

// TestInputWeight: a file weighs its size times its format's multiple, up to the
// bound on a record (a line for USI and SFEN); standard input and compressed files
// weigh the bound times the largest multiple.
func TestInputWeight(t *testing.T) {
	const recordBound int64 = record.DefaultMaxRecordBytes
	dir := t.TempDir()
	kif := writeFile(t, dir, "a.kif", strings.Repeat("*", 1000))
	jkf := writeFile(t, dir, "a.jkf", strings.Repeat(" ", 1000))
	csa := writeFile(t, dir, "a.csa", strings.Repeat("'", 1000))
	big := writeFile(t, dir, "big.usi", strings.Repeat("#", record.MaxLineLength+1000))
	for _, tc := range []struct {
		path string
		want int64
	}{
		{kif, 20 * 1000},
		{jkf, 8 * 1000},
		{csa, 64 * 1000},
		{big, 64 * record.MaxLineLength},
		{"-", 64 * recordBound},
		{dir + "/a.kif.gz", 20 * recordBound},
		{dir + "/missing.kif", 20 * recordBound},
	} {
		if got := inputWeight(tc.path, recordBound); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.path, got, tc.want)
		}
	}
	// -max-record-size bounds the weight of an input of unknown size, and of a larger file.
	if got, want := inputWeight("-", 1<<20), int64(64<<20); got != want {
		t.Errorf("standard input with a 1 MiB bound: %d, want %d", got, want)
	}
	if got, want := inputWeight(kif, 100), int64(20*100); got != want {
		t.Errorf("%s with a 100-byte bound: %d, want %d", kif, got, want)
	}
}

// TestFoundFilesClosed: a file found in a directory is opened once, by a worker, to
// weigh it (the weight is inputWeight's); every file opened so is closed, whether the
// work reads it, leaves it unread, or the run stops before working on it.
func TestFoundFilesClosed(t *testing.T) {
	fds := func() int {
		list, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd to count open files")
		}
		return len(list)
	}
	dir := t.TempDir()
	const n = 40
	for i := range n {
		writeFile(t, dir, fmt.Sprintf("g%02d.csa", i), strings.Repeat("'", 10*i))
	}
	const recordBound = 1 << 20
	for _, tc := range []struct {
		name   string
		jobs   int
		read   bool // the work reads the even inputs
		stopAt int  // the consumer stops after this many results (0: never)
	}{
		{"read", 2, true, 0},
		{"unread", 2, false, 0},
		{"stopped", 2, true, 3},
		{"read -j 1", 1, true, 0},
		{"unread -j 1", 1, false, 0},
		{"stopped -j 1", 1, true, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := fds()
			got := 0
			weigh := func(e record.Entry) (int64, *foundFile) {
				w, f := weighInput(e, recordBound)
				if f == nil {
					t.Errorf("%s: not opened", e.Path)
				}
				if want := inputWeight(e.Path, recordBound); w != want {
					t.Errorf("%s: weight %d, want %d", e.Path, w, want)
				}
				return w, f
			}
			for range pipelineBudget(inputList([]string{dir}, "", false, nil), tc.jobs, math.MaxInt64, weigh, func(e input, emit func(int)) {
				if i, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(e.Path), "g"), ".csa")); tc.read && i%2 == 0 {
					r, closeInput, err := openEntry(e, nil, readOptions{recycle: true})
					if err != nil {
						t.Error(err)
						return
					}
					for range r.All() {
					}
					closeInput()
				}
				emit(1)
			}) {
				if got++; got == tc.stopAt {
					break
				}
			}
			if want := cmp.Or(tc.stopAt, n); got != want {
				t.Errorf("%d results, want %d", got, want)
			}
			if after := fds(); after != before {
				t.Errorf("%d files open after the run, %d before", after, before)
			}
		})
	}
}

// TestPipelineBatches: files found in a directory share jobs (batchFiles), and the
// pipeline keeps its promises for them as for inputs alone: every input worked on
// once, the results in input order, entries in error or passed over among them, the
// weights in flight within the budget, an input heavier than the budget alone.
func TestPipelineBatches(t *testing.T) {
	const game = 30 * time.Microsecond // validating a game of 100 moves
	for _, tc := range []struct {
		weight int64
		took   time.Duration
		jobs   int
		want   int
	}{
		{0, 0, 2, 1},                                      // nothing known yet
		{64 * 4000, 0, 2, 1},                              // nothing worked on yet
		{batchWeight, game, 2, 1},                         // a file of the batch's weight
		{batchWeight / 3, game, 2, 3},                     // three such files
		{64 * 4000, game, 2, maxBatch},                    // a game of 100 moves
		{64 * 4000, batchTime / 5, 2, 5},                  // five files that take long
		{64 * 4000, 3 * time.Second, 2, 1},                // analysed by an engine
		{1, time.Nanosecond, 64, maxOpenFound / 64},       // small files, many workers
		{1, time.Nanosecond, maxOpenFound + 1, 1},         // more workers than files open
		{math.MaxInt64, game, 1, 1},                       // a file heavier than anything
		{batchWeight / 100, time.Nanosecond, 1, maxBatch}, // at most maxBatch
	} {
		if got := batchFiles(tc.weight, tc.took, tc.jobs); got != tc.want {
			t.Errorf("batchFiles(%d, %v, %d) = %d, want %d", tc.weight, tc.took, tc.jobs, got, tc.want)
		}
	}

	const limit = 100 * 4000
	const n = 300
	weight := func(i int) int64 {
		switch {
		case i == 150:
			return limit + 1 // alone
		case i%50 == 7:
			return limit / 3
		}
		return 4000
	}
	found := func(yield func(record.Entry) bool) {
		for i := range n {
			e := record.Entry{Path: strconv.Itoa(i), Root: "dir"}
			switch i % 37 {
			case 5:
				e.Skipped = "no record extension"
			case 11:
				e.Err = os.ErrPermission
			}
			if !yield(e) {
				return
			}
		}
	}
	var tr tracker
	var got []string
	for v := range pipelineBudget(found, 4, limit, func(e record.Entry) (int64, *foundFile) {
		if e.Err != nil || e.Skipped != "" {
			t.Errorf("%s weighed", e.Path)
		}
		i, _ := strconv.Atoi(e.Path)
		return weight(i), nil
	}, func(e input, emit func(string)) {
		i, _ := strconv.Atoi(e.Path)
		w := weight(i)
		if e.Err != nil || e.Skipped != "" {
			w = 0
		}
		tr.enter(w, limit, e.Path)
		runtime.Gosched()
		emit(e.Path)
		tr.leave(w)
	}) {
		got = append(got, v)
	}
	want := make([]string, n)
	for i := range want {
		want[i] = strconv.Itoa(i)
	}
	if !slices.Equal(got, want) {
		t.Errorf("results out of order or missing: %v", got)
	}
	if tr.maxWeight > limit {
		t.Errorf("inputs weighing %d at once, want at most the budget %d", tr.maxWeight, limit)
	}
	if len(tr.aloneViolations) > 0 {
		t.Errorf("inputs heavier than the budget ran beside others: %v", tr.aloneViolations)
	}
}
