package main

import (
	"flag"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/beam/pipeline"
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
