package main

// The record formats the command line reads and writes, and how it tells them apart
// by content: JSON is JKF; a first statement in CSA's shape is CSA; "position",
// "startpos", "sfen" or "moves" starts a USI line; a line that reads as an SFEN is an
// SFEN; anything else goes to the KIF reader, which takes KIF and KI2 alike.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/sfen"
)

// formatNames lists the formats in the order of the usage text.
var formatNames = []string{"kif", "ki2", "csa", "jkf", "usi", "sfen"}

// extensionFormats maps the file extensions the command reads to their formats.
var extensionFormats = map[string]string{
	".kif": "kif", ".kifu": "kif", ".ki2": "ki2", ".ki2u": "ki2", ".csa": "csa",
	".jkf": "jkf", ".usi": "usi", ".sfen": "sfen",
}

var csaStatement = regexp.MustCompile(`^(V[0-9]|N[+-]|\$[A-Z_]+:|PI|P[1-9]|P[+-]|[+-][0-9]{4}[A-Z]{2}|[+-]$|%[A-Z+-]|'CSA |'encoding=)`)

// detectFormat names the format of data from its content.
func detectFormat(data []byte) string {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		return "jkf"
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line[0] == '\'' && !strings.HasPrefix(line, "'CSA ") && !strings.HasPrefix(line, "'encoding=") {
			return "csa" // a CSA comment line; KIF never starts a line with '
		}
		if csaStatement.MatchString(line) {
			return "csa"
		}
		first, _, _ := strings.Cut(line, " ")
		switch first {
		case "position", "startpos", "moves":
			return "usi"
		case "sfen":
			if strings.Contains(line, " moves") {
				return "usi"
			}
			return "sfen"
		}
		if _, err := sfen.Parse(line); err == nil {
			return "sfen"
		}
		return "kif"
	}
	return "kif"
}

// readOptions are the reading choices of the commands.
type readOptions struct {
	format  string // "" detects from content
	lenient bool
}

// readResult is what reading one input gave: its records (a CSA file may hold
// several), the warnings of a lenient read, and the error that stopped it.
type readResult struct {
	format   string
	records  []*shogi.Record
	warnings []string
	err      error
}

// readRecords reads every record of data.
func readRecords(data []byte, opt readOptions) readResult {
	format := opt.format
	if format == "" {
		format = detectFormat(data)
	}
	res := readResult{format: format}
	switch format {
	case "kif", "ki2":
		r := kif.NewReader(bytes.NewReader(data))
		r.Lenient = opt.lenient
		if format == "ki2" && opt.format != "" {
			r.Format = kif.KI2
		}
		rec, err := r.Read()
		if rec != nil {
			res.records = append(res.records, rec)
		}
		res.err = err
		res.warnings = errorTexts(r.Warnings())
	case "csa":
		r := csa.NewReader(bytes.NewReader(data))
		r.Lenient = opt.lenient
		res.records, res.err = readAll(r.Read)
		res.warnings = errorTexts(r.Warnings())
	case "jkf":
		r := jkf.NewReader(bytes.NewReader(data))
		r.Lenient = opt.lenient
		res.records, res.err = readAll(r.Read)
		res.warnings = errorTexts(r.Warnings())
	case "usi", "sfen":
		res.records, res.err = readLines(data, format)
	default:
		res.err = fmt.Errorf("unknown format %q", format)
	}
	return res
}

// errorTexts returns the messages of a reader's warnings.
func errorTexts[E error](errs []E) []string {
	var texts []string
	for _, err := range errs {
		texts = append(texts, err.Error())
	}
	return texts
}

// readAll calls read until io.EOF or an error, and returns the records read.
func readAll(read func() (*shogi.Record, error)) ([]*shogi.Record, error) {
	var recs []*shogi.Record
	for {
		rec, err := read()
		if err == io.EOF {
			return recs, nil
		}
		if rec != nil {
			recs = append(recs, rec)
		}
		if err != nil {
			return recs, err
		}
	}
}

// lineError is an error on a line of a USI or SFEN file.
type lineError struct {
	Line int
	Err  error
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *lineError) Unwrap() error { return e.Err }

// readLines reads a file of USI position lines or SFENs, one record per line.
func readLines(data []byte, format string) ([]*shogi.Record, error) {
	var recs []*shogi.Record
	sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))))
	sc.Buffer(make([]byte, 0, 4096), 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var p *shogi.Position
		var err error
		if format == "usi" {
			p, err = sfen.ParsePosition(line)
		} else {
			p, err = sfen.Parse(line)
		}
		if err != nil {
			return recs, &lineError{n, err}
		}
		recs = append(recs, recordOf(p))
	}
	if err := sc.Err(); err != nil {
		return recs, fmt.Errorf("reading lines: %w", err)
	}
	return recs, nil
}

// recordOf returns the record of the moves played on p since it was set up.
func recordOf(p *shogi.Position) *shogi.Record {
	start := p.Clone()
	for start.Undo() != shogi.NoMove {
	}
	rec := &shogi.Record{StartSFEN: start.String()}
	node := &rec.Root
	for _, m := range p.Moves() {
		node = node.AddChild(m)
	}
	return rec
}

// writeOptions are the writing choices of convert.
type writeOptions struct {
	format   string
	shiftJIS bool
}

// writeRecords writes recs to w in the chosen format.
func writeRecords(w io.Writer, recs []*shogi.Record, opt writeOptions) error {
	switch opt.format {
	case "kif", "ki2":
		kw := kif.NewWriter(w)
		if opt.format == "ki2" {
			kw.Format = kif.KI2
		}
		if opt.shiftJIS {
			kw.Encoding = kif.ShiftJIS
		}
		for _, rec := range recs {
			if err := kw.Write(rec); err != nil {
				return err
			}
		}
		return kw.Flush()
	case "csa":
		cw := csa.NewWriter(w)
		cw.ShiftJIS = opt.shiftJIS
		for _, rec := range recs {
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
		return cw.Flush()
	case "jkf":
		for _, rec := range recs {
			b, err := jkf.Format(rec)
			if err != nil {
				return err
			}
			if _, err := w.Write(append(b, '\n')); err != nil {
				return err
			}
		}
		return nil
	case "usi", "sfen":
		for _, rec := range recs {
			p, err := rec.Replay()
			if err != nil {
				return err
			}
			line := p.String()
			if opt.format == "usi" {
				line = sfen.FormatPosition(p)
			}
			if _, err := io.WriteString(w, line+"\n"); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("unknown format %q", opt.format)
}

// errorPlace extracts the line, column, move number and foul of a reading error, where
// the error knows them.
func errorPlace(err error) (line, column, ply int, reason error) {
	var ke *kif.SyntaxError
	var ce *csa.SyntaxError
	var se *sfen.SyntaxError
	var le *lineError
	var je *jkf.SyntaxError
	switch {
	case errors.As(err, &ke):
		line, column = ke.Line, ke.Column
	case errors.As(err, &ce):
		line, column = ce.Line, ce.Column
	case errors.As(err, &je):
		line, column = je.Line, je.Column
	case errors.As(err, &le):
		line = le.Line
		if errors.As(err, &se) {
			column = se.Column
		}
	}
	var ime *shogi.IllegalMoveError
	if errors.As(err, &ime) {
		ply, reason = ime.Ply, ime.Reason
	}
	return line, column, ply, reason
}

// readInput reads the file at path, or stdin for "-".
func readInput(path string, stdin io.Reader) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(path)
}

// inputFormat returns the format to read path in: from when given, else the format its
// extension names, else "" to detect it from the content. KIF and KI2 extensions give
// "" too, as the KIF reader tells the two apart itself.
func inputFormat(path, from string) string {
	if from != "" || path == "-" {
		return from
	}
	switch f := extensionFormats[strings.ToLower(filepath.Ext(path))]; f {
	case "kif", "ki2":
		return ""
	default:
		return f
	}
}

// hasRecordExtension reports whether path has an extension the command reads.
func hasRecordExtension(path string) bool {
	_, ok := extensionFormats[strings.ToLower(filepath.Ext(path))]
	return ok
}
