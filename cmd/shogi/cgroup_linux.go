package main

// A container's memory is its cgroup's limit, not the machine's: a table the machine
// could hold but the cgroup cannot gets the process killed once the table is touched.
// cgroupMemoryLimit reads that limit, cgroup v2 (memory.max) or v1
// (memory.limit_in_bytes), from the files the kernel shows; it is pure over an fs.FS
// so that tests give it fake files, and only Linux calls it.

import (
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// The cgroup files, relative to the root of the file system given to cgroupMemoryLimit.
const (
	procSelfCgroup = "proc/self/cgroup"
	cgroupV2Root   = "sys/fs/cgroup"        // the unified hierarchy (cgroup v2)
	cgroupV1Memory = "sys/fs/cgroup/memory" // the memory controller's hierarchy (cgroup v1)
	cgroupV2Limit  = "memory.max"
	cgroupV1Limit  = "memory.limit_in_bytes"
)

// cgroupMemoryLimit returns the least memory limit, in bytes, of the cgroups of the
// process whose files fsys holds (os.DirFS("/") for this one): the limits of its
// cgroup and of every ancestor up to the hierarchy's root, v2 and v1 alike, since a
// parent's limit bounds its children. It returns 0 when no limit is set ("max", or a
// value so large it is none) or none can be read.
func cgroupMemoryLimit(fsys fs.FS) uint64 {
	self, err := fs.ReadFile(fsys, procSelfCgroup)
	if err != nil {
		return 0
	}
	v1, v2, hasV1, hasV2 := parseProcCgroup(string(self))
	var least uint64
	walk := func(root, cgroup, file string) {
		// From the cgroup up to the root: the hierarchy's mount may show the
		// process's cgroup at its root (a container without a cgroup namespace), where
		// the full path names nothing and the root's file is the one that counts.
		for dir := path.Clean("/" + cgroup); ; dir = path.Dir(dir) {
			text, err := fs.ReadFile(fsys, path.Join(root, dir, file))
			if err == nil {
				if limit, ok := parseMemoryLimit(string(text)); ok && (least == 0 || limit < least) {
					least = limit
				}
			}
			if dir == "/" {
				return
			}
		}
	}
	if hasV2 {
		walk(cgroupV2Root, v2, cgroupV2Limit)
	}
	if hasV1 {
		walk(cgroupV1Memory, v1, cgroupV1Limit)
	}
	return least
}

// parseProcCgroup returns the cgroups of /proc/self/cgroup's text: v1, the path of the
// memory controller's line ("4:memory:/docker/abc"), and v2, the path of the unified
// hierarchy's ("0::/user.slice/session-1.scope"); hasV1 and hasV2 say whether the text
// has those lines. Lines it cannot read are passed over.
func parseProcCgroup(text string) (v1, v2 string, hasV1, hasV2 bool) {
	for line := range strings.Lines(text) {
		id, rest, ok := strings.Cut(strings.TrimRight(line, "\r\n"), ":")
		if !ok {
			continue
		}
		controllers, p, ok := strings.Cut(rest, ":")
		if !ok || !strings.HasPrefix(p, "/") {
			continue
		}
		switch {
		case id == "0" && controllers == "":
			v2, hasV2 = p, true
		case controllers != "" && !hasV1:
			for c := range strings.SplitSeq(controllers, ",") {
				if c == "memory" {
					v1, hasV1 = p, true
				}
			}
		}
	}
	return v1, v2, hasV1, hasV2
}

// noLimitFrom is where a limit is taken for none: v1 writes "no limit" as the largest
// page count times the page size (9223372036854771712 with 4 KiB pages), and no machine
// has 4 EiB.
const noLimitFrom = 1 << 62

// parseMemoryLimit reads a memory.max or memory.limit_in_bytes file: a number of bytes,
// or "max". ok is false for no limit ("max", a value of noLimitFrom or more, 0) and for
// text that is no number.
func parseMemoryLimit(text string) (uint64, bool) {
	n, err := strconv.ParseUint(strings.TrimSpace(text), 10, 64)
	if err != nil || n == 0 || n >= noLimitFrom {
		return 0, false
	}
	return n, true
}
