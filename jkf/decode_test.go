package jkf

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"pgregory.net/rapid"
)

// The fast decoder against encoding/json: whatever it accepts, encoding/json (as a
// strict Reader runs it) accepts to the same values; what is written as JKF writes it,
// it accepts.

// leafKinds gives the kind of value each key of kifuSchema that has no schema holds.
var leafKinds = map[string]string{
	"color": "int", "x": "int", "y": "int", "h": "int", "m": "int", "s": "int",
	"FU": "int", "KY": "int", "KE": "int", "GI": "int", "KI": "int", "KA": "int", "HI": "int",
	"piece": "string", "capture": "string", "relative": "string", "special": "string",
	"kind": "string", "preset": "string",
	"same": "bool", "promote": "bool", "comments": "strings",
}

// jsonGen writes JKF-shaped JSON; odd is set once it writes something a fast decode
// may refuse.
type jsonGen struct {
	t   *rapid.T
	b   strings.Builder
	odd bool
}

// chance draws true with probability 1 in n.
func (g *jsonGen) chance(label string, n int) bool {
	return rapid.IntRange(0, n-1).Draw(g.t, label) == 0
}

func (g *jsonGen) space() {
	if g.chance("space", 4) {
		g.b.WriteString(rapid.SampledFrom([]string{" ", "\n", "\t ", "\r\n  "}).Draw(g.t, "ws"))
	}
}

var (
	goodInts = []string{"0", "1", "9", "-1", "-0", "12", "100", "999999999999999999", "-999999999999999999"}
	oddInts  = []string{"1.0", "1e2", "1E2", "01", "-", "00", "9223372036854775807", "9223372036854775808",
		"-9223372036854775809", "99999999999999999999", "1.5", "0x1", "+1", "1 2", "tru"}
	goodStrings = []string{`""`, `"FU"`, `"TORYO"`, `"OTHER"`, `"HIRATE"`, `"a\"b"`, `"\u3042"`, `"\ud83d\ude00"`,
		`"\ud83d"`, `"\ud83dx"`, `"\udc00\ud83d"`, `"\ud83d\u0041"`, `"\\"`, `"\/\b\f\n\r\t"`, `"日本"`, `"LU"`,
		`"\u00e9\u00E9"`, `"\ud83d\ud83d\ude00"`}
	oddStrings = []string{`"\x"`, "\"\x01\"", `"\u12"`, `"\u12g4"`, `"abc`, `"\`, `'a'`}
	oddValues  = []string{"true", "false", "[]", "{}", `"0"`, "0", "[0]", `{"x":1}`, ""}
)

func (g *jsonGen) leaf(kind string) {
	if g.chance("null", 15) {
		g.b.WriteString("null") // the zero value, or nil, as encoding/json has it
		return
	}
	if g.chance("oddLeaf", 12) {
		g.odd = true
		pool := oddValues
		switch kind {
		case "int":
			pool = append(pool, oddInts...)
		case "string", "strings":
			pool = append(pool, oddStrings...)
		}
		g.b.WriteString(rapid.SampledFrom(pool).Draw(g.t, "odd"))
		return
	}
	switch kind {
	case "int":
		g.b.WriteString(rapid.SampledFrom(goodInts).Draw(g.t, "int"))
	case "string":
		g.b.WriteString(rapid.SampledFrom(goodStrings).Draw(g.t, "string"))
	case "bool":
		g.b.WriteString(rapid.SampledFrom([]string{"true", "false"}).Draw(g.t, "bool"))
	case "strings":
		g.array(rapid.IntRange(0, 3).Draw(g.t, "n"), func() { g.leaf("string") })
	}
}

func (g *jsonGen) array(n int, elem func()) {
	g.b.WriteByte('[')
	for i := range n {
		if i > 0 {
			g.space()
			g.b.WriteByte(',')
		}
		g.space()
		elem()
	}
	g.space()
	g.b.WriteByte(']')
}

func (g *jsonGen) value(s *schema, depth int) {
	if depth > 0 && g.chance("null", 15) {
		g.b.WriteString("null")
		return
	}
	switch {
	case s.anyKeys:
		g.object(rapid.IntRange(0, 3).Draw(g.t, "n"), func(int) string {
			return rapid.SampledFrom(goodStrings).Draw(g.t, "key")
		}, func(string) { g.leaf("string") })
	case s.elem != nil:
		if depth > 6 {
			g.b.WriteString("[]")
			return
		}
		g.array(rapid.IntRange(0, 3).Draw(g.t, "n"), func() { g.value(s.elem, depth+1) })
	default:
		var keys []string
		for k := range s.keys {
			keys = append(keys, `"`+k+`"`)
		}
		keys = sortedStrings(keys)
		seen := map[string]bool{}
		g.object(rapid.IntRange(0, len(keys)).Draw(g.t, "n"), func(i int) string {
			k := rapid.SampledFrom(keys).Draw(g.t, "key")
			if g.chance("oddKey", 15) {
				k = rapid.SampledFrom([]string{strings.ToUpper(k), `"unknown"`, `"\u0063olor"`, `"mOves"`, `"Color"`}).Draw(g.t, "oddKey")
			}
			if _, defined := s.keys[strings.Trim(k, `"`)]; seen[k] || !defined {
				g.odd = true
			}
			seen[k] = true
			return k
		}, func(k string) {
			child, defined := s.keys[strings.Trim(k, `"`)]
			switch {
			case !defined:
				g.leaf("int")
			case child != nil:
				g.value(child, depth+1)
			default:
				g.leaf(leafKinds[strings.Trim(k, `"`)])
			}
		})
	}
}

func (g *jsonGen) object(n int, key func(i int) string, value func(key string)) {
	g.b.WriteByte('{')
	for i := range n {
		if i > 0 {
			g.space()
			g.b.WriteByte(',')
		}
		g.space()
		k := key(i)
		g.b.WriteString(k)
		g.space()
		g.b.WriteByte(':')
		g.space()
		value(k)
	}
	g.space()
	g.b.WriteByte('}')
}

func sortedStrings(s []string) []string {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}

func TestFastDecoderMatchesEncodingJSON(t *testing.T) {
	var d fastDecoder // shared: blocks are reused from one input to the next
	accepted, refused := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		g := &jsonGen{t: t}
		g.value(kifuSchema, 0)
		g.space()
		raw := []byte(g.b.String())
		if g.chance("cut", 10) {
			raw = raw[:rapid.IntRange(1, len(raw)).Draw(t, "cut")]
			g.odd = true
		}
		ok := d.decode(raw)
		fast := d.t.kifu()
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		var want kifu
		err := dec.Decode(&want)
		want = treeOf(&want).kifu()
		if !ok {
			refused++
			if !g.odd {
				t.Fatalf("refused %s (encoding/json: %v)", raw, err)
			}
			return
		}
		accepted++
		if err != nil {
			t.Fatalf("accepted %s, which encoding/json refuses: %v", raw, err)
		}
		if dec.More() {
			t.Fatalf("accepted %s, which has more than one value", raw)
		}
		if !reflect.DeepEqual(want, fast) {
			t.Fatalf("%s:\nencoding/json %#v\nfast          %#v", raw, want, fast)
		}
		if off, inexact := scanKeys(raw); off >= 0 || inexact {
			t.Fatalf("accepted %s, whose keys are repeated (%d) or not exact (%v)", raw, off, inexact)
		}
	})
	t.Logf("%d accepted, %d refused", accepted, refused)
	if accepted == 0 || refused == 0 {
		t.Errorf("%d accepted, %d refused: the generator misses a side", accepted, refused)
	}
}

// TestFastDecoderTable: inputs at the edges, and whether the fast decoder takes them.
func TestFastDecoderTable(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		fast bool
	}{
		{`{}`, true},
		{`{"moves":[]}`, true},
		{`{"moves":[{"move":{"piece": "FU", "to": {"x" :1,"y":	2} ,"same":true}} ]}`, true},
		{"{ \"moves\" :[ { \"special\":\n\"TORYO\" } , null ] }", true},
		{`{"moves":[{"move":{"piece":"FU",,"same":true}}]}`, false},
		{`{"moves":[{"move":{,"piece":"FU"}}]}`, false},
		{`{"moves":[{"move":{"piece":"FU" "same":true}}]}`, false},
		{`{"moves":[{"move":{"pie\u0063e":"FU"}}]}`, false},
		{`{"moves":[{"move":{"to":{"x":1,"y":-0}}}]}`, true},
		{`{"moves":[{"move":{"to":{"x":1.0,"y":1}}}]}`, false},
		{`{"moves":[{"move":{"to":{"x":1e0,"y":1}}}]}`, false},
		{`{"moves":[{"move":{"to":{"x":01,"y":1}}}]}`, false},
		{`{"moves":[{"move":{"to":{"x":99999999999999999999,"y":1}}}]}`, false},
		{`{"moves":[{"move":{"to":{"x":1,"x":1}}}]}`, false},
		{`{"moves":[{"move":{"to":{"X":1}}}]}`, false},
		{`{"moves":[{"move":null}]}`, true},
		{`{"header":null,"initial":null,"moves":null}`, true},
		{`{"moves":[null,{"comments":[null,"a"],"time":{"now":null,"total":{"h":null}},"forks":[null,[null]]}]}`, true},
		{`{"initial":{"preset":"OTHER","data":{"color":null,"board":[null,[null,{"color":null,"kind":null}]],"hands":[null,{"FU":null}]}}}`, true},
		{`{"moves":[nul]}`, false},
		{`{"moves":[nullx]}`, false},
		{`{"moves":[{"comments":["\ud83d\ude00\ud800"]}]}`, true},
		{`{"header":{"a":"1","a":"2"}}`, true},
		{`{"header":{"\u0061":"\"x\""}}`, true},
		{`{"header":{"a":null}}`, true},
		{`{"moves":[]} `, true},
		{`{"moves":[],}`, false},
		{`{"moves":[0,]}`, false},
		{`{"moves":[]}]`, false},
		{`{"moves":[{"forks":[[{"special":"TORYO"}]]}]}`, true},
		{`{"initial":{"preset":"OTHER","data":{"color":0,"board":[[{},{"color":1,"kind":"FU"}]],"hands":[{"FU":1},{}]}}}`, true},
	} {
		var d fastDecoder
		got := d.decode([]byte(tc.raw))
		fast := d.t.kifu()
		if got != tc.fast {
			t.Errorf("%s: fast decode %v, want %v", tc.raw, got, tc.fast)
			continue
		}
		if !tc.fast {
			continue
		}
		var want kifu
		dec := json.NewDecoder(strings.NewReader(tc.raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&want); err != nil {
			t.Errorf("%s: encoding/json: %v", tc.raw, err)
		} else if want = treeOf(&want).kifu(); !reflect.DeepEqual(want, fast) {
			t.Errorf("%s:\nencoding/json %#v\nfast          %#v", tc.raw, want, fast)
		}
	}
}

func TestRuneCount(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		parts := rapid.SliceOf(rapid.SampledFrom([]string{"a", "abcdefgh", "日本", "\xff", "\xe6\x97", "\x80", "{\"x\":1}", "é"})).Draw(t, "parts")
		b := []byte(strings.Join(parts, ""))
		if got, want := runeCount(b), utf8.RuneCount(b); got != want {
			t.Fatalf("runeCount(%q) = %d, want %d", b, got, want)
		}
	})
}

// TestParseLeavesDataAlone: Parse reads the caller's bytes where they are and never
// writes to them.
func TestParseLeavesDataAlone(t *testing.T) {
	for _, text := range []string{
		"\xEF\xBB\xBF{\"moves\":[{},{\"move\":{\"color\":0,\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\"}}]}",
		`{"moves":[{}]} {"moves":[{}]}`,
		`{"moves":[{"comments":["a\nb"]`,
		"{\"header\":{\"a\":\"\\u3042\"}}\n\n",
	} {
		data := []byte(text)
		_, _ = Parse(data[:len(data):len(data)])
		if string(data) != text {
			t.Errorf("Parse changed %q into %q", text, data)
		}
	}
}

func TestParsePiece(t *testing.T) {
	for typ, code := range pieceCodes {
		want := shogi.PieceType(typ)
		if code == "" {
			continue
		}
		if got := parsePiece(code); got != want {
			t.Errorf("parsePiece(%q) = %v, want %v", code, got, want)
		}
	}
	for _, code := range []string{"", "F", "FUU", "fu", "UF", "OO", "\x00\x00"} {
		if got := parsePiece(code); got != shogi.NoPieceType {
			t.Errorf("parsePiece(%q) = %v, want none", code, got)
		}
	}
}

// TestFastDecoderTakesRealRecords: a real record, pretty-printed, and the records of a
// JSON Lines stream that are valid go through the fast decoder, not encoding/json.
func TestFastDecoderTakesRealRecords(t *testing.T) {
	data, err := os.ReadFile("testdata/ryuou201409020101.jkf")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	var d fastDecoder
	if !d.decode(bytes.TrimSpace(data)) {
		t.Error("the fixture is refused")
	}
	stream, err := os.ReadFile("testdata/stream.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	taken := 0
	for line := range bytes.Lines(stream) {
		if d.decode(bytes.TrimSpace(line)) {
			taken++
		}
	}
	if taken == 0 {
		t.Error("no record of the stream is taken")
	}
}

// treeOf returns the tree of k, as the Reader makes it of what encoding/json decodes.
func treeOf(k *kifu) *tree {
	var t tree
	t.fill(k)
	return &t
}

// kifu returns the JKF structs of t, the integers saturated to 32 bits, for comparing
// trees with reflect.DeepEqual.
func (t *tree) kifu() kifu {
	return kifu{Header: t.header, Initial: t.initial, Moves: t.moveFormats(t.moves)}
}

func (t *tree) moveFormats(l list) []moveFormat {
	if !l.given() {
		return nil
	}
	out := []moveFormat{}
	for at := l.first; at >= 0; at = t.entries[at].next {
		e := &t.entries[at]
		var mf moveFormat
		if e.flags&hasComments != 0 {
			mf.Comments = append([]string{}, t.comments[e.comments.first:e.comments.first+e.comments.n]...)
		}
		if e.flags&hasMove != 0 {
			m := &move{Piece: t.str(e.piece), Capture: t.str(e.capture), Relative: t.str(e.relative), Same: e.flags&same != 0}
			if e.flags&hasColor != 0 {
				m.Color = new(int)
				*m.Color = int(e.color)
			}
			if e.flags&hasFrom != 0 {
				m.From = &place{int(e.from.x), int(e.from.y)}
			}
			if e.flags&hasTo != 0 {
				m.To = &place{int(e.to.x), int(e.to.y)}
			}
			if e.flags&hasPromote != 0 {
				m.Promote = new(bool)
				*m.Promote = e.flags&promote != 0
			}
			mf.Move = m
		}
		if e.flags&hasTime != 0 {
			mf.Time = &timePair{Now: clock{int(e.now[0]), int(e.now[1]), int(e.now[2])},
				Total: total{int(e.total[0]), int(e.total[1]), int(e.total[2])}}
		}
		mf.Special = t.str(e.special)
		if e.forks.n > 0 {
			for _, f := range t.forks[e.forks.first : e.forks.first+e.forks.n] {
				mf.Forks = append(mf.Forks, t.moveFormats(f))
			}
		}
		out = append(out, mf)
	}
	return out
}

// FuzzDecodeJSON: on any bytes, what the fast decoder takes encoding/json takes to the
// same values, as one value with no repeated key and no key in another case than
// JKF's, in valid UTF-8; and a Reader that decodes records where they are in its
// buffer gives the same records, errors, warnings and record lines as one that cuts
// every value out with the scanner first. Its seeds are FuzzReadJKF's corpus.
func FuzzDecodeJSON(f *testing.F) {
	files, err := os.ReadDir("testdata/fuzz/FuzzReadJKF")
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		text, err := os.ReadFile("testdata/fuzz/FuzzReadJKF/" + file.Name())
		if err != nil {
			f.Fatal(err)
		}
		for line := range strings.Lines(string(text)) {
			if quoted, ok := strings.CutPrefix(strings.TrimSpace(line), "[]byte("); ok {
				if s, err := strconv.Unquote(strings.TrimSuffix(quoted, ")")); err == nil {
					f.Add([]byte(s))
				}
			}
		}
	}
	for _, s := range []string{
		`{"moves":[{"comments":["\u00e9\ud83d\ude00\n"]}]}`,
		"{\"header\":\n{\"moves\":\"x\"},\"moves\":[]}",
		"{\"header\":{\"a\":\"\xff\"}}",
		`{"moves":[{"move":{"to":{"x":1e0,"y":1}}}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkFastDecode(t, data)
		for _, lenient := range []bool{false, true} {
			checkWholeReads(t, data, lenient)
		}
	})
}

// checkFastDecode checks the fast decoder against encoding/json on data.
func checkFastDecode(t *testing.T, data []byte) {
	var d fastDecoder
	if !d.decode(data) {
		return
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var want kifu
	if err := dec.Decode(&want); err != nil {
		t.Fatalf("the fast decoder takes %q, which encoding/json refuses: %v", data, err)
	}
	if rest := bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		t.Fatalf("the fast decoder takes %q, which has %q after its value", data, rest)
	}
	if !utf8.Valid(data) {
		t.Fatalf("the fast decoder takes %q, which is not UTF-8", data)
	}
	if off, inexact := scanKeys(data); off >= 0 || inexact {
		t.Fatalf("the fast decoder takes %q, whose keys are repeated (%d) or not exact (%v)", data, off, inexact)
	}
	if got, want := d.t.kifu(), treeOf(&want).kifu(); !reflect.DeepEqual(want, got) {
		t.Fatalf("%q:\nencoding/json %#v\nfast          %#v", data, want, got)
	}
}

// checkWholeReads reads data with a Reader as it reads (from the whole text at hand,
// and a byte at a time), and with one that cuts every value out with the scanner
// first, and fails unless they read the same.
func checkWholeReads(t *testing.T, data []byte, lenient bool) {
	type result struct {
		rec      *shogi.Record
		err      string
		warnings []string
		line     int
	}
	read := func(scanFirst, oneByte bool) []result {
		var in io.Reader = bytes.NewReader(data)
		if oneByte {
			in = iotest.OneByteReader(in)
		}
		r := NewReader(in)
		r.Lenient, r.MaxBytes, r.scanFirst = lenient, 1<<12, scanFirst
		var out []result
		for range len(data) + 2 {
			rec, err := r.Read()
			if err == io.EOF {
				break
			}
			res := result{rec: rec, line: r.RecordLine()}
			if err != nil {
				res.err = err.Error()
			}
			for _, w := range r.Warnings() {
				res.warnings = append(res.warnings, w.Error())
			}
			out = append(out, res)
		}
		return out
	}
	scanned := read(true, false)
	for _, oneByte := range []bool{false, true} {
		if whole := read(false, oneByte); !reflect.DeepEqual(scanned, whole) {
			t.Fatalf("lenient %v, read a byte at a time %v: %q reads differently when the scanner cuts values out first:\n%+v\nwhen it does not:\n%+v",
				lenient, oneByte, data, scanned, whole)
		}
	}
}

// BenchmarkFastDecode measures the fast decoder alone on a record of 20 000 moves, in
// moves per second: the decoding share of BenchmarkRead.
func BenchmarkFastDecode(b *testing.B) {
	rec := gametest.Long(20000, 1)
	data, err := Format(rec)
	if err != nil {
		b.Fatal(err)
	}
	var d fastDecoder
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	moves := 0
	for b.Loop() {
		if !d.decode(data) {
			b.Fatal("refused")
		}
		moves += 20000
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}
