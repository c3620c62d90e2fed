package pipeline

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/notation"
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
//   - files: chunks of output files by name below the output prefix (a verdict line, a
//     converted record, a line of play);
//   - stats: what the summary counts of each verdict line;
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

	from     record.Format
	to       record.Format
	notation notation.LineFormat
}

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
	return nil
}

func (f *judgeFn) ProcessElement(ctx context.Context, input Input,
	files func(string, []byte), stats func(Stats), games func(string, GameRef)) {
	path := input.Path
	verdictShard := func(index int) string {
		return shardName(verdictsStem, shardOf(path, index, f.Shards), f.Shards, ".jsonl")
	}
	emitReport := func(r record.Report, st Stats) {
		files(verdictShard(r.Record), append(r.AppendJSON(nil), '\n'))
		stats(st)
	}
	switch {
	case input.Err != "":
		emitReport(record.InputErrorReport(path, errors.New(input.Err)), Stats{NewInput: true, Kind: KindInputError})
		return
	case input.Skipped != "":
		emitReport(record.SkippedReport(path, input.Skipped), Stats{NewInput: true, Kind: KindSkipped})
		return
	}
	in, err := openInput(ctx, path)
	if err != nil {
		emitReport(record.InputErrorReport(path, err), Stats{NewInput: true, Kind: KindInputError})
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
		st := Stats{NewInput: n == 1, Kind: KindRecord, Format: rep.Format, OK: rep.OK, Code: rep.Code}
		for _, w := range rep.Warnings {
			st.Warnings = append(st.Warnings, w.Code)
		}
		if rep.InputFailed() {
			st = Stats{NewInput: n == 1, Kind: KindInputError}
		}
		if rep.OK {
			f.describe(&st, v)
			if key, ok := GameKey(v.Record); ok {
				start, _ := v.Record.StartPosition()
				games(key, GameRef{Path: path, Record: rep.Record, Moves: v.Moves, Start: start.String()})
			}
			if f.to != record.Unknown {
				st.Conversion = ConversionFailed
				if held = f.convert(ctx, path, v); held != nil {
					st.Conversion = ConversionDone
				}
			}
			if f.Notation != "" {
				f.emitLine(ctx, path, v, files)
			}
		}
		emitReport(rep, st)
	}
	if held != nil {
		f.emitConversion(path, held, n > 1, files)
	}
	if n == 0 {
		emitReport(record.SkippedReport(path, record.ReasonNoRecord), Stats{NewInput: true, Kind: KindSkipped})
	}
}

// describe fills in what the summary counts of a valid record.
func (f *judgeFn) describe(st *Stats, v *record.Verdict) {
	st.Ending, st.Result, st.Moves = "none", "none", v.Moves
	if end := v.Record.Ending(); end != nil {
		st.Ending = end.Kind.Code()
		if w, ok := end.Result.Winner(); ok {
			st.Result = w.String()
		} else if end.Result == shogi.Draw {
			st.Result = "draw"
		}
	}
	st.Handicap = "other"
	if start, err := v.Record.StartPosition(); err == nil {
		if h, ok := handicap.Identify(start); ok {
			st.Handicap = h.String()
		}
	}
}

// conversion is one record written in the output format.
type conversion struct {
	index int
	data  []byte
}

// convert writes a valid record in the output format; it returns nil, and logs why,
// when the format cannot hold it.
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
	return &conversion{index: v.Source.Index, data: buf.Bytes()}
}

// emitConversion emits a converted record: to a file of its own for a format of one
// record per file, to a shard of converted records otherwise.
// several says whether its input holds more than one record.
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
func (f *judgeFn) emitLine(ctx context.Context, path string, v *record.Verdict, files func(string, []byte)) {
	start, err := v.Record.StartPosition()
	if err != nil {
		return
	}
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
	files(shardName(linesStem, shardOf(path, v.Source.Index, f.Shards), f.Shards, ".txt"), append(out, '\n'))
}
