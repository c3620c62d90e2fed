package main

// The solvers' tables are one allocation each, made when a solver is made: a table
// larger than the machine's memory is no error Go can return, but a fatal "out of
// memory" (the kernel refuses the mapping) or, short of that, a process the kernel
// kills once the table is touched. -hash and USI_Hash are therefore refused, with a
// message, when the tables they ask for exceed the machine's physical memory.

import "fmt"

// maxHashMB bounds -hash and USI_Hash on any machine: 64 GiB.
const maxHashMB = 1 << 16

// hashLimitMB returns the largest table, in MB, for a machine of physical bytes of
// memory (0: unknown), with jobs tables at once.
func hashLimitMB(physical uint64, jobs int) int {
	limit := maxHashMB
	if physical > 0 {
		limit = min(limit, int(physical>>20)/max(1, jobs))
	}
	return max(1, limit)
}

// checkHash returns what is wrong with tables of mb MB each, jobs of them at once, on a
// machine of physical bytes (0: unknown), or "". name is the flag or option.
func checkHash(name string, mb, jobs int, physical uint64) string {
	limit := hashLimitMB(physical, jobs)
	switch {
	case mb >= 1 && mb <= limit:
		return ""
	case mb < 1 || mb > maxHashMB || physical == 0:
		return fmt.Sprintf("%s: %d MB; want 1 to %d", name, mb, limit)
	case jobs > 1:
		return fmt.Sprintf("%s: %d MB for each of %d problems solved at once is more than this machine's memory (%d MB); want 1 to %d, or fewer jobs", name, mb, jobs, physical>>20, limit)
	}
	return fmt.Sprintf("%s: %d MB is more than this machine's memory (%d MB); want 1 to %d", name, mb, physical>>20, limit)
}
