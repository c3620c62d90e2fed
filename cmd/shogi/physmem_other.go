//go:build !linux

package main

// physicalMemory returns 0: where the machine's memory is not at hand, -hash and
// USI_Hash are bounded by maxHashMB alone.
func physicalMemory() uint64 { return 0 }
