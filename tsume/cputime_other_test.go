//go:build !unix

package tsume_test

import "time"

var start = time.Now()

// cpuTime falls back to the wall clock where the process's CPU time is not at hand.
func cpuTime() time.Duration { return time.Since(start) }
