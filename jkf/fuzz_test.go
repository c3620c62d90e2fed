package jkf_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/kifu-go/shogi/jkf"
)

// FuzzReadJKF: no input makes the reader panic, and input that parses writes to text
// that parses to the same record and writes to the same bytes.
func FuzzReadJKF(f *testing.F) {
	data, err := os.ReadFile(fixture)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(readmeExample))
	for _, s := range []string{
		`{"header":{},"initial":{"preset":"KY"},"moves":[{},{"move":{"color":1,"from":{"x":5,"y":1},"to":{"x":4,"y":2},"piece":"OU"},"forks":[[{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"}},{"special":"TORYO"}]]}]}`,
		`{"header":{"a":"b"},"initial":{"preset":"OTHER","data":{"color":0,"board":[[{},{},{},{},{},{},{},{},{"color":0,"kind":"OU"}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{}]],"hands":[{"FU":1,"KY":0,"KE":0,"GI":0,"KI":0,"KA":0,"HI":0},{"FU":0,"KY":0,"KE":0,"GI":0,"KI":0,"KA":0,"HI":0}]}},"moves":[{"comments":["x"]},{"move":{"color":0,"to":{"x":5,"y":5},"piece":"FU"},"time":{"now":{"m":1,"s":2},"total":{"h":1,"m":2,"s":3}}},{"special":"CHUDAN"}]}`,
		`{"header":{},"moves":[{"special":"不戦勝"}]}` + "\n" + `{"header":{},"moves":[{}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lenient := jkf.NewReader(bytes.NewReader(data))
		lenient.Lenient = true
		for range 3 {
			if _, err := lenient.Read(); err != nil {
				break
			}
		}
		rec, err := jkf.Parse(data)
		if err != nil {
			_ = err.Error()
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
	})
}
