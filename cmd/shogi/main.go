// Command shogi checks, converts and explores shogi positions and game records.
//
// Usage:
//
//	shogi <command> [flags] [arguments]
//
// Commands: validate, convert, notate, perft, board, analyse, match, mate, tsume, usi, version,
// help. "shogi help CMD" (or "shogi CMD -h") prints the flags of one.
//
// Exit status: 0 when every record is valid (or the command succeeded), 1 when a record
// is invalid or could not be converted, 2 for a usage error or an input or output that
// could not be read or written.
//
// Memory: a record is bounded at 64 MiB in every format (record.DefaultMaxRecordBytes);
// one past it is a "too-large" error at the bound, and its input ends there (so
// "shogi validate /dev/zero" ends). validate, convert and analyse work on at most
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

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
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
	fmt.Fprintln(w, "Exit status: 0 all valid, 1 a record invalid, 2 a usage or I/O error.")
}

// newFlagSet returns the flag set of a command, which prints its usage line and flags.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage:", commands[name].usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses a command's flags. With -h it prints the usage on stdout and says
// to exit 0; with a bad flag (which the flag package names) it says to exit 2.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (code int, done bool) {
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
		fmt.Fprintf(out, "shogi %s: %v\n", fs.Name(), err)
		fmt.Fprintln(out, "usage:", commands[fs.Name()].usage)
		return 2, true
	}
	return 0, false
}

// usageError prints what is wrong with the arguments and the usage line, and returns
// the exit status 2.
func usageError(fs *flag.FlagSet, stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "shogi %s: %s\n", fs.Name(), msg)
	fmt.Fprintln(stderr, "usage:", commands[fs.Name()].usage)
	return 2
}

// exitStatus is the status of validate and convert: 2 when an input or output failed,
// 1 when a record was invalid, 0 otherwise.
func exitStatus(ioFailed bool, invalid int) int {
	switch {
	case ioFailed:
		return 2
	case invalid > 0:
		return 1
	}
	return 0
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
