package record_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/record"
)

// FuzzReader (small seeds, long inputs passed over: see gametest.FuzzSeedBytes) feeds
// any bytes to a format-detecting Reader, strict and lenient, and
// checks its contract: it ends, it never panics, every error is an *Error of the record
// it counts, every warning has SeverityWarning, every record it returns replays, and a
// record written in the input's format reads back as the same text when written again.
func FuzzReader(f *testing.F) {
	paths, _ := filepath.Glob("../testdata/records/*/*")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			if seed, ok := gametest.FuzzSeed(data); ok {
				f.Add(seed, false)
			}
		}
	}
	f.Add([]byte(threeGamesCSA), true)
	f.Add([]byte(foulKIF), true)
	f.Add([]byte("position startpos moves 7g7f 3c3d\nposition startpos moves 7g7f 7g7f\n"), false)
	f.Add([]byte("{\"header\":{}}\n{\"header\": \n{\"header\":{\"a\":\"b\"}}\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, lenient bool) {
		if !gametest.FuzzTooLarge(data) {
			fuzzReader(t, data, lenient)
		}
	})
}

// TestFuzzBigInputs checks the long inputs that runs of FuzzReader found, kept out of
// its corpus (see gametest.FuzzSeedBytes).
func TestFuzzBigInputs(t *testing.T) {
	gametest.FuzzBigInputs(t, "FuzzReader", func(t *testing.T, v []any) { fuzzReader(t, v[0].([]byte), v[1].(bool)) })
}

// fuzzReader checks the contract of FuzzReader on data.
func fuzzReader(t *testing.T, data []byte, lenient bool) {
	checkLenientReports(t, data)
	r := record.NewReader(bytes.NewReader(data))
	r.Lenient = lenient
	count := 0
	for rec, err := range r.All() {
		count++
		if count > len(data)+2 {
			t.Fatalf("%d records from %d bytes: the reader makes no progress", count, len(data))
		}
		for _, w := range r.Warnings() {
			if w.Severity != record.SeverityWarning || w.Record != count {
				t.Fatalf("warning %v: severity %v, record %d (want %d)", w, w.Severity, w.Record, count)
			}
		}
		if err != nil {
			var re *record.Error
			if !errors.As(err, &re) || re.Record != count || re.Line < 0 || re.Column < 0 || re.Severity != record.SeverityError {
				t.Fatalf("error %v (%T) does not say record %d", err, err, count)
			}
			continue
		}
		if _, err := rec.Replay(); err != nil {
			t.Fatalf("record %d does not replay: %v", count, err)
		}
		format := r.InputFormat()
		first, err := record.Marshal(rec, format)
		if err != nil {
			t.Fatalf("record %d read as %s does not write as %s: %v", count, format, format, err)
		}
		back, err := record.Parse(first)
		if err != nil {
			t.Fatalf("record %d written as %s does not read back: %v\n%s", count, format, err, first)
		}
		second, err := record.Marshal(back, format)
		if err != nil || !bytes.Equal(first, second) {
			t.Fatalf("record %d: write→read→write differs (%v)\n%s\n---\n%s", count, err, first, second)
		}
	}
}

// checkLenientReports: a lenient read of data skips nothing in silence (see
// gametest.CheckLenientReports); records are compared as their JKF.
func checkLenientReports(t *testing.T, data []byte) {
	read := func(lenient bool) gametest.ReadResult {
		r := record.NewReader(bytes.NewReader(data))
		r.Lenient = lenient
		return gametest.ReadCounted(r.Read, func() int { return len(r.Warnings()) }, len(data)+2)
	}
	gametest.CheckLenientReports(t, read(false), read(true), func(want, got *shogi.Record) string {
		a, errA := record.Marshal(want, record.JKF)
		b, errB := record.Marshal(got, record.JKF)
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			return fmt.Sprintf("%v, %v\n%s\n---\n%s", errA, errB, a, b)
		}
		return ""
	})
}
