package record_test

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
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
