package book_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
)

const startSFEN = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

func TestParseYaneuraOu(t *testing.T) {
	text := "#YANEURAOU-DB2016 1.00\r\n" +
		"// a comment\r\n" +
		startSFEN + "\r\n" +
		"2g2f 8c8d 10 20 3\r\n" +
		"7g7f none 30 20 5\r\n" +
		"5g5f None\r\n" + // value, depth and count left out: 0, 0, 1
		"\r\n" +
		"# after 7g7f, given with another move number: it is the same position for a book\r\n" +
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 9\r\n" +
		"3c3d 2g2f -12 18 4\r\n"
	b, err := book.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	p := shogi.NewStartPosition()
	want := []book.Entry{
		{Move: mv(t, "7g7f"), Value: 30, Depth: 20, Count: 5},
		{Move: mv(t, "2g2f"), Ponder: mv(t, "8c8d"), Value: 10, Depth: 20, Count: 3},
		{Move: mv(t, "5g5f"), Count: 1},
	}
	if diff := cmp.Diff(want, b.Lookup(p)); diff != "" {
		t.Errorf("start (-want +got):\n%s", diff)
	}
	p.PlayUnchecked(mv(t, "7g7f"))
	want = []book.Entry{{Move: mv(t, "3c3d"), Ponder: mv(t, "2g2f"), Value: -12, Depth: 18, Count: 4}}
	if diff := cmp.Diff(want, b.Lookup(p)); diff != "" {
		t.Errorf("after 7g7f (-want +got):\n%s", diff)
	}
	// Written back: sorted by SFEN, each position with its move number, the moves in
	// the engines' order.
	wantText := book.Header + "\n" +
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 9\n" +
		"3c3d 2g2f -12 18 4\n" +
		startSFEN + "\n" +
		"7g7f none 30 20 5\n2g2f 8c8d 10 20 3\n5g5f none 0 0 1\n"
	if diff := cmp.Diff(wantText, string(book.Format(b))); diff != "" {
		t.Errorf("written (-want +got):\n%s", diff)
	}
}

// A position given twice is one position: YaneuraOu merges the moves (a repeated move
// sums its counts, takes the later values and keeps its place among equals) and writes
// the smallest move number.
func TestParseMerge(t *testing.T) {
	text := "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 7\n" +
		"7g7f none 1 1 2\n1g1f none 5 0 5\n9g9f none 0 0 3\n" +
		startSFEN + "\n" +
		"7g7f none 5 6 3\n2g2f none 9 9 5\n9g9f none 0 0 1\n"
	b, err := book.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := book.Header + "\n" + startSFEN + "\n" +
		"2g2f none 9 9 5\n7g7f none 5 6 5\n1g1f none 5 0 5\n9g9f none 0 0 4\n"
	if diff := cmp.Diff(want, string(book.Format(b))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Entries of equal count sort by value, best first; equal in both, they keep the
// order they were read in (YaneuraOu's stable sort).
func TestOrder(t *testing.T) {
	text := startSFEN + "\n" +
		"9g9f none 0 0 2\n1g1f none 0 0 2\n2g2f none 10 0 2\n7g7f none 0 0 7\n"
	b, err := book.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range b.Lookup(shogi.NewStartPosition()) {
		got = append(got, e.Move.String())
	}
	if diff := cmp.Diff([]string{"7g7f", "2g2f", "9g9f", "1g1f"}, got); diff != "" {
		t.Error(diff)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		code       string
		is         error
	}{
		{"move before sfen", "#YANEURAOU-DB2016 1.00\n7g7f none 0 0 1\n", 2, "syntax", book.ErrSyntax},
		{"bad sfen", "sfen lnsgkgsnl/9/9 b - 1\n", 1, "invalid-position", book.ErrPosition},
		{"two kings", "sfen 4k4/9/9/9/9/9/9/9/3KK4 b - 1\n5i5h\n", 1, "invalid-position", shogi.ErrTooManyKings},
		{"illegal move", startSFEN + "\n7g7f none\n7f7e none\n", 3, "invalid-move", shogi.ErrNoPiece},
		{"white's move", startSFEN + "\n3c3d none\n", 2, "invalid-move", shogi.ErrNotYourPiece},
		{"illegal ponder", startSFEN + "\n7g7f 7g7f\n", 2, "invalid-move", shogi.ErrNoPiece},
		{"malformed move", startSFEN + "\n7g7x none\n", 2, "invalid-move", book.ErrMove},
		{"no move", startSFEN + "\nnone none\n", 2, "invalid-move", book.ErrMove},
		{"six fields", startSFEN + "\n7g7f none 0 0 1 9\n", 2, "syntax", book.ErrSyntax},
		{"bad value", startSFEN + "\n7g7f none x\n", 2, "syntax", book.ErrSyntax},
		{"value range", startSFEN + "\n7g7f none 2147483648\n", 2, "out-of-range", book.ErrRange},
		{"negative count", startSFEN + "\n7g7f none 0 0 -1\n", 2, "out-of-range", book.ErrRange},
		{"line too long", startSFEN + "\n" + strings.Repeat(" ", book.MaxLineLength+1) + "\n", 2, "too-large", book.ErrLineTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := book.Parse([]byte(tt.text))
			var be *book.Error
			if !errors.As(err, &be) {
				t.Fatalf("err = %v, want a *book.Error", err)
			}
			if be.Line != tt.line || be.Code() != tt.code || !errors.Is(err, tt.is) {
				t.Errorf("err = %v (line %d, code %s), want line %d, code %s, errors.Is %v", err, be.Line, be.Code(), tt.line, tt.code, tt.is)
			}
			if !strings.HasPrefix(err.Error(), "book: ") || strings.Count(err.Error(), "book: ") != 1 {
				t.Errorf("message %q: want one prefix", err)
			}
		})
	}
}

func TestReaderItems(t *testing.T) {
	text := book.Header + "\n" + startSFEN + "\n7g7f none 0 0 1\n\nsfen 4k4/9/9/9/9/9/9/9/4K4 b G 1\nG*5b none 0 0 1\n"
	r := book.NewReader(strings.NewReader(text))
	var lines []int
	for it, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, it.Line)
	}
	if diff := cmp.Diff([]int{2, 5}, lines); diff != "" {
		t.Error(diff)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("after the end: %v, want io.EOF", err)
	}
	// An empty input is an empty book; the writer writes the header alone.
	b, err := book.Parse(nil)
	if err != nil || b.Len() != 0 || string(book.Format(b)) != book.Header+"\n" {
		t.Errorf("empty: %v, %d positions, %q", err, b.Len(), book.Format(b))
	}
}

func mv(t testing.TB, s string) shogi.Move {
	t.Helper()
	m, err := shogi.ParseUSIMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
