package clock_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/record"
)

// realFixtures is the compatibility suite of real records (see the developers'
// guide); the test skips when it is absent.
const realFixtures = "/work/shared/fixtures/real"

// Every real record's header control that this package reads is read, and
// CheckTimes's warnings on them are the ones listed: each is a record whose times
// really disagree with it (checked by hand).
func TestRealRecordsTimes(t *testing.T) {
	if _, err := os.Stat(realFixtures); err != nil {
		t.Skip("no real fixtures:", err)
	}
	if testing.Short() {
		t.Skip("short")
	}
	var files []string
	filepath.WalkDir(realFixtures, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && !strings.HasSuffix(path, ".tsv") {
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	controls, records := 0, 0
	got := map[string][]string{}
	for _, path := range files {
		r, err := record.Open(path)
		if err != nil {
			continue
		}
		for {
			rec, err := r.Read()
			if err == io.EOF {
				break
			}
			var re *record.Error
			if err != nil && !errors.As(err, &re) {
				break
			}
			if rec == nil {
				continue
			}
			records++
			if _, ok, _ := clock.ControlOf(rec.Header); ok {
				controls++
			}
			for _, w := range clock.CheckTimes(rec) {
				rel, _ := filepath.Rel(realFixtures, path)
				got[rel] = append(got[rel], w.String())
			}
		}
		r.Close()
	}
	t.Logf("%d records, %d with a control read, %d files with warnings", records, controls, len(got))
	want := map[string][]string{
		// The one 持ち時間 no reader could take.
		"tsshogi/src__tests__testdata__jkf__sample01.jkf": {`clock: the header's time control is not read: 持ち時間 "一億年": column 1: malformed time control: want a time such as 各10分`},
		// A Shogi Wars 10-second game whose two moves of 0:11 the site let pass.
		"shogi-supplement/app__iosApp__iosApp__Resources__sample.kif": {
			"clock: move 41 (black): 0:00:11 spent with 0:00:10 available (main 0s, byoyomi 10s, charged in 1s rounded down)",
			"clock: move 48 (white): 0:00:11 spent with 0:00:10 available (main 0s, byoyomi 10s, charged in 1s rounded down)",
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warnings (-want +got)\n%s", diff)
	}
	if controls < 400 {
		t.Errorf("%d records with a control read, want 400 or more", controls)
	}
}
