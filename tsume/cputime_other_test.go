//go:build !unix

package tsume_test

import "time"

var start = time.Now()

// cpuTime falls back to the wall clock where the process's CPU time is not at hand.
func cpuTime() time.Duration { return time.Since(start) }

// childrenCPUTime is not at hand here: 0.
func childrenCPUTime() time.Duration { return 0 }
