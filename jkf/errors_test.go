package jkf_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/jkf"
)

const opening = `{"header":{},"moves":[{},
{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},
`

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, text   string
		line, column int
		path         string
		reason       error
	}{
		{"illegal move", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":5},"piece":"FU"}}]}`,
			3, 9, "moves[2].move", shogi.ErrCannotMove},
		{"wrong color", opening + `{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}}]}`,
			3, 9, "moves[2].move", shogi.ErrWrongSide},
		{"wrong piece", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"KY"}}]}`,
			3, 9, "moves[2].move", jkf.ErrPieceMismatch},
		{"nifu in a fork", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},
{"move":{"color":0,"from":{"x":8,"y":8},"to":{"x":2,"y":2},"piece":"KA","promote":true},
 "forks":[[{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}},
           {"move":{"color":1,"from":{"x":2,"y":2},"to":{"x":8,"y":8},"piece":"KA","promote":true}},
           {"move":{"color":0,"to":{"x":5,"y":5},"piece":"FU"}}]]}]}`,
			7, 20, "moves[3].forks[0][2].move", shogi.ErrNotInHand},
		{"unknown key", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU","extra":1}}]}`,
			3, 73, "moves[2].move.extra", jkf.ErrUnknownKey},
		{"unknown top key", `{"header":{},"moves":[{}],"version":2}`, 1, 27, "version", jkf.ErrUnknownKey},
		{"capture mismatch", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU","capture":"KA"}}]}`,
			3, 83, "moves[2].move.capture", jkf.ErrCapture},
		{"same mismatch", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU","same":true}}]}`,
			3, 80, "moves[2].move.same", jkf.ErrSame},
		{"bad square", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":0,"y":4},"piece":"FU"}}]}`,
			3, 46, "moves[2].move.to", jkf.ErrSquare},
		{"unknown piece", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"XX"}}]}`,
			3, 68, "moves[2].move.piece", jkf.ErrPiece},
		{"unknown preset", `{"header":{},"initial":{"preset":"NINE"},"moves":[{}]}`, 1, 34, "initial.preset", jkf.ErrPreset},
		{"bad board", `{"header":{},"initial":{"preset":"OTHER","data":{"color":0,"board":[],"hands":[{},{}]}},"moves":[{}]}`,
			1, 68, "initial.data.board", jkf.ErrBoard},
		{"preset and data disagree", `{"header":{},"initial":{"preset":"KY","data":{"color":0,"board":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],` +
			`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],` +
			`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"hands":[{},{}]}},"moves":[{}]}`,
			1, 46, "initial.data", jkf.ErrBoard},
		{"truncated", opening, 2, 75, "", jkf.ErrJSON}, // just after the last character
		{"not JSON", "V2.2\nPI\n", 1, 1, "", jkf.ErrJSON},
		{"wrong type", `{"header":{},"moves":[{},{"move":{"color":"black"}}]}`, 1, 43, "moves.move.color", jkf.ErrJSON},
		{"header value not a string", `{"header":{"先手":1},"moves":[{}]}`, 1, 11, "header", jkf.ErrJSON},
		{"not an object", `[1,2]`, 1, 1, "", jkf.ErrNotObject},
		{"move after the end", opening + `{"special":"TORYO"},{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}}]}`,
			3, 21, "moves[3]", jkf.ErrAfterEnd},
		{"fork without a move", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},"forks":[[{"comments":["no move"]}]]}]}`,
			3, 83, "moves[2].forks[0]", jkf.ErrMisplaced},
		{"negative time", opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},"time":{"now":{"m":-1,"s":0}}}]}`,
			3, 88, "moves[2].time.now", jkf.ErrTime},
		{"empty", "  \n", 1, 1, "", jkf.ErrEmpty},
		{"two records", `{"header":{},"moves":[{}]}` + "\n" + `{"header":{},"moves":[{}]}`, 2, 1, "", jkf.ErrMoreRecords},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := jkf.Parse([]byte(tt.text))
			var se *jkf.SyntaxError
			if !errors.As(err, &se) || !errors.Is(err, tt.reason) {
				t.Fatalf("got %v, want %v", err, tt.reason)
			}
			if se.Line != tt.line || se.Column != tt.column || se.Path != tt.path {
				t.Errorf("at %d:%d %q, want %d:%d %q (%v)", se.Line, se.Column, se.Path, tt.line, tt.column, tt.path, err)
			}
			if !strings.HasPrefix(err.Error(), "jkf: line ") {
				t.Errorf("message %q", err)
			}
		})
	}
}

func TestIllegalMovePly(t *testing.T) {
	_, err := jkf.Parse([]byte(opening + `{"move":{"color":1,"to":{"x":5,"y":5},"piece":"FU"}}]}`))
	var ie *shogi.IllegalMoveError
	if !errors.As(err, &ie) || ie.Ply != 2 || !errors.Is(err, shogi.ErrNotInHand) {
		t.Fatalf("got %v, want an illegal move 2", err)
	}
}

func TestLenient(t *testing.T) {
	text := opening + `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU","capture":"KA","note":"x"}},
{"move":{"color":0,"to":{"x":5,"y":5},"piece":"KA"}},
{"move":{"color":1,"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU"}},
{"special":"TORYO"}]}`
	r := jkf.NewReader(strings.NewReader(text))
	r.Lenient = true
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Moves()); n != 2 {
		t.Errorf("%d moves, want 2", n)
	}
	// The illegal move ends the line unread: no winner, no loss by a foul.
	want := &shogi.Ending{Kind: shogi.EndUnread, Text: `{"color":0,"to":{"x":5,"y":5},"piece":"KA"}`}
	if diff := cmp.Diff(want, rec.Ending(), equateEmpty); diff != "" {
		t.Errorf("ending (-want +got):\n%s", diff)
	}
	type place struct {
		Line, Column int
		Path         string
	}
	var places []place
	for _, w := range r.Warnings() {
		places = append(places, place{w.Line, w.Column, w.Path})
	}
	wantPlaces := []place{{3, 88, "moves[2].move.note"}, {3, 83, "moves[2].move.capture"}, {4, 9, "moves[3].move"}}
	if diff := cmp.Diff(wantPlaces, places); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	if w := r.Warnings(); len(w) != 3 || !errors.Is(w[0], jkf.ErrUnknownKey) || !errors.Is(w[1], jkf.ErrCapture) ||
		!errors.Is(w[2], shogi.ErrNotInHand) {
		t.Errorf("warnings %v", w)
	}
	var ie *shogi.IllegalMoveError
	if w := r.Warnings(); len(w) == 3 && (!errors.As(w[2], &ie) || ie.Ply != 3) {
		t.Errorf("warning %v: want the illegal move 3", w[2])
	}
}

func TestReaderStream(t *testing.T) {
	text := `{"header":{"先手":"a"},"moves":[{}]}` + "\n" + readmeExample + "\n"
	r := jkf.NewReader(strings.NewReader(text))
	for i, want := range []int{0, 5} {
		rec, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		if n := len(rec.Moves()); n != want {
			t.Errorf("record %d: %d moves, want %d", i, n, want)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("end: %v", err)
	}
}

// hugeInput is a reader giving a JKF text whose header holds a 100 MB string,
// without holding it.
type hugeInput struct{ n int }

func (h *hugeInput) Read(p []byte) (int, error) {
	if h.n == 100<<20 {
		h.n--
		return copy(p, `{"header":{"a":"`), nil
	}
	if h.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), h.n)
	for i := range p[:k] {
		p[i] = 'x'
	}
	h.n -= k
	return k, nil
}

func TestHugeInput(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := jkf.NewReader(&hugeInput{n: 100 << 20})
	r.MaxBytes = 8 << 20
	_, err := r.Read()
	runtime.ReadMemStats(&after)
	if !errors.Is(err, jkf.ErrTooLarge) {
		t.Fatalf("got %v, want ErrTooLarge", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 40<<20 {
		t.Errorf("allocated %d bytes", n)
	}
}

// TestTruncated: a JKF text cut anywhere is an error at the end of the text.
func TestTruncated(t *testing.T) {
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	for cut := 0; cut < len(data)-1; cut += 101 {
		_, err := jkf.Parse(data[:cut])
		var se *jkf.SyntaxError
		if !errors.As(err, &se) || !(errors.Is(err, jkf.ErrJSON) || errors.Is(err, jkf.ErrEmpty)) {
			t.Fatalf("cut at %d: %v", cut, err)
		}
	}
}

// TestPieceMismatch: the error says which piece is on the square, and the move number.
func TestPieceMismatch(t *testing.T) {
	_, err := jkf.Parse([]byte(opening + `{"move":{"color":1,"from":{"x":2,"y":2},"to":{"x":3,"y":3},"piece":"HI"}}]}`))
	var ie *shogi.IllegalMoveError
	if !errors.As(err, &ie) || ie.Ply != 2 || !errors.Is(err, shogi.ErrPieceMismatch) || !errors.Is(err, jkf.ErrPieceMismatch) {
		t.Fatalf("got %v, want a piece mismatch at move 2", err)
	}
	const want = "jkf: line 3, column 9: moves[2].move: illegal move 2b3c at move 2: " +
		"the named piece is not the piece on the origin square: 2二 holds a bishop (KA), not a rook (HI)"
	if err.Error() != want {
		t.Errorf("message\n%s\nwant\n%s", err, want)
	}
}

// TestLenientUnread: a lenient read keeps the moves before a move it cannot read and
// ends the line there, unread, with one warning; a time it cannot read is left out and
// its move kept.
func TestLenientUnread(t *testing.T) {
	tests := []struct {
		name, entry string
		warning     string // line:column path reason
		moves       int
		ending      *shogi.Ending
	}{
		{"unknown piece", `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"XX"}},{"special":"TORYO"}`,
			"3:68 moves[2].move.piece piece", 1, &shogi.Ending{Kind: shogi.EndUnread, Text: `{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"XX"}`}},
		{"no color", `{"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},{"special":"TORYO"}`,
			// The old layout of json-kifu-format: the move is read as the side to move's.
			"3:9 moves[2].move missing", 2, &shogi.Ending{Kind: shogi.EndResign, Result: shogi.WhiteWins}},
		{"two moves in a row", `{"move":{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"},` +
			`"forks":[[{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}}]]},{"special":"TORYO"}`,
			"3:9 moves[2].move wrong side", 1, &shogi.Ending{Kind: shogi.EndUnread, Text: `{"color":0,"from":{"x":2,"y":7},"to":{"x":2,"y":6},"piece":"FU"}`}},
		{"bad time", `{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},"time":{"now":{"m":-1,"s":0}}},{"special":"TORYO"}`,
			"3:88 moves[2].time.now time", 2, &shogi.Ending{Kind: shogi.EndResign, Result: shogi.WhiteWins}},
		{"bad time of a special", `{"special":"TORYO","time":{"now":{"m":0,"s":0},"total":{"h":-1,"m":0,"s":0}}}`,
			"3:56 moves[2].time.total time", 1, &shogi.Ending{Kind: shogi.EndResign, Result: shogi.BlackWins}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := opening + tt.entry + "]}"
			r := jkf.NewReader(strings.NewReader(text))
			r.Lenient = true
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range r.Warnings() {
				got = append(got, place(w))
			}
			if diff := cmp.Diff([]string{tt.warning}, got); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if n := len(rec.Moves()); n != tt.moves {
				t.Errorf("%d moves, want %d", n, tt.moves)
			}
			if diff := cmp.Diff(tt.ending, rec.Ending(), equateEmpty); diff != "" {
				t.Errorf("ending (-want +got):\n%s", diff)
			}
			if len(rec.Root.Children) != 1 || len(rec.Root.Children[0].Children) > 1 {
				t.Errorf("variations read after the unread move")
			}
			// Strict, the same problem is the error; the old layout (ErrOldLayout) is read
			// in strict reads too, with the same warning (see TestOldLayout).
			if errors.Is(r.Warnings()[0], jkf.ErrOldLayout) {
				sr := jkf.NewReader(strings.NewReader(text))
				if _, err := sr.Read(); err != nil || len(sr.Warnings()) != 1 || place(sr.Warnings()[0]) != tt.warning {
					t.Errorf("strict: %v, warnings %v, want the warning %s", err, sr.Warnings(), tt.warning)
				}
			} else if _, err := jkf.Parse([]byte(text)); err == nil || place(asSyntax(t, err)) != tt.warning {
				t.Errorf("strict: %v, want the error %s", err, tt.warning)
			}
		})
	}
}

func asSyntax(t *testing.T, err error) *jkf.SyntaxError {
	var se *jkf.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%v is no SyntaxError", err)
	}
	return se
}

// TestLenientUnreadFork: a variation whose first move cannot be read is an unread
// alternative (a child without a move); the line it branches from goes on.
func TestLenientUnreadFork(t *testing.T) {
	text := `{"header":{},"moves":[{},
{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},
 "forks":[[{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":4},"piece":"FU"}},{"special":"TORYO"}]]},
{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}}]}`
	r := jkf.NewReader(strings.NewReader(text))
	r.Lenient = true
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Moves()); n != 2 || rec.Ending() != nil {
		t.Errorf("main line %v, ending %+v; want two moves and no ending", rec.Moves(), rec.Ending())
	}
	kids := rec.Root.Children
	want := &shogi.Ending{Kind: shogi.EndUnread, Text: `{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":4},"piece":"FU"}`}
	if len(kids) != 2 || !kids[1].IsEnding() || !cmp.Equal(want, kids[1].End, equateEmpty) {
		t.Fatalf("first moves %+v, want the move and an unread alternative", kids)
	}
	if w := r.Warnings(); len(w) != 1 || place(w[0]) != "3:20 moves[1].forks[0][0].move cannot move" {
		t.Errorf("warnings %v", w)
	}
	back := mustParse(t, mustFormat(t, rec))
	if len(back.Root.Children) != 1 || len(back.Moves()) != 2 {
		t.Errorf("read back: %d first moves, main line %v", len(back.Root.Children), back.Moves())
	}
}

// TestInvalidUTF8: text that is not UTF-8 is an error at its first bad byte, never
// replaced with U+FFFD in silence; the next record is read all the same.
func TestInvalidUTF8(t *testing.T) {
	r := jkf.NewReader(strings.NewReader("{\"header\":{\"a\":\"ok\"},\"moves\":[{}]}\n{\"header\":{\"先手\":\"\xff\"},\"moves\":[{}]}\n{\"header\":{},\"moves\":[{}]}\n"))
	var got []string
	for {
		_, err := r.Read()
		if err == io.EOF {
			break
		}
		var se *jkf.SyntaxError
		switch {
		case err == nil:
			got = append(got, "ok")
		case errors.As(err, &se) && errors.Is(err, jkf.ErrEncoding):
			got = append(got, fmt.Sprintf("encoding %d:%d", se.Line, se.Column))
		default:
			t.Fatalf("unexpected error %v", err)
		}
	}
	if diff := cmp.Diff([]string{"ok", "encoding 2:18", "ok"}, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

// TestRepeatedKey: a key repeated in one object of the record (two "moves" arrays) is
// an error at the second, never a silent choice of the last; a lenient read warns.
func TestRepeatedKey(t *testing.T) {
	text := `{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}],` + "\n" + `"moves":[{}]}`
	_, err := jkf.Parse([]byte(text))
	var se *jkf.SyntaxError
	if !errors.As(err, &se) || !errors.Is(err, jkf.ErrRepeatedKey) || se.Line != 2 || se.Column != 1 {
		t.Fatalf("strict: %v, want ErrRepeatedKey at 2:1", err)
	}
	r := jkf.NewReader(strings.NewReader(text))
	r.Lenient = true
	if _, err := r.Read(); err != nil || len(r.Warnings()) != 1 || !errors.Is(r.Warnings()[0], jkf.ErrRepeatedKey) {
		t.Errorf("lenient: %v, warnings %v", err, r.Warnings())
	}
	// A header may repeat keys: they are all kept, in order.
	rec, err := jkf.Parse([]byte(`{"header":{"棋戦":"a","棋戦":"b"},"moves":[{}]}`))
	if err != nil || len(rec.Header) != 2 {
		t.Errorf("repeated header keys: %v, %v", err, rec)
	}
}

// TestKeysInAnotherCase: encoding/json matches keys without regard to case; JKF's keys
// are exact, so a key in another case is an unknown key in strict reads (a warning in
// lenient ones) wherever it stands, and header keys, which are free, stay as written.
func TestKeysInAnotherCase(t *testing.T) {
	for _, tc := range []struct {
		text      string
		line, col int
		path      string
	}{
		{`{"Moves":[]}`, 1, 2, "Moves"},
		{`{"header":{},"moves":[{},{"Move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]}`, 1, 27, "moves[1].Move"},
		{"{\"header\":{},\n \"moves\":[{},{\"move\":{\"color\":0,\"from\":{\"X\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}}]}", 2, 41, "moves[1].move.from.X"},
		{`{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"ſpecial":"TORYO"}]}`, 1, 99, "moves[1].ſpecial"},
	} {
		_, err := jkf.Parse([]byte(tc.text))
		var se *jkf.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, jkf.ErrUnknownKey) || se.Line != tc.line || se.Column != tc.col || se.Path != tc.path {
			t.Errorf("%s: %v, want an unknown key %s at %d:%d", tc.text, err, tc.path, tc.line, tc.col)
		}
		r := jkf.NewReader(strings.NewReader(tc.text))
		r.Lenient = true
		if _, err := r.Read(); err != nil || len(r.Warnings()) != 1 || !errors.Is(r.Warnings()[0], jkf.ErrUnknownKey) {
			t.Errorf("%s, lenient: %v, warnings %v; want one unknown-key warning", tc.text, err, r.Warnings())
		}
	}
	rec, err := jkf.Parse([]byte(`{"header":{"Moves":"x","先手":"甲"},"moves":[{}]}`))
	if err != nil {
		t.Fatalf("header key in capitals: %v", err)
	}
	if v, ok := rec.Header.Get("Moves"); !ok || v != "x" {
		t.Errorf("header key in capitals: %q, %v", v, ok)
	}
}
