package main

// shogi tsume: every record of a collection verified as a tsume problem, its start
// position the problem and its main line the recorded solution (tsume.Solver.Verify).

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/errcode"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/tsume"
)

func init() {
	commands["tsume"] = command{
		summary: "verify tsume problems: each record's start as the problem, its main line as the solution",
		usage: "shogi tsume [-json] [-q] [-rest] [-time D] [-nodes N] [-hash MB] [-futile free|moves|drops|none] [-leftover avoid|ignore]\n" +
			"       [-style NAME] [-lenient] [-from FMT] [-j N] [-files-from FILE [-0]] [-max-record-size SIZE] [PATH…]",
		run: runTsume,
	}
}

// tsumeHelp says what tsume's exit statuses mean, in the terms of its verdicts.
const tsumeHelp = `Verifies each record as a problem: its start position the problem, its main line the
recorded solution (none: the problem is solved). Exit status of tsume: 0 every problem correct
(or solved); 1 a problem wrong, undecided or invalid; 2 a usage error, an input that cannot be
read, an interruption, a problem the solver cannot search (code "solver"); 3 no problem in the
inputs.`

// The statuses of a verdict on a problem.
const (
	tsumeCorrect   = "correct"   // the recorded line is a tsume line (an alternative last move tolerated)
	tsumeSolved    = "solved"    // no line recorded; the problem has a mate, whose tsume line is given
	tsumeWrong     = "wrong"     // the recorded line is flawed, or the problem has no mate
	tsumeUndecided = "undecided" // a limit stopped the search before a question was answered
	tsumeInvalid   = "invalid"   // the record cannot be read, or its start is no problem
	tsumeIOError   = "io-error"  // the input cannot be read
	tsumeSkipped   = "skipped"   // the input was passed over
)

// tsumeVerdict is the verdict on one problem (or an input that could not be read, or a
// file passed over), as the command prints it: one line of JSON, or text.
type tsumeVerdict struct {
	Path   string `json:"path"`
	Record int    `json:"record,omitempty"`
	Format string `json:"format,omitempty"`
	Status string `json:"status"`
	refused
	// SFEN is the problem; Recorded the plies of the recorded solution; Length the
	// tsume length as far as it is proven: the length of the solver's line when it is
	// of the tsume length, or of the recorded line when that is verified correct; 0
	// without a mate, or when the limits left the length unsettled (the line is then
	// the proof's, and the result's min_length and max_length bound the length).
	SFEN     string `json:"sfen,omitempty"`
	Recorded int    `json:"recorded"`
	Length   int    `json:"length"`
	// Findings are the flaws of the recorded solution, in the order of the line, in
	// tsume.Finding's JSON (as tsume.Verification's).
	Findings []tsume.Finding `json:"findings"`
	// Warnings are what a lenient read (-lenient) passed over in the record, as
	// validate's report lists them: a solution cut short by a move that does not read
	// is then verified as far as it reads, and the warning says why it stops.
	Warnings []record.ReportProblem `json:"warnings,omitempty"`
	// Result is the solver's answer on the problem.
	Result *tsume.Result `json:"result,omitempty"`
	// unheld: the defender of the problem held nothing while pieces were in no one's
	// hand (unheldPieces), which -rest gives him.
	unheld bool
	// failed: the solver could not search, for no fault of the problem's (code
	// "solver"): the run's exit status is 2, as for an input that cannot be read.
	failed bool
	// problem and moves are the problem and its recorded solution, from which the text
	// writes the moves in -style.
	problem *shogi.Position
	moves   []shogi.Move
}

// refused says why an input was passed over or refused, in the JSON of shogi tsume's
// verdicts and of shogi mate's answers alike: Skipped why a file was passed over; Error
// and Code why a record could not be read or searched (the code of record.Error, or
// solverErrorCode's for an error of the solver or of the start: "no-problem" for a start
// that is no problem, "syntax" for one the rules refuse, "solver" for a search the solver
// could not run), with its place when known. Error is validate's (record.Report's): the
// place first, then what is wrong ("line 4, column 6: malformed move …"), so that one jq
// filter reads the "error" of the three commands; Line, Column and Ply give the place
// again for programs.
type refused struct {
	Skipped string `json:"skipped,omitempty"`
	Error   string `json:"error,omitempty"`
	Code    string `json:"code,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Ply     int    `json:"ply,omitempty"`
}

func runTsume(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("tsume", stderr)
	withStatusHelp(fs, tsumeHelp)
	asJSON := fs.Bool("json", false, "print one JSON object per problem (JSON Lines), whose \"status\" is correct, solved, wrong, undecided, invalid, io-error or skipped, and whose \"findings\" name each flaw by its code (the README lists the fields)")
	quiet := fs.Bool("q", false, "print nothing but the summary; the exit status tells")
	sf := addSolverFlags(fs, "each problem")
	style := addLineStyle(fs)
	rf := addReadFlags(fs)
	fs.Lookup("j").Usage = "number of problems verified at once (of one input or several), each with its -hash table"
	fs.Lookup("rest").Usage += "; each record's moves are read from that start, so that his drops of pieces the file does not give him read"
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	opt, msg := sf.options(max(1, min(*rf.jobs, maxJobs())))
	out, styleMsg := lineStyle(*style)
	if msg == "" {
		msg = styleMsg
	}
	if msg == "" {
		msg = rf.check(fs.Args())
	}
	if msg != "" {
		return usageError(fs, stderr, msg)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// One solver per job, each with its table of -hash MB, made when first needed and
	// reused; the problems of one input are verified in parallel too (tsume_jobs.go).
	jobs := newTsumeJobs(ctx, sf, opt, max(1, min(*rf.jobs, maxJobs())))
	prog := newProgress(stderr)
	jobs.showSearches(prog)
	var line []byte
	var problems, files, skipped, unheld int
	counts := map[string]int{}
	ioFailed := false
	start := time.Now()
	results := pipeline(inputList(fs.Args(), *rf.filesFrom, *rf.nul, stdin), *rf.jobs, int64(*rf.maxRecord), func(e input, emit func(tsumeVerdict)) {
		tsumeEntry(ctx, e, stdin, rf, sf, jobs, emit)
	})
	// After the pipeline has taken its memory budget for the inputs: the heap is held to
	// the tables of the solvers at work, one a job.
	defer holdHeap(int64(max(1, min(*rf.jobs, maxJobs()))) * int64(opt.HashBytes))()
	for v := range results {
		if ctx.Err() != nil {
			prog.finish()
			fmt.Fprintln(stderr, "shogi tsume: interrupted")
			return 2
		}
		switch v.Status {
		case tsumeSkipped:
			skipped++
		case tsumeIOError:
			ioFailed = true
			files++
		default:
			if v.Record <= 1 {
				files++
			}
			problems++
			counts[v.Status]++
			ioFailed = ioFailed || v.failed
			if v.unheld {
				unheld++
			}
			prog.add(v.Status == tsumeCorrect || v.Status == tsumeSolved)
		}
		if *quiet {
			continue
		}
		var err error
		prog.print(func() {
			if *asJSON {
				line, err = v.appendJSON(line[:0])
				if err == nil {
					_, err = stdout.Write(line)
				}
			} else {
				_, err = fmt.Fprintln(stdout, v.text(out))
			}
		})
		if err != nil {
			prog.finish()
			fmt.Fprintln(stderr, "shogi tsume:", err)
			return 2
		}
	}
	prog.finish()
	fmt.Fprintf(stderr, "%s in %s: %d correct, %d solved, %d wrong, %d undecided, %d invalid; %s (%.2fs)\n",
		plural(problems, "problem"), plural(files, "input"), counts[tsumeCorrect], counts[tsumeSolved], counts[tsumeWrong],
		counts[tsumeUndecided], counts[tsumeInvalid], skippedFiles(skipped), time.Since(start).Seconds())
	if unheld > 0 {
		fmt.Fprintf(stderr, "shogi tsume: %s: the defender holds no piece in hand while pieces are in no one's; tsume problems give him those (-rest)\n", plural(unheld, "problem"))
	}
	// Like validate's: 2 when an input could not be read (or a problem could not be
	// searched, code "solver"), 1 when a problem is not correct (wrong, undecided or
	// invalid), 3 when no problem was found, else 0.
	return nothingChecked(exitStatus(ioFailed, problems-counts[tsumeCorrect]-counts[tsumeSolved]), problems, "tsume", stderr)
}

// tsumeEntry verifies every record of one input, each on a solver of jobs, and emits
// the verdicts in the input's order.
func tsumeEntry(ctx context.Context, e input, stdin io.Reader, rf *readFlags, sf *solverFlags, jobs *tsumeJobs, emit func(tsumeVerdict)) {
	switch {
	case e.Err != nil:
		emit(tsumeVerdict{Path: e.Path, Status: tsumeIOError, refused: refused{Error: e.Err.Error(), Code: "io"}})
		return
	case e.Skipped != "":
		emit(tsumeVerdict{Path: e.Path, Status: tsumeSkipped, refused: refused{Skipped: e.Skipped}})
		return
	}
	r, closeInput, err := openTsumeInput(e, stdin, rf, sf)
	if err != nil {
		emit(tsumeVerdict{Path: e.Path, Status: tsumeIOError, refused: refused{Error: err.Error(), Code: "io"}})
		return
	}
	defer closeInput()
	out := &inOrder{emit: emit, window: jobs.window}
	n := 0
	for {
		if ctx.Err() != nil {
			out.flush(false)
			return
		}
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		n++
		src := r.Source()
		tv := tsumeVerdict{Path: e.Path, Record: src.Index, Format: src.Format.String()}
		// The record's warnings, of one that failed as well (validate lists them too).
		for _, w := range r.Warnings() {
			tv.Warnings = append(tv.Warnings, flagBound(w, int64(*rf.maxRecord)).ReportProblem())
		}
		if err != nil {
			err = flagBoundErr(err, int64(*rf.maxRecord)) // the bound by its flag
			tv.Status, tv.Error, tv.Code = tsumeInvalid, err.Error(), "syntax"
			if re, ok := err.(*record.Error); ok {
				// validate's error: the place, then the cause without its package's
				// prefix; the place in fields of its own besides.
				tv.Code, tv.Error = re.Code(), re.Detail()
				tv.Line, tv.Column, tv.Ply = re.Line, re.Column, re.Ply
				if tv.Code == "io" {
					tv.Status = tsumeIOError
				}
			}
			if tv.Record == 0 {
				tv.Record = n
			}
			out.add(ready(tv))
			if tv.Status == tsumeIOError {
				out.flush(true)
				return
			}
			continue
		}
		out.add(jobs.verify(tv, rec))
	}
	out.flush(true)
	if n == 0 {
		emit(tsumeVerdict{Path: e.Path, Status: tsumeSkipped, refused: refused{Skipped: noRecord}})
	}
}

// openTsumeInput opens one input the walk found, read as the reading flags say, each
// record's moves from the start -rest makes.
func openTsumeInput(e input, stdin io.Reader, rf *readFlags, sf *solverFlags) (*record.Reader, func(), error) {
	opt := rf.options()
	opt.adjustStart = sf.readStart()
	return openEntry(e, stdin, opt)
}

// refuse sets tv to the refusal of its problem for err, an error of the solver or of
// the record's start, coded by solverErrorCode.
func (tv *tsumeVerdict) refuse(err error) {
	code, status := solverErrorCode(err)
	tv.Status, tv.Error, tv.Code, tv.failed = tsumeInvalid, errcode.Text(err), code, status == 2
}

// verifyProblem fills the verdict on the record rec as a problem.
func verifyProblem(ctx context.Context, tv *tsumeVerdict, rec *shogi.Record, sf *solverFlags, v *tsume.Solver) {
	p, err := rec.StartPosition()
	if err == nil {
		p, err = sf.problem(p)
	}
	if err != nil {
		tv.refuse(err)
		return
	}
	tv.SFEN = p.String()
	moves := rec.Moves()
	tv.problem, tv.moves = p, moves
	tv.Recorded = len(moves)
	var findings []tsume.Finding
	var res tsume.Result
	if len(moves) == 0 {
		// No solution recorded: the problem is solved, not verified.
		res, err = v.Solve(ctx, p)
		switch res.Status {
		case tsume.NoMate:
			findings = append(findings, tsume.Finding{Flaw: tsume.FlawNoMate, Move: shogi.NoMove})
		case tsume.Unknown:
			findings = append(findings, tsume.Finding{Flaw: tsume.FlawUndecided, Move: shogi.NoMove})
		}
	} else {
		var ver tsume.Verification
		ver, err = v.Verify(ctx, p, moves)
		res, findings = ver.Result, ver.Findings
	}
	if err != nil {
		tv.refuse(err)
		return
	}
	tv.Result = &res
	tv.unheld = !*sf.rest && unheldPieces(p) > 0
	if res.Status == tsume.Mate && (res.Line == tsume.LineTsume || res.Line == tsume.LineLength) {
		tv.Length = res.Length()
	}
	tv.Findings = findings
	undecided, wrong := false, false
	for _, f := range findings {
		switch f.Flaw {
		case tsume.FlawAltLastMove:
		case tsume.FlawUndecided:
			undecided = true
		default:
			wrong = true
		}
	}
	switch {
	case wrong:
		tv.Status = tsumeWrong
	case undecided:
		tv.Status = tsumeUndecided
	case len(moves) == 0:
		tv.Status = tsumeSolved
	default:
		// Every question answered: the recorded line is of the tsume length, whatever
		// line the solver's limits left it (a proof's, LineProof).
		tv.Status = tsumeCorrect
		tv.Length = len(moves)
	}
}

// appendJSON appends the verdict as one line of JSON Lines, newline included.
func (tv tsumeVerdict) appendJSON(dst []byte) ([]byte, error) {
	if tv.Findings == nil {
		tv.Findings = []tsume.Finding{} // an array for every verdict, for jq
	}
	b, err := json.Marshal(tv)
	if err != nil {
		return dst, err
	}
	dst = append(dst, b...)
	return append(dst, '\n'), nil
}

// text is the text form, its moves in style: "path: correct; 3 moves", "path#2: wrong; 3
// moves recorded, mate in 5" with a line per finding, "path: solved; mate in 3: S*5c 5b4a
// G*4b" (in USI).
func (tv tsumeVerdict) text(style notation.Notation) string {
	var b strings.Builder
	if tv.Status == tsumeSkipped {
		fmt.Fprintf(&b, "%s: skipped (%s)", quoteName(tv.Path), escapeText(tv.Skipped))
		return b.String()
	}
	fmt.Fprintf(&b, "%s: %s", recordLabel(tv.Path, tv.Record, tv.Format), tv.Status)
	if tv.Error != "" {
		b.WriteString(": ")
		b.WriteString(escapeMessage(tv.Error, tv.Path)) // its place first, as validate's
		writeWarnings(&b, tv)
		return b.String()
	}
	switch {
	case tv.Status == tsumeSolved && tv.Length == 0:
		// The line is a mate, not the tsume line: what is proven of the length first.
		fmt.Fprintf(&b, "; %s, not the tsume line; %s", lengthBounds(tv.Result), tv.resultText(style))
	case tv.Status == tsumeSolved:
		fmt.Fprintf(&b, "; %s", tv.resultText(style))
	case tv.Recorded > 0 && tv.Result.Status == tsume.Mate && tv.Length == 0:
		fmt.Fprintf(&b, "; %s recorded, %s", plural(tv.Recorded, "move"), lengthBounds(tv.Result))
	case tv.Recorded > 0 && tv.Result.Status == tsume.Mate && tv.Length != tv.Recorded:
		fmt.Fprintf(&b, "; %s recorded, mate in %d", plural(tv.Recorded, "move"), tv.Length)
	case tv.Recorded > 0 && tv.Result.Status == tsume.Mate:
		fmt.Fprintf(&b, "; %s", plural(tv.Recorded, "move"))
	case tv.Recorded > 0:
		fmt.Fprintf(&b, "; %s recorded, %s", plural(tv.Recorded, "move"), tv.Result)
	default:
		fmt.Fprintf(&b, "; %s", tv.Result)
	}
	for _, f := range tv.Findings {
		b.WriteString("\n\t")
		b.WriteString(tv.findingText(f, style))
	}
	writeWarnings(&b, tv)
	return b.String()
}

// resultText is the solver's answer with its line in style, as mate writes it; in USI
// when the verdict has no problem to write it from.
func (tv tsumeVerdict) resultText(style notation.Notation) string {
	if tv.problem != nil {
		if text, err := resultText(tv.problem, *tv.Result, style); err == nil {
			return text
		}
	}
	return tv.Result.String()
}

// findingText is f's text, "ply 2: longer-defence 3b3a (5)", its move in style from the
// position of its ply (the recorded moves before it), never as 同; in USI when the move
// cannot be written there (an illegal recorded move).
func (tv tsumeVerdict) findingText(f tsume.Finding, style notation.Notation) string {
	if f.Move == shogi.NoMove || tv.problem == nil || f.Ply < 1 || f.Ply > len(tv.moves)+1 {
		return f.String()
	}
	p := tv.problem.Clone()
	for _, m := range tv.moves[:f.Ply-1] {
		if p.Play(m) != nil {
			return f.String()
		}
	}
	// Without the moves' history: the finding's line stands alone, where 同 (the
	// square of the move before, which the text does not show) would not say where.
	p, err := shogi.ParseSFENUnreachable(p.String())
	if err != nil {
		return f.String()
	}
	move, err := notation.Format(style, p, f.Move)
	if err != nil {
		return f.String()
	}
	return f.Text(move)
}

// writeWarnings writes the verdict's warnings after its line, one a line, as validate
// writes a record's.
func writeWarnings(b *strings.Builder, tv tsumeVerdict) {
	for _, w := range tv.Warnings {
		fmt.Fprintf(b, "\n\twarning: %s", escapeMessage(w.Message, tv.Path))
	}
}

// lengthBounds says what a search that did not settle the tsume length proved of it
// (tsumeLength): "tsume length between 13 and 21", "tsume length at most 21".
func lengthBounds(r *tsume.Result) string {
	if b := tsumeLength(r.MaxLength, r.MinLength); b != "" {
		return b
	}
	return "tsume length not settled"
}
