package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/kifu-go/shogi/internal/bigfile"
)

// TestValidateBigFileMemory validates a generated CSA file of 20 000 games, 840 MB (the
// size of a real archive that the old command needed 2.9 GB for), with the built
// command, and checks that its peak resident memory stays under 100 MB. It writes the
// file to a temporary directory and takes a minute or so: set SHOGI_BIG_FILE=1 to run it.
func TestValidateBigFileMemory(t *testing.T) {
	if os.Getenv("SHOGI_BIG_FILE") == "" {
		t.Skip("set SHOGI_BIG_FILE=1 to validate a generated 840 MB file")
	}
	const games, fileSize = 20000, 840 << 20
	const moves = 150
	commentBytes := 100
	for ; commentBytes < 2000; commentBytes += 10 {
		size, err := bigfile.GameSize(moves, commentBytes)
		if err != nil {
			t.Fatal(err)
		}
		if size*games >= fileSize {
			break
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "games.csa")
	size, err := bigfile.WriteFile(path, games, moves, commentBytes)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "shogi")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "validate", "-q", path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("validate: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), strconv.Itoa(games)+" records in 1 input: "+strconv.Itoa(games)+" valid") {
		t.Errorf("summary %q", out)
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // Linux counts kilobytes
	t.Logf("%d MB file, %d games: peak RSS %d MB; %s", size>>20, games, rss>>20, strings.TrimSpace(string(out)))
	if rss > 100<<20 {
		t.Errorf("peak RSS %d MB, want under 100 MB", rss>>20)
	}
}

// TestBigRecordMemory measures the peak resident memory of the built command on a
// generated 63 MB KIF study (1.5 million moves in variations, the size of a real one
// that converting to JKF took 1.96 GB for: 31 times its size): validating it,
// converting it to JKF, and converting two of them with -j 2, which the memory budget
// runs one after the other (before it, the two took 3.06 GB together). Each peak must
// stay within the multiple the budget assumes for KIF (memoryMultiple). It writes the
// files to a temporary directory and takes a minute or two: set SHOGI_BIG_FILE=1 to
// run it.
func TestBigRecordMemory(t *testing.T) {
	if os.Getenv("SHOGI_BIG_FILE") == "" {
		t.Skip("set SHOGI_BIG_FILE=1 to convert a generated 63 MB KIF study")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "study.kif")
	size, moves, err := bigfile.WriteKIFTree(path, 63<<20, 1)
	if err != nil {
		t.Fatal(err)
	}
	second := filepath.Join(dir, "study2.kif")
	if err := os.Link(path, second); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "shogi")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// A child's peak RSS starts from this process's (Go starts it with vfork, and
	// Linux carries the peak across exec): give back the memory of generating the
	// file and reset the peak, or it would be the children's.
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Skipf("cannot reset the peak RSS: %v", err)
	}
	limit := memoryMultiple(path) * size
	for _, args := range [][]string{
		{"validate", "-q", path},
		{"convert", "-to", "jkf", "-o", filepath.Join(dir, "out1"), path},
		{"convert", "-to", "jkf", "-j", "2", "-o", filepath.Join(dir, "out2"), path, second},
	} {
		t.Logf("shogi %s", strings.Join(args, " "))
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "GOMEMLIMIT=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // Linux counts kilobytes
		t.Logf("shogi %s: a %d MB file of %d moves, peak RSS %d MB (%.1f× the file)", args[0], size>>20, moves, rss>>20, float64(rss)/float64(size))
		if rss > limit {
			t.Errorf("shogi %s: peak RSS %d MB, want under %d MB (%d× the record)", strings.Join(args, " "), rss>>20, limit>>20, memoryMultiple(path))
		}
	}
}
