package record_test

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/record"
)

// A Reader Reset onto another input judges it as a new Reader does, whatever it read
// before (another format, a gzip input, a file of several records): the same verdicts,
// final positions included; with ReuseRecords too.
func TestReaderReset(t *testing.T) {
	var files []string
	for _, dir := range []string{"csa", "kif", "ki2", "jkf"} {
		found, err := filepath.Glob(filepath.Join("..", "testdata", "records", dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	type input struct {
		name string
		data []byte
	}
	var inputs []input
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{f, data})
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat(append(inputs[0].data, "\n/\n"...), 3))
	zw.Close()
	inputs = append(inputs, input{"games.csa.gz", gz.Bytes()}, input{"empty.csa", nil}, input{"bad.csa", []byte("P1 bad\n")})
	verdicts := func(r *record.Reader, name string) []string {
		var out []string
		for v := range record.Validate(r) {
			rep := v.Report(name)
			line := string(rep.AppendJSON(nil))
			if v.Final != nil {
				line += " " + v.Final.String()
			}
			out = append(out, line)
		}
		return out
	}
	for _, mode := range []struct{ lenient, reuse bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		lenient := mode.lenient
		reused := record.NewReader(bytes.NewReader(nil))
		reused.ReuseRecords = mode.reuse // each verdict is written out before the next
		for _, in := range inputs {
			fresh := record.NewReader(bytes.NewReader(in.data))
			fresh.Name, fresh.Lenient = in.name, lenient
			want := verdicts(fresh, in.name)
			reused.Reset(bytes.NewReader(in.data))
			reused.Name, reused.Lenient = in.name, lenient
			if diff := cmp.Diff(want, verdicts(reused, in.name)); diff != "" {
				t.Errorf("%s, %+v, after Reset (-new reader +reset):\n%s", in.name, mode, diff)
			}
		}
	}
}

// ReuseComments reaches the CSA reader, and stays through Reset: with it, a record's
// comments are written where the last record's were (the first record's comment
// changes when the second is read), and are, while their record is the last read,
// those a Reader that reuses nothing reads.
func TestReaderReuseComments(t *testing.T) {
	text := "PI\n+\n+7776FU\n'** 30 first\n%TORYO\n/\nPI\n+\n+2726FU\n'** 45 other\n%TORYO\n"
	for _, reuse := range []bool{false, true} {
		r := record.NewReader(nil)
		r.ReuseRecords, r.ReuseComments = true, reuse
		for range 2 {
			r.Reset(strings.NewReader(text))
			first, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			c := first.Root.Children[0].Comments
			kept := c[0]
			if diff := cmp.Diff([]string{"* 30 first"}, c); diff != "" {
				t.Errorf("reuse %v: first record's comments (-want +got):\n%s", reuse, diff)
			}
			second, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{"* 45 other"}, second.Root.Children[0].Comments); diff != "" {
				t.Errorf("reuse %v: second record's comments (-want +got):\n%s", reuse, diff)
			}
			if changed := kept != "* 30 first"; changed != reuse {
				t.Errorf("reuse %v: the first record's comment is %q once the second is read", reuse, kept)
			}
		}
	}
}
