package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi/record"
)

// packedFiles writes the entries of two games (floodgate's, ending in a resignation,
// and a KIF game) in every packed format to dir, and returns their paths by format and
// the number of entries.
func packedFiles(t *testing.T, dir string) (map[string]string, int) {
	t.Helper()
	paths := map[string]string{}
	n := 0
	for _, to := range []string{"hcp", "hcpe", "psfen", "psv"} {
		code, data, _, stderr := runPositionsTo(t, "-to", to, floodgateCSA, ryuou)
		if code != 0 {
			t.Fatalf("positions -to %s: exit %d: %s", to, code, stderr)
		}
		paths[to] = filepath.Join(dir, "good."+to)
		if err := os.WriteFile(paths[to], data, 0o644); err != nil {
			t.Fatal(err)
		}
		n = len(data) / packedFormats[to].Size()
	}
	return paths, n
}

// validateJSON runs validate -json with args and returns its exit status and reports.
func validateJSON(t *testing.T, args ...string) (int, []record.Report) {
	t.Helper()
	code, stdout, stderr := runCmd("", append([]string{"validate", "-json"}, args...)...)
	var reps []record.Report
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if line == "" {
			continue
		}
		var r record.Report
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %q (stderr %s)", err, line, stderr)
		}
		reps = append(reps, r)
	}
	return code, reps
}

func TestValidatePackedGood(t *testing.T) {
	dir := t.TempDir()
	paths, n := packedFiles(t, dir)
	if n < 200 {
		t.Fatalf("%d entries", n)
	}
	for to, path := range paths {
		code, reps := validateJSON(t, path)
		want := []record.Report{{Path: path, Format: to, OK: true, Moves: n}}
		if code != 0 || !cmp.Equal(want, reps) {
			t.Errorf("%s: exit %d, %s", to, code, cmp.Diff(want, reps))
		}
	}
	// The text verdict counts entries.
	code, stdout, _ := runCmd("", "validate", paths["psv"])
	if want := fmt.Sprintf("%s: OK; %d entries\n", paths["psv"], n); code != 0 || stdout != want {
		t.Errorf("exit %d, %q; want %q", code, stdout, want)
	}
	// Found in a directory by their extensions, next to a record; -from reads any name.
	if err := os.WriteFile(filepath.Join(dir, "game.csa"), []byte("V2.2\nPI\n+\n+7776FU\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, reps := validateJSON(t, dir)
	var formats []string
	for _, r := range reps {
		formats = append(formats, r.Format)
		if !r.OK {
			t.Errorf("%+v", r)
		}
	}
	if code != 0 || !cmp.Equal(formats, []string{"csa", "hcp", "hcpe", "psfen", "psv"}) {
		t.Errorf("directory: exit %d, formats %v", code, formats)
	}
	bin := filepath.Join(dir, "train.bin")
	data, _ := os.ReadFile(paths["psfen"])
	if err := os.WriteFile(bin, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, reps := validateJSON(t, "-from", "psfen", bin); code != 0 || len(reps) != 1 || !reps[0].OK || reps[0].Format != "psfen" {
		t.Errorf("-from psfen: exit %d, %+v", code, reps)
	}
	// Standard input, with -from.
	code, stdout, stderr := runCmd(string(data), "validate", "-from", "psfen", "-")
	if code != 0 || !strings.Contains(stdout, "-: OK;") {
		t.Errorf("stdin: exit %d, %q %q", code, stdout, stderr)
	}
}

func TestValidatePackedBad(t *testing.T) {
	dir := t.TempDir()
	paths, n := packedFiles(t, dir)
	const k = 40 // an entry in the middle of the first game
	read := func(to string) []byte {
		data, err := os.ReadFile(paths[to])
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	tests := []struct {
		name, to string
		change   func(data []byte, size int) []byte
		index    int
		code     string
		more     int
	}{
		{"corrupted position", "hcp", func(d []byte, size int) []byte {
			for i := range 32 {
				d[k*size+i] = 0xff
			}
			return d
		}, k, "bad-code", 0},
		{"zeroed psfen entry", "psfen", func(d []byte, size int) []byte {
			clear(d[k*size : (k+1)*size])
			return d
		}, k, "bad-code", 0},
		{"illegal move hcpe", "hcpe", func(d []byte, size int) []byte {
			copy(d[k*size+34:k*size+36], d[(k+1)*size+34:(k+1)*size+36]) // the opponent's move
			return d
		}, k, "invalid-move", 0},
		{"illegal move psv", "psv", func(d []byte, size int) []byte {
			copy(d[k*size+34:k*size+36], d[(k+1)*size+34:(k+1)*size+36])
			return d
		}, k, "invalid-move", 0},
		{"inconsistent result psv", "psv", func(d []byte, size int) []byte {
			d[k*size+38] = byte(-int8(d[k*size+38]))
			return d
		}, k, "inconsistent-result", 1},
		{"inconsistent result hcpe", "hcpe", func(d []byte, size int) []byte {
			d[k*size+36] = 3 - d[k*size+36] // 1 ⇄ 2
			return d
		}, k, "inconsistent-result", 1},
		{"result out of range", "hcpe", func(d []byte, size int) []byte {
			d[k*size+36] = 7
			return d
		}, k, "bad-field", 0},
		{"truncated", "psv", func(d []byte, size int) []byte { return d[:len(d)-3] }, n - 1, "truncated", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			size := packedFormats[tt.to].Size()
			data := tt.change(read(tt.to), size)
			path := filepath.Join(t.TempDir(), "bad."+tt.to)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			code, reps := validateJSON(t, path)
			if len(reps) != 1 {
				t.Fatalf("%d reports", len(reps))
			}
			r := reps[0]
			at := fmt.Sprintf("packed: %s entry %d (byte %d): ", tt.to, tt.index, tt.index*size)
			if code != 1 || r.OK || r.Code != tt.code || !strings.HasPrefix(r.Error, at) || r.Moves != n {
				t.Errorf("exit %d, %+v; want code %s, an error starting %q, %d entries", code, r, tt.code, at, n)
			}
			if more := fmt.Sprintf("(and %d more bad %s)", tt.more, entryNoun(int64(tt.more))); (tt.more > 0) != strings.HasSuffix(r.Error, more) {
				t.Errorf("error %q; want %d more", r.Error, tt.more)
			}
			if tt.code == "invalid-move" && r.SFEN != "" || tt.code == "inconsistent-result" && r.SFEN == "" {
				t.Errorf("SFEN %q", r.SFEN)
			}
		})
	}

	// An empty file is passed over: nothing checked, exit 3 as for records.
	empty := filepath.Join(dir, "empty.psv")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, reps := validateJSON(t, empty); code != 3 || len(reps) != 1 || reps[0].Skipped == "" {
		t.Errorf("empty file: exit %d, %+v", code, reps)
	}
	// An input that is not there is exit 2, as for records.
	if code, reps := validateJSON(t, filepath.Join(dir, "none.hcpe")); code != 2 || len(reps) != 1 || reps[0].Code != "io" {
		t.Errorf("missing file: exit %d, %+v", code, reps)
	}
}
