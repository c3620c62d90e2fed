package pipeline

import (
	"bytes"
	"cmp"
	"container/heap"
	"encoding/json"
	"slices"
)

// MaxDuplicatesListed bounds the records listed in one line of the duplicate report:
// a game found more often is counted in full, and its first records (by path and
// index) are listed.
const MaxDuplicatesListed = 1000

// Duplicate is one line of the duplicate report (duplicates.jsonl): a game found more
// than once.
type Duplicate struct {
	// Key is the game's key (see GameKey).
	Key string `json:"key"`
	// Count is the number of records of the game.
	Count int `json:"count"`
	// Moves and Start are the game's number of moves and start position (SFEN).
	Moves int    `json:"moves"`
	Start string `json:"start"`
	// Records are where the game was found, sorted by path and index: all of them, or
	// the first MaxDuplicatesListed.
	Records []DuplicateRecord `json:"records"`
}

// DuplicateRecord is one place where a game was found: a path and the record's index.
type DuplicateRecord struct {
	Path   string `json:"path"`
	Record int    `json:"record"`
}

func compareRecords(a, b DuplicateRecord) int {
	return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Record, b.Record))
}

// firstRecords keeps the smallest records seen, up to a bound: a max-heap whose top
// is the largest record kept.
type firstRecords struct {
	limit int
	list  []DuplicateRecord
}

func (h *firstRecords) Len() int           { return len(h.list) }
func (h *firstRecords) Less(i, j int) bool { return compareRecords(h.list[i], h.list[j]) > 0 }
func (h *firstRecords) Swap(i, j int)      { h.list[i], h.list[j] = h.list[j], h.list[i] }
func (h *firstRecords) Push(x any)         { h.list = append(h.list, x.(DuplicateRecord)) }
func (h *firstRecords) Pop() any {
	last := h.list[len(h.list)-1]
	h.list = h.list[:len(h.list)-1]
	return last
}

// add keeps r if it is among the first records.
func (h *firstRecords) add(r DuplicateRecord) {
	switch {
	case len(h.list) < h.limit:
		heap.Push(h, r)
	case compareRecords(r, h.list[0]) < 0:
		h.list[0] = r
		heap.Fix(h, 0)
	}
}

// sorted returns the records kept, in order.
func (h *firstRecords) sorted() []DuplicateRecord {
	out := slices.Clone(h.list)
	slices.SortFunc(out, compareRecords)
	return out
}

// duplicatesFn turns the records of one game key into a line of the duplicate report
// and its counts, when the game was found more than once.
func duplicatesFn(key string, refs func(*GameRef) bool, files func(string, []byte), counts func(DuplicateCounts)) error {
	first := &firstRecords{limit: MaxDuplicatesListed}
	d := Duplicate{Key: key}
	var ref GameRef
	for refs(&ref) {
		d.Count++
		d.Moves, d.Start = ref.Moves, ref.Start
		first.add(DuplicateRecord{Path: ref.Path, Record: ref.Record})
	}
	if d.Count < 2 {
		return nil
	}
	d.Records = first.sorted()
	var line bytes.Buffer
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false) // as in the verdict lines
	if err := enc.Encode(d); err != nil {
		return err
	}
	files(duplicatesName, line.Bytes())
	counts(DuplicateCounts{Games: 1, Records: d.Count})
	return nil
}
