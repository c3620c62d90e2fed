//go:build !linux

package main

// memoryLimit returns an unknown bound: where the machine's memory is not at hand,
// -hash and USI_Hash are bounded by maxHashMB alone.
func memoryLimit() memoryBound { return memoryBound{} }
