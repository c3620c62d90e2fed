package main

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

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
		return usageError(fs, stderr, escapeText(err.Error()))
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
// its own clone of p, taking work from a shared queue. With more than one goroutine and
// depth 3 or more, the work is split below the replies to the root moves: the 30 root
// moves of the start position differ tenfold in size, so a queue of them leaves one
// goroutine finishing alone, while several hundred (root, reply) tasks end together.
func parallelDivide(p *shogi.Position, depth, jobs int) []shogi.DivideEntry {
	if depth < 1 {
		return nil
	}
	moves := p.LegalMoves()
	entries := make([]shogi.DivideEntry, len(moves))
	for i, m := range moves {
		entries[i].Move = m
	}
	type task struct {
		root  int        // index in moves
		reply shogi.Move // NoMove: count below the root move itself
	}
	var tasks []task
	split := jobs > 1 && depth >= 3
	for i, m := range moves {
		if !split {
			tasks = append(tasks, task{i, shogi.NoMove})
			continue
		}
		p.PlayUnchecked(m)
		for _, r := range p.LegalMoves() {
			tasks = append(tasks, task{i, r})
		}
		p.Undo()
	}
	next := make(chan task, len(tasks))
	for _, t := range tasks {
		next <- t
	}
	close(next)
	counts := make([]atomic.Uint64, len(moves))
	var wg sync.WaitGroup
	for range min(jobs, max(len(tasks), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := p.Clone()
			for t := range next {
				q.PlayUnchecked(moves[t.root])
				if t.reply == shogi.NoMove {
					counts[t.root].Add(q.Perft(depth - 1))
				} else {
					q.PlayUnchecked(t.reply)
					counts[t.root].Add(q.Perft(depth - 2))
					q.Undo()
				}
				q.Undo()
			}
		}()
	}
	wg.Wait()
	for i := range entries {
		entries[i].Nodes = counts[i].Load()
	}
	return entries
}
