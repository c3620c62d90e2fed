package kif

import (
	"errors"
	"slices"
	"strings"
	"testing"

	shogi "github.com/kifu-go/shogi"
)

// Shapes of real records that other readers (tsshogi, json-kifu-format, ShogiBoardQ,
// Kifuzo) read and this one once refused or mangled (issue 18). The texts copy the
// shapes, not the files.

// leafPaths lists the paths (see flatten) of the leaves of rec: one per line of play.
func leafPaths(rec *shogi.Record) []string {
	var paths []string
	f := flatten(rec)
	for i, n := range f.Nodes {
		if i+1 == len(f.Nodes) || !strings.HasPrefix(f.Nodes[i+1].Path, n.Path+" ") {
			paths = append(paths, n.Path)
		}
	}
	slices.Sort(paths)
	return paths
}

// TestVariationAfterShorterBlock: 変化：5手目 after a 変化：3手目 block whose moves stop at
// move 4 gives an alternative to move 5 of the main line, the most recent line that
// holds move 5 (ShogiBoardQ's tests/fixtures/test_branch.kif, as Kifu for Windows V7
// lays it out).
func TestVariationAfterShorterBlock(t *testing.T) {
	in := "# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----\n手合割：平手\n先手：A\n後手：B\n" +
		"手数----指手---------消費時間--\n" +
		"   1 ７六歩(77)   ( 0:10/0:00:10)\n   2 ３四歩(33)   ( 0:05/0:00:05)\n" +
		"   3 ２六歩(27)   ( 0:08/0:00:18)\n   4 ８四歩(83)   ( 0:03/0:00:08)\n" +
		"   5 ２五歩(26)   ( 0:06/0:00:24)\n   6 ８五歩(84)   ( 0:04/0:00:12)\n" +
		"   7 ７八金(69)   ( 0:07/0:00:31)\n\n" +
		"変化：3手目\n   3 ６六歩(67)   ( 0:05/0:00:15)\n   4 ８四歩(83)   ( 0:02/0:00:07)\n\n" +
		"変化：5手目\n   5 ７七角(88)   ( 0:04/0:00:22)\n   6 ４二玉(51)   ( 0:03/0:00:11)\n"
	for _, lenient := range []bool{false, true} {
		r := NewReader(strings.NewReader(in))
		r.Lenient = lenient
		rec, err := r.Read()
		if err != nil {
			t.Fatalf("lenient=%v: %v", lenient, err)
		}
		if len(r.Warnings()) > 0 {
			t.Errorf("lenient=%v: warnings %v", lenient, r.Warnings())
		}
		want := []string{
			" 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h",
			" 7g7f 3c3d 2g2f 8c8d |1 8h7g 5a4b",
			" 7g7f 3c3d |1 6g6f 8c8d",
		}
		if got := leafPaths(rec); !slices.Equal(got, want) {
			t.Errorf("lenient=%v: lines\n%s\nwant\n%s", lenient, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		back, err := readAs(write(t, rec, KIF, UTF8), KIF)
		if err != nil {
			t.Fatal(err)
		}
		if diff := diffRecords(rec, back); diff != "" {
			t.Errorf("read back (-read +back):\n%s", diff)
		}
	}
	// A block keeps to the line that holds its move even where the position of a
	// later line differs: here move 5 (５五角) is legal only on the main line, where
	// 6六歩 was not played.
	in = kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 ２五歩(26)\n\n" +
		"変化：3手\n   3 ６六歩(67)\n   4 ８四歩(83)\n\n変化：5手\n   5 ５五角(88)\n"
	rec, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if want, got := []string{" 7g7f 3c3d 2g2f 8c8d 2f2e", " 7g7f 3c3d 2g2f 8c8d |1 8h5e", " 7g7f 3c3d |1 6g6f 8c8d"}, leafPaths(rec); !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
}

// TestVariationPastLastMove: a record of three moves and then 変化：4手 (Kifuzo's
// variation_with_dou.kifu: unpadded numbers, no header) goes on with the main line, as
// tsshogi reads it; the 同 of the block's move is the third move's square.
func TestVariationPastLastMove(t *testing.T) {
	in := "1 ７六歩(77)\n2 ３四歩(33)\n3 ２二角成(88)\n変化：4手\n4 同　銀(31)\n"
	for _, lenient := range []bool{false, true} {
		r := NewReader(strings.NewReader(in))
		r.Lenient = lenient
		rec, err := r.Read()
		if err != nil {
			t.Fatalf("lenient=%v: %v", lenient, err)
		}
		if want, got := []string{" 7g7f 3c3d 8h2b+ 3a2b"}, leafPaths(rec); !slices.Equal(got, want) {
			t.Errorf("lenient=%v: lines %q, want %q", lenient, got, want)
		}
	}
	// A block that goes on with a line is that line: a special move in it is the
	// line's ending (written back without the header), not an alternative to nothing.
	rec, err := Parse([]byte(kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n変化：3手\n   3 投了\n"))
	if err != nil {
		t.Fatal(err)
	}
	if e := rec.Ending(); e == nil || e.Kind != shogi.EndResign || len(rec.Moves()) != 2 || len(rec.MainLine()[1].Children) != 0 {
		t.Errorf("ending %+v after %d moves", e, len(rec.Moves()))
	}
	if back, err := readAs(write(t, rec, KIF, UTF8), KIF); err != nil || diffRecords(rec, back) != "" {
		t.Errorf("read back: %v %s", err, diffRecords(rec, back))
	}
	// Past a line with an ending, it is an alternative to the ending; past a line of
	// a variation, it goes on with that line; two moves past, it branches from nothing.
	for _, tt := range []struct {
		in   string
		want []string
		err  error
	}{
		{kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n変化：3手\n   3 ２六歩(27)\n", []string{" 7g7f 3c3d 2g2f"}, nil},
		{kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n変化：2手\n   2 ８四歩(83)\n変化：3手\n   3 ２六歩(27)\n", []string{" 7g7f 3c3d", " 7g7f |1 8c8d 2g2f"}, nil},
		{kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n変化：4手\n   4 ８四歩(83)\n", nil, ErrVariation},
	} {
		rec, err := Parse([]byte(tt.in))
		if !errors.Is(err, tt.err) {
			t.Errorf("%q: got %v, want %v", tt.in, err, tt.err)
			continue
		}
		if err == nil && !slices.Equal(leafPaths(rec), tt.want) {
			t.Errorf("%q: lines %q, want %q", tt.in, leafPaths(rec), tt.want)
		}
	}
}

// TestGarbledMoveIsNoEnding: a move line that cannot be read (a move with a turn mark
// in the KIF place, "   2 △８四歩"; a word no format defines, "パス") is no ending:
// strictly it is a syntax error at the move's column, leniently a warning, and the
// line ends there unread. It was read as an unknown ending, and the move was lost in
// silence.
func TestGarbledMoveIsNoEnding(t *testing.T) {
	for _, word := range []string{"△８四歩", "パス", "▲投了", "反則手", "投"} {
		line := "   2 " + word
		in := kifHead + "   1 ７六歩(77)\n" + line + "\n"
		_, err := Parse([]byte(in))
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrMoveSyntax) || se.Line != 4 || se.Column != 6 {
			t.Errorf("%s: strict: got %v, want a malformed move at line 4, column 6", word, err)
		}
		r := NewReader(strings.NewReader(in))
		r.Lenient = true
		rec, err := r.Read()
		if err != nil {
			t.Fatalf("%s: lenient: %v", word, err)
		}
		if ws := r.Warnings(); len(ws) != 1 || !errors.Is(ws[0], ErrMoveSyntax) || ws[0].Line != 4 {
			t.Errorf("%s: lenient warnings %v", word, ws)
		}
		want := shogi.Ending{Kind: shogi.EndUnread, Text: strings.TrimSpace(line)}
		if e := rec.Ending(); e == nil || e.Kind != want.Kind || e.Text != want.Text || e.Result != shogi.NoResult || len(rec.Moves()) != 1 {
			t.Errorf("%s: lenient: ending %+v after %d moves, want %+v after 1", word, e, len(rec.Moves()), want)
		}
	}
}
