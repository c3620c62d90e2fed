package pipeline

import (
	"maps"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/packed"
)

// TestJudgeFnTrainingAndBook: games 1 and 3 of threeGames are one game (the invalid
// second adds nothing): without de-duplication each is a chunk of its shard; with it,
// each position once, at game 1's place; the book counts both games per position.
func TestJudgeFnTrainingAndBook(t *testing.T) {
	path := writeTemp(t, "three.csa", []byte(threeGames))
	in := Input{Path: path, Pattern: 2, File: 7}

	e := judge(t, &judgeFn{Training: "hcpe", Shards: 2}, in)
	var places []Place
	for name, chunks := range e.training {
		for _, c := range chunks {
			if name != trainingShard(path, c.Place.Record, 2, packed.SampleHCPE) || len(c.Data) != 2*packed.HCPESize {
				t.Errorf("%s: %+v", name, c)
			}
			places = append(places, c.Place)
		}
	}
	slices.SortFunc(places, comparePlaces)
	if want := []Place{{2, 7, 1, 0}, {2, 7, 3, 0}}; !cmp.Equal(want, places) {
		t.Errorf("places %v, want %v", places, want)
	}

	e = judge(t, &judgeFn{Training: "usi", Dedup: true, Shards: 2, Filter: packed.Filter{SkipFirst: 1}}, in)
	if len(e.training) != 0 || len(e.dedup) != 1 {
		t.Fatalf("%d chunks and %d batches, want one batch: %v", len(e.training), len(e.dedup), e.dedup)
	}
	for key, batches := range e.dedup {
		want := []DedupBatch{{Sorted: 1, Entries: []DedupEntry{{Chunk: TrainingChunk{Path: path, Place: Place{2, 7, 1, 1},
			Data: []byte("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d\n")}}}}}
		if len(batches) == 1 && len(batches[0].Entries) == 1 {
			h := batches[0].Entries[0].Hash
			want[0].Entries[0].Hash = h
			if key != batchKey(h) {
				t.Errorf("batch key %s for the hash %x", key, h)
			}
		}
		if diff := cmp.Diff(want, batches); diff != "" {
			t.Errorf("(-want +got)\n%s", diff)
		}
	}

	e = judge(t, &judgeFn{Book: &BookOptions{Kind: book.YaneuraOu}}, in)
	start := "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"
	want := []PositionCounts{{Ply: 1, Moves: []BookMove{{Move: e.counts[start][0].Moves[0].Move, Count: 2, Losses: 1}}}}
	if len(e.counts) != 2 || !cmp.Equal(want, e.counts[start]) {
		t.Errorf("book counts %+v", e.counts)
	}
}

func TestFirstChunk(t *testing.T) {
	a := TrainingChunk{Path: "a", Place: Place{0, 3, 1, 9}}
	b := TrainingChunk{Path: "b", Place: Place{0, 3, 2, 0}}
	c := TrainingChunk{Path: "c", Place: Place{1, 0, 1, 0}}
	for _, order := range [][]TrainingChunk{{a, b, c}, {c, b, a}, {b, c, a}} {
		if got := firstChunk(firstChunk(order[0], order[1]), order[2]); got.Path != "a" {
			t.Errorf("%v: %s", order, got.Path)
		}
	}
}

// mergeCounts is a combine: any grouping and order of the same counts gives the same
// sum, the counts of each move added up and the smallest ply.
func TestMergeCountsProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 8).Draw(t, "n")
		var all []PositionCounts
		sums := map[uint32]BookMove{}
		minPly := 1 << 30
		for range n {
			pc := PositionCounts{Ply: rapid.IntRange(1, 50).Draw(t, "ply")}
			minPly = min(minPly, pc.Ply)
			for _, m := range rapid.SliceOfNDistinct(rapid.Uint32Range(1, 6), 1, 4, rapid.ID).Draw(t, "moves") {
				bm := BookMove{Move: m, Count: rapid.Uint64Range(0, 9).Draw(t, "count"), Wins: rapid.Uint64Range(0, 9).Draw(t, "wins")}
				pc.Moves = append(pc.Moves, bm)
				s := sums[m]
				s.Move, s.Count, s.Wins = m, s.Count+bm.Count, s.Wins+bm.Wins
				sums[m] = s
			}
			slices.SortFunc(pc.Moves, func(a, b BookMove) int { return int(a.Move) - int(b.Move) })
			all = append(all, pc)
		}
		want := PositionCounts{Ply: minPly}
		for _, m := range slices.Sorted(func(yield func(uint32) bool) {
			for m := range sums {
				if !yield(m) {
					return
				}
			}
		}) {
			want.Moves = append(want.Moves, sums[m])
		}
		order := rapid.Permutation(all).Draw(t, "order")
		left := order[0]
		for _, pc := range order[1:] {
			left = mergeCounts(left, pc)
		}
		right := order[len(order)-1]
		for i := len(order) - 2; i >= 0; i-- {
			right = mergeCounts(order[i], right)
		}
		if !cmp.Equal(want, left) || !cmp.Equal(want, right) {
			t.Fatalf("want %+v\nleft %+v\nright %+v", want, left, right)
		}
	})
}

// mergeDedup is a combine: whatever batches a bundle emits and whatever order the
// runner merges them in, once compacted the result holds one entry per position, the
// one met first.
func TestMergeDedupProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(t, "entries")
		first := map[uint64]Place{}
		var entries []DedupEntry
		for i := range n {
			h := rapid.Uint64Range(1, 12).Draw(t, "hash")
			p := Place{Record: i / 3, Move: i % 3}
			entries = append(entries, DedupEntry{Hash: h, Chunk: TrainingChunk{Place: p}})
			if old, ok := first[h]; !ok || comparePlaces(p, old) < 0 {
				first[h] = p
			}
		}
		got := mergeInBatches(t, entries, compactDedup, func(a, b []DedupEntry, sorted int) ([]DedupEntry, int) {
			m := mergeDedup(DedupBatch{a, sorted}, DedupBatch{b, len(b)})
			return m.Entries, m.Sorted
		})
		var want []DedupEntry
		for _, h := range slices.Sorted(maps.Keys(first)) {
			want = append(want, DedupEntry{Hash: h, Chunk: TrainingChunk{Place: first[h]}})
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("(-want +got)\n%s", diff)
		}
	})
}

// mergeBook adds up the counts of each position, whatever the batches and the order.
func TestMergeBookProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(t, "entries")
		want := map[string]uint64{}
		var entries []BookEntry
		for range n {
			key := rapid.SampledFrom([]string{"a", "b", "c", "d", "e"}).Draw(t, "key")
			c := rapid.Uint64Range(1, 9).Draw(t, "count")
			want[key] += c
			entries = append(entries, BookEntry{Key: key, Counts: PositionCounts{Ply: 1, Moves: []BookMove{{Move: 7, Count: c}}}})
		}
		merged := mergeInBatches(t, entries, compactBook, func(a, b []BookEntry, sorted int) ([]BookEntry, int) {
			m := mergeBook(BookBatch{a, sorted}, BookBatch{b, len(b)})
			return m.Entries, m.Sorted
		})
		got := map[string]uint64{}
		for i, e := range merged {
			if i > 0 && merged[i-1].Key >= e.Key {
				t.Fatalf("entries not sorted and unique: %+v", merged)
			}
			got[e.Key] = e.Counts.Moves[0].Count
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("(-want +got)\n%s", diff)
		}
	})
}

// mergeInBatches cuts entries, shuffled, into batches compacted as a bundle emits them,
// merges them in a random order on either side, and compacts the result.
func mergeInBatches[E any](t *rapid.T, entries []E, compact func([]E) []E, merge func(a, b []E, sorted int) ([]E, int)) []E {
	entries = rapid.Permutation(entries).Draw(t, "order")
	var batches [][]E
	for len(entries) > 0 {
		k := rapid.IntRange(1, len(entries)).Draw(t, "batch")
		batches = append(batches, compact(slices.Clone(entries[:k])))
		entries = entries[k:]
	}
	acc, sorted := batches[0], len(batches[0])
	for _, b := range batches[1:] {
		if rapid.Bool().Draw(t, "right") {
			acc, sorted = merge(b, acc, len(b))
		} else {
			acc, sorted = merge(acc, b, sorted)
		}
	}
	return compact(acc)
}
