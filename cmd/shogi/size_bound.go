package main

// The bound on a record's size, as the commands name it: by their flag, -max-record-size,
// where the library's errors name the field of the Reader that sets it, each format in
// words of its own ("input larger than 10 bytes (Reader.MaxBytes)" in KIF, "record too
// large: more than 10 bytes (Reader.MaxRecordBytes)" in USI). The library's errors stay
// what they are for its users; the commands wrap them, so that errors.Is still finds
// the format's sentinel and record.Error.Code still says "too-large".

import (
	"errors"

	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
)

// sizeBoundError is a record past the bound on its size, in the commands' words: "record
// larger than -max-record-size (64MiB)", the size as the flag takes it.
type sizeBoundError struct {
	limit int64 // the bound in bytes
	err   error // the library's error
}

func (e *sizeBoundError) Error() string {
	// JKF's reader bounds a record at jkf.LargestMaxBytes whatever the flag: the bound
	// hit is that one, and the text names it, the flag's larger value after it.
	if errors.Is(e.err, jkf.ErrTooLarge) && e.limit > jkf.LargestMaxBytes {
		return "record larger than " + formatSize(jkf.LargestMaxBytes) + ", the most JKF's reader holds (-max-record-size " +
			formatSize(e.limit) + ")"
	}
	return "record larger than -max-record-size (" + formatSize(e.limit) + ")"
}

func (e *sizeBoundError) Unwrap() error { return e.err }

// pastSizeBound reports whether err is a record past the bound on its size, which
// -max-record-size sets: a format's sentinel, not the bound on a line, which no flag
// sets.
func pastSizeBound(err error) bool {
	return errors.Is(err, kif.ErrTooLarge) || errors.Is(err, csa.ErrTooLarge) || errors.Is(err, jkf.ErrTooLarge) ||
		errors.Is(err, record.ErrTooLarge)
}

// flagBound returns the problem e of a record read with the bound limit (0: the
// default), reworded as a sizeBoundError when it is a record past that bound; any other
// problem as it is. The reworded problem is a copy: the Reader's own is left alone.
func flagBound(e *record.Error, limit int64) *record.Error {
	if e == nil || !pastSizeBound(e.Err) {
		return e
	}
	if limit <= 0 {
		limit = defaultMaxRecordSize
	}
	c := *e
	c.Err = &sizeBoundError{limit: limit, err: e.Err}
	return &c
}

// flagBoundErr is flagBound for an error a Reader returned: a *record.Error reworded,
// any other error as it is.
func flagBoundErr(err error, limit int64) error {
	if re, ok := err.(*record.Error); ok {
		return flagBound(re, limit)
	}
	return err
}

// flagBounds rewords the problems of a verdict (flagBound), before its report is made.
func flagBounds(v *record.Verdict, limit int64) {
	for i, p := range v.Problems {
		v.Problems[i] = flagBound(p, limit)
	}
}
