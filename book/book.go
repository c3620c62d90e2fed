package book

import (
	"cmp"
	"iter"
	"slices"
	"strings"

	"github.com/kifu-go/shogi"
)

// A book in memory: positions, each keyed by its board, hands and side to move (never
// its move number), with the moves played there. Each position keeps the smallest move
// number it was added with, which the YaneuraOu format writes.

// Entry is one move of a book position.
type Entry struct {
	Move shogi.Move
	// Ponder is the reply expected after Move, or NoMove.
	Ponder shogi.Move
	// Value is the evaluation after Move from the mover's view (YaneuraOu's value,
	// Apery's score), in centipawns; 0 when unknown.
	Value int32
	// Depth is the search depth of Value; 0 when unknown.
	Depth int32
	// Count is how often the move was chosen (in the games a book was built from).
	Count uint64
	// Wins, Draws and Losses count the games in which Move was played, by their result
	// for the mover. Neither file format holds them: a [Builder] fills them in, and a
	// book read from a file has them zero. Games with no result count in none of them.
	Wins, Draws, Losses uint64
}

// WinRate returns the share of won games among the games with a result in which the
// move was played, draws counting half, and false when there is none.
func (e Entry) WinRate() (float64, bool) {
	n := e.Wins + e.Draws + e.Losses
	if n == 0 {
		return 0, false
	}
	return (float64(e.Wins) + float64(e.Draws)/2) / float64(n), true
}

// less is the order of the engines: by Count, most chosen first, then by Value, best
// first (YaneuraOu's BookMove ordering, which it applies with a stable sort; Apery
// writes each position's entries by count, most chosen first).
func less(a, b Entry) int {
	if a.Count != b.Count {
		return cmp.Compare(b.Count, a.Count)
	}
	return cmp.Compare(b.Value, a.Value)
}

// posKey is a position without its move number.
type posKey struct {
	board [shogi.NumSquares]shogi.Piece
	hands [2]shogi.Hand
	side  shogi.Color
}

func keyOf(p *shogi.Position) posKey {
	var k posKey
	for i := range k.board {
		k.board[i] = p.PieceAt(shogi.SquareAt(i))
	}
	k.hands = [2]shogi.Hand{p.Hand(shogi.Black), p.Hand(shogi.White)}
	k.side = p.SideToMove()
	return k
}

// position rebuilds the position of k with move number ply.
func (k *posKey) position(ply int) *shogi.Position {
	p, err := shogi.NewPosition(shogi.Setup{Board: k.board, Hands: k.hands, SideToMove: k.side,
		MoveNumber: ply, AllowUnreachable: true, AllowExtraPieces: true})
	if err != nil {
		panic("book: a stored position does not rebuild: " + err.Error()) // unreachable: keys come from positions
	}
	return p
}

type node struct {
	key     posKey
	ply     int
	entries []Entry  // in the engines' order
	seqs    []uint32 // the order in which each entry's move was first added, for ties
	next    uint32
}

// Book is an opening book: positions with their moves. The zero Book is empty and ready
// to use. A Book is not safe for concurrent use while it changes.
type Book struct {
	index map[posKey]int
	nodes []node
}

// New returns an empty book.
func New() *Book { return &Book{} }

// Len returns the number of positions in the book.
func (b *Book) Len() int { return len(b.nodes) }

// Moves returns the number of entries (moves) in the book.
func (b *Book) Moves() int {
	n := 0
	for i := range b.nodes {
		n += len(b.nodes[i].entries)
	}
	return n
}

// Lookup returns the moves of p's position (board, hands and side to move; the move
// number is ignored) in the engines' order: most chosen first, then best value first,
// ties in the order they were added. It returns nil when the book has no move there.
// The slice belongs to the book: read it, do not change it. Lookup allocates nothing.
func (b *Book) Lookup(p *shogi.Position) []Entry {
	i, ok := b.index[keyOf(p)]
	if !ok {
		return nil
	}
	return slices.Clip(b.nodes[i].entries)
}

// Add adds e at p, after checking that e.Move is legal in p and that e.Ponder, when it
// is not NoMove, is legal after it. A move the position already has is merged the way
// YaneuraOu merges books: the counts (and wins, draws, losses) are summed and the other
// fields take e's values. The position keeps the smallest move number it was added with.
func (b *Book) Add(p *shogi.Position, e Entry) error {
	if err := checkEntry(p, e); err != nil {
		return err
	}
	b.add(keyOf(p), p.MoveNumber(), e)
	return nil
}

// checkEntry checks e's moves against p.
func checkEntry(p *shogi.Position, e Entry) error {
	if e.Move == shogi.NoMove {
		return ErrMove
	}
	if err := p.CheckMove(e.Move); err != nil {
		return moveError(err)
	}
	if e.Ponder == shogi.NoMove {
		return nil
	}
	p.PlayUnchecked(e.Move)
	err := p.CheckMove(e.Ponder)
	p.Undo()
	if err != nil {
		return moveError(ponderError{err})
	}
	return nil
}

// ponderError names a ponder move's foul as the ponder's.
type ponderError struct{ err error }

func (e ponderError) Error() string {
	return "ponder: " + strings.TrimPrefix(e.err.Error(), "shogi: ")
}
func (e ponderError) Unwrap() error { return e.err }

// node returns the node of k, creating it with ply.
func (b *Book) node(k posKey, ply int) *node {
	if b.index == nil {
		b.index = make(map[posKey]int)
	}
	i, ok := b.index[k]
	if !ok {
		i = len(b.nodes)
		b.index[k] = i
		b.nodes = append(b.nodes, node{key: k, ply: ply})
	}
	n := &b.nodes[i]
	if ply < n.ply {
		n.ply = ply
	}
	return n
}

func (b *Book) add(k posKey, ply int, e Entry) {
	n := b.node(k, ply)
	at, seq := -1, n.next
	for i := range n.entries {
		if old := &n.entries[i]; old.Move == e.Move {
			// YaneuraOu's insert: the entry is replaced where it stands, its count added.
			e.Count += old.Count
			e.Wins += old.Wins
			e.Draws += old.Draws
			e.Losses += old.Losses
			at, seq = i, n.seqs[i]
			n.entries = slices.Delete(n.entries, i, i+1)
			n.seqs = slices.Delete(n.seqs, i, i+1)
			break
		}
	}
	if at < 0 {
		n.next++
	}
	// The engines' order, ties in the order the moves were first added: the order a
	// stable sort gives YaneuraOu's list, where a merged move keeps its place.
	at = len(n.entries)
	for at > 0 && (less(n.entries[at-1], e) > 0 || less(n.entries[at-1], e) == 0 && n.seqs[at-1] > seq) {
		at--
	}
	n.entries = slices.Insert(n.entries, at, e)
	n.seqs = slices.Insert(n.seqs, at, seq)
}

// All yields the positions of the book in the order of their SFEN text, the order in
// which YaneuraOu writes and binary-searches its books, each with its smallest move
// number and its moves (which belong to the book, as [Book.Lookup]'s). Each position is
// a new *shogi.Position the caller may keep.
func (b *Book) All() iter.Seq2[*shogi.Position, []Entry] {
	return func(yield func(*shogi.Position, []Entry) bool) {
		type item struct {
			sfen string
			pos  *shogi.Position
			i    int
		}
		items := make([]item, 0, len(b.nodes))
		for i := range b.nodes {
			n := &b.nodes[i]
			if len(n.entries) == 0 {
				continue
			}
			p := n.key.position(n.ply)
			items = append(items, item{p.String(), p, i})
		}
		slices.SortFunc(items, func(a, b item) int { return strings.Compare(a.sfen, b.sfen) })
		for _, it := range items {
			if !yield(it.pos, slices.Clip(b.nodes[it.i].entries)) {
				return
			}
		}
	}
}

// Filter keeps the entries for which keep returns true and drops the positions left
// with none.
func (b *Book) Filter(keep func(p *shogi.Position, e Entry) bool) {
	out := b.nodes[:0]
	clear(b.index)
	for i := range b.nodes {
		n := b.nodes[i]
		var p *shogi.Position
		kept := n.entries[:0]
		for _, e := range n.entries {
			if p == nil {
				p = n.key.position(n.ply)
			}
			if keep(p, e) {
				kept = append(kept, e)
			}
		}
		if len(kept) == 0 {
			continue
		}
		n.entries = kept
		n.seqs = n.seqs[:len(kept)] // the kept entries' order stays: renumber
		for j := range n.seqs {
			n.seqs[j] = uint32(j)
		}
		n.next = uint32(len(kept))
		b.index[n.key] = len(out)
		out = append(out, n)
	}
	clear(b.nodes[len(out):])
	b.nodes = out
}

// MinCount drops the entries chosen fewer than k times, and the positions left with
// none.
func (b *Book) MinCount(k uint64) {
	b.Filter(func(_ *shogi.Position, e Entry) bool { return e.Count >= k })
}

// FillPonders sets the Ponder of every entry that has none to the first move the book
// gives in the position after it, when it gives one there.
func (b *Book) FillPonders() {
	for i := range b.nodes {
		n := &b.nodes[i]
		for j := range n.entries {
			e := &n.entries[j]
			if e.Ponder != shogi.NoMove {
				continue
			}
			if c, ok := b.index[n.key.after(e.Move)]; ok && len(b.nodes[c].entries) > 0 {
				e.Ponder = b.nodes[c].entries[0].Move
			}
		}
	}
}

// after returns the key of the position after m, a legal move of k's position.
func (k posKey) after(m shogi.Move) posKey {
	us := k.side
	to := m.To().Index()
	if m.IsDrop() {
		t := m.DropType()
		k.board[to] = shogi.NewPiece(us, t)
		k.hands[us] = k.hands[us].Remove(t)
	} else {
		from := m.From().Index()
		pc := k.board[from]
		if captured := k.board[to]; captured != shogi.NoPiece {
			k.hands[us] = k.hands[us].Add(captured.Type().Unpromote())
		}
		if m.IsPromotion() {
			pc = shogi.NewPiece(us, pc.Type().Promote())
		}
		k.board[from] = shogi.NoPiece
		k.board[to] = pc
	}
	k.side = us.Opponent()
	return k
}

// Equal reports whether b and c hold the same positions with the same entries in the
// same order. Move numbers are not compared.
func (b *Book) Equal(c *Book) bool {
	if b.Len() != c.Len() {
		return false
	}
	for i := range b.nodes {
		n := &b.nodes[i]
		j, ok := c.index[n.key]
		if !ok || !slices.Equal(n.entries, c.nodes[j].entries) {
			return false
		}
	}
	return true
}
