package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/record"
)

func init() {
	commands["notate"] = command{
		summary: "print a line of play in another move notation",
		usage: "shogi notate [-style NAME] [-from NAME] [-sfen SFEN | -handicap NAME | -record FILE [-ply N]] [-line] [-numbers] [-number-space] [-start]\n" +
			"                    [-marks none|triangle|shogi] [-squares fullwidth|mixed|digits|iroha] [-forward 上|行|入] [-max-record-size SIZE] [MOVES…]\n" +
			"       (no MOVES: a line of play, or a USI position line \"position … moves …\", from standard input)",
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
// -line as one line. The moves come from the arguments, one move per argument; from a
// record's main line (-record FILE, up to -ply N); or when there are none from standard
// input as a line of play (move numbers and an ending allowed) or as a USI position
// line ("position startpos moves 7g7f …", as convert -to usi writes it), which brings
// its own start position. Moves are numbered with -line, and with -numbers without it.
func runNotate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("notate", stderr)
	styles := strings.Join(notation.Names, ", ")
	style := fs.String("style", "japanese", "notation to print: "+styles)
	from := fs.String("from", "usi", "notation of the moves given")
	sfenText := fs.String("sfen", "", "start position as SFEN (default: the even-game position)")
	handicapName := fs.String("handicap", "", "start from a handicap position, by any of its names")
	recordPath := fs.String("record", "", "take the moves of the main line of the record in `FILE` (any format; - for standard input)")
	ply := fs.Int("ply", 0, "with -record: the first `N` moves of the main line (default: all)")
	asLine := fs.Bool("line", false, "print the moves as one line instead of one per line")
	numbers := fs.Bool("numbers", false, "number the moves (default: with -line only; -numbers=false leaves them out)")
	numberSpace := fs.Bool("number-space", false, "write a space after each move number (1. P-7f)")
	start := fs.Bool("start", false, "begin with 開始 (Japanese styles)")
	marks := fs.String("marks", "", "turn marks of a Japanese style: none, triangle (▲△) or shogi (☗☖)")
	squares := fs.String("squares", "", "squares of a Japanese style: fullwidth (７六), mixed (7六), digits (76) or iroha")
	forward := fs.String("forward", "", "word of a Japanese style for a horse's or a dragon's forward move: 上, 行 or 入")
	maxRecord := addMaxRecordSize(fs)
	// Said by notate's help alone, which the other commands' would say of notate.
	fs.Lookup("max-record-size").Usage = maxRecordSizeUsage + "; no more of standard input is read"
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	out, ok := notation.ByName(*style)
	if !ok {
		return usageError(fs, stderr, fmt.Sprintf("unknown style %q (styles: %s)", *style, styles))
	}
	in, ok := notation.ByName(*from)
	if !ok {
		return usageError(fs, stderr, fmt.Sprintf("unknown style %q (styles: %s)", *from, styles))
	}
	switch {
	case *sfenText != "" && *handicapName != "", *recordPath != "" && (*sfenText != "" || *handicapName != ""):
		return usageError(fs, stderr, "-sfen, -handicap and -record exclude each other")
	case *recordPath != "" && fs.NArg() > 0:
		return usageError(fs, stderr, "-record and MOVES exclude each other")
	case flagSet(fs, "ply") && *recordPath == "":
		return usageError(fs, stderr, "-ply goes with -record")
	case flagSet(fs, "ply") && *ply < 0:
		return usageError(fs, stderr, fmt.Sprintf("-ply: %d; want 0 or more", *ply))
	case *recordPath != "" && flagSet(fs, "from"):
		return usageError(fs, stderr, "-from and -record exclude each other: a record's format is detected")
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
		return usageError(fs, stderr, startError(*sfenText, err))
	}

	var line notation.Line
	switch {
	case *recordPath != "":
		var code int
		if !flagSet(fs, "ply") {
			*ply = -1 // all
		}
		if p, line, code = notateRecord(*recordPath, *ply, readOptions{maxRecordBytes: int64(*maxRecord)}, stdin, fs, stderr); code != 0 {
			return code
		}
	case fs.NArg() > 0 && isPositionLine(strings.Join(fs.Args(), " ")):
		if *sfenText != "" || *handicapName != "" {
			return usageError(fs, stderr, "a position line brings its own start: -sfen and -handicap go with moves alone")
		}
		if p, line, err = positionLine(strings.Join(fs.Args(), " ")); err != nil {
			fmt.Fprintln(stderr, "shogi notate:", escapeText(placedText(err)))
			return 1
		}
	case fs.NArg() > 0:
		q := p.Clone()
		for i, text := range fs.Args() {
			m, err := in.Decode(q, text)
			if err != nil {
				fmt.Fprintf(stderr, "shogi notate: move %d: %s\n", i+1, escapeText(placedText(err)))
				return 1
			}
			q.PlayUnchecked(m)
			line.Moves = append(line.Moves, m)
		}
	default:
		if stdin == nil {
			fmt.Fprintln(stderr, "shogi notate: no standard input")
			return 2
		}
		data, err := readBounded(stdin, int64(*maxRecord))
		if err != nil {
			fmt.Fprintln(stderr, "shogi notate: standard input:", escapeText(err.Error()))
			if errors.Is(err, errTooLarge) {
				return 1
			}
			return 2
		}
		text := string(data)
		switch {
		case isPositionLine(text):
			if *sfenText != "" || *handicapName != "" {
				return usageError(fs, stderr, "a position line brings its own start: -sfen and -handicap go with moves alone")
			}
			p, line, err = positionLine(text)
		default:
			line, err = notation.ParseLine(in, p, text)
		}
		if err != nil {
			// One prefix, the command's (placedText), as mate's and board's errors.
			fmt.Fprintln(stderr, "shogi notate:", escapeText(placedText(err)))
			return 1
		}
	}

	f := notation.LineFormat{Notation: out, Unnumbered: !numbered, Start: *start, Multiline: !*asLine, NumberSpace: *numberSpace}
	text, err := f.Format(p, line)
	if err != nil {
		fmt.Fprintln(stderr, "shogi notate:", escapeText(placedText(err)))
		return 1
	}
	if text == "" && !*asLine {
		return 0
	}
	if _, err := fmt.Fprintln(stdout, text); err != nil {
		fmt.Fprintln(stderr, "shogi notate:", err)
		return 2
	}
	return 0
}

// errTooLarge is the error of an input past its bound.
var errTooLarge = errors.New("larger than -max-record-size")

// readBounded reads all of r, up to max bytes: more is errTooLarge, found having read
// max+1 bytes and held no more than that.
func readBounded(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%w (%s)", errTooLarge, formatSize(max))
	}
	return data, nil
}

// isPositionLine reports whether text is a USI position line: "position …", "startpos
// …", or "sfen … moves …", as record.Detect tells them.
func isPositionLine(text string) bool {
	return record.Detect([]byte(text), "") == record.USI
}

// positionLine reads the one USI position line of text: its start and its moves.
func positionLine(text string) (*shogi.Position, notation.Line, error) {
	r := record.NewReader(strings.NewReader(text))
	r.Format = record.USI
	rec, err := r.Read()
	if err != nil {
		return nil, notation.Line{}, err
	}
	if _, err := r.Read(); err != io.EOF {
		return nil, notation.Line{}, errors.New("more than one position line: notate takes one line of play")
	}
	p, err := rec.StartPosition()
	if err != nil {
		return nil, notation.Line{}, err
	}
	return p, notation.Line{Moves: rec.Moves()}, nil
}

// notateRecord reads the first record of path and returns its start position and the
// first ply moves of its main line (all of them when ply < 0), with its ending when
// they are all. It prints what went wrong and returns the exit status when it cannot.
func notateRecord(path string, ply int, opt readOptions, stdin io.Reader, fs *flag.FlagSet, stderr io.Writer) (*shogi.Position, notation.Line, int) {
	rec, label, code := readRecordAt("shogi notate", path, 1, opt, stdin, stderr)
	if rec == nil {
		return nil, notation.Line{}, code
	}
	p, err := rec.StartPosition()
	if err != nil {
		fmt.Fprintf(stderr, "shogi notate: %s: %s\n", label, escapeMessage(placedText(err), path))
		return nil, notation.Line{}, 1
	}
	moves := rec.Moves()
	line := notation.Line{Moves: moves}
	if end := rec.Ending(); end != nil {
		line.End = end.Kind
	}
	if ply >= 0 {
		if ply > len(moves) {
			return nil, notation.Line{}, usageError(fs, stderr, fmt.Sprintf("-ply %d: the main line of %s has %s", ply, quoteName(path), plural(len(moves), "move")))
		}
		if ply < len(moves) {
			line = notation.Line{Moves: moves[:ply]}
		}
	}
	return p, line, 0
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
