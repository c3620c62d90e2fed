package pipeline

import (
	"encoding/json"
	"maps"
	"slices"
)

// recordStats is what the summary counts of one verdict line: a record, an input with no
// record, or an input that could not be read, which (*Summary).add counts.
type recordStats struct {
	// NewInput is set on the first verdict line of each input.
	NewInput bool
	// Kind is kindRecord, kindSkipped or kindInputError.
	Kind string
	// The record's format, whether it is valid, and the code of its first error.
	Format string
	OK     bool
	Code   string
	// Warnings are the codes of its warnings.
	Warnings []string
	// Of a valid record: the code of its ending ("none" when it states none), its
	// result ("black", "white", "draw" or "none"), its start position (a handicap's
	// name, or "other") and the number of moves of its main line.
	Ending   string
	Result   string
	Handicap string
	Moves    int
	// Conversion is conversionDone or conversionFailed when the records were converted
	// and the record is valid; "" otherwise.
	Conversion string
}

// The kinds and conversions of recordStats.
const (
	kindRecord     = "record"
	kindSkipped    = "skipped"
	kindInputError = "input-error"

	conversionDone   = "done"
	conversionFailed = "failed"
)

// Summary is the tally of a run, written as summary.json.
type Summary struct {
	// Inputs is the number of inputs; Skipped of them were passed over (no record in
	// them, or found in a local directory without a record extension), and InputErrors
	// could not be reached or read (or not to their end).
	Inputs      int `json:"inputs"`
	Skipped     int `json:"skipped"`
	InputErrors int `json:"input_errors"`
	// Records is the number of records, Valid + Invalid.
	Records int `json:"records"`
	Valid   int `json:"valid"`
	Invalid int `json:"invalid"`
	// Formats counts the records by format.
	Formats map[string]int `json:"formats"`
	// Errors counts the invalid records by the code of their first error (a foul such
	// as "nifu", "false-mate", "syntax"); Warnings counts every warning by its code.
	Errors   map[string]int `json:"errors"`
	Warnings map[string]int `json:"warnings"`
	// Endings, Results and Handicaps count the valid records by ending ("none" when
	// the record states none), by result ("black", "white", "draw", "none") and by
	// start position (a handicap's Japanese name, "other" for any other position).
	Endings   map[string]int `json:"endings"`
	Results   map[string]int `json:"results"`
	Handicaps map[string]int `json:"handicaps"`
	// Lengths is the distribution of the valid records' lengths in moves.
	Lengths Lengths `json:"lengths"`
	// Converted and NotConverted count the valid records that were converted, and
	// those the output format could not hold (a character Shift_JIS lacks, say).
	Converted    int `json:"converted"`
	NotConverted int `json:"not_converted"`
	// Duplicates counts the games found under several paths.
	Duplicates DuplicateCounts `json:"duplicates"`
}

// Lengths is a distribution of game lengths, in moves.
type Lengths struct {
	Min    int     `json:"min"`
	Max    int     `json:"max"`
	Mean   float64 `json:"mean"`
	Median int     `json:"median"`
	// Histogram counts the records by length: its keys are numbers of moves.
	Histogram map[int]int `json:"histogram"`
}

// DuplicateCounts counts duplicates: Games is the number of games found more than once,
// Records the number of records that are one of them (so Records - Games are copies).
type DuplicateCounts struct {
	Games   int `json:"games"`
	Records int `json:"records"`
}

// newSummary returns an empty Summary with its maps made.
func newSummary() *Summary {
	return &Summary{
		Formats: map[string]int{}, Errors: map[string]int{}, Warnings: map[string]int{},
		Endings: map[string]int{}, Results: map[string]int{}, Handicaps: map[string]int{},
		Lengths: Lengths{Histogram: map[int]int{}},
	}
}

// add counts one verdict line.
func (s *Summary) add(st recordStats) {
	if st.NewInput {
		s.Inputs++
	}
	switch st.Kind {
	case kindSkipped:
		s.Skipped++
		return
	case kindInputError:
		s.InputErrors++
		return
	}
	s.Records++
	s.Formats[st.Format]++
	for _, w := range st.Warnings {
		s.Warnings[w]++
	}
	if !st.OK {
		s.Invalid++
		s.Errors[st.Code]++
		return
	}
	s.Valid++
	s.Endings[st.Ending]++
	s.Results[st.Result]++
	s.Handicaps[st.Handicap]++
	s.Lengths.Histogram[st.Moves]++
	switch st.Conversion {
	case conversionDone:
		s.Converted++
	case conversionFailed:
		s.NotConverted++
	}
}

// merge adds the counts of t to s.
func (s *Summary) merge(t *Summary) {
	s.Inputs += t.Inputs
	s.Skipped += t.Skipped
	s.InputErrors += t.InputErrors
	s.Records += t.Records
	s.Valid += t.Valid
	s.Invalid += t.Invalid
	s.Converted += t.Converted
	s.NotConverted += t.NotConverted
	s.Duplicates.Games += t.Duplicates.Games
	s.Duplicates.Records += t.Duplicates.Records
	for _, m := range [][2]map[string]int{
		{s.Formats, t.Formats}, {s.Errors, t.Errors}, {s.Warnings, t.Warnings},
		{s.Endings, t.Endings}, {s.Results, t.Results}, {s.Handicaps, t.Handicaps},
	} {
		for k, n := range m[1] {
			m[0][k] += n
		}
	}
	for k, n := range t.Lengths.Histogram {
		s.Lengths.Histogram[k] += n
	}
}

// finish works out the lengths' minimum, maximum, mean and median from the histogram.
func (s *Summary) finish() {
	l := &s.Lengths
	l.Min, l.Max, l.Mean, l.Median = 0, 0, 0, 0
	lengths := slices.Sorted(maps.Keys(l.Histogram))
	if len(lengths) == 0 {
		return
	}
	l.Min, l.Max = lengths[0], lengths[len(lengths)-1]
	total, count := 0, 0
	for _, n := range lengths {
		total += n * l.Histogram[n]
		count += l.Histogram[n]
	}
	l.Mean = float64(total) / float64(count)
	seen := 0
	for _, n := range lengths {
		seen += l.Histogram[n]
		if 2*seen >= count {
			l.Median = n
			break
		}
	}
}

// summaryFn is the CombineFn that sums the summaries of bundles.
type summaryFn struct{}

func (summaryFn) MergeAccumulators(s, t *Summary) *Summary {
	s.merge(t)
	return s
}

// encodeSummary and decodeSummary are the coder of Summary: JSON.
func encodeSummary(s *Summary) ([]byte, error) { return json.Marshal(s) }

func decodeSummary(data []byte) (*Summary, error) {
	s := newSummary()
	if err := json.Unmarshal(data, s); err != nil {
		return nil, err
	}
	return s, nil
}

// sumDuplicates is the combine function of DuplicateCounts.
func sumDuplicates(a, b DuplicateCounts) DuplicateCounts {
	return DuplicateCounts{Games: a.Games + b.Games, Records: a.Records + b.Records}
}
