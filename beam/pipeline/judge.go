package pipeline

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/packed"
	"github.com/kifu-go/shogi/record"
)

// GameRef names one record of a game, for the duplicate report: its input's path, its
// index there, its number of moves and its start position.
type GameRef struct {
	Path   string
	Record int
	Moves  int
	Start  string
}

// judgeFn reads every record of one input file, judges it with the record package's
// verdict policy (record.Validate) and emits what the outputs need:
//   - files: chunks of output files by name below the output prefix (verdict lines and
//     lines of play, batched by file within a bundle; converted records);
//   - summaries: the Summary of each bundle's verdicts;
//   - games: the game key and place of each valid record.
//
// A file that cannot be reached, opened or read is a verdict line with code "io", and a
// file passed over a line that says why, as in shogi validate: neither fails the
// pipeline.
type judgeFn struct {
	From     string // input format, "" to detect it
	Lenient  bool
	To       string // output format of the conversion, "" for none
	ShiftJIS bool
	Notation string // notation of the lines of play, "" for none
	Shards   int
	Base     string // the inputs' common fixed prefix, for names of converted files
	Training string // the format of the training entries, "" for none
	Filter   packed.Filter
	Dedup    bool
	Book     *BookOptions // nil: no book

	from     record.Format
	to       record.Format
	notation notation.LineFormat
	training packed.SampleFormat

	// The bundle's lines waiting to be emitted, by file name, and its summary.
	lines   map[string][]byte
	summary *Summary
	// The handicap names of the start positions seen, by SFEN (a few, as a rule).
	handicaps map[string]string
	// The bundle's training entries (with Dedup) and book counts, combined by position
	// before they are emitted in batches (DedupBatch, BookBatch): the runner's combines
	// get one element per batch key and bundle.
	firsts map[uint64]TrainingChunk
	counts map[string]*positionTally
}

// maxChunk is the size from which a file's batched lines are emitted before the end of
// the bundle.
const maxChunk = 1 << 20

// maxHandicapCache bounds the start positions whose handicap judgeFn remembers.
const maxHandicapCache = 1024

func (f *judgeFn) Setup() error {
	var err error
	if f.From != "" {
		if f.from, err = record.ParseFormat(f.From); err != nil {
			return err
		}
	}
	if f.To != "" {
		if f.to, err = record.ParseFormat(f.To); err != nil {
			return err
		}
	}
	if f.Notation != "" {
		n, ok := notation.ByName(f.Notation)
		if !ok {
			return errors.New("unknown notation " + f.Notation)
		}
		f.notation = notation.LineFormat{Notation: n}
	}
	if f.Training != "" {
		if f.training, err = packed.ParseSampleFormat(f.Training); err != nil {
			return err
		}
	}
	f.handicaps = map[string]string{}
	return nil
}

func (f *judgeFn) StartBundle(context.Context, func(string, []byte), func(*Summary), func(string, GameRef), func(string, TrainingChunk), func(string, DedupBatch), func(string, BookBatch)) {
	f.startBundle()
}

func (f *judgeFn) startBundle() {
	f.lines, f.summary = map[string][]byte{}, newSummary()
	f.firsts, f.counts = map[uint64]TrainingChunk{}, map[string]*positionTally{}
}

// FinishBundle emits the lines that wait and the bundle's summary.
func (f *judgeFn) FinishBundle(_ context.Context, files func(string, []byte), summaries func(*Summary), _ func(string, GameRef),
	_ func(string, TrainingChunk), dedup func(string, DedupBatch), bookCounts func(string, BookBatch)) {
	for _, name := range slices.Sorted(maps.Keys(f.lines)) {
		files(name, f.lines[name])
	}
	summaries(f.summary)
	f.flushTraining(dedup)
	f.flushBook(bookCounts)
	f.lines, f.summary = nil, nil
}

// addLine batches a line of the file name.
func (f *judgeFn) addLine(name string, line []byte, files func(string, []byte)) {
	buf := append(f.lines[name], line...)
	if len(buf) >= maxChunk {
		files(name, buf)
		buf = nil
	}
	f.lines[name] = buf
}

func (f *judgeFn) ProcessElement(ctx context.Context, input Input,
	files func(string, []byte), _ func(*Summary), games func(string, GameRef),
	training func(string, TrainingChunk), dedup func(string, DedupBatch), bookCounts func(string, BookBatch)) {
	if f.lines == nil { // called outside a bundle's start and finish: in a test
		f.startBundle()
	}
	path := input.Path
	var line []byte
	emitReport := func(r record.Report, st recordStats) {
		line = append(r.AppendJSON(line[:0]), '\n')
		f.addLine(shardName(verdictsStem, shardOf(path, r.Record, f.Shards), f.Shards, ".jsonl"), line, files)
		f.summary.add(st)
	}
	switch {
	case input.Err != "":
		emitReport(record.InputErrorReport(path, errors.New(input.Err)), recordStats{NewInput: true, Kind: kindInputError})
		return
	case input.Skipped != "":
		emitReport(record.SkippedReport(path, input.Skipped), recordStats{NewInput: true, Kind: kindSkipped})
		return
	}
	in, err := openInput(ctx, path)
	if err != nil {
		emitReport(record.InputErrorReport(path, err), recordStats{NewInput: true, Kind: kindInputError})
		return
	}
	defer in.Close()
	r := record.NewReader(in)
	r.Name = strings.TrimSuffix(path, ".gz") // its extension breaks ties in detection
	r.Format, r.Lenient = f.from, f.Lenient

	// A record converted to a format of one record per file is named "-N" when its input
	// holds several records: the last one converted waits for the next record, or the end.
	var held *conversion
	n := 0
	for v := range record.Validate(r) {
		n++
		if held != nil {
			f.emitConversion(path, held, true, files)
			held = nil
		}
		rep := v.Report(path)
		st := recordStats{NewInput: n == 1, Kind: kindRecord, Format: rep.Format, OK: rep.OK, Code: rep.Code}
		for _, w := range rep.Warnings {
			st.Warnings = append(st.Warnings, w.Code)
		}
		if rep.InputFailed() {
			st = recordStats{NewInput: n == 1, Kind: kindInputError}
		}
		var start *shogi.Position
		if rep.OK {
			start, _ = v.Record.StartPosition() // a valid record's start is valid
		}
		if start != nil {
			f.describe(&st, v, start)
			games(gameKey(start, v.Record), GameRef{Path: path, Record: rep.Record, Moves: v.Moves, Start: start.String()})
			if f.to != record.Unknown {
				st.Conversion = conversionFailed
				if held = f.convert(ctx, path, v); held != nil {
					st.Conversion = conversionDone
				}
			}
			if f.Notation != "" {
				f.emitLine(ctx, path, v, start, files)
			}
			if f.training != 0 {
				place := Place{Pattern: input.Pattern, File: input.File, Record: rep.Record}
				if err := f.addTraining(path, place, v.Record, v.Moves, training, dedup); err != nil {
					log.Warnf(ctx, "%s#%d: no training entries in %s: %v", path, rep.Record, f.training, err)
				}
			}
			if f.Book != nil {
				if err := f.addBook(v.Record, bookCounts); err != nil {
					log.Warnf(ctx, "%s#%d: not in the book: %v", path, rep.Record, err)
				}
			}
		}
		emitReport(rep, st)
	}
	if held != nil {
		f.emitConversion(path, held, n > 1, files)
	}
	if n == 0 {
		emitReport(record.SkippedReport(path, record.ReasonNoRecord), recordStats{NewInput: true, Kind: kindSkipped})
	}
}

// describe fills in what the summary counts of a valid record, which starts at start.
func (f *judgeFn) describe(st *recordStats, v *record.Verdict, start *shogi.Position) {
	st.Ending, st.Result, st.Moves = "none", "none", v.Moves
	if end := v.Record.Ending(); end != nil {
		st.Ending = end.Kind.Code()
		if w, ok := end.Result.Winner(); ok {
			st.Result = w.String()
		} else if end.Result == shogi.Draw {
			st.Result = "draw"
		}
	}
	name, ok := f.handicaps[v.Record.StartSFEN]
	if !ok {
		name = "other"
		if h, ok := handicap.Identify(start); ok {
			name = h.String()
		}
		if len(f.handicaps) < maxHandicapCache {
			f.handicaps[v.Record.StartSFEN] = name
		}
	}
	st.Handicap = name
}

// conversion is one record written in the output format.
type conversion struct {
	index int
	data  []byte
}

// convert writes a valid record in the output format; it returns nil, and logs why,
// when the format cannot hold it, and logs what it lost when the format cannot hold
// all of it (record.Losses).
func (f *judgeFn) convert(ctx context.Context, path string, v *record.Verdict) *conversion {
	var buf bytes.Buffer
	w := record.NewWriter(&buf, f.to)
	w.ShiftJIS = f.ShiftJIS
	err := w.Write(v.Record)
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		log.Warnf(ctx, "%s#%d: not converted to %s: %v", path, v.Source.Index, f.to, err)
		return nil
	}
	if lost := w.Lost(); lost != nil {
		log.Warnf(ctx, "%s#%d: %s cannot hold all of it: lost %s", path, v.Source.Index, f.to, record.DescribeLosses(lost))
	}
	return &conversion{index: v.Source.Index, data: buf.Bytes()}
}

// emitConversion emits a converted record: to a file of its own for a format of one
// record per file (named "-N" when several says that its input holds more than one
// record), to a shard of converted records otherwise.
func (f *judgeFn) emitConversion(path string, c *conversion, several bool, files func(string, []byte)) {
	name := convertedDir + shardName("part", shardOf(path, c.index, f.Shards), f.Shards, f.to.Extension())
	if f.to.OneRecordPerFile() {
		name = recordFileName(f.Base, path, c.index, several, f.to.Extension())
	}
	files(name, c.data)
}

// emitLine emits the main line of a valid record in the chosen notation, after the
// record's name (its path, and "#N" in formats of several records per file) and a tab.
// An ending that the notation has no word for is left out.
func (f *judgeFn) emitLine(ctx context.Context, path string, v *record.Verdict, start *shogi.Position, files func(string, []byte)) {
	line := notation.Line{Moves: v.Record.Moves()}
	if end := v.Record.Ending(); end != nil {
		line.End = end.Kind
	}
	text, err := f.notation.Append(nil, start, line)
	if errors.Is(err, notation.ErrEnding) {
		line.End = shogi.EndNone
		text, err = f.notation.Append(nil, start, line)
	}
	if err != nil {
		log.Warnf(ctx, "%s#%d: no line of play in %s: %v", path, v.Source.Index, f.Notation, err)
		return
	}
	name := path
	if !v.Source.Format.OneRecordPerFile() {
		name += "#" + strconv.Itoa(v.Source.Index)
	}
	out := make([]byte, 0, len(name)+len(text)+2)
	out = append(append(append(out, name...), '\t'), text...)
	f.addLine(shardName(linesStem, shardOf(path, v.Source.Index, f.Shards), f.Shards, ".txt"), append(out, '\n'), files)
}
