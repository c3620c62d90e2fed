package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kifu-go/shogi/notation"
)

func init() {
	commands["notate"] = command{
		summary: "print a line of play in another move notation",
		usage: "shogi notate [-style NAME] [-from NAME] [-sfen SFEN | -handicap NAME] [-line] [-numbers] [-number-space] [-start]\n" +
			"                    [-marks none|triangle|shogi] [-squares fullwidth|mixed|digits|iroha] [-forward 上|行|入] [MOVES…]\n" +
			"       (no MOVES: a line of play from standard input)",
		run: runNotate,
	}
}

// The values of the Japanese options, by the names the flags take.
var (
	notateMarks = map[string]notation.Marks{
		"none": notation.MarksNone, "triangle": notation.MarksTriangle, "shogi": notation.MarksShogi,
	}
	notateSquares = map[string]notation.SquareStyle{
		"fullwidth": notation.SquaresFullWidth, "mixed": notation.SquaresMixed,
		"digits": notation.SquaresDigits, "iroha": notation.SquaresIroha,
	}
	notateForward = map[string]notation.Forward{
		"上": notation.ForwardUp, "行": notation.ForwardGo, "入": notation.ForwardEnter,
	}
)

// runNotate reads moves in one notation (USI by default) and prints them in another:
// one move per text line (a pair per line in the Western styles when numbered), or with
// -line as one line. The moves come from the arguments, one move per argument, or when
// there are none from standard input as a line of play (move numbers and an ending
// allowed). Moves are numbered with -line, and with -numbers without it.
func runNotate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("notate", stderr)
	styles := strings.Join(notation.Names, ", ")
	style := fs.String("style", "japanese", "notation to print: "+styles)
	from := fs.String("from", "usi", "notation of the moves given")
	sfenText := fs.String("sfen", "", "start position as SFEN (default: the even-game position)")
	handicapName := fs.String("handicap", "", "start from a handicap position, by any of its names")
	asLine := fs.Bool("line", false, "print the moves as one line instead of one per line")
	numbers := fs.Bool("numbers", false, "number the moves (default: with -line only; -numbers=false leaves them out)")
	numberSpace := fs.Bool("number-space", false, "write a space after each move number (1. P-7f)")
	start := fs.Bool("start", false, "begin with 開始 (Japanese styles)")
	marks := fs.String("marks", "", "turn marks of a Japanese style: none, triangle (▲△) or shogi (☗☖)")
	squares := fs.String("squares", "", "squares of a Japanese style: fullwidth (７六), mixed (7六), digits (76) or iroha")
	forward := fs.String("forward", "", "word of a Japanese style for a horse's or a dragon's forward move: 上, 行 or 入")
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
	out, msg := japaneseOptions(out, *marks, *squares, *forward)
	if msg != "" {
		return usageError(fs, stderr, msg)
	}
	numbered := *numbers
	if !flagSet(fs, "numbers") {
		numbered = *asLine
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

	f := notation.LineFormat{Notation: out, Unnumbered: !numbered, Start: *start, Multiline: !*asLine, NumberSpace: *numberSpace}
	text, err := f.Format(p, line)
	if err != nil {
		fmt.Fprintln(stderr, "shogi notate:", err)
		return 1
	}
	if text == "" && !*asLine {
		return 0
	}
	if _, err := fmt.Fprintln(stdout, text); err != nil {
		fmt.Fprintln(stderr, "shogi notate:", err)
		return 1
	}
	return 0
}

// japaneseOptions applies the -marks, -squares and -forward flags to the style n, or
// returns what is wrong with them.
func japaneseOptions(n notation.Notation, marks, squares, forward string) (notation.Notation, string) {
	if marks == "" && squares == "" && forward == "" {
		return n, ""
	}
	j, ok := n.(notation.Japanese)
	if !ok {
		return n, "-marks, -squares and -forward apply to the Japanese styles (japanese, kif, ki2, iroha), not " + n.String()
	}
	if marks != "" {
		if j.Marks, ok = notateMarks[marks]; !ok {
			return n, fmt.Sprintf("unknown -marks %q (none, triangle or shogi)", marks)
		}
	}
	if squares != "" {
		if j.Squares, ok = notateSquares[squares]; !ok {
			return n, fmt.Sprintf("unknown -squares %q (fullwidth, mixed, digits or iroha)", squares)
		}
	}
	if forward != "" {
		if j.Forward, ok = notateForward[forward]; !ok {
			return n, fmt.Sprintf("unknown -forward %q (上, 行 or 入)", forward)
		}
	}
	return j, ""
}

// flagSet reports whether the flag name was given.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}
