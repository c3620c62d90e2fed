package main

// The collector's pace for runs over small files. Go collects a heap when it has grown
// to twice what was live after the last collection, and at 4 MB at least: a run over an
// archive of one small file per game keeps a few megabytes live and allocates several
// kilobytes a file (the text of its comments, which the records keep), so it was
// collected every few hundred files, and with two workers or more each collection
// stopped them all (a tenth of BenchmarkValidateSmallFiles/j2's CPU time on two cores).
//
// So while a run lasts (holdHeapFloor), the collector's target (GOGC) is set after each
// collection so that a small heap may grow to a floor before the next one: GOGC =
// 100 × (floor/live − 1), from 100 (Go's default) to 100 × floor/4 MB (Go's minimum heap
// grows with GOGC). A run's heap then reaches at most the floor, or twice what is live
// when that is more, as by default; a heap that holds half the floor or more is paced
// as by default, and a memory limit (GOMEMLIMIT, or the one tsume sets) applies as
// ever. A GOGC the user sets, or a collector turned off, is left alone.

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

const (
	// maxHeapFloor is the floor of a run's heap, or a sixteenth of its memory budget
	// when that is less (see pipeline): two or three collections for a run over 6 000
	// small files instead of a dozen.
	maxHeapFloor = 32 << 20
	// minHeapGoal is Go's least heap goal, at GOGC=100; it grows with GOGC.
	minHeapGoal = 4 << 20
)

// heapFloorState is the state of the floor: the runs that hold it, and the pace before
// them.
type heapFloorState struct {
	mu      sync.Mutex
	holds   int    // the runs under way
	floor   int64  // the least floor they asked for
	normal  int    // GOGC before the first of them
	percent int    // GOGC as set now
	session uint64 // counts the times the floor was taken up: a cleanup of another stops
	live    []metrics.Sample
}

// heapFloor is the floor of the process's runs.
var heapFloor heapFloorState

// holdHeapFloor holds the heap's floor at floor bytes until the function it returns is
// called (see the file comment); floors held together hold the least of them.
func holdHeapFloor(floor int64) (release func()) {
	h := &heapFloor
	if os.Getenv("GOGC") != "" || floor < 2*minHeapGoal {
		return func() {}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.holds == 0 {
		if h.normal = debug.SetGCPercent(100); h.normal != 100 {
			debug.SetGCPercent(h.normal) // the program's own pace, or the collector off
			return func() {}
		}
		h.percent = h.normal
		h.floor = floor
		h.session++
		h.live = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		h.paceLocked()
		h.watch(h.session)
	}
	h.holds++
	h.floor = min(h.floor, floor)
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.holds--; h.holds == 0 {
			debug.SetGCPercent(h.normal)
			h.percent = h.normal
			h.session++
		}
	}
}

// paceLocked sets GOGC for what was live after the last collection.
func (h *heapFloorState) paceLocked() {
	metrics.Read(h.live)
	percent := floorPercent(int64(h.live[0].Value.Uint64()), h.floor)
	if percent != h.percent {
		debug.SetGCPercent(percent)
		h.percent = percent
	}
}

// floorPercent is the GOGC that lets a heap of live bytes (as the last collection
// found them) grow to floor before the next collection, from 100 to 100 × floor/4 MB.
// Before the first collection (live 0) the heap is under Go's least goal, 4 MB: a
// command that starts a run, then, is not collected at 4 MB first (with -j 2, a stop
// of both workers) before it is paced.
func floorPercent(live, floor int64) int {
	switch {
	case live <= 0:
		return int(100 * (floor / minHeapGoal))
	case live < floor/2:
		return int(min(100*(floor/live-1), 100*(floor/minHeapGoal)))
	}
	return 100
}

// watch paces the collector after each collection while the floor taken up as session
// is held: a sentinel's cleanup, run once the collection that found it unreachable is
// over, paces and makes the next sentinel.
func (h *heapFloorState) watch(session uint64) {
	runtime.AddCleanup(new(gcSentinel), func(session uint64) {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.session != session || h.holds == 0 {
			return // released: no more sentinels
		}
		h.paceLocked()
		h.watch(session)
	}, session)
}

// gcSentinel is an object whose only use is to be collected. It holds a pointer and 16
// bytes so as not to be one of the tiny objects that share a block, whose cleanups may
// never run.
type gcSentinel struct {
	_ *byte
	_ [16]byte
}
