package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/errcode"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/sfen"
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
	// record is the index in the input of the record the refusal is about: the one
	// asked for (-record), or the one whose read failed on the way to it; 0 when it is
	// about none (an input that cannot be opened or holds no record, as validate and
	// tsume give no record for those, or a position of -sfen or -handicap).
	record int
	// label names what err is about before its text on standard error: the record (as
	// recordLabel names it in the text of validate and tsume), or the flag that gave
	// the position ("-sfen", "-handicap"); "" when err's text names its input itself
	// (an I/O error of the file, -record or -ply past the end, no record).
	label string
}

// message is the refusal's error as one printable line, for standard error: the label,
// then what is wrong with its place, without a package's prefix, as validate's text
// gives a record it refuses ("problems.usi#5: line 5, column 70: illegal move …",
// "-sfen: column 27: invalid hand"); the command's name goes before it.
func (r *refusal) message() string {
	msg := escapeMessage(placedText(r.err), r.path)
	if r.label == "" {
		return msg
	}
	return r.label + ": " + msg
}

// placedText is an error's text without a package's prefix, its place in the text it
// comes from first: a record.Error's Detail ("line 5, column 6: …"), an SFEN's syntax
// error's column and cause ("column 27: invalid hand"); errcode.Text of any other.
func placedText(err error) string {
	var (
		re *record.Error
		se *sfen.SyntaxError
	)
	switch {
	case errors.As(err, &re):
		return re.Detail()
	case errors.As(err, &se):
		return fmt.Sprintf("column %d: %s", se.Column, errcode.Text(se.Err))
	}
	return errcode.Text(err)
}

// readRecordAt reads the n-th record of path ("-": standard input), in any format (a
// board diagram, BOD, or a CSA position alone included), for the commands that take one
// RECORD with -record N, and returns it with its name (recordLabel). It prints the
// error, prefixed by cmd, and returns a nil record and the exit status when it cannot
// (see recordAt).
func readRecordAt(cmd, path string, n int, opt readOptions, stdin io.Reader, stderr io.Writer) (*shogi.Record, string, int) {
	rec, label, ref := recordAt(path, n, opt, stdin)
	if ref != nil {
		fmt.Fprintf(stderr, "%s: %s\n", cmd, ref.message())
		return nil, "", ref.status
	}
	return rec, label, 0
}

// startError is the usage error of a start position that the flags give and that
// cannot be set up: the flag, then what is wrong without a package's prefix ("-sfen:
// column 27: invalid hand", "-handicap: unknown handicap …"), as shogi mate names its
// refusal.
func startError(sfenText string, err error) string {
	flag := "-handicap"
	if sfenText != "" {
		flag = "-sfen"
	}
	return flag + ": " + escapeText(placedText(err))
}

// recordAt reads the n-th record of path, and returns it with its name in the
// commands' text (recordLabel: "problems.usi#3"); or says why it cannot: status 2 when
// the input cannot be read or holds fewer than n records (-record is then a bad value),
// 3 when it holds none (nothing checked), 1 when the record is invalid. A record before
// the n-th that cannot be read does not matter.
func recordAt(path string, n int, opt readOptions, stdin io.Reader) (*shogi.Record, string, *refusal) {
	r, closeInput, err := openInput(path, stdin, opt)
	if err != nil {
		return nil, "", &refusal{status: 2, kind: tsumeIOError, code: "io", err: err, path: path}
	}
	defer closeInput()
	for i := 1; ; i++ {
		rec, err := r.Read()
		err = flagBoundErr(err, opt.maxRecordBytes) // the bound by its flag, -max-record-size
		if err == io.EOF {
			if i == 1 {
				return nil, "", &refusal{status: exitNothingChecked, kind: tsumeSkipped, path: path,
					err: fmt.Errorf("nothing checked: %s holds no record", path)}
			}
			return nil, "", &refusal{status: 2, kind: tsumeInvalid, code: "record-past-end", path: path, record: n,
				err: fmt.Errorf("-record %d: %s holds %s", n, path, plural(i-1, "record"))}
		}
		src := r.Source()
		label := recordLabel(path, src.Index, src.Format.String())
		var re *record.Error
		if err != nil && errors.As(err, &re) && re.Code() == "io" {
			at := src.Index
			if at == 0 {
				at = i
			}
			return nil, "", &refusal{status: 2, kind: tsumeIOError, code: "io", err: err, path: path, label: label, record: at}
		}
		if i < n {
			continue
		}
		if err != nil {
			code := "syntax"
			if re != nil {
				code = re.Code()
			}
			return nil, "", &refusal{status: 1, kind: tsumeInvalid, code: code, err: err, path: path, label: label, record: n}
		}
		return rec, label, nil
	}
}
