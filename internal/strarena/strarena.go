// Package strarena makes short strings out of large blocks of bytes, so that a reader
// that keeps a string for every move (a comment line per move) allocates per block,
// not per string.
//
// A string is cut from bytes appended to the block and never written again (the block
// only grows within its capacity, and a full block is left for a new one), which is the
// rule strings.Builder relies on too. A string that a program keeps keeps its block
// (blockSize bytes) alive.
package strarena

import "unsafe"

// blockSize is the size of a block; strings longer than a quarter of it are allocated
// on their own.
const blockSize = 4096

// Arena makes strings. Its zero value is ready to use; it is not safe for concurrent
// use.
type Arena struct {
	block []byte
}

// String returns a string holding the bytes of b.
func (a *Arena) String(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > blockSize/4 {
		return string(b)
	}
	if cap(a.block)-len(a.block) < len(b) {
		a.block = make([]byte, 0, blockSize)
	}
	start := len(a.block)
	a.block = append(a.block, b...)
	return unsafe.String(&a.block[start], len(b))
}
