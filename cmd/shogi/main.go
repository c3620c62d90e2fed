// Command shogi checks, converts and explores shogi positions and game records.
//
// Usage:
//
//	shogi <command> [flags] [arguments]
//
// Commands: validate, convert, notate, perft, board, analyse, match, connect, mate, tsume, usi,
// server, positions, book, version, help. "shogi help CMD" (or "shogi CMD -h") prints the flags of one.
//
// Exit status, the same for every command:
//
//	0  success: every record read was valid (and converted, analysed or drawn), or the
//	   command did what it was asked;
//	1  a record is invalid (a syntax error, an illegal move, an ending the rules deny,
//	   a record past -max-record-size) or could not be converted or analysed; notate: a
//	   move that is illegal or cannot be read; match: a game an engine broke; mate: no
//	   mate (or a limit stopped the search, or the position is no problem); tsume: a
//	   problem that is not correct (wrong, undecided or invalid); positions: a valid record
//	   the format cannot hold (no kings); book: a book that cannot be read, or probe: no
//	   move for the position;
//	2  a usage error: an unknown flag or command, a bad flag value (an -sfen that does
//	   not parse, an unknown -handicap, a -ply or -record past the record's end), a bad
//	   argument; or an input that cannot be read (missing, a directory where a file is
//	   needed, binary data, an archive or compression that is not read, a broken gzip
//	   stream, a decompression bomb, a -files-from line longer than 1 MiB), an output
//	   that cannot be written (standard output included), an interruption;
//	3  nothing checked: validate, convert, analyse, positions and book build found no
//	   record in their inputs (an empty input, empty files, only files passed over),
//	   tsume no problem, and board, notate and mate no record in the -record or RECORD
//	   file they were given.
//
// When several apply, the first in the order 2, 1, 3 is the status.
//
// Inputs: gzip data is decompressed (name.kif.gz, or gzip on standard input), UTF-16
// and UTF-32 text with a byte order mark decoded; zip and tar archives (.zip, .tar,
// .tar.gz, .tgz) are walked as directories (a member is named ARCHIVE:MEMBER, and
// convert -o DIR writes it below DIR/ARCHIVE/; a tar member, read whole, may be 64 MiB);
// a decompression that expands more than 200 times past 64 MiB stops there; a symbolic
// link named on the command line is followed, and links inside a directory are not
// (find -H).
//
// Outputs: convert -o DIR and board -o DIR write nothing outside DIR, whatever links it
// holds (files are opened through an os.Root), and no command writes a file through a
// symbolic link, with -f either: a link where an output file goes is an error. Names
// are printed as they are unless they hold characters that do not print (a line break,
// an escape sequence, a bidirectional override, invalid UTF-8): those are printed
// quoted, with those characters escaped as Go escapes them.
//
// Memory: a record is bounded at 64 MiB in every format (record.DefaultMaxRecordBytes);
// one past it is a "too-large" error at the bound, and its input ends there (so
// "tr '\0' x < /dev/zero | shogi validate -" ends; /dev/zero itself is binary data). validate, convert and analyse work on at most
// max(4×CPUs, 64) inputs at once whatever -j asks, and start an input only when its
// weight fits, with those in flight, in the run's memory budget (GOMEMLIMIT when set,
// else 2 GiB); an input heavier than the budget runs alone. An input weighs its size
// (up to the bound; standard input and .gz files the bound) times its format's peak
// multiple, measured as peak RSS over the largest record's size: 20 for KIF and KI2
// (11.9 measured converting a 66 MB study to JKF, 16.0 for a main line of 300 000
// moves), 64 for CSA (56.4) and for inputs of no known extension, 8 for JKF (6.5). See
// pipeline.go and the README.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sort"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/sfen"
)

// command is one subcommand. run gets the arguments after the command name and returns
// the process exit status.
type command struct {
	summary string
	usage   string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is filled by the init functions of the files that implement each command.
var commands = map[string]command{}

func init() {
	commands["version"] = command{summary: "print the version of this program", usage: "shogi version", run: runVersion}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command args name, and returns the exit status: 2 when standard output
// could not be written, whatever the command said.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := dispatch(args, stdin, out, stderr)
	if out.err != nil && code != 2 {
		fmt.Fprintf(stderr, "shogi: writing the output: %v\n", out.err)
		return 2
	}
	return code
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	if args[0] == "help" {
		if len(args) == 1 {
			usage(stdout)
			return 0
		}
		cmd, ok := commands[args[1]]
		if !ok {
			fmt.Fprintf(stderr, "shogi help: unknown command %q\n", args[1])
			usage(stderr)
			return 2
		}
		return cmd.run([]string{"-h"}, stdin, stdout, stderr)
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "shogi: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: shogi <command> [flags] [arguments]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-10s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(w, "\n\"shogi help COMMAND\" prints the flags of a command.")
	fmt.Fprintln(w, exitStatusHelp)
}

// newFlagSet returns the flag set of a command, which prints its usage line and flags.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage:", commands[name].usage)
		fs.PrintDefaults()
		fmt.Fprintln(fs.Output(), exitStatusHelp)
	}
	return fs
}

// parseFlags parses a command's flags. With -h it prints the usage on stdout and says
// to exit 0; with a bad flag (which the flag package names) it says to exit 2.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (code int, done bool) {
	if seeFlags != nil {
		seeFlags(fs)
	}
	out := fs.Output()
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(out)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return 0, true
	case err != nil:
		fmt.Fprintf(out, "shogi %s: %s\n", fs.Name(), escapeText(err.Error()))
		fmt.Fprintln(out, "usage:", commands[fs.Name()].usage)
		return 2, true
	}
	return 0, false
}

// seeFlags, when set, is given each flag set parseFlags parses, every flag defined: the
// test that holds the help texts and the README to the flags (TestUsageNamesEveryFlag)
// reads each command's flags so, from the code that defines them, not from a list of its
// own. Only tests set it, and not while commands run in parallel.
var seeFlags func(*flag.FlagSet)

// usageError prints what is wrong with the arguments and the usage line, and returns
// the exit status 2.
func usageError(fs *flag.FlagSet, stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "shogi %s: %s\n", fs.Name(), escapeText(msg))
	fmt.Fprintln(stderr, "usage:", commands[fs.Name()].usage)
	return 2
}

// exitStatusHelp ends every usage text.
const exitStatusHelp = "Exit status: 0 success (all valid), 1 a record invalid or not converted, 2 a usage error\n" +
	"or an input or output that cannot be read or written, 3 nothing checked (no record found)."

// exitStatus is the status of a command that reads records: 2 when an input or output
// failed, 1 when a record was invalid, 3 when no record was found, 0 otherwise.
func exitStatus(ioFailed bool, invalid int) int {
	switch {
	case ioFailed:
		return 2
	case invalid > 0:
		return 1
	}
	return 0
}

// exitNothingChecked is the status of a command that found no record to read.
const exitNothingChecked = 3

// nothingChecked returns the exit status of a command that read records records: the
// status of exitStatus, or exitNothingChecked (saying so on stderr) when it is 0 and no
// record was read.
func nothingChecked(status, records int, name string, stderr io.Writer) int {
	if status == 0 && records == 0 {
		fmt.Fprintf(stderr, "shogi %s: nothing checked: no record in the inputs\n", name)
		return exitNothingChecked
	}
	return status
}

// runVersion prints the module version the program was built from and the Go version.
func runVersion(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("version", stderr)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(fs, stderr, "version takes no arguments")
	}
	version := "(devel)"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		version = info.Main.Version
	}
	fmt.Fprintf(stdout, "shogi %s (%s, %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return 0
}

// startPosition returns the position named by the -sfen and -handicap flags of a
// command: the SFEN, else the handicap, else the even-game start.
func startPosition(sfenText, handicapName string) (*shogi.Position, error) {
	switch {
	case sfenText != "":
		return sfen.Parse(sfenText)
	case handicapName != "":
		h, ok := handicap.Lookup(handicapName)
		if !ok {
			return nil, fmt.Errorf("unknown handicap %q", handicapName)
		}
		return h.Position(), nil
	}
	return shogi.NewStartPosition(), nil
}
