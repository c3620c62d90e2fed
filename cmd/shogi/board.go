package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/term"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/diagram"
	"github.com/kifu-go/shogi/diagram/svg"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/sfen"
)

func init() {
	commands["board"] = command{
		summary: "draw a position: a terminal board, a KIF diagram (BOD), CSA lines or an SVG picture",
		usage: "shogi board [-sfen SFEN | -handicap NAME | [-record N] [-ply N] RECORD] [-format text|bod|csa|svg] [-o FILE|DIR [-f]]\n" +
			"       [-pieces kanji|kanji2|letters] [-flip] [-color auto|always|never]\n" +
			"       [-coords japanese|numeric|western|none] [-size PX] [-arrow MOVE]… [-mark SQUARE]… [-title TEXT] [-max-record-size SIZE]",
		run: runBoard,
	}
}

// listFlag collects the values of a flag given several times.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// boardFormats are the values of -format, with the extension of the files -o DIR writes.
var boardFormats = map[string]string{"text": ".txt", "bod": ".bod", "csa": ".csa", "svg": ".svg"}

// boardJob is what runBoard draws: the positions, and how.
type boardJob struct {
	format  string
	text    diagram.Options
	style   diagram.Style
	picture svg.Options
	name    string // the base name of the files of -o DIR
}

func runBoard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("board", stderr)
	sfenText := fs.String("sfen", "", "draw the position of an `SFEN` (composed positions allowed)")
	handicapName := fs.String("handicap", "", "draw the start of a handicap, by any of its names")
	recordIndex := fs.Int("record", 1, "with RECORD: the `N`-th record of a file of several")
	ply := fs.Int("ply", 0, "with RECORD: the position after `N` moves of the main line (default: its end)")
	format := fs.String("format", "text", "text (a board for terminals), bod (KIF board diagram), csa or svg")
	out := fs.String("o", "", "write to `FILE` instead of standard output; an existing DIR (or a name ending in /) gets one file per move of RECORD, NAME-PLY.EXT")
	force := fs.Bool("f", false, "with -o: overwrite files that exist")
	pieces := fs.String("pieces", "kanji", "text, svg: kanji, kanji2 (svg: two characters a piece) or letters")
	flip := fs.Bool("flip", false, "text, svg: draw the board from White's side")
	colorMode := fs.String("color", "auto", "text: ANSI colours: auto (when standard output is a terminal and NO_COLOR is unset), always or never")
	coords := fs.String("coords", "japanese", "svg: rank labels: japanese (一…九), numeric (1…9), western (a…i) or none")
	size := fs.Int("size", svg.DefaultSquareSize, "svg: the side of a square in pixels (8 to 1000)")
	title := fs.String("title", "", "svg: the picture's title (default: the position's SFEN)")
	var arrows, marks listFlag
	fs.Var(&arrows, "arrow", "svg: draw an arrow for a `MOVE` in USI (7g7f, P*5e); repeatable")
	fs.Var(&marks, "mark", "svg: highlight a `SQUARE` in USI (5e); repeatable")
	maxRecord := addMaxRecordSize(fs)
	// Flags may come after RECORD as well: "shogi board game.kif -ply 40".
	var positional []string
	for rest := args; ; {
		if code, done := parseFlags(fs, rest, stdout); done {
			return code
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		rest = fs.Args()[1:]
	}

	ext, ok := boardFormats[*format]
	switch {
	case !ok:
		return usageError(fs, stderr, fmt.Sprintf("-format: unknown format %q (want text, bod, csa or svg)", *format))
	case len(positional) > 1:
		return usageError(fs, stderr, "board draws one RECORD")
	case *sfenText != "" && *handicapName != "" || len(positional) > 0 && (*sfenText != "" || *handicapName != ""):
		return usageError(fs, stderr, "-sfen, -handicap and RECORD exclude each other")
	case len(positional) == 0 && (flagSet(fs, "ply") || flagSet(fs, "record")):
		return usageError(fs, stderr, "-ply and -record go with RECORD")
	case *recordIndex < 1:
		return usageError(fs, stderr, fmt.Sprintf("-record: %d; want 1 or more", *recordIndex))
	case flagSet(fs, "ply") && *ply < 0:
		return usageError(fs, stderr, fmt.Sprintf("-ply: %d; want 0 or more", *ply))
	case *force && *out == "":
		return usageError(fs, stderr, "-f goes with -o")
	}
	for _, name := range []string{"coords", "size", "title", "arrow", "mark"} {
		if flagSet(fs, name) && *format != "svg" {
			return usageError(fs, stderr, "-"+name+" goes with -format svg")
		}
	}
	for _, name := range []string{"pieces", "flip"} {
		if flagSet(fs, name) && *format != "svg" && *format != "text" {
			return usageError(fs, stderr, "-"+name+" goes with -format text or svg")
		}
	}
	if flagSet(fs, "color") && *format != "text" {
		return usageError(fs, stderr, "-color goes with -format text")
	}

	job := &boardJob{format: *format}
	job.style, _ = diagram.ParseStyle(*format)
	job.text.Flip, job.picture.Flip = *flip, *flip
	switch *pieces {
	case "kanji":
	case "kanji2":
		job.picture.Pieces = svg.Kanji2
	case "letters":
		job.text.Letters, job.picture.Pieces = true, svg.Letters
	default:
		return usageError(fs, stderr, fmt.Sprintf("-pieces: unknown style %q (want kanji, kanji2 or letters)", *pieces))
	}
	switch *colorMode {
	case "always":
		job.text.Color = true
	case "never":
	case "auto":
		f, isFile := outputFile(stdout)
		job.text.Color = *out == "" && isFile && term.IsTerminal(int(f.Fd())) &&
			os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	default:
		return usageError(fs, stderr, fmt.Sprintf("-color: %q; want auto, always or never", *colorMode))
	}
	switch *coords {
	case "japanese":
	case "numeric":
		job.picture.Coordinates = svg.Numeric
	case "western":
		job.picture.Coordinates = svg.Western
	case "none":
		job.picture.Coordinates = svg.NoCoordinates
	default:
		return usageError(fs, stderr, fmt.Sprintf("-coords: unknown labels %q (want japanese, numeric, western or none)", *coords))
	}
	if *size < 8 || *size > 1000 {
		return usageError(fs, stderr, fmt.Sprintf("-size: %d pixels; want 8 to 1000", *size))
	}
	job.picture.SquareSize = *size
	job.picture.Title = *title
	for _, a := range arrows {
		m, err := shogi.ParseUSIMove(a)
		if err != nil {
			return usageError(fs, stderr, fmt.Sprintf("-arrow %q: %v", a, err))
		}
		job.picture.Arrows = append(job.picture.Arrows, svg.Arrow{Move: m})
	}
	for _, s := range marks {
		sq, ok := shogi.ParseSquare(s)
		if !ok {
			return usageError(fs, stderr, fmt.Sprintf("-mark %q: not a square in USI (5e)", s))
		}
		job.picture.Marks = append(job.picture.Marks, svg.Mark{Square: sq})
	}

	// The position: a record's start and the moves of its main line, or a position
	// alone.
	var p *shogi.Position
	var moves []shogi.Move
	handicapGame := false
	if len(positional) == 1 {
		path := positional[0]
		rec, label, code := readRecordAt("shogi board", path, *recordIndex, readOptions{maxRecordBytes: int64(*maxRecord)}, stdin, stderr)
		if rec == nil {
			return code
		}
		var err error
		if p, err = rec.StartPosition(); err != nil {
			fmt.Fprintf(stderr, "shogi board: %s: %s\n", label, escapeMessage(placedText(err), path))
			return 1
		}
		moves = rec.Moves()
		h, ok := handicap.IdentifySFEN(rec.StartSFEN)
		_, shitate := rec.Header.Get(shogi.HeaderShitate)
		_, uwate := rec.Header.Get(shogi.HeaderUwate)
		handicapGame = ok && h.SFEN != shogi.StartSFEN || shitate || uwate
		job.name = "board"
		if path != "-" {
			job.name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		}
		if *recordIndex > 1 {
			job.name = fmt.Sprintf("%s-%d", job.name, *recordIndex)
		}
	} else {
		var err error
		if p, err = boardPosition(*sfenText, *handicapName); err != nil {
			return usageError(fs, stderr, startError(*sfenText, err))
		}
		h, ok := handicap.Identify(p)
		handicapGame = ok && h.SFEN != shogi.StartSFEN
		job.name = "board"
	}
	job.text.Handicap, job.picture.Handicap = handicapGame, handicapGame

	// Which plies to draw: the end of the line, or -ply; with -o DIR, every one
	// unless -ply names one.
	dir := ""
	if *out != "" {
		if info, err := os.Stat(*out); err == nil && info.IsDir() || strings.HasSuffix(*out, "/") || strings.HasSuffix(*out, string(filepath.Separator)) {
			dir = *out
		}
	}
	first, last := len(moves), len(moves)
	switch {
	case flagSet(fs, "ply") && *ply > len(moves):
		return usageError(fs, stderr, fmt.Sprintf("-ply %d: the main line of %s has %s", *ply, quoteName(positional[0]), plural(len(moves), "move")))
	case flagSet(fs, "ply"):
		first, last = *ply, *ply
	case dir != "":
		first = 0
	}
	var outDir *outputDir
	if dir != "" {
		var err error
		if outDir, err = openOutputDir(dir); err != nil {
			fmt.Fprintln(stderr, "shogi board:", escapeText(err.Error()))
			return 2
		}
		defer outDir.Close()
	}
	digits := max(3, len(fmt.Sprint(len(moves))))
	for i := 0; i <= last; i++ {
		if i > 0 {
			// The record's reader checked the moves; Play keeps them in the position's
			// history, so that the picture shows the last one.
			if err := p.Play(moves[i-1]); err != nil {
				fmt.Fprintf(stderr, "shogi board: %s: %s\n", quoteName(positional[0]), escapeMessage(err.Error(), positional[0]))
				return 1
			}
		}
		if i < first {
			continue
		}
		data := job.draw(p)
		var err error
		switch {
		case dir != "":
			err = outDir.write(fmt.Sprintf("%s-%0*d%s", job.name, digits, i, ext), data, *force)
		case *out != "":
			err = writeNoFollow(*out, data, *force)
		default:
			_, err = stdout.Write(data)
		}
		if err != nil {
			fmt.Fprintln(stderr, "shogi board:", escapeText(err.Error()))
			return 2
		}
	}
	return 0
}

// draw returns the diagram or picture of p.
func (j *boardJob) draw(p *shogi.Position) []byte {
	if j.format == "svg" {
		return svg.Append(nil, p, &j.picture)
	}
	return diagram.Append(nil, p, j.style, &j.text)
}

// boardPosition returns the position of -sfen (composed positions, which diagrams
// show, allowed) or -handicap, or the even-game start.
func boardPosition(sfenText, handicapName string) (*shogi.Position, error) {
	if sfenText == "" {
		return startPosition(sfenText, handicapName)
	}
	s, err := sfen.ParseSetup(sfenText)
	if err != nil {
		return nil, err
	}
	s.AllowUnreachable = true
	return shogi.NewPosition(s)
}
