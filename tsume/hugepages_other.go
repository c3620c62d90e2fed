//go:build !linux

package tsume

import "unsafe"

// adviseHugePages does nothing but on Linux.
func adviseHugePages(unsafe.Pointer, int) {}
