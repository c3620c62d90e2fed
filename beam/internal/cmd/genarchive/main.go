// Command genarchive writes the pipeline's test archive into a directory, to measure
// shogi-beam and shogi validate on the same files:
//
//	go run ./internal/cmd/genarchive -records 10000 -sources ../testdata/records /tmp/archive
//
// It prints what it wrote (see archive.Manifest), and the pattern that matches every
// file of the archive.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kifu-go/shogi/beam/internal/archive"
)

func main() {
	records := flag.Int("records", 10000, "number of records to write, at least")
	seed := flag.Uint64("seed", 1, "seed of the games chosen")
	sources := flag.String("sources", "../testdata/records", "directory of the records the games come from")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: genarchive [-records N] [-seed N] [-sources DIR] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	dir := flag.Arg(0)
	m, err := archive.Generate(dir, archive.Options{Records: *records, Seed: *seed, Sources: *sources})
	if err != nil {
		fmt.Fprintln(os.Stderr, "genarchive:", err)
		os.Exit(1)
	}
	copies := 0
	for _, d := range m.Duplicates {
		copies += len(d) - 1
	}
	fmt.Printf("%d records in %d files (%d of several records, %d Shift_JIS, %d with a BOM, %d empty): %d broken %v; %d games written more than once (%d copies); formats %v; handicaps %v\n",
		m.Records, m.Files, m.MultiRecord, m.ShiftJIS, m.BOM, m.Empty, m.Invalid, m.Codes, len(m.Duplicates), copies, m.Formats, m.Handicaps)
	fmt.Println("pattern:", filepath.Join(dir, "*", "*", "*"))
}
