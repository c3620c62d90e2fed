package main

import (
	"os"
	"runtime/debug"
	"testing"
)

func TestHoldHeap(t *testing.T) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		t.Skip("GOMEMLIMIT is set: holdHeap leaves the limit alone")
	}
	before := debug.SetMemoryLimit(-1)
	restore := holdHeap(256 << 20)
	if got, want := debug.SetMemoryLimit(-1), int64(256<<20+heapMargin); got != want {
		t.Errorf("limit while held: %d, want %d", got, want)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit after restore: %d, want %d", got, before)
	}

	t.Setenv("GOMEMLIMIT", "1GiB") // the user's: not touched
	restore = holdHeap(256 << 20)
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit with GOMEMLIMIT set: %d, want it unchanged (%d)", got, before)
	}
	restore()
}
