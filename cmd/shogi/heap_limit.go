package main

// The solver's tables are allocated once and never exceed -hash, but the garbage of the
// searches around them would, left to the collector's default pace, grow until the heap
// doubled the tables before it was taken back: a run over a collection would hold about
// twice -hash. mate, tsume and usi therefore set a soft memory limit of their tables
// plus heapMargin, so that the collector works harder rather than let the process
// outgrow the budget it was given; GOMEMLIMIT, when it is set, is the user's and is
// left alone.

import (
	"math"
	"os"
	"runtime/debug"
)

// heapMargin is what a solving command may take beyond its tables: the positions,
// records, lines and garbage of its searches.
const heapMargin = 64 << 20

// holdHeap sets the soft memory limit to tables bytes plus heapMargin, unless the
// environment sets GOMEMLIMIT, and returns the function that restores the limit as it
// was (commands run one after another in one process in the tests).
func holdHeap(tables int64) (restore func()) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set || tables <= 0 {
		return func() {}
	}
	limit := int64(math.MaxInt64)
	if tables < math.MaxInt64-heapMargin {
		limit = tables + heapMargin
	}
	old := debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(old) }
}
