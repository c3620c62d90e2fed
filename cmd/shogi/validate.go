package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
)

func init() {
	commands["validate"] = command{summary: "check game records against the rules", run: runValidate}
}

// validation is the verdict on one record, printed as one line (or one JSON object).
type validation struct {
	Path     string   `json:"path"`
	Record   int      `json:"record,omitempty"` // 1-based index in files holding several records
	Format   string   `json:"format"`
	OK       bool     `json:"ok"`
	Error    string   `json:"error,omitempty"`
	Line     int      `json:"line,omitempty"`
	Column   int      `json:"column,omitempty"`
	Ply      int      `json:"ply,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	Moves    int      `json:"moves"`
	Ending   string   `json:"ending,omitempty"`
	Winner   string   `json:"winner,omitempty"`
	SFEN     string   `json:"sfen,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

func runValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON Lines instead of text")
	jobs := fs.Int("j", runtime.NumCPU(), "number of records validated in parallel")
	lenient := fs.Bool("lenient", false, "read leniently: report problems as warnings and keep going")
	from := fs.String("from", "", "input format ("+strings.Join(formatNames, ", ")+"); default: detect")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi validate [-json] [-j N] [-lenient] [-from FMT] PATH…   (PATH - reads stdin)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || *jobs < 1 || *from != "" && !validFormat(*from) {
		fs.Usage()
		return 2
	}
	inputs, skipped, err := collectInputs(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, "shogi validate:", err)
		return 2
	}
	opt := readOptions{format: *from, lenient: *lenient}

	// Workers validate inputs in parallel; results are printed in input order.
	results := make([][]validation, len(inputs))
	done := make([]chan struct{}, len(inputs))
	for i := range done {
		done[i] = make(chan struct{})
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(*jobs, max(len(inputs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = validateInput(inputs[i], stdin, opt)
				close(done[i])
			}
		}()
	}
	go func() {
		for i := range inputs {
			next <- i
		}
		close(next)
	}()

	progress := isTerminal(stderr)
	var records, invalid int
	start := time.Now()
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	for i := range inputs {
		<-done[i]
		for _, v := range results[i] {
			records++
			if !v.OK {
				invalid++
			}
			if *asJSON {
				if err := enc.Encode(v); err != nil {
					fmt.Fprintln(stderr, "shogi validate:", err)
					return 2
				}
			} else {
				fmt.Fprintln(stdout, v.text())
			}
		}
		if progress {
			fmt.Fprintf(stderr, "\r%d/%d files, %d records, %d invalid", i+1, len(inputs), records, invalid)
		}
	}
	wg.Wait()
	if progress {
		fmt.Fprint(stderr, "\r\033[K")
	}
	fmt.Fprintf(stderr, "%d records in %d files: %d valid, %d invalid; %d files skipped (%.2fs)\n",
		records, len(inputs), records-invalid, invalid, skipped, time.Since(start).Seconds())
	if invalid > 0 {
		return 1
	}
	return 0
}

func validFormat(name string) bool {
	for _, f := range formatNames {
		if f == name {
			return true
		}
	}
	return false
}

// collectInputs expands directories (recursively, files with a record extension only)
// and counts the files it skips. "-" stands for standard input.
func collectInputs(paths []string) (inputs []string, skipped int, err error) {
	for _, path := range paths {
		if path == "-" {
			inputs = append(inputs, path)
			continue
		}
		info, err := os.Stat(path)
		if err != nil {
			return nil, 0, err
		}
		if !info.IsDir() {
			inputs = append(inputs, path)
			continue
		}
		var found []string
		err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				return nil
			}
			if hasRecordExtension(p) {
				found = append(found, p)
			} else {
				skipped++
			}
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
		sort.Strings(found)
		inputs = append(inputs, found...)
	}
	return inputs, skipped, nil
}

// validateInput reads one input and judges each of its records.
func validateInput(path string, stdin io.Reader, opt readOptions) []validation {
	data, err := readInput(path, stdin)
	if err != nil {
		return []validation{{Path: path, Error: err.Error()}}
	}
	opt.format = inputFormat(path, opt.format)
	res := readRecords(data, opt)
	var out []validation
	for i, rec := range res.records {
		v := judge(rec, opt.lenient)
		v.Path, v.Format = path, res.format
		v.Warnings = append(res.warnings[:len(res.warnings):len(res.warnings)], v.Warnings...)
		if len(res.records) > 1 || res.err != nil && len(res.records) > 0 {
			v.Record = i + 1
		}
		out = append(out, v)
	}
	if res.err != nil {
		v := validation{Path: path, Format: res.format, Warnings: res.warnings}
		if len(out) > 0 {
			v.Record = len(out) + 1
		}
		v.setError(res.err)
		if !opt.lenient {
			v.partial(data, opt, len(out))
		}
		out = append(out, v)
	}
	return out
}

// partial fills in the moves and the position reached before the problem of a record
// that a strict read rejected, from a lenient read of the same input (which keeps the
// moves before an illegal one).
func (v *validation) partial(data []byte, opt readOptions, index int) {
	opt.lenient = true
	res := readRecords(data, opt)
	if index >= len(res.records) {
		return
	}
	rec := res.records[index]
	v.Moves = len(rec.MainLine())
	p, err := rec.StartPosition()
	if err != nil {
		return
	}
	for _, n := range rec.MainLine() {
		if p.Play(n.Move) != nil {
			return
		}
	}
	v.SFEN = p.String()
}

// judge replays a record that was read and checks its ending against the rules. A
// checkmate the record does not mention is a warning; an ending the rules contradict is
// an error, or a warning in a lenient read.
func judge(rec *shogi.Record, lenient bool) validation {
	v := validation{Moves: len(rec.MainLine())}
	if end := rec.Ending(); end != nil {
		v.Ending = end.Kind.String()
		if w, ok := end.Result.Winner(); ok {
			v.Winner = w.String()
		} else if end.Result == shogi.Draw {
			v.Winner = "draw"
		}
	}
	p, err := rec.CheckEnding()
	if p != nil {
		v.SFEN = p.String()
	}
	var mismatch *shogi.MismatchError
	switch {
	case err == nil:
		v.OK = true
	case errors.As(err, &mismatch) && (lenient || mismatch.Ending == shogi.EndNone):
		v.OK = true
		v.Warnings = append(v.Warnings, err.Error())
	default:
		v.setError(err)
	}
	return v
}

func (v *validation) setError(err error) {
	v.OK = false
	v.Error = err.Error()
	var reason error
	v.Line, v.Column, v.Ply, reason = errorPlace(err)
	if reason != nil {
		v.Reason = strings.TrimPrefix(reason.Error(), "shogi: ")
	}
}

// text is the one-line form: path, verdict, moves, ending, winner, final SFEN.
func (v validation) text() string {
	var b strings.Builder
	b.WriteString(v.Path)
	if v.Record > 0 {
		fmt.Fprintf(&b, "#%d", v.Record)
	}
	if v.OK {
		b.WriteString(": OK")
	} else {
		b.WriteString(": ")
		b.WriteString(v.Error)
	}
	fmt.Fprintf(&b, "; %d moves", v.Moves)
	if v.Ending != "" {
		fmt.Fprintf(&b, "; %s", v.Ending)
	}
	if v.Winner != "" {
		fmt.Fprintf(&b, "; winner %s", v.Winner)
	}
	if v.SFEN != "" {
		fmt.Fprintf(&b, "; %s", v.SFEN)
	}
	for _, w := range v.Warnings {
		fmt.Fprintf(&b, "\n\twarning: %s", w)
	}
	return b.String()
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
