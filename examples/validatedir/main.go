// Command validatedir checks every game record below a directory — KIF, KI2, CSA, JKF,
// USI and SFEN files, every record of a multi-record file — and prints each verdict with
// the line, column, move number and code of its problems. It judges with
// record.Validate, the library's one verdict policy, so it agrees with "shogi validate".
//
//	go run ./examples/validatedir testdata/records
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/kifu-go/shogi/record"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run validates the records below the directories in args and returns the exit status:
// 0 when every record is valid, 1 when one is not, 2 for a usage or I/O error.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: validatedir DIR…")
		return 2
	}
	status := 0
	for entry := range record.Walk(args...) {
		if entry.Skipped != "" {
			continue
		}
		if entry.Err != nil {
			fmt.Fprintln(stderr, entry.Err)
			status = 2
			continue
		}
		r, err := record.Open(entry.Path)
		if err != nil {
			fmt.Fprintln(stderr, err)
			status = 2
			continue
		}
		for v := range record.Validate(r) {
			if v.Valid() {
				fmt.Fprintf(stdout, "%s#%d: OK, %d moves\n", entry.Path, v.Source.Index, v.Moves)
			} else {
				fmt.Fprintf(stdout, "%s#%d: INVALID after %d moves\n", entry.Path, v.Source.Index, v.Moves)
				status = max(status, 1)
			}
			for _, p := range v.Problems {
				fmt.Fprintf(stdout, "\t%s %s: line %d, column %d, move %d: %v\n", p.Severity, p.Code(), p.Line, p.Column, p.Ply, p.Err)
			}
		}
		r.Close()
	}
	return status
}
