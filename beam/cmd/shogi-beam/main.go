// Command shogi-beam validates, converts and summarises archives of shogi game records
// on Apache Beam: locally on the Prism runner, or on a cluster (Dataflow, Flink, Spark).
// Each record gets the verdict that shogi validate gives it, as the same line of JSON.
//
// Usage:
//
//	shogi-beam --input PATTERN [--input PATTERN…] --output PREFIX [--from FMT] [--lenient]
//	           [--to FMT [--encoding utf-8|sjis]] [--notation STYLE] [--shards N]
//	           [--training hcpe|hcp|psfen|psv|sfen|usi [--min-rating N] [--min-plies N]
//	            [--endings CODE,…] [--skip-first N] [--max-eval N] [--dedup]]
//	           [--book yaneuraou|apery [--book-max-ply N] [--book-min-count K] [--book-winner-only]]
//	           [--runner prism|dataflow|flink|spark|…] [runner flags…]
//
// PATTERN is a file pattern in any filesystem Beam knows: a local path ("records/*/*.kif"),
// gs://bucket/records/** or s3://bucket/records/*. PREFIX is the directory the outputs go
// to (see the pipeline package): verdicts-*.jsonl, summary.json, duplicates.jsonl,
// converted/, lines-*.txt, training-*.FMT and book.db or book.bin. --training and its
// filters are those of shogi positions, --book and its options those of shogi book build. The runner's own flags (--project, --region,
// --temp_location, --endpoint, --environment_type, …) are Beam's and are passed through.
//
// The default runner is Prism, in-process. When the run is over, shogi-beam reads
// summary.json back and prints its counts.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs" // gs:// paths
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"  // s3:// paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/beam/pipeline"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/internal/english"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/packed"
	"github.com/kifu-go/shogi/record"
)

// patterns is a flag that may be given several times.
type patterns []string

func (p *patterns) String() string     { return strings.Join(*p, ",") }
func (p *patterns) Set(v string) error { *p = append(*p, v); return nil }

// flags are shogi-beam's own flags.
type flags struct {
	inputs   patterns
	output   *string
	from     *string
	lenient  *bool
	to       *string
	encoding *string
	notation *string
	shards   *int

	training   *string
	minRating  *string
	minPlies   *int
	endings    *string
	skipFirst  *int
	maxEval    *int
	dedup      *bool
	book       *string
	bookMaxPly *int
	bookMin    *uint64
	bookWinner *bool
}

// addFlags defines shogi-beam's flags in fs, next to the runners' own.
func addFlags(fs *flag.FlagSet) *flags {
	f := &flags{
		output:   fs.String("output", "", "prefix (a directory, local or gs://, s3://) under which the outputs are written"),
		from:     fs.String("from", "", "input format: kif, ki2, csa, jkf, usi, sfen; default: detect it in each file"),
		lenient:  fs.Bool("lenient", false, "read leniently, as shogi validate -lenient"),
		to:       fs.String("to", "", "convert the valid records to this format: kif, ki2 (a file per record), csa, jkf, usi, sfen (shards)"),
		encoding: fs.String("encoding", "utf-8", "encoding of the converted kif, ki2 and csa records: utf-8 or sjis"),
		notation: fs.String("notation", "", "also write the main line of every valid record in this notation: "+strings.Join(notation.Names, ", ")),
		shards:   fs.Int("shards", 4, "number of files of each sharded output"),

		training:   fs.String("training", "", "write the training entries of the valid records, as shogi positions -to: hcpe, hcp, psfen, psv, sfen, usi"),
		minRating:  fs.String("min-rating", "", "with --training: keep records whose two players' floodgate ratings are both at least `N`"),
		minPlies:   fs.Int("min-plies", 0, "with --training: keep records of at least `N` moves"),
		endings:    fs.String("endings", "", "with --training: keep records whose ending code is one of these, comma-separated (resign,mate,…; none)"),
		skipFirst:  fs.Int("skip-first", 0, "with --training: drop the first `N` positions of each record"),
		maxEval:    fs.Int("max-eval", -1, "with --training: drop positions whose |evaluation| is above `N`"),
		dedup:      fs.Bool("dedup", false, "with --training: write each position once, the first met in the order of the inputs"),
		book:       fs.String("book", "", "build an opening book, as shogi book build -to: yaneuraou (book.db) or apery (book.bin)"),
		bookMaxPly: fs.Int("book-max-ply", 0, "with --book: take the first `N` moves of each main line (0: all)"),
		bookMin:    fs.Uint64("book-min-count", 1, "with --book: keep the moves chosen at least `K` times"),
		bookWinner: fs.Bool("book-winner-only", false, "with --book: count only the moves of the side that won"),
	}
	fs.Var(&f.inputs, "input", "file pattern of the records to read; give it several times for several patterns")
	return f
}

var cli = addFlags(flag.CommandLine)

func main() {
	flag.Parse()
	beam.Init() // on a worker, this runs the worker and does not return
	log.SetFlags(0)
	log.SetPrefix("shogi-beam: ")

	opts, err := cli.options()
	if err != nil {
		fmt.Fprintln(os.Stderr, "shogi-beam:", err)
		fmt.Fprintln(os.Stderr, "usage: shogi-beam --input PATTERN… --output PREFIX [--from FMT] [--lenient] [--to FMT [--encoding sjis]] [--notation STYLE] [--shards N] [--training FMT [filters]] [--book yaneuraou|apery] [--runner NAME] [runner flags]; -help lists every flag")
		os.Exit(2)
	}
	p, s := beam.NewPipelineWithRoot()
	if err := pipeline.Build(s, opts); err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	if err := beamx.Run(ctx, p); err != nil {
		log.Fatalf("the pipeline failed: %v", err)
	}
	sum, err := pipeline.ReadSummary(ctx, opts.Output)
	if err != nil {
		log.Printf("done; the summary could not be read back: %v", err)
		return
	}
	fmt.Fprintln(os.Stderr, summaryLine(sum))
}

// summaryLine is the run's summary on standard error, its counts in number as shogi
// validate's (english.Count): "1 record in 1 input: 1 valid, 0 invalid; 0 inputs
// skipped, 0 unreadable; 0 games found more than once".
func summaryLine(sum *pipeline.Summary) string {
	return fmt.Sprintf("%s in %s: %d valid, %d invalid; %s skipped, %d unreadable; %s found more than once",
		english.Count(sum.Records, "record"), english.Count(sum.Inputs, "input"), sum.Valid, sum.Invalid,
		english.Count(sum.Skipped, "input"), sum.InputErrors, english.Count(sum.Duplicates.Games, "game"))
}

// options turns the flags into the pipeline's options.
func (f *flags) options() (pipeline.Options, error) {
	o := pipeline.Options{Inputs: f.inputs, Output: *f.output, Lenient: *f.lenient, Notation: *f.notation, Shards: *f.shards}
	if len(f.inputs) == 0 {
		return o, fmt.Errorf("--input: name the records to read (a file pattern)")
	}
	if o.Output == "" {
		return o, fmt.Errorf("--output: name the directory for the outputs")
	}
	if o.Shards < 1 {
		return o, fmt.Errorf("--shards: %d; want 1 or more", o.Shards)
	}
	var err error
	if *f.from != "" {
		if o.From, err = record.ParseFormat(*f.from); err != nil {
			return o, fmt.Errorf("--from: %w", err)
		}
	}
	if *f.to != "" {
		if o.To, err = record.ParseFormat(*f.to); err != nil {
			return o, fmt.Errorf("--to: %w", err)
		}
	}
	switch strings.ToLower(*f.encoding) {
	case "utf-8", "utf8":
	case "sjis", "shift_jis", "shift-jis", "cp932":
		if o.To != record.KIF && o.To != record.KI2 && o.To != record.CSA {
			return o, fmt.Errorf("--encoding: only kif, ki2 and csa are written in Shift_JIS")
		}
		o.ShiftJIS = true
	default:
		return o, fmt.Errorf("--encoding: unknown encoding %q (want utf-8 or sjis)", *f.encoding)
	}
	if o.Notation != "" {
		if _, ok := notation.ByName(o.Notation); !ok {
			return o, fmt.Errorf("--notation: unknown notation %q (want one of %s)", o.Notation, strings.Join(notation.Names, ", "))
		}
	}
	if err := f.trainingOptions(&o); err != nil {
		return o, err
	}
	switch *f.book {
	case "":
		if *f.bookMaxPly != 0 || *f.bookMin != 1 || *f.bookWinner {
			return o, fmt.Errorf("--book-max-ply, --book-min-count and --book-winner-only go with --book")
		}
	case "yaneuraou", "apery":
		o.Book = &pipeline.BookOptions{Kind: book.YaneuraOu, MaxPly: *f.bookMaxPly, MinCount: *f.bookMin, WinnerOnly: *f.bookWinner}
		if *f.book == "apery" {
			o.Book.Kind = book.Apery
		}
		if o.Book.MaxPly < 0 {
			return o, fmt.Errorf("--book-max-ply: %d; want 0 or more", o.Book.MaxPly)
		}
	default:
		return o, fmt.Errorf("--book: %q; want yaneuraou or apery", *f.book)
	}
	return o, nil
}

// trainingOptions sets the training entries' format and filters of o.
func (f *flags) trainingOptions(o *pipeline.Options) error {
	filtered := *f.minRating != "" || *f.minPlies != 0 || *f.endings != "" || *f.skipFirst != 0 || *f.maxEval != -1 || *f.dedup
	if *f.training == "" {
		if filtered {
			return fmt.Errorf("--min-rating, --min-plies, --endings, --skip-first, --max-eval and --dedup go with --training")
		}
		return nil
	}
	var err error
	if o.Training, err = packed.ParseSampleFormat(*f.training); err != nil {
		return fmt.Errorf("--training: unknown format %q (want hcpe, hcp, psfen, psv, sfen or usi)", *f.training)
	}
	o.Dedup = *f.dedup
	o.Filter = packed.Filter{MinPlies: *f.minPlies, SkipFirst: *f.skipFirst}
	if *f.maxEval >= 0 {
		o.Filter.ByEval, o.Filter.MaxEval = true, *f.maxEval
	}
	switch {
	case *f.minPlies < 0:
		return fmt.Errorf("--min-plies: %d; want 0 or more", *f.minPlies)
	case *f.skipFirst < 0:
		return fmt.Errorf("--skip-first: %d; want 0 or more", *f.skipFirst)
	case *f.maxEval < -1:
		return fmt.Errorf("--max-eval: %d; want 0 or more", *f.maxEval)
	}
	if *f.minRating != "" {
		v, err := strconv.ParseFloat(*f.minRating, 64)
		if err != nil || math.IsNaN(v) {
			return fmt.Errorf("--min-rating: %q is not a number", *f.minRating)
		}
		o.Filter.ByRating, o.Filter.MinRating = true, v
	}
	if *f.endings != "" {
		o.Filter.Endings = []shogi.EndingKind{}
		for _, code := range strings.Split(*f.endings, ",") {
			var k shogi.EndingKind
			if err := k.UnmarshalText([]byte(strings.TrimSpace(code))); err != nil {
				return fmt.Errorf("--endings: unknown ending %q", code)
			}
			o.Filter.Endings = append(o.Filter.Endings, k)
		}
	}
	return nil
}
