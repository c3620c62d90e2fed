package jkf_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"testing"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/jkf"
)

// FuzzReadJKF: no input makes a reader panic, loop or give an error of another shape:
// every error and warning is a *SyntaxError at a place of the input (its line, and a
// column in characters no further than just after the line's end), wrapping one of the
// package's reasons or an illegal move, and no earlier than the line at which its
// record starts. Every record a lenient read gives writes to text that parses to the
// same record (less the unread ends of lines, which are not written), and input that
// parses strictly writes to text that parses to the same record and writes to the same
// bytes.
func FuzzReadJKF(f *testing.F) {
	// Small seeds only (see gametest.FuzzSeedBytes): the lines of the stream file that
	// fit, the README's example, the old layout, and the shapes below.
	stream, err := os.ReadFile(streamFile)
	if err != nil {
		f.Fatal(err)
	}
	if seed, ok := gametest.FuzzSeed(stream); ok {
		f.Add(seed)
	}
	f.Add([]byte(readmeExample))
	f.Add([]byte(oldLayout))
	for _, s := range []string{
		`{"header":{},"initial":{"preset":"KY"},"moves":[{},{"move":{"color":1,"from":{"x":5,"y":1},"to":{"x":4,"y":2},"piece":"OU"},"forks":[[{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},{"special":"TORYO"}]]}]}`,
		`{"header":{"a":"b"},"initial":{"preset":"OTHER","data":{"color":0,"board":[[{},{},{},{},{},{},{},{},{"color":0,"kind":"OU"}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{}]],"hands":[{"FU":1,"KY":0,"KE":0,"GI":0,"KI":0,"KA":0,"HI":0},{"FU":0,"KY":0,"KE":0,"GI":0,"KI":0,"KA":0,"HI":0}]}},"moves":[{"comments":["x"]},{"move":{"color":0,"to":{"x":5,"y":5},"piece":"FU"},"time":{"now":{"m":1,"s":2},"total":{"h":1,"m":2,"s":3}}},{"special":"CHUDAN"}]}`,
		`{"header":{},"moves":[{"special":"不戦勝"}]}` + "\n" + `{"header":{},"moves":[{}]}`,
		"{\n  \"header\": {\"先手\": \"甲\n  \"moves\": [\n    {}\n  ]\n}\n{\"header\":{},\"moves\":[{}]}",
		`{"header":{},"moves":[{},` + "\n" + `{"header":{},"moves":[{}]}` + "\n[1,2] 42 \"x\"\n}\n]]\ngarbage\n" + `{"header":{},"moves":[{}]}`,
		"\xEF\xBB\xBF" + `{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"forks":[[{"move":{"color":0,"to":{"x":5,"y":5},"piece":"FU"}}]]}]}` + "\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !gametest.FuzzTooLarge(data) {
			fuzzRead(t, data)
		}
	})
}

// TestFuzzBigInputs checks the long inputs that runs of FuzzReadJKF found, kept out of
// its corpus, and the record of the package's fixture.
func TestFuzzBigInputs(t *testing.T) {
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	fuzzRead(t, data)
	gametest.FuzzBigInputs(t, "FuzzReadJKF", func(t *testing.T, v []any) { fuzzRead(t, v[0].([]byte)) })
}

// fuzzRead checks the contract of FuzzReadJKF on data.
func fuzzRead(t *testing.T, data []byte) {
	checkLenientReports(t, data)
	for _, lenient := range []bool{false, true} {
		r := jkf.NewReader(bytes.NewReader(data))
		r.Lenient = lenient
		r.MaxBytes = 1 << 16
		reads := 0
		for ; ; reads++ {
			if reads > len(data)+1 {
				t.Fatalf("lenient %v: no io.EOF after %d calls of Read", lenient, reads)
			}
			rec, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				checkPlace(t, data, r.RecordLine(), err)
			}
			for _, w := range r.Warnings() {
				checkPlace(t, data, r.RecordLine(), w)
			}
			if err == nil {
				checkRewrite(t, rec)
			}
		}
	}
	rec, err := jkf.Parse(data)
	if err != nil {
		checkPlace(t, data, 1, err)
		return
	}
	first, err := jkf.Format(rec)
	if err != nil {
		t.Fatalf("a record read does not write: %v", err)
	}
	rec2, err := jkf.Parse(first)
	if err != nil {
		t.Fatalf("written text does not parse: %v\n%s", err, first)
	}
	if diff := diffRecords(rec, rec2); diff != "" {
		t.Fatalf("record changed (-read +rewritten):\n%s\n%s", diff, first)
	}
	second, err := jkf.Format(rec2)
	if err != nil || !bytes.Equal(first, second) {
		t.Fatalf("second write differs (%v):\n%s\n----\n%s", err, first, second)
	}
}

// fuzzReasons are the reasons an error of the reader may wrap.
var fuzzReasons = []error{jkf.ErrJSON, jkf.ErrTooLarge, jkf.ErrUnknownKey, jkf.ErrMissing, jkf.ErrPreset,
	jkf.ErrBoard, jkf.ErrPiece, jkf.ErrSquare, jkf.ErrColor, jkf.ErrSetup, jkf.ErrTime, jkf.ErrCapture,
	jkf.ErrSame, jkf.ErrMisplaced, jkf.ErrAfterEnd, jkf.ErrMoreRecords, jkf.ErrNotObject, jkf.ErrEncoding, jkf.ErrRepeatedKey, shogi.ErrNoRecord}

// checkPlace fails unless err is a *SyntaxError at a place of data, on or after line
// from, wrapping one of the package's reasons or an illegal move.
func checkPlace(t *testing.T, data []byte, from int, err error) {
	t.Helper()
	var se *jkf.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%v (%T) is no *jkf.SyntaxError", err, err)
	}
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	lines := bytes.Split(data, []byte{'\n'})
	if se.Line < max(from, 1) || se.Line > len(lines) {
		t.Fatalf("%v: line %d, want %d to %d", err, se.Line, from, len(lines))
	}
	if n := utf8.RuneCount(lines[se.Line-1]); se.Column < 1 || se.Column > n+1 {
		t.Fatalf("%v: column %d, the line has %d characters", err, se.Column, n)
	}
	var ie *shogi.IllegalMoveError
	if errors.As(err, &ie) {
		return
	}
	for _, reason := range fuzzReasons {
		if errors.Is(err, reason) {
			return
		}
	}
	t.Fatalf("%v wraps no reason of the package", err)
}

// checkRewrite fails unless rec writes to text that reads to the same record, less
// its unread ends of lines.
func checkRewrite(t *testing.T, rec *shogi.Record) {
	t.Helper()
	text, err := jkf.Format(rec)
	if err != nil {
		t.Fatalf("a record read does not write: %v", err)
	}
	back, err := jkf.Parse(text)
	if err != nil {
		t.Fatalf("written text does not parse: %v\n%s", err, text)
	}
	dropUnread(&rec.Root)
	if diff := diffRecords(rec, back); diff != "" {
		t.Fatalf("record changed (-read +rewritten):\n%s\n%s", diff, text)
	}
}

// dropUnread removes the unread endings of the tree under n: the writer writes nothing
// for them.
func dropUnread(n *shogi.Node) {
	if n.End != nil && n.End.Kind == shogi.EndUnread {
		n.End = nil
	}
	kids := n.Children[:0]
	for _, c := range n.Children {
		if c.IsEnding() && c.End.Kind == shogi.EndUnread {
			continue
		}
		dropUnread(c)
		kids = append(kids, c)
	}
	n.Children = kids
}

// checkLenientReports: a lenient read of data skips nothing in silence (see
// gametest.CheckLenientReports). The old layout's warnings (ErrOldLayout), which
// strict reads give as well, are not counted.
func checkLenientReports(t *testing.T, data []byte) {
	read := func(lenient bool) gametest.ReadResult {
		r := jkf.NewReader(bytes.NewReader(data))
		r.Lenient = lenient
		r.MaxBytes = 1 << 16
		problems := func() int {
			n := 0
			for _, w := range r.Warnings() {
				if !errors.Is(w, jkf.ErrOldLayout) {
					n++
				}
			}
			return n
		}
		return gametest.ReadCounted(r.Read, problems, len(data)+2)
	}
	gametest.CheckLenientReports(t, read(false), read(true), diffRecords)
}
