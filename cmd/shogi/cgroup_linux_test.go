package main

import (
	"path"
	"testing"
	"testing/fstest"
)

func TestCgroupMemoryLimit(t *testing.T) {
	const (
		gib     = 1 << 30
		v1Huge  = "9223372036854771712\n" // v1's "no limit" with 4 KiB pages
		hybrid  = "12:pids:/docker/abc\n4:memory:/docker/abc\n1:name=systemd:/docker/abc\n0::/docker/abc\n"
		v2Self  = "0::/user.slice/user-1000.slice/session-2.scope\n"
		v2Scope = "sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope/memory.max"
	)
	tests := []struct {
		name  string
		files map[string]string
		want  uint64
	}{
		{"no proc file", map[string]string{"sys/fs/cgroup/memory.max": "1073741824\n"}, 0},
		{"v2", map[string]string{procSelfCgroup: v2Self, v2Scope: "4294967296\n"}, 4 * gib},
		{"v2 max", map[string]string{procSelfCgroup: v2Self, v2Scope: "max\n"}, 0},
		{"v2, a parent's limit lower", map[string]string{
			procSelfCgroup: v2Self, v2Scope: "max\n",
			"sys/fs/cgroup/user.slice/user-1000.slice/memory.max": "2147483648\n",
			"sys/fs/cgroup/user.slice/memory.max":                 "8589934592\n",
		}, 2 * gib},
		{"v2, the child's limit lower", map[string]string{
			procSelfCgroup: v2Self, v2Scope: "1073741824",
			"sys/fs/cgroup/user.slice/memory.max": "8589934592\n",
		}, 1 * gib},
		{"v2 in a cgroup namespace", map[string]string{procSelfCgroup: "0::/\n", "sys/fs/cgroup/memory.max": "3221225472\n"}, 3 * gib},
		{"v2, no file", map[string]string{procSelfCgroup: v2Self}, 0},
		{"v1", map[string]string{procSelfCgroup: hybrid, "sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": "536870912\n"}, gib / 2},
		{"v1, no limit", map[string]string{procSelfCgroup: hybrid, "sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": v1Huge,
			"sys/fs/cgroup/memory/memory.limit_in_bytes": v1Huge}, 0},
		{"v1, the cgroup at the mount's root", map[string]string{procSelfCgroup: hybrid,
			"sys/fs/cgroup/memory/memory.limit_in_bytes": "268435456\n"}, gib / 4},
		{"v1, memory among other controllers", map[string]string{procSelfCgroup: "3:cpu,memory,blkio:/batch/job7\n",
			"sys/fs/cgroup/memory/batch/job7/memory.limit_in_bytes": "1073741824\n"}, gib},
		{"v1 and v2: the lower", map[string]string{procSelfCgroup: hybrid,
			"sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": "2147483648\n",
			"sys/fs/cgroup/docker/abc/memory.max":                   "1073741824\n"}, gib},
		{"v1, this machine's kind (hybrid, no limit, no v2 memory controller)", map[string]string{
			procSelfCgroup: "9:name=systemd:/\n4:memory:/process_api/d45\n1:cpu:/\n0::/\n",
			"sys/fs/cgroup/memory/process_api/d45/memory.limit_in_bytes": v1Huge,
			"sys/fs/cgroup/memory/process_api/memory.limit_in_bytes":     v1Huge,
			"sys/fs/cgroup/memory/memory.limit_in_bytes":                 v1Huge,
			"sys/fs/cgroup/unified/cgroup.procs":                         "1\n",
		}, 0},
		{"v1 -1 and garbage", map[string]string{procSelfCgroup: hybrid,
			"sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": "-1\n",
			"sys/fs/cgroup/memory/docker/memory.limit_in_bytes":     "lots\n",
			"sys/fs/cgroup/docker/abc/memory.max":                   "12 GB\n"}, 0},
		{"garbage proc file", map[string]string{procSelfCgroup: "memory\n::\n4:memory\n4:memory:relative\n\x00\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes": "1073741824\n", "sys/fs/cgroup/memory.max": "1073741824\n"}, 0},
		{"a path that climbs", map[string]string{procSelfCgroup: "0::/../../x\n", "sys/fs/cgroup/x/memory.max": "1073741824\n"}, gib},
		{"zero is no limit", map[string]string{procSelfCgroup: "0::/\n", "sys/fs/cgroup/memory.max": "0\n"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, text := range tt.files {
				fsys[name] = &fstest.MapFile{Data: []byte(text)}
			}
			if got := cgroupMemoryLimit(fsys); got != tt.want {
				t.Errorf("cgroupMemoryLimit = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestParseMemoryLimit(t *testing.T) {
	tests := []struct {
		text string
		want uint64
		ok   bool
	}{
		{"4294967296\n", 4 << 30, true},
		{" 1024 ", 1024, true},
		{"max\n", 0, false},
		{"9223372036854771712\n", 0, false},
		{"4611686018427387903", 1<<62 - 1, true},
		{"18446744073709551615", 0, false},
		{"18446744073709551616", 0, false},
		{"0", 0, false},
		{"-1", 0, false},
		{"", 0, false},
		{"12 GB", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseMemoryLimit(tt.text)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseMemoryLimit(%q) = %d, %v; want %d, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzCgroupMemoryLimit: any /proc/self/cgroup and limit file give a limit that is none
// (0) or a real one below noLimitFrom, without a panic or an endless climb.
func FuzzCgroupMemoryLimit(f *testing.F) {
	f.Add("0::/user.slice/session-2.scope\n", "4294967296\n")
	f.Add("4:memory:/docker/abc\n0::/docker/abc\n", "max\n")
	f.Add("3:cpu,memory:/../../x\n", "9223372036854771712")
	f.Add("0::/a//b/./../c\n", " 12 ")
	f.Fuzz(func(t *testing.T, self, limit string) {
		v1, v2, _, _ := parseProcCgroup(self)
		files := fstest.MapFS{procSelfCgroup: {Data: []byte(self)}}
		for _, name := range []string{
			path.Join(cgroupV2Root, path.Clean("/"+v2), cgroupV2Limit),
			path.Join(cgroupV2Root, cgroupV2Limit),
			path.Join(cgroupV1Memory, path.Clean("/"+v1), cgroupV1Limit),
		} {
			files[name] = &fstest.MapFile{Data: []byte(limit)}
		}
		got := cgroupMemoryLimit(files)
		if got >= noLimitFrom {
			t.Fatalf("limit %d, at least noLimitFrom", got)
		}
		if n, ok := parseMemoryLimit(limit); ok && got > n {
			t.Fatalf("limit %d above the %d of every file", got, n)
		}
	})
}
