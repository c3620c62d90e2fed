// Command kif2csa converts a KIF or KI2 record (UTF-8 or Shift_JIS) to CSA V2.2, and
// says on standard error what CSA cannot hold of it (variations, bookmarks, header
// fields, …: record.Losses).
//
//	go run ./examples/kif2csa testdata/records/kif/henka.kif
package main

import (
	"fmt"
	"os"

	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: kif2csa FILE.kif")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	rec, err := kif.Parse(data)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	out, err := csa.Format(rec)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if losses := record.Losses(rec, record.CSA); losses != nil {
		fmt.Fprintf(os.Stderr, "%s: warning: CSA cannot hold all of it: lost %s\n", os.Args[1], record.DescribeLosses(losses))
	}
	os.Stdout.Write(out)
}
