package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/packed"
	"github.com/kifu-go/shogi/record"
)

func init() {
	register.DoFn3x1[context.Context, patternRef, func(Input), error](&matchFn{})
	register.DoFn8x0[context.Context, Input, func(string, []byte), func(*Summary), func(string, GameRef), func(string, TrainingChunk), func(string, DedupBatch), func(string, BookBatch)](&judgeFn{})
	register.DoFn3x0[string, DedupBatch, func(string, TrainingChunk)](&reshardFn{})
	register.DoFn3x1[context.Context, string, func(*TrainingChunk) bool, error](&writeTrainingFn{})
	register.DoFn3x1[context.Context, []byte, func(*string, *BookBatch) bool, error](&writeBookFn{})
	register.Function2x1(mergeDedup)
	register.Function2x1(mergeBook)
	register.Emitter2[string, TrainingChunk]()
	register.Emitter2[string, DedupBatch]()
	register.Emitter2[string, BookBatch]()
	register.Iter1[TrainingChunk]()
	register.Iter2[string, BookBatch]()
	register.DoFn3x1[context.Context, string, func(*[]byte) bool, error](&writeFn{})
	register.DoFn4x1[context.Context, []byte, func(**Summary) bool, func(*DuplicateCounts) bool, error](&writeSummaryFn{})
	register.Function4x1(duplicatesFn)
	register.Function2x1(sumDuplicates)
	register.Combiner2[*Summary, *Summary](&summaryFn{})
	register.Emitter2[string, []byte]()
	register.Emitter1[Input]()
	register.Emitter1[*Summary]()
	register.Emitter2[string, GameRef]()
	register.Emitter1[DuplicateCounts]()
	register.Iter1[[]byte]()
	register.Iter1[GameRef]()
	register.Iter1[*Summary]()
	register.Iter1[DuplicateCounts]()
	beam.RegisterType(reflect.TypeFor[Input]())
	beam.RegisterType(reflect.TypeFor[patternRef]())
	beam.RegisterType(reflect.TypeFor[TrainingChunk]())
	beam.RegisterType(reflect.TypeFor[PositionCounts]())
	beam.RegisterType(reflect.TypeFor[GameRef]())
	beam.RegisterType(reflect.TypeFor[DuplicateCounts]())
	beam.RegisterCoder(reflect.TypeFor[*Summary](), encodeSummary, decodeSummary)
}

// Options configure a pipeline. Inputs and Output are required.
type Options struct {
	// Inputs are file patterns in any filesystem Beam knows. Local ones are read as
	// shogi validate reads its arguments: files, directories (walked for the files with
	// a record extension) and glob patterns ("records/*/*.kif"; * and ? stay within a
	// directory, as in filepath.Match). Others are patterns of their filesystem
	// ("gs://bucket/records/**", "s3://bucket/records/*"), which the program must
	// import. A file may hold any number of records of any format; files ending in .gz
	// are read uncompressed.
	Inputs []string
	// Output is the prefix (a directory) under which the outputs are written: the
	// verdict lines as shards "verdicts-00000-of-00004.jsonl", "summary.json",
	// "duplicates.jsonl" (when a game was found twice), the converted records under
	// "converted/", the lines of play as shards "lines-…-of-….txt".
	Output string
	// From is the input format; Unknown (the default) detects it in each file.
	From record.Format
	// Lenient reads leniently, as shogi validate -lenient: problems in the text are
	// warnings, and a line of play stops at the first thing that cannot be read.
	Lenient bool
	// To, when not Unknown, converts every valid record to this format: KIF and KI2
	// records to a file each, named after their input ("converted/kif/a.kif", or
	// "converted/games-3.kif" for the third record of an input of several), the other
	// formats into shards of many records ("converted/part-00000-of-00004.csa").
	To record.Format
	// ShiftJIS writes converted KIF, KI2 and CSA in Shift_JIS instead of UTF-8.
	ShiftJIS bool
	// Notation, when not "", writes the main line of every valid record in this
	// notation (one of notation.Names), one record a line after its name and a tab.
	Notation string
	// Shards is the number of files of each sharded output; 0 means 4.
	Shards int

	// Training, when not 0, writes the training entries of every valid record that
	// Filter keeps, in this format, as shogi positions -to writes them: shards
	// "training-00000-of-00004.hcpe", a record's entries in one shard, each shard in
	// the order of the inputs (the patterns in their order, each one's files in the
	// order of the walk, the records of a file and the moves of a line in theirs).
	// The same inputs give the same shards.
	Training packed.SampleFormat
	// Filter picks the records and positions of the training entries (shogi
	// positions' -min-rating, -min-plies, -endings, -skip-first and -max-eval).
	Filter packed.Filter
	// Dedup writes each position (board, hands, side to move: its 64-bit Zobrist
	// hash) once: the entry met first in the order of the inputs, which a combine per
	// position picks; shogi positions -dedup keeps the same ones.
	Dedup bool
	// Book, when not nil, builds an opening book from the main lines of the valid
	// records, as shogi book build does: "book.db" (YaneuraOu) or "book.bin" (Apery).
	Book *BookOptions
}

// check reports what is wrong with the options.
func (o *Options) check() error {
	var problems []string
	if len(o.Inputs) == 0 {
		problems = append(problems, "no input: give one or more file patterns")
	}
	for _, in := range o.Inputs {
		if strings.TrimSpace(in) == "" {
			problems = append(problems, "an empty input pattern")
		}
	}
	if o.Output == "" {
		problems = append(problems, "no output prefix")
	}
	if o.ShiftJIS && o.To != record.KIF && o.To != record.KI2 && o.To != record.CSA {
		problems = append(problems, fmt.Sprintf("Shift_JIS goes with conversion to kif, ki2 or csa, not %s", o.To))
	}
	if o.Notation != "" {
		if _, ok := notation.ByName(o.Notation); !ok {
			problems = append(problems, fmt.Sprintf("unknown notation %q (want one of %s)", o.Notation, strings.Join(notation.Names, ", ")))
		}
	}
	if o.Training != 0 && o.Training.String() == "invalid" {
		problems = append(problems, fmt.Sprintf("training format %d", o.Training))
	}
	if o.Dedup && o.Training == 0 {
		problems = append(problems, "de-duplication goes with training entries")
	}
	if o.Book != nil && o.Book.MaxPly < 0 {
		problems = append(problems, fmt.Sprintf("book: max ply %d", o.Book.MaxPly))
	}
	if o.Shards < 0 {
		problems = append(problems, fmt.Sprintf("%d shards", o.Shards))
	}
	if len(problems) > 0 {
		return errors.New("pipeline: " + strings.Join(problems, "; "))
	}
	return nil
}

// Build adds to s the transforms that read, judge, summarise and optionally convert the
// records of the inputs, and write the outputs (see Options). Run the pipeline with any
// runner: beamx.Run, or prism.Execute for a local run.
func Build(s beam.Scope, o Options) error {
	if err := o.check(); err != nil {
		return err
	}
	for _, in := range o.Inputs {
		filesystem.ValidateScheme(in)
	}
	filesystem.ValidateScheme(o.Output)
	shards := o.Shards
	if shards == 0 {
		shards = 4
	}
	s = s.Scope("shogi")

	patterns := make([]any, len(o.Inputs))
	for i, in := range o.Inputs {
		patterns[i] = patternRef{Index: i, Pattern: in}
	}
	// The inputs are spread over the workers: matching a pattern is one element's work.
	inputs := beam.Reshuffle(s, beam.ParDo(s.Scope("match"), &matchFn{}, beam.Create(s, patterns...)))

	judge := &judgeFn{Lenient: o.Lenient, ShiftJIS: o.ShiftJIS, Notation: o.Notation, Shards: shards, Base: commonBase(o.Inputs),
		Filter: o.Filter, Dedup: o.Dedup, Book: o.Book}
	if o.Training != 0 {
		judge.Training = o.Training.String()
	}
	if o.From != record.Unknown {
		judge.From = o.From.String()
	}
	if o.To != record.Unknown {
		judge.To = o.To.String()
	}
	outs := beam.ParDoN(s.Scope("judge"), judge, inputs)
	chunks, summaries, games, training, batches, counts := outs[0], outs[1], outs[2], outs[3], outs[4], outs[5]

	if o.Training != 0 {
		if o.Dedup {
			kept := beam.CombinePerKey(s.Scope("dedup"), mergeDedup, batches)
			training = beam.ParDo(s.Scope("reshard"), &reshardFn{Shards: shards, Format: o.Training.String()}, kept)
		}
		beam.ParDo0(s.Scope("write training"), &writeTrainingFn{Output: o.Output}, beam.GroupByKey(s, training))
	}
	if o.Book != nil {
		positions := beam.CombinePerKey(s.Scope("book"), mergeBook, counts)
		beam.ParDo0(s.Scope("write book"), &writeBookFn{Output: o.Output, Book: *o.Book}, beam.Impulse(s),
			beam.SideInput{Input: positions})
	}

	dups := beam.ParDoN(s.Scope("duplicates"), duplicatesFn, beam.GroupByKey(s, games))
	dupChunks, dupCounts := dups[0], dups[1]

	files := beam.GroupByKey(s, beam.Flatten(s, chunks, dupChunks))
	beam.ParDo0(s.Scope("write"), &writeFn{Output: o.Output}, files)

	summary := beam.Combine(s.Scope("summary"), &summaryFn{}, summaries)
	dupTotal := beam.Combine(s.Scope("duplicate counts"), sumDuplicates, dupCounts)
	beam.ParDo0(s.Scope("write summary"), &writeSummaryFn{Output: o.Output}, beam.Impulse(s),
		beam.SideInput{Input: summary}, beam.SideInput{Input: dupTotal})
	return nil
}

// writeSummaryFn writes summary.json from the combined summary and duplicate counts,
// each of which is missing when there was nothing to count.
type writeSummaryFn struct {
	Output string
}

func (f *writeSummaryFn) ProcessElement(ctx context.Context, _ []byte, summaries func(**Summary) bool, dups func(*DuplicateCounts) bool) error {
	total := newSummary()
	var s *Summary
	for summaries(&s) {
		total.merge(s)
	}
	var d DuplicateCounts
	for dups(&d) {
		total.Duplicates = sumDuplicates(total.Duplicates, d)
	}
	total.finish()
	data, err := json.MarshalIndent(total, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(ctx, joinOutput(f.Output, summaryName), append(data, '\n'))
}

// writeFile writes data to the file at path, in any filesystem.
func writeFile(ctx context.Context, path string, data []byte) (err error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, path)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// ReadSummary reads the summary.json that a run wrote under the output prefix.
func ReadSummary(ctx context.Context, output string) (*Summary, error) {
	path := joinOutput(output, summaryName)
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	s := newSummary()
	if err := json.NewDecoder(r).Decode(s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}
