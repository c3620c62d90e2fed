// Command shogi checks, converts and explores shogi positions and game records.
//
// Usage:
//
//	shogi <command> [flags] [arguments]
//
// Run "shogi help" for the list of commands and "shogi <command> -h" for the flags of one.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/sfen"
)

// command is one subcommand. run gets the arguments after the command name and returns
// the process exit status.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands is filled by the init functions of the files that implement each command.
var commands = map[string]command{}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return 0
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
