package csa_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/kifu-go/shogi/csa"
)

// FuzzReadCSA: no input makes the reader panic, and input that parses writes (V3.0,
// which keeps every time exactly) to text that parses to the same record and writes
// to the same bytes.
func FuzzReadCSA(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.csa")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"PI\n+\n+7776FU,T1.5,-3334FU\n%TORYO\n",
		"V2.2\nN+a\n$EVENT:b\nPI82HI22KA\n-\n-5142OU\n'*c\n",
		"P1 *  *  *  *  *  *  *  * -OU\nP+00HI\nP-00AL\n+\n+0012HI\n%TSUMI\n",
		"PI\n+\n/\nPI\n+\n",
		"'CSA encoding=SHIFT_JIS\nV3.0\nN+\x90\xe6\x8e\xe8\nPI\n+\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lenient := csa.NewReader(bytes.NewReader(data))
		lenient.Lenient = true
		for range 4 {
			if _, err := lenient.Read(); err != nil {
				break
			}
		}
		rec, err := csa.Parse(data)
		if err != nil {
			_ = err.Error()
			return
		}
		var buf bytes.Buffer
		w := csa.NewWriter(&buf)
		w.Version = "3.0"
		if err := w.Write(rec); err != nil {
			return // a record the reader accepts but CSA cannot write
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		first := bytes.Clone(buf.Bytes())
		rec2, err := csa.Parse(first)
		if err != nil {
			t.Fatalf("written text does not parse: %v\n%s", err, first)
		}
		if diff := diffRecords(rec, rec2); diff != "" {
			t.Fatalf("record changed (-read +rewritten):\n%s\n%s", diff, first)
		}
		buf.Reset()
		w = csa.NewWriter(&buf)
		w.Version = "3.0"
		if err := w.Write(rec2); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		if !bytes.Equal(first, buf.Bytes()) {
			t.Fatalf("second write differs:\n%s\n----\n%s", first, buf.Bytes())
		}
	})
}
