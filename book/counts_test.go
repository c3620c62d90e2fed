package book_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
	"pgregory.net/rapid"
)

// TestCountsMerged: the counts of each record, added with AddCount to another Builder
// in the reverse order, make the book Add makes, for each MaxPly and WinnerOnly.
func TestCountsMerged(t *testing.T) {
	var recs []*shogi.Record
	for rec := range recordsUnder(t, "../testdata/records") {
		recs = append(recs, rec)
	}
	if len(recs) < 10 {
		t.Fatalf("%d records", len(recs))
	}
	for _, opts := range []book.Builder{{}, {MaxPly: 12}, {WinnerOnly: true}, {MaxPly: 30, WinnerOnly: true}} {
		want, counter, merged := opts, opts, book.Builder{}
		type count struct {
			sfen string
			e    book.Entry
		}
		var counts []count
		for _, rec := range recs {
			errAdd := want.Add(rec)
			var errCounts error
			for c, err := range counter.Counts(rec) {
				if err != nil {
					errCounts = err
					break
				}
				counts = append(counts, count{c.Position.String(), c.Entry})
			}
			if (errAdd == nil) != (errCounts == nil) {
				t.Fatalf("Add: %v; Counts: %v", errAdd, errCounts)
			}
		}
		if counter.Games() != 0 {
			t.Error("Counts counted a game")
		}
		for _, c := range slices.Backward(counts) {
			p, err := shogi.ParseSFENUnreachable(c.sfen)
			if err != nil {
				t.Fatal(err)
			}
			merged.AddCount(p, c.e)
		}
		if diff := cmp.Diff(string(book.Format(want.Book(2))), string(book.Format(merged.Book(2)))); diff != "" {
			t.Errorf("MaxPly %d WinnerOnly %v: book of the counts (-Add +AddCount)\n%s", opts.MaxPly, opts.WinnerOnly, diff)
		}
		wb, mb := want.Book(0), merged.Book(0)
		if wb.Moves() == 0 || wb.Moves() != mb.Moves() {
			t.Errorf("%d moves, merged %d", wb.Moves(), mb.Moves())
		}
		start := shogi.NewStartPosition()
		if diff := cmp.Diff(wb.Lookup(start), mb.Lookup(start)); diff != "" {
			t.Errorf("the start's entries (-Add +AddCount)\n%s", diff)
		}
	}
}

func TestCountsIllegal(t *testing.T) {
	rec := shogi.NewRecord()
	cur := &rec.Root
	for _, m := range usiMoves(t, "7g7f 3c3d 2g2f 5a5c") { // the king steps two squares
		cur = cur.AddChild(m)
	}
	n := 0
	var b book.Builder
	for _, err := range b.Counts(rec) {
		n++
		if err == nil {
			t.Error("a count of a line with an illegal move")
		}
	}
	if n != 1 {
		t.Errorf("%d yields, want the error alone", n)
	}
}

// TestCountsProperty: random games with random results, counted with Counts and
// merged with AddCount in a random order on another Builder, give the book Add gives,
// for any MaxPly and WinnerOnly.
func TestCountsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		opts := book.Builder{MaxPly: rapid.IntRange(0, 8).Draw(t, "max ply"), WinnerOnly: rapid.Bool().Draw(t, "winner only")}
		want, counter, merged := opts, opts, book.Builder{}
		type count struct {
			pos *shogi.Position
			e   book.Entry
		}
		var counts []count
		for range rapid.IntRange(1, 6).Draw(t, "games") {
			rec := shogi.NewRecord()
			p := shogi.NewStartPosition()
			n := &rec.Root
			for range rapid.IntRange(0, 10).Draw(t, "moves") {
				ms := p.LegalMoves()
				if len(ms) == 0 {
					break
				}
				m := rapid.SampledFrom(ms).Draw(t, "move")
				n = n.AddChild(m)
				p.PlayUnchecked(m)
			}
			kind := rapid.SampledFrom([]shogi.EndingKind{shogi.EndNone, shogi.EndResign, shogi.EndSennichite}).Draw(t, "ending")
			if kind != shogi.EndNone {
				n.End = &shogi.Ending{Kind: kind, Result: p.EndingResult(kind)}
			}
			if err := want.Add(rec); err != nil {
				t.Fatal(err)
			}
			for c, err := range counter.Counts(rec) {
				if err != nil {
					t.Fatal(err)
				}
				counts = append(counts, count{c.Position.Clone(), c.Entry})
			}
		}
		for _, i := range rapid.Permutation(rangeOf(len(counts))).Draw(t, "order") {
			merged.AddCount(counts[i].pos, counts[i].e)
		}
		got, w := merged.Book(0), want.Book(0)
		if g, w := string(book.Format(got)), string(book.Format(w)); g != w {
			t.Fatalf("merged counts:\n%s\nAdd:\n%s", g, w)
		}
		for p, es := range w.All() {
			if diff := cmp.Diff(es, got.Lookup(p)); diff != "" {
				t.Fatalf("%v (-Add +merged)\n%s", p, diff)
			}
		}
	})
}

func rangeOf(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
