package book

import (
	"math"
	"slices"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/packed"
)

// Starts returns the start positions of every game package handicap knows, the even
// game first: the usual roots of a walk by [FromApery].
func Starts() []*shogi.Position {
	out := make([]*shogi.Position, 0, len(handicap.All))
	seen := make(map[posKey]bool)
	for i := range handicap.All {
		p := handicap.All[i].Position()
		if k := keyOf(p); !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	return out
}

// AperyStats says what converting a book to Apery's format changed.
type AperyStats struct {
	Positions int // positions of the book
	Entries   int // entries written
	// Clamped counts the entries whose count was past 65535 and was written as 65535
	// (Apery stops counting there too).
	Clamped int
	// Shared counts the positions whose Apery key another position of the book has
	// already (the key leaves out the hand of the side not to move): their moves are
	// merged under the one key, the counts summed and the first position's score kept.
	Shared int
	// Merged counts the entries folded into another of the same key and move.
	Merged int
}

// Apery returns the book in Apery's format: each position's moves under its Apery key,
// counts clamped to 65535, values as scores. Ponders, depths and the win statistics
// have no place there. The positions of one key keep the engines' order of their moves.
func (b *Book) Apery() (*AperyBook, AperyStats, error) {
	var st AperyStats
	type group struct {
		key     uint64
		entries []Entry
	}
	byKey := make(map[uint64]int, len(b.nodes))
	var groups []group
	for i := range b.nodes {
		n := &b.nodes[i]
		if len(n.entries) == 0 {
			continue
		}
		st.Positions++
		key, err := AperyKey(n.key.position(n.ply))
		if err != nil {
			return nil, st, err
		}
		g, ok := byKey[key]
		if !ok {
			byKey[key] = len(groups)
			groups = append(groups, group{key: key, entries: slices.Clone(n.entries)})
			continue
		}
		st.Shared++
		es := groups[g].entries
	next:
		for _, e := range n.entries {
			for j := range es {
				if es[j].Move == e.Move {
					es[j].Count += e.Count
					st.Merged++
					continue next
				}
			}
			es = append(es, e)
		}
		slices.SortStableFunc(es, less)
		groups[g].entries = es
	}
	slices.SortFunc(groups, func(a, b group) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	ab := &AperyBook{entries: make([]AperyEntry, 0, b.Moves())}
	for _, g := range groups {
		for _, e := range g.entries {
			c := e.Count
			if c > math.MaxUint16 {
				c = math.MaxUint16
				st.Clamped++
			}
			ab.entries = append(ab.entries, AperyEntry{Key: g.key, Move: packed.NewAperyMove16(e.Move), Count: uint16(c), Score: e.Value})
		}
	}
	st.Entries = len(ab.entries)
	return ab, st, nil
}

// FromAperyStats says how much of an Apery book a walk reached.
type FromAperyStats struct {
	Entries        int // entries of the Apery book
	Keys           int // distinct keys of the Apery book
	ReachedEntries int // entries met in some position of the walk
	ReachedKeys    int // keys met in some position of the walk
	Positions      int // positions of the book made (one key may stand for several)
	Bridged        int // positions without entries the walk crossed (WalkOptions.Bridge)
}

// WalkOptions bound the walk of [FromApery].
type WalkOptions struct {
	// MaxPly is how many moves from a start the walk goes; 0 is no limit.
	MaxPly int
	// Bridge is how many positions in a row the walk may cross that the book has no
	// entry for, trying every legal move there. With Bridge 1 or more, the walk also
	// follows, from every position, each legal move that leads to a position the book
	// has. A book of the winners' moves alone (Apery's book maker's rule) has no entry
	// for the loser's moves: Bridge 1 crosses them. 0 follows the book's moves only.
	Bridge int
}

// FromApery converts an Apery book into a Book by walking the game tree: from each
// start position, breadth first, it looks every position up, adds the moves found
// there (each checked against the position), plays them and goes on from the positions
// reached, up to opt.MaxPly moves from the start; where the book has no entry it tries
// every legal move, for up to opt.Bridge positions in a row. A position is visited
// once, at its smallest distance; its move number is the start's plus that distance.
// Entries that no walk reaches are not in the result: the stats say how many were
// reached. Apery's key holds the hand of the side to move only, so a position reached
// that differs from a book position in the other side's hand alone takes its moves too
// (after a handicap start with pawns in the upper hand, for one). A move that is not legal where its key is met is an [*Error] with the
// entry's index and offset.
func FromApery(ab *AperyBook, starts []*shogi.Position, opt WalkOptions) (*Book, FromAperyStats, error) {
	st := FromAperyStats{Entries: len(ab.entries)}
	for i := range ab.entries {
		if i == 0 || ab.entries[i].Key != ab.entries[i-1].Key {
			st.Keys++
		}
	}
	b := New()
	reached := make([]bool, len(ab.entries))
	type item struct {
		key   posKey
		ply   int
		depth int
		gap   int // positions without entries crossed in a row before this one
	}
	seen := make(map[posKey]bool)
	var queue []item
	for _, s := range starts {
		k := keyOf(s)
		if !seen[k] {
			seen[k] = true
			queue = append(queue, item{k, s.MoveNumber(), 0, 0})
		}
	}
	inBook := func(p *shogi.Position) bool {
		key, err := AperyKey(p)
		if err != nil {
			return false
		}
		i, j := ab.span(key)
		return i < j
	}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		if opt.MaxPly > 0 && it.depth >= opt.MaxPly {
			continue
		}
		p := it.key.position(it.ply)
		key, err := AperyKey(p)
		if err != nil {
			continue // no key: the book cannot hold it
		}
		i, j := ab.span(key)
		if i == j {
			if it.gap >= opt.Bridge {
				continue
			}
			st.Bridged++
			for _, m := range p.LegalMoves() {
				p.PlayUnchecked(m)
				if ck := keyOf(p); !seen[ck] && (it.gap+1 < opt.Bridge || inBook(p)) {
					seen[ck] = true
					queue = append(queue, item{ck, p.MoveNumber(), it.depth + 1, it.gap + 1})
				}
				p.Undo()
			}
			continue
		}
		entries, err := ab.Lookup(p)
		if err != nil {
			return nil, st, err
		}
		for k := i; k < j; k++ {
			reached[k] = true
		}
		for _, e := range entries {
			b.add(it.key, it.ply, e)
			p.PlayUnchecked(e.Move)
			if ck := keyOf(p); !seen[ck] {
				seen[ck] = true
				queue = append(queue, item{ck, p.MoveNumber(), it.depth + 1, 0})
			}
			p.Undo()
		}
		if opt.Bridge > 0 {
			// The moves the book does not give here that lead back into it.
			for _, m := range p.LegalMoves() {
				p.PlayUnchecked(m)
				if ck := keyOf(p); !seen[ck] && inBook(p) {
					seen[ck] = true
					queue = append(queue, item{ck, p.MoveNumber(), it.depth + 1, 1})
				}
				p.Undo()
			}
		}
	}
	for i, r := range reached {
		if r {
			st.ReachedEntries++
			if i == 0 || ab.entries[i].Key != ab.entries[i-1].Key { // a key's entries are reached together
				st.ReachedKeys++
			}
		}
	}
	st.Positions = b.Len()
	return b, st, nil
}
