package tsume

// On Linux the transposition table asks for transparent huge pages: its lookups fall
// anywhere in tens of megabytes, and with 4 KiB pages nearly each one misses the TLB
// as well as the cache. The advice is only advice: the kernel may ignore it.

import (
	"syscall"
	"unsafe"
)

// adviseHugePages tells the kernel that the n bytes at p are best backed by huge pages.
func adviseHugePages(p unsafe.Pointer, n int) {
	const page = 4096
	start := (uintptr(p) + page - 1) &^ (page - 1)
	end := (uintptr(p) + uintptr(n)) &^ (page - 1)
	if end <= start {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, start-uintptr(p))), end-start), syscall.MADV_HUGEPAGE)
}
