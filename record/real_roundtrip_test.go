package record_test

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/readback"
	"github.com/kifu-go/shogi/record"
)

// TestRealRecordsReadBack converts every record of a collection of real records (the
// directory SHOGI_REAL_RECORDS names; the repository's helpers use
// ../shared/fixtures/real, 913 records from 21 public repositories) to every format
// and reads it back with the strict reader: each record reads back the same, but for
// what record.Losses reports for the format. It logs how many records read back equal
// (nothing lost), and for the others the losses by kind, and fails on any difference
// that no reported loss explains. Records the strict reader refuses are counted apart.
func TestRealRecordsReadBack(t *testing.T) {
	root := os.Getenv("SHOGI_REAL_RECORDS")
	if root == "" {
		t.Skip("set SHOGI_REAL_RECORDS to a directory of real records")
	}
	var recs []*shogi.Record
	var names []string
	refused := 0
	for e := range record.Walk(root) {
		if e.Err != nil || e.Skipped != "" {
			continue
		}
		r, err := record.Open(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		i := 0
		for rec, err := range r.All() {
			i++
			if err != nil {
				refused++
				continue
			}
			recs, names = append(recs, rec), append(names, fmt.Sprintf("%s#%d", e.Path, i))
		}
		r.Close()
	}
	t.Logf("%d records read strictly, %d refused by the strict reader", len(recs), refused)
	for _, f := range record.Formats {
		equal, lossy, unwritable := 0, 0, map[string]int{}
		kinds := map[string]int{}
		details := map[string]int{}
		for i, rec := range recs {
			var buf bytes.Buffer
			w := record.NewWriter(&buf, f)
			err := w.Write(rec)
			if err == nil {
				err = w.Flush()
			}
			if err != nil {
				msg := err.Error()
				if k := strings.Index(msg, ": \""); k > 0 {
					msg = msg[:k]
				}
				unwritable[msg]++
				continue
			}
			losses := w.Lost()
			r := record.NewReader(bytes.NewReader(buf.Bytes()))
			r.Format = f
			back, err := r.Read()
			if err != nil {
				t.Errorf("%s: %s does not read back: %v\n%s", names[i], f, err, buf.Bytes())
				continue
			}
			c := readback.NewComparison(f, losses)
			if want, got := c.Text(rec, rec), c.Text(back, rec); want != got {
				t.Errorf("%s: %s: changed beyond the losses %v (-want +got):\n%s", names[i], f, losses, cmp.Diff(want, got))
				continue
			}
			if len(losses) == 0 {
				equal++
				continue
			}
			lossy++
			for _, l := range losses {
				kinds[l.Kind.Code()]++
				if l.Kind == record.LostHeader || l.Kind == record.LostEnding {
					for _, d := range strings.Split(l.Detail, ", ") {
						details[l.Kind.Code()+" "+d]++
					}
				}
			}
		}
		t.Logf("%s: %d of %d read back equal, %d equal but for reported losses %v; not written: %v", f, equal, len(recs), lossy, sorted(kinds), sorted(unwritable))
		if testing.Verbose() {
			t.Logf("%s: lost header fields and endings: %v", f, sorted(details))
		}
	}
}

// sorted lists a map's entries as "key: n", by key.
func sorted(m map[string]int) []string {
	var out []string
	for k, n := range m {
		out = append(out, fmt.Sprintf("%s: %d", k, n))
	}
	slices.Sort(out)
	return out
}
