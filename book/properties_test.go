package book_test

import (
	"math"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/internal/gametest"
	"pgregory.net/rapid"
)

// drawStarts draws one to three start positions: the even game, handicaps.
func drawStarts(t *rapid.T) []*shogi.Position {
	var starts []*shogi.Position
	for range rapid.IntRange(1, 3).Draw(t, "starts") {
		h := rapid.IntRange(0, len(handicap.All)-1).Draw(t, "handicap")
		starts = append(starts, handicap.All[h].Position())
	}
	return starts
}

// drawEntry draws an entry for m in p; binOnly leaves out what Apery's format cannot
// hold.
func drawEntry(t *rapid.T, p *shogi.Position, m shogi.Move, binOnly bool) book.Entry {
	e := book.Entry{Move: m, Value: rapid.Int32().Draw(t, "value")}
	if binOnly {
		// Up to 18 adds of one move at one position (6 walks, 3 moves a position) sum
		// their counts: keep the sum within Apery's 16 bits.
		e.Count = uint64(rapid.IntRange(0, math.MaxUint16/18).Draw(t, "count"))
		return e
	}
	e.Depth = rapid.Int32().Draw(t, "depth")
	e.Count = rapid.Uint64().Draw(t, "count")
	if rapid.Bool().Draw(t, "ponder") {
		p.PlayUnchecked(m)
		if ms := p.LegalMoves(); len(ms) > 0 {
			e.Ponder = rapid.SampledFrom(ms).Draw(t, "ponder move")
		}
		p.Undo()
	}
	return e
}

// drawBook draws a book of random walks from the starts: every position of a walk has
// the move played there, and some have other legal moves besides. Every position is
// reachable from a start by moves of the book.
func drawBook(t *rapid.T, starts []*shogi.Position, binOnly bool) *book.Book {
	b := book.New()
	for range rapid.IntRange(1, 6).Draw(t, "walks") {
		p := starts[rapid.IntRange(0, len(starts)-1).Draw(t, "start")].Clone()
		for range rapid.IntRange(1, 40).Draw(t, "plies") {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			for range rapid.IntRange(0, 2).Draw(t, "others") {
				m := rapid.SampledFrom(ms).Draw(t, "other move")
				if err := b.Add(p, drawEntry(t, p, m, binOnly)); err != nil {
					t.Fatal(err)
				}
			}
			m := rapid.SampledFrom(ms).Draw(t, "move")
			if err := b.Add(p, drawEntry(t, p, m, binOnly)); err != nil {
				t.Fatal(err)
			}
			p.PlayUnchecked(m)
		}
	}
	return b
}

// book → YaneuraOu text → book: the same book, and the same text again. Positions
// composed at random (unreachable, with full hands, without kings) included.
func TestPropertyTextRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := drawBook(t, drawStarts(t), false)
		for range rapid.IntRange(0, 3).Draw(t, "composed") {
			p := gametest.DrawComposed(t, []int{1, 2, 57, 300})
			if ms := p.LegalMoves(); len(ms) > 0 {
				if err := b.Add(p, drawEntry(t, p, rapid.SampledFrom(ms).Draw(t, "move"), false)); err != nil {
					t.Fatal(err)
				}
			}
		}
		text := book.Format(b)
		back, err := book.Parse(text)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		if !back.Equal(b) {
			t.Fatalf("read back differs:\n%s\n---\n%s", text, book.Format(back))
		}
		if again := book.Format(back); string(again) != string(text) {
			t.Fatalf("written twice differs:\n%s\n---\n%s", text, again)
		}
	})
}

// book → Apery's book.bin → book, walking from the start positions: the same book,
// for what the format holds (no ponder, depth or statistics, counts to 65535), unless
// two positions share a key.
func TestPropertyAperyRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		starts := drawStarts(t)
		b := drawBook(t, starts, true)
		ab, st, err := b.Apery()
		if err != nil {
			t.Fatal(err)
		}
		if st.Shared > 0 {
			t.Skip("two positions share an Apery key")
		}
		read, err := book.ParseApery(ab.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		back, fst, err := book.FromApery(read, starts, book.WalkOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if fst.ReachedEntries != fst.Entries || fst.Entries != b.Moves() {
			t.Fatalf("walk reached %+v of %d moves", fst, b.Moves())
		}
		// Apery's key holds the hand of the side to move only: a position the walk
		// reaches that differs from one of the book's in the other side's hand alone
		// (a handicap start with pawns in the upper hand, say) takes that position's
		// moves. Such a position is the only one read back that the book did not have.
		keys := map[uint64]bool{}
		for p := range b.All() {
			k, err := book.AperyKey(p)
			if err != nil {
				t.Fatal(err)
			}
			keys[k] = true
		}
		for p := range back.All() {
			if len(b.Lookup(p)) == 0 {
				if k, err := book.AperyKey(p); err != nil || !keys[k] {
					t.Fatalf("read back a position the book has not, with a key of its own: %v", p)
				}
			}
		}
		back.Filter(func(p *shogi.Position, _ book.Entry) bool { return len(b.Lookup(p)) > 0 })
		if !back.Equal(b) {
			t.Fatalf("read back differs:\n%s\n---\n%s", book.Format(b), book.Format(back))
		}
	})
}

// FillPonders finds the position after each move as playing it does: every ponder it
// sets is the first move of the position reached.
func TestPropertyFillPonders(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := drawBook(t, drawStarts(t), true)
		b.FillPonders()
		for p, es := range b.All() {
			for _, e := range es {
				p.PlayUnchecked(e.Move)
				next := b.Lookup(p)
				switch {
				case len(next) == 0 && e.Ponder != shogi.NoMove:
					t.Fatalf("%v: ponder %v where the book has no move", p, e.Ponder)
				case len(next) > 0 && e.Ponder != next[0].Move:
					t.Fatalf("%v after %v: ponder %v, want %v", p, e.Move, e.Ponder, next[0].Move)
				}
				p.Undo()
			}
		}
	})
}
