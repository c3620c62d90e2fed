// Package errcode holds what the packages' error types share: a table from sentinel
// errors to their stable machine codes, and a wrapper that joins a package's sentinel
// to a cause from another package under one prefix.
package errcode

import (
	"errors"
	"strings"
)

// Entry pairs a sentinel error with its machine code.
type Entry struct {
	Err  error
	Code string
}

// Table lists a package's sentinels with their codes, most specific first.
type Table []Entry

// Of returns the code of the first sentinel of t that err wraps, other when err is
// not nil and wraps none of them, and "" for nil.
func (t Table) Of(err error, other string) string {
	if err == nil {
		return ""
	}
	for _, e := range t {
		if errors.Is(err, e.Err) {
			return e.Code
		}
	}
	return other
}

// Wrap returns an error that is both sentinel and cause for errors.Is and errors.As,
// with the message "sentinel: cause", the cause's own package prefix (such as
// "shogi: ") taken off so that the message has one.
func Wrap(sentinel, cause error, causePrefix string) error {
	return &wrapped{sentinel, cause, causePrefix}
}

type wrapped struct {
	sentinel, cause error
	prefix          string
}

func (w *wrapped) Error() string {
	return w.sentinel.Error() + ": " + strings.TrimPrefix(w.cause.Error(), w.prefix)
}

func (w *wrapped) Unwrap() []error { return []error{w.sentinel, w.cause} }

// modulePrefixes are the prefixes of the module's packages' error messages, which Text
// takes off.
var modulePrefixes = []string{"shogi: ", "kif: ", "csa: ", "jkf: ", "sfen: ", "notation: ", "record: ", "tsume: "}

// Text returns the message of err without the module package's prefix it begins with
// ("invalid hand", not "sfen: invalid hand"), so that whoever reports it puts a prefix
// of its own and no other: record's Error before a record's problem, the commands
// before a refusal that comes from no record. "unknown problem" for nil.
func Text(err error) string {
	if err == nil {
		return "unknown problem"
	}
	s := err.Error()
	for _, prefix := range modulePrefixes {
		if strings.HasPrefix(s, prefix) {
			return s[len(prefix):]
		}
	}
	return s
}
