package record

import (
	"bytes"
	"encoding/json"

	"github.com/kifu-go/shogi"
)

// ReasonNoRecord is the Skipped reason of the Report on an input that holds no record
// (empty, or only blank lines and comments).
const ReasonNoRecord = "no record in it"

// Report is a verdict in the form programs print and read: one JSON object per record
// (see [Report.AppendJSON]), with the input's path. It is the line of `shogi validate
// -json` and of the Beam pipeline, so that the same record gets the same line from
// both, with one exception: a record past the bound on its size (Code "too-large"),
// whose Error the command words by its flag ("record larger than -max-record-size
// (64MiB)"), where the pipeline, which has no such flag, keeps this package's text; the
// other fields are the same. A Report also stands for an input that was passed over
// (Skipped set) or could not be read (Code "io").
type Report struct {
	// Path is the input's path, as the program was given it or found it.
	Path string `json:"path"`
	// Skipped, when not empty, says why the input was passed over; the other fields
	// are then empty.
	Skipped string `json:"skipped,omitempty"`
	// Record is the record's 1-based index in its input; StartLine the line it starts
	// on; Format the input's format (see Format.String).
	Record    int    `json:"record,omitempty"`
	StartLine int    `json:"start_line,omitempty"`
	Format    string `json:"format,omitempty"`
	// OK says whether the record is valid (see Verdict.Valid).
	OK bool `json:"ok"`
	// Error, Code, Line, Column and Ply describe the first problem of SeverityError: its
	// message without the path and record index, its code (see Error.Code) and place.
	Error  string `json:"error,omitempty"`
	Code   string `json:"code,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Ply    int    `json:"ply,omitempty"`
	// Moves is the number of moves of the main line that were read.
	Moves int `json:"moves"`
	// Ending is the code of the main line's ending (shogi.EndingKind.Code), "" when the
	// record states none; Winner is "black", "white" or "draw", "" when there is no
	// result.
	Ending string `json:"ending,omitempty"`
	Winner string `json:"winner,omitempty"`
	// SFEN is the position the main line reaches (or the one before the first problem).
	SFEN string `json:"sfen,omitempty"`
	// Warnings lists the problems of SeverityWarning.
	Warnings []ReportProblem `json:"warnings,omitempty"`
}

// ReportProblem is one problem in a Report's list of warnings.
type ReportProblem struct {
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Ply      int    `json:"ply,omitempty"`
}

// Report returns the verdict as a Report on the input at path.
func (v *Verdict) Report(path string) Report {
	r := Report{
		Path: path, Record: v.Source.Index, StartLine: v.Source.Line, Format: v.Source.Format.String(),
		OK: v.Valid(), Moves: v.Moves,
	}
	if v.Record != nil {
		if end := v.Record.Ending(); end != nil {
			r.Ending = end.Kind.Code()
			if w, ok := end.Result.Winner(); ok {
				r.Winner = w.String()
			} else if end.Result == shogi.Draw {
				r.Winner = "draw"
			}
		}
	}
	if v.Final != nil {
		r.SFEN = v.Final.String()
	}
	if e := v.Err(); e != nil {
		r.Error, r.Code = e.Detail(), e.Code()
		r.Line, r.Column, r.Ply = e.Line, e.Column, e.Ply
	}
	for _, w := range v.Warnings() {
		r.Warnings = append(r.Warnings, w.ReportProblem())
	}
	return r
}

// ReportProblem returns the problem as a Report lists it among its warnings: its
// severity, code, Detail and place; for programs that list a Reader's warnings in the
// same form (`shogi tsume`'s verdicts).
func (e *Error) ReportProblem() ReportProblem {
	return ReportProblem{
		Severity: e.Severity.String(), Code: e.Code(), Message: e.Detail(),
		Line: e.Line, Column: e.Column, Ply: e.Ply,
	}
}

// SkippedReport returns the Report on an input at path that was passed over, for the
// reason given (ReasonNoRecord, or a reason of Walk's Entry.Skipped).
func SkippedReport(path, reason string) Report {
	return Report{Path: path, Skipped: reason}
}

// InputErrorReport returns the Report on an input at path that could not be read: err
// is its message, "io" its code.
func InputErrorReport(path string, err error) Report {
	return Report{Path: path, Error: err.Error(), Code: "io"}
}

// InputFailed reports whether the Report says that its input could not be read (code
// "io"), as opposed to a record that is invalid or an input passed over.
func (r *Report) InputFailed() bool { return r.Code == "io" }

// AppendJSON appends the Report to dst as one line of JSON, without the newline: the
// fields in the order of the type, empty ones left out (but "ok" and "moves"), and
// characters that HTML escapes (<, >, &) written as they are.
func (r *Report) AppendJSON(dst []byte) []byte {
	buf := bytes.NewBuffer(dst)
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(r) // a Report holds strings, numbers and booleans only: it cannot fail
	out := buf.Bytes()
	return out[:len(out)-1] // Encode ends the object with a newline
}
