package pipeline

// Training shards: the entries that shogi positions writes (package packed), of every
// valid record that the filters keep. Every entry carries its place in the order in
// which shogi positions meets it — the input pattern's index, the file's place in
// that pattern's walk, the record's index in the file, the move's index in the line —
// so that the output does not depend on the runner: a shard is written in that order,
// and de-duplication (a combine of batches of positions) keeps the entry met first, as
// shogi positions -dedup does.

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/packed"
)

// trainingStem names the training shards: "training-00000-of-00004.hcpe".
const trainingStem = "training"

// Place is where an entry, or a run of a record's entries, comes in the order of the
// inputs: the input pattern's index in Options.Inputs, the file's index among the
// pattern's matches (in the order shogi validate walks them), the record's index in
// the file (from 1) and the move's index in the record's main line (from 0).
type Place struct {
	Pattern, File, Record, Move int
}

func comparePlaces(a, b Place) int {
	return cmp.Or(cmp.Compare(a.Pattern, b.Pattern), cmp.Compare(a.File, b.File),
		cmp.Compare(a.Record, b.Record), cmp.Compare(a.Move, b.Move))
}

// TrainingChunk is one record's training entries, or one entry, with its place and its
// input's path.
type TrainingChunk struct {
	Path  string
	Place Place
	Data  []byte
}

// firstChunk returns, of two entries of one position, the one met first.
func firstChunk(a, b TrainingChunk) TrainingChunk {
	if comparePlaces(b.Place, a.Place) < 0 {
		return b
	}
	return a
}

// DedupEntry is a training entry with its position's 64-bit Zobrist hash.
type DedupEntry struct {
	Hash  uint64
	Chunk TrainingChunk
}

// DedupBatch is the element of de-duplication: entries whose hashes share their top
// batchBits bits (its key, batchKey), the first Sorted of them sorted by hash, one per
// hash, the rest in any order. A bundle emits one batch per key it met rather than one
// element per position, which makes the combine cheap for the runner.
type DedupBatch struct {
	Entries []DedupEntry
	Sorted  int
}

// mergeDedup is the combine of de-duplication (appendBatch): whatever the grouping and
// order of the merges, the compacted result keeps the entry met first of each position.
// It returns a, which it may modify, as Beam lets a combine do with its first
// accumulator.
func mergeDedup(a, b DedupBatch) DedupBatch {
	a.Entries, a.Sorted = appendBatch(a.Entries, a.Sorted, b.Entries, compactDedup)
	return a
}

// compactDedup sorts entries by hash and keeps the one met first of each position.
func compactDedup(entries []DedupEntry) []DedupEntry {
	slices.SortFunc(entries, func(x, y DedupEntry) int {
		return cmp.Or(cmp.Compare(x.Hash, y.Hash), comparePlaces(x.Chunk.Place, y.Chunk.Place))
	})
	return slices.CompactFunc(entries, func(x, y DedupEntry) bool { return x.Hash == y.Hash })
}

// trainingShard is the name of the shard of a record's entries, of n shards of entries
// of the format f.
func trainingShard(path string, record, n int, f packed.SampleFormat) string {
	return shardName(trainingStem, shardOf(path, record, n), n, "."+f.String())
}

// maxBundlePositions bounds the positions a bundle combines before it emits them.
const maxBundlePositions = 1 << 16

// addTraining emits the training entries of rec, a valid record of moves moves at
// place (its Move 0): a chunk of all of them for its shard; or with dedup each entry
// apart, kept in the bundle's map by its position's 64-bit Zobrist hash (the entry met
// first, firstChunk) until flushTraining emits it for the combine. It returns the error
// of a position the format cannot hold, and then emits nothing.
func (f *judgeFn) addTraining(path string, place Place, rec *shogi.Record, moves int, emit func(string, TrainingChunk), dedup func(string, DedupBatch)) error {
	if f.Filter.RejectRecord(rec, moves) != "" {
		return nil
	}
	var data []byte
	var starts []int
	var keys []uint64
	var indexes []int
	for s, err := range packed.SamplesTrusted(rec) {
		if err != nil {
			return err
		}
		if !f.Filter.KeepSample(&s) {
			continue
		}
		starts = append(starts, len(data))
		if data, err = packed.AppendSample(data, f.training, &s); err != nil {
			return err
		}
		if f.Dedup {
			keys, indexes = append(keys, s.Position.Hash()), append(indexes, s.Index)
		}
	}
	if len(starts) == 0 {
		return nil
	}
	if !f.Dedup {
		emit(trainingShard(path, place.Record, f.Shards, f.training), TrainingChunk{Path: path, Place: place, Data: data})
		return nil
	}
	for i, k := range keys {
		end := len(data)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		p := place
		p.Move = indexes[i]
		c := TrainingChunk{Path: path, Place: p, Data: data[starts[i]:end:end]}
		if old, ok := f.firsts[k]; ok {
			c = firstChunk(old, c)
		}
		f.firsts[k] = c
	}
	if len(f.firsts) >= maxBundlePositions {
		f.flushTraining(dedup)
	}
	return nil
}

// flushTraining emits the entries the bundle's map holds, in one sorted batch per key.
func (f *judgeFn) flushTraining(emit func(string, DedupBatch)) {
	emitBatches(maps.All(f.firsts), func(k uint64, c TrainingChunk) (uint64, DedupEntry) { return k, DedupEntry{Hash: k, Chunk: c} },
		compactDedup, func(key string, entries []DedupEntry) { emit(key, DedupBatch{Entries: entries, Sorted: len(entries)}) })
	clear(f.firsts)
}

// reshardFn sends the entries that the de-duplication kept to their records' shards.
type reshardFn struct {
	Shards int
	Format string
	format packed.SampleFormat
}

func (f *reshardFn) Setup() (err error) {
	f.format, err = packed.ParseSampleFormat(f.Format)
	return err
}

func (f *reshardFn) ProcessElement(_ string, b DedupBatch, emit func(string, TrainingChunk)) {
	for _, e := range compactDedup(b.Entries) {
		emit(trainingShard(e.Chunk.Path, e.Chunk.Place.Record, f.Shards, f.format), e.Chunk)
	}
}

// writeTrainingFn writes one training shard from its chunks, sorted by their places:
// the same file in every run, whatever order the runner brings them in. A shard is
// held in memory while it is sorted: choose enough shards.
type writeTrainingFn struct {
	Output string
}

func (f *writeTrainingFn) ProcessElement(ctx context.Context, name string, chunks func(*TrainingChunk) bool) (err error) {
	var all []TrainingChunk
	var c TrainingChunk
	for chunks(&c) {
		all = append(all, c)
		c = TrainingChunk{}
	}
	slices.SortFunc(all, func(a, b TrainingChunk) int { return comparePlaces(a.Place, b.Place) })
	return writeOutput(ctx, joinOutput(f.Output, name), func(w *bufio.Writer) error {
		for i, c := range all {
			if i > 0 && all[i-1].Place == c.Place {
				return fmt.Errorf("%s: two chunks of %s#%d at move %d", name, c.Path, c.Place.Record, c.Place.Move) // unreachable: places are unique
			}
			if _, err := w.Write(c.Data); err != nil {
				return err
			}
		}
		return nil
	})
}
