package main

// shogi book: opening books (package book) from game records, probed and converted.
// build reads records as validate judges them (invalid ones are skipped and reported)
// and counts the moves of their main lines; probe prints a position's moves; convert
// turns a YaneuraOu book into Apery's and back (by walking the game tree from every
// start, since an Apery book holds hashes and no positions).

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/sfen"
	"golang.org/x/term"
)

func init() {
	commands["book"] = command{
		summary: "build, probe and convert opening books (YaneuraOu's text book, Apery's book.bin)",
		usage: "shogi book build -to yaneuraou|apery [-max-ply N] [-min-count K] [-winner-only] [-o FILE [-f]] [-json]\n" +
			"           [-lenient] [-from FMT] [-j N] [-files-from FILE [-0]] [-max-record-size SIZE] [PATH…]\n" +
			"       shogi book probe [-sfen SFEN | -handicap NAME] [-style STYLE] [-json] [-format yaneuraou|apery] BOOKFILE\n" +
			"       shogi book convert -to yaneuraou|apery [-format yaneuraou|apery] [-max-ply N] [-bridge N] [-o FILE [-f]] BOOKFILE",
		run: runBook,
	}
}

const bookHelp = `build: counts the moves of the main lines of valid records (invalid ones are skipped and
  reported, as "shogi validate" judges them), up to -max-ply moves from each record's start,
  with each game's result for the side that moved, and writes the moves chosen at least
  -min-count times: a YaneuraOu book ("#YANEURAOU-DB2016 1.00", positions sorted by SFEN,
  each move with its most chosen reply as ponder, value and depth 0, the count) or an Apery
  book.bin. -winner-only counts only the winners' moves (Apery's book maker's rule). It
  reads the PATHs and the files -files-from lists: a PATH or -files-from is needed (- as a
  PATH reads standard input).
probe: prints the moves the book gives for a position (default: the even-game start), in
  the engines' order, one a line: the move, then ponder, count, value and depth (and the
  win rate when the book has one; books read from files have none). Exit 1 when the book
  has no move there. The book's format is told by its content unless -format says.
convert: YaneuraOu → Apery writes each position's moves under Apery's key; Apery →
  YaneuraOu walks legal moves from every start (the even game and each handicap),
  matching keys, up to -max-ply moves, crossing up to -bridge positions in a row that the
  book has no entry for (Apery's book maker keeps the winners' moves only), and reports
  how many of the book's entries the walk reached.
Without -o a book goes to standard output (Apery's binary format not to a terminal); -o
FILE never overwrites a file without -f. A book that cannot be read is exit 1.`

func runBook(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "build":
			return runBookBuild(args[1:], stdin, stdout, stderr)
		case "probe":
			return runBookProbe(args[1:], stdout, stderr)
		case "convert":
			return runBookConvert(args[1:], stdout, stderr)
		}
	}
	fs := newFlagSet("book", stderr)
	withHelp(fs, bookHelp)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() == 0 {
		return usageError(fs, stderr, "no subcommand: build, probe or convert")
	}
	return usageError(fs, stderr, fmt.Sprintf("unknown subcommand %q: build, probe or convert", fs.Arg(0)))
}

// parseBookKind reads a -to or -format value.
func parseBookKind(name string) (book.Kind, bool) {
	switch name {
	case "yaneuraou":
		return book.YaneuraOu, true
	case "apery":
		return book.Apery, true
	}
	return 0, false
}

// bookOutput checks, before the work, where a book will go: an -o file that exists is
// refused without -f (writeNoFollow checks again when it writes), and Apery's binary
// book is not written to a terminal.
func bookOutput(outPath string, force bool, kind book.Kind, stdout io.Writer) string {
	if outPath != "" {
		if _, err := os.Lstat(outPath); err == nil && !force {
			return quoteName(outPath) + " exists; not overwritten (use -f)"
		}
		return ""
	}
	if f, ok := outputFile(stdout); ok && kind == book.Apery && term.IsTerminal(int(f.Fd())) {
		return "an Apery book (binary) is not written to a terminal: use -o FILE or a redirection"
	}
	return ""
}

// writeBook writes data to outPath (by writeIn's rules) or to stdout.
func writeBook(data []byte, outPath string, force bool, stdout io.Writer) error {
	if outPath != "" {
		return writeNoFollow(outPath, data, force)
	}
	_, err := stdout.Write(data)
	return err
}

// bookResult is what a worker of build emits for one record (or input).
type bookResult struct {
	v   validation
	rec *shogi.Record // the record when it is valid
}

func runBookBuild(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("book", stderr)
	withHelp(fs, bookHelp)
	toName := fs.String("to", "", "book format: yaneuraou or apery (required)")
	maxPly := fs.Int("max-ply", 0, "take the first `N` moves of each record's main line (0: all)")
	minCount := fs.Uint64("min-count", 1, "keep the moves chosen at least `K` times")
	winnerOnly := fs.Bool("winner-only", false, "count only the moves of the side that won")
	outPath := fs.String("o", "", "write the book to `FILE` (default: standard output)")
	force := fs.Bool("f", false, "with -o: overwrite an existing file")
	asJSON := fs.Bool("json", false, "report skipped records as validate's JSON lines")
	rf := addReadFlags(fs)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if msg := rf.check(fs.Args()); msg != "" {
		return usageError(fs, stderr, msg)
	}
	kind, ok := parseBookKind(*toName)
	switch {
	case !ok:
		return usageError(fs, stderr, fmt.Sprintf("-to: %q; want yaneuraou or apery", *toName))
	case *maxPly < 0:
		return usageError(fs, stderr, fmt.Sprintf("-max-ply: %d; want 0 or more", *maxPly))
	case *force && *outPath == "":
		return usageError(fs, stderr, "-f goes with -o")
	}
	if msg := bookOutput(*outPath, *force, kind, stdout); msg != "" {
		fmt.Fprintln(stderr, "shogi book:", escapeText(msg))
		return 2
	}
	reports := stderr
	if *outPath != "" {
		reports = stdout
	}

	builder := book.Builder{MaxPly: *maxPly, WinnerOnly: *winnerOnly}
	prog := newProgress(stderr)
	var line []byte
	var tl inputTally
	invalid := 0
	start := time.Now()
	results := pipeline(inputList(fs.Args(), *rf.filesFrom, *rf.nul, stdin), *rf.jobs, int64(*rf.maxRecord), func(e input, emit func(bookResult)) {
		bookEntry(e, stdin, rf, emit)
	})
	for res := range results {
		v := res.v
		if tl.count(v) {
			if v.OK {
				if err := builder.Add(res.rec); err == nil {
					prog.add(true)
					continue
				} else {
					v.OK, v.Error = false, err.Error()
				}
			}
			invalid++
			prog.add(false)
		}
		if err := prog.report(reports, v, *asJSON, &line); err != nil {
			prog.finish()
			fmt.Fprintln(stderr, "shogi book:", err)
			return 2
		}
	}
	prog.finish()
	b := builder.Book(*minCount)
	var data []byte
	var err error
	if kind == book.Apery {
		var ab *book.AperyBook
		if ab, _, err = b.Apery(); err == nil {
			data = ab.Bytes()
		}
	} else {
		data = book.Format(b)
	}
	if err == nil {
		err = writeBook(data, *outPath, *force, stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "shogi book:", escapeText(err.Error()))
		return 2
	}
	article := "a"
	if kind == book.Apery {
		article = "an"
	}
	fmt.Fprintf(stderr, "%s: %d used, %d invalid; %s; %s %s book of %s, %s (%.2fs)\n",
		tl.head(), tl.records-invalid, invalid, skippedFiles(tl.skipped), article, kind, plural(b.Len(), "position"), plural(b.Moves(), "move"), time.Since(start).Seconds())
	return nothingChecked(exitStatus(tl.ioFailed, invalid), tl.records, "book", stderr)
}

// bookEntry judges every record of one input and emits the valid ones.
func bookEntry(e input, stdin io.Reader, rf *readFlags, emit func(bookResult)) {
	judgeEntry(e, stdin, rf, shogi.Rules{}, func(v validation, verdict *record.Verdict) {
		res := bookResult{v: v}
		if verdict != nil && verdict.Valid() {
			res.rec = verdict.Record
		}
		emit(res)
	})
}

// openBook opens a book file and tells its format: the given one, else YaneuraOu's
// when the text starts with '#', "//" or "sfen", else Apery's.
func openBook(path, format string) (*os.File, *bufio.Reader, book.Kind, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, 0, err
	}
	if info, err := f.Stat(); err == nil && info.IsDir() {
		f.Close()
		return nil, nil, 0, fmt.Errorf("%s is a directory", quoteName(path))
	}
	br := bufio.NewReaderSize(f, 1<<16)
	if format != "" {
		kind, _ := parseBookKind(format)
		return f, br, kind, nil
	}
	head, _ := br.Peek(8)
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	kind := book.Apery
	if bytes.HasPrefix(head, []byte("#")) || bytes.HasPrefix(head, []byte("//")) || bytes.HasPrefix(head, []byte("sfen")) {
		kind = book.YaneuraOu
	}
	return f, br, kind, nil
}

// bookFailure is the exit status of a failure to read a book: 2 when the file could
// not be read, 1 when it is not a valid book.
func bookFailure(err error) int {
	var be *book.Error
	if errors.As(err, &be) && book.Code(be.Err) != "io" || errors.Is(err, book.ErrMove) {
		return 1
	}
	return 2
}

// probeMove is a move of probe's JSON answer.
type probeMove struct {
	Move    string   `json:"move"`
	Ponder  string   `json:"ponder,omitempty"`
	Count   uint64   `json:"count"`
	Value   int32    `json:"value"`
	Depth   int32    `json:"depth"`
	WinRate *float64 `json:"win_rate,omitempty"`
}

func runBookProbe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("book", stderr)
	withHelp(fs, bookHelp)
	sfenText := fs.String("sfen", "", "probe the position of an `SFEN` (default: the even-game start)")
	handicapName := fs.String("handicap", "", "probe the start of a handicap, by any of its names")
	styles := notationNames()
	style := fs.String("style", "usi", "notation of the moves: "+styles)
	format := fs.String("format", "", "the book's format, yaneuraou or apery (default: told by its content)")
	asJSON := fs.Bool("json", false, "print the answer as one JSON object")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	out, styleOK := notation.ByName(*style)
	switch {
	case !styleOK:
		return usageError(fs, stderr, fmt.Sprintf("-style: unknown style %q (styles: %s)", *style, styles))
	case *format != "" && !isBookKind(*format):
		return usageError(fs, stderr, fmt.Sprintf("-format: %q; want yaneuraou or apery", *format))
	case *sfenText != "" && *handicapName != "":
		return usageError(fs, stderr, "-sfen and -handicap exclude each other")
	case fs.NArg() != 1:
		return usageError(fs, stderr, "probe reads one BOOKFILE")
	}
	pos, err := startPosition(*sfenText, *handicapName)
	if err != nil {
		return usageError(fs, stderr, err.Error())
	}
	path := fs.Arg(0)
	f, br, kind, err := openBook(path, *format)
	if err != nil {
		fmt.Fprintln(stderr, "shogi book:", escapeText(err.Error()))
		return 2
	}
	defer f.Close()
	var entries []book.Entry
	if kind == book.Apery {
		var ab *book.AperyBook
		if ab, err = book.ReadApery(br); err == nil {
			entries, err = ab.Lookup(pos)
		}
	} else {
		// A YaneuraOu book is read one position at a time, keeping only the
		// position probed (given several times, its moves merged as Read merges them).
		found := book.New()
		key := pos.Hash()
		for it, rerr := range book.NewReader(br).All() {
			if rerr != nil {
				err = rerr
				break
			}
			if it.Position.Hash() != key {
				continue
			}
			for _, e := range it.Entries {
				if err = found.Add(it.Position, e); err != nil {
					break
				}
			}
		}
		entries = found.Lookup(pos)
	}
	if err != nil {
		fmt.Fprintf(stderr, "shogi book: %s: %s\n", quoteName(path), escapeMessage(err.Error(), path))
		return bookFailure(err)
	}
	moves := make([]probeMove, len(entries))
	for i, e := range entries {
		moves[i] = probeMove{Move: out.Encode(pos, e.Move), Count: e.Count, Value: e.Value, Depth: e.Depth}
		if e.Ponder != shogi.NoMove {
			after := pos.Clone()
			if after.Play(e.Move) == nil {
				moves[i].Ponder = out.Encode(after, e.Ponder)
			}
		}
		if r, ok := e.WinRate(); ok {
			moves[i].WinRate = &r
		}
	}
	if *asJSON {
		data, err := json.Marshal(struct {
			SFEN  string      `json:"sfen"`
			Moves []probeMove `json:"moves"`
		}{sfen.Format(pos), moves})
		if err != nil {
			fmt.Fprintln(stderr, "shogi book:", err)
			return 2
		}
		if _, err := fmt.Fprintf(stdout, "%s\n", data); err != nil {
			fmt.Fprintln(stderr, "shogi book:", err)
			return 2
		}
	} else {
		w := bufio.NewWriter(stdout)
		for _, m := range moves {
			fmt.Fprintf(w, "%s", m.Move)
			if m.Ponder != "" {
				fmt.Fprintf(w, " ponder %s", m.Ponder)
			}
			fmt.Fprintf(w, " count %d value %d depth %d", m.Count, m.Value, m.Depth)
			if m.WinRate != nil {
				fmt.Fprintf(w, " win %.1f%%", 100**m.WinRate)
			}
			w.WriteByte('\n')
		}
		if err := w.Flush(); err != nil {
			fmt.Fprintln(stderr, "shogi book:", err)
			return 2
		}
	}
	if len(moves) == 0 {
		fmt.Fprintf(stderr, "shogi book: %s has no move for %s\n", quoteName(path), sfen.Format(pos))
		return 1
	}
	return 0
}

func isBookKind(name string) bool {
	_, ok := parseBookKind(name)
	return ok
}

func notationNames() string {
	var b bytes.Buffer
	for i, n := range notation.Names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n)
	}
	return b.String()
}

func runBookConvert(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("book", stderr)
	withHelp(fs, bookHelp)
	toName := fs.String("to", "", "book format to write: yaneuraou or apery (required)")
	format := fs.String("format", "", "the book's format, yaneuraou or apery (default: told by its content)")
	maxPly := fs.Int("max-ply", 0, "Apery → YaneuraOu: walk at most `N` moves from each start (0: no limit)")
	bridge := fs.Int("bridge", 1, "Apery → YaneuraOu: cross up to `N` positions in a row without entries, trying every legal move")
	outPath := fs.String("o", "", "write the book to `FILE` (default: standard output)")
	force := fs.Bool("f", false, "with -o: overwrite an existing file")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	kind, ok := parseBookKind(*toName)
	switch {
	case !ok:
		return usageError(fs, stderr, fmt.Sprintf("-to: %q; want yaneuraou or apery", *toName))
	case *format != "" && !isBookKind(*format):
		return usageError(fs, stderr, fmt.Sprintf("-format: %q; want yaneuraou or apery", *format))
	case *maxPly < 0 || *bridge < 0:
		return usageError(fs, stderr, "-max-ply and -bridge: want 0 or more")
	case *force && *outPath == "":
		return usageError(fs, stderr, "-f goes with -o")
	case fs.NArg() != 1:
		return usageError(fs, stderr, "convert reads one BOOKFILE")
	}
	if msg := bookOutput(*outPath, *force, kind, stdout); msg != "" {
		fmt.Fprintln(stderr, "shogi book:", escapeText(msg))
		return 2
	}
	path := fs.Arg(0)
	f, br, from, err := openBook(path, *format)
	if err != nil {
		fmt.Fprintln(stderr, "shogi book:", escapeText(err.Error()))
		return 2
	}
	defer f.Close()
	var data []byte
	var summary string
	if from == book.Apery {
		var ab *book.AperyBook
		var b *book.Book
		var st book.FromAperyStats
		if ab, err = book.ReadApery(br); err == nil {
			b, st, err = book.FromApery(ab, book.Starts(), book.WalkOptions{MaxPly: *maxPly, Bridge: *bridge})
		}
		if err == nil {
			summary = fmt.Sprintf("reached %d of %d entries (%d of %d keys) from %s; %s, %s; %s bridged",
				st.ReachedEntries, st.Entries, st.ReachedKeys, st.Keys, plural(len(book.Starts()), "start"),
				plural(st.Positions, "position"), plural(b.Moves(), "move"), plural(st.Bridged, "position"))
			data, err = bookBytes(b, kind)
		}
	} else {
		var b *book.Book
		if b, err = book.Read(br); err == nil {
			summary = plural(b.Len(), "position") + ", " + plural(b.Moves(), "move")
			data, err = bookBytes(b, kind)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "shogi book: %s: %s\n", quoteName(path), escapeMessage(err.Error(), path))
		return bookFailure(err)
	}
	if err := writeBook(data, *outPath, *force, stdout); err != nil {
		fmt.Fprintln(stderr, "shogi book:", escapeText(err.Error()))
		return 2
	}
	fmt.Fprintf(stderr, "%s book → %s book: %s\n", from, kind, summary)
	return 0
}

// bookBytes returns b in the format kind.
func bookBytes(b *book.Book, kind book.Kind) ([]byte, error) {
	if kind == book.YaneuraOu {
		return book.Format(b), nil
	}
	ab, _, err := b.Apery()
	if err != nil {
		return nil, err
	}
	return ab.Bytes(), nil
}
