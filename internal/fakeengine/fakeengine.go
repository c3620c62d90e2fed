// Package fakeengine is a USI engine for tests, which plays legal moves quickly and
// misbehaves on purpose when told to: it dies in the middle of a search, never answers
// isready, sends an illegal or malformed best move, garbles its info lines, floods its
// output, hangs, answers out of order, or plays a scripted game (to force a 千日手, a
// perpetual check, a declaration or a resignation).
//
// Test binaries run it by re-executing themselves: their TestMain calls [Main] when
// [IsRequested] says the process was started as the fake engine, and tests start the
// engine with [Command]'s path and arguments.
package fakeengine

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
)

// Flag is the first argument that marks the process as the fake engine.
const Flag = "-usi-fake-engine"

// IsRequested reports whether the process was started as the fake engine.
func IsRequested() bool { return len(os.Args) > 1 && os.Args[1] == Flag }

// Main runs the fake engine on standard input and output with the arguments after
// Flag, and exits the process.
func Main() {
	os.Exit(Run(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
}

// Command returns the path and arguments that start the running test binary as the
// fake engine with args (flags of [Run]).
func Command(args ...string) (string, []string) {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	return exe, append([]string{Flag}, args...)
}

// Modes of misbehaviour, given with -mode (several may be joined with commas).
const (
	DieAtStart      = "die-at-start"      // exit at once, before answering usi
	DieInSearch     = "die-in-search"     // print an info line, then exit with status 3
	NoUSIOK         = "no-usiok"          // never answer usi
	NoReadyOK       = "no-readyok"        // never answer isready
	IllegalMove     = "illegal"           // answer go with an illegal best move
	MalformedMove   = "malformed"         // answer go with "bestmove 7z7f"
	GarbledInfo     = "garbled-info"      // send "info depth x" during each search
	Garbage         = "garbage"           // send lines the protocol does not have (binary junk) before every answer
	Flood           = "flood"             // send info lines without end during a search, until stopped
	FloodLine       = "flood-line"        // send one line of 1 MiB without a line break on go
	Hang            = "hang"              // never answer go, and ignore stop
	IgnoreStop      = "ignore-stop"       // go on searching after stop
	OutOfOrder      = "out-of-order"      // answer isready with a bestmove before readyok
	IgnoreQuit      = "ignore-quit"       // stay after quit, and after the end of the input
	BadOption       = "bad-option"        // list an option line that does not parse
	IllegalPV       = "illegal-pv"        // send a PV whose second move is illegal
	Resign          = "resign"            // resign at once
	Declare         = "declare"           // answer every go with "bestmove win"
	UCIMate         = "uci-mate"          // answer go mate with bestmove and a mate score, as Fairy-Stockfish does
	NoMateMode      = "nomate"            // answer go mate with checkmate nomate
	UnknownMate     = "unknown-mate"      // answer go mate with checkmate none, as YaneuraOu's mate engine at its limits
	FalseMate       = "false-mate"        // answer go mate with a legal sequence that does not mate
	StopAnswersLate = "stop-answers-late" // answer stop only after 200 ms
	Book            = "book"              // answer go at once with a best move and no info line, as an engine playing from its book
	UseTime         = "use-time"          // search for the time go gives the side to move (its time and byoyomi), plus -overrun
)

// engine is the fake engine's state.
type engine struct {
	out     io.Writer
	errOut  io.Writer
	outMu   sync.Mutex
	modes   map[string]bool
	script  []string
	think   time.Duration
	overrun time.Duration
	name    string
	pos     *shogi.Position
	// The running search.
	stop     chan struct{}
	searchWG sync.WaitGroup
}

// Run runs the fake engine: it reads commands from in and writes answers to out until
// quit or the end of in, and returns the exit status. Flags: -mode (see the mode
// constants), -script (moves by ply, separated by spaces: the engine plays the move of
// the position's ply; "resign" and "win" may stand for a move; past the end it plays as
// usual), -think (how long a search lasts unless stopped; 0 by default), -overrun (with
// the use-time mode, how much longer than the time it is given a search lasts; may be
// negative) and -name.
func Run(args []string, in io.Reader, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("fakeengine", flag.ContinueOnError)
	fs.SetOutput(errOut)
	mode := fs.String("mode", "", "misbehaviours, separated by commas")
	script := fs.String("script", "", "moves by ply")
	think := fs.Duration("think", 0, "how long a search lasts unless stopped")
	overrun := fs.Duration("overrun", 0, "with -mode use-time, how long after the time it was given a search ends")
	name := fs.String("name", "FakeEngine", "the engine's name")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	e := &engine{out: out, errOut: errOut, modes: map[string]bool{}, script: strings.Fields(*script),
		think: *think, overrun: *overrun, name: *name, pos: shogi.NewStartPosition()}
	for _, m := range strings.Split(*mode, ",") {
		if m != "" {
			e.modes[m] = true
		}
	}
	if e.modes[DieAtStart] {
		fmt.Fprintln(errOut, "fake engine: dying at start")
		return 1
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		if quit := e.command(sc.Text()); quit {
			break
		}
	}
	e.stopSearch()
	if e.modes[IgnoreQuit] {
		time.Sleep(time.Hour) // nor does it leave at the end of its input
	}
	return 0
}

func (e *engine) println(format string, args ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format+"\n", args...)
}

func (e *engine) garbage() {
	if e.modes[Garbage] {
		e.println("\x00\xff\xfe junk \x1b[31m")
		e.println("Some engine banner, not a command")
	}
}

// command handles one line and reports whether the engine should end.
func (e *engine) command(line string) bool {
	word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	switch word {
	case "usi":
		if e.modes[NoUSIOK] {
			return false
		}
		e.garbage()
		e.println("id name %s", e.name)
		e.println("id author kifu-go tests")
		e.println("option name USI_Hash type spin default 16 min 1 max 1024")
		e.println("option name Threads type spin default 1 min 1 max 8")
		e.println("option name Ponder type check default false")
		e.println("option name Style type combo default Normal var Solid var Normal var Risky")
		e.println("option name Book File type string default <empty>")
		e.println("option name EvalDir type filename default eval")
		e.println("option name Clear Hash type button")
		if e.modes[BadOption] {
			e.println("option name Broken type spin default x min 1 max 2")
		}
		e.println("usiok")
	case "isready":
		if e.modes[NoReadyOK] {
			return false
		}
		e.stopSearch()
		e.garbage()
		if e.modes[OutOfOrder] {
			e.println("bestmove 7g7f")
		}
		e.println("readyok")
	case "setoption", "usinewgame", "gameover":
	case "position":
		e.stopSearch()
		p, err := sfen.ParsePosition(rest)
		if err != nil {
			fmt.Fprintln(e.errOut, "fake engine:", err)
			return false
		}
		e.pos = p
	case "go":
		e.stopSearch()
		e.goCommand(strings.Fields(rest))
	case "stop":
		if e.modes[Hang] || e.modes[IgnoreStop] {
			return false
		}
		if e.modes[StopAnswersLate] {
			time.Sleep(200 * time.Millisecond)
		}
		e.stopSearch()
	case "ponderhit":
	case "quit":
		if e.modes[IgnoreQuit] {
			return false
		}
		return true
	}
	return false
}

// stopSearch stops the running search, which answers, and waits for it.
func (e *engine) stopSearch() {
	if e.stop != nil {
		close(e.stop)
		e.stop = nil
	}
	e.searchWG.Wait()
}

// goCommand starts a search on its own goroutine, so that stop can end it.
func (e *engine) goCommand(args []string) {
	mate := len(args) > 0 && args[0] == "mate"
	infinite, ponder := false, false
	for _, a := range args {
		switch a {
		case "infinite":
			infinite = true
		case "ponder":
			ponder = true
		}
	}
	if e.modes[Hang] {
		return
	}
	if e.modes[DieInSearch] {
		e.println("info depth 1 score cp 0 pv %s", e.choose())
		fmt.Fprintln(e.errOut, "fake engine: dying in the middle of a search")
		os.Stdout.Sync()
		os.Exit(3)
	}
	if e.modes[FloodLine] {
		e.outMu.Lock()
		chunk := strings.Repeat("x", 1<<16)
		for range 16 {
			io.WriteString(e.out, chunk)
		}
		e.outMu.Unlock()
		return
	}
	if e.modes[Book] && !mate {
		best := e.choose()
		if best == "" {
			best = "resign"
		}
		e.println("bestmove %s", best)
		return
	}
	think := e.think
	if e.modes[UseTime] {
		think = max(givenTime(args, e.pos.SideToMove())+e.overrun, 0)
	}
	stop := make(chan struct{})
	e.stop = stop
	pos := e.pos.Clone()
	e.searchWG.Add(1)
	go func() {
		defer e.searchWG.Done()
		if mate {
			e.mateSearch(pos, stop, args)
			return
		}
		e.search(pos, stop, infinite || ponder, think)
	}()
}

// search answers go on pos: info lines, then the best move, after -think or at stop
// (at once when neither applies and the search is not infinite).
func (e *engine) search(pos *shogi.Position, stop chan struct{}, untilStop bool, think time.Duration) {
	e.garbage()
	best := e.chooseIn(pos)
	if e.modes[GarbledInfo] {
		e.println("info depth x score cp 10")
	}
	if best != "" && best != "resign" && best != "win" {
		pv := best
		if m, err := sfen.ParseMove(pos, best); err == nil {
			q := pos.Clone()
			q.PlayUnchecked(m)
			if reply := firstLegal(q); reply != shogi.NoMove {
				pv += " " + reply.String()
			}
		}
		if e.modes[IllegalPV] {
			pv = best + " 5e5d"
		}
		e.println("info depth 1 seldepth 2 multipv 1 score cp %d nodes 100 nps 1000 time 1 pv %s", int(pos.Hash()%200)-100, pv)
		e.println("info depth 2 currmove %s currmovenumber 1", best)
		e.println("info string fake engine thinking")
	}
	if e.modes[Flood] {
		for i := 0; ; i++ {
			select {
			case <-stop:
				e.println("bestmove %s", best)
				return
			default:
			}
			e.println("info depth %d nodes %d score cp %d pv %s", i%64+1, i, i%100, best)
		}
	}
	switch {
	case untilStop:
		<-stop
	case think > 0:
		select {
		case <-stop:
		case <-time.After(think):
		}
	}
	switch {
	case e.modes[IllegalMove]:
		best = illegalMove(pos)
	case e.modes[MalformedMove]:
		best = "7z7f"
	case e.modes[Resign]:
		best = "resign"
	case e.modes[Declare]:
		best = "win"
	}
	if best == "" {
		best = "resign"
	}
	if ponder := e.ponderMove(pos, best); ponder != "" {
		e.println("bestmove %s ponder %s", best, ponder)
		return
	}
	e.println("bestmove %s", best)
}

// givenTime returns the time a go command's arguments give side: its time and the
// byoyomi.
func givenTime(args []string, side shogi.Color) time.Duration {
	own := "btime"
	if side == shogi.White {
		own = "wtime"
	}
	var d time.Duration
	for i := 0; i+1 < len(args); i++ {
		if args[i] == own || args[i] == "byoyomi" {
			if ms, err := strconv.Atoi(args[i+1]); err == nil {
				d += time.Duration(ms) * time.Millisecond
			}
		}
	}
	return d
}

// ponderMove returns the first legal reply to best, or "".
func (e *engine) ponderMove(pos *shogi.Position, best string) string {
	m, err := sfen.ParseMove(pos, best)
	if err != nil {
		return ""
	}
	q := pos.Clone()
	q.PlayUnchecked(m)
	if r := firstLegal(q); r != shogi.NoMove {
		return r.String()
	}
	return ""
}

// mateSearch answers go mate: the script's moves from the position's ply (a mate the
// test knows), nomate, a false mate, or a UCI-style bestmove.
func (e *engine) mateSearch(pos *shogi.Position, stop chan struct{}, args []string) {
	if len(args) > 1 && args[1] == "infinite" || e.think > 0 {
		select {
		case <-stop:
			e.println("checkmate timeout")
			return
		case <-time.After(max(e.think, time.Millisecond)):
		}
	}
	switch {
	case e.modes[NoMateMode]:
		e.println("checkmate nomate")
	case e.modes[UnknownMate]:
		e.println("checkmate none")
	case e.modes[FalseMate]:
		m := firstLegal(pos)
		e.println("checkmate %s", m)
	case e.modes[UCIMate]:
		e.println("info depth 1 score mate 1 pv %s", strings.Join(e.script, " "))
		e.println("bestmove %s", e.script[0])
	default:
		if len(e.script) == 0 {
			e.println("checkmate notimplemented")
			return
		}
		e.println("checkmate %s", strings.Join(e.script, " "))
	}
}

// choose returns the move for the current position.
func (e *engine) choose() string { return e.chooseIn(e.pos) }

// chooseIn returns the script's move for the position's ply, or a legal move picked by
// the position's hash ("" when there is none).
func (e *engine) chooseIn(pos *shogi.Position) string {
	if ply := pos.Ply(); ply < len(e.script) {
		return e.script[ply]
	}
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return ""
	}
	return moves[pos.Hash()%uint64(len(moves))].String()
}

func firstLegal(p *shogi.Position) shogi.Move {
	for m := range p.AllLegalMoves() {
		return m
	}
	return shogi.NoMove
}

// illegalMove returns a move that is not legal in p: a move of the opponent's piece, or
// of a piece from an empty square.
func illegalMove(p *shogi.Position) string {
	for from := 1; from <= shogi.NumSquares; from++ {
		for to := 1; to <= shogi.NumSquares; to++ {
			m := shogi.NewMove(shogi.Square(from), shogi.Square(to), false)
			if m.IsValid() && p.CheckMove(m) != nil {
				return m.String()
			}
		}
	}
	return "1a1b"
}
