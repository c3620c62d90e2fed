package pipeline

// The opening book: every valid record's moves as book.Builder counts them
// (Builder.Counts), keyed by position, combined per position, and brought together in
// one writer, which adds them up in a book.Builder and writes the book that shogi book
// build writes from the same records.

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"

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

// mergeCounts is the combine per position: the counts of a and b added up. It is
// associative and commutative, and leaves a and b as they were.
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

// positionTally is a bundle's counts of one position, before they are emitted.
type positionTally struct {
	ply   int
	moves map[uint32]*BookMove
}

// addBook adds the moves of rec that the book counts to the bundle's counts by
// position, which flushBook emits. A record whose line cannot be played adds nothing.
func (f *judgeFn) addBook(rec *shogi.Record, emit func(string, PositionCounts)) error {
	b := book.Builder{MaxPly: f.Book.MaxPly, WinnerOnly: f.Book.WinnerOnly}
	type count struct {
		key string
		ply int
		e   book.Entry
	}
	var counts []count
	for c, err := range b.Counts(rec) {
		if err != nil {
			return err
		}
		counts = append(counts, count{positionKey(sfen.Format(c.Position)), c.Position.MoveNumber(), c.Entry})
	}
	for _, c := range counts {
		t := f.counts[c.key]
		if t == nil {
			t = &positionTally{ply: c.ply, moves: map[uint32]*BookMove{}}
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

// flushBook emits the bundle's counts, one element per position.
func (f *judgeFn) flushBook(emit func(string, PositionCounts)) {
	for key, t := range f.counts {
		pc := PositionCounts{Ply: t.ply, Moves: make([]BookMove, 0, len(t.moves))}
		for _, m := range t.moves {
			pc.Moves = append(pc.Moves, *m)
		}
		slices.SortFunc(pc.Moves, func(a, b BookMove) int { return cmp.Compare(a.Move, b.Move) })
		emit(key, pc)
	}
	clear(f.counts)
}

// writeBookFn writes the book from the counts of every position, a side input.
type writeBookFn struct {
	Output string
	Book   BookOptions
}

func (f *writeBookFn) ProcessElement(ctx context.Context, _ []byte, counts func(*string, *PositionCounts) bool) error {
	var b book.Builder
	var key string
	var pc PositionCounts
	for counts(&key, &pc) {
		p, err := shogi.ParseSFENUnreachable(key + " " + strconv.Itoa(pc.Ply))
		if err != nil {
			return fmt.Errorf("book: the position %q: %w", key, err) // unreachable: keys come from positions
		}
		for _, m := range pc.Moves {
			b.AddCount(p, book.Entry{Move: shogi.Move(m.Move), Count: m.Count, Wins: m.Wins, Draws: m.Draws, Losses: m.Losses})
		}
		pc = PositionCounts{}
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
