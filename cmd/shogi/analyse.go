package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/usi"
)

func init() {
	commands["analyse"] = command{
		summary: "annotate game records with a USI engine's evaluations",
		usage: "shogi analyse -engine PROGRAM [-arg ARG]… [-option NAME=VALUE]… [-name NAME] [-byoyomi D] [-depth N]\n" +
			"       [-nodes N] [-margin D] [-move-timeout D] [-multipv N] [-plies FROM-TO] [-to kif|ki2|csa|jkf]\n" +
			"       [-o DIR [-f] [-json]] [-j N] [-from FMT] [-max-record-size SIZE] [-log FILE] [PATH…]",
		run: runAnalyse,
	}
}

// analyseHelp says what analyse reads, as convert's -files-from says it of convert:
// analyse has no -files-from, so its help had no place that said it.
const analyseHelp = "Annotates the records of the PATHs; with none, analyse reads standard input."

// analysed is what analysing one record gave.
type analysed struct {
	name      string // the input's path, with "#N" for the N-th record of a multi-record input
	entry     record.Entry
	index     int  // the record's index in its input, from 1
	multi     bool // the input holds more than one record
	format    record.Format
	data      []byte // the annotated record in the output format
	positions int
	evaluated int              // the positions with a score
	missing   []unevaluatedPos // the positions searched without one
	dest      string           // where the record was written
	took      time.Duration
	err       string // why the record was not analysed
	ioError   bool   // the input could not be read
	skipped   string // why the input was passed over
}

// unevaluatedPos is a position the engine answered without a score, and why
// (usi.UnevaluatedNoInfo: a book move, most likely; usi.UnevaluatedNoScore).
type unevaluatedPos struct {
	Ply    int    `json:"ply"` // the moves played before it
	Reason string `json:"reason"`
}

// analyseReport is the JSON line -json prints for a record.
type analyseReport struct {
	Input       string           `json:"input"`
	Output      string           `json:"output,omitempty"`
	Positions   int              `json:"positions"`
	Evaluated   int              `json:"evaluated"`
	Unevaluated []unevaluatedPos `json:"unevaluated,omitempty"`
	Seconds     float64          `json:"seconds"`
	Error       string           `json:"error,omitempty"`
}

// analyseOptions are the settings every record is analysed with.
type analyseOptions struct {
	limits   usi.Limits
	from, to int
	format   record.Format // the output format; Unknown keeps the input's
	engine   string        // the name in the comments

	maxRecordBytes int64 // -max-record-size
}

func runAnalyse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("analyse", stderr)
	withHelp(fs, analyseHelp)
	ef := addEngineFlags(fs, "", "engine", "")
	byoyomi := fs.Duration("byoyomi", 0, "the time the engine takes for each position (1s when neither -depth nor -nodes is given)")
	depth := fs.Int("depth", 0, "the depth the engine searches each position to")
	nodes := fs.Int64("nodes", 0, "the nodes the engine searches in each position")
	fs.DurationVar(&ef.margin, "margin", usi.DefaultMargin, "the time past -byoyomi after which the engine is told to stop (then killed when it does not answer within 3s)")
	fs.DurationVar(&ef.moveTimeout, "move-timeout", usi.DefaultMoveTimeout, "with -depth or -nodes alone, the time after which the engine is told to stop")
	asJSON := fs.Bool("json", false, "with -o: print one JSON object per record (JSON Lines) on standard output: its positions, those without an evaluation and why")
	multipv := fs.Int("multipv", 1, "the lines the engine gives for each position (sets its MultiPV option)")
	plies := fs.String("plies", "", "the moves to annotate, `FROM-TO` in move numbers from 1 (\"30-\", \"-40\"); all by default")
	to := fs.String("to", "", "output format: kif, ki2, csa or jkf (ShogiHome's comments, or floodgate's for csa); the input's by default (kif for usi and sfen)")
	outDir := fs.String("o", "", "write one file per record into `DIR` (names from the inputs'), instead of standard output")
	force := fs.Bool("f", false, "with -o or -log: overwrite files that exist (never through a symbolic link)")
	fromFormat := fs.String("from", "", "input format: "+formatNames()+"; default: detect from the content")
	jobs := fs.Int("j", 1, "the number of engines that analyse records in parallel (one record each)")
	logPath := fs.String("log", "", "write every line sent to and received from the engines into `FILE`")
	maxRecord := addMaxRecordSize(fs)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	if msg := ef.check("engine"); msg != "" {
		return usageError(fs, stderr, msg)
	}
	opt := analyseOptions{limits: usi.Limits{Byoyomi: *byoyomi, Depth: *depth, Nodes: *nodes}, engine: *ef.name, maxRecordBytes: int64(*maxRecord)}
	switch {
	case *byoyomi < 0 || *depth < 0 || *nodes < 0:
		return usageError(fs, stderr, "-byoyomi, -depth and -nodes cannot be negative")
	case ef.margin < 0 || ef.moveTimeout <= 0:
		return usageError(fs, stderr, "-margin cannot be negative, and -move-timeout must be positive")
	case *byoyomi == 0 && *depth == 0 && *nodes == 0:
		opt.limits.Byoyomi = time.Second
	}
	if *multipv < 1 || *multipv > 600 {
		return usageError(fs, stderr, fmt.Sprintf("-multipv: %d lines; want 1 to 600", *multipv))
	}
	if *jobs < 1 {
		return usageError(fs, stderr, fmt.Sprintf("-j: %d engines; want 1 or more", *jobs))
	}
	var err error
	if opt.from, opt.to, err = parsePlies(*plies); err != nil {
		return usageError(fs, stderr, "-plies: "+err.Error())
	}
	if *to != "" {
		f, err := record.ParseFormat(*to)
		if err != nil || f != record.KIF && f != record.KI2 && f != record.CSA && f != record.JKF {
			return usageError(fs, stderr, fmt.Sprintf("-to: %q: want kif, ki2, csa or jkf", *to))
		}
		opt.format = f
	}
	inFormat := record.Unknown
	if *fromFormat != "" {
		if inFormat, err = record.ParseFormat(*fromFormat); err != nil {
			return usageError(fs, stderr, fmt.Sprintf("-from: unknown format %q (want %s)", *fromFormat, formatNames()))
		}
	}
	if *force && *outDir == "" && *logPath == "" {
		return usageError(fs, stderr, "-f goes with -o or -log")
	}
	if *asJSON && *outDir == "" {
		return usageError(fs, stderr, "-json goes with -o (the records would share standard output with it)")
	}
	if ef.margin == 0 {
		ef.margin = -1 // none, as asked
	}
	log, closeLog, err := openLog(*logPath, *force)
	if err != nil {
		fmt.Fprintln(stderr, "shogi analyse:", err)
		return 2
	}
	defer closeLog()
	var dir *outputDir // files under it are written through an os.Root (output.go)
	if *outDir != "" {
		if dir, err = openOutputDir(*outDir); err != nil {
			fmt.Fprintln(stderr, "shogi analyse:", err)
			return 2
		}
		defer dir.Close()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *multipv > 1 {
		ef.options = append(ef.options, "MultiPV="+strconv.Itoa(*multipv))
	}
	pool, err := startPool(ctx, ef, min(*jobs, maxJobs()), log) // as many engines as pipeline runs inputs
	if err != nil {
		fmt.Fprintln(stderr, "shogi analyse:", err)
		return 2
	}
	defer pool.close()

	var positions, records atomic.Int64
	start := time.Now()
	status := newStatusLine(stderr, func() string {
		return analyseProgress(int(records.Load()), int(positions.Load()), time.Since(start))
	})
	results := pipeline(inputList(paths, "", false, stdin), *jobs, opt.maxRecordBytes, func(e input, emit func(analysed)) {
		analyseEntry(ctx, e, stdin, inFormat, opt, pool, &positions, emit)
	})
	failed, ioFailed, done, streamed, unevaluated := 0, false, 0, 0, 0
	written := map[string]string{} // output file → the record written to it in this run
	for a := range results {
		var msg string
		switch {
		case a.skipped != "":
			// Named as validate names a file a walk passes over; no -json line, whose
			// objects are records analysed or not.
			status.print(func() { fmt.Fprintf(stderr, "%s: skipped (%s)\n", quoteName(a.name), escapeText(a.skipped)) })
			continue
		case a.ioError:
			ioFailed = true
			msg = fmt.Sprintf("%s: %s", a.name, a.err)
		case a.err != "":
			failed++
			msg = fmt.Sprintf("%s: not analysed: %s", a.name, a.err)
		default:
			records.Add(1)
			done++
			unevaluated += len(a.missing)
			var werr error
			dest := "standard output"
			if dir != nil {
				name := outputName(a.entry, a.index, a.multi) + a.format.Extension()
				dest = dir.path(name)
				if prev, ok := written[dest]; ok {
					werr = fmt.Errorf("%s was written from %s already; not overwritten", dest, prev)
				} else {
					werr = dir.write(name, a.data, *force) // no link inside the directory leads outside it
				}
				if werr == nil {
					written[dest] = a.name
					a.dest = dest
				}
			} else if streamed++; streamed > 1 && a.format.OneRecordPerFile() {
				werr = fmt.Errorf("%s holds one record per file, and there is more than one: analyse them with -o DIR", a.format)
			} else {
				status.print(func() { _, werr = stdout.Write(a.data) })
			}
			if werr != nil {
				ioFailed = true
				a.err = werr.Error()
				msg = fmt.Sprintf("%s: %v", a.name, werr)
			} else {
				msg = fmt.Sprintf("%s: %s analysed in %.1fs, written to %s", a.name, plural(a.positions, "position"), a.took.Seconds(), dest)
				if len(a.missing) > 0 {
					msg = fmt.Sprintf("%s: %s searched in %.1fs, %d evaluated and %d not (%s), written to %s",
						a.name, plural(a.positions, "position"), a.took.Seconds(), a.evaluated, len(a.missing), describeUnevaluated(a.missing), dest)
				}
			}
		}
		if *asJSON {
			line, _ := json.Marshal(analyseReport{Input: a.name, Output: a.dest, Positions: a.positions, Evaluated: a.evaluated,
				Unevaluated: a.missing, Seconds: a.took.Seconds(), Error: a.err})
			status.print(func() { fmt.Fprintf(stdout, "%s\n", line) })
		}
		status.print(func() { fmt.Fprintln(stderr, escapeText(msg)) }) // names escaped (output.go)
	}
	status.finish()
	without := ""
	if unevaluated > 0 {
		without = fmt.Sprintf(", %d of them without an evaluation", unevaluated)
	}
	fmt.Fprintf(stderr, "%s analysed, %d not; %s%s in %.1fs\n", plural(done, "record"), failed, plural(int(positions.Load()), "position"), without, time.Since(start).Seconds())
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "shogi analyse: interrupted")
		return 2
	}
	return nothingChecked(exitStatus(ioFailed, failed), done+failed, "analyse", stderr)
}

// analyseProgress is analyse's status line: "1 record, 12 positions, 3.0 positions/s,
// 4s", in number as its summary (plural).
func analyseProgress(records, positions int, elapsed time.Duration) string {
	s := elapsed.Seconds()
	return fmt.Sprintf("%s, %s, %.1f positions/s, %.0fs", plural(records, "record"), plural(positions, "position"), float64(positions)/s, s)
}

// describeUnevaluated says which positions have no evaluation and why.
func describeUnevaluated(missing []unevaluatedPos) string {
	var noInfo, noScore []int
	for _, m := range missing {
		if m.Reason == usi.UnevaluatedNoInfo {
			noInfo = append(noInfo, m.Ply)
		} else {
			noScore = append(noScore, m.Ply)
		}
	}
	var why []string
	if len(noInfo) > 0 {
		why = append(why, fmt.Sprintf("at plies %s the engine sent a move and no info line, from its opening book most likely (turn the book off with -option)", plyRanges(noInfo)))
	}
	if len(noScore) > 0 {
		why = append(why, fmt.Sprintf("at plies %s its info lines had no score", plyRanges(noScore)))
	}
	return strings.Join(why, "; ")
}

// plyRanges writes increasing plies as ranges: "0-10, 14".
func plyRanges(plies []int) string {
	var b strings.Builder
	for i := 0; i < len(plies); {
		j := i
		for j+1 < len(plies) && plies[j+1] == plies[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		if j > i {
			fmt.Fprintf(&b, "%d-%d", plies[i], plies[j])
		} else {
			fmt.Fprintf(&b, "%d", plies[i])
		}
		i = j + 1
	}
	return b.String()
}

// parsePlies reads "FROM-TO", "FROM-", "-TO" or "N" (one move).
func parsePlies(s string) (from, to int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	num := func(t string) (int, error) {
		if t == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 {
			return 0, fmt.Errorf("%q is not a move number (from 1)", t)
		}
		return n, nil
	}
	if from, err = num(a); err != nil {
		return 0, 0, err
	}
	if to, err = num(b); err != nil {
		return 0, 0, err
	}
	if to != 0 && from > to {
		return 0, 0, fmt.Errorf("%d is after %d", from, to)
	}
	return from, to, nil
}

// enginePool holds the engines that analyse records, one record at a time each, and
// starts a new one in place of an engine that died.
type enginePool struct {
	ef      *engineFlags
	log     *engineLog
	engines chan *usi.Engine
	n       int
	started atomic.Int64
}

func startPool(ctx context.Context, ef *engineFlags, n int, log *engineLog) (*enginePool, error) {
	p := &enginePool{ef: ef, log: log, engines: make(chan *usi.Engine, n), n: n}
	errs := make(chan error, n)
	for range n {
		go func() {
			e, err := p.start(ctx)
			if err == nil {
				p.engines <- e
			}
			errs <- err
		}()
	}
	var first error
	for range n {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	if first != nil {
		p.close()
		return nil, first
	}
	return p, nil
}

func (p *enginePool) start(ctx context.Context) (*usi.Engine, error) {
	label := filepath.Base(*p.ef.path)
	if n := p.started.Add(1); p.n > 1 || n > 1 {
		label = fmt.Sprintf("%s#%d", label, n)
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return p.ef.start(ctx, label, p.log, 3*time.Second)
}

// get takes an engine from the pool, one that works: a dead one is replaced.
func (p *enginePool) get(ctx context.Context) (*usi.Engine, error) {
	e := <-p.engines
	if e != nil && e.Err() == nil {
		return e, nil
	}
	if e != nil {
		e.Close()
	}
	e, err := p.start(ctx)
	if err != nil {
		p.engines <- nil // the next get tries again
		return nil, err
	}
	return e, nil
}

func (p *enginePool) put(e *usi.Engine) { p.engines <- e }

// close closes every engine; the pool must hold them all.
func (p *enginePool) close() {
	for {
		select {
		case e := <-p.engines:
			if e != nil {
				e.Close()
			}
		default:
			return
		}
	}
}

// analyseEntry analyses every record of one input, holding one back to tell whether
// the input has several.
func analyseEntry(ctx context.Context, e input, stdin io.Reader, format record.Format, opt analyseOptions, pool *enginePool, positions *atomic.Int64, emit func(analysed)) {
	switch {
	case e.Err != nil:
		emit(analysed{name: e.Path, entry: e.Entry, err: e.Err.Error(), ioError: true})
		return
	case e.Skipped != "":
		emit(analysed{name: e.Path, entry: e.Entry, skipped: e.Skipped})
		return
	}
	r, closeInput, err := openEntry(e, stdin, readOptions{format: format, maxRecordBytes: opt.maxRecordBytes})
	if err != nil {
		emit(analysed{name: e.Path, entry: e.Entry, err: err.Error(), ioError: true})
		return
	}
	defer closeInput()
	var pending *analysed
	for v := range record.Validate(r) {
		flagBounds(v, opt.maxRecordBytes) // the bound by its flag, -max-record-size
		a := analysed{name: e.Path, entry: e.Entry, index: v.Source.Index}
		if pending != nil {
			pending.multi, a.multi = true, true
			pending.name = fmt.Sprintf("%s#%d", e.Path, pending.index)
			emit(*pending)
		}
		if a.multi {
			a.name = fmt.Sprintf("%s#%d", e.Path, a.index)
		}
		analyseRecord(ctx, &a, v, opt, pool, positions)
		pending = &a
		if ctx.Err() != nil {
			break
		}
	}
	if pending != nil {
		emit(*pending)
	}
}

// analyseRecord annotates one record that was read.
func analyseRecord(ctx context.Context, a *analysed, v *record.Verdict, opt analyseOptions, pool *enginePool, positions *atomic.Int64) {
	if !v.Valid() {
		// The record is named by a.name already: its problem without the library's
		// "record: PATH: record N: " before it, as validate's text gives it (placedText).
		a.err = "the record is invalid: " + placedText(v.Err())
		a.ioError = v.Err().Code() == "io"
		return
	}
	a.format = opt.format
	if a.format == record.Unknown {
		switch v.Source.Format {
		case record.KIF, record.KI2, record.CSA, record.JKF:
			a.format = v.Source.Format
		default:
			a.format = record.KIF
		}
	}
	style := usi.KIFStyle
	if a.format == record.CSA {
		style = usi.CSAStyle
	}
	e, err := pool.get(ctx)
	if err != nil {
		a.err = err.Error()
		return
	}
	defer pool.put(e)
	if err := e.NewGame(ctx); err != nil {
		a.err = err.Error()
		return
	}
	begun := time.Now()
	evals, err := usi.Analyse(ctx, e, v.Record, usi.AnalyseOptions{Limits: opt.limits, From: opt.from, To: opt.to, Style: style,
		Engine: opt.engine, Progress: func(int, *usi.Result) { positions.Add(1) }})
	a.positions, a.took = len(evals), time.Since(begun)
	for _, ev := range evals {
		if why := ev.Unevaluated(); why != "" {
			a.missing = append(a.missing, unevaluatedPos{Ply: ev.Ply, Reason: why})
		} else if ev.Result != nil {
			a.evaluated++
		}
	}
	if err != nil {
		a.err = err.Error()
		return
	}
	if a.data, err = record.Marshal(v.Record, a.format); err != nil {
		a.err = "cannot write it as " + a.format.String() + ": " + err.Error()
	}
}
