package book

import (
	"cmp"
	"fmt"
	"iter"
	"slices"

	"github.com/kifu-go/shogi"
)

// Builder makes a book from game records: for every position of each record's main
// line, the move played there, counted, with the game's result for the side that
// played it. The book it makes does not depend on the order in which the records come.
// The zero Builder takes every move of every main line.
type Builder struct {
	// MaxPly is how many moves of each main line are taken, counted from the record's
	// start (not by move number, so that a record starting mid-game takes as many);
	// 0 takes them all.
	MaxPly int
	// WinnerOnly takes only the moves of the side that won (Apery's rule for its books):
	// none of a drawn game or a game without a result.
	WinnerOnly bool

	counts map[posKey]*tally
	games  int
}

// tally is what the Builder knows of a position.
type tally struct {
	ply   int
	moves map[shogi.Move]*Entry
}

// Games returns the number of records added.
func (b *Builder) Games() int { return b.games }

// Add adds the main line of rec, with the result of its ending ([shogi.Record.Ending];
// no ending, or one without a result, counts no win, draw or loss). A record whose line
// cannot be played (an illegal move, an invalid start) adds nothing and returns the
// error.
func (b *Builder) Add(rec *shogi.Record) error {
	start, err := rec.StartPosition()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrPosition, err)
	}
	result := shogi.NoResult
	if end := rec.Ending(); end != nil {
		result = end.Result
	}
	return b.AddMoves(start, rec.Moves(), result)
}

// AddMoves adds the line of moves played from start, a game that ended in result. The
// moves are checked first: a line with an illegal move adds nothing and returns its
// *shogi.IllegalMoveError. A NoMove at the end of the line (a record's ending given as a
// move) ends it. start is played on and taken back.
func (b *Builder) AddMoves(start *shogi.Position, moves []shogi.Move, result shogi.Result) error {
	for c, err := range b.countMoves(start, moves, result) {
		if err != nil {
			return err
		}
		b.AddCount(c.Position, c.Entry)
	}
	b.games++
	return nil
}

// A Count is one move that a Builder counts: the position before it and the move with
// its counts (Entry.Count 1, and one of Wins, Draws and Losses 1 when the game has a
// result).
type Count struct {
	// Position is the position before the move, with its move number from the record.
	// It is valid during the iteration only: the iterator plays the line on it.
	Position *shogi.Position
	Entry    Entry
}

// Counts returns the moves of rec's main line that [Builder.Add] counts, by b's MaxPly
// and WinnerOnly, with the game's result for the side that played each; it adds
// nothing to b. Adding each with [Builder.AddCount], in any order and on any Builder,
// gives the book Add would: a pipeline counts the moves of many records apart and
// merges their counts per position. The line is checked first: a record whose line
// cannot be played yields its error alone.
func (b *Builder) Counts(rec *shogi.Record) iter.Seq2[Count, error] {
	return func(yield func(Count, error) bool) {
		start, err := rec.StartPosition()
		if err != nil {
			yield(Count{}, fmt.Errorf("%w: %w", ErrPosition, err))
			return
		}
		result := shogi.NoResult
		if end := rec.Ending(); end != nil {
			result = end.Result
		}
		b.countMoves(start, rec.Moves(), result)(yield)
	}
}

// countMoves is Counts for a line of moves from start.
func (b *Builder) countMoves(start *shogi.Position, moves []shogi.Move, result shogi.Result) iter.Seq2[Count, error] {
	return func(yield func(Count, error) bool) {
		for len(moves) > 0 && moves[len(moves)-1] == shogi.NoMove {
			moves = moves[:len(moves)-1]
		}
		if b.MaxPly > 0 && len(moves) > b.MaxPly {
			moves = moves[:b.MaxPly]
		}
		played := 0
		defer func() {
			for range played {
				start.Undo()
			}
		}()
		for _, m := range moves {
			if err := start.Play(m); err != nil {
				yield(Count{}, err)
				return
			}
			played++
		}
		for range played {
			start.Undo()
		}
		played = 0
		winner, decided := result.Winner()
		for _, m := range moves {
			mover := start.SideToMove()
			if !b.WinnerOnly || decided && winner == mover {
				e := Entry{Move: m, Count: 1}
				switch {
				case result == shogi.Draw:
					e.Draws = 1
				case decided && winner == mover:
					e.Wins = 1
				case decided:
					e.Losses = 1
				}
				if !yield(Count{Position: start, Entry: e}, nil) {
					return
				}
			}
			start.PlayUnchecked(m)
			played++
		}
	}
}

// AddCount adds e's Count, Wins, Draws and Losses to the move e.Move of p's position
// (its board, hands and side to move), which keeps the smallest move number it is
// added with. The other fields of e are not used. It does not count a game.
func (b *Builder) AddCount(p *shogi.Position, e Entry) {
	if b.counts == nil {
		b.counts = make(map[posKey]*tally)
	}
	k := keyOf(p)
	t := b.counts[k]
	if t == nil {
		t = &tally{ply: p.MoveNumber(), moves: make(map[shogi.Move]*Entry, 1)}
		b.counts[k] = t
	}
	t.ply = min(t.ply, p.MoveNumber())
	c := t.moves[e.Move]
	if c == nil {
		c = &Entry{Move: e.Move}
		t.moves[e.Move] = c
	}
	c.Count += e.Count
	c.Wins += e.Wins
	c.Draws += e.Draws
	c.Losses += e.Losses
}

// Book returns the book of the records added so far: the moves chosen at least
// minCount times (0 or 1 keeps all), each position's moves in the engines' order with
// ties broken by the move's code, and each move's Ponder the most chosen reply in the
// book ([Book.FillPonders]). Values and depths are 0.
func (b *Builder) Book(minCount uint64) *Book {
	bk := New()
	keys := make([]posKey, 0, len(b.counts))
	for k := range b.counts {
		keys = append(keys, k)
	}
	// A fixed order of positions, so that the book's own order never depends on the
	// map's.
	slices.SortFunc(keys, func(a, b posKey) int {
		if c := cmp.Compare(a.side, b.side); c != 0 {
			return c
		}
		if c := slices.Compare(a.board[:], b.board[:]); c != 0 {
			return c
		}
		if c := cmp.Compare(a.hands[0], b.hands[0]); c != 0 {
			return c
		}
		return cmp.Compare(a.hands[1], b.hands[1])
	})
	for _, k := range keys {
		t := b.counts[k]
		moves := make([]shogi.Move, 0, len(t.moves))
		for m, e := range t.moves {
			if e.Count >= minCount {
				moves = append(moves, m)
			}
		}
		slices.Sort(moves)
		for _, m := range moves {
			bk.add(k, t.ply, *t.moves[m])
		}
	}
	bk.FillPonders()
	return bk
}
