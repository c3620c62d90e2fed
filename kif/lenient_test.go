package kif

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	shogi "github.com/kifu-go/shogi"
)

// TestLenient: what a lenient read keeps of an input it cannot read whole, and what a
// strict read of it says. A lenient read never records an ending the input does not
// state: a line it cannot read on ends with shogi.EndUnread and one warning.
func TestLenient(t *testing.T) {
	unread := func(text string) *shogi.Ending { return &shogi.Ending{Kind: shogi.EndUnread, Text: text} }
	tests := []struct {
		name     string
		in       string
		format   Dialect
		moves    []string // the main line, in USI
		end      *shogi.Ending
		warnings []warning              // the first is a strict read's error; none: a strict read succeeds
		paths    []string               // the lines of the tree (flatten paths of the nodes with an ending or no child)
		times    map[int]shogi.MoveTime // by ply index of the main line
		noTime   []int                  // plies of the main line without a time
	}{
		{name: "illegal move",
			in:    kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２四飛(28)  ( 0:01/00:00:01)\n   4 ８四歩(83)\n   5 ２六歩(27)\n*a comment\nまで4手で先手の勝ち\n",
			moves: []string{"7g7f", "3c3d"}, end: unread("3 ２四飛(28)  ( 0:01/00:00:01)"),
			warnings: []warning{{5, 6, shogi.ErrPathBlocked, "illegal move 2h2d at move 3: the path is blocked"}}},
		{name: "malformed move",
			in:    kifHead + "   1 ７六歩(77)\n   2 ３四(33)\n   3 ２六歩(27)\n",
			moves: []string{"7g7f"}, end: unread("2 ３四(33)"),
			warnings: []warning{{4, 8, ErrMoveSyntax, "malformed move"}}},
		{name: "piece mismatch",
			in:    kifHead + "   1 ７六歩(77)\n   2 ３四銀(33)\n",
			moves: []string{"7g7f"}, end: unread("2 ３四銀(33)"),
			warnings: []warning{{4, 6, ErrPieceMismatch, "illegal move 3c3d at move 2: the named piece is not the piece on the origin square: 3三 holds a pawn (歩), not a silver (銀)"}}},
		{name: "promoted name",
			in:       kifHead + "   1 ７六と(77)\n",
			end:      unread("1 ７六と(77)"),
			warnings: []warning{{3, 6, shogi.ErrPieceMismatch, "7七 holds a pawn (歩), not a tokin (と)"}}},
		{name: "truncated move",
			in:    kifHead + "   1 ７六歩(77)\n   2 ３\n",
			moves: []string{"7g7f"}, end: unread("2 ３"),
			warnings: []warning{{4, 6, ErrMoveSyntax, ""}}},
		{name: "number only",
			in:    kifHead + "   1 ７六歩(77)\n   2\n   3 ２六歩(27)\n",
			moves: []string{"7g7f"}, end: unread("2"),
			warnings: []warning{{4, 5, ErrMoveSyntax, ""}}},
		{name: "a move cut inside a character",
			in:    "#KIF version=2.0 encoding=UTF-8\n" + kifHead + "   1 ７六歩(77)\n   2 \xef\xbc\n   3 ２六歩(27)\n",
			moves: []string{"7g7f"}, end: unread("2 \uFFFD"),
			warnings: []warning{{5, 6, ErrEncoding, ""}}},
		{name: "a special move with a control character",
			in:    kifHead + "   1 ７六歩(77)\n   2 投了\x01\n",
			moves: []string{"7g7f"}, end: unread("2 投了\x01"),
			warnings: []warning{{4, 6, ErrMoveSyntax, ""}}},
		{name: "a special move cut short",
			in:    kifHead + "   1 ７六歩(77)\n   2 投\n",
			moves: []string{"7g7f"}, end: unread("2 投"),
			warnings: []warning{{4, 6, ErrMoveSyntax, ""}}},
		{name: "KI2 closing line cut short", format: KI2,
			in:    "▲７六歩 △３四歩\nまで2手で先手\n",
			moves: []string{"7g7f", "3c3d"}, end: unread("まで2手で先手"),
			warnings: []warning{{2, 1, ErrResult, ""}}},
		{name: "a move number skipped",
			in:    kifHead + "   1 ７六歩(77)\n   3 ２六歩(27)\n   4 ８四歩(83)\n",
			moves: []string{"7g7f"}, end: unread("3 ２六歩(27)"),
			warnings: []warning{{4, 4, ErrMoveNumber, "unexpected move number: 3, want 2"}}},
		{name: "a first move numbered 2",
			in:       kifHead + "   2 ７六歩(77)\n   3 ３四歩(33)\n",
			end:      unread("2 ７六歩(77)"),
			warnings: []warning{{3, 4, ErrMoveNumber, "2, want 1"}}},
		{name: "moves numbered after 手数＝",
			in:    boardShogidokoro + "手数＝30\n  31 ５二飛打\n  32 ３二金打\n",
			moves: []string{"R*5b", "G*3b"}},
		{name: "moves numbered from 1 after 手数＝",
			in:    boardShogidokoro + "手数＝30\n   1 ５二飛打\n   2 ３二金打\n",
			moves: []string{"R*5b", "G*3b"}},
		{name: "a first move numbered neither",
			in:       boardShogidokoro + "手数＝30\n  32 ５二飛打\n",
			end:      unread("32 ５二飛打"),
			warnings: []warning{{16, 3, ErrMoveNumber, "32, want 31"}}},
		{name: "a move number repeated",
			in:    kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n   2 ３四歩(33)\n   3 ２六歩(27)\n",
			moves: []string{"7g7f", "3c3d"}, end: unread("2 ３四歩(33)"),
			warnings: []warning{{5, 4, ErrMoveNumber, "2, want 3"}}},
		{name: "a special move with a wrong number",
			in:    kifHead + "   1 ７六歩(77)\n   3 投了\nまで1手で先手の勝ち\n",
			moves: []string{"7g7f"}, end: unread("3 投了"),
			warnings: []warning{{4, 4, ErrMoveNumber, ""}}},
		{name: "an unknown line among the moves",
			in:    kifHead + "   1 ７六歩(77)\n--- 以下略 ---\n   2 ３四歩(33)\n",
			moves: []string{"7g7f"}, end: unread("--- 以下略 ---"),
			warnings: []warning{{4, 1, ErrUnknownLine, ""}}},
		{name: "an unknown line after the move table's head",
			in:       kifHead + "hello\n   1 ７六歩(77)\n",
			end:      unread("hello"),
			warnings: []warning{{3, 1, ErrUnknownLine, ""}}},
		{name: "an unknown line in the header",
			in:       "hello\n" + kifHead + "   1 ７六歩(77)\n",
			moves:    []string{"7g7f"},
			warnings: []warning{{1, 1, ErrUnknownLine, ""}}},
		{name: "an unknown line after the ending",
			in:    kifHead + "   1 ７六歩(77)\n   2 投了\nまで1手で先手の勝ち\nhello\n",
			moves: []string{"7g7f"}, end: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins},
			warnings: []warning{{6, 1, ErrUnknownLine, ""}}},
		{name: "a KI2 line in a KIF-only read",
			in: kifHead + "   1 ７六歩(77)\n▲２六歩\n", format: KIF,
			moves: []string{"7g7f"}, end: unread("▲２六歩"),
			warnings: []warning{{4, 1, ErrUnknownLine, ""}}},
		{name: "a board after the first move",
			in:    kifHead + "   1 ７六歩(77)\n+---------------------------+\n",
			moves: []string{"7g7f"}, end: unread("+---------------------------+"),
			warnings: []warning{{4, 1, ErrBoard, "a board diagram after the first move"}}},
		{name: "a time that cannot be read",
			in:    kifHead + "   1 ７六歩(77)   ( 0:xx/00:00:02)\n   2 ３四歩(33)   ( 0:01/00:00:01)\n",
			moves: []string{"7g7f", "3c3d"}, times: map[int]shogi.MoveTime{1: sec(1, 1)}, noTime: []int{0},
			warnings: []warning{{3, 16, ErrTime, ""}}},
		{name: "a cut time",
			in:       kifHead + "   1 ７六歩(77)   ( 0:0\n   2 ３四歩(33)\n",
			moves:    []string{"7g7f", "3c3d"},
			warnings: []warning{{3, 16, ErrTime, ""}}},
		{name: "a special move's time that cannot be read",
			in:    kifHead + "   1 ７六歩(77)\n   2 投了   (1/2/3)\n",
			moves: []string{"7g7f"}, end: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins},
			warnings: []warning{{4, 11, ErrTime, ""}}},
		{name: "text after the move",
			in:       kifHead + "   1 ７六歩(77) xyz\n   2 ３四歩(33)\n",
			end:      unread("1 ７六歩(77) xyz"),
			warnings: []warning{{3, 14, ErrMoveSyntax, "text after the move"}}},
		{name: "text after a special move",
			in:    kifHead + "   1 ７六歩(77)\n   2 投了 する\n",
			moves: []string{"7g7f"}, end: unread("2 投了 する"),
			warnings: []warning{{4, 9, ErrMoveSyntax, "text after the special move"}}},
		{name: "two time groups",
			in:    kifHead + "   1 ７六歩(77)   ( 0:01/00:00:01) ( 0:09/00:00:09)+\n   2 ３四歩(33)   ( 0:02/00:00:02)\n",
			moves: []string{"7g7f", "3c3d"}, times: map[int]shogi.MoveTime{0: sec(1, 1), 1: sec(2, 2)}},
		{name: "a second time group that cannot be read",
			in:    kifHead + "   1 ７六歩(77)   ( 0:01/00:00:01) (abc)\n   2 ３四歩(33)\n",
			moves: []string{"7g7f", "3c3d"}, times: map[int]shogi.MoveTime{0: sec(1, 1)},
			warnings: []warning{{3, 33, ErrTime, ""}}},
		{name: "three time groups",
			in:       kifHead + "   1 ７六歩(77)   ( 0:01/00:00:01) ( 0:01/00:00:01) ( 0:01/00:00:01)\n",
			end:      unread("1 ７六歩(77)   ( 0:01/00:00:01) ( 0:01/00:00:01) ( 0:01/00:00:01)"),
			warnings: []warning{{3, 50, ErrMoveSyntax, ""}}},
		{name: "a variation header that cannot be read",
			in:       kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：二手\n   2 ８四歩(83)\n   3 ２六歩(27)\n\n変化：1手\n   1 ２六歩(27)\n",
			moves:    []string{"7g7f", "3c3d"},
			warnings: []warning{{6, 1, ErrUnknownLine, "a variation header (変化：N手) that cannot be read"}},
			paths:    []string{" 7g7f 3c3d", " |1 2g2f"}},
		{name: "variation headers as real files write them",
			in:    kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化 : ２手目 \n   2 ８四歩(83)\n\n変化:1 手\n   1 ２六歩(27)\n",
			moves: []string{"7g7f", "3c3d"},
			paths: []string{" 7g7f 3c3d", " 7g7f |1 8c8d", " |1 2g2f"}},
		{name: "a variation whose first move is illegal",
			in:       kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ３三角(88)\n   3 ２六歩(27)\n\n変化：1手\n   1 ２六歩(27)\n",
			moves:    []string{"7g7f", "3c3d"},
			warnings: []warning{{7, 6, shogi.ErrNotYourPiece, ""}},
			paths:    []string{" 7g7f 3c3d", " 7g7f |1 none unread", " |1 2g2f"}},
		{name: "variations after an unread move",
			in:    kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２四飛(28)\n   4 ８四歩(83)\n   5 ２六歩(27)\n\n変化：5手\n   5 ２六歩(27)\n\n変化：3手\n   3 ２六歩(27)\n",
			moves: []string{"7g7f", "3c3d"}, end: unread("3 ２四飛(28)"),
			warnings: []warning{{5, 6, shogi.ErrPathBlocked, ""}},
			paths:    []string{" 7g7f 3c3d unread", " 7g7f 3c3d 2g2f"}},
		{name: "a repeated variation",
			in:       kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ３四歩(33)\n   3 ２六歩(27)\n\n変化：1手\n   1 ２六歩(27)\n",
			moves:    []string{"7g7f", "3c3d"},
			warnings: []warning{{7, 6, ErrDuplicateVariation, ""}},
			paths:    []string{" 7g7f 3c3d", " |1 2g2f"}},
		{name: "moves after the ending",
			in:    kifHead + "   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n   4 ２六歩(27)\n",
			moves: []string{"7g7f"}, end: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins},
			warnings: []warning{{5, 4, ErrMoveAfterEnd, ""}}},
		{name: "KI2 illegal move", format: KI2,
			in:    "▲７六歩 △３四歩 ▲７七歩打 △８四歩\n▲２六歩\nまで5手で先手の勝ち\n",
			moves: []string{"7g7f", "3c3d"}, end: unread("▲７七歩打 △８四歩"),
			warnings: []warning{{1, 11, shogi.ErrNotInHand, "illegal move P*7g at move 3"}}},
		{name: "KI2 move no piece can make", format: KI2,
			in:    "▲７六歩 △３四歩 ▲２四飛\n",
			moves: []string{"7g7f", "3c3d"}, end: unread("▲２四飛"),
			warnings: []warning{{1, 11, ErrMoveSyntax, `malformed move: ki2 "▲２四飛": no piece can make the move`}}},
		{name: "KI2 wrong side", format: KI2,
			in:    "▲７六歩 ▲２六歩\n",
			moves: []string{"7g7f"}, end: unread("▲２六歩"),
			warnings: []warning{{1, 6, shogi.ErrWrongSide, ""}}},
		{name: "KI2 ambiguous", format: KI2,
			in:    "▲７六歩 △３四歩 ▲５八金\n",
			moves: []string{"7g7f", "3c3d"}, end: unread("▲５八金"),
			warnings: []warning{{1, 11, ErrMoveSyntax, `malformed move: ki2 "▲５八金": ambiguous`}}},
		{name: "KI2 garbage among the moves", format: KI2,
			in:    "▲７六歩 △３四歩\n??\n▲２六歩\n",
			moves: []string{"7g7f", "3c3d"}, end: unread("??"),
			warnings: []warning{{2, 1, ErrUnknownLine, ""}}},
		{name: "KI2 closing line that counts other moves", format: KI2,
			in:    "▲７六歩 △３四歩\nまで3手で先手の勝ち\n",
			moves: []string{"7g7f", "3c3d"}, end: unread("まで3手で先手の勝ち"),
			warnings: []warning{{2, 1, ErrResult, "3 moves, want 2"}}},
		{name: "KIF closing line that counts other moves",
			in:    kifHead + "   1 ７六歩(77)\n   2 投了\nまで2手で後手の勝ち\n",
			moves: []string{"7g7f"}, end: &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins},
			warnings: []warning{{5, 1, ErrResult, "2 moves, want 1"}}},
		{name: "KI2 variation 変化：N手目", format: KI2,
			in:    "▲７六歩 △３四歩\n\n変化：2手目\n△８四歩\n",
			moves: []string{"7g7f", "3c3d"},
			paths: []string{" 7g7f 3c3d", " 7g7f |1 8c8d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			r.Format, r.Lenient = tt.format, true
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			for _, m := range rec.Moves() {
				moves = append(moves, m.String())
			}
			if diff := cmp.Diff(tt.moves, moves, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("main line (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.end, rec.Ending(), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("ending (-want +got):\n%s", diff)
			}
			checkWarnings(t, tt.warnings, r.Warnings())
			// The warnings are the record's, every time they are asked for.
			if again := r.Warnings(); len(again) != len(r.Warnings()) || len(again) > 0 && again[0] != r.Warnings()[0] {
				t.Errorf("Warnings changed between calls")
			}
			if tt.paths != nil {
				if diff := cmp.Diff(tt.paths, linePaths(rec)); diff != "" {
					t.Errorf("lines (-want +got):\n%s", diff)
				}
			}
			checkNoInventedEnding(t, rec)
			line := rec.MainLine()
			for ply, want := range tt.times {
				if !line[ply].HasTime || line[ply].Time != want {
					t.Errorf("time of move %d: %+v %v, want %+v", ply+1, line[ply].Time, line[ply].HasTime, want)
				}
			}
			for _, ply := range tt.noTime {
				if line[ply].HasTime {
					t.Errorf("move %d has a time", ply+1)
				}
			}

			// A strict read stops at the first problem.
			r = NewReader(strings.NewReader(tt.in))
			r.Format = tt.format
			strict, err := r.Read()
			if len(tt.warnings) == 0 {
				if err != nil {
					t.Fatalf("strict: %v", err)
				}
				if diff := diffRecords(rec, strict); diff != "" {
					t.Errorf("strict read differs (-lenient +strict):\n%s", diff)
				}
			} else {
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("strict: got %v, want a *SyntaxError", err)
				}
				checkWarnings(t, tt.warnings[:1], []*SyntaxError{se})
			}

			// What the lenient read kept is a record: it is written, and read back
			// strictly, with the same moves and no ending where it ended unread.
			for _, d := range []Dialect{KIF, KI2} {
				out := write(t, rec, d, UTF8)
				back, err := readAs(out, d)
				if err != nil {
					t.Fatalf("%v: reading back: %v\n%s", d, err, out)
				}
				if diff := cmp.Diff(linePaths(withoutUnread(rec)), linePaths(back)); diff != "" {
					t.Errorf("%v: read back (-lenient +back):\n%s\n%s", d, diff, out)
				}
			}
		})
	}
}

// linePaths lists the lines of a record's tree: the flatten paths of the nodes that
// end a line (with their ending's kind) or have no children.
func linePaths(rec *shogi.Record) []string {
	var paths []string
	for _, n := range flatten(rec).Nodes {
		switch {
		case n.End != nil:
			paths = append(paths, strings.TrimSpace(n.Path+" "+n.End.Kind.String()))
		case isLeaf(rec, n.Path) && n.Path != "":
			paths = append(paths, n.Path)
		}
	}
	for i, p := range paths {
		if !strings.HasPrefix(p, " ") {
			paths[i] = " " + p
		}
	}
	return paths
}

// withoutUnread returns a copy of rec without its EndUnread endings, and without the
// variations that branch where a line stops unread: what a writer writes of it.
func withoutUnread(rec *shogi.Record) *shogi.Record {
	out := *rec
	var clean func(n *shogi.Node) *shogi.Node
	clean = func(n *shogi.Node) *shogi.Node {
		c := *n
		c.Children = nil
		if c.End != nil && c.End.Kind == shogi.EndUnread {
			c.End = nil
			return &c
		}
		for _, ch := range n.Children {
			if ch.IsEnding() && ch.End.Kind == shogi.EndUnread {
				continue
			}
			c.Children = append(c.Children, clean(ch))
		}
		return &c
	}
	out.Root = *clean(&rec.Root)
	return &out
}

// checkNoInventedEnding: no ending of a lenient read's record has a kind that says
// more than the read saw (EndUnread endings have no result).
func checkNoInventedEnding(t *testing.T, rec *shogi.Record) {
	t.Helper()
	for _, n := range flatten(rec).Nodes {
		if n.End != nil && n.End.Kind == shogi.EndUnread && n.End.Result != shogi.NoResult {
			t.Errorf("%s: an unread ending with a result: %+v", n.Path, n.End)
		}
	}
}

// TestUnreadWritesNothing: a record whose lines end with EndUnread is written without
// a special move, a まで line or a result, in KIF and KI2, and reads back as the same
// moves with no ending; writing that again gives the same bytes.
func TestUnreadWritesNothing(t *testing.T) {
	rec := shogi.NewRecord()
	pos := shogi.NewStartPosition()
	n := &rec.Root
	for _, usi := range []string{"7g7f", "3c3d", "2g2f"} {
		m, _ := shogi.ParseUSIMove(usi)
		if err := pos.Play(m); err != nil {
			t.Fatal(err)
		}
		n = n.AddChild(m)
		n.Time, n.HasTime = sec(1, 2), true
	}
	n.End = &shogi.Ending{Kind: shogi.EndUnread, Text: "4 投了 する"}
	// An unread alternative to the second move, and a variation that ends unread.
	second := rec.MainLine()[0]
	second.Children = append(second.Children, &shogi.Node{End: &shogi.Ending{Kind: shogi.EndUnread, Text: "2 ??"}})
	alt := rec.Root.AddChild(shogi.NewMove(shogi.NewSquare(2, 7), shogi.NewSquare(2, 6), false))
	alt.End = &shogi.Ending{Kind: shogi.EndUnread, Text: "▲まで"}
	empty := &shogi.Record{StartSFEN: shogi.StartSFEN, Root: shogi.Node{End: &shogi.Ending{Kind: shogi.EndUnread, Text: "x"}}}

	for _, r := range []*shogi.Record{rec, empty} {
		for _, d := range []Dialect{KIF, KI2} {
			for _, enc := range []Encoding{UTF8, ShiftJIS} {
				out := write(t, r, d, enc)
				text := string(out)
				if enc == ShiftJIS {
					back, err := readAs(out, d)
					if err != nil {
						t.Fatal(err)
					}
					text = string(write(t, back, d, UTF8))
				}
				for _, word := range []string{"まで", "投了", "勝ち", "する", "??", "(33)   ( 0:01/00:00:02)+", "変化：2手"} {
					if strings.Contains(text, word) {
						t.Errorf("%v %v: %q written:\n%s", d, enc, word, text)
					}
				}
				back, err := readAs(out, d)
				if err != nil {
					t.Fatalf("%v %v: %v\n%s", d, enc, err, out)
				}
				want := normalised(withoutUnread(r), d)
				if diff := diffRecords(want, back); diff != "" {
					t.Errorf("%v %v (-want +got):\n%s\n%s", d, enc, diff, out)
				}
				if again := write(t, back, d, enc); !bytes.Equal(out, again) {
					t.Errorf("%v %v: second write differs", d, enc)
				}
			}
		}
	}
}

// TestRecordLine: the line where the record starts, for records read, records that
// fail and records after blank lines and comments.
func TestRecordLine(t *testing.T) {
	tests := []struct {
		in      string
		lenient bool
		line    int
	}{
		{kifHead, false, 1},
		{"\n\n# comment\n  \n手合割：平手\n", false, 5},
		{"#KIF version=2.0 encoding=UTF-8\n# ---- comment\n\n先手：a\n", false, 4},
		{"#KIF version=2.0 encoding=UTF-8\n", false, 1},
		{"\r\n\r\n▲７六歩 △３四歩\n", false, 3},
		{"\n\n   1 ７六銀(77)\n", false, 3},
		{"\n\n   1 ７六銀(77)\n", true, 3},
		{"# c\n#KIF version=2.0 encoding=Shift_JIS\n\n開始日時：2024\n   1 ７六歩(77)\n", false, 4},
	}
	for _, tt := range tests {
		r := NewReader(strings.NewReader(tt.in))
		r.Lenient = tt.lenient
		if r.RecordLine() != 0 {
			t.Errorf("%q: record line %d before Read", tt.in, r.RecordLine())
		}
		_, err := r.Read()
		if got := r.RecordLine(); got != tt.line {
			t.Errorf("%q (lenient %v): record line %d, want %d (%v)", tt.in, tt.lenient, got, tt.line, err)
		}
		if _, err := r.Read(); err == nil || r.RecordLine() != 0 {
			t.Errorf("%q: second Read: %v, record line %d", tt.in, err, r.RecordLine())
		}
	}
}

// TestWarningsWithoutRecord: text that holds no record but has a problem gives io.EOF
// in a lenient read with the problem in Warnings, as a strict read gives it as an error.
func TestWarningsWithoutRecord(t *testing.T) {
	const text = "#KIF000000000000\xa8 encoding=UTF8" // found by FuzzReadKI2
	if _, err := Parse([]byte(text)); !errors.Is(err, ErrEncoding) {
		t.Fatalf("strict: %v, want ErrEncoding", err)
	}
	r := NewReader(strings.NewReader(text))
	r.Lenient = true
	if _, err := r.Read(); err != io.EOF || len(r.Warnings()) == 0 || !errors.Is(r.Warnings()[0], ErrEncoding) {
		t.Errorf("lenient: %v with warnings %v, want io.EOF with the encoding problem", err, r.Warnings())
	}
}
