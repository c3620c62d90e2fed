package book_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
)

var knownCodes = map[string]bool{"syntax": true, "too-large": true, "invalid-position": true,
	"invalid-move": true, "out-of-range": true, "unsorted": true, "truncated": true, "unencodable": true}

// FuzzReadYaneuraOu: no input makes the reader panic; every error is a *book.Error
// with a line inside the input, a known code and one prefix; a book that reads writes
// to text that reads back to the same book and writes to the same bytes, and every
// move of it is legal where it stands.
func FuzzReadYaneuraOu(f *testing.F) {
	for _, s := range []string{
		book.Header + "\n" + startSFEN + "\n7g7f 3c3d 10 20 3\n2g2f none\n",
		startSFEN + "\r\n7g7f None -5\r\n// c\r\nsfen 4k4/9/9/9/9/9/9/9/4K4 b G2p 12\r\nG*5b\r\n",
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n3c3d 8h2b+ 0 0 18446744073709551615\n",
		"7g7f\n", "sfen x\n", startSFEN + "\n7g7f none 1 2 3 4\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := book.Parse(data)
		if err != nil {
			var be *book.Error
			if !errors.As(err, &be) {
				t.Fatalf("err %v is no *book.Error", err)
			}
			lines := bytes.Count(data, []byte("\n")) + 1
			if be.Line < 1 || be.Line > lines || !knownCodes[be.Code()] {
				t.Fatalf("err %v: line %d of %d, code %q", err, be.Line, lines, be.Code())
			}
			if strings.Count(err.Error(), "book: ") != 1 {
				t.Fatalf("message %q: want one prefix", err)
			}
			return
		}
		text := book.Format(b)
		back, err := book.Parse(text)
		if err != nil {
			t.Fatalf("written text does not read: %v\n%s", err, text)
		}
		if !back.Equal(b) || !bytes.Equal(book.Format(back), text) {
			t.Fatalf("round trip differs:\n%s", text)
		}
		check := book.New()
		for p, es := range b.All() {
			for _, e := range es {
				if err := check.Add(p, e); err != nil {
					t.Fatalf("%v: %v", p, err)
				}
			}
		}
	})
}

// FuzzReadApery: no input makes the reader panic; every error is a *book.Error naming
// an entry inside the input (offset = 16 × index) with a known code; a book that reads
// writes back to the same bytes; looking it up and walking it from the even start
// either works or fails with such an error.
func FuzzReadApery(f *testing.F) {
	if data, err := os.ReadFile("testdata/apery/records-winner.bin"); err == nil {
		f.Add(data[:16*40])
	}
	start := shogi.NewStartPosition()
	key, _ := book.AperyKey(start)
	f.Add(aperyBytes(book.AperyEntry{Key: key, Move: 0x1e3b, Count: 3, Score: -7}))
	f.Add(aperyBytes(book.AperyEntry{Key: key, Move: 0x1e3b}, book.AperyEntry{Key: key, Move: 0x28a8}))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		ab, err := book.ParseApery(data)
		check := func(err error) {
			var be *book.Error
			if !errors.As(err, &be) {
				t.Fatalf("err %v is no *book.Error", err)
			}
			if be.Offset != be.Index*book.AperyEntrySize || be.Index < 0 || be.Offset >= int64(len(data)) || !knownCodes[be.Code()] {
				t.Fatalf("err %v: entry %d, offset %d of %d bytes, code %q", err, be.Index, be.Offset, len(data), be.Code())
			}
		}
		if err != nil {
			check(err)
			return
		}
		if !bytes.Equal(ab.Bytes(), data) {
			t.Fatal("written back differs")
		}
		if _, err := ab.Lookup(shogi.NewStartPosition()); err != nil {
			check(err)
		}
		b, st, err := book.FromApery(ab, []*shogi.Position{shogi.NewStartPosition()}, book.WalkOptions{MaxPly: 8})
		if err != nil {
			check(err)
			return
		}
		if st.ReachedEntries > st.Entries || b.Moves() > st.ReachedEntries {
			t.Fatalf("stats %+v for a book of %d moves", st, b.Moves())
		}
	})
}
