package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// gcPercent returns the collector's target.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestGCPace: the collector's target is lightGCPercent, under a quarter of the budget
// as the memory limit, while a run's weights in flight are light and no run's are
// heavy; the program's own pace is back before a heavy weight is admitted, when a run
// starts or is heavy, and when the runs are done; a GOGC the user sets is left alone.
func TestGCPace(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	normal := func(when string) {
		t.Helper()
		if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != 100 || l != math.MaxInt64 {
			t.Errorf("%s: GOGC %d, memory limit %d; want the program's 100 and none", when, p, l)
		}
	}
	light := func(when string, limit int64) {
		t.Helper()
		if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != lightGCPercent || l != limit {
			t.Errorf("%s: GOGC %d, memory limit %d; want %d and %d", when, p, l, lightGCPercent, limit)
		}
	}
	var p gcPacer
	pace1, done1 := p.run()
	normal("a run started")
	const budget = 1600
	b := newBudget(budget, pace1)
	b.acquire(0, budget/16) // light
	light("light weights in flight", defaultMemoryBudget/4)
	if got := p.memoryLimit(); got != math.MaxInt64 {
		t.Errorf("the program's memory limit: %d, want none", got)
	}
	pace2, done2 := p.run()
	normal("a second run started")
	pace2(true)
	light("two light runs", defaultMemoryBudget/4)
	b.acquire(1, 1) // heavy: more than budget/16 in flight
	normal("a heavy weight admitted")
	b.release(1)
	light("light again", defaultMemoryBudget/4)
	b.stop()
	normal("a run stopped")
	done1()
	light("one light run left", defaultMemoryBudget/4)
	done2()
	normal("the runs done")

	// A memory limit of the program's: the budget, a quarter of it while light.
	debug.SetMemoryLimit(1 << 30)
	pace3, done3 := p.run()
	pace3(true)
	light("with GOMEMLIMIT", 1<<28)
	if got := p.memoryLimit(); got != 1<<30 {
		t.Errorf("the program's memory limit: %d, want %d", got, 1<<30)
	}
	done3()
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != 100 || l != 1<<30 {
		t.Errorf("the runs done: GOGC %d, memory limit %d; want 100 and %d", p, l, 1<<30)
	}
	debug.SetMemoryLimit(math.MaxInt64)

	t.Setenv("GOGC", "100")
	if pace, _ := p.run(); pace != nil {
		t.Error("GOGC set: the runs are paced")
	}
}
