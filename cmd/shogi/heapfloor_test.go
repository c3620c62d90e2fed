package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent returns the collector's target.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// paced collects until the collector's target satisfies ok, for up to ten seconds (the
// floor paces after a collection, on the cleanup goroutine), and returns it.
func paced(ok func(int) bool) int {
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		if p := gcPercent(); ok(p) || time.Now().After(deadline) {
			return p
		}
		time.Sleep(time.Millisecond)
	}
}

// TestHeapFloor: while a floor is held, a small heap is paced to grow to it (GOGC above
// 100, within 100 × floor/4 MB), a heap holding more than half the floor at Go's
// default; released by every holder, the default is back; a GOGC the user sets is left
// alone.
func TestHeapFloor(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	const floor = 64 << 20
	release1 := holdHeapFloor(floor)
	release2 := holdHeapFloor(2 * floor) // the least floor holds
	if p := paced(func(p int) bool { return p > 100 }); p <= 100 || p > 100*floor/minHeapGoal {
		t.Errorf("a small heap under a floor of %d: GOGC %d, want more than 100 and at most %d", floor, p, 100*floor/minHeapGoal)
	}
	live := make([]byte, floor)
	if p := paced(func(p int) bool { return p == 100 }); p != 100 {
		t.Errorf("a heap holding the floor: GOGC %d, want 100", p)
	}
	runtime.KeepAlive(live)
	live = nil
	if p := paced(func(p int) bool { return p > 100 }); p <= 100 {
		t.Errorf("a small heap again: GOGC %d, want more than 100", p)
	}
	release1()
	if p := gcPercent(); p <= 100 {
		t.Errorf("one holder left: GOGC %d, want more than 100", p)
	}
	release2()
	if p := paced(func(p int) bool { return p == 100 }); p != 100 {
		t.Errorf("released: GOGC %d, want 100", p)
	}

	t.Setenv("GOGC", "100")
	release := holdHeapFloor(floor)
	for range 3 {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if p := gcPercent(); p != 100 {
		t.Errorf("GOGC set by the user: %d, want it left at 100", p)
	}
	release()
}

// TestFloorPercent: the target lets the heap grow from what is live to the floor, no
// further than Go's least goal allows (100 × floor/4 MB), and at Go's default once
// half the floor is live; before the first collection (nothing known live) the heap is
// under 4 MB and may grow to the floor.
func TestFloorPercent(t *testing.T) {
	const floor = 32 << 20
	for _, tc := range []struct {
		live int64
		want int
	}{
		{0, 800},
		{1 << 20, 800},
		{4 << 20, 700},
		{8 << 20, 300},
		{16 << 20, 100},
		{64 << 20, 100},
	} {
		if got := floorPercent(tc.live, floor); got != tc.want {
			t.Errorf("floorPercent(%d, %d) = %d, want %d", tc.live, floor, got, tc.want)
		}
	}
}
