//go:build unix

package tsume_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (user and system), which on a
// shared machine measures the search better than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// childrenCPUTime returns the CPU time of the child processes that have exited and
// been waited for, such as an engine after Close.
func childrenCPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
