//go:build linux

package main

import (
	"os"
	"syscall"
)

// memoryLimit returns the memory the solvers' tables may take: the machine's RAM, or
// the limit of the process's cgroup when that is less.
func memoryLimit() memoryBound {
	var physical uint64
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) == nil {
		physical = uint64(si.Totalram) * uint64(si.Unit)
	}
	return boundOf(physical, cgroupMemoryLimit(os.DirFS("/")))
}
