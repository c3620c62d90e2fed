package jkf_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/jkf"
)

// sentinels names the reasons a test expects; reasonOf gives the name of an error's.
var sentinels = []struct {
	name string
	err  error
}{
	{"json", jkf.ErrJSON}, {"too large", jkf.ErrTooLarge}, {"not object", jkf.ErrNotObject},
	{"unknown key", jkf.ErrUnknownKey}, {"missing", jkf.ErrMissing}, {"preset", jkf.ErrPreset},
	{"no record", shogi.ErrNoRecord}, {"more records", jkf.ErrMoreRecords},
	{"piece mismatch", shogi.ErrPieceMismatch}, {"cannot move", shogi.ErrCannotMove},
	{"not in hand", shogi.ErrNotInHand}, {"nifu", shogi.ErrNifu}, {"wrong side", shogi.ErrWrongSide},
	{"time", jkf.ErrTime}, {"piece", jkf.ErrPiece},
}

func reasonOf(err error) string {
	for _, s := range sentinels {
		if errors.Is(err, s.err) {
			return s.name
		}
	}
	return "other: " + err.Error()
}

// outcome is what one call of Read gave, in a form cmp compares.
type outcome struct {
	RecordLine int
	Moves      string   // a record's main line, in USI
	Ending     string   // a record's ending: its kind and text
	Err        string   // an error: line:column path reason
	Warnings   []string // line:column path reason
}

func place(e *jkf.SyntaxError) string {
	return fmt.Sprintf("%d:%d %s %s", e.Line, e.Column, e.Path, reasonOf(e))
}

// readAll reads every record of r (at most limit calls of Read) and lists what each
// call gave.
func readAll(t testing.TB, r *jkf.Reader, limit int) []outcome {
	t.Helper()
	var out []outcome
	for range limit {
		rec, err := r.Read()
		if err == io.EOF {
			return out
		}
		o := outcome{RecordLine: r.RecordLine()}
		for _, w := range r.Warnings() {
			o.Warnings = append(o.Warnings, place(w))
		}
		if err != nil {
			var se *jkf.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is no SyntaxError", err)
			}
			o.Err = place(se)
		} else {
			var moves []string
			for _, m := range rec.Moves() {
				moves = append(moves, m.String())
			}
			o.Moves = strings.Join(moves, " ")
			if e := rec.Ending(); e != nil {
				o.Ending = e.Kind.String() + " " + e.Text
			}
		}
		out = append(out, o)
	}
	t.Fatalf("no io.EOF after %d calls of Read", limit)
	return nil
}

const streamFile = "testdata/stream.jsonl"

// TestStreamFile: a JSON Lines file with a record holding an illegal move (the 3rd), a
// truncated record, a line that is not JSON and a value that is not an object: every
// good record is read, each bad one is reported at its place, and the records after
// them are read. The columns count characters on lines with Japanese text, however the
// input comes in pieces.
func TestStreamFile(t *testing.T) {
	data, err := os.ReadFile(streamFile)
	if err != nil {
		t.Fatal(err)
	}
	// Record 3, line 3: the move object of moves[2] starts at character 158 (its
	// byte offset is far larger: the header before it is Japanese).
	const illegal = `{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":5},"piece":"FU"}`
	strict := []outcome{
		{RecordLine: 1, Moves: "7g7f 3c3d", Ending: "resign "},
		{RecordLine: 2, Moves: "2g2f 8c8d", Ending: "interrupt "},
		{RecordLine: 3, Err: "3:158 moves[2].move cannot move"},
		{RecordLine: 4, Err: "4:96  json"}, // just after the last character of the truncated line
		{RecordLine: 5, Moves: "5a4b"},
		{RecordLine: 6, Err: "6:1  json"},
		{RecordLine: 7, Moves: "7g7f"},
		{RecordLine: 8, Err: "8:1  not object"},
		{RecordLine: 9, Ending: "sennichite "},
	}
	lenient := append([]outcome(nil), strict...)
	lenient[2] = outcome{RecordLine: 3, Moves: "7g7f", Ending: "unread " + illegal,
		Warnings: []string{"3:158 moves[2].move cannot move"}}
	pieces := map[string]func(io.Reader) io.Reader{
		"whole":    func(r io.Reader) io.Reader { return r },
		"one byte": iotest.OneByteReader,
		"half":     iotest.HalfReader,
		"data+EOF": iotest.DataErrReader,
	}
	for name, piece := range pieces {
		for _, mode := range []struct {
			lenient bool
			want    []outcome
		}{{false, strict}, {true, lenient}} {
			r := jkf.NewReader(piece(bytes.NewReader(data)))
			r.Lenient = mode.lenient
			if diff := cmp.Diff(mode.want, readAll(t, r, 20), equateEmpty); diff != "" {
				t.Errorf("%s, lenient %v (-want +got):\n%s", name, mode.lenient, diff)
			}
		}
	}
}

// TestStreamForms: records concatenated on a line, pretty-printed, with a byte order
// mark and CR LF line ends, and values that are no objects between them.
func TestStreamForms(t *testing.T) {
	const rec = `{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]}`
	const pretty = "{\n  \"header\": {\"先手\": \"甲\"},\n  \"moves\": [\n    {},\n    {\"special\": \"TORYO\"}\n  ]\n}"
	tests := []struct {
		name, text string
		want       []outcome
		lenient    []outcome // when a lenient read gives something else
	}{
		{"concatenated", rec + rec + " " + rec, []outcome{
			{RecordLine: 1, Moves: "7g7f"}, {RecordLine: 1, Moves: "7g7f"}, {RecordLine: 1, Moves: "7g7f"}}, nil},
		{"pretty", pretty + "\n" + pretty + rec, []outcome{
			{RecordLine: 1, Ending: "resign "}, {RecordLine: 8, Ending: "resign "}, {RecordLine: 14, Moves: "7g7f"}}, nil},
		{"BOM and CR LF", "\xEF\xBB\xBF" + rec + "\r\n\r\n" + `{"header":{},"moves":[{},{"move":{"color":0,"to":{"x":5,"y":5},"piece":"FU"}}]}` + "\r\n",
			[]outcome{{RecordLine: 1, Moves: "7g7f"}, {RecordLine: 3, Err: "3:34 moves[1].move not in hand"}},
			[]outcome{{RecordLine: 1, Moves: "7g7f"}, {RecordLine: 3, Ending: `unread {"color":0,"to":{"x":5,"y":5},"piece":"FU"}`,
				Warnings: []string{"3:34 moves[1].move not in hand"}}}},
		{"no objects", "[1,2] 42 \"先手\" null\n" + rec + " true", []outcome{
			{RecordLine: 1, Err: "1:1  not object"}, {RecordLine: 1, Err: "1:7  not object"},
			{RecordLine: 1, Err: "1:10  not object"}, {RecordLine: 1, Err: "1:15  not object"},
			{RecordLine: 2, Moves: "7g7f"}, {RecordLine: 2, Err: "2:102  not object"}}, nil},
		// A truncated pretty-printed record: the reader resumes at the next record,
		// not inside the rest of the broken one.
		{"broken pretty", "{\n  \"header\": {\"先手\": \"甲\n  \"moves\": [\n    {}\n  ]\n}\n" + rec, []outcome{
			{RecordLine: 1, Err: "2:22  json"}, {RecordLine: 7, Moves: "7g7f"}}, nil},
		// A record cut off after a comma: the next line starts a record, so it is no
		// part of the broken one.
		{"cut after a comma", `{"header":{},"moves":[{},` + "\n" + rec, []outcome{
			{RecordLine: 1, Err: "1:26  json"}, {RecordLine: 2, Moves: "7g7f"}}, nil},
		// Hand-written records whose entries start lines go on over those lines.
		{"entries on lines", opening + `{"special":"TORYO"}]}` + "\n" + rec, []outcome{
			{RecordLine: 1, Moves: "7g7f", Ending: "resign "}, {RecordLine: 4, Moves: "7g7f"}}, nil},
		{"stray closers", "}\n]]\n" + rec + "}", []outcome{
			{RecordLine: 1, Err: "1:1  json"}, {RecordLine: 3, Moves: "7g7f"}, {RecordLine: 3, Err: "3:101  json"}}, nil},
		{"invalid but balanced", `{"header":{} "moves":[{}]} trailing words` + "\n" + rec, []outcome{
			{RecordLine: 1, Err: "1:14  json"}, {RecordLine: 2, Moves: "7g7f"}}, nil},
		// Not even a lenient read makes a record of an object without the keys of one.
		{"not a record", `{"move":{"color":0}}` + "\n" + rec,
			[]outcome{{RecordLine: 1, Err: "1:2 move unknown key"}, {RecordLine: 2, Moves: "7g7f"}},
			[]outcome{{RecordLine: 1, Err: "1:1  missing", Warnings: []string{"1:2 move unknown key"}}, {RecordLine: 2, Moves: "7g7f"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, lenient := range []bool{false, true} {
				r := jkf.NewReader(iotest.HalfReader(strings.NewReader(tt.text)))
				r.Lenient = lenient
				want := tt.want
				if lenient && tt.lenient != nil {
					want = tt.lenient
				}
				if diff := cmp.Diff(want, readAll(t, r, 20), equateEmpty); diff != "" {
					t.Errorf("lenient %v (-want +got):\n%s", lenient, diff)
				}
			}
		})
	}
}

// TestTooLargeSkipped: a record longer than MaxBytes is an error at its start, and the
// records after it are read.
func TestTooLargeSkipped(t *testing.T) {
	small := `{"header":{},"moves":[{}]}`
	big := `{"header":{"a":"` + strings.Repeat("将棋", 300) + `"},"moves":[{}]}`
	brokenBig := `{"header":{"a":"` + strings.Repeat("x", 3000)
	text := small + "\n" + big + "\n" + small + "\n" + brokenBig + "\n" + small + "\n" + `"` + strings.Repeat("y", 3000) + `"` + small
	r := jkf.NewReader(iotest.OneByteReader(strings.NewReader(text)))
	r.MaxBytes = 1000
	want := []outcome{
		{RecordLine: 1}, {RecordLine: 2, Err: "2:1  too large"}, {RecordLine: 3},
		{RecordLine: 4, Err: "4:1  too large"}, {RecordLine: 5},
		{RecordLine: 6, Err: "6:1  too large"}, {RecordLine: 6},
	}
	if diff := cmp.Diff(want, readAll(t, r, 20), equateEmpty); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// stuckReader returns no bytes and no error, forever.
type stuckReader struct{ calls int }

func (s *stuckReader) Read([]byte) (int, error) { s.calls++; return 0, nil }

func TestNoProgress(t *testing.T) {
	s := &stuckReader{}
	r := jkf.NewReader(s)
	for range 2 {
		if _, err := r.Read(); !errors.Is(err, io.ErrNoProgress) || !strings.HasPrefix(err.Error(), "jkf: ") {
			t.Fatalf("got %v, want io.ErrNoProgress", err)
		}
	}
	if s.calls > 1000 {
		t.Errorf("%d reads", s.calls)
	}
	// An error of the underlying reader stops the stream.
	boom := errors.New("boom")
	r = jkf.NewReader(io.MultiReader(strings.NewReader(`{"header":{},"moves":[{}]}`+"\n"+`{"header"`), iotest.ErrReader(boom)))
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := r.Read(); !errors.Is(err, boom) {
			t.Fatalf("got %v, want %v", err, boom)
		}
	}
}

// TestEmptyInput: Parse of a text without a record is shogi.ErrNoRecord; a Reader
// returns io.EOF at once.
func TestEmptyInput(t *testing.T) {
	for _, text := range []string{"", " \n\t\r\n", "\xEF\xBB\xBF", "\xEF\xBB\xBF\n\n"} {
		_, err := jkf.Parse([]byte(text))
		var se *jkf.SyntaxError
		if !errors.Is(err, shogi.ErrNoRecord) || !errors.As(err, &se) || se.Line != 1 || se.Column != 1 {
			t.Errorf("Parse(%q): %v, want shogi.ErrNoRecord at 1:1", text, err)
		}
		if _, err := jkf.NewReader(strings.NewReader(text)).Read(); err != io.EOF {
			t.Errorf("Read(%q): %v, want io.EOF", text, err)
		}
	}
}

// TestParseAfterTheRecord: Parse takes one record and nothing after it.
func TestParseAfterTheRecord(t *testing.T) {
	const rec = `{"header":{},"moves":[{}]}`
	for _, tt := range []struct{ text, want string }{
		{rec + "\n\n" + rec, "3:1  more records"},
		{rec + " x", "1:28  json"},
		{rec + "]", "1:27  json"},
	} {
		_, err := jkf.Parse([]byte(tt.text))
		var se *jkf.SyntaxError
		if !errors.As(err, &se) || place(se) != tt.want {
			t.Errorf("Parse(%q): %v, want %s", tt.text, err, tt.want)
		}
	}
}

// TestWarningsEveryTime: Warnings returns the warnings of the last record read, the
// same every time, and a later Read does not change the slice returned before.
func TestWarningsEveryTime(t *testing.T) {
	text := `{"header":{},"moves":[{}],"x":1}` + "\n" + `{"header":{},"moves":[{}],"y":1,"z":2}` + "\n" + `{"header":{},"moves":[{}]}`
	r := jkf.NewReader(strings.NewReader(text))
	r.Lenient = true
	var kept [][]*jkf.SyntaxError
	for i, want := range []int{1, 2, 0} {
		if _, err := r.Read(); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if n := len(r.Warnings()); n != want {
				t.Errorf("record %d: %d warnings, want %d", i+1, n, want)
			}
		}
		kept = append(kept, r.Warnings())
	}
	if len(kept[0]) != 1 || kept[0][0].Path != "x" || len(kept[1]) != 2 || kept[1][1].Path != "z" {
		t.Errorf("warnings changed: %v", kept)
	}
}
