package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"
)

func init() {
	commands["convert"] = command{summary: "convert game records between KIF, KI2, CSA, JKF, SFEN and USI", run: runConvert}
}

func runConvert(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "input format ("+strings.Join(formatNames, ", ")+"); default: detect from content")
	to := fs.String("to", "", "output format: "+strings.Join(formatNames, ", ")+" (usi: a position line; sfen: the final position)")
	encoding := fs.String("encoding", "utf-8", "output encoding for kif, ki2 and csa: utf-8 or sjis")
	lenient := fs.Bool("lenient", false, "read leniently: report problems as warnings and keep going")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi convert [-from FMT] -to kif|ki2|csa|jkf|sfen|usi [-encoding utf-8|sjis] [FILE…]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if !validFormat(*to) || *from != "" && !validFormat(*from) {
		fs.Usage()
		return 2
	}
	opt := writeOptions{format: *to}
	switch strings.ToLower(*encoding) {
	case "utf-8", "utf8":
	case "sjis", "shift_jis", "shift-jis", "cp932":
		if *to != "kif" && *to != "ki2" && *to != "csa" {
			fmt.Fprintf(stderr, "shogi convert: %s output is always UTF-8\n", *to)
			return 2
		}
		opt.shiftJIS = true
	default:
		fmt.Fprintf(stderr, "shogi convert: unknown encoding %q (want utf-8 or sjis)\n", *encoding)
		return 2
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	out := bufio.NewWriter(stdout)
	status := 0
	for _, path := range paths {
		data, err := readInput(path, stdin)
		if err != nil {
			fmt.Fprintln(stderr, "shogi convert:", err)
			status = 1
			continue
		}
		res := readRecords(data, readOptions{format: inputFormat(path, *from), lenient: *lenient})
		for _, w := range res.warnings {
			fmt.Fprintf(stderr, "%s: warning: %s\n", path, w)
		}
		if res.err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, res.err)
			status = 1
			continue
		}
		if err := writeRecords(out, res.records, opt); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			status = 1
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(stderr, "shogi convert:", err)
		return 1
	}
	return status
}
