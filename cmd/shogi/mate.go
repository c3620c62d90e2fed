package main

// shogi mate: a mate search by checks (tsume) on one position, with the solver of
// package tsume.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/internal/english"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/tsume"
)

func init() {
	commands["mate"] = command{
		summary: "search a position for a mate by checks (tsume): the answer and its line",
		usage: "shogi mate [-sfen SFEN | -handicap NAME | [-record N] [-ply N] [-max-record-size SIZE] RECORD] [-rest] [-time D]\n" +
			"       [-nodes N] [-hash MB] [-shortest | -any] [-futile free|moves|drops|none]\n" +
			"       [-leftover avoid|ignore] [-json] [-style NAME]",
		run: runMate,
	}
}

// mateHelp says what mate shows while it searches and what its exit statuses mean, in
// place of the statuses common to the commands that check records (exitStatusHelp),
// which speak only of records.
const mateHelp = `While it searches, on a terminal only, a line on standard error says how the search
goes (nodes, line nodes, rate, time, what is proven of the tsume length), cleared before the
answer.
Exit status of mate: 0 a mate found (with -shortest: and its line proven of the tsume
length); 1 no mate, a search a limit stopped (unknown), a position that is no problem (the
side not to move has no king, or is in check) or a record that is invalid; 2 a usage error,
an -sfen that does not parse, -ply or -record past the record's end, an input that cannot be
read, an interruption, a search the solver cannot run (code "solver"); 3 a RECORD file that
holds no record.`

// solverFlags are the flags of the mate search that mate, tsume and usi share.
type solverFlags struct {
	time     *time.Duration
	nodes    *uint64
	hash     *int
	rest     *bool
	futile   *string
	leftover *string
}

func addSolverFlags(fs *flag.FlagSet, perWhat string) *solverFlags {
	hashNote, lineNote := "", "; with -shortest, N too, none when N is 0"
	if perWhat == "each problem" {
		hashNote, lineNote = " (one table for each of the -j problems solved at once)", ""
	}
	return &solverFlags{
		time:     fs.Duration("time", 10*time.Second, "stop the search of "+perWhat+" after `D` (such as 500ms, 30s, 2m); 0: no limit"),
		nodes:    fs.Uint64("nodes", 0, "stop the mate search of "+perWhat+" after about `N` positions; 0: no limit (the tsume-line search that follows a mate has a bound of its own, "+strconv.FormatUint(tsume.DefaultLineNodes, 10)+" positions"+lineNote+")"),
		hash:     fs.Int("hash", tsume.DefaultHashBytes>>20, "memory of the solver's tables in `MB`, allocated once and never exceeded"+hashNote+", together no more than the machine's memory or, when less, the limit of the process's cgroup (a container's: cgroup v2 memory.max, v1 memory.limit_in_bytes, on Linux); the process's heap is held to the tables plus 64 MB unless GOMEMLIMIT is set"),
		rest:     fs.Bool("rest", false, "the defender holds every piece not on the board or in the attacker's hand (the tsume convention), whatever hand the position gives him"),
		futile:   fs.String("futile", "free", "interpositions the tsume line does not count (無駄合): free (a drop between the king and a distant checker that the checker takes for free), moves (as free, pieces moved to interpose too), drops (a drop the checker takes, even if it is taken back) or none (every reply counts)"),
		leftover: fs.String("leftover", "avoid", "pieces left in the attacker's hand at the end (駒余り), between lines of the tsume length: avoid (the defender chooses the line that leaves him the fewest, the attacker the one that leaves him the most) or ignore (the first line found of that length; the line is then exact in length only)"),
	}
}

// options returns the solver's options, or what is wrong with the flags; jobs solvers
// work at once, each with its table.
func (f *solverFlags) options(jobs int) (tsume.Options, string) {
	opt := tsume.Options{Time: *f.time, Nodes: *f.nodes}
	if *f.time < 0 {
		return opt, fmt.Sprintf("-time: %v; want 0 (no limit) or more", *f.time)
	}
	if msg := checkHash("-hash", *f.hash, jobs, memoryLimit()); msg != "" {
		return opt, msg
	}
	opt.HashBytes = *f.hash << 20
	futile, err := tsume.ParseFutile(*f.futile)
	if err != nil {
		return opt, fmt.Sprintf("-futile: %q; want free, moves, drops or none", *f.futile)
	}
	opt.Futile = futile
	leftover, err := tsume.ParseLeftover(*f.leftover)
	if err != nil {
		return opt, fmt.Sprintf("-leftover: %q; want avoid or ignore", *f.leftover)
	}
	opt.Leftover = leftover
	return opt, ""
}

// problem returns the position p as the problem to solve: with -rest, the defender
// holds the pieces that are nowhere else.
func (f *solverFlags) problem(p *shogi.Position) (*shogi.Position, error) {
	if !*f.rest {
		return p, nil
	}
	return tsume.DefenderHoldsRest(p)
}

// readStart returns the start a record's moves are read from (record.Reader's
// AdjustStart): with -rest, the problem, so that the defender's drops of pieces the
// file does not give him read (they are illegal from the file's start); nil without.
func (f *solverFlags) readStart() func(*shogi.Position) (*shogi.Position, error) {
	if !*f.rest {
		return nil
	}
	return restStart
}

// restStart is the start of a record read with -rest: the defender holds the pieces
// that are nowhere else. A start that cannot be a problem is left as the file gives it,
// for problem to refuse it as it refuses any other position (solverErrorCode codes it).
func restStart(p *shogi.Position) (*shogi.Position, error) {
	q, err := tsume.DefenderHoldsRest(p)
	if err != nil {
		return p, nil
	}
	return q, nil
}

// runMate searches one position for a mate. Exit status: 0 when a mate was found (with
// -shortest: and its line is proven of the tsume length), 1 when there is no mate, when a limit
// stopped the search first (unknown), or when the position is no problem (the side not
// to move has no king, or is in check) or the record is invalid; 2 for a usage error, an
// SFEN that does not parse, an input that cannot be read, -record or -ply past the
// record's end, an interruption, or a search the solver cannot run; 3 when the RECORD
// file holds no record (nothing checked). With -json, every run that is no usage error
// prints one object, a refused input included (refusalJSON).
func runMate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("mate", stderr)
	withStatusHelp(fs, mateHelp)
	sfenText := fs.String("sfen", "", "search the position of an `SFEN` (composed positions allowed)")
	handicapName := fs.String("handicap", "", "search the start of a handicap, by any of its names")
	recordIndex := fs.Int("record", 1, "with RECORD: the `N`-th record of a file of several")
	ply := fs.Int("ply", 0, "with RECORD: the position after `N` moves of the main line (default: its start, the problem of a tsume record)")
	maxRecord := addMaxRecordSize(fs)
	sf := addSolverFlags(fs, "the position")
	fs.Lookup("rest").Usage += "; with RECORD, the record's moves are read from its start where he holds them, so that his drops of pieces the file does not give him read, and -ply N is the position after N of those moves (after an odd N he is to move, with what he holds of them then)"
	shortest := fs.Bool("shortest", false, "insist on the exact tsume line: its search is bounded by -time and -nodes only, and the exit status is 1 unless the line is proven of the tsume length")
	anyMate := fs.Bool("any", false, "answer the first mate found, without searching for the tsume line (the shortest mate against the longest defence)")
	asJSON := fs.Bool("json", false, "print the answer as one JSON object: {\"path\", \"record\", \"sfen\", \"result\": \"mate\", \"no-mate\" or \"unknown\", …}; "+
		"when no search ran, an object whose result is tsume's status (\"invalid\": the record or position is refused, \"io-error\", \"skipped\": no record, with \"skipped\" saying why) with \"error\", \"code\" (not for skipped) and, when known, \"line\", \"column\", \"ply\" (not for usage errors)")
	style := addLineStyle(fs)
	// Flags may come after RECORD as well: "shogi mate problem.kif -time 1m".
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
	opt, msg := sf.options(1)
	defer holdHeap(int64(opt.HashBytes))()
	out, styleMsg := lineStyle(*style)
	_, handicapOK := handicap.Lookup(*handicapName)
	switch {
	case msg != "":
		return usageError(fs, stderr, msg)
	case styleMsg != "":
		return usageError(fs, stderr, styleMsg)
	case *shortest && *anyMate:
		return usageError(fs, stderr, "-shortest and -any exclude each other")
	case len(positional) > 1:
		return usageError(fs, stderr, "mate searches one RECORD")
	case *sfenText != "" && *handicapName != "" || len(positional) > 0 && (*sfenText != "" || *handicapName != ""):
		return usageError(fs, stderr, "-sfen, -handicap and RECORD exclude each other")
	case len(positional) == 0 && *sfenText == "" && *handicapName == "":
		return usageError(fs, stderr, "no position: give -sfen SFEN, -handicap NAME or a RECORD file (- for standard input)")
	case *handicapName != "" && !handicapOK:
		return usageError(fs, stderr, fmt.Sprintf("-handicap: unknown handicap %q", *handicapName))
	case len(positional) == 0 && (flagSet(fs, "ply") || flagSet(fs, "record")):
		return usageError(fs, stderr, "-ply and -record go with RECORD")
	case *recordIndex < 1:
		return usageError(fs, stderr, fmt.Sprintf("-record: %d; want 1 or more", *recordIndex))
	case *ply < 0:
		return usageError(fs, stderr, fmt.Sprintf("-ply: %d; want 0 or more", *ply))
	}
	opt.AnyMate = *anyMate
	if *shortest {
		// The line search is bounded by the node limit, if any, and the time.
		opt.LineNodes = math.MaxUint64
		if *sf.nodes > 0 {
			opt.LineNodes = *sf.nodes
		}
	}

	var in mateInput
	if len(positional) == 1 {
		in = mateInput{source: positional[0], record: *recordIndex}
	}
	// The moves read from the problem, its defender's drops included, whatever -ply:
	// the record is the problem's, and the moves after -ply are read too. Every piece is
	// then on the board or in a hand (unless restStart left the start as it was), so
	// that -rest gives no one more at -ply, odd or even. Read as the file gives it, an
	// odd -ply failed on a drop of the defender's after it and gave him nothing before
	// it, where -rest then gave the rest to the start's attacker.
	ropt := readOptions{maxRecordBytes: int64(*maxRecord), adjustStart: sf.readStart()}
	p, ref := in.position(*sfenText, *handicapName, *ply, ropt, stdin)
	if ref == nil {
		// With -rest, the problem; the position given when it cannot be one.
		if q, err := sf.problem(p); err != nil {
			ref = solverRefusal(err, &in)
		} else {
			p = q
		}
	}
	var r tsume.Result
	interrupted := false
	if ref == nil {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		var err error
		// A line on a terminal says how the search goes, cleared before anything more
		// is written (the answer, a note, an error).
		status := startSearchStatus(stderr, &opt)
		r, err = tsume.Solve(ctx, p, opt)
		status.finish()
		if err != nil {
			ref = solverRefusal(err, &in)
		} else if *handicapName == "" && *ply == 0 && !*sf.rest {
			// A problem's start (not a handicap's, nor a position of a game).
			if note := unheldNote(p); note != "" {
				fmt.Fprintln(stderr, "shogi mate:", note)
			}
		}
		// An interruption of the tsume-line search leaves a mate (the proof's line)
		// with no Stop: it is an interruption all the same.
		interrupted = ctx.Err() != nil
	}
	if ref != nil {
		// No search: the error, and with -json an object that says it.
		fmt.Fprintln(stderr, "shogi mate:", ref.message())
		if *asJSON {
			if line, err := in.refusalJSON(p, ref); !writeMateJSON(stdout, stderr, line, err) {
				return 2
			}
		}
		return ref.status
	}
	if *asJSON {
		if line, err := in.resultJSON(p, r); !writeMateJSON(stdout, stderr, line, err) {
			return 2
		}
	} else {
		text, err := mateText(p, r, out, opt.Leftover)
		if err != nil {
			fmt.Fprintln(stderr, "shogi mate:", err)
			return 1
		}
		if _, err := io.WriteString(stdout, text); err != nil {
			fmt.Fprintln(stderr, "shogi mate:", err)
			return 2
		}
	}
	fmt.Fprintf(stderr, "%s, %s, %.2fs\n", plural(int(r.Nodes), "node"), plural(int(r.LineNodes), "line node"), r.Time.Seconds())
	switch {
	case r.Stop == tsume.StopCanceled || interrupted:
		fmt.Fprintln(stderr, "shogi mate: interrupted")
		return 2
	case r.Status != tsume.Mate:
		return 1
	case *shortest && ((r.Line != tsume.LineTsume && r.Line != tsume.LineLength) || r.Undecided > 0):
		fmt.Fprintln(stderr, "shogi mate: -shortest: the line found is not proven the tsume length within the limits")
		return 1
	}
	return 0
}

// unheldNote says, of a problem whose defender (the side not to move) holds nothing
// while pieces are in no one's hand (a record that lists only the attacker's hand),
// that the tsume convention (-rest) gives him those; "" for any other problem.
func unheldNote(p *shogi.Position) string {
	switch n := unheldPieces(p); n {
	case 0:
		return ""
	case 1:
		return "the defender holds no piece in hand while 1 piece is in no one's; tsume problems give him that (-rest)"
	default:
		return fmt.Sprintf("the defender holds no piece in hand while %d pieces are in no one's; tsume problems give him those (-rest)", n)
	}
}

// unheldPieces returns the number of pieces that are neither on the board nor in a
// hand when the defender (the side not to move) holds none, and p is not the start of
// a handicap (whose pieces taken off are out of play); 0 otherwise.
func unheldPieces(p *shogi.Position) int {
	def := p.SideToMove().Opponent()
	if !p.Hand(def).IsEmpty() {
		return 0
	}
	if _, ok := handicap.Identify(p); ok {
		return 0
	}
	q, err := tsume.DefenderHoldsRest(p)
	if err != nil {
		return 0
	}
	return q.Hand(def).Total()
}

// mateText is the text form of a search's answer: "mate in 3: 1.☗5三銀打 2.☖4一玉
// 3.☗4二金 4.詰み", "no mate" or "unknown (time-limit)", then a line for each thing
// to know about the line: it is not the tsume line, the tsume line may be shorter, pieces
// are left.
func mateText(p *shogi.Position, r tsume.Result, style notation.Notation, leftover tsume.Leftover) (string, error) {
	first, err := resultText(p, r, style)
	if err != nil || r.Status != tsume.Mate {
		return first + "\n", err
	}
	var b strings.Builder
	b.WriteString(first)
	b.WriteByte('\n')
	switch r.Line {
	case tsume.LineProof:
		b.WriteString("\tnot proven the tsume line (-any, or its search stopped at a limit): a mate, not necessarily the shortest nor the longest defence\n")
		if t := tsumeLength(r.MaxLength, r.MinLength); t != "" {
			fmt.Fprintf(&b, "\tproven: %s\n", t)
		}
	case tsume.LineLength:
		// The tie-break (PreferNoLeftover) was not asked for, or a limit stopped it.
		if leftover == tsume.IgnoreLeftover {
			b.WriteString("\tthe tsume length, exact; between lines of that length, the first found (-leftover ignore), not chosen by the pieces left in hand (駒余り)\n")
		} else {
			b.WriteString("\tthe tsume length, exact; between lines of that length, the tie-break on the pieces left in hand (駒余り) did not finish within the limits\n")
		}
	case tsume.LineNone:
		b.WriteString("\tno line: the table was too small to keep the proof (raise -hash)\n")
	}
	switch {
	case r.Undecided > 0 && r.MinLength > 0 && r.MinLength == len(r.Moves):
		// The bounds below the length rest on no such test (tsume.Result.MinLength):
		// they bear only on the choice between lines of that length.
		fmt.Fprintf(&b, "\t%s not decided futile or not, counted as replies: the length is exact, but between lines of that length the choice (駒余り) may differ\n", plural(r.Undecided, "interposition"))
	case r.Undecided > 0:
		// Counted as replies, they can only lengthen the line: the tsume line may be
		// shorter than the one found, never longer (tsume.Result.Undecided).
		fmt.Fprintf(&b, "\t%s not decided futile or not, counted as replies: the tsume line may be shorter\n", plural(r.Undecided, "interposition"))
	}
	if !r.Left.IsEmpty() {
		fmt.Fprintf(&b, "\tthe attacker holds %s at the end (駒余り)\n", r.Left)
	}
	return b.String(), nil
}

// writeMateJSON writes a JSON line to stdout, unless err says it could not be made, and
// reports either error on stderr; it returns whether all went well.
func writeMateJSON(stdout, stderr io.Writer, line []byte, err error) bool {
	if err == nil {
		_, err = stdout.Write(line)
	}
	if err != nil {
		fmt.Fprintln(stderr, "shogi mate:", err)
		return false
	}
	return true
}

// mateInput is where the position of shogi mate comes from: a RECORD (source, the
// record's index in it), or -sfen or -handicap (source ""); label names it before an
// error about the position, once position has found it: "problem.kif",
// "problems.usi#3" (recordLabel), "-sfen" or "-handicap".
type mateInput struct {
	source string
	record int
	label  string
}

// position returns the position to search: the RECORD's after ply moves, or the -sfen
// or -handicap position; or why there is none.
func (in *mateInput) position(sfenText, handicapName string, ply int, opt readOptions, stdin io.Reader) (*shogi.Position, *refusal) {
	if in.source == "" {
		in.label = "-handicap"
		if sfenText != "" {
			in.label = "-sfen"
		}
		p, err := boardPosition(sfenText, handicapName)
		if err != nil {
			// Usage (exit 2) like any flag that does not parse, but the position is the
			// input here: an object says it too.
			return nil, &refusal{status: 2, kind: tsumeInvalid, code: "syntax", err: err, label: in.label}
		}
		return p, nil
	}
	path := in.source
	rec, label, ref := recordAt(path, in.record, opt, stdin)
	if ref != nil {
		return nil, ref
	}
	in.label = label
	p, err := rec.StartPosition()
	if err != nil {
		return nil, solverRefusal(err, in)
	}
	moves := rec.Moves()
	if ply > len(moves) {
		return nil, &refusal{status: 2, kind: tsumeInvalid, code: "ply-past-end", path: path, record: in.record,
			err: fmt.Errorf("-ply %d: the main line of %s has %s", ply, path, plural(len(moves), "move"))}
	}
	for _, m := range moves[:ply] {
		if err := p.Play(m); err != nil {
			code := "illegal-move"
			if f, ok := shogi.FoulOf(err); ok {
				code = f.Code()
			}
			return nil, &refusal{status: 1, kind: tsumeInvalid, code: code, err: err, path: path, label: label, record: in.record}
		}
	}
	return p, nil
}

// mateHead is what the JSON objects of shogi mate begin with: the input (RECORD and the
// record's index in it, none for -sfen and -handicap) and the problem's SFEN.
type mateHead struct {
	Path   string `json:"path,omitempty"`
	Record int    `json:"record,omitempty"`
	SFEN   string `json:"sfen,omitempty"`
}

func (in mateInput) head(p *shogi.Position) mateHead {
	h := mateHead{Path: in.source, Record: in.record}
	if p != nil {
		h.SFEN = p.String()
	}
	return h
}

// resultJSON is the JSON form of a search's answer, one line: the head (the problem's
// SFEN, and the input it came from, if any), then the fields of tsume.Result's JSON.
func (in mateInput) resultJSON(p *shogi.Position, r tsume.Result) ([]byte, error) {
	res, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	line, err := json.Marshal(in.head(p))
	if err != nil {
		return nil, err
	}
	line = append(line[:len(line)-1], ',')
	line = append(line, res[1:]...)
	return append(line, '\n'), nil
}

// refusalJSON is the JSON form of a search that did not run, one line, with the fields
// of shogi tsume's verdict on such an input: {"path", "record" (when the refusal is
// about one), "sfen" (the position refused, when there is one), "result": "invalid",
// "io-error" or "skipped", "skipped" (why), "error", "code", "line", "column", "ply"};
// "error" and "code" are left out for "skipped", and the place where not known.
func (in mateInput) refusalJSON(p *shogi.Position, ref *refusal) ([]byte, error) {
	obj := struct {
		mateHead
		Result string `json:"result"`
		refused
	}{mateHead: in.head(p), Result: ref.kind, refused: refused{Code: ref.code, Error: placedText(ref.err)}}
	// The record the refusal is about, none for a file that holds none or cannot be
	// opened (as validate and tsume give them), where it said "record": 1.
	obj.Record = ref.record
	var (
		re  *record.Error
		se  *sfen.SyntaxError
		ime *shogi.IllegalMoveError
	)
	switch {
	case ref.kind == tsumeSkipped:
		obj.Skipped, obj.Error, obj.Code = noRecord, "", ""
	case errors.As(ref.err, &re):
		// As tsume's verdicts and validate's reports give it: the error with its place
		// first (placedText), the place in fields of its own besides.
		obj.Line, obj.Column, obj.Ply = re.Line, re.Column, re.Ply
	case errors.As(ref.err, &se):
		obj.Column = se.Column
	case errors.As(ref.err, &ime):
		obj.Ply = ime.Ply
	}
	line, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	return append(line, '\n'), nil
}

// plural returns "1 move", "2 moves", as shogi-beam's summary says them.
func plural(n int, noun string) string { return english.Count(n, noun) }
