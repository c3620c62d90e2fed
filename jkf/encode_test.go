package jkf_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/jkf"
	"pgregory.net/rapid"
)

// encodingJSON returns v as encoding/json writes it without HTML escaping.
func encodingJSON(v any, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	err := enc.Encode(v)
	return b.Bytes(), err
}

// TestRapidWriterIsEncodingJSON: the Writer, which writes its JSON as it walks the
// record, writes the bytes encoding/json writes for the same value: decoded into
// generic values and encoded again by encoding/json (keys in the Writer's order, for
// the header's are kept as a list), with an indent or without, the text is the same.
// Strings with characters JSON escapes (control characters, U+2028) are escaped as
// encoding/json escapes them (TestRapidAppendString checks invalid UTF-8).
func TestRapidWriterIsEncodingJSON(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := genRecord(t)
		if rapid.Bool().Draw(t, "odd text") {
			rec.Root.Comments = append(rec.Root.Comments, rapid.StringOf(rapid.SampledFrom([]rune{'a', '"', '\\', '\n', '\t', '\b', '\f', 0, 0x1f, 0x7f, '<', '&', '\u2028', '\u2029', 'é', '歩', 0xFFFD})).Draw(t, "odd"), rapid.String().Draw(t, "any"))
		}
		indent := rapid.SampledFrom([]string{"", "  ", "\t"}).Draw(t, "indent")
		var buf bytes.Buffer
		w := jkf.NewWriter(&buf)
		w.Indent = indent
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		var v ordered
		if err := json.Unmarshal(buf.Bytes(), &v); err != nil {
			t.Fatalf("%v\n%s", err, buf.Bytes())
		}
		want, err := encodingJSON(v, indent)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(want, buf.Bytes()) {
			t.Fatalf("the Writer wrote\n%s\nencoding/json writes\n%s", buf.Bytes(), want)
		}
		if indent == "" {
			f, err := jkf.Format(rec)
			if err != nil || !bytes.Equal(f, buf.Bytes()) {
				t.Fatalf("Format: %v\n%s\nWriter:\n%s", err, f, buf.Bytes())
			}
		}
	})
}

// ordered is a JSON value decoded with its objects' keys in their order, which
// encoding/json writes back as they were.
type ordered struct{ v any }

type member struct {
	key   string
	value ordered
}

func (o *ordered) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch b[0] {
	case '{':
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.Token()
		var members []member
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return err
			}
			var v ordered
			if err := dec.Decode(&v); err != nil {
				return err
			}
			members = append(members, member{k.(string), v})
		}
		o.v = members
		return nil
	case '[':
		var list []ordered
		if err := json.Unmarshal(b, &list); err != nil {
			return err
		}
		if list == nil {
			list = []ordered{}
		}
		o.v = list
		return nil
	}
	return json.Unmarshal(b, &o.v)
}

func (o ordered) MarshalJSON() ([]byte, error) {
	members, ok := o.v.([]member)
	if !ok {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		err := enc.Encode(o.v)
		return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		v, err := m.value.MarshalJSON()
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// TestWriterMemory: writing a record of 100 000 moves in forks allocates little
// besides the output: the JSON is written as it is made (it was built whole, first as
// a tree of values and then as one buffer, eight times the size of the record).
func TestWriterMemory(t *testing.T) {
	rec := gametest.Wide(50_000)
	var out countingWriter
	w := jkf.NewWriter(&out)
	alloc := gametest.Allocated(func() {
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	})
	moves := gametest.CountNodes(&rec.Root) - 1
	t.Logf("%d moves, %d bytes of JKF: %d bytes allocated (%.1f a move)", moves, out.n, alloc, float64(alloc)/float64(moves))
	if alloc > uint64(out.n)/4 {
		t.Errorf("%d bytes allocated to write %d bytes, want under a quarter of the output", alloc, out.n)
	}
}

type countingWriter struct{ n int }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }
