package record_test

import "syscall"

// maxRSS returns the largest resident set size of the process so far, in bytes.
func maxRSS() (int64, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return ru.Maxrss << 10, true // Linux counts kilobytes
}
