package pipeline

// The opening book: every valid record's moves as book.Builder counts them
// (Builder.Counts), keyed by position, combined per position, and brought together in
// one writer, which adds them up in a book.Builder and writes the book that shogi book
// build writes from the same records.

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/sfen"
)

// BookOptions configure the book a pipeline builds: the flags of shogi book build.
type BookOptions struct {
	// Kind is the book's format: book.YaneuraOu (written as "book.db") or book.Apery
	// ("book.bin").
	Kind book.Kind
	// MaxPly, MinCount and WinnerOnly are book.Builder's MaxPly, the minCount of
	// Builder.Book and Builder's WinnerOnly.
	MaxPly     int
	MinCount   uint64
	WinnerOnly bool
}

// bookName is the book's file name below the output prefix.
func bookName(k book.Kind) string {
	if k == book.Apery {
		return "book.bin"
	}
	return "book.db"
}

// BookMove is a move of a position with its counts (book.Entry's).
type BookMove struct {
	Move                       uint32 // shogi.Move
	Count, Wins, Draws, Losses uint64
}

// PositionCounts is what the records say of one position: its smallest move number
// and its moves, counted, sorted by move.
type PositionCounts struct {
	Ply   int
	Moves []BookMove
}

// mergeCounts adds up the counts of one position: a's and b's. It is associative and
// commutative, and leaves a and b as they were.
func mergeCounts(a, b PositionCounts) PositionCounts {
	out := PositionCounts{Ply: min(a.Ply, b.Ply), Moves: make([]BookMove, 0, len(a.Moves)+len(b.Moves))}
	i, j := 0, 0
	for i < len(a.Moves) || j < len(b.Moves) {
		switch {
		case j == len(b.Moves) || i < len(a.Moves) && a.Moves[i].Move < b.Moves[j].Move:
			out.Moves = append(out.Moves, a.Moves[i])
			i++
		case i == len(a.Moves) || b.Moves[j].Move < a.Moves[i].Move:
			out.Moves = append(out.Moves, b.Moves[j])
			j++
		default:
			m := a.Moves[i]
			n := b.Moves[j]
			m.Count += n.Count
			m.Wins += n.Wins
			m.Draws += n.Draws
			m.Losses += n.Losses
			out.Moves = append(out.Moves, m)
			i, j = i+1, j+1
		}
	}
	return out
}

// BookEntry is the counts of a position, keyed by its SFEN without the move number.
type BookEntry struct {
	Key    string
	Counts PositionCounts
}

// BookBatch is the element of the book's combine: the counts of positions whose hashes
// share their top batchBits bits (its key, batchKey), the first Sorted of them sorted
// by key, one per key, the rest in any order (as DedupBatch).
type BookBatch struct {
	Entries []BookEntry
	Sorted  int
}

// mergeBook is the combine of the book (appendBatch): the counts of each position
// added up. It returns a, which it may modify, as mergeDedup does.
func mergeBook(a, b BookBatch) BookBatch {
	a.Entries, a.Sorted = appendBatch(a.Entries, a.Sorted, b.Entries, compactBook)
	return a
}

// compactBook sorts entries by key and adds up the counts of each position.
func compactBook(entries []BookEntry) []BookEntry {
	slices.SortStableFunc(entries, func(x, y BookEntry) int { return strings.Compare(x.Key, y.Key) })
	out := entries[:0]
	for _, e := range entries {
		if n := len(out); n > 0 && out[n-1].Key == e.Key {
			out[n-1].Counts = mergeCounts(out[n-1].Counts, e.Counts)
			continue
		}
		out = append(out, e)
	}
	clear(entries[len(out):])
	return out
}

// positionTally is a bundle's counts of one position, before they are emitted.
type positionTally struct {
	hash  uint64 // the position's Zobrist hash, which chooses its batch
	ply   int
	moves map[uint32]*BookMove
}

// addBook adds the moves of rec that the book counts to the bundle's counts by
// position, which flushBook emits. A record whose line cannot be played adds nothing.
func (f *judgeFn) addBook(rec *shogi.Record, emit func(string, BookBatch)) error {
	b := book.Builder{MaxPly: f.Book.MaxPly, WinnerOnly: f.Book.WinnerOnly}
	type count struct {
		key  string
		hash uint64
		ply  int
		e    book.Entry
	}
	var counts []count
	for c, err := range b.Counts(rec) {
		if err != nil {
			return err
		}
		counts = append(counts, count{positionKey(sfen.Format(c.Position)), c.Position.Hash(), c.Position.MoveNumber(), c.Entry})
	}
	for _, c := range counts {
		t := f.counts[c.key]
		if t == nil {
			t = &positionTally{hash: c.hash, ply: c.ply, moves: map[uint32]*BookMove{}}
			f.counts[c.key] = t
		}
		t.ply = min(t.ply, c.ply)
		m := t.moves[uint32(c.e.Move)]
		if m == nil {
			m = &BookMove{Move: uint32(c.e.Move)}
			t.moves[m.Move] = m
		}
		m.Count += c.e.Count
		m.Wins += c.e.Wins
		m.Draws += c.e.Draws
		m.Losses += c.e.Losses
	}
	if len(f.counts) >= maxBundlePositions {
		f.flushBook(emit)
	}
	return nil
}

// flushBook emits the bundle's counts, in one sorted batch per key.
func (f *judgeFn) flushBook(emit func(string, BookBatch)) {
	emitBatches(maps.All(f.counts), func(key string, t *positionTally) (uint64, BookEntry) {
		pc := PositionCounts{Ply: t.ply, Moves: make([]BookMove, 0, len(t.moves))}
		for _, m := range t.moves {
			pc.Moves = append(pc.Moves, *m)
		}
		slices.SortFunc(pc.Moves, func(a, b BookMove) int { return cmp.Compare(a.Move, b.Move) })
		return t.hash, BookEntry{Key: key, Counts: pc}
	}, compactBook, func(key string, entries []BookEntry) { emit(key, BookBatch{Entries: entries, Sorted: len(entries)}) })
	clear(f.counts)
}

// writeBookFn writes the book from the counts of every position, a side input.
type writeBookFn struct {
	Output string
	Book   BookOptions
}

func (f *writeBookFn) ProcessElement(ctx context.Context, _ []byte, batches func(*string, *BookBatch) bool) error {
	var b book.Builder
	var batchKey string
	var batch BookBatch
	for batches(&batchKey, &batch) {
		for _, e := range compactBook(batch.Entries) {
			p, err := shogi.ParseSFENUnreachable(e.Key + " " + strconv.Itoa(e.Counts.Ply))
			if err != nil {
				return fmt.Errorf("book: the position %q: %w", e.Key, err) // unreachable: keys come from positions
			}
			for _, m := range e.Counts.Moves {
				b.AddCount(p, book.Entry{Move: shogi.Move(m.Move), Count: m.Count, Wins: m.Wins, Draws: m.Draws, Losses: m.Losses})
			}
		}
		batch = BookBatch{}
	}
	bk := b.Book(f.Book.MinCount)
	var data []byte
	if f.Book.Kind == book.Apery {
		ab, _, err := bk.Apery()
		if err != nil {
			return err
		}
		data = ab.Bytes()
	} else {
		data = book.Format(bk)
	}
	return writeFile(ctx, joinOutput(f.Output, bookName(f.Book.Kind)), data)
}
