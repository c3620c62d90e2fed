package main

// Archives as floodgate publishes them: one small CSA file per game. The benchmarks
// generate a directory of such files and run validate and positions over it, reporting
// moves (or positions) per second of wall clock and per second of the process's CPU
// time, which a machine shared with other work disturbs less.

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi/internal/bigfile"
	"github.com/kifu-go/shogi/internal/cputime"
)

const smallFiles, smallFileMoves = 6000, 100

// smallFilesDir writes smallFiles CSA files of smallFileMoves moves each, a
// floodgate-style evaluation comment on every move, in dirs of 1000, and returns the
// directory.
func smallFilesDir(b *testing.B) string {
	b.Helper()
	games, err := bigfile.Games(32, smallFileMoves, 40)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for i := range smallFiles {
		sub := filepath.Join(dir, fmt.Sprintf("%02d", i/1000))
		if i%1000 == 0 {
			if err := os.Mkdir(sub, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("game%05d.csa", i)), games[i%len(games)], 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// benchSmallFiles runs the command args (the directory appended) over the directory of
// small files with -j 1 and -j 2 and reports the moves per second, by the wall clock
// and by the process's CPU time; then (speedup) both in turn, -j 1 on one core
// (GOMAXPROCS=1) and -j 2 on two, and reports how many times faster -j 2 ran, by the
// wall clock ("j2/j1", which issue 20 wants at 1.8 or more), by CPU time per move
// ("cpu-j1/j2": 1 when -j 2 spends on a move what -j 1 does), and the share of the two
// cores' time that -j 2 left idle for want of a goroutine to run ("%idle-j2": the
// pipeline's stalls, which other work on the machine does not add to).
func benchSmallFiles(b *testing.B, args ...string) {
	dir := smallFilesDir(b)
	command := func(jobs string) []string {
		return append(append(append([]string{}, args...), "-j", jobs), dir)
	}
	runCommand := func(b *testing.B, cmd []string) {
		var errOut bytes.Buffer
		if code := run(cmd, strings.NewReader(""), io.Discard, &errOut); code != 0 {
			b.Fatalf("exit %d: %s", code, errOut.String())
		}
	}
	for _, jobs := range []string{"1", "2"} {
		b.Run("j"+jobs, func(b *testing.B) {
			b.ReportAllocs()
			cmd := command(jobs)
			cpu := cputime.Process()
			for b.Loop() {
				runCommand(b, cmd)
			}
			moves := float64(smallFiles*smallFileMoves) * float64(b.N)
			b.ReportMetric(moves/b.Elapsed().Seconds(), "moves/s")
			b.ReportMetric(moves/(cputime.Process()-cpu).Seconds(), "moves/cpu-s")
		})
	}
	b.Run("speedup", func(b *testing.B) {
		if runtime.NumCPU() < 2 {
			b.Skip("one CPU")
		}
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
		var wall, cpu [2]time.Duration
		var idle, total [2]float64
		for b.Loop() {
			for i, jobs := range []string{"1", "2"} {
				runtime.GOMAXPROCS(i + 1)
				idle0, total0 := schedIdle()
				start, startCPU := time.Now(), cputime.Process()
				runCommand(b, command(jobs))
				wall[i] += time.Since(start)
				cpu[i] += cputime.Process() - startCPU
				idle1, total1 := schedIdle()
				idle[i] += idle1 - idle0
				total[i] += total1 - total0
			}
		}
		b.ReportMetric(wall[0].Seconds()/wall[1].Seconds(), "j2/j1")
		b.ReportMetric(cpu[0].Seconds()/cpu[1].Seconds(), "cpu-j1/j2")
		b.ReportMetric(100*idle[1]/total[1], "%idle-j2")
		b.ReportMetric(0, "ns/op") // the sum of both runs, which says nothing
	})
}

// BenchmarkValidateSmallFiles validates a directory of 6 000 files of 100 moves.
func BenchmarkValidateSmallFiles(b *testing.B) {
	benchSmallFiles(b, "validate")
}

// BenchmarkPositionsSmallFiles converts a directory of 6 000 files of 100 moves to HCPE.
func BenchmarkPositionsSmallFiles(b *testing.B) {
	out := filepath.Join(b.TempDir(), "out.hcpe")
	benchSmallFiles(b, "positions", "-to", "hcpe", "-o", out, "-f")
}

// schedIdle returns the time the Go scheduler's processors (GOMAXPROCS of them) have
// been idle, for want of a goroutine to run, and the time they have been there in all,
// in seconds (runtime/metrics: an estimate, updated at each collection and read).
func schedIdle() (idle, total float64) {
	samples := []metrics.Sample{{Name: "/cpu/classes/idle:cpu-seconds"}, {Name: "/cpu/classes/total:cpu-seconds"}}
	runtime.GC() // the metrics are brought up to date by a collection
	metrics.Read(samples)
	return samples[0].Value.Float64(), samples[1].Value.Float64()
}
