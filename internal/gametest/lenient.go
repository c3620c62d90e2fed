package gametest

import (
	"io"
	"runtime"
	"testing"

	"github.com/kifu-go/shogi"
)

// ReadResult is what reading a whole input gave: the records read, and how many errors
// and warnings came with them.
type ReadResult struct {
	Records          []*shogi.Record
	Errors, Warnings int
}

// ReadCounted calls read until io.EOF, at most limit times, and counts what it gives;
// warnings returns the number of warnings of the last call.
func ReadCounted(read func() (*shogi.Record, error), warnings func() int, limit int) ReadResult {
	var res ReadResult
	for range limit {
		rec, err := read()
		res.Warnings += warnings()
		if err == io.EOF {
			break
		}
		if err != nil {
			res.Errors++
			continue
		}
		res.Records = append(res.Records, rec)
	}
	return res
}

// CheckLenientReports fails t unless a lenient read skipped nothing in silence: when the
// strict read of an input met a problem, the lenient read reports at least one (an error
// or a warning); when it met none, the lenient read gives the same records (diff returns
// "" for equal records) and no warning. A strict read never warns.
func CheckLenientReports(t testing.TB, strict, lenient ReadResult, diff func(want, got *shogi.Record) string) {
	t.Helper()
	if strict.Warnings > 0 {
		t.Fatalf("a strict read gave %d warnings", strict.Warnings)
	}
	if strict.Errors > 0 {
		if lenient.Errors+lenient.Warnings == 0 {
			t.Fatalf("the strict read met %d problems, the lenient read reported none", strict.Errors)
		}
		return
	}
	if lenient.Errors+lenient.Warnings > 0 || len(lenient.Records) != len(strict.Records) {
		t.Fatalf("the strict read met no problem; the lenient read gave %d records (strict %d), %d errors, %d warnings",
			len(lenient.Records), len(strict.Records), lenient.Errors, lenient.Warnings)
	}
	for i := range strict.Records {
		if d := diff(strict.Records[i], lenient.Records[i]); d != "" {
			t.Fatalf("record %d, strict and lenient reads differ (-strict +lenient):\n%s", i+1, d)
		}
	}
}

// Allocated returns the bytes that f allocates.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
