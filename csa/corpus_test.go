package csa_test

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
)

// corpusRecord is what a record of a test file reads to.
type corpusRecord struct {
	Line     int    // where it starts (Reader.RecordLine)
	Moves    int    // the moves a lenient read keeps (a strict one too, when the record is good)
	End      string // the kind of the lenient read's ending, "" for none
	Warnings []place
	Err      *place // the strict read's error; nil when it gives the lenient read's record
}

// multiRecordFiles are the test files that hold several records or broken ones
// (testdata/README.md says how they were made).
var multiRecordFiles = map[string][]corpusRecord{
	"multi-broken.csa": {
		{Line: 1, Moves: 3, End: "interrupt"},
		{Line: 23, Moves: 40, End: "unread", Warnings: []place{{164, 1, shogi.ErrPieceMismatch}}, Err: &place{164, 1, shogi.ErrPieceMismatch}},
		{Line: 648, Moves: 2, End: "illegal loss"},
		{Line: 669, Moves: 2, End: "interrupt", Warnings: []place{{704, 1, csa.ErrTime}}, Err: &place{704, 1, csa.ErrTime}},
		{Line: 708, Moves: 10, End: "unread", Warnings: []place{{735, 1, csa.ErrMoveSyntax}}, Err: &place{735, 1, csa.ErrMoveSyntax}},
		{Line: 752, Moves: 61, End: "mate"},
	},
	"comma-comments.csa": {
		{Line: 1, Moves: 196, End: "resign"},
		{Line: 233, Moves: 4, End: "entering king win"},
	},
}

// TestCorpus reads every test file, strictly and leniently: each good record is read
// (the same record both ways), each bad one is reported at its place (an error, or
// warnings and the moves before the fault), and the records after a bad one are read.
func TestCorpus(t *testing.T) {
	corpus := map[string][]corpusRecord{}
	for _, f := range fixtures {
		end := ""
		if f.ending != nil {
			end = f.ending.Kind.String()
		}
		corpus[f.file] = []corpusRecord{{Line: 1, Moves: f.moves, End: end}}
	}
	for file, recs := range multiRecordFiles {
		corpus[file] = recs
	}
	files, err := filepath.Glob("testdata/*.csa")
	if err != nil {
		t.Fatal(err)
	}
	for i := range files {
		files[i] = filepath.Base(files[i])
	}
	if want := slices.Sorted(func(yield func(string) bool) {
		for f := range corpus {
			if !yield(f) {
				return
			}
		}
	}); !slices.Equal(want, files) {
		t.Fatalf("test files %v, described %v", files, want)
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			data := readFile(t, file)
			lenient := readAll(t, data, true)
			strict := readAll(t, data, false)
			if len(lenient) != len(corpus[file]) || len(strict) != len(corpus[file]) {
				t.Fatalf("%d records read leniently, %d strictly, want %d", len(lenient), len(strict), len(corpus[file]))
			}
			for i, want := range corpus[file] {
				l, s := lenient[i], strict[i]
				got := corpusRecord{Line: l.line, Warnings: l.warnings}
				if l.err != nil {
					t.Fatalf("record %d: lenient read: %v", i+1, l.err)
				}
				got.Moves = len(l.rec.Moves())
				if e := l.rec.Ending(); e != nil {
					got.End = e.Kind.String()
				}
				if s.line != l.line {
					t.Errorf("record %d: the strict read starts it at line %d, the lenient one at %d", i+1, s.line, l.line)
				}
				if s.err != nil {
					var se *csa.SyntaxError
					if !errors.As(s.err, &se) {
						t.Fatalf("record %d: %v is not a SyntaxError", i+1, s.err)
					}
					var wantErr error
					if want.Err != nil {
						wantErr = want.Err.Err
					}
					p := placeOf(se, wantErr)
					got.Err = &p
				} else if diff := diffRecords(l.rec, s.rec); diff != "" {
					t.Errorf("record %d: strict and lenient reads differ (-lenient +strict):\n%s", i+1, diff)
				}
				if diff := cmp.Diff(want, got, comparePlaces, equateEmpty); diff != "" {
					t.Errorf("record %d (-want +got):\n%s", i+1, diff)
				}
			}
		})
	}
}

type readResult struct {
	line     int
	rec      *shogi.Record
	err      error
	warnings []place
}

// readAll reads every record of data, with the place of each warning.
func readAll(t *testing.T, data []byte, lenient bool) []readResult {
	t.Helper()
	r := csa.NewReader(bytes.NewReader(data))
	r.Lenient = lenient
	var out []readResult
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return out
		}
		res := readResult{line: r.RecordLine(), rec: rec, err: err}
		for _, w := range r.Warnings() {
			res.warnings = append(res.warnings, placeOf(w, warningSentinel(w)))
		}
		out = append(out, res)
		if len(out) > 100 {
			t.Fatal("more than 100 records")
		}
	}
}

// warningSentinel returns the sentinel among those the corpus expects that w wraps.
func warningSentinel(w error) error {
	for _, s := range []error{shogi.ErrPieceMismatch, csa.ErrTime, csa.ErrMoveSyntax} {
		if errors.Is(w, s) {
			return s
		}
	}
	return nil
}
