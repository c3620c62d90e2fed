package main

// shogi usi: the engine side of USI for mate search, so that GUIs can use the solver
// of package tsume. The engine reads commands line by line (each bounded in length),
// searches on its own goroutine with a context that stop cancels, and writes its
// answers whole lines at a time.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/tsume"
)

func init() {
	commands["usi"] = command{
		summary: "speak USI as a mate engine (go mate) on standard input and output, for GUIs",
		usage:   "shogi usi",
		run:     runUSI,
	}
}

// maxUSILine bounds the length of a command line; a longer one is read past and
// reported with an info string.
const maxUSILine = 1 << 20

// The engine's options, as "usi" lists them.
const (
	usiHashDefault = tsume.DefaultHashBytes >> 20
	usiOptionLines = "option name TsumeLine type check default true\n" +
		"option name Futile type combo default free var free var moves var drops var none\n" +
		"option name Leftover type combo default avoid var avoid var ignore\n"
)

// usiHashOption is the line of USI_Hash: at most the memory at hand (memoryLimit).
func usiHashOption() string {
	return fmt.Sprintf("option name USI_Hash type spin default %d min 1 max %d\n", usiHashDefault, hashLimitMB(memoryLimit().bytes, 1))
}

// usiHelp says what the engine speaks and what its exit statuses mean.
const usiHelp = `Reads USI commands on standard input and answers on standard output, as a mate engine:
go mate <ms>|infinite answers checkmate <moves>, checkmate nomate or checkmate timeout (go mate
<ms> gives the tsume line what is left of its time, go mate infinite 2 000 000 positions; go mate
with no time is go mate infinite); gameover stops a search without an answer; while it searches,
info time, nodes, nps and hashfull about once a second, and an info string when what is proven
of the tsume length changes (tsume length at most 23, between 17 and 23); options USI_Hash,
TsumeLine (false: the first mate found), Futile (free, moves, drops or none, as mate's -futile)
and Leftover (avoid or ignore, as mate's -leftover).
Exit status of usi: 0 after quit or the end of its input; 2 an argument, or an input that
cannot be read.`

// usiEngine is the state of the engine: its options, the position, the running search.
type usiEngine struct {
	outMu sync.Mutex
	out   io.Writer

	// opts are the engine's options as setoption left them; solverOpts those the solver
	// was made with, reused between searches while they are the same.
	opts       usiOptions
	solver     *tsume.Solver
	solverOpts usiOptions
	pos        *shogi.Position
	posErr     error // why the last position command was refused
	// lengthSaid is what searchInfo last said of the running search's tsume length.
	lengthSaid string
	// muted, under outMu, silences the running search: gameover stops it without its
	// answer or info lines.
	muted bool

	// The running search: cancel stops it, release lets an infinite one answer, done
	// is closed when it has answered. A go ponder search (pondering) has its clock's
	// limit in ponderLimit, which ponderhit starts (ponderTimer, which cancels it).
	pondering   bool
	cancel      context.CancelFunc
	release     chan struct{}
	done        chan struct{}
	ponderLimit time.Duration
	ponderTimer *time.Timer
	// restoreHeap undoes the soft memory limit set for the solver's table (holdHeap).
	restoreHeap func()
}

// runUSI runs the engine until quit or the end of its input. Exit status: 0, or 2 for
// arguments (it takes none) or an input that fails.
func runUSI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("usi", stderr)
	withStatusHelp(fs, usiHelp)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(fs, stderr, "usi takes no arguments: it reads USI commands from standard input")
	}
	e := &usiEngine{out: stdout, opts: usiOptions{hashMB: usiHashDefault, tsumeLine: true}, pos: shogi.NewStartPosition(), restoreHeap: func() {}}
	err := e.serve(stdin)
	e.stopSearch()
	e.restoreHeap()
	if err != nil {
		fmt.Fprintln(stderr, "shogi usi:", err)
		return 2
	}
	return 0
}

// serve reads and runs commands until quit or the end of in.
func (e *usiEngine) serve(in io.Reader) error {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readUSILine(r)
		if tooLong {
			e.println("info string the line is longer than %d bytes: passed over", maxUSILine)
		} else if line != "" || err == nil {
			if quit := e.command(line); quit {
				return nil
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readUSILine returns the next line without its line break, or whether it was longer
// than maxUSILine (the rest of it is read past, never held).
func readUSILine(r *bufio.Reader) (line string, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) > maxUSILine+1 {
			tooLong, buf = true, nil
		} else if !tooLong {
			buf = append(buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if tooLong {
			return "", true, err
		}
		return strings.TrimRight(string(buf), "\r\n"), false, err
	}
}

func (e *usiEngine) println(format string, args ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format+"\n", args...)
}

// command runs one command line and reports whether the engine should end.
func (e *usiEngine) command(line string) bool {
	word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	rest = strings.TrimSpace(rest)
	switch word {
	case "":
	case "usi":
		e.outMu.Lock()
		fmt.Fprint(e.out, "id name kifu-go shogi mate\nid author The kifu-go authors\n"+usiHashOption()+usiOptionLines+"usiok\n")
		e.outMu.Unlock()
	case "isready":
		// Answered at once, a search running or not; the table is made here, as
		// engines allocate their hash, unless a search holds the solver. One that has
		// answered holds it no longer: after a go mate, a setoption USI_Hash took
		// effect at the next go, which paid for the new table in its time.
		if e.searchDone() {
			e.stopSearch()
		}
		if e.done == nil {
			e.readySolver()
			// What the last searches wrote is cleared now, not in the next search's
			// time (a new table holds nothing, and is not even in memory yet).
			e.solver.Clear()
		}
		e.println("readyok")
	case "setoption":
		e.setOption(rest)
	case "usinewgame":
		e.stopSearch()
	case "gameover":
		// The game is over: the search stops without an answer. USI asks none of
		// gameover (it tells the engine the result), the GUI waits for none, and one
		// written now could be read as the answer to the next game's first go.
		e.outMu.Lock()
		e.muted = true
		e.outMu.Unlock()
		e.stopSearch()
	case "position":
		e.stopSearch()
		p, err := sfen.ParsePositionUnreachable(rest)
		if err != nil {
			e.pos, e.posErr = nil, err
			e.println("info string position refused: %s", escapeText(placedText(err)))
			return false
		}
		e.pos, e.posErr = p, nil
	case "go":
		e.stopSearch()
		e.goCommand(strings.Fields(rest))
	case "stop":
		e.stopSearch()
	case "ponderhit":
		e.ponderhit()
	case "quit":
		return true
	default:
		e.println("info string unknown command %q", escapeText(word))
	}
	return false
}

// setOption handles "setoption name <id> [value <x>]".
func (e *usiEngine) setOption(rest string) {
	rest, ok := strings.CutPrefix(rest, "name ")
	if !ok {
		e.println("info string setoption: expected name")
		return
	}
	name, value, _ := strings.Cut(rest, " value ")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	bad := func() { e.println("info string setoption: %s: invalid value %q", escapeText(name), escapeText(value)) }
	switch strings.ToLower(name) {
	case "usi_hash":
		n, err := strconv.Atoi(value)
		if err != nil {
			bad()
			return
		}
		if msg := checkHash(name, n, 1, memoryLimit()); msg != "" {
			// The table stays as it was: one the machine cannot hold is a fatal error.
			e.println("info string setoption: %s", escapeText(msg))
			return
		}
		e.opts.hashMB = n
	case "tsumeline":
		switch value {
		case "true":
			e.opts.tsumeLine = true
		case "false":
			e.opts.tsumeLine = false
		default:
			bad()
		}
	case "futile":
		f, err := tsume.ParseFutile(value)
		if err != nil {
			bad()
			break
		}
		e.opts.futile = f
	case "leftover":
		l, err := tsume.ParseLeftover(value)
		if err != nil {
			bad()
			break
		}
		e.opts.leftover = l
	case "usi_ponder":
	default:
		e.println("info string setoption: no option %q", escapeText(name))
	}
}

// usiOptions are the engine's options that make its solver.
type usiOptions struct {
	hashMB    int
	tsumeLine bool
	futile    tsume.Futile
	leftover  tsume.Leftover
}

// readySolver makes the solver for the engine's options when there is none, or when the
// one there is was made for other options.
func (e *usiEngine) readySolver() {
	if e.solver != nil && e.solverOpts == e.opts {
		return
	}
	if e.solver != nil {
		// The old table goes before the new one is made: the two together may be more
		// than the machine has, and more than the heap's limit (holdHeap), over which
		// the collector runs without end.
		e.solver = nil
		runtime.GC()
	}
	e.restoreHeap()
	o := e.opts
	e.restoreHeap = holdHeap(int64(o.hashMB << 20))
	e.solver = tsume.NewSolver(tsume.Options{HashBytes: o.hashMB << 20, AnyMate: !o.tsumeLine, Futile: o.futile,
		Leftover: o.leftover, Progress: e.searchInfo})
	e.solverOpts = o
}

// stopSearch stops the running search, which answers, and waits for it.
func (e *usiEngine) stopSearch() {
	if e.done == nil {
		return
	}
	if e.ponderTimer != nil {
		e.ponderTimer.Stop()
	}
	e.cancel()
	e.releaseSearch()
	<-e.done
	e.cancel, e.release, e.done, e.pondering, e.ponderLimit, e.ponderTimer = nil, nil, nil, false, 0, nil
}

// ponderhit turns a go ponder search into the game's search: it answers when it is
// done, and its clock (ponderLimit, what go ponder's btime, wtime, byoyomi… give a
// move) runs from now, as USI's ponderhit asks; before, the search ran on without a
// limit after ponderhit, and the GUI waited for bestmove until the engine lost on time.
// A ponderhit without a go ponder search (one of go infinite, which answers at stop
// only) is passed over.
func (e *usiEngine) ponderhit() {
	if e.done == nil || !e.pondering {
		return
	}
	e.pondering = false
	if e.ponderLimit > 0 && e.ponderTimer == nil {
		e.ponderTimer = time.AfterFunc(e.ponderLimit, e.cancel)
	}
	e.releaseSearch()
}

// searchDone reports whether a search was started and has answered.
func (e *usiEngine) searchDone() bool {
	if e.done == nil {
		return false
	}
	select {
	case <-e.done:
		return true
	default:
		return false
	}
}

// releaseSearch lets an infinite or ponder search answer when it is done.
func (e *usiEngine) releaseSearch() {
	if e.release != nil {
		select {
		case <-e.release:
		default:
			close(e.release)
		}
	}
}

// goLimits are what a go command asks for.
type goLimits struct {
	mate     bool
	infinite bool          // go mate infinite, go infinite, go ponder
	limit    time.Duration // 0: none
	nodes    uint64
	// ponder: go ponder, whose search runs without a limit until ponderhit, from which
	// it has ponderLimit, the limit its clock gives a move.
	ponder      bool
	ponderLimit time.Duration
}

// lineNodes returns the node bound of the tsume-line search that follows a mate: none
// for a go mate with a time limit, which has that time to settle the line (as mate
// -shortest does); tsume.DefaultLineNodes (0) otherwise, so that go mate infinite
// answers with a line once it has a mate, without waiting for stop.
func (g goLimits) lineNodes() uint64 {
	if g.mate && !g.infinite && g.limit > 0 {
		return math.MaxUint64
	}
	return 0
}

// goWords are the words of go that parseGo reads; "go mate" followed by one of them
// has no time of its own.
var goWords = map[string]bool{"mate": true, "infinite": true, "ponder": true, "btime": true, "wtime": true,
	"binc": true, "winc": true, "byoyomi": true, "movetime": true, "nodes": true, "depth": true}

// parseGo reads the arguments of go, or says what is wrong with them.
func parseGo(args []string, side shogi.Color) (goLimits, error) {
	var g goLimits
	var own, byoyomi, inc, movetime time.Duration
	ms := func(i int) (time.Duration, error) {
		if i+1 >= len(args) {
			return 0, fmt.Errorf("%s: expected a number", args[i])
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 || n > int64(time.Duration(1<<62)/time.Millisecond) {
			return 0, fmt.Errorf("%s: %q is no number of milliseconds", args[i], args[i+1])
		}
		return time.Duration(n) * time.Millisecond, nil
	}
	for i := 0; i < len(args); i++ {
		var d time.Duration
		var err error
		switch a := args[i]; a {
		case "mate":
			g.mate = true
			if i+1 < len(args) && args[i+1] == "infinite" {
				g.infinite = true
				i++
				continue
			}
			if i+1 == len(args) || goWords[args[i+1]] {
				// "go mate" with no time (what some GUIs send for a search without a
				// limit): none set, as go mate infinite, the search runs until it
				// answers or stop comes, not an answer of timeout at once.
				g.infinite = true
				continue
			}
			d, err = ms(i)
			g.limit = d
			i++
		case "infinite":
			g.infinite = true
		case "ponder":
			g.infinite, g.ponder = true, true
		case "btime", "wtime", "binc", "winc", "byoyomi", "movetime":
			d, err = ms(i)
			i++
			switch {
			case a == "btime" && side == shogi.Black, a == "wtime" && side == shogi.White:
				own = d
			case a == "binc" && side == shogi.Black, a == "winc" && side == shogi.White:
				inc = d
			case a == "byoyomi":
				byoyomi = d
			case a == "movetime":
				movetime = d
			}
		case "nodes":
			if i+1 >= len(args) {
				return g, errors.New("nodes: expected a number")
			}
			g.nodes, err = strconv.ParseUint(args[i+1], 10, 64)
			i++
		case "depth":
			i++ // a mate search has no depth
		}
		if err != nil {
			return g, err
		}
	}
	if g.mate && !g.infinite && g.limit == 0 {
		// "go mate 0": as little time as can be.
		g.limit = time.Millisecond
	}
	if !g.mate && (!g.infinite || g.ponder) {
		// A game's move: the byoyomi, or the increment and a twentieth of the time left,
		// with a tenth kept for the answer to travel; a second when go gives no clock,
		// and no time limit when it gives only nodes. A ponder search has it from
		// ponderhit.
		var limit time.Duration
		switch {
		case movetime > 0:
			limit = movetime
		case own+byoyomi+inc > 0:
			limit = (byoyomi + inc + own/20) * 9 / 10
		case g.nodes == 0:
			limit = time.Second
		default:
			return g, nil
		}
		limit = max(limit, time.Millisecond)
		if g.ponder {
			g.ponderLimit = limit
		} else {
			g.limit = limit
		}
	}
	return g, nil
}

// goCommand starts a search on its own goroutine.
func (e *usiEngine) goCommand(args []string) {
	mate := len(args) > 0 && args[0] == "mate"
	if e.pos == nil {
		e.println("info string no position to search: %s", escapeText(placedText(e.posErr)))
		e.answerNone(mate)
		return
	}
	g, err := parseGo(args, e.pos.SideToMove())
	if err != nil {
		e.println("info string go: %s", escapeText(err.Error()))
		e.answerNone(mate)
		return
	}
	e.readySolver()
	solver := e.solver
	solver.SetNodes(g.nodes)
	solver.SetLineNodes(g.lineNodes())
	ctx, cancel := context.WithCancel(context.Background())
	if g.limit > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), g.limit)
	}
	e.cancel, e.done, e.pondering, e.ponderLimit = cancel, make(chan struct{}), g.ponder, g.ponderLimit
	e.outMu.Lock()
	e.lengthSaid, e.muted = "", false
	e.outMu.Unlock()
	var release chan struct{}
	if g.infinite && !g.mate {
		release = make(chan struct{})
		e.release = release
	}
	pos, done := e.pos, e.done
	go func() {
		defer close(done)
		defer cancel()
		r, err := solver.Solve(ctx, pos)
		final := e.report(g.mate, r, err)
		if release != nil {
			<-release // go infinite answers at stop only
		}
		e.outMu.Lock()
		defer e.outMu.Unlock()
		if !e.muted {
			fmt.Fprintln(e.out, final)
		}
	}()
}

// answerNone answers a go that cannot search (no position, or arguments it cannot
// read): checkmate timeout, the answer of a search that decided nothing, never nomate,
// which says that the position was proven to have no mate.
func (e *usiEngine) answerNone(mate bool) {
	if mate {
		e.println("checkmate timeout")
	} else {
		e.println("bestmove resign")
	}
}

// report writes the info lines of a search's result, and returns the answer to go:
// checkmate for go mate, bestmove otherwise.
func (e *usiEngine) report(mate bool, r tsume.Result, err error) string {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	w := e.out
	if e.muted {
		w = io.Discard // after gameover
	}
	if err != nil {
		// The position is no problem: the side not to move has no king, or is in check.
		// Without tsume's prefix, as mate and tsume give it.
		fmt.Fprintf(w, "info string %s\n", escapeText(placedText(err)))
		if mate {
			return "checkmate nomate"
		}
		return "bestmove resign"
	}
	ms := r.Time.Milliseconds()
	nps := uint64(0)
	if r.Time > 0 {
		nps = uint64(float64(r.Nodes+r.LineNodes) / r.Time.Seconds())
	}
	moves := make([]string, len(r.Moves))
	for i, m := range r.Moves {
		moves[i] = m.String()
	}
	found := r.Status == tsume.Mate && len(moves) > 0
	if found {
		fmt.Fprintf(w, "info time %d nodes %d nps %d score mate %d pv %s\n", ms, r.Nodes+r.LineNodes, nps, len(moves), strings.Join(moves, " "))
		fmt.Fprintf(w, "info string mate in %d, line %s", len(moves), r.Line)
		if t := tsumeLength(r.MaxLength, r.MinLength); r.Line == tsume.LineProof && t != "" {
			fmt.Fprintf(w, ", %s", t)
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintf(w, "info time %d nodes %d nps %d\n", ms, r.Nodes+r.LineNodes, nps)
		if r.Status == tsume.Mate {
			fmt.Fprintln(w, "info string mate proven, but its line was lost from the table (raise USI_Hash)")
		}
	}
	switch {
	case !mate && found:
		return "bestmove " + moves[0]
	case !mate:
		return "bestmove resign"
	case found:
		return "checkmate " + strings.Join(moves, " ")
	case r.Status == tsume.NoMate:
		return "checkmate nomate"
	}
	return "checkmate timeout"
}
