package pipeline

// Batches of positions for the runner's combines (de-duplication and the book): a
// bundle sends the positions it met in one batch per key — the top batchBits bits of
// each position's hash — rather than one element per position, and the combine merges
// batches. A batch's first Sorted entries are compacted (sorted, one per position); the
// rest, appended by merges, wait until the tail is as long as the head, so a batch stays
// within twice its positions and each entry is sorted O(log n) times.

import (
	"iter"
	"maps"
	"slices"
	"strconv"
)

// batchBits is the number of top bits of a position's hash that choose its batch: 1 024
// batches, so a bundle's 65 536 positions make about 64 entries a batch.
const batchBits = 10

// batchKey is the key of the batch of the position whose hash is h.
func batchKey(h uint64) string {
	return strconv.FormatUint(h>>(64-batchBits), 16)
}

// appendBatch appends more to entries, of which the first sorted are compacted, and
// compacts them all once the unsorted tail is as long as the head. It returns the
// entries and how many of them are compacted.
func appendBatch[E any](entries []E, sorted int, more []E, compact func([]E) []E) ([]E, int) {
	entries = append(entries, more...)
	if len(entries) >= 2*sorted {
		entries = compact(entries)
		sorted = len(entries)
	}
	return entries, sorted
}

// emitBatches gathers a bundle's positions into their batches — entry gives each one's
// hash and batch entry — and emits each batch compacted, in the order of the keys.
func emitBatches[K comparable, V, E any](all iter.Seq2[K, V], entry func(K, V) (uint64, E), compact func([]E) []E, emit func(string, []E)) {
	batches := map[string][]E{}
	for k, v := range all {
		h, e := entry(k, v)
		key := batchKey(h)
		batches[key] = append(batches[key], e)
	}
	for _, key := range slices.Sorted(maps.Keys(batches)) {
		emit(key, compact(batches[key]))
	}
}
