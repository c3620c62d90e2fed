// Package cputime reads the CPU time of the process and of its children, for the
// benchmarks and comparisons that report work per CPU-second: on a machine shared with
// other work it measures better than the wall clock.
package cputime

import "time"

// Process returns the CPU time the process has used (user and system); where the
// system does not tell, the wall-clock time since the process started.
func Process() time.Duration { return process() }

// Children returns the CPU time of the child processes that have exited and been
// waited for, such as an engine after Close; 0 where the system does not tell.
func Children() time.Duration { return children() }
