package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/readback"
	"github.com/kifu-go/shogi/record"
)

// readAll reads every record of data in format f with the strict reader.
func readAll(t *rapid.T, data []byte, f record.Format, what string) []*shogi.Record {
	r := record.NewReader(bytes.NewReader(data))
	r.Format = f
	var recs []*shogi.Record
	for rec, err := range r.All() {
		if err != nil {
			t.Fatalf("%s does not read back: %v\n%s", what, err, data)
		}
		recs = append(recs, rec)
	}
	return recs
}

// TestConvertReadsBack: random records (readback.Rich), one to three, given to shogi
// convert in KIF (a file each), CSA or JKF (several records in one file), on standard
// input, as files or as a directory, converted to every format (in UTF-8 or Shift_JIS),
// to standard output or to -o DIR: every record the output holds reads back with the strict reader the same
// as the record convert read, but for what record.Losses reports for it; convert warns
// once for each record that loses something, and with -lossless refuses exactly those
// (exit 1) and writes the others.
func TestConvertReadsBack(t *testing.T) {
	root := t.TempDir()
	run := 0
	rapid.Check(t, func(t *rapid.T) {
		run++
		dir := filepath.Join(root, fmt.Sprint(run))
		from := rapid.SampledFrom([]record.Format{record.KIF, record.CSA, record.JKF}).Draw(t, "from")
		to := rapid.SampledFrom(record.Formats).Draw(t, "to")
		n := rapid.IntRange(1, 3).Draw(t, "records")
		recs := make([]*shogi.Record, n)
		for i := range recs {
			recs[i] = readback.Rich(t)
		}

		// The input files: one a record in KIF, all in one file otherwise.
		var files [][]byte
		if from.OneRecordPerFile() {
			for _, rec := range recs {
				data, err := record.Marshal(rec, from)
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, data)
			}
		} else {
			var buf bytes.Buffer
			w := record.NewWriter(&buf, from)
			for _, rec := range recs {
				if err := w.Write(rec); err != nil {
					t.Fatal(err)
				}
			}
			w.Flush()
			files = append(files, buf.Bytes())
		}
		// What convert reads: the records as the input format holds them.
		var in []*shogi.Record
		var names []string // the output files of -o DIR, in order
		for i, data := range files {
			got := readAll(t, data, from, "the input")
			in = append(in, got...)
			for k := range got {
				name := fmt.Sprintf("g%d", i+1)
				if len(got) > 1 {
					name = fmt.Sprintf("%s-%d", name, k+1)
				}
				names = append(names, name+to.Extension())
			}
		}

		mode := rapid.SampledFrom([]string{"stdin", "files", "dir"}).Draw(t, "input")
		if mode == "stdin" && len(files) > 1 {
			mode = "files"
		}
		args := []string{"convert", "-to", to.String()}
		stdin := ""
		switch mode {
		case "stdin":
			args = append(args, "-from", from.String())
			stdin = string(files[0])
		default:
			var paths []string
			for i, data := range files {
				path := filepath.Join(dir, "in", fmt.Sprintf("g%d%s", i+1, from.Extension()))
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, data, 0o644); err != nil {
					t.Fatal(err)
				}
				paths = append(paths, path)
			}
			if mode == "dir" {
				paths = []string{filepath.Join(dir, "in")}
			}
			args = append(args, paths...)
		}
		if mode == "stdin" && len(in) > 1 {
			names = nil // read from standard input: stdin-1, stdin-2, …
			for k := range in {
				names = append(names, fmt.Sprintf("stdin-%d%s", k+1, to.Extension()))
			}
		} else if mode == "stdin" {
			names = []string{"stdin" + to.Extension()}
		}
		toDir := to.OneRecordPerFile() && len(in) > 1 || rapid.Bool().Draw(t, "to a directory")
		lossless := rapid.IntRange(0, 3).Draw(t, "lossless") == 0
		outDir := filepath.Join(dir, "out")
		if toDir {
			args = append(args[:3:3], append([]string{"-o", outDir}, args[3:]...)...)
		}
		if lossless {
			args = append(args[:3:3], append([]string{"-lossless"}, args[3:]...)...)
		}
		if (to == record.KIF || to == record.KI2 || to == record.CSA) && rapid.Bool().Draw(t, "Shift_JIS") {
			args = append(args[:3:3], append([]string{"-encoding", "sjis"}, args[3:]...)...)
		}

		losses := make([][]record.Loss, len(in))
		lossy := 0
		for i, rec := range in {
			losses[i] = record.Losses(rec, to)
			if len(losses[i]) > 0 {
				lossy++
			}
		}
		code, out, errOut := runCmd(stdin, args...)
		wantCode := 0
		if lossless && lossy > 0 {
			wantCode = 1
		}
		if code != wantCode {
			t.Fatalf("%v: exit %d, want %d: %s", args, code, wantCode, errOut)
		}
		word := "cannot hold all of it: lost"
		if lossless {
			word = "cannot hold all of it (-lossless)"
		}
		if got := strings.Count(errOut, word); got != lossy {
			t.Fatalf("%v: %d reports of losses for %d records that lose something:\n%s", args, got, lossy, errOut)
		}

		// The records written, and the ones convert read that they stand for.
		var backs []*shogi.Record
		var want []int
		for i := range in {
			if !lossless || len(losses[i]) == 0 {
				want = append(want, i)
			}
		}
		if toDir {
			if out != "" {
				t.Fatalf("%v: standard output %q with -o", args, out)
			}
			for _, i := range want {
				data, err := os.ReadFile(filepath.Join(outDir, names[i]))
				if err != nil {
					t.Fatalf("%v: %v", args, err)
				}
				got := readAll(t, data, to, names[i])
				if len(got) != 1 {
					t.Fatalf("%s holds %d records", names[i], len(got))
				}
				backs = append(backs, got[0])
			}
			entries, _ := os.ReadDir(outDir)
			if len(entries) != len(want) {
				t.Fatalf("%v: %d files written, want %d", args, len(entries), len(want))
			}
		} else {
			backs = readAll(t, []byte(out), to, "standard output")
		}
		if len(backs) != len(want) {
			t.Fatalf("%v: %d records written, want %d\n%s", args, len(backs), len(want), out)
		}
		for k, i := range want {
			c := readback.NewComparison(to, losses[i])
			if w, g := c.Text(in[i], in[i]), c.Text(backs[k], in[i]); w != g {
				t.Fatalf("%v: record %d changed beyond the losses %v (-want +got):\n%s", args, i+1, losses[i], cmp.Diff(w, g))
			}
		}
	})
}
