package main

// shogi positions: training data from game records. Every record is judged as
// validate judges it; a valid one that passes the record filters gives one entry per
// move of its main line (the position before the move, the move, the floodgate
// evaluation, the game's result), and the position filters and the de-duplication pick
// which are written. The validation has played the line: the packed formats take it
// back from the verdict's final position (packed.UndoSamples), the text formats play it
// again unchecked (packed.SamplesTrusted); each record's entries go to a buffer the
// printer gives back once they are written. Workers encode whole records in parallel;
// the printer writes them in input order, so the output does not depend on -j.

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/packed"
	"github.com/kifu-go/shogi/record"
	"golang.org/x/term"
)

func init() {
	commands["positions"] = command{
		summary: "write training positions (HCPE, HCP, PackedSfen, PSV, SFEN, USI) from game records",
		usage: "shogi positions -to hcpe|hcp|psfen|psv|sfen|usi [-o FILE [-f]] [-json] [-min-rating N] [-min-plies N]\n" +
			"       [-endings CODE,…] [-skip-first N] [-max-eval N] [-dedup [-dedup-memory SIZE]] [-lenient] [-from FMT] [-j N]\n" +
			"       [-files-from FILE [-0]] [-max-record-size SIZE] [PATH…]",
		run: runPositions,
	}
}

const positionsHelp = `Writes one entry per position of each record's main line: the position before each
move, with the move played, none after the last move. Formats (package packed):
  hcpe   38-byte HCPE: HCP, evaluation, the move (Apery's move16), the result 0 draw or
         unknown, 1 Black won, 2 White won
  hcp    32-byte HCP, the position alone
  psfen  32-byte PackedSfen, the position alone
  psv    40-byte PackedSfenValue: PackedSfen, score, the move (YaneuraOu's Move16),
         gamePly (1 at the record's start), result +1/-1/0 for the side to move
  sfen   one SFEN a line, the position's move number counted from 1 at the record's start
  usi    one "position sfen SFEN moves M" line a position: the position and the move played
The evaluation is 0 unless the move is followed by floodgate's comment "'** S …" (S from
Black's view), then S clamped to ±32767 and negated when White is to move. The result
comes from the record's ending: %TORYO, %TIME_UP, %ILLEGAL_MOVE and %TSUMI lose for the
side to move, %KACHI wins for it, %±ILLEGAL_ACTION loses for the side named; else 0.
Records are judged as "shogi validate" judges them: an invalid one is skipped and
reported (a line of text, or with -json validate's JSON line), on standard output with
-o, on standard error without. Filters: -min-rating keeps records whose two players'
floodgate ratings ('black_rate:NAME:R and 'white_rate:NAME:R comments) are both at least
N (a record without them is dropped); -min-plies keeps records of at least N moves;
-endings keeps records whose ending code (resign, mate, time-up, entering-king-win,
sennichite, jishogi, max-moves, illegal-win, illegal-loss, interrupt, none, …) is listed;
-skip-first drops each record's first N positions; -max-eval drops positions whose
|evaluation| is above N. -dedup writes a position (board, hands, side to move: its
64-bit Zobrist hash) only the first time it is met in the whole input, in input order;
the set of hashes takes at most -dedup-memory bytes (8 bytes a position, kept at most
three quarters full): once it is full, positions not in it are written and not
remembered, and the summary says how many went unchecked. Without -o the entries go to
standard output (binary formats not to a terminal); -o FILE never overwrites a file
without -f.`

// withHelp makes fs's usage print text, a command's longer help, after the usage line.
func withHelp(fs *flag.FlagSet, text string) {
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage:", commands[fs.Name()].usage)
		fmt.Fprintln(fs.Output(), text)
		fs.PrintDefaults()
		fmt.Fprintln(fs.Output(), exitStatusHelp)
	}
}

// withStatusHelp is withHelp for a command whose longer help says what its exit
// statuses mean in its own terms (mate, tsume, usi): the statuses common to the
// commands that check records, which would contradict them (0 is a mate found for
// mate, not every record valid), are left out.
func withStatusHelp(fs *flag.FlagSet, text string) {
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage:", commands[fs.Name()].usage)
		fmt.Fprintln(fs.Output(), text)
		fs.PrintDefaults()
	}
}

// positionsResult is what a worker emits for one record, an input it could not read, or
// an input passed over.
type positionsResult struct {
	v        validation
	failed   bool   // the record is valid but cannot be written in the format
	filtered string // the record filter that dropped it
	data     []byte // the entries, back to back
	ends     []int  // the end offset of each entry in data; nil for a fixed-size format
	keys     []uint64
	buf      *[]byte // data's buffer, from dataPool: the printer puts it back
}

// release gives r's buffer back to dataPool; r's entries must not be used after.
func (r *positionsResult) release() {
	if r.buf != nil {
		*r.buf = r.data[:0]
		dataPool.Put(r.buf)
		r.buf, r.data = nil, nil
	}
}

// dataPool recycles the buffers of the records' entries between the workers and the
// printer, so that a record's entries do not cost a fresh buffer.
var dataPool = sync.Pool{New: func() any { return new([]byte) }}

// entry returns the i-th entry of r, which has fixed-size entries of size bytes when
// size > 0.
func (r *positionsResult) entry(i, size int) []byte {
	if size > 0 {
		return r.data[i*size : (i+1)*size]
	}
	begin := 0
	if i > 0 {
		begin = r.ends[i-1]
	}
	return r.data[begin:r.ends[i]]
}

// entries returns r's entries back to back, fixed-size ones of size bytes when size > 0.
func (r *positionsResult) entries(size int) []byte {
	if size > 0 {
		return r.data[:r.count(size)*size]
	}
	if len(r.ends) == 0 {
		return nil
	}
	return r.data[:r.ends[len(r.ends)-1]]
}

// count returns how many entries r holds.
func (r *positionsResult) count(size int) int {
	if size > 0 {
		return len(r.data) / size
	}
	return len(r.ends)
}

// encodePackedBack writes rec's entries that pass the position filters to r in a
// fixed-size format, from final, the position the validation reached (the verdict's
// Final, its history the main line): packed.UndoSamples takes the moves back, so the
// line is not played a second time. The entries come last first: they are written
// from the end of r.data's room down, then moved to its front. A packed.Encoder of
// the pool codes them: each position differs from the one after it in a file or two.
func encodePackedBack(r *positionsResult, rec *shogi.Record, final *shogi.Position, moves int, to packed.SampleFormat, f *packed.Filter, dedup bool) error {
	size := to.Size()
	data := slices.Grow(r.data[:0], moves*size)[:moves*size]
	at := len(data)
	var keys []uint64
	if dedup {
		keys = make([]uint64, moves)
	}
	k := len(keys)
	enc := encoders.Get().(*packed.Encoder)
	defer encoders.Put(enc)
	for s, err := range packed.UndoSamples(rec, final) {
		if err != nil {
			return err
		}
		if s.Index < f.SkipFirst {
			break // the rest come before it
		}
		if !f.KeepSample(&s) {
			continue
		}
		if at < size {
			return fmt.Errorf("the main line has more than the %d moves the validation counted", moves)
		}
		at -= size
		if _, err := enc.AppendSample(data[at:at:at+size], to, &s); err != nil {
			return err
		}
		if dedup {
			k--
			keys[k] = s.Position.Hash()
		}
	}
	r.data = data[:copy(data, data[at:])]
	r.keys = keys[:copy(keys, keys[k:])]
	return nil
}

// encoders are the packed.Encoders of the workers.
var encoders = sync.Pool{New: func() any { return new(packed.Encoder) }}

// encodeSamples appends rec's entries that pass the position filters to r. rec must be
// valid (record.ValidateRules said so): its main line is played without checking the
// moves a second time (packed.SamplesTrusted).
func encodeSamples(r *positionsResult, rec *shogi.Record, to packed.SampleFormat, f *packed.Filter, dedup bool) error {
	for s, err := range packed.SamplesTrusted(rec) {
		if err != nil {
			return err
		}
		if !f.KeepSample(&s) {
			continue
		}
		if r.data, err = packed.AppendSample(r.data, to, &s); err != nil {
			return err
		}
		if to.Size() == 0 {
			r.ends = append(r.ends, len(r.data))
		}
		if dedup {
			r.keys = append(r.keys, s.Position.Hash())
		}
	}
	return nil
}

// validVerdictOf is verdictOf for positions, which prints no report of a valid record
// but of one it cannot encode (and makes that report itself): a valid record's report
// holds only the fields the summary counts by, without the final position's SFEN.
func validVerdictOf(path string, v *record.Verdict) validation {
	if !v.Valid() {
		return verdictOf(path, v)
	}
	return validationOf(record.Report{Path: path, Record: v.Source.Index, StartLine: v.Source.Line,
		Format: v.Source.Format.String(), OK: true, Moves: v.Moves})
}

// positionsEntry judges every record of one input and emits its entries.
func positionsEntry(e input, stdin io.Reader, rf *readFlags, to packed.SampleFormat, f *packed.Filter, dedup bool, emit func(positionsResult)) {
	judgeEntryReport(e, stdin, rf, shogi.Rules{}, validVerdictOf, func(v validation, verdict *record.Verdict) {
		res := positionsResult{v: v}
		if verdict != nil && verdict.Valid() {
			if res.filtered = f.RejectRecord(verdict.Record, verdict.Moves); res.filtered == "" {
				res.buf = dataPool.Get().(*[]byte)
				res.data = (*res.buf)[:0]
				if size := to.Size(); size > 0 {
					res.data = slices.Grow(res.data, verdict.Moves*size)
				} else {
					res.ends = make([]int, 0, verdict.Moves)
				}
				var err error
				if to.Size() > 0 && verdict.Final != nil && verdict.Final.Ply() >= verdict.Moves {
					err = encodePackedBack(&res, verdict.Record, verdict.Final, verdict.Moves, to, f, dedup)
				} else {
					err = encodeSamples(&res, verdict.Record, to, f, dedup)
				}
				if err != nil {
					// The full report, on the final position: the packed formats took it
					// back move by move, so it is set up again.
					full := *verdict
					if to.Size() > 0 {
						var rerr error
						if full.Final, rerr = verdict.Record.Replay(); rerr != nil {
							full.Final = nil
						}
					}
					res = positionsResult{v: verdictOf(e.Path, &full), failed: true, buf: res.buf}
					res.v.OK = false
					res.v.Error = fmt.Sprintf("cannot be written as %s: %v", to, err)
					res.v.Code = "not-encodable"
				}
			}
		}
		emit(res)
	})
}

// hashSet is a set of 64-bit hashes in an open-addressed table of fixed size: it
// allocates its memory once and holds at most three quarters of its slots.
type hashSet struct {
	slots []uint64
	mask  uint64
	n     int
	limit int
}

// newHashSet returns a set that takes at most budget bytes (at least 1024 slots).
func newHashSet(budget int64) *hashSet {
	size := uint64(1024)
	for size*2*8 <= uint64(budget) {
		size *= 2
	}
	return &hashSet{slots: make([]uint64, size), mask: size - 1, limit: int(size / 4 * 3)}
}

// add adds h; it reports whether h was new, and full when h could not be
// remembered because the set is full.
func (s *hashSet) add(h uint64) (added, full bool) {
	if h == 0 {
		h = 1 // 0 marks an empty slot
	}
	i := (h * 0x9E3779B97F4A7C15) >> 1 & s.mask
	for {
		switch s.slots[i] {
		case h:
			return false, false
		case 0:
			if s.n >= s.limit {
				return true, true
			}
			s.slots[i] = h
			s.n++
			return true, false
		}
		i = (i + 1) & s.mask
	}
}

func runPositions(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("positions", stderr)
	withHelp(fs, positionsHelp)
	toName := fs.String("to", "", "output format: hcpe, hcp, psfen, psv, sfen or usi (required)")
	outPath := fs.String("o", "", "write the entries to `FILE` (default: standard output)")
	force := fs.Bool("f", false, "with -o: overwrite an existing file")
	asJSON := fs.Bool("json", false, "report skipped records as validate's JSON lines")
	minRating := fs.Float64("min-rating", math.NaN(), "keep records whose two players' floodgate ratings are both at least `N`")
	minPlies := fs.Int("min-plies", 0, "keep records of at least `N` moves")
	endings := fs.String("endings", "", "keep records whose ending code is one of these, comma-separated (resign,mate,time-up,…; none: no ending)")
	skipFirst := fs.Int("skip-first", 0, "drop the first `N` positions of each record")
	maxEval := fs.Int("max-eval", -1, "drop positions whose |evaluation| is above `N`")
	dedup := fs.Bool("dedup", false, "write each position only the first time it is met")
	dedupMemory := sizeFlag(256 << 20)
	fs.Var(&dedupMemory, "dedup-memory", "with -dedup: the memory of the set of positions met, 8 bytes a position")
	rf := addReadFlags(fs)
	rf.reuseRecords = true // a record's entries are encoded before the next is read
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if msg := rf.check(fs.Args()); msg != "" {
		return usageError(fs, stderr, msg)
	}
	to, err := packed.ParseSampleFormat(*toName)
	if err != nil {
		if *toName == "" {
			return usageError(fs, stderr, "-to is required: hcpe, hcp, psfen, psv, sfen or usi")
		}
		return usageError(fs, stderr, fmt.Sprintf("-to: unknown format %q (want hcpe, hcp, psfen, psv, sfen or usi)", *toName))
	}
	filters := packed.Filter{ByRating: !math.IsNaN(*minRating), MinRating: *minRating, MinPlies: *minPlies,
		SkipFirst: *skipFirst, ByEval: *maxEval >= 0, MaxEval: *maxEval}
	switch {
	case *minPlies < 0:
		return usageError(fs, stderr, fmt.Sprintf("-min-plies: %d; want 0 or more", *minPlies))
	case *skipFirst < 0:
		return usageError(fs, stderr, fmt.Sprintf("-skip-first: %d; want 0 or more", *skipFirst))
	case *maxEval < -1:
		return usageError(fs, stderr, fmt.Sprintf("-max-eval: %d; want 0 or more", *maxEval))
	case *force && *outPath == "":
		return usageError(fs, stderr, "-f goes with -o")
	}
	if *endings != "" {
		filters.Endings = []shogi.EndingKind{}
		for _, code := range strings.Split(*endings, ",") {
			var k shogi.EndingKind
			if err := k.UnmarshalText([]byte(strings.TrimSpace(code))); err != nil {
				return usageError(fs, stderr, fmt.Sprintf("-endings: unknown ending %q", code))
			}
			filters.Endings = append(filters.Endings, k)
		}
	}

	// Where the entries and the reports go.
	var out io.Writer = stdout
	reports := stderr
	var outFile *emptyingFile
	if *outPath != "" {
		var err error
		if outFile, err = createNoFollowEmptying(*outPath, *force); err != nil {
			fmt.Fprintln(stderr, "shogi positions:", escapeText(err.Error()))
			return 2
		}
		defer outFile.Close()
		out, reports = outFile, stdout
	} else if f, ok := outputFile(stdout); ok && to.Size() > 0 && term.IsTerminal(int(f.Fd())) {
		return usageError(fs, stderr, "binary output ("+to.String()+") is not written to a terminal: use -o FILE or a redirection")
	}
	w := bufio.NewWriterSize(out, 1<<20)
	var set *hashSet
	if *dedup {
		set = newHashSet(int64(dedupMemory))
	}

	prog := newProgress(stderr)
	var line []byte
	var tl inputTally
	var invalid, failed, filtered int
	var written, duplicates, unchecked int64
	start := time.Now()
	fail := func(err error) int {
		prog.finish()
		fmt.Fprintln(stderr, "shogi positions:", escapeText(err.Error()))
		return 2
	}
	results := pipeline(inputList(fs.Args(), *rf.filesFrom, *rf.nul, stdin), *rf.jobs, int64(*rf.maxRecord), func(e input, emit func(positionsResult)) {
		positionsEntry(e, stdin, rf, to, &filters, *dedup, emit)
	})
	for res := range results {
		v := res.v
		if res.filtered != "" || !v.OK || res.failed {
			res.release()
		}
		if tl.count(v) {
			prog.add(v.OK)
			switch {
			case res.failed:
				failed++
			case !v.OK:
				invalid++
			case res.filtered != "":
				filtered++
				continue
			case set == nil: // every entry: as they are, back to back, in one write
				if _, err := w.Write(res.entries(to.Size())); err != nil {
					return fail(err)
				}
				written += int64(res.count(to.Size()))
				res.release()
				continue
			default:
				size := to.Size()
				for i := range res.count(size) {
					added, full := set.add(res.keys[i])
					if full {
						unchecked++
					}
					if !added {
						duplicates++
						continue
					}
					if _, err := w.Write(res.entry(i, size)); err != nil {
						return fail(err)
					}
					written++
				}
				res.release()
				continue
			}
		}
		if err := prog.report(reports, v, *asJSON, &line); err != nil {
			return fail(err)
		}
	}
	if err := w.Flush(); err != nil {
		return fail(err)
	}
	if outFile != nil {
		if err := outFile.Close(); err != nil {
			return fail(err)
		}
	}
	prog.finish()
	fmt.Fprintf(stderr, "%s: %d used, %d filtered out, %d invalid, %d not writable as %s; %s written",
		tl.head(), tl.records-invalid-failed-filtered, filtered, invalid, failed, to, plural(int(written), "position"))
	if set != nil {
		fmt.Fprintf(stderr, ", %s dropped", plural(int(duplicates), "duplicate"))
		if unchecked > 0 {
			fmt.Fprintf(stderr, ", %d not checked for duplicates (the -dedup-memory set is full)", unchecked)
		}
	}
	fmt.Fprintf(stderr, "; %s (%.2fs)\n", skippedFiles(tl.skipped), time.Since(start).Seconds())
	return nothingChecked(exitStatus(tl.ioFailed, invalid+failed), tl.records, "positions", stderr)
}
