package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

func init() {
	commands["convert"] = command{
		summary: "convert game records between KIF, KI2, CSA, JKF, USI and SFEN",
		usage: "shogi convert -to FMT [-from FMT] [-encoding utf-8|sjis] [-lenient] [-lossless] [-json] [-o DIR [-f]] [-j N]\n" +
			"       [-files-from FILE [-0]] [-max-record-size SIZE] [PATH…]",
		run: runConvert,
	}
}

// converted is what converting one record gave: its verdict, and its text in the output
// format when it is valid.
type converted struct {
	entry  record.Entry
	v      validation
	data   []byte
	losses []record.Loss // what the output format cannot hold of the record
	multi  bool          // the input holds more than one record
}

func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("convert", stderr)
	to := fs.String("to", "", "output format: "+formatNames()+" (usi: a position line; sfen: the final position)")
	encoding := fs.String("encoding", "utf-8", "output encoding of kif, ki2 and csa: utf-8 or sjis")
	outDir := fs.String("o", "", "write one file per record into `DIR` (names from the inputs'), instead of standard output")
	force := fs.Bool("f", false, "with -o: overwrite files that exist")
	lossless := fs.Bool("lossless", false, "refuse (exit 1) a record the output format cannot hold all of (variations, times, comments, header fields, an ending…), which is otherwise converted with a warning")
	asJSON := fs.Bool("json", false, "report on each record as a JSON object (JSON Lines): on standard output with -o, on standard error otherwise")
	rf := addReadFlags(fs)
	fs.Lookup("files-from").Usage = "read the paths to read from `FILE`, one a line (- for standard input), as well as the PATHs; with neither, convert reads standard input"
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	paths := fs.Args()
	if len(paths) == 0 && *rf.filesFrom == "" {
		paths = []string{"-"}
	}
	if msg := rf.check(paths); msg != "" {
		return usageError(fs, stderr, msg)
	}
	format, err := record.ParseFormat(*to)
	switch {
	case *to == "":
		return usageError(fs, stderr, "-to: name the output format ("+formatNames()+")")
	case err != nil:
		return usageError(fs, stderr, fmt.Sprintf("-to: unknown format %q (want %s)", *to, formatNames()))
	}
	shiftJIS := false
	switch strings.ToLower(*encoding) {
	case "utf-8", "utf8":
	case "sjis", "shift_jis", "shift-jis", "cp932":
		if format != record.KIF && format != record.KI2 && format != record.CSA {
			return usageError(fs, stderr, fmt.Sprintf("-encoding: %s output is always UTF-8", format))
		}
		shiftJIS = true
	default:
		return usageError(fs, stderr, fmt.Sprintf("-encoding: unknown encoding %q (want utf-8 or sjis)", *encoding))
	}
	if *force && *outDir == "" {
		return usageError(fs, stderr, "-f goes with -o")
	}

	results := pipeline(inputList(paths, *rf.filesFrom, *rf.nul, stdin), *rf.jobs, int64(*rf.maxRecord), func(e input, emit func(converted)) {
		convertEntry(e, stdin, rf, format, writeOptions{shiftJIS: shiftJIS, lossless: *lossless}, emit)
	})
	var out output
	if *outDir != "" {
		dir, err := openOutputDir(*outDir)
		if err != nil {
			fmt.Fprintln(stderr, "shogi convert:", err)
			return 2
		}
		defer dir.Close()
		out = &dirOutput{dir: dir, format: format, force: *force, written: map[string]string{}}
	} else {
		out = &streamOutput{w: bufio.NewWriter(stdout), oneRecord: format.OneRecordPerFile(), format: format}
	}
	reports := reportWriter(*asJSON, *outDir, stdout, stderr)
	var line []byte
	report := func(c converted, written bool) {
		if *asJSON {
			line = appendConvertJSON(line[:0], c, format, written)
			reports.Write(line)
		}
	}
	invalid, ioFailed, records := 0, false, 0
	for c := range results {
		v := c.v
		switch {
		case v.Skipped != "":
			// Named as validate's and tsume's text name it, on standard error as positions
			// and book do: an input with no record in it, and one a walk passes over (no
			// record extension, not a regular file), which the README promises is named.
			report(c, false)
			if !*asJSON {
				fmt.Fprintln(stderr, v.text())
			}
			continue
		case v.InputFailed():
			ioFailed = true
			report(c, false)
			if !*asJSON {
				fmt.Fprintf(stderr, "%s: %s\n", quoteName(v.Path), escapeMessage(v.Error, v.Path))
			}
			continue
		}
		records++
		name := recordLabel(v.Path, v.Record, v.Format)
		if !*asJSON {
			for _, w := range v.Warnings {
				fmt.Fprintf(stderr, "%s: warning: %s\n", name, escapeMessage(w.Message, v.Path))
			}
		}
		if !v.OK {
			invalid++
			report(c, false)
			if !*asJSON {
				fmt.Fprintf(stderr, "%s: %s (not converted)\n", name, escapeMessage(v.Error, v.Path))
			}
			continue
		}
		if len(c.losses) > 0 && !*asJSON {
			fmt.Fprintf(stderr, "%s: warning: %s\n", name, escapeText(lossWarning(format, c.losses)))
		}
		err := out.write(c)
		report(c, err == nil)
		if err != nil {
			fmt.Fprintf(stderr, "shogi convert: %s: %s\n", name, escapeText(err.Error()))
			if errors.Is(err, errStop) {
				return 2
			}
			ioFailed = true
		}
	}
	if err := out.close(); err != nil {
		fmt.Fprintln(stderr, "shogi convert:", err)
		return 2
	}
	return nothingChecked(exitStatus(ioFailed, invalid), records, "convert", stderr)
}

// convertEntry reads and judges every record of one input, and writes the valid ones in
// the output format. It holds back one record, to tell whether the input has several.
func convertEntry(e input, stdin io.Reader, rf *readFlags, format record.Format, opts writeOptions, emit func(converted)) {
	var pending *converted
	judgeEntry(e, stdin, rf, shogi.Rules{}, func(val validation, v *record.Verdict) {
		c := converted{entry: e.Entry, v: val}
		if v != nil && c.v.OK {
			data, losses, err := marshal(v, format, opts)
			if err != nil && !refusedLossy(&c, err) {
				c.v.OK, c.v.Error, c.v.Code = false, "cannot write it as "+format.String()+": "+err.Error(), "unwritable"
			}
			c.data, c.losses = data, losses
		}
		if pending != nil {
			pending.multi, c.multi = true, true
			emit(*pending)
		}
		pending = &c
	})
	emit(*pending)
}

// writeOptions are the options of the record.Writer that writes each record.
type writeOptions struct {
	shiftJIS, lossless bool
}

// marshal writes the verdict's record in format, and returns what the format could not
// hold of it (record.Losses). With lossless, a record that would lose something is a
// *record.LossError.
func marshal(v *record.Verdict, format record.Format, opts writeOptions) ([]byte, []record.Loss, error) {
	var b bytes.Buffer // its bytes are the result: no copy of a record's text
	w := record.NewWriter(&b, format)
	w.ShiftJIS, w.Lossless = opts.shiftJIS, opts.lossless
	if err := w.Write(v.Record); err != nil {
		return nil, nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, nil, err
	}
	return b.Bytes(), w.Lost(), nil
}

// errStop is an output error after which convert stops.
var errStop = errors.New("stopped")

// output is where convert writes the records it converted.
type output interface {
	write(c converted) error
	close() error
}

// streamOutput writes every record to one stream. A format that holds one record per
// file takes one record only: the first is held back until it is known to be the only
// one, so that nothing is written when there are several.
type streamOutput struct {
	w         *bufio.Writer
	format    record.Format
	oneRecord bool
	held      []byte
	count     int
}

func (o *streamOutput) write(c converted) error {
	o.count++
	if o.oneRecord {
		if o.count > 1 {
			return fmt.Errorf("%w: %s holds one record per file, and the input holds more than one: convert them with -o DIR", errStop, o.format)
		}
		o.held = c.data
		return nil
	}
	if o.format == record.CSA && o.count > 1 {
		// Each record was written on its own: the separator a csa.Writer puts
		// between records goes between them here.
		if _, err := o.w.WriteString(record.CSASeparator); err != nil {
			return err
		}
	}
	_, err := o.w.Write(c.data)
	return err
}

func (o *streamOutput) close() error {
	if o.held != nil && o.count == 1 {
		if _, err := o.w.Write(o.held); err != nil {
			return err
		}
	}
	return o.w.Flush()
}

// dirOutput writes each record to a file of its own under dir, named after its input:
// the input's name with the output format's extension, with "-N" (the record's index)
// before it when the input holds several records. Files found by walking a directory
// keep their place below it. An existing file is not overwritten without force, and no
// run overwrites a file it wrote itself.
type dirOutput struct {
	dir     *outputDir
	format  record.Format
	force   bool
	written map[string]string // output file → the record written to it
}

func (o *dirOutput) write(c converted) error {
	name := outputName(c.entry, c.v.Record, c.multi) + o.format.Extension()
	path := o.dir.path(name)
	source := quoteName(c.v.Path)
	if c.multi {
		source = fmt.Sprintf("%s#%d", source, c.v.Record)
	}
	if prev, ok := o.written[path]; ok {
		return fmt.Errorf("%s was written from %s already; not overwritten", quoteName(path), prev)
	}
	if err := o.dir.write(name, c.data, o.force); err != nil {
		return err
	}
	o.written[path] = source
	return nil
}

func (o *dirOutput) close() error { return nil }

// outputName is the name of a record's output file without extension: the input's
// path below the directory it was found in (or its base name), without extension,
// "-N" added for the N-th record of an input that holds several.
func outputName(e record.Entry, index int, multi bool) string {
	name := filepath.Base(e.Path)
	if e.Archive != "" {
		return archiveOutputName(e, index, multi)
	}
	if e.Path == "-" {
		name = "stdin"
	} else if e.Root != "" {
		if rel, err := filepath.Rel(e.Root, e.Path); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	}
	name = strings.TrimSuffix(name, filepath.Ext(name))
	if ext := filepath.Ext(name); record.FormatOfName(name) != record.Unknown {
		name = strings.TrimSuffix(name, ext) // game.kif.gz: game
	}
	if multi {
		name = fmt.Sprintf("%s-%d", name, index)
	}
	return name
}
