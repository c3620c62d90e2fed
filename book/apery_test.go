package book_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/packed"
)

// Worked examples of Apery's move layout (the same as cshogi's HCPE move16).
func TestAperyMove(t *testing.T) {
	tests := []struct {
		usi  string
		want packed.AperyMove16
	}{
		{"7g7f", 0x1e3b},
		{"8h2b+", 0x630a},
		{"P*5e", 0x28a8},
		{"G*5d", 0x2ba7},
		{"R*1a", 0x2b00},
	}
	for _, tt := range tests {
		m := mv(t, tt.usi)
		if got := packed.NewAperyMove16(m); got != tt.want {
			t.Errorf("NewAperyMove16(%s) = %#04x, want %#04x", tt.usi, uint16(got), uint16(tt.want))
		}
		back, err := tt.want.ShogiMove()
		if err != nil || back != m {
			t.Errorf("%#04x.Move() = %v, %v; want %s", uint16(tt.want), back, err, tt.usi)
		}
	}
	// A malformed move in a book file is book's ErrMove.
	start := shogi.NewStartPosition()
	key, err := book.AperyKey(start)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []uint16{0x8000 | 0x1e3b, 0x0051, 0x2c00, 0x68a8 /* promoted drop */, 0x1e3c&^0x3f80 | 60<<7} {
		data := make([]byte, book.AperyEntrySize)
		binary.LittleEndian.PutUint64(data, key)
		binary.LittleEndian.PutUint16(data[8:], bad)
		if _, err := book.ParseApery(data); !errors.Is(err, book.ErrMove) {
			t.Errorf("%#04x: err = %v, want ErrMove", bad, err)
		}
	}
}

func aperyBytes(es ...book.AperyEntry) []byte {
	var buf bytes.Buffer
	w := book.NewAperyWriter(&buf)
	for _, e := range es {
		if err := w.Write(e); err != nil {
			panic(err)
		}
	}
	w.Flush()
	return buf.Bytes()
}

func TestAperyReaderErrors(t *testing.T) {
	start := shogi.NewStartPosition()
	key, err := book.AperyKey(start)
	if err != nil {
		t.Fatal(err)
	}
	good := aperyBytes(
		book.AperyEntry{Key: key, Move: packed.NewAperyMove16(mv(t, "7g7f")), Count: 3},
		book.AperyEntry{Key: key + 1, Move: packed.NewAperyMove16(mv(t, "2g2f")), Count: 1},
	)
	tests := []struct {
		name  string
		data  []byte
		index int64
		code  string
	}{
		{"truncated", good[:24], 1, "truncated"},
		{"unsorted", append(append([]byte{}, good[16:]...), good[:16]...), 1, "unsorted"},
		{"malformed move", func() []byte { b := bytes.Clone(good); b[25] = 0xff; return b }(), 1, "invalid-move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := book.ParseApery(tt.data)
			var be *book.Error
			if !errors.As(err, &be) || be.Index != tt.index || be.Offset != tt.index*16 || be.Code() != tt.code {
				t.Fatalf("err = %v, want entry %d, code %s", err, tt.index, tt.code)
			}
		})
	}
	ab, err := book.ParseApery(good)
	if err != nil || ab.Len() != 2 {
		t.Fatalf("%v, %d entries", err, ab.Len())
	}
	r := book.NewAperyReader(bytes.NewReader(good))
	for range 2 {
		if _, err := r.Read(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("after the last entry: %v, want io.EOF", err)
	}
	// The writer refuses keys out of order.
	w := book.NewAperyWriter(io.Discard)
	w.Write(book.AperyEntry{Key: 5, Move: 0x1e3b})
	if err := w.Write(book.AperyEntry{Key: 4, Move: 0x1e3b}); !errors.Is(err, book.ErrUnsorted) {
		t.Errorf("writer: %v, want ErrUnsorted", err)
	}
}

// A move that is not legal where its key is met is an error naming the entry.
func TestAperyLookupIllegal(t *testing.T) {
	start := shogi.NewStartPosition()
	key, _ := book.AperyKey(start)
	data := aperyBytes(
		book.AperyEntry{Key: key - 1, Move: packed.NewAperyMove16(mv(t, "7g7f"))},
		book.AperyEntry{Key: key, Move: packed.NewAperyMove16(mv(t, "7g7f")), Count: 2, Score: 40},
		book.AperyEntry{Key: key, Move: packed.NewAperyMove16(mv(t, "5e5d")), Count: 1},
	)
	ab, err := book.ParseApery(data)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ab.Lookup(start)
	var be *book.Error
	if !errors.As(err, &be) || be.Index != 2 || be.Offset != 32 || !errors.Is(err, shogi.ErrNoPiece) || be.Code() != "invalid-move" {
		t.Fatalf("err = %v, want entry 2 at offset 32, no piece", err)
	}
	if _, _, err := book.FromApery(ab, []*shogi.Position{start}, book.WalkOptions{}); !errors.As(err, &be) || be.Index != 2 {
		t.Errorf("FromApery: %v, want the error of entry 2", err)
	}
}

// The keys of a few positions, as the keys of the book Apery wrote from the
// repository's records (TestAperyVectors): the start position, with White to move,
// and with pieces in hand. A position differing only in the hand of the side not to
// move has the same key.
func TestAperyKeyHands(t *testing.T) {
	a, _ := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b GP2p 1")
	b, _ := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b GPr 1")
	c, _ := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b G 1")
	w, _ := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 w GP2p 1")
	ka, _ := book.AperyKey(a)
	kb, _ := book.AperyKey(b)
	kc, _ := book.AperyKey(c)
	kw, _ := book.AperyKey(w)
	if ka != kb {
		t.Error("the hand of the side not to move changed the key")
	}
	if ka == kc || ka == kw {
		t.Error("the mover's hand or the side to move left the key unchanged")
	}
}

// Book → Apery → Book by walking from the start positions: everything the binary
// format holds comes back.
func TestConvertRecordsBook(t *testing.T) {
	var b book.Builder
	buildFrom(t, &b, "../testdata/records")
	bk := b.Book(0)
	ab, st, err := bk.Apery()
	if err != nil {
		t.Fatal(err)
	}
	if st.Positions != bk.Len() || st.Entries != bk.Moves() || st.Shared != 0 || st.Clamped != 0 {
		t.Errorf("stats %+v for %d positions, %d moves", st, bk.Len(), bk.Moves())
	}
	ab2, err := book.ParseApery(ab.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	starts := startsOf(t, "../testdata/records")
	back, fst, err := book.FromApery(ab2, starts, book.WalkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if fst.ReachedEntries != fst.Entries || fst.ReachedKeys != fst.Keys || fst.Positions != bk.Len() {
		t.Errorf("walk reached %+v of a book of %d positions", fst, bk.Len())
	}
	want := stripped(t, bk)
	if diff := cmp.Diff(string(book.Format(want)), string(book.Format(back))); diff != "" {
		t.Errorf("back from Apery (-want +got):\n%s", diff)
	}
	// From the even start alone the walk misses the handicap game (20081220kyoochi,
	// 香落ち) and the tsume and mid-game starts; from book.Starts it reaches the
	// handicap game too.
	_, even, err := book.FromApery(ab2, []*shogi.Position{shogi.NewStartPosition()}, book.WalkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, all, err := book.FromApery(ab2, book.Starts(), book.WalkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !(even.ReachedEntries < all.ReachedEntries && all.ReachedEntries < all.Entries) {
		t.Errorf("from the even start %+v, from book.Starts %+v", even, all)
	}
	// A walk from the even start alone, limited to 10 plies, reaches less, and says so.
	part, pst, err := book.FromApery(ab2, []*shogi.Position{shogi.NewStartPosition()}, book.WalkOptions{MaxPly: 10})
	if err != nil {
		t.Fatal(err)
	}
	if pst.ReachedEntries >= pst.Entries || pst.ReachedEntries != part.Moves() {
		t.Errorf("partial walk: %+v, %d moves", pst, part.Moves())
	}
}

// stripped returns b without what Apery's format cannot hold: ponders, depths and the
// win statistics.
func stripped(t testing.TB, b *book.Book) *book.Book {
	out := book.New()
	for p, es := range b.All() {
		for _, e := range es {
			if err := out.Add(p, book.Entry{Move: e.Move, Value: e.Value, Count: e.Count}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// startsOf returns the distinct start positions of the records under paths.
func startsOf(t testing.TB, paths ...string) []*shogi.Position {
	seen := map[string]bool{}
	var out []*shogi.Position
	for _, path := range paths {
		for rec := range recordsUnder(t, path) {
			p, err := rec.StartPosition()
			if err != nil || seen[p.String()] {
				continue
			}
			seen[p.String()] = true
			out = append(out, p)
		}
	}
	return out
}

// Counts past Apery's 16 bits are written as 65535, and the stats say how many.
func TestAperyClamp(t *testing.T) {
	b := book.New()
	p := shogi.NewStartPosition()
	b.Add(p, book.Entry{Move: mv(t, "7g7f"), Count: 70000})
	b.Add(p, book.Entry{Move: mv(t, "2g2f"), Count: 65535})
	ab, st, err := b.Apery()
	if err != nil || st.Clamped != 1 || st.Entries != 2 {
		t.Fatalf("%+v, %v", st, err)
	}
	if got := ab.Entries()[0].Count; got != 65535 {
		t.Errorf("count %d, want 65535", got)
	}
}

// NewAperyBook sorts entries by key, keeping the order of each key's entries, and
// refuses a malformed move with its index.
func TestNewAperyBook(t *testing.T) {
	ab, err := book.NewAperyBook([]book.AperyEntry{{Key: 9, Move: 0x1e3b}, {Key: 3, Move: 0x28a8, Count: 2}, {Key: 9, Move: 0x630a}})
	if err != nil {
		t.Fatal(err)
	}
	want := []book.AperyEntry{{Key: 3, Move: 0x28a8, Count: 2}, {Key: 9, Move: 0x1e3b}, {Key: 9, Move: 0x630a}}
	if diff := cmp.Diff(want, ab.Entries()); diff != "" {
		t.Error(diff)
	}
	_, err = book.NewAperyBook([]book.AperyEntry{{Key: 1, Move: 0x1e3b}, {Key: 2, Move: 0xffff}})
	var be *book.Error
	if !errors.As(err, &be) || be.Index != 1 || be.Offset != 16 || be.Code() != "invalid-move" {
		t.Errorf("err = %v, want entry 1 malformed", err)
	}
}
