package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// readRecordAt reads the n-th record of path ("-": standard input), in any format (a
// board diagram, BOD, or a CSA position alone included), for the commands that take one
// RECORD with -record N. It prints the error, prefixed by cmd, and returns a nil record
// and the exit status when it cannot: 2 when the input cannot be read or holds fewer
// than n records (-record is then a bad value), 3 when it holds none (nothing checked),
// 1 when the record is invalid. A record before the n-th that cannot be read does not
// matter.
func readRecordAt(cmd, path string, n int, opt readOptions, stdin io.Reader, stderr io.Writer) (*shogi.Record, int) {
	r, closeInput, err := openInput(path, stdin, opt)
	if err != nil {
		fmt.Fprintln(stderr, cmd+":", escapeMessage(err.Error(), path))
		return nil, 2
	}
	defer closeInput()
	for i := 1; ; i++ {
		rec, err := r.Read()
		if err == io.EOF {
			if i == 1 {
				fmt.Fprintf(stderr, "%s: nothing checked: %s holds no record\n", cmd, quoteName(path))
				return nil, exitNothingChecked
			}
			fmt.Fprintf(stderr, "%s: -record %d: %s holds %s\n", cmd, n, quoteName(path), plural(i-1, "record"))
			return nil, 2
		}
		var re *record.Error
		if err != nil && errors.As(err, &re) && re.Code() == "io" {
			fmt.Fprintln(stderr, cmd+":", escapeMessage(err.Error(), path))
			return nil, 2
		}
		if i < n {
			continue
		}
		if err != nil {
			fmt.Fprintln(stderr, cmd+":", escapeMessage(err.Error(), path))
			return nil, 1
		}
		return rec, 0
	}
}
