package main

import (
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
)

func init() {
	commands["perft"] = command{
		summary: "count the legal move sequences of a given depth",
		usage:   "shogi perft [-depth N] [-divide] [-j N] [-sfen SFEN | -handicap NAME]",
		run:     runPerft,
	}
}

func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("perft", stderr)
	depth := fs.Int("depth", 5, "search depth in plies")
	divide := fs.Bool("divide", false, "print the count below each root move")
	jobs := fs.Int("j", runtime.NumCPU(), "number of goroutines")
	sfenText := fs.String("sfen", "", "start position as SFEN (default: the even-game position)")
	handicapName := fs.String("handicap", "", "start from a handicap position, by any of its names")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	switch {
	case fs.NArg() > 0:
		return usageError(fs, stderr, "perft takes no arguments")
	case *sfenText != "" && *handicapName != "":
		return usageError(fs, stderr, "-sfen and -handicap exclude each other")
	case *depth < 0:
		return usageError(fs, stderr, fmt.Sprintf("-depth: %d; want 0 or more", *depth))
	case *jobs < 1:
		return usageError(fs, stderr, fmt.Sprintf("-j: %d goroutines; want 1 or more", *jobs))
	}
	p, err := perftPosition(*sfenText, *handicapName)
	if err != nil {
		fmt.Fprintln(stderr, "shogi perft:", err)
		return 1
	}
	entries := parallelDivide(p, *depth, *jobs)
	var total uint64
	for _, e := range entries {
		total += e.Nodes
		if *divide {
			fmt.Fprintf(stdout, "%s %d\n", e.Move, e.Nodes)
		}
	}
	if *depth == 0 {
		total = 1
	}
	fmt.Fprintln(stdout, total)
	return 0
}

// perftPosition is startPosition for perft, which takes positions beyond the game's
// own, as other engines' perft suites hold them: positions that could not arise in a
// game, and more pieces of a kind than the game has (up to what a hand can count).
func perftPosition(sfenText, handicapName string) (*shogi.Position, error) {
	if sfenText == "" {
		return startPosition(sfenText, handicapName)
	}
	s, err := sfen.ParseSetup(sfenText)
	if err != nil {
		return nil, err
	}
	s.AllowUnreachable, s.AllowExtraPieces = true, true
	return shogi.NewPosition(s)
}

// parallelDivide computes the divide of p at depth with up to jobs goroutines, each on
// its own clone of p, taking root moves from a shared queue.
func parallelDivide(p *shogi.Position, depth, jobs int) []shogi.DivideEntry {
	if depth < 1 {
		return nil
	}
	moves := p.LegalMoves()
	entries := make([]shogi.DivideEntry, len(moves))
	next := make(chan int, len(moves))
	for i := range moves {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range min(jobs, max(len(moves), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := p.Clone()
			for i := range next {
				q.PlayUnchecked(moves[i])
				entries[i] = shogi.DivideEntry{Move: moves[i], Nodes: q.Perft(depth - 1)}
				q.Undo()
			}
		}()
	}
	wg.Wait()
	return entries
}
