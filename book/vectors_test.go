package book_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/record"
)

// The games of testdata/records that Apery's book maker was given (see
// testdata/apery/README.md): even games with a winner and at least 20 moves.
var aperyVectorGames = []string{
	"csa/v2.csa",
	"jkf/ryuou201409020101.jkf",
	"ki2/20091203.ki2",
	"kif/habu-fujii-2006.kif",
	"kif/jt201409130101.kif",
	"kif/kiou201403160101.kif",
	"kif/ryuou201409020101.kif",
}

func readRecordFile(t testing.TB, path string) *record.Reader {
	t.Helper()
	r, err := record.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// TestAperyVectors builds a book the way Apery's "b" command does (the winner's moves
// of each game, counted) from the same games and compares it with the book.bin that
// Apery wrote: every key, move and count. Apery sorts a key's entries by count with
// an unstable sort, so entries of equal count are compared as a set.
func TestAperyVectors(t *testing.T) {
	want, err := os.ReadFile("testdata/apery/records-winner.bin")
	if err != nil {
		t.Fatal(err)
	}
	wantBook, err := book.ParseApery(want)
	if err != nil {
		t.Fatal(err)
	}
	b := book.Builder{WinnerOnly: true}
	for _, name := range aperyVectorGames {
		r := readRecordFile(t, filepath.Join("..", "testdata", "records", name))
		rec, err := r.Read()
		if err != nil {
			t.Fatal(name, err)
		}
		if err := b.Add(rec); err != nil {
			t.Fatal(name, err)
		}
	}
	got, _, err := b.Book(0).Apery()
	if err != nil {
		t.Fatal(err)
	}
	canon := func(es []book.AperyEntry) []book.AperyEntry {
		es = slices.Clone(es)
		slices.SortStableFunc(es, func(a, b book.AperyEntry) int {
			switch {
			case a.Key != b.Key:
				if a.Key < b.Key {
					return -1
				}
				return 1
			case a.Count != b.Count:
				return int(b.Count) - int(a.Count)
			}
			return int(a.Move) - int(b.Move)
		})
		return es
	}
	if diff := cmp.Diff(canon(wantBook.Entries()), canon(got.Entries())); diff != "" {
		t.Errorf("book differs from Apery's (-Apery +ours):\n%s", diff)
	}
	if len(want) != len(got.Bytes()) {
		t.Errorf("Apery's book has %d bytes, ours %d", len(want), len(got.Bytes()))
	}
}

// The book Apery wrote holds the winners' moves only, so a walk along its moves stops
// at the first position where the loser is to move; Bridge 1 crosses those positions
// and reaches every entry (the seven games start from the even position).
func TestAperyVectorsWalk(t *testing.T) {
	data, err := os.ReadFile("testdata/apery/records-winner.bin")
	if err != nil {
		t.Fatal(err)
	}
	ab, err := book.ParseApery(data)
	if err != nil {
		t.Fatal(err)
	}
	_, plain, err := book.FromApery(ab, book.Starts(), book.WalkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, bridged, err := book.FromApery(ab, book.Starts(), book.WalkOptions{Bridge: 1})
	if err != nil {
		t.Fatal(err)
	}
	if plain.ReachedEntries >= 10 || bridged.ReachedEntries != bridged.Entries || bridged.Entries != 426 {
		t.Errorf("walk along the moves %+v, with Bridge 1 %+v", plain, bridged)
	}
	// What the walk found is what the Builder makes from the games (winners' moves).
	var want book.Builder
	want.WinnerOnly = true
	for _, name := range aperyVectorGames {
		r := readRecordFile(t, filepath.Join("..", "testdata", "records", name))
		rec, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		want.Add(rec)
	}
	if diff := cmp.Diff(string(book.Format(stripped(t, want.Book(0)))), string(book.Format(b))); diff != "" {
		t.Errorf("walked book (-built +walked):\n%s", diff)
	}
}
