package clock

import (
	"errors"
	"fmt"
	"time"

	"github.com/kifu-go/shogi/internal/errcode"
)

// ParseError reports a time control that could not be read: the form it was read
// as ("$TIME_LIMIT", "持ち時間", …), the text, its 1-based line (for the forms of
// several lines, else zero) and the 1-based column (in characters) where the
// problem is, and the reason, wrapping one of the sentinels below.
type ParseError struct {
	Form         string
	Text         string
	Line, Column int
	Err          error
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("clock: %s: line %d, column %d: %q: %s", e.Form, e.Line, e.Column, e.Text, trim(e.Err))
	}
	return fmt.Sprintf("clock: %s %q: column %d: %s", e.Form, e.Text, e.Column, trim(e.Err))
}

func (e *ParseError) Unwrap() error { return e.Err }

// Code returns the machine code of the error's reason ([Code]).
func (e *ParseError) Code() string { return Code(e.Err) }

// Reasons a time control is rejected.
var (
	// ErrSyntax: the text is not in the form.
	ErrSyntax = errors.New("clock: malformed time control")
	// ErrRange: a figure is out of range (negative, or too large for a duration).
	ErrRange = errors.New("clock: time out of range")
	// ErrInexpressible: a form cannot express the control given to it.
	ErrInexpressible = errors.New("clock: the form cannot express this control")
)

// Code returns the stable machine code of err's reason: "syntax", "range",
// "inexpressible", "not-running", or "" for another error.
func Code(err error) string { return codes.Of(err, "") }

var codes = errcode.Table{
	{Err: ErrSyntax, Code: "syntax"},
	{Err: ErrRange, Code: "range"},
	{Err: ErrInexpressible, Code: "inexpressible"},
	{Err: ErrNotRunning, Code: "not-running"},
}

// trim returns err's message without its package prefix.
func trim(err error) string {
	s := err.Error()
	if len(s) > 7 && s[:7] == "clock: " {
		return s[7:]
	}
	return s
}

// inexpressible returns an ErrInexpressible for form, saying why.
func inexpressible(form, why string) error {
	return fmt.Errorf("%w as %s: %s", ErrInexpressible, form, why)
}

// inRange reports a duration beyond what the parsers read back (a thousand hours)
// or negative, as an ErrRange.
func inRange(ds ...time.Duration) error {
	for _, d := range ds {
		if d < 0 || d > maxDuration {
			return fmt.Errorf("%w: %v is not between 0 and %v", ErrRange, d, maxDuration)
		}
	}
	return nil
}
