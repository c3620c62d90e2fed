package pipeline

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// TestFirstRecordsKeepsTheSmallest: the bounded heap keeps what sorting all and
// keeping the first would.
func TestFirstRecordsKeepsTheSmallest(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		recs := rapid.SliceOf(rapid.Custom(func(t *rapid.T) DuplicateRecord {
			return DuplicateRecord{Path: rapid.StringMatching(`[ab]{0,3}`).Draw(t, "path"), Record: rapid.IntRange(1, 4).Draw(t, "record")}
		})).Draw(t, "records")
		limit := rapid.IntRange(1, 10).Draw(t, "limit")
		first := &firstRecords{limit: limit}
		for _, r := range recs {
			first.add(r)
		}
		want := slices.Clone(recs)
		slices.SortFunc(want, compareRecords)
		want = want[:min(limit, len(want))]
		if diff := cmp.Diff(want, first.sorted(), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("(-want +got)\n%s", diff)
		}
	})
}

func TestDuplicatesFn(t *testing.T) {
	run := func(refs []GameRef) (map[string][]string, []DuplicateCounts) {
		files := map[string][]string{}
		var counts []DuplicateCounts
		i := 0
		next := func(r *GameRef) bool {
			if i == len(refs) {
				return false
			}
			*r, i = refs[i], i+1
			return true
		}
		err := duplicatesFn("k", next, func(name string, data []byte) { files[name] = append(files[name], string(data)) },
			func(c DuplicateCounts) { counts = append(counts, c) })
		if err != nil {
			t.Fatal(err)
		}
		return files, counts
	}
	start := "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

	// A game found once is no duplicate.
	if files, counts := run([]GameRef{{Path: "a.kif", Record: 1, Moves: 3, Start: start}}); len(files) != 0 || len(counts) != 0 {
		t.Errorf("one record: %v %v", files, counts)
	}

	// A game found three times: one line, its places sorted, no HTML escapes.
	files, counts := run([]GameRef{
		{Path: "b<&>.csa", Record: 2, Moves: 3, Start: start},
		{Path: "a.kif", Record: 1, Moves: 3, Start: start},
		{Path: "b<&>.csa", Record: 1, Moves: 3, Start: start},
	})
	want := `{"key":"k","count":3,"moves":3,"start":"` + start + `","records":[{"path":"a.kif","record":1},{"path":"b<&>.csa","record":1},{"path":"b<&>.csa","record":2}]}` + "\n"
	if diff := cmp.Diff(map[string][]string{duplicatesName: {want}}, files); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if diff := cmp.Diff([]DuplicateCounts{{Games: 1, Records: 3}}, counts); diff != "" {
		t.Errorf("counts (-want +got)\n%s", diff)
	}

	// A game found more often than the report lists: counted in full, the first listed.
	var many []GameRef
	for i := range MaxDuplicatesListed + 5 {
		many = append(many, GameRef{Path: fmt.Sprintf("g%05d.usi", MaxDuplicatesListed+5-i), Record: 1})
	}
	files, counts = run(many)
	var d Duplicate
	if err := json.Unmarshal([]byte(files[duplicatesName][0]), &d); err != nil {
		t.Fatal(err)
	}
	if d.Count != MaxDuplicatesListed+5 || len(d.Records) != MaxDuplicatesListed || d.Records[0].Path != "g00001.usi" ||
		d.Records[MaxDuplicatesListed-1].Path != fmt.Sprintf("g%05d.usi", MaxDuplicatesListed) || counts[0].Records != MaxDuplicatesListed+5 {
		t.Errorf("count %d, %d listed from %v to %v; counts %v", d.Count, len(d.Records), d.Records[0], d.Records[len(d.Records)-1], counts)
	}
}
