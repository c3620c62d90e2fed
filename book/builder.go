package book

import (
	"cmp"
	"fmt"
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
			return err
		}
		played++
	}
	for range played {
		start.Undo()
	}
	played = 0
	winner, decided := result.Winner()
	if b.counts == nil {
		b.counts = make(map[posKey]*tally)
	}
	b.games++
	for _, m := range moves {
		mover := start.SideToMove()
		if !b.WinnerOnly || decided && winner == mover {
			k := keyOf(start)
			t := b.counts[k]
			if t == nil {
				t = &tally{ply: start.MoveNumber(), moves: make(map[shogi.Move]*Entry, 1)}
				b.counts[k] = t
			}
			t.ply = min(t.ply, start.MoveNumber())
			e := t.moves[m]
			if e == nil {
				e = &Entry{Move: m}
				t.moves[m] = e
			}
			e.Count++
			switch {
			case result == shogi.Draw:
				e.Draws++
			case decided && winner == mover:
				e.Wins++
			case decided:
				e.Losses++
			}
		}
		start.PlayUnchecked(m)
		played++
	}
	return nil
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
