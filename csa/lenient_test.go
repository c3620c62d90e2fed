package csa_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
)

// place is where a problem is reported and what it wraps.
type place struct {
	Line, Column int
	Err          error
}

func placeOf(e *csa.SyntaxError, want error) place {
	p := place{Line: e.Line, Column: e.Column}
	if errors.Is(e, want) {
		p.Err = want
	} else {
		p.Err = e // shows the real error in the diff
	}
	return p
}

var comparePlaces = cmp.Comparer(func(a, b error) bool { return a == b })

// TestLenientReads: what a lenient read keeps, the ending it gives (never one the file
// does not state) and its warnings, and the error of a strict read of the same text.
func TestLenientReads(t *testing.T) {
	unread := func(text string) *shogi.Ending { return &shogi.Ending{Kind: shogi.EndUnread, Text: text} }
	tests := []struct {
		name     string
		text     string
		moves    []string
		ending   *shogi.Ending
		warnings []place
		strict   *place // nil: the strict read gives the same record
	}{
		{"no piece on the origin square", "PI\n+\n+7776FU\n-3334FU\n+5554FU,T3\n%TORYO\n",
			[]string{"7g7f", "3c3d"}, unread("+5554FU,T3"), []place{{5, 1, shogi.ErrNoPiece}}, &place{5, 1, shogi.ErrNoPiece}},
		{"the third move of a line", "PI\n+\n+7776FU,T1,-3334FU,T2,+7775FU,T3\n%TORYO\n",
			[]string{"7g7f", "3c3d"}, unread("+7775FU,T3"), []place{{3, 23, shogi.ErrNoPiece}}, &place{3, 23, shogi.ErrNoPiece}},
		{"a truncated move", "PI\n+\n+7776FU\n-33\n-3334FU\n",
			[]string{"7g7f"}, unread("-33"), []place{{4, 1, csa.ErrMoveSyntax}}, &place{4, 1, csa.ErrMoveSyntax}},
		{"garbage where a move is expected", "PI\n+\n+7776FU\n  hello, world\n-3334FU\n%TORYO\n",
			[]string{"7g7f"}, unread("hello, world"), []place{{4, 3, csa.ErrUnknownStatement}}, &place{4, 3, csa.ErrUnknownStatement}},
		{"a lone sign where a move is expected", "PI\n+\n+7776FU\n-\n-3334FU\n",
			[]string{"7g7f"}, unread("-"), []place{{4, 1, csa.ErrOrder}}, &place{4, 1, csa.ErrOrder}},
		{"a board line among the moves", "PI\n+\n+7776FU\nP1 * \n-3334FU\n",
			[]string{"7g7f"}, unread("P1 *"), []place{{4, 1, csa.ErrOrder}}, &place{4, 1, csa.ErrOrder}},
		{"the next record without a separator", "PI\n+\n+7776FU\nV2.2\nN+b\nPI\n+\n+2726FU\n",
			[]string{"7g7f"}, unread("V2.2"), []place{{4, 1, csa.ErrOrder}}, &place{4, 1, csa.ErrOrder}},
		{"a separator after a comma", "PI\n+\n+7776FU,/\n-3334FU\n",
			[]string{"7g7f"}, unread("/"), []place{{3, 9, csa.ErrUnknownStatement}}, &place{3, 9, csa.ErrUnknownStatement}},
		{"two moves of one side", "PI\n+\n+7776FU\n+2726FU\n",
			[]string{"7g7f"}, unread("+2726FU"), []place{{4, 1, shogi.ErrWrongSide}}, &place{4, 1, shogi.ErrWrongSide}},
		{"a piece that is not on the origin square", "PI\n+\n+7776FU\n-3334KY\n",
			[]string{"7g7f"}, unread("-3334KY"), []place{{4, 1, shogi.ErrPieceMismatch}}, &place{4, 1, shogi.ErrPieceMismatch}},
		{"an illegal first move", "PI\n+\n+7775FU\n%TORYO\n",
			nil, unread("+7775FU"), []place{{3, 1, shogi.ErrCannotMove}}, &place{3, 1, shogi.ErrCannotMove}},
		{"nothing after the stop is read", "PI\n+\n+7776FU\n+2726FU\n'*comment\nT5\nX\n$END_TIME:x\n%TORYO\n",
			[]string{"7g7f"}, unread("+2726FU"), []place{{4, 1, shogi.ErrWrongSide}}, &place{4, 1, shogi.ErrWrongSide}},
		{"a comment after a comma is in the text not read", "PI\n+\n+7776FU,'*c\n-7775FU,'* x, y\n",
			[]string{"7g7f"}, unread("-7775FU,'* x, y"), []place{{4, 1, shogi.ErrNoPiece}}, &place{4, 1, shogi.ErrNoPiece}},
		{"the file's own illegal-move ending", "PI\n+\n+7776FU\n%ILLEGAL_MOVE\n",
			[]string{"7g7f"}, &shogi.Ending{Kind: shogi.EndIllegalLoss, Result: shogi.BlackWins}, nil, nil},
		{"moves after the file's ending", "PI\n+\n+7776FU\n%TORYO\n-3334FU\n+2726FU\nX\n",
			[]string{"7g7f"}, &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins}, []place{{5, 1, csa.ErrAfterEnd}}, &place{5, 1, csa.ErrAfterEnd}},
		{"a time it cannot read", "PI\n+\n+7776FU,T1x\n-3334FU\n%TORYO\n",
			[]string{"7g7f", "3c3d"}, &shogi.Ending{Kind: shogi.EndResign, Result: shogi.WhiteWins}, []place{{3, 9, csa.ErrTime}}, &place{3, 9, csa.ErrTime}},
		{"a second time", "PI\n+\n+7776FU,T1\nT2\n-3334FU\n",
			[]string{"7g7f", "3c3d"}, nil, []place{{4, 1, csa.ErrDuplicateTime}}, &place{4, 1, csa.ErrDuplicateTime}},
		{"a time before the first move", "PI\n+\nT3\n+7776FU\n",
			[]string{"7g7f"}, nil, []place{{3, 1, csa.ErrTimeWithoutMove}}, &place{3, 1, csa.ErrTimeWithoutMove}},
		{"a $ line without a colon", "V2.2\n$FOO\nPI\n+\n+7776FU\n",
			[]string{"7g7f"}, nil, []place{{2, 1, csa.ErrHeader}}, &place{2, 1, csa.ErrHeader}},
		{"an unknown line before the moves", "V2.2\nXYZ\nPI\n+\n+7776FU\n",
			[]string{"7g7f"}, nil, []place{{2, 1, csa.ErrUnknownStatement}}, &place{2, 1, csa.ErrUnknownStatement}},
		{"game information after the moves", "PI\n+\n+7776FU\n$END_TIME:2020/01/01\n%TORYO\n",
			[]string{"7g7f"}, &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins}, []place{{4, 1, csa.ErrOrder}}, &place{4, 1, csa.ErrOrder}},
		{"an unknown special move", "PI\n+\n+7776FU\n%FOO\n",
			[]string{"7g7f"}, &shogi.Ending{Kind: shogi.EndUnread, Text: "%FOO"}, []place{{4, 1, csa.ErrUnknownSpecial}}, &place{4, 1, csa.ErrUnknownSpecial}},
		{"no side to move: the side of the first move", "PI\n+7776FU\n",
			[]string{"7g7f"}, nil, []place{{2, 1, csa.ErrNoSideToMove}}, &place{2, 1, csa.ErrNoSideToMove}},
		{"a comment that is not UTF-8", "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU\n'*\xff\n-3334FU\n",
			[]string{"7g7f", "3c3d"}, nil, []place{{6, 3, csa.ErrEncoding}}, &place{6, 3, csa.ErrEncoding}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := csa.NewReader(strings.NewReader(tt.text))
			r.Lenient = true
			rec, err := r.Read()
			if err != nil {
				t.Fatalf("lenient: %v", err)
			}
			if diff := cmp.Diff(tt.moves, usiMoves(rec.Moves()), equateEmpty); diff != "" {
				t.Errorf("moves (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.ending, rec.Ending()); diff != "" {
				t.Errorf("ending (-want +got):\n%s", diff)
			}
			var got []place
			for i, w := range r.Warnings() {
				var want error
				if i < len(tt.warnings) {
					want = tt.warnings[i].Err
				}
				got = append(got, placeOf(w, want))
			}
			if diff := cmp.Diff(tt.warnings, got, comparePlaces); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("after the record: %v, want io.EOF", err)
			}

			strict, err := csa.Parse([]byte(tt.text))
			if tt.strict == nil {
				if err != nil {
					t.Fatalf("strict: %v", err)
				}
				if diff := diffRecords(rec, strict); diff != "" {
					t.Errorf("strict and lenient records differ (-lenient +strict):\n%s", diff)
				}
				return
			}
			var se *csa.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("strict: %v, want a SyntaxError", err)
			}
			if diff := cmp.Diff(*tt.strict, placeOf(se, tt.strict.Err), comparePlaces); diff != "" {
				t.Errorf("strict error (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLenientNeverInventsAnEnding: a lenient read's ending is one a % line of the file
// states, or EndUnread, and an EndUnread has no result.
func TestLenientNeverInventsAnEnding(t *testing.T) {
	for _, text := range []string{
		"PI\n+\n+7776FU\n-3334FU\n+8822KI\n%TORYO\n",                                     // wrong piece
		"PI\n+\n+7776FU\n-3334FU\n+0055KA\n%TORYO\n",                                     // not in hand
		"PI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0055KA\n-0044KA\n+0066KA\n%TORYO\n", // a second drop of one bishop
		"PI\n+\n+7776FU\n-3334FU\n+77\n%TORYO\n",
		"PI\n+\n+7776FU\n-3334FU\n+7776FUX\n%TORYO\n",
		"PI\n+\n+7776FU\n-3334FU\n#\n%TORYO\n",
		"PI\n+\n+7776FU\n-3334FU\n-8384FU\n%ILLEGAL_MOVE\n",
	} {
		r := csa.NewReader(strings.NewReader(text))
		r.Lenient = true
		rec, err := r.Read()
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if e := rec.Ending(); e == nil || e.Kind != shogi.EndUnread || e.Result != shogi.NoResult || len(r.Warnings()) != 1 {
			t.Errorf("%q: ending %+v, warnings %v", text, e, r.Warnings())
		}
	}
}

// TestResync: after a record that cannot be read, in a strict or a lenient read, the
// record after it is read, and RecordLine says where each starts.
func TestResync(t *testing.T) {
	good := "V2.2\nN+after\nPI\n+\n+2726FU\n%TORYO\n"
	bad := map[string]string{
		"illegal move":           "PI\n+\n+7775FU\n-3334FU\n",
		"bad board line":         "P1-KY-KE-XX\n+\n+7776FU\n",
		"piece count":            "PI\nP+00FU\n+\n",
		"move without position":  "V2.2\n+7776FU\n-3334FU\n",
		"side without position":  "V2.2\n+\n",
		"unknown statement":      "PI\nfoo\n+\n+7776FU\n",
		"no side to move at all": "V2.2\nPI\n",
		"invalid text":           "V2.2\nN+\xff\nPI\n+\n",
		"over-long line":         "PI\n+\n'" + strings.Repeat("x", 300) + "\n+7776FU\n",
		"malformed move and /x":  "PI\n+\n+77\n/x\n",
	}
	for name, text := range bad {
		for _, lenient := range []bool{false, true} {
			input := "\n" + text + "/\n\n'first line of the next record\n" + good
			r := csa.NewReader(strings.NewReader(input))
			r.Lenient = lenient
			r.MaxLineLength = 200
			rec, err := r.Read()
			if r.RecordLine() != 2 {
				t.Errorf("%s (lenient %v): the first record starts at line %d, want 2", name, lenient, r.RecordLine())
			}
			if err == nil && !lenient {
				t.Errorf("%s: strict read of %q gave %v", name, text, usiMoves(rec.Moves()))
			}
			rec, err = r.Read()
			if err != nil {
				t.Fatalf("%s (lenient %v): the record after: %v", name, lenient, err)
			}
			if want := strings.Count(text, "\n") + 4; r.RecordLine() != want {
				t.Errorf("%s (lenient %v): the record after starts at line %d, want %d", name, lenient, r.RecordLine(), want)
			}
			if v, _ := rec.Header.Get(shogi.HeaderBlack); v != "after" || len(rec.Moves()) != 1 {
				t.Errorf("%s (lenient %v): the record after: %v %v", name, lenient, rec.Header, rec.Moves())
			}
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("%s (lenient %v): end: %v", name, lenient, err)
			}
		}
	}
}

// TestRecordLine: RecordLine of each record of a stream, the records that fail
// included; blank lines and separators do not start a record, comments do.
func TestRecordLine(t *testing.T) {
	text := "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU\n/\n\n\n'a comment\nPI\n+\n+7775FU\n/ \n" +
		"PI\n+\n/\n/\n \n/\nP1 * \n+\n'end\n"
	type read struct {
		Line     int
		Moves    int
		ErrLine  int
		Warnings int
	}
	for _, lenient := range []bool{false, true} {
		want := []read{{1, 1, 0, 0}, {9, 0, 12, 0}, {14, 0, 0, 0}, {20, 0, 0, 0}}
		if lenient {
			want[1] = read{9, 0, 0, 1}
		}
		r := csa.NewReader(strings.NewReader(text))
		r.Lenient = lenient
		var got []read
		for {
			rec, err := r.Read()
			if err == io.EOF {
				break
			}
			g := read{Line: r.RecordLine(), Warnings: len(r.Warnings())}
			var se *csa.SyntaxError
			switch {
			case errors.As(err, &se):
				g.ErrLine = se.Line
			case err != nil:
				t.Fatal(err)
			default:
				g.Moves = len(rec.Moves())
			}
			got = append(got, g)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("lenient %v (-want +got):\n%s", lenient, diff)
		}
	}
}

// TestWarningsEveryTime: Warnings gives the warnings of the record last read, each
// time it is called; the next Read does not change the slice given before.
func TestWarningsEveryTime(t *testing.T) {
	r := csa.NewReader(strings.NewReader("PI\nX\n+\n+7776FU,T1x\n/\nPI\n+\n/\nY\nPI\n+\n"))
	r.Lenient = true
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	first := r.Warnings()
	if len(first) != 2 || !errors.Is(first[0], csa.ErrUnknownStatement) || !errors.Is(first[1], csa.ErrTime) {
		t.Fatalf("warnings %v", first)
	}
	if again := r.Warnings(); len(again) != 2 || again[0] != first[0] || again[1] != first[1] {
		t.Errorf("second call: %v", again)
	}
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if w := r.Warnings(); len(w) != 0 {
		t.Errorf("a record without problems: %v", w)
	}
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if w := r.Warnings(); len(w) != 1 || w[0].Line != 9 {
		t.Errorf("third record: %v", w)
	}
	if len(first) != 2 || !errors.Is(first[0], csa.ErrUnknownStatement) || first[0].Line != 2 {
		t.Errorf("the first record's warnings changed: %v", first)
	}
}

// TestWriteUnread: a record whose line ends in EndUnread is written without a %
// line, without its text and without a result, and reads back as the same moves with
// no ending.
func TestWriteUnread(t *testing.T) {
	r := csa.NewReader(strings.NewReader("V2.2\nN+a\nPI\n+\n+7776FU,T3\n'*good\n-3334FU\n+7775FU,T5\n%TORYO\n"))
	r.Lenient = true
	fromRead, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if e := fromRead.Ending(); e == nil || e.Kind != shogi.EndUnread {
		t.Fatalf("ending %+v", e)
	}
	made := shogi.NewRecord()
	n := made.Root.AddChild(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false))
	n.End = &shogi.Ending{Kind: shogi.EndUnread, Text: "%TORYO", Comments: []string{"not written"}, HasTime: true, Time: shogi.MoveTime{Spent: time.Second}}
	atRoot := shogi.NewRecord()
	atRoot.Root.End = &shogi.Ending{Kind: shogi.EndUnread, Text: "+7775FU"}

	for name, rec := range map[string]*shogi.Record{"read": fromRead, "made": made, "at the root": atRoot} {
		for _, version := range []string{"2.2", "3.0"} {
			out := write(t, rec, func(w *csa.Writer) { w.Version = version })
			for line := range strings.Lines(string(out)) {
				if strings.HasPrefix(line, "%") || strings.Contains(line, "TORYO") || strings.Contains(line, "7775") || strings.Contains(line, "not written") {
					t.Errorf("%s V%s: line %q written:\n%s", name, version, line, out)
				}
			}
			back, err := csa.Parse(out)
			if err != nil {
				t.Fatalf("%s V%s: %v\n%s", name, version, err, out)
			}
			if diff := cmp.Diff(usiMoves(rec.Moves()), usiMoves(back.Moves())); diff != "" {
				t.Errorf("%s V%s: moves (-want +got):\n%s", name, version, diff)
			}
			if e := back.Ending(); e != nil {
				t.Errorf("%s V%s: read back with the ending %+v", name, version, e)
			}
			want := *rec
			want.Root = *cloneWithoutEnding(&rec.Root)
			if diff := diffRecords(&want, back); diff != "" {
				t.Errorf("%s V%s: record (-want +got):\n%s", name, version, diff)
			}
		}
	}
}

// cloneWithoutEnding copies the main line from n, without the EndUnread that ends it.
func cloneWithoutEnding(n *shogi.Node) *shogi.Node {
	c := *n
	c.End = nil
	if n.End == nil && len(n.Children) > 0 {
		c.Children = []*shogi.Node{cloneWithoutEnding(n.Children[0])}
	} else {
		c.Children = nil
	}
	return &c
}

// TestEmptyInput: input that holds no record is io.EOF for a Reader, strict or
// lenient, without warnings, and an ErrNoRecord error for Parse.
func TestEmptyInput(t *testing.T) {
	for _, text := range []string{"", "\n\n", "  \r\n\t\n", "'a comment\n'*another\n", "'CSA encoding=UTF-8\n",
		"\xEF\xBB\xBF", "/\n", "\n/\n'x\n/\n\n"} {
		_, err := csa.Parse([]byte(text))
		var se *csa.SyntaxError
		if !errors.Is(err, shogi.ErrNoRecord) || !errors.Is(err, csa.ErrEmpty) || !errors.As(err, &se) || se.Line != 1 {
			t.Errorf("Parse(%q): %v", text, err)
		}
		for _, lenient := range []bool{false, true} {
			r := csa.NewReader(strings.NewReader(text))
			r.Lenient = lenient
			if _, err := r.Read(); err != io.EOF || len(r.Warnings()) != 0 {
				t.Errorf("Read(%q), lenient %v: %v %v", text, lenient, err, r.Warnings())
			}
		}
	}
}

// TestMissingPositionMessages: a move or a side to move with no P line before it is
// reported as a missing start position, in a strict and a lenient read.
func TestMissingPositionMessages(t *testing.T) {
	tests := []struct{ text, message string }{
		{"V2.2\nN+a\n+7776FU\n", "csa: line 3, column 1: no start position (no P1–P9 or PI line) before the move +7776FU"},
		{"+\n+7776FU\n", "csa: line 1, column 1: no start position (no P1–P9 or PI line) before the side to move +"},
		{"V2.2\n%TORYO\n", "csa: line 2, column 1: no start position (no P1–P9 or PI line) before the special move %TORYO"},
		{"V2.2\nN+a\n", "csa: line 2, column 1: no start position (no P1–P9 or PI line) in the record"},
	}
	for _, tt := range tests {
		for _, lenient := range []bool{false, true} {
			r := csa.NewReader(strings.NewReader(tt.text))
			r.Lenient = lenient
			_, err := r.Read()
			if !errors.Is(err, csa.ErrNoPosition) || err.Error() != tt.message {
				t.Errorf("%q (lenient %v): %v\nwant %s", tt.text, lenient, err, tt.message)
			}
		}
	}
}

// TestPieceMismatchMessages: a move naming a piece that is not on its origin square
// is a shogi.ErrPieceMismatch with its move number, and says which piece is there.
func TestPieceMismatchMessages(t *testing.T) {
	tests := []struct {
		text string
		ply  int
		want string
	}{
		{"PI\n+\n+7776KI\n", 1, "7七 holds a pawn (FU), not a gold (KI)"},
		{"PI\n+\n+6958NG\n", 1, "6九 holds a gold (KI), not a promoted silver (NG)"},
		{"PI\n+\n+2868KA\n", 1, "2八 holds a rook (HI), not a bishop (KA)"},
		{"PI\n+\n+7776FU\n-3334KY\n", 2, "3三 holds a pawn (FU), not a lance (KY)"},
	}
	for _, tt := range tests {
		_, err := csa.Parse([]byte(tt.text))
		var ie *shogi.IllegalMoveError
		if !errors.As(err, &ie) || !errors.Is(err, shogi.ErrPieceMismatch) || !errors.Is(err, csa.ErrPieceMismatch) {
			t.Fatalf("%q: %v", tt.text, err)
		}
		if ie.Ply != tt.ply || !strings.HasSuffix(err.Error(), tt.want) || strings.Count(err.Error(), "csa:") != 1 {
			t.Errorf("%q: ply %d, %q; want ply %d and %q", tt.text, ie.Ply, err, tt.ply, tt.want)
		}
	}
}
