package main

// The solvers' tables are one allocation each, made when a solver is made: a table
// larger than the memory at hand is no error Go can return, but a fatal "out of
// memory" (the kernel refuses the mapping) or, short of that, a process the kernel
// kills once the table is touched. -hash and USI_Hash are therefore refused, with a
// message, when the tables they ask for exceed the machine's physical memory, or the
// memory limit of the process's cgroup when that is less (a container's).

import "fmt"

// maxHashMB bounds -hash and USI_Hash on any machine: 64 GiB.
const maxHashMB = 1 << 16

// memoryBound is the memory the tables may take, in bytes (0: unknown), and whether it
// is the cgroup's limit rather than the machine's memory.
type memoryBound struct {
	bytes  uint64
	cgroup bool
}

// boundOf is the memory bound of a machine of physical bytes (0: unknown) in a cgroup
// limited to cgroupLimit bytes (0: no limit): the smaller.
func boundOf(physical, cgroupLimit uint64) memoryBound {
	if cgroupLimit > 0 && (physical == 0 || cgroupLimit < physical) {
		return memoryBound{bytes: cgroupLimit, cgroup: true}
	}
	return memoryBound{bytes: physical}
}

// String names the bound in messages.
func (m memoryBound) String() string {
	if m.cgroup {
		return "the memory limit of this process's cgroup"
	}
	return "this machine's memory"
}

// hashLimitMB returns the largest table, in MB, for bytes of memory (0: unknown), with
// jobs tables at once.
func hashLimitMB(bytes uint64, jobs int) int {
	limit := maxHashMB
	if bytes > 0 {
		limit = min(limit, int(bytes>>20)/max(1, jobs))
	}
	return max(1, limit)
}

// checkHash returns what is wrong with tables of mb MB each, jobs of them at once,
// within the memory m, or "". name is the flag or option.
func checkHash(name string, mb, jobs int, m memoryBound) string {
	limit := hashLimitMB(m.bytes, jobs)
	switch {
	case mb >= 1 && mb <= limit:
		return ""
	case mb < 1 || mb > maxHashMB || m.bytes == 0:
		return fmt.Sprintf("%s: %d MB; want 1 to %d", name, mb, limit)
	case jobs > 1:
		return fmt.Sprintf("%s: %d MB for each of %d problems solved at once is more than %s (%d MB); want 1 to %d, or fewer jobs", name, mb, jobs, m, m.bytes>>20, limit)
	}
	return fmt.Sprintf("%s: %d MB is more than %s (%d MB); want 1 to %d", name, mb, m, m.bytes>>20, limit)
}
