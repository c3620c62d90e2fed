package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

func init() {
	commands["validate"] = command{
		summary: "check game records against the rules",
		usage: "shogi validate [-json] [-q | -only-invalid] [-lenient] [-max-moves N] [-declaration 24|27]\n" +
			"       [-from FMT|hcp|hcpe|psfen|psv] [-j N] [-files-from FILE [-0]] [-max-record-size SIZE] [PATH…]",
		run: runValidate,
	}
}

// validation is the verdict on one record (or an input that could not be read, or a
// file passed over) as the command prints it: as one line of text (text), or as the
// JSON line of record.Report, which the Beam pipeline prints too.
type validation struct {
	record.Report
}

// validationOf returns the command's form of a report.
func validationOf(r record.Report) validation { return validation{r} }

// appendJSON appends the validation as one line of JSON Lines, newline included.
func (v validation) appendJSON(dst []byte) []byte {
	return append(v.AppendJSON(dst), '\n')
}

// readFlags are the reading flags validate and convert share.
type readFlags struct {
	from      *string
	lenient   *bool
	jobs      *int
	filesFrom *string
	nul       *bool
	maxRecord *sizeFlag
	format    record.Format
	// reuseRecords: the command is done with each record, and keeps none of its
	// strings, before the next is read (validate, positions), so that the next is
	// built in its memory (see readOptions).
	reuseRecords bool
}

// options returns the reading options the flags give.
func (f *readFlags) options() readOptions {
	return readOptions{format: f.format, lenient: *f.lenient, maxRecordBytes: int64(*f.maxRecord), reuseRecords: f.reuseRecords}
}

func addReadFlags(fs *flag.FlagSet) *readFlags {
	return &readFlags{
		from:      fs.String("from", "", "input format: "+formatNames()+"; default: detect from the content"),
		lenient:   fs.Bool("lenient", false, "read leniently: problems in the text become warnings, and a line of play stops at the first thing that cannot be read"),
		jobs:      fs.Int("j", runtime.NumCPU(), "number of inputs read in parallel"),
		filesFrom: fs.String("files-from", "", "read the paths to read from `FILE`, one a line (- for standard input), as well as the PATHs; a PATH or -files-from is needed (- as a PATH reads standard input)"),
		nul:       fs.Bool("0", false, "with -files-from: paths are separated by NUL bytes (find -print0)"),
		maxRecord: addMaxRecordSize(fs),
	}
}

// check validates the reading flags; it returns a message for a bad value.
func (f *readFlags) check(paths []string) string {
	if *f.from != "" {
		format, err := record.ParseFormat(*f.from)
		if err != nil {
			return fmt.Sprintf("-from: unknown format %q (want %s)", *f.from, formatNames())
		}
		f.format = format
	}
	if *f.jobs < 1 {
		// The flag's own words: -j counts inputs for validate, problems for tsume.
		return fmt.Sprintf("-j: %d; want 1 or more", *f.jobs)
	}
	if *f.nul && *f.filesFrom == "" {
		return "-0 goes with -files-from"
	}
	if len(paths) == 0 && *f.filesFrom == "" {
		return "no input: name files or directories, - for standard input, or -files-from FILE"
	}
	return ""
}

func formatNames() string {
	names := make([]string, len(record.Formats))
	for i, f := range record.Formats {
		names[i] = f.String()
	}
	return strings.Join(names, ", ")
}

func runValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per record (JSON Lines)")
	quiet := fs.Bool("q", false, "print nothing but the summary; the exit status tells")
	onlyInvalid := fs.Bool("only-invalid", false, "print only the records that are invalid and the inputs that cannot be read")
	maxMoves := fs.Int("max-moves", 0, "the move limit `N`, past which moves are errors; -1: no limit (default: the record's $MAX_MOVES, else 500 moves, past which moves are warnings)")
	declaration := fs.Int("declaration", 0, "the entering-king declaration rule, 24 or 27 points (default: the record's $JISHOGI, else 27)")
	rf := addReadFlags(fs)
	rf.reuseRecords = true // a verdict keeps nothing of its record
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	packedFrom := packedFromFlag(rf) // validate_packed.go
	if msg := rf.check(fs.Args()); msg != "" {
		return usageError(fs, stderr, msg)
	}
	if *quiet && *onlyInvalid {
		return usageError(fs, stderr, "-q and -only-invalid exclude each other")
	}
	rules := shogi.Rules{MaxMoves: max(*maxMoves, -1)}
	switch *declaration {
	case 0:
	case 24:
		rules.Declaration = shogi.Rule24
	case 27:
		rules.Declaration = shogi.Rule27
	default:
		return usageError(fs, stderr, fmt.Sprintf("-declaration: %d points; want 24 or 27", *declaration))
	}

	prog := newProgress(stderr)
	var line []byte
	var tl inputTally
	invalid := 0
	start := time.Now()
	results := pipeline(inputList(fs.Args(), *rf.filesFrom, *rf.nul, stdin), *rf.jobs, int64(*rf.maxRecord), func(e input, emit func(validation)) {
		if f := packedInput(e.Entry, packedFrom); f != 0 {
			validatePacked(e.Entry, stdin, f, emit)
			return
		}
		validateEntry(e, stdin, rf, rules, emit)
	})
	for v := range results {
		if tl.count(v) {
			if !v.OK {
				invalid++
			}
			prog.add(v.OK)
		}
		if *quiet || *onlyInvalid && (v.OK || v.Skipped != "") {
			continue
		}
		if err := prog.report(stdout, v, *asJSON, &line); err != nil {
			prog.finish()
			fmt.Fprintln(stderr, "shogi validate:", err)
			return 2
		}
	}
	prog.finish()
	fmt.Fprintf(stderr, "%s: %d valid, %d invalid; %s (%.2fs)\n",
		tl.head(), tl.records-invalid, invalid, skippedFiles(tl.skipped), time.Since(start).Seconds())
	return nothingChecked(exitStatus(tl.ioFailed, invalid), tl.records, "validate", stderr)
}

// validateEntry judges every record of one input by rules with record.ValidateRules.
func validateEntry(e input, stdin io.Reader, rf *readFlags, rules shogi.Rules, emit func(validation)) {
	judgeEntry(e, stdin, rf, rules, func(v validation, _ *record.Verdict) { emit(v) })
}

// report prints a verdict to w, as a JSON line (in the buffer line, reused) or as text,
// through the progress line, and returns the error of the write.
func (p *progress) report(w io.Writer, v validation, asJSON bool, line *[]byte) error {
	var err error
	p.print(func() {
		if asJSON {
			*line = v.appendJSON((*line)[:0])
			_, err = w.Write(*line)
		} else {
			_, err = fmt.Fprintln(w, v.text())
		}
	})
	return err
}

// judgeEntry judges every record of the input e by rules, as validate does, and calls
// each with the command's verdict and the library's: nil for an input that could not be
// read, that was passed over or that holds no record. validate, convert, positions and
// book work on their inputs through it.
func judgeEntry(e input, stdin io.Reader, rf *readFlags, rules shogi.Rules, each func(validation, *record.Verdict)) {
	judgeEntryReport(e, stdin, rf, rules, verdictOf, each)
}

// judgeEntryReport is judgeEntry with the function that turns a record's verdict into
// the command's given.
func judgeEntryReport(e input, stdin io.Reader, rf *readFlags, rules shogi.Rules, report func(string, *record.Verdict) validation, each func(validation, *record.Verdict)) {
	switch {
	case e.Err != nil:
		each(validationOf(record.InputErrorReport(e.Path, e.Err)), nil)
		return
	case e.Skipped != "":
		each(validationOf(record.SkippedReport(e.Path, e.Skipped)), nil)
		return
	}
	opt := rf.options()
	opt.recycle = true // the Reader is not used once the records are judged
	r, closeInput, err := openEntry(e, stdin, opt)
	if err != nil {
		each(validationOf(record.InputErrorReport(e.Path, err)), nil)
		return
	}
	defer closeInput()
	n := 0
	for v := range record.ValidateRules(r, rules) {
		n++
		flagBounds(v, opt.maxRecordBytes) // the bound by its flag, -max-record-size
		each(report(e.Path, v), v)
	}
	if n == 0 {
		each(validationOf(record.SkippedReport(e.Path, noRecord)), nil)
	}
}

// noRecord is the reason given for an input that holds no record (empty, or only
// blank lines and comments).
const noRecord = record.ReasonNoRecord

// verdictOf turns the library's verdict into the command's.
func verdictOf(path string, v *record.Verdict) validation {
	return validationOf(v.Report(path))
}

// text is the one-line form: path, verdict, moves, ending, winner, final SFEN; then a
// line per warning. A path or a message with characters that do not print is escaped
// (see quoteName), so that every verdict is one line and nothing reaches the terminal
// as a control sequence.
func (v validation) text() string {
	var b strings.Builder
	if v.Skipped != "" {
		fmt.Fprintf(&b, "%s: skipped (%s)", quoteName(v.Path), escapeText(v.Skipped))
		return b.String()
	}
	b.WriteString(recordLabel(v.Path, v.Record, v.Format))
	if v.OK {
		b.WriteString(": OK")
	} else {
		b.WriteString(": ")
		b.WriteString(escapeMessage(v.Error, v.Path))
	}
	if !v.InputFailed() {
		fmt.Fprintf(&b, "; %s", counted(v.Moves, v.Format)) // validate_packed.go
	}
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
		fmt.Fprintf(&b, "\n\twarning: %s", escapeMessage(w.Message, v.Path))
	}
	return b.String()
}

// recordLabel is how the commands' text names a record of an input: the input's path
// (as quoteName shows it), with "#N" after it when the input's format holds several
// records, so that the lines of validate, convert, tsume and mate on one record begin
// alike. A format that is not known (binary data: no record was read) holds none: the
// input's path alone, as for an input that cannot be opened.
func recordLabel(path string, index int, format string) string {
	name := quoteName(path)
	if index > 0 && format != record.Unknown.String() && !isOneRecordFormat(format) {
		name += "#" + strconv.Itoa(index)
	}
	return name
}

func isOneRecordFormat(name string) bool {
	f, err := record.ParseFormat(name)
	return err == nil && f.OneRecordPerFile()
}
