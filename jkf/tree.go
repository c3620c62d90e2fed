package jkf

import (
	"maps"
	"math"
	"slices"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/internal/piececode"
)

// The decoded form of a record that the converter reads: the header and the initial
// position as the JKF structs of json.go hold them (one of each a record), and the
// entries of the moves and of every fork in flat arrays without pointers, which the
// next record reuses. The fast decoder fills a tree directly; input it refuses is
// decoded by encoding/json into the structs of json.go and copied into a tree
// (tree.fill).

// A tree is one record decoded.
type tree struct {
	header  header
	initial *initial
	moves   list // the entries of "moves"

	entries  []entry
	forks    []list   // the fork lists of the entries, each entry's side by side
	comments []string // the comments of the entries, each entry's side by side
	odd      []string // the words that are not among knownWords (see entry.piece)
}

// A list is a list of entries: the first, and then each entry's next, n of them. n is
// -1 when no list was given (no key, or null), 0 when the list is empty.
type list struct{ first, n int32 }

// noList is the list of a missing key or a null.
var noList = list{first: -1, n: -1}

// given reports whether the list was written (even empty).
func (l list) given() bool { return l.n >= 0 }

// empty reports whether the list holds no entry.
func (l list) empty() bool { return l.n <= 0 }

// A span is the part [first, first+n) of one of the tree's arrays.
type span struct{ first, n int32 }

// An entry is one element of a list of moves: a move, a special, comments, forks.
// Integers are held in 32 bits, saturated: a value out of their range fails every
// check an int's would (squares 1 to 9, colors 0 and 1, times up to shogi.MaxTime).
// Strings that are piece codes, specials or relative letters are numbers: 0 is the
// empty string, 1 to len(knownWords) a known word, and above that a word of tree.odd.
type entry struct {
	next     int32 // the next entry of the same list, or -1
	flags    entryFlag
	color    int32
	from, to coords
	piece    word
	capture  word
	relative word
	special  word
	now      [3]int32 // h, m, s
	total    [3]int32
	comments span // in tree.comments, when hasComments
	forks    span // in tree.forks
}

type coords struct{ x, y int32 }

type entryFlag uint16

const (
	hasMove entryFlag = 1 << iota
	hasColor
	hasFrom
	hasTo
	hasPromote
	promote
	same
	hasTime
	hasComments
)

// A word is a string of a move, as entry tells.
type word int32

// knownWords are the words a record holds most, which are not allocated again:
// piece codes (a piece's word is its type), specials, presets and relative letters.
var knownWords []string

// knownWordIDs gives the word of each of knownWords.
var knownWordIDs = map[string]word{}

func init() {
	knownWords = append(knownWords, pieceCodes[:]...)
	knownWords = append(knownWords, slices.Sorted(maps.Keys(specialKinds))...)
	knownWords = append(knownWords, "OTHER")
	for _, h := range handicap.All {
		knownWords = append(knownWords, h.JKF)
	}
	const letters = "LCRUMDH"
	for _, a := range letters {
		knownWords = append(knownWords, string(a))
		for _, b := range letters {
			knownWords = append(knownWords, string(a)+string(b))
		}
	}
	for i, w := range knownWords {
		if _, dup := knownWordIDs[w]; !dup && w != "" {
			knownWordIDs[w] = word(i)
		}
	}
}

// wordOf returns the word of s, adding it to t.odd if it is none of knownWords.
func (t *tree) wordOf(s []byte) word {
	if len(s) == 0 {
		return 0
	}
	if len(s) == 2 {
		if p := piececode.Parse(s[0], s[1]); p != shogi.NoPieceType {
			return word(p)
		}
	}
	if w, ok := knownWordIDs[string(s)]; ok {
		return w
	}
	t.odd = append(t.odd, string(s))
	return word(len(knownWords) + len(t.odd) - 1)
}

// str returns the string of w.
func (t *tree) str(w word) string {
	if int(w) < len(knownWords) {
		return knownWords[w]
	}
	return t.odd[int(w)-len(knownWords)]
}

// int32Of returns n saturated to 32 bits.
func int32Of(n int) int32 {
	return int32(max(min(n, math.MaxInt32), math.MinInt32))
}

// maxKeptEntries bounds the entries a tree keeps from one record to the next (a
// record of about 65 000 moves).
const maxKeptEntries = 1 << 16

// reset empties t for the next record; the arrays a long record made large are let go.
func (t *tree) reset() {
	t.header, t.initial, t.moves = nil, nil, noList
	if cap(t.entries) > maxKeptEntries {
		t.entries = nil
	}
	if cap(t.forks) > maxKeptEntries {
		t.forks = nil
	}
	if cap(t.comments) > maxKeptEntries {
		t.comments = nil
	}
	clear(t.comments) // the record keeps its own copy
	clear(t.odd)
	if cap(t.odd) > maxKeptEntries {
		t.odd = nil
	}
	t.entries, t.forks, t.comments, t.odd = t.entries[:0], t.forks[:0], t.comments[:0], t.odd[:0]
}

// fill makes t the tree of k, a record encoding/json decoded.
func (t *tree) fill(k *kifu) {
	t.reset()
	t.header, t.initial = k.Header, k.Initial
	t.moves = t.list(k.Moves)
}

func (t *tree) list(entries []moveFormat) list {
	if entries == nil {
		return noList
	}
	l := list{first: -1, n: int32(len(entries))}
	last := int32(-1)
	for i := range entries {
		e := t.entry(&entries[i])
		at := int32(len(t.entries))
		t.entries = append(t.entries, e)
		if last < 0 {
			l.first = at
		} else {
			t.entries[last].next = at
		}
		last = at
	}
	return l
}

func (t *tree) entry(mf *moveFormat) entry {
	e := entry{next: -1, special: t.wordOf([]byte(mf.Special))}
	if mf.Comments != nil {
		e.flags |= hasComments
		e.comments = span{int32(len(t.comments)), int32(len(mf.Comments))}
		t.comments = append(t.comments, mf.Comments...)
	}
	if m := mf.Move; m != nil {
		e.flags |= hasMove
		if m.Color != nil {
			e.flags |= hasColor
			e.color = int32Of(*m.Color)
		}
		if m.From != nil {
			e.flags |= hasFrom
			e.from = coords{int32Of(m.From.X), int32Of(m.From.Y)}
		}
		if m.To != nil {
			e.flags |= hasTo
			e.to = coords{int32Of(m.To.X), int32Of(m.To.Y)}
		}
		if m.Same {
			e.flags |= same
		}
		if m.Promote != nil {
			e.flags |= hasPromote
			if *m.Promote {
				e.flags |= promote
			}
		}
		e.piece = t.wordOf([]byte(m.Piece))
		e.capture = t.wordOf([]byte(m.Capture))
		e.relative = t.wordOf([]byte(m.Relative))
	}
	if tp := mf.Time; tp != nil {
		e.flags |= hasTime
		e.now = [3]int32{int32Of(tp.Now.H), int32Of(tp.Now.M), int32Of(tp.Now.S)}
		e.total = [3]int32{int32Of(tp.Total.H), int32Of(tp.Total.M), int32Of(tp.Total.S)}
	}
	if len(mf.Forks) > 0 {
		forks := make([]list, len(mf.Forks))
		for i, f := range mf.Forks {
			forks[i] = t.list(f)
		}
		e.forks = span{int32(len(t.forks)), int32(len(forks))}
		t.forks = append(t.forks, forks...)
	}
	return e
}
