package pipeline

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func drawStats(t *rapid.T, label string) recordStats {
	code := rapid.SampledFrom([]string{"syntax", "nifu", "false-mate", "no-piece"})
	st := recordStats{
		NewInput:   rapid.Bool().Draw(t, label+" new"),
		Kind:       rapid.SampledFrom([]string{kindRecord, kindRecord, kindRecord, kindSkipped, kindInputError}).Draw(t, label+" kind"),
		Format:     rapid.SampledFrom([]string{"kif", "csa", "jkf"}).Draw(t, label+" format"),
		OK:         rapid.Bool().Draw(t, label+" ok"),
		Warnings:   rapid.SliceOfN(rapid.SampledFrom([]string{"unrecorded-mate", "syntax"}), 0, 2).Draw(t, label+" warnings"),
		Ending:     rapid.SampledFrom([]string{"none", "resign", "mate"}).Draw(t, label+" ending"),
		Result:     rapid.SampledFrom([]string{"none", "black", "white", "draw"}).Draw(t, label+" result"),
		Handicap:   rapid.SampledFrom([]string{"平手", "香落ち", "other"}).Draw(t, label+" handicap"),
		Moves:      rapid.IntRange(0, 300).Draw(t, label+" moves"),
		Conversion: rapid.SampledFrom([]string{"", conversionDone, conversionFailed}).Draw(t, label+" conversion"),
	}
	if !st.OK {
		st.Code = code.Draw(t, label+" code")
	}
	return st
}

// TestSummaryMergeIsAddition: however the stats fall into bundles and the runner merges
// the bundles' summaries, through the coder or not, the summary is the one of adding
// them in turn.
func TestSummaryMergeIsAddition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		stats := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) recordStats { return drawStats(t, "stat") }), 0, 60).Draw(t, "stats")
		want := newSummary()
		for _, st := range stats {
			want.add(st)
		}
		want.finish()

		// The bundles' summaries, merged in any order by the CombineFn.
		parts := rapid.IntRange(1, 5).Draw(t, "bundles")
		accs := make([]*Summary, parts)
		for i := range accs {
			accs[i] = newSummary()
		}
		for i, st := range stats {
			accs[rapid.IntRange(0, parts-1).Draw(t, "bundle of "+string(rune('a'+i%26)))].add(st)
		}
		for i, a := range accs {
			if rapid.Bool().Draw(t, "through the coder") {
				data, err := encodeSummary(a)
				if err != nil {
					t.Fatal(err)
				}
				if accs[i], err = decodeSummary(data); err != nil {
					t.Fatal(err)
				}
			}
		}
		order := rapid.Permutation(accs).Draw(t, "merge order")
		got := order[0]
		for _, a := range order[1:] {
			got = summaryFn{}.MergeAccumulators(got, a)
		}
		got.finish()
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("(-added +merged)\n%s", diff)
		}
		if got.Records != got.Valid+got.Invalid {
			t.Fatalf("%d records, %d valid, %d invalid", got.Records, got.Valid, got.Invalid)
		}
	})
}

// TestSummaryLengths: minimum, maximum, mean and lower median of the histogram are
// those of the sorted lengths.
func TestSummaryLengths(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lengths := rapid.SliceOfN(rapid.IntRange(0, 500), 1, 100).Draw(t, "lengths")
		s := newSummary()
		for _, n := range lengths {
			s.add(recordStats{Kind: kindRecord, OK: true, Moves: n})
		}
		s.finish()
		sorted := slices.Sorted(slices.Values(lengths))
		total := 0
		for _, n := range lengths {
			total += n
		}
		want := Lengths{Min: sorted[0], Max: sorted[len(sorted)-1], Median: sorted[(len(sorted)-1)/2],
			Mean: float64(total) / float64(len(lengths)), Histogram: s.Lengths.Histogram}
		if diff := cmp.Diff(want, s.Lengths); diff != "" {
			t.Fatalf("(-want +got)\n%s", diff)
		}
	})
	empty := newSummary()
	empty.finish()
	if diff := cmp.Diff(Lengths{Histogram: map[int]int{}}, empty.Lengths); diff != "" {
		t.Errorf("no records: (-want +got)\n%s", diff)
	}
}

func TestSummaryAdd(t *testing.T) {
	s := newSummary()
	for _, st := range []recordStats{
		{NewInput: true, Kind: kindRecord, Format: "csa", OK: true, Ending: "resign", Result: "black", Handicap: "平手", Moves: 10, Conversion: conversionDone},
		{Kind: kindRecord, Format: "csa", Code: "nifu", Warnings: []string{"syntax"}},
		{Kind: kindRecord, Format: "csa", OK: true, Ending: "none", Result: "none", Handicap: "other", Moves: 3, Warnings: []string{"unrecorded-mate"}, Conversion: conversionFailed},
		{NewInput: true, Kind: kindSkipped},
		{NewInput: true, Kind: kindInputError},
	} {
		s.add(st)
	}
	s.finish()
	want := &Summary{
		Inputs: 3, Skipped: 1, InputErrors: 1, Records: 3, Valid: 2, Invalid: 1,
		Formats: map[string]int{"csa": 3}, Errors: map[string]int{"nifu": 1}, Warnings: map[string]int{"syntax": 1, "unrecorded-mate": 1},
		Endings: map[string]int{"resign": 1, "none": 1}, Results: map[string]int{"black": 1, "none": 1},
		Handicaps: map[string]int{"平手": 1, "other": 1},
		Lengths:   Lengths{Min: 3, Max: 10, Mean: 6.5, Median: 3, Histogram: map[int]int{3: 1, 10: 1}},
		Converted: 1, NotConverted: 1,
	}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}
