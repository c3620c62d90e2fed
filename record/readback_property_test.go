package record_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/readback"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
)

// formatOne returns rec written by the format's own package (kif.Format, csa.Format,
// jkf.Format), for the formats that have one.
var formatOne = map[record.Format]func(*shogi.Record) ([]byte, error){
	record.KIF: kif.Format, record.KI2: kif.FormatKI2, record.CSA: csa.Format, record.JKF: jkf.Format,
}

// TestEveryWriterReadsBack: random records with everything a record may hold (header
// fields in KIF's and CSA's forms, bookmarks, endings CSA has no word for, lines a
// lenient read stopped with variations going on, fractions of a second, totals that
// are not the sums of the times), one to three at a time, written in every format with
// a record.Writer, read back with the strict reader: every record reads back the same,
// but for what record.Losses reported for it, and that is what Writer.Lost says too.
// Shift_JIS (KIF, KI2, CSA) and CSA V3.0 as well. The format packages' own Format
// functions write the same bytes; several records in
// one stream read back as as many records (CSA's "/" separators, JSON Lines, a line
// each); a lossless Writer refuses exactly the records that would lose something.
func TestEveryWriterReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := rapid.SampledFrom(record.Formats).Draw(t, "format")
		n := 1
		if !f.OneRecordPerFile() {
			n = rapid.IntRange(1, 3).Draw(t, "records")
		}
		var recs []*shogi.Record
		var losses [][]record.Loss
		var buf bytes.Buffer
		w := record.NewWriter(&buf, f)
		v3 := f == record.CSA && rapid.Bool().Draw(t, "CSA V3.0")
		if v3 {
			w.CSAVersion = "3.0" // milliseconds: fewer losses than Losses's V2.2
		}
		sjis := (f == record.KIF || f == record.KI2 || f == record.CSA) && rapid.Bool().Draw(t, "Shift_JIS")
		w.ShiftJIS = sjis
		for i := range n {
			rec := readback.Rich(t)
			if err := w.Write(rec); err != nil {
				t.Fatalf("%s: record %d: %v", f, i+1, err)
			}
			want := record.Losses(rec, f)
			if v3 {
				want = w.Lost()
			}
			if diff := cmp.Diff(want, w.Lost()); diff != "" {
				t.Fatalf("%s: Writer.Lost differs from Losses (-Losses +Lost):\n%s", f, diff)
			}
			recs, losses = append(recs, rec), append(losses, want)
			if one, ok := formatOne[f]; ok && n == 1 && !v3 && !sjis {
				data, err := one(rec)
				if err != nil {
					t.Fatalf("%s: the format's own writer: %v", f, err)
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(data, buf.Bytes()) {
					t.Fatalf("%s: record.Writer and the format's Format differ:\n%s\n----\n%s", f, buf.Bytes(), data)
				}
			}
			// A lossless Writer takes the record exactly when nothing is lost.
			lw := record.NewWriter(io.Discard, f)
			lw.Lossless, lw.CSAVersion = true, w.CSAVersion
			err := lw.Write(rec)
			var le *record.LossError
			switch {
			case len(want) == 0 && err != nil:
				t.Fatalf("%s: lossless refused a record that loses nothing: %v", f, err)
			case len(want) > 0 && (!errors.As(err, &le) || !errors.Is(err, record.ErrLossy) || !cmp.Equal(le.Losses, want)):
				t.Fatalf("%s: lossless: %v, want a *LossError with %v", f, err, want)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		r := record.NewReader(bytes.NewReader(buf.Bytes()))
		r.Format = f
		i := 0
		for back, err := range r.All() {
			if err != nil {
				t.Fatalf("%s: record %d does not read back: %v\n%s", f, i+1, err, buf.Bytes())
			}
			if i >= n {
				t.Fatalf("%s: %d records read back from %d written\n%s", f, i+1, n, buf.Bytes())
			}
			c := readback.NewComparison(f, losses[i])
			if want, got := c.Text(recs[i], recs[i]), c.Text(back, recs[i]); want != got {
				t.Fatalf("%s: record %d of %d changed beyond the losses %v (-want +got):\n%s\n%s", f, i+1, n,
					losses[i], cmp.Diff(want, got), buf.Bytes())
			}
			i++
		}
		if i != n {
			t.Fatalf("%s: %d records read back from %d written\n%s", f, i, n, buf.Bytes())
		}
	})
}
