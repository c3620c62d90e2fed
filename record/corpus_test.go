package record_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/record"
)

// corpusRow is the verdict on one record of a file of testdata/corpus.
type corpusRow struct {
	File string
	Row  verdictRow
}

// TestCorpus reads every file of testdata/corpus (see its README: real records, the
// dialects of the issue, and broken records of every format), strictly and leniently:
// every good record is read, every bad one reported with its place (line, column, move
// number and code), and the records after a bad one are read all the same.
func TestCorpus(t *testing.T) {
	for _, tc := range []struct {
		lenient bool
		want    []corpusRow
	}{
		{false, strictCorpus},
		{true, lenientCorpus(t)},
	} {
		files, err := filepath.Glob("testdata/corpus/*")
		if err != nil {
			t.Fatal(err)
		}
		var got []corpusRow
		for _, f := range files {
			if filepath.Ext(f) == ".md" {
				continue
			}
			r, err := record.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			r.Lenient = tc.lenient
			for v := range record.Validate(r) {
				got = append(got, corpusRow{filepath.Base(f), rowOf(v)})
			}
			r.Close()
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("lenient %v (-want +got)\n%s", tc.lenient, diff)
		}
	}
}

var strictCorpus = []corpusRow{
	{"comma-comments.csa", verdictRow{Index: 1, StartLine: 1, Valid: true, Moves: 196, Ending: "resign", Problems: nil}},
	// A %KACHI after four moves of the even game: the declaration fails (issue 18).
	{"comma-comments.csa", verdictRow{Index: 2, StartLine: 233, Valid: false, Moves: 4, Ending: "entering-king-win", Problems: []string{"error false-declaration - - 5"}}},
	{"commented-board.ki2", verdictRow{Index: 1, StartLine: 16, Valid: false, Moves: 0, Ending: "unread", Problems: []string{"error not-in-hand 16 1 1"}}},
	{"commented-board.kif", verdictRow{Index: 1, StartLine: 16, Valid: false, Moves: 0, Ending: "unread", Problems: []string{"error not-in-hand 19 6 1"}}},
	{"declared-sjis-body-utf8.kifu", verdictRow{Index: 1, StartLine: 3, Valid: false, Moves: 3, Ending: "resign", Problems: []string{"error encoding 1 18 -"}}},
	{"declared-utf8-body-sjis.kif", verdictRow{Index: 1, StartLine: 3, Valid: false, Moves: 3, Ending: "resign", Problems: []string{"error encoding 1 18 -"}}},
	{"false-mate.kif", verdictRow{Index: 1, StartLine: 2, Valid: false, Moves: 1, Ending: "mate", Problems: []string{"error false-mate - - 2"}}},
	{"foul.kif", verdictRow{Index: 1, StartLine: 1, Valid: false, Moves: 3, Ending: "unread", Problems: []string{"error not-your-piece 5 6 4"}}},
	{"games.jsonl", verdictRow{Index: 1, StartLine: 1, Valid: true, Moves: 107, Ending: "resign", Problems: nil}},
	{"games.jsonl", verdictRow{Index: 2, StartLine: 2, Valid: false, Moves: 0, Ending: "", Problems: []string{"error syntax 2 24 -"}}},
	{"games.jsonl", verdictRow{Index: 3, StartLine: 3, Valid: false, Moves: 3, Ending: "unread", Problems: []string{"error not-your-piece 3 296 4"}}},
	{"games.jsonl", verdictRow{Index: 4, StartLine: 4, Valid: true, Moves: 3, Ending: "interrupt", Problems: nil}},
	{"header-spaces.kifu", verdictRow{Index: 1, StartLine: 2, Valid: true, Moves: 2, Ending: "resign", Problems: nil}},
	{"henka-temme.ki2", verdictRow{Index: 1, StartLine: 1, Valid: true, Moves: 4, Ending: "interrupt", Problems: nil}},
	{"henka-temme.kifu", verdictRow{Index: 1, StartLine: 2, Valid: true, Moves: 4, Ending: "interrupt", Problems: nil}},
	{"is-shogi.kifu", verdictRow{Index: 1, StartLine: 2, Valid: true, Moves: 5, Ending: "resign", Problems: nil}},
	{"jt-eucjp.csa", verdictRow{Index: 1, StartLine: 1, Valid: true, Moves: 107, Ending: "resign", Problems: nil}},
	{"multi-broken.csa", verdictRow{Index: 1, StartLine: 1, Valid: true, Moves: 2, Ending: "resign", Problems: nil}},
	{"multi-broken.csa", verdictRow{Index: 2, StartLine: 8, Valid: false, Moves: 2, Ending: "unread", Problems: []string{"error no-piece 13 1 3"}}},
	{"multi-broken.csa", verdictRow{Index: 3, StartLine: 15, Valid: true, Moves: 1, Ending: "interrupt", Problems: nil}},
	{"positions.sfen", verdictRow{Index: 1, StartLine: 1, Valid: true, Moves: 0, Ending: "", Problems: nil}},
	{"positions.sfen", verdictRow{Index: 2, StartLine: 2, Valid: true, Moves: 0, Ending: "", Problems: nil}},
	{"positions.sfen", verdictRow{Index: 3, StartLine: 3, Valid: false, Moves: 0, Ending: "", Problems: []string{"error syntax 3 30 -"}}},
	{"positions.sfen", verdictRow{Index: 4, StartLine: 4, Valid: true, Moves: 0, Ending: "", Problems: nil}},
	{"positions.usi", verdictRow{Index: 1, StartLine: 2, Valid: true, Moves: 4, Ending: "", Problems: nil}},
	{"positions.usi", verdictRow{Index: 2, StartLine: 3, Valid: true, Moves: 1, Ending: "", Problems: nil}},
	{"positions.usi", verdictRow{Index: 3, StartLine: 4, Valid: false, Moves: 0, Ending: "unread", Problems: []string{"error nifu 4 51 1"}}},
	{"positions.usi", verdictRow{Index: 4, StartLine: 5, Valid: false, Moves: 0, Ending: "", Problems: []string{"error syntax 5 1 -"}}},
	{"positions.usi", verdictRow{Index: 5, StartLine: 6, Valid: true, Moves: 2, Ending: "", Problems: nil}},
	{"six-games-three-broken.csa", verdictRow{Index: 1, StartLine: 1, Valid: true, Moves: 3, Ending: "interrupt", Problems: nil}},
	{"six-games-three-broken.csa", verdictRow{Index: 2, StartLine: 23, Valid: false, Moves: 40, Ending: "unread", Problems: []string{"error piece-mismatch 164 1 41"}}},
	{"six-games-three-broken.csa", verdictRow{Index: 3, StartLine: 648, Valid: true, Moves: 2, Ending: "illegal-loss", Problems: nil}},
	{"six-games-three-broken.csa", verdictRow{Index: 4, StartLine: 669, Valid: false, Moves: 2, Ending: "interrupt", Problems: []string{"error syntax 704 1 -"}}},
	{"six-games-three-broken.csa", verdictRow{Index: 5, StartLine: 708, Valid: false, Moves: 10, Ending: "unread", Problems: []string{"error syntax 735 1 -"}}},
	{"six-games-three-broken.csa", verdictRow{Index: 6, StartLine: 752, Valid: true, Moves: 61, Ending: "mate", Problems: nil}},
	{"tsume-futile.kif", verdictRow{Index: 1, StartLine: 2, Valid: true, Moves: 1, Ending: "mate", Problems: []string{"warning futile-interpositions - - 2"}}},
}

// lenientChanges are the rows of the lenient read that differ from the strict one's:
// the same problems as warnings, the records valid.
var lenientChanges = []corpusRow{
	{"commented-board.ki2", verdictRow{Index: 1, StartLine: 16, Valid: true, Moves: 0, Ending: "unread", Problems: []string{"warning not-in-hand 16 1 1"}}},
	{"commented-board.kif", verdictRow{Index: 1, StartLine: 16, Valid: true, Moves: 0, Ending: "unread", Problems: []string{"warning not-in-hand 19 6 1"}}},
	{"declared-sjis-body-utf8.kifu", verdictRow{Index: 1, StartLine: 3, Valid: true, Moves: 3, Ending: "resign", Problems: []string{"warning encoding 1 18 -"}}},
	{"declared-utf8-body-sjis.kif", verdictRow{Index: 1, StartLine: 3, Valid: true, Moves: 3, Ending: "resign", Problems: []string{"warning encoding 1 18 -"}}},
	{"foul.kif", verdictRow{Index: 1, StartLine: 1, Valid: true, Moves: 3, Ending: "unread", Problems: []string{"warning not-your-piece 5 6 4"}}},
	{"games.jsonl", verdictRow{Index: 3, StartLine: 3, Valid: true, Moves: 3, Ending: "unread", Problems: []string{"warning not-your-piece 3 296 4"}}},
	{"multi-broken.csa", verdictRow{Index: 2, StartLine: 8, Valid: true, Moves: 2, Ending: "unread", Problems: []string{"warning no-piece 13 1 3"}}},
	{"positions.usi", verdictRow{Index: 3, StartLine: 4, Valid: true, Moves: 0, Ending: "unread", Problems: []string{"warning nifu 4 51 1"}}},
	{"six-games-three-broken.csa", verdictRow{Index: 2, StartLine: 23, Valid: true, Moves: 40, Ending: "unread", Problems: []string{"warning piece-mismatch 164 1 41"}}},
	{"six-games-three-broken.csa", verdictRow{Index: 4, StartLine: 669, Valid: true, Moves: 2, Ending: "interrupt", Problems: []string{"warning syntax 704 1 -"}}},
	{"six-games-three-broken.csa", verdictRow{Index: 5, StartLine: 708, Valid: true, Moves: 10, Ending: "unread", Problems: []string{"warning syntax 735 1 -"}}},
}

// lenientCorpus is strictCorpus with lenientChanges in place.
func lenientCorpus(t *testing.T) []corpusRow {
	rows := slices.Clone(strictCorpus)
	next := 0
	for i, r := range rows {
		if next < len(lenientChanges) && lenientChanges[next].File == r.File && lenientChanges[next].Row.Index == r.Row.Index {
			rows[i] = lenientChanges[next]
			next++
		}
	}
	if next != len(lenientChanges) {
		t.Fatalf("lenient change %v matches no strict row in order", lenientChanges[next])
	}
	return rows
}
