package main

import (
	"flag"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/beam/pipeline"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/packed"
	"github.com/kifu-go/shogi/record"
)

func TestOptions(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want pipeline.Options
		says string
	}{
		{[]string{"--input", "a/*", "--input", "gs://b/*", "--output", "out"},
			pipeline.Options{Inputs: []string{"a/*", "gs://b/*"}, Output: "out", Shards: 4}, ""},
		{[]string{"--input=a/*", "--output=out", "--from=csa", "--lenient", "--to=kif", "--encoding=sjis", "--notation=western", "--shards=8"},
			pipeline.Options{Inputs: []string{"a/*"}, Output: "out", From: record.CSA, Lenient: true, To: record.KIF, ShiftJIS: true, Notation: "western", Shards: 8}, ""},
		{[]string{"--input=a", "--output=o", "--training=psv", "--min-rating=2500", "--min-plies=30", "--endings=resign,none", "--skip-first=8", "--max-eval=0", "--dedup",
			"--book=apery", "--book-max-ply=40", "--book-min-count=3", "--book-winner-only"},
			pipeline.Options{Inputs: []string{"a"}, Output: "o", Shards: 4, Training: packed.SamplePSV, Dedup: true,
				Filter: packed.Filter{ByRating: true, MinRating: 2500, MinPlies: 30, Endings: []shogi.EndingKind{shogi.EndResign, shogi.EndNone}, SkipFirst: 8, ByEval: true, MaxEval: 0},
				Book:   &pipeline.BookOptions{Kind: book.Apery, MaxPly: 40, MinCount: 3, WinnerOnly: true}}, ""},
		{[]string{"--input=a", "--output=o", "--training=hcpe", "--book=yaneuraou"},
			pipeline.Options{Inputs: []string{"a"}, Output: "o", Shards: 4, Training: packed.SampleHCPE, Book: &pipeline.BookOptions{Kind: book.YaneuraOu, MinCount: 1}}, ""},
		{[]string{"--input=a", "--output=o", "--training=bin"}, pipeline.Options{}, `--training: unknown format "bin"`},
		{[]string{"--input=a", "--output=o", "--dedup"}, pipeline.Options{}, "go with --training"},
		{[]string{"--input=a", "--output=o", "--training=hcp", "--endings=resign,won"}, pipeline.Options{}, `--endings: unknown ending "won"`},
		{[]string{"--input=a", "--output=o", "--training=hcp", "--min-rating=high"}, pipeline.Options{}, `--min-rating: "high"`},
		{[]string{"--input=a", "--output=o", "--training=hcp", "--max-eval=-2"}, pipeline.Options{}, "--max-eval: -2"},
		{[]string{"--input=a", "--output=o", "--book=kif"}, pipeline.Options{}, `--book: "kif"`},
		{[]string{"--input=a", "--output=o", "--book-winner-only"}, pipeline.Options{}, "go with --book"},
		{[]string{"--output=out"}, pipeline.Options{}, "--input"},
		{[]string{"--input=a"}, pipeline.Options{}, "--output"},
		{[]string{"--input=a", "--output=o", "--shards=0"}, pipeline.Options{}, "--shards: 0"},
		{[]string{"--input=a", "--output=o", "--from=pgn"}, pipeline.Options{}, `--from: record: unknown format "pgn"`},
		{[]string{"--input=a", "--output=o", "--to=pdf"}, pipeline.Options{}, `--to: record: unknown format "pdf"`},
		{[]string{"--input=a", "--output=o", "--to=jkf", "--encoding=sjis"}, pipeline.Options{}, "only kif, ki2 and csa"},
		{[]string{"--input=a", "--output=o", "--encoding=latin1"}, pipeline.Options{}, `unknown encoding "latin1"`},
		{[]string{"--input=a", "--output=o", "--notation=pgn"}, pipeline.Options{}, `unknown notation "pgn"`},
	} {
		fs := flag.NewFlagSet("shogi-beam", flag.ContinueOnError)
		f := addFlags(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		got, err := f.options()
		switch {
		case tc.says == "" && err != nil:
			t.Errorf("%v: %v", tc.args, err)
		case tc.says == "":
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%v: (-want +got)\n%s", tc.args, diff)
			}
		case err == nil || !strings.Contains(err.Error(), tc.says):
			t.Errorf("%v: %v, want it to say %q", tc.args, err, tc.says)
		}
	}
}

// TestSummaryLine: the summary agrees in number with what it counts, as shogi validate's
// does ("1 record in 1 input"); it said "1 records in 1 inputs", "1 inputs skipped".
func TestSummaryLine(t *testing.T) {
	one := &pipeline.Summary{Inputs: 1, Skipped: 1, Records: 1, Valid: 1, Duplicates: pipeline.DuplicateCounts{Games: 1}}
	if got, want := summaryLine(one), "1 record in 1 input: 1 valid, 0 invalid; 1 input skipped, 0 unreadable; 1 game found more than once"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	many := &pipeline.Summary{Inputs: 3, Skipped: 0, InputErrors: 2, Records: 4, Valid: 2, Invalid: 2}
	if got, want := summaryLine(many), "4 records in 3 inputs: 2 valid, 2 invalid; 0 inputs skipped, 2 unreadable; 0 games found more than once"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
