package record

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/errcode"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/sfen"
)

// Severity says whether a problem makes a record invalid.
type Severity uint8

// Severities. The zero value is SeverityError.
const (
	SeverityError   Severity = iota // the record is invalid
	SeverityWarning                 // the record is valid, but something in it is doubtful or was passed over
)

func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// MarshalText returns "error" or "warning".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "error" or "warning".
func (s *Severity) UnmarshalText(text []byte) error {
	switch string(text) {
	case "error":
		*s = SeverityError
	case "warning":
		*s = SeverityWarning
	default:
		return fmt.Errorf("record: unknown severity %q", text)
	}
	return nil
}

// Errors an *Error may wrap besides the formats' own causes (the sentinels of kif, csa,
// jkf and sfen, a *shogi.IllegalMoveError, a *shogi.MismatchError) and I/O errors.
var (
	// ErrLineTooLong: a line of a USI or SFEN file is longer than MaxLineLength.
	ErrLineTooLong = errors.New("record: line too long")
	// ErrTooLarge: the text of one record of a USI or SFEN file (its line, with the
	// blank and comment lines before it) is longer than Reader.MaxRecordBytes. The
	// KIF, CSA and JKF readers have sentinels of their own: kif.ErrTooLarge,
	// csa.ErrTooLarge, jkf.ErrTooLarge.
	ErrTooLarge = errors.New("record: record too large")
	// ErrSeveralRecords: a Writer of a format that holds one record per file (KIF, KI2)
	// was given a second record.
	ErrSeveralRecords = errors.New("record: the format holds one record per file")
	// ErrNotRegular: a file met while walking a directory is not a regular file (a FIFO,
	// a device, a socket), which could block or never end.
	ErrNotRegular = errors.New("record: not a regular file")
	// ErrSetup: the start position of a USI or SFEN line is refused, by the root
	// package's limits (the *shogi.SetupError is wrapped too) or by Reader.AdjustStart
	// (its error is wrapped). It is the lines' kif.ErrPosition, csa.ErrSetup and
	// jkf.ErrSetup, and its message is theirs: a refused start reads "invalid start
	// position: …" in every format.
	ErrSetup = errors.New("record: invalid start position")
)

// Error is a problem with one record of an input, at error or warning severity: where
// it is and what it is. Every Reader, Validate and Check report problems as *Error,
// whatever the format, so one errors.As finds the place; Err is the cause (a format
// package's sentinel, a *shogi.IllegalMoveError whose foul errors.Is can test, a
// *shogi.MismatchError, or an I/O error).
type Error struct {
	Path      string   // the input's name, "" when it has none
	Format    Format   // the input's format
	Record    int      // 1-based index of the record in its input; 0 when not known
	StartLine int      // the line where the record starts; 0 when not known
	Line      int      // 1-based line of the problem; 0 when it has no place in the text
	Column    int      // 1-based column of the problem, in characters; 0 when not known
	Ply       int      // move number of the move at fault; 0 when no move is
	Severity  Severity // SeverityError or SeverityWarning
	Err       error    // the cause

	syntax bool // the problem is in the text (a format's syntax error), not in the I/O
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("record: ")
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	if e.Record > 0 {
		fmt.Fprintf(&b, "record %d", e.Record)
		if e.StartLine > 0 && e.StartLine != e.Line {
			fmt.Fprintf(&b, " (from line %d)", e.StartLine)
		}
		b.WriteString(": ")
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ", column %d", e.Column)
		}
		b.WriteString(": ")
	}
	if e.Severity == SeverityWarning {
		b.WriteString("warning: ")
	}
	b.WriteString(e.Message())
	return b.String()
}

// Message returns what the problem is without where: the cause's text without a
// package prefix ("illegal move 5b5c at move 2: the king is left in check", not
// "shogi: illegal move …"), and without the path, record, line, column and severity
// that the Error's text puts before it. It is the text that a Report's Error and a
// ReportProblem's Message end with (`shogi validate`), for programs that want the cause
// alone.
func (e *Error) Message() string { return errcode.Text(e.Err) }

// Detail returns the problem without the input and the record: its place in the
// record, then what it is ("line 5, column 6: illegal move 9i5e at move 3: …"),
// without the path, the record's index, the line it starts on and the severity that
// the Error's text puts before them. It is Report's Error (`shogi validate`'s text
// after the record's name, and the "error" of its -json), for programs that name the
// input and the record in a form of their own (`shogi mate`'s error on standard error,
// the "error" of `shogi tsume -json` and `shogi mate -json`).
func (e *Error) Detail() string {
	place := *e
	place.Path, place.Record, place.StartLine, place.Severity = "", 0, 0, SeverityError
	return strings.TrimPrefix(place.Error(), "record: ")
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Code returns a short stable machine code for the problem: the foul of an illegal move
// ("nifu", "uchifuzume", "king-in-check", …), the kind of a recorded ending the rules
// contradict ("false-mate", "unrecorded-mate", …), a problem with the times
// ("time-total-mismatch", … from [TimeError]), "io" for a failed read, "encoding"
// for bytes that are not text in the input's encoding, "too-large" for a record or a
// line past a reader's bound, "dialect" for a departure from the format that every
// reader reads alike (jkf.ErrOldLayout: a warning, even in strict reads), and "syntax"
// for other text that could not be read.
func (e *Error) Code() string {
	var me *shogi.MismatchError
	if errors.As(e.Err, &me) { // before the illegal move a move after checkmate wraps
		return me.Code()
	}
	var ime *shogi.IllegalMoveError
	if errors.As(e.Err, &ime) {
		return ime.Foul().Code()
	}
	var te *TimeError
	if errors.As(e.Err, &te) {
		return te.Code()
	}
	if e.syntax || isFormatError(e.Err) {
		switch {
		case isDialect(e.Err):
			return "dialect"
		case errors.Is(e.Err, kif.ErrEncoding), errors.Is(e.Err, csa.ErrEncoding), errors.Is(e.Err, jkf.ErrEncoding):
			return "encoding"
		case errors.Is(e.Err, kif.ErrTooLarge), errors.Is(e.Err, csa.ErrTooLarge), errors.Is(e.Err, jkf.ErrTooLarge),
			errors.Is(e.Err, kif.ErrLineTooLong), errors.Is(e.Err, csa.ErrLineTooLong), errors.Is(e.Err, ErrLineTooLong),
			errors.Is(e.Err, ErrTooLarge):
			return "too-large"
		}
		return "syntax"
	}
	return "io"
}

// isFormatError reports whether err comes from the text of a record (a format package's
// syntax error or one of the record package's own), not from the input's I/O.
// isDialect reports whether err is a departure from a format that every reader reads
// alike, which the format's reader reports as a warning even in a strict read.
func isDialect(err error) bool {
	return errors.Is(err, jkf.ErrOldLayout)
}

func isFormatError(err error) bool {
	var (
		ke *kif.SyntaxError
		ce *csa.SyntaxError
		je *jkf.SyntaxError
		se *sfen.SyntaxError
	)
	return errors.As(err, &ke) || errors.As(err, &ce) || errors.As(err, &je) || errors.As(err, &se) ||
		errors.Is(err, ErrLineTooLong) || errors.Is(err, ErrTooLarge) || errors.Is(err, shogi.ErrNoRecord) || errors.Is(err, ErrNotRegular)
}

// newError returns the *Error of a problem a format reader reported, with its place
// taken from the format's own error type and its cause unwrapped from it.
func newError(err error, src Source, severity Severity) *Error {
	e := &Error{Path: src.Path, Format: src.Format, Record: src.Index, StartLine: src.Line, Severity: severity, Err: err, syntax: isFormatError(err)}
	var (
		ke *kif.SyntaxError
		ce *csa.SyntaxError
		je *jkf.SyntaxError
		se *sfen.SyntaxError
		le *lineError
		re *Error
	)
	switch {
	case errors.As(err, &re):
		return re
	case errors.As(err, &ke):
		e.Line, e.Column, e.Err = ke.Line, ke.Column, ke.Err
	case errors.As(err, &ce):
		e.Line, e.Column, e.Err = ce.Line, ce.Column, ce.Err
	case errors.As(err, &je):
		e.Line, e.Column, e.Err = je.Line, je.Column, je.Err
	case errors.As(err, &le):
		e.Line, e.Err = le.line, le.err
		if errors.As(le.err, &se) {
			e.Column, e.Err = se.Column, se.Err
		}
	}
	var ime *shogi.IllegalMoveError
	if errors.As(err, &ime) {
		e.Ply = ime.Ply
	}
	var me *shogi.MismatchError
	if errors.As(err, &me) {
		e.Ply = me.Ply
	}
	return e
}
