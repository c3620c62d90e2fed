//go:build linux

package main

import "syscall"

// physicalMemory returns the bytes of memory the machine has, or 0 when it cannot
// tell.
func physicalMemory() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
