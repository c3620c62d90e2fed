package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// refusal is why a command that takes one position took none from its input: the exit
// status, the error it prints on standard error, and what its -json object says.
type refusal struct {
	status int // the exit status: 1, 2 or 3
	// kind is tsume's status for the same input: "invalid" (the record, or the
	// position asked for, is refused), "io-error" (the input cannot be read) or
	// "skipped" (the input holds no record).
	kind string
	// code is the machine code: a record.Error's, "io", "no-problem", …; "" for skipped.
	code string
	err  error  // what is wrong: its text and its place (a record.Error's line, column, ply)
	path string // the input err names, escaped as quoteName shows it in the message
}

// message is the refusal's error as one printable line, for standard error.
func (r *refusal) message() string { return escapeMessage(r.err.Error(), r.path) }

// readRecordAt reads the n-th record of path ("-": standard input), in any format (a
// board diagram, BOD, or a CSA position alone included), for the commands that take one
// RECORD with -record N. It prints the error, prefixed by cmd, and returns a nil record
// and the exit status when it cannot (see recordAt).
func readRecordAt(cmd, path string, n int, opt readOptions, stdin io.Reader, stderr io.Writer) (*shogi.Record, int) {
	rec, ref := recordAt(path, n, opt, stdin)
	if ref != nil {
		fmt.Fprintf(stderr, "%s: %s\n", cmd, ref.message())
		return nil, ref.status
	}
	return rec, 0
}

// recordAt reads the n-th record of path, or says why it cannot: status 2 when the
// input cannot be read or holds fewer than n records (-record is then a bad value), 3
// when it holds none (nothing checked), 1 when the record is invalid. A record before
// the n-th that cannot be read does not matter.
func recordAt(path string, n int, opt readOptions, stdin io.Reader) (*shogi.Record, *refusal) {
	r, closeInput, err := openInput(path, stdin, opt)
	if err != nil {
		return nil, &refusal{status: 2, kind: tsumeIOError, code: "io", err: err, path: path}
	}
	defer closeInput()
	for i := 1; ; i++ {
		rec, err := r.Read()
		if err == io.EOF {
			if i == 1 {
				return nil, &refusal{status: exitNothingChecked, kind: tsumeSkipped, path: path,
					err: fmt.Errorf("nothing checked: %s holds no record", path)}
			}
			return nil, &refusal{status: 2, kind: tsumeInvalid, code: "record-past-end", path: path,
				err: fmt.Errorf("-record %d: %s holds %s", n, path, plural(i-1, "record"))}
		}
		var re *record.Error
		if err != nil && errors.As(err, &re) && re.Code() == "io" {
			return nil, &refusal{status: 2, kind: tsumeIOError, code: "io", err: err, path: path}
		}
		if i < n {
			continue
		}
		if err != nil {
			code := "syntax"
			if re != nil {
				code = re.Code()
			}
			return nil, &refusal{status: 1, kind: tsumeInvalid, code: code, err: err, path: path}
		}
		return rec, nil
	}
}
