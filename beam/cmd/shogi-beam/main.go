// Command shogi-beam validates, converts and summarises archives of shogi game records
// on Apache Beam: locally on the Prism runner, or on a cluster (Dataflow, Flink, Spark).
// Each record gets the verdict that shogi validate gives it, as the same line of JSON.
//
// Usage:
//
//	shogi-beam --input PATTERN [--input PATTERN…] --output PREFIX [--from FMT] [--lenient]
//	           [--to FMT [--encoding utf-8|sjis]] [--notation STYLE] [--shards N]
//	           [--runner prism|dataflow|flink|spark|…] [runner flags…]
//
// PATTERN is a file pattern in any filesystem Beam knows: a local path ("records/*/*.kif"),
// gs://bucket/records/** or s3://bucket/records/*. PREFIX is the directory the outputs go
// to (see the pipeline package): verdicts-*.jsonl, summary.json, duplicates.jsonl,
// converted/ and lines-*.txt. The runner's own flags (--project, --region,
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
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs" // gs:// paths
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"  // s3:// paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/kifu-go/shogi/beam/pipeline"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/record"
)

// patterns is a flag that may be given several times.
type patterns []string

func (p *patterns) String() string     { return strings.Join(*p, ",") }
func (p *patterns) Set(v string) error { *p = append(*p, v); return nil }

var (
	inputs   patterns
	output   = flag.String("output", "", "prefix (a directory, local or gs://, s3://) under which the outputs are written")
	from     = flag.String("from", "", "input format: kif, ki2, csa, jkf, usi, sfen; default: detect it in each file")
	lenient  = flag.Bool("lenient", false, "read leniently, as shogi validate -lenient")
	to       = flag.String("to", "", "convert the valid records to this format: kif, ki2 (a file per record), csa, jkf, usi, sfen (shards)")
	encoding = flag.String("encoding", "utf-8", "encoding of the converted kif, ki2 and csa records: utf-8 or sjis")
	style    = flag.String("notation", "", "also write the main line of every valid record in this notation: "+strings.Join(notation.Names, ", "))
	shards   = flag.Int("shards", 4, "number of files of each sharded output")
)

func init() {
	flag.Var(&inputs, "input", "file pattern of the records to read; give it several times for several patterns")
}

func main() {
	flag.Parse()
	beam.Init() // on a worker, this runs the worker and does not return
	log.SetFlags(0)
	log.SetPrefix("shogi-beam: ")

	opts, err := options()
	if err != nil {
		fmt.Fprintln(os.Stderr, "shogi-beam:", err)
		flag.Usage()
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
	sum, err := pipeline.ReadSummary(ctx, *output)
	if err != nil {
		log.Printf("done; the summary could not be read back: %v", err)
		return
	}
	fmt.Fprintf(os.Stderr, "%d records in %d inputs: %d valid, %d invalid; %d inputs without a record, %d unreadable; %d games found more than once\n",
		sum.Records, sum.Inputs, sum.Valid, sum.Invalid, sum.Skipped, sum.InputErrors, sum.Duplicates.Games)
}

// options turns the flags into the pipeline's options.
func options() (pipeline.Options, error) {
	o := pipeline.Options{Inputs: inputs, Output: *output, Lenient: *lenient, Notation: *style, Shards: *shards}
	if len(inputs) == 0 {
		return o, fmt.Errorf("--input: name the records to read (a file pattern)")
	}
	if *output == "" {
		return o, fmt.Errorf("--output: name the directory for the outputs")
	}
	if *shards < 1 {
		return o, fmt.Errorf("--shards: %d; want 1 or more", *shards)
	}
	var err error
	if *from != "" {
		if o.From, err = record.ParseFormat(*from); err != nil {
			return o, fmt.Errorf("--from: %w", err)
		}
	}
	if *to != "" {
		if o.To, err = record.ParseFormat(*to); err != nil {
			return o, fmt.Errorf("--to: %w", err)
		}
	}
	switch strings.ToLower(*encoding) {
	case "utf-8", "utf8":
	case "sjis", "shift_jis", "shift-jis", "cp932":
		if o.To != record.KIF && o.To != record.KI2 && o.To != record.CSA {
			return o, fmt.Errorf("--encoding: only kif, ki2 and csa are written in Shift_JIS")
		}
		o.ShiftJIS = true
	default:
		return o, fmt.Errorf("--encoding: unknown encoding %q (want utf-8 or sjis)", *encoding)
	}
	if *style != "" {
		if _, ok := notation.ByName(*style); !ok {
			return o, fmt.Errorf("--notation: unknown notation %q (want one of %s)", *style, strings.Join(notation.Names, ", "))
		}
	}
	return o, nil
}
