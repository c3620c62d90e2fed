package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
)

func init() {
	commands["notate"] = command{
		summary: "print a line of play in another move notation",
		usage:   "shogi notate [-style NAME] [-from NAME] [-sfen SFEN | -handicap NAME] [-line] [MOVES…]   (no MOVES: a line of play from standard input)",
		run:     runNotate,
	}
}

// runNotate reads moves in one notation (USI by default) and prints each in another, one
// per line. The moves come from the arguments, one move per argument, or when there are
// none from standard input as a line of play (move numbers and an ending allowed).
func runNotate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("notate", stderr)
	styles := strings.Join(notation.Names, ", ")
	style := fs.String("style", "japanese", "notation to print: "+styles)
	from := fs.String("from", "usi", "notation of the moves given")
	sfenText := fs.String("sfen", "", "start position as SFEN (default: the even-game position)")
	handicapName := fs.String("handicap", "", "start from a handicap position, by any of its names")
	asLine := fs.Bool("line", false, "print the moves as one numbered line instead of one per line")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	out, ok := notation.ByName(*style)
	if !ok {
		fmt.Fprintf(stderr, "shogi notate: unknown style %q (styles: %s)\n", *style, styles)
		return 2
	}
	in, ok := notation.ByName(*from)
	if !ok {
		fmt.Fprintf(stderr, "shogi notate: unknown style %q (styles: %s)\n", *from, styles)
		return 2
	}
	if *sfenText != "" && *handicapName != "" {
		return usageError(fs, stderr, "-sfen and -handicap exclude each other")
	}
	p, err := startPosition(*sfenText, *handicapName)
	if err != nil {
		fmt.Fprintln(stderr, "shogi notate:", err)
		return 1
	}

	var line notation.Line
	if fs.NArg() > 0 {
		q := p.Clone()
		for i, text := range fs.Args() {
			m, err := in.Decode(q, text)
			if err != nil {
				fmt.Fprintf(stderr, "shogi notate: move %d: %v\n", i+1, err)
				return 1
			}
			q.PlayUnchecked(m)
			line.Moves = append(line.Moves, m)
		}
	} else {
		data, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintln(stderr, "shogi notate:", err)
			return 1
		}
		if line, err = notation.ParseLine(in, p, string(data)); err != nil {
			fmt.Fprintln(stderr, "shogi notate:", err)
			return 1
		}
	}

	if *asLine {
		text, err := notation.FormatLine(out, p, line)
		if err != nil {
			fmt.Fprintln(stderr, "shogi notate:", err)
			return 1
		}
		fmt.Fprintln(stdout, text)
		return 0
	}
	var buf []byte
	for _, m := range line.Moves {
		buf = append(out.Append(buf[:0], p, m), '\n')
		if _, err := stdout.Write(buf); err != nil {
			fmt.Fprintln(stderr, "shogi notate:", err)
			return 1
		}
		p.PlayUnchecked(m)
	}
	if line.End != shogi.EndNone {
		// The ending, in the words of the output style.
		text, err := notation.FormatLine(out, p, notation.Line{End: line.End})
		if err != nil {
			fmt.Fprintln(stderr, "shogi notate:", err)
			return 1
		}
		fmt.Fprintln(stdout, text)
	}
	return 0
}
