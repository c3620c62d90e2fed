package kif

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	shogi "github.com/kifu-go/shogi"
)

const kifHead = "手合割：平手\n手数----指手---------消費時間--\n"

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		want      error
		line, col int
	}{
		{"nifu", kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ４四歩(43)\n   5 ２五歩(26)\n   6 ４五歩(44)\n   7 ２四歩(25)\n   8 同　歩(23)\n   9 同　飛(28)\n  10 ４六歩(45)\n  11 ７七歩打\n", shogi.ErrNifu, 13, 6},
		{"uchifuzume", "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・v桂v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ 金 ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ 玉|九\n+---------------------------+\n先手の持駒：歩\n   1 １二歩打\n", shogi.ErrUchifuzume, 15, 6},
		{"wrong piece", kifHead + "   1 ７六銀(77)\n", ErrPieceMismatch, 3, 6},
		{"no piece", kifHead + "   1 ７五歩(76)\n", shogi.ErrNoPiece, 3, 6},
		{"missing origin", kifHead + "   1 ７六歩\n", ErrMissingOrigin, 3, 9},
		{"recapture first", kifHead + "   1 同　歩(77)\n", ErrNoPreviousMove, 3, 6},
		{"bad square", kifHead + "   1 ７十歩(77)\n", ErrMoveSyntax, 3, 6},
		{"bad time", kifHead + "   1 ７六歩(77)   ( 0:xx/00:00:02)\n", ErrTime, 3, 16},
		{"garbage after move", kifHead + "   1 ７六歩(77) xyz\n", ErrMoveSyntax, 3, 14},
		{"move number", kifHead + "   1 ７六歩(77)\n   3 ３四歩(33)\n", ErrMoveNumber, 4, 4},
		{"move after end", kifHead + "   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n", ErrMoveAfterEnd, 5, 4},
		{"dangling variation", kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：5手\n   5 ２六歩(27)\n", ErrVariation, 6, 1},
		{"variation before start", kifHead + "   1 ７六歩(77)\n\n変化：0手\n", ErrVariation, 5, 1},
		{"duplicate variation", kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ３四歩(33)\n", ErrDuplicateVariation, 7, 6},
		{"unknown handicap", "手合割：謎落ち\n   1 ７六歩(77)\n", ErrHandicap, 1, 5},
		{"unknown line", kifHead + "hello\n", ErrUnknownLine, 3, 1},
		{"incomplete board", "後手の持駒：なし\n+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・v桂v玉|一\n", ErrBoard, 1, 1},
		{"bad board piece", "+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・v桂vX|一\n", ErrBoard, 2, 19},
		{"bad hand", "先手の持駒：歩十九\n", ErrHand, 1, 7},
		{"impossible position", "+---------------------------+\n| ・ ・ ・ ・ ・ ・ ・v玉 玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ 玉|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n", shogi.ErrTooManyKings, 1, 1},
		{"ki2 ambiguous", "▲７六歩 △３四歩 ▲５八金\n", ErrMoveSyntax, 1, 11},
		{"ki2 wrong side", "▲７六歩 ▲２六歩\n", shogi.ErrWrongSide, 1, 6},
		{"ki2 nifu", "▲７六歩 △３四歩 ▲２六歩 △４四歩 ▲２五歩 △４五歩 ▲２四歩 △同歩 ▲同飛 △４六歩 ▲７七歩打\n", shogi.ErrNifu, 1, 49},
		{"closing count", "▲７六歩 △３四歩\nまで3手で先手の勝ち\n", ErrResult, 2, 1},
		{"bad closing", "▲７六歩\nまでよ\n", ErrResult, 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.in))
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%v is not a *SyntaxError", err)
			}
			if se.Line != tt.line || se.Column != tt.col {
				t.Errorf("%v: got line %d, column %d; want %d, %d", err, se.Line, se.Column, tt.line, tt.col)
			}
			if !strings.HasPrefix(err.Error(), "kif: line ") {
				t.Errorf("message %q", err)
			}
			// A lenient read of the same input does not fail, and reports the problem.
			r := NewReader(strings.NewReader(tt.in))
			r.Lenient = true
			if _, err := r.Read(); err != nil {
				t.Errorf("lenient: %v", err)
			}
			if ws := r.Warnings(); len(ws) == 0 || !errors.Is(ws[0], tt.want) || ws[0].Line != tt.line || ws[0].Column != tt.col {
				t.Errorf("lenient warnings: %v", ws)
			}
		})
	}
}

func TestIllegalMoveError(t *testing.T) {
	in := kifHead + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ４四歩(43)\n   5 ２五歩(26)\n   6 ４五歩(44)\n   7 ２四歩(25)\n   8 同　歩(23)\n   9 同　飛(28)\n  10 ４六歩(45)\n  11 ７七歩打     ( 0:03/00:00:09)\n  12 ４七歩(46)\n"
	_, err := Parse([]byte(in))
	var ime *shogi.IllegalMoveError
	if !errors.As(err, &ime) || ime.Ply != 11 || ime.Move.String() != "P*7g" {
		t.Fatalf("got %v, want the illegal move P*7g at move 11", err)
	}
	const msg = "kif: line 13, column 6: illegal move P*7g at move 11: two pawns on a file (nifu)"
	if err.Error() != msg {
		t.Errorf("message:\ngot  %s\nwant %s", err, msg)
	}

	// Lenient: the line ends unread at the illegal move, with one warning; the move
	// after it is passed over without another.
	r := NewReader(strings.NewReader(in))
	r.Lenient = true
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Moves()); n != 10 {
		t.Errorf("got %d moves, want 10", n)
	}
	want := shogi.Ending{Kind: shogi.EndUnread, Text: "11 ７七歩打     ( 0:03/00:00:09)"}
	if diff := cmp.Diff(&want, rec.Ending(), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("ending (-want +got):\n%s", diff)
	}
	ws := r.Warnings()
	if len(ws) != 1 || !errors.Is(ws[0], shogi.ErrNifu) || ws[0].Line != 13 || ws[0].Column != 6 {
		t.Errorf("warnings: %v", ws)
	}
	// Written back, the line simply stops: no special move, no まで line, and a strict
	// read gives the same moves without an ending.
	out, err := Format(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(out, []byte("  10 ４六歩(45)\n")) {
		t.Errorf("written:\n%s", out)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	rec.MainLine()[9].End = nil
	if diff := diffRecords(rec, back); diff != "" {
		t.Errorf("(-first +second):\n%s", diff)
	}
}

func TestEmptyInput(t *testing.T) {
	for _, in := range []string{"", "\n\n", "# only a comment\r\n", "\xEF\xBB\xBF"} {
		r := NewReader(strings.NewReader(in))
		if rec, err := r.Read(); err != io.EOF {
			t.Errorf("%q: got %v, %v; want io.EOF", in, rec, err)
		}
	}
	r := NewReader(strings.NewReader(kifHead))
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("second Read: got %v, want io.EOF", err)
	}
	if r.RecordLine() != 0 || r.Warnings() != nil {
		t.Errorf("after io.EOF: record line %d, warnings %v", r.RecordLine(), r.Warnings())
	}
	for _, in := range []string{"", "\n \n", "# a comment\n\n#another\n"} {
		for name, parse := range map[string]func([]byte) (*shogi.Record, error){"Parse": Parse, "ParseKI2": ParseKI2} {
			_, err := parse([]byte(in))
			var se *SyntaxError
			if !errors.Is(err, shogi.ErrNoRecord) || !errors.As(err, &se) || se.Line != 1 || se.Column != 1 {
				t.Errorf("%s(%q): got %v, want shogi.ErrNoRecord at 1:1", name, in, err)
			}
		}
	}
	// A "#KIF" line alone is an empty record, which starts there.
	r = NewReader(strings.NewReader("\n#KIF version=2.0 encoding=UTF-8\n"))
	if rec, err := r.Read(); err != nil || len(rec.Moves()) != 0 || r.RecordLine() != 2 {
		t.Errorf("a #KIF line alone: %v, %v, record line %d", rec, err, r.RecordLine())
	}
}

// TestTruncated cuts records at every byte: the reader never panics, and a strict read
// either succeeds with a prefix of the moves or fails with a *SyntaxError.
func TestTruncated(t *testing.T) {
	for _, name := range []string{"kif/henka.kif", "kif/taichitsume.kif", "ki2/fork.ki2", "kif/no_henka.kifu"} {
		data := readTestdata(t, name)
		full, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		for cut := range len(data) {
			rec, err := Parse(data[:cut])
			var se *SyntaxError
			switch {
			case errors.Is(err, shogi.ErrNoRecord):
			case err != nil && !errors.As(err, &se):
				t.Fatalf("%s cut at %d: %v is not a *SyntaxError", name, cut, err)
			case err == nil && len(rec.Moves()) > len(full.Moves()):
				t.Fatalf("%s cut at %d: more moves than the whole", name, cut)
			}
		}
	}
	// A cut in the middle of a Shift_JIS character is an encoding error.
	data := readTestdata(t, "kif/chudan.kif")
	i := bytes.Index(data, []byte("\x92\x86\x92\x66")) // 中断 in Shift_JIS, on the last line
	if _, err := Parse(data[:i+3]); !errors.Is(err, ErrEncoding) {
		t.Errorf("cut inside a character: got %v, want ErrEncoding", err)
	}
}

func TestWrongEncoding(t *testing.T) {
	data := readTestdata(t, "kif/henka.kif") // Shift_JIS without a declaration
	r := NewReader(bytes.NewReader(data))
	r.Encoding = UTF8
	_, err := r.Read()
	var se *SyntaxError
	if !errors.Is(err, ErrEncoding) || !errors.As(err, &se) || se.Line != 1 {
		t.Fatalf("got %v, want ErrEncoding on line 1", err)
	}
	// A UTF-8 file declared as Shift_JIS decodes to nonsense that is not a record.
	in := "#KIF version=2.0 encoding=Shift_JIS\n" + kifHead + "   1 ７六歩(77)\n"
	if _, err := Parse([]byte(in)); err == nil {
		t.Errorf("a misdeclared encoding was read without an error")
	}
}

func TestUnknownHeaderKept(t *testing.T) {
	in := "珍しい項目：値１\n開始日時：2024/01/02\nFoo: bar : baz\n" + kifHead + "   1 ７六歩(77)\n"
	rec, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := shogi.Header{{Key: "珍しい項目", Value: "値１"}, {Key: "開始日時", Value: "2024/01/02"}, {Key: "Foo", Value: " bar : baz"}, {Key: "手合割", Value: "平手"}}
	if diff := diffRecords(&shogi.Record{Header: want}, &shogi.Record{Header: rec.Header}); diff != "" {
		t.Errorf("header (-want +got):\n%s", diff)
	}
	out, _ := Format(rec)
	if !bytes.Contains(out, []byte("珍しい項目：値１\n開始日時：2024/01/02\nFoo： bar : baz\n手合割：平手\n")) {
		t.Errorf("written header:\n%s", out)
	}
}

// endlessLine is an input of one line of n bytes, then a move.
type endlessLine struct{ n int }

func (e *endlessLine) Read(p []byte) (int, error) {
	if e.n <= 0 {
		return 0, io.EOF
	}
	if e.n <= len(p) && e.n < 1<<20 {
		tail := "\n   1 ７六歩(77)\n"
		k := copy(p, tail)
		e.n = 0
		return k, nil
	}
	k := min(len(p), e.n-len("\n   1 ７六歩(77)\n")-1)
	for i := range p[:k] {
		p[i] = 'a'
	}
	e.n -= k
	return k, nil
}

// TestHugeLine reads a 100 MB line: an error, with bounded memory.
func TestHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := NewReader(&endlessLine{n: 100 << 20})
	r.MaxBytes = -1 // the line's own limit, not the input's
	_, err := r.Read()
	runtime.ReadMemStats(&after)
	var se *SyntaxError
	if !errors.Is(err, ErrLineTooLong) || !errors.As(err, &se) || se.Line != 1 {
		t.Fatalf("got %v, want ErrLineTooLong on line 1", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("allocated %d bytes reading a 100 MB line", alloc)
	}
	if !strings.Contains(err.Error(), "longer than 1048576 bytes") {
		t.Errorf("message %q does not give the limit", err)
	}
	// A lenient reader skips the line and reads the move after it.
	r = NewReader(&endlessLine{n: 100 << 20})
	r.Lenient, r.MaxBytes = true, -1
	rec, err := r.Read()
	if err != nil || len(rec.Moves()) != 1 || len(r.Warnings()) != 1 {
		t.Errorf("lenient: %v, %v", err, r.Warnings())
	}
}

func TestWriteUnencodable(t *testing.T) {
	rec, err := Parse(readTestdata(t, "kif/no_henka.kifu"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Encoding = ShiftJIS
	err = w.Write(rec)
	if !errors.Is(err, ErrUnencodable) || !strings.Contains(err.Error(), "'雞' (U+96DE) on line 13, column 3") {
		t.Errorf("got %v, want ErrUnencodable naming 雞", err)
	}
	if buf.Len() != 0 {
		t.Errorf("wrote %d bytes", buf.Len())
	}
	rec.Header = append(rec.Header, shogi.HeaderField{Key: "備考", Value: "a\nb"})
	if _, err := Format(rec); !errors.Is(err, ErrLineBreak) {
		t.Errorf("header with a line break: got %v", err)
	}
	for _, key := range []string{"", "a：b", "a b", "*x", "変化", "12", "後手の持駒", "▲"} {
		r := &shogi.Record{Header: shogi.Header{{Key: key, Value: "v"}}}
		if _, err := Format(r); !errors.Is(err, ErrHeaderKey) {
			t.Errorf("header key %q: got %v", key, err)
		}
	}
	rec = shogi.NewRecord()
	rec.Root.AddChild(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 5), false))
	if _, err := Format(rec); !errors.Is(err, shogi.ErrCannotMove) {
		t.Errorf("illegal move: got %v", err)
	}
}

func TestShiftJISDecoderPerReader(t *testing.T) {
	data := readTestdata(t, "kif/chudan.kif")
	want, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *shogi.Record, 8)
	for range 8 {
		go func() {
			rec, _ := Parse(data)
			done <- rec
		}()
	}
	for range 8 {
		if diff := diffRecords(want, <-done); diff != "" {
			t.Errorf("concurrent read differs:\n%s", diff)
		}
	}
}

// TestMaxBytes: a Reader reads at most MaxBytes of input (DefaultMaxBytes by default),
// since it holds the record whole; past it, strict or lenient, Read fails with
// ErrTooLarge at the line it reached.
func TestMaxBytes(t *testing.T) {
	var b strings.Builder
	b.WriteString("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n")
	for b.Len() < 300_000 {
		b.WriteString("*a comment line that makes the record long\n")
	}
	b.WriteString("   2 ３四歩(33)\n")
	text := b.String()
	for _, lenient := range []bool{false, true} {
		r := NewReader(strings.NewReader(text))
		r.Lenient, r.MaxBytes = lenient, 100_000
		_, err := r.Read()
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrTooLarge) || se.Line < 3 || !strings.Contains(err.Error(), "100000 bytes") {
			t.Errorf("lenient %v: %v, want ErrTooLarge naming the limit", lenient, err)
		}
		r = NewReader(strings.NewReader(text))
		r.Lenient, r.MaxBytes = lenient, -1
		if rec, err := r.Read(); err != nil || len(rec.MainLine()) != 2 {
			t.Errorf("lenient %v, no limit: %v", lenient, err)
		}
		r = NewReader(strings.NewReader(text))
		r.Lenient = lenient
		if rec, err := r.Read(); err != nil || len(rec.MainLine()) != 2 {
			t.Errorf("lenient %v, the default limit: %v", lenient, err)
		}
	}
}

// endlessComments is an input that never ends: a header, then comment lines for ever.
type endlessComments struct{ off int }

func (e *endlessComments) Read(p []byte) (int, error) {
	const head, line = "手合割：平手\n   1 ７六歩(77)\n", "*and on and on\n"
	for i := range p {
		if e.off < len(head) {
			p[i] = head[e.off]
		} else {
			p[i] = line[(e.off-len(head))%len(line)]
		}
		e.off++
	}
	return len(p), nil
}

// TestEndlessInput: an input that never ends stops at MaxBytes, with memory in
// proportion to the limit.
func TestEndlessInput(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := NewReader(&endlessComments{})
	r.MaxBytes = 4 << 20
	_, err := r.Read()
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("%v, want ErrTooLarge", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 40*(4<<20) {
		t.Errorf("4 MiB read with %d bytes allocated", alloc)
	}
}
