package main

import (
	"fmt"
	"strings"
	"testing"
)

func TestCheckHash(t *testing.T) {
	const gib = 1 << 30
	tests := []struct {
		mb, jobs int
		physical uint64
		cgroup   bool // physical is the cgroup's limit
		want     string
	}{
		{16, 1, 0, false, ""},
		{maxHashMB, 1, 0, false, ""},
		{maxHashMB + 1, 1, 0, false, "-hash: 65537 MB; want 1 to 65536"},
		{0, 1, 0, false, "-hash: 0 MB; want 1 to 65536"},
		{-3, 1, 8 * gib, false, "-hash: -3 MB; want 1 to 8192"},
		{8192, 1, 8 * gib, false, ""},
		{8193, 1, 8 * gib, false, "-hash: 8193 MB is more than this machine's memory (8192 MB); want 1 to 8192"},
		{maxHashMB + 1, 1, 8 * gib, false, "-hash: 65537 MB; want 1 to 8192"},
		{maxHashMB, 1, 128 * gib, false, ""},
		{maxHashMB + 1, 1, 128 * gib, false, "-hash: 65537 MB; want 1 to 65536"},
		{2048, 4, 8 * gib, false, ""},
		{2049, 4, 8 * gib, false, "-hash: 2049 MB for each of 4 problems solved at once is more than this machine's memory (8192 MB); want 1 to 2048, or fewer jobs"},
		{1, 100_000, 8 * gib, false, ""}, // never less than 1 MB
		{4096, 1, 4 * gib, true, ""},
		{4097, 1, 4 * gib, true, "-hash: 4097 MB is more than the memory limit of this process's cgroup (4096 MB); want 1 to 4096"},
		{1025, 4, 4 * gib, true, "-hash: 1025 MB for each of 4 problems solved at once is more than the memory limit of this process's cgroup (4096 MB); want 1 to 1024, or fewer jobs"},
	}
	for _, tt := range tests {
		if got := checkHash("-hash", tt.mb, tt.jobs, memoryBound{tt.physical, tt.cgroup}); got != tt.want {
			t.Errorf("checkHash(%d MB, %d jobs, %d bytes) = %q, want %q", tt.mb, tt.jobs, tt.physical, got, tt.want)
		}
	}
}

func TestBoundOf(t *testing.T) {
	const gib = 1 << 30
	tests := []struct {
		physical, cgroup uint64
		want             memoryBound
	}{
		{8 * gib, 0, memoryBound{8 * gib, false}},
		{8 * gib, 2 * gib, memoryBound{2 * gib, true}},
		{8 * gib, 8 * gib, memoryBound{8 * gib, false}},
		{8 * gib, 16 * gib, memoryBound{8 * gib, false}},
		{0, 2 * gib, memoryBound{2 * gib, true}},
		{0, 0, memoryBound{}},
	}
	for _, tt := range tests {
		if got := boundOf(tt.physical, tt.cgroup); got != tt.want {
			t.Errorf("boundOf(%d, %d) = %+v, want %+v", tt.physical, tt.cgroup, got, tt.want)
		}
	}
}

// TestHashBeyondMemory: -hash larger than the memory at hand is a usage error (exit
// 2) with a message; before, the table's allocation was a fatal "out of memory".
func TestHashBeyondMemory(t *testing.T) {
	bound := memoryLimit()
	physical := bound.bytes
	if physical == 0 || physical >= maxHashMB<<20 {
		t.Skip("the machine's memory is unknown or above the bound of -hash")
	}
	mb := fmt.Sprint(hashLimitMB(physical, 1) + 1)
	for _, args := range [][]string{
		{"mate", "-hash", mb, "-sfen", mate3SFEN},
		{"tsume", "-hash", mb, tsumeData + "/problems.usi"},
		{"tsume", "-j", "64", "-hash", fmt.Sprint(hashLimitMB(physical, 64) + 1), tsumeData + "/problems.usi"},
	} {
		code, out, errOut := runCmd("", args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "more than "+bound.String()) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}
