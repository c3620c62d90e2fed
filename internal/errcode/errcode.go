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
