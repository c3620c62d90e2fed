//go:build !unix

package main

import "time"

var processStart = time.Now()

// cpuTime falls back to the wall clock where the process's CPU time is not at hand.
func cpuTime() time.Duration { return time.Since(processStart) }
