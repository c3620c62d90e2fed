// Package strarena makes short strings out of large blocks of bytes, so that a reader
// that keeps a string for every move (a comment line per move) allocates per block,
// not per string.
//
// A string is cut from bytes appended to the block and never written again (the block
// only grows within its capacity, and a full block is left for a new one), which is the
// rule strings.Builder relies on too. A string that a program keeps keeps its block
// (blockSize bytes) alive. The one exception is Reuse, for readers whose callers keep
// none of the strings past it.
package strarena

import "unsafe"

const (
	// blockSize is the size of a block; strings longer than a quarter of it are
	// allocated on their own.
	blockSize = 4096
	// maxReused is the most blocks Reuse keeps for the strings after it: a record of
	// many comments leaves no more than this behind.
	maxReused = 64
)

// Arena makes strings. Its zero value is ready to use; it is not safe for concurrent
// use.
type Arena struct {
	block []byte
	// Once Reuse has been called: blocks are the blocks filled since the last Reuse,
	// the one being filled last, which Reuse makes the strings after it from again;
	// next is the index of the next block to fill. An arena never reused holds no
	// block but the one it fills.
	reuse  bool
	blocks [][]byte
	next   int
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
		if a.next < len(a.blocks) {
			a.block = a.blocks[a.next][:0]
		} else {
			a.block = make([]byte, 0, blockSize)
			if a.reuse && len(a.blocks) < maxReused {
				a.blocks = append(a.blocks, a.block)
			}
		}
		a.next++
	}
	start := len(a.block)
	a.block = append(a.block, b...)
	return unsafe.String(&a.block[start], len(b))
}

// Reuse makes the strings that come after it from the blocks of those before it
// (up to maxReused blocks), which it writes over: every string the arena returned
// before Reuse must not be used any more. For a reader whose caller is done with a
// record, strings included, before it reads the next.
func (a *Arena) Reuse() {
	a.reuse = true
	a.block = nil
	a.next = 0
}
