package tsume

// The transposition table: a fixed array of four-entry buckets allocated once, from the
// caller's memory budget, and never grown.
//
// An entry holds a board (the key hashes the board and the side to move, not the hands),
// both hands, and the proof and disproof numbers found for that position. Proofs and
// disproofs are looked up with hand domination: a position is proven when an entry of
// the same board was proven with an attacker's hand that the position's hand includes
// and a defender's hand that includes the position's; disproven in the converse case.
//
// Disproofs that hold only because a position repeated one on the current path (see
// search.go) carry the key of that path and are found only from the same path.
//
// Replacement: a store updates the entry of the same position (same board, same hands,
// same path key); otherwise it takes an empty slot of the bucket, and otherwise it
// replaces the entry of the bucket that cost the least search (its effort, the nodes
// spent below it), where proofs and disproofs valid from any path count as worth more
// than any unresolved entry. The table never holds more than its entries: memory is fixed at creation.
//
// A final entry that another final entry of its board covers (a proof by one whose
// attacker holds no more and defender no less; a disproof, of any path, by one valid
// from any path whose attacker holds no less and defender no more) answers no probe
// the other does not. Such entries are common here: on 将棋図巧 第1番 (AnyMate, 64 MiB)
// 6.8 % of the proofs stored cover an older proof of their board, and 164 K of the
// slots storeNew took from a full bucket left a covered entry in it (ambergris: 12.6 %
// of its disproofs cover an older one, 385 K slots). Measured and not kept (AnyMate,
// the collection at 5 M nodes, every problem's nodes at 32 / 64 / 128 MiB: 67.00 /
// 59.94 / 61.51 M before; the seven hard problems at 30 M nodes, an unknown counted
// 30 M, summed over the three sizes: 147.1 M before):
//   - such an entry worth its work alone, as an unresolved one: the collection 66.30 /
//     58.52 / 58.92 M (one more answered at 32 MiB), the hard problems 144.6 M
//     (ambergris unknown at 64 MiB, 10.94 M before); but in the tsume line's df-pn,
//     dlshogi-1451 2.02 → 8.72 M nodes (unknown within 3 s in the full collection);
//   - worth 0 (taken first, as bstore takes covered proofs): the collection 64.00 /
//     60.66 / 62.47 M (one fewer answered at 128 MiB), the hard problems 127.4 M;
//   - a final result clearing the final entries of its board it covers (proofs whose
//     length code is no shorter and whose check it records too): the hard problems
//     165.4 M, ambergris unknown at 128 MiB.

import (
	"math/bits"
	"unsafe"

	"github.com/kifu-go/shogi"
)

const (
	infinity   = uint32(1) << 30 // a proof or disproof number that cannot be reached
	bucketSize = 4
	noRep      = ^uint16(0) // a disproof that does not depend on the path
)

// entry is a slot of a bucket; its key (board and side to move, 0 for an empty slot)
// is kept apart, with the bucket's other keys, so that a lookup reads the four keys
// from one cache line and only the entries whose key matches.
type entry struct {
	// path is 0, or the path key of a disproof by repetition; in a proof of the
	// unbounded search at an OR node, the check proven (the oracle of simulation,
	// sim.go).
	path   uint64
	atk    shogi.Hand
	def    shogi.Hand
	pn, dn uint32
	effort uint32
	// repDep is, for a path-dependent disproof, the shallowest path index it relies
	// on; for a proof of the unbounded search, its length code (see proofCode); for an
	// entry of the depth-bounded search, the code of its question of the pieces left
	// (leftCode, leftover.go), noRep for the plain question.
	repDep uint16
	// plies is 0 for an entry of the unbounded search. For one of the depth-bounded
	// search (bounded.go) it is 1 + the plies of the result: the length proven for a
	// proof, the bound searched for a disproof or unresolved numbers.
	plies uint16
}

// has compares the keys of a bucket one by one: bucketSize must stay 4.
var (
	_ [bucketSize - 4]struct{}
	_ [4 - bucketSize]struct{}
)

type bucket struct {
	keys [bucketSize]uint64
	e    [bucketSize]entry
}

// worth is what keeping the entry of slot i is worth when a store must replace one:
// the work it cost, and more for a final result. A disproof by repetition, which only
// its own path reads, is worth its work alone: there are many (a million in 馬鋸's
// search, one for each path that met a repetition) and few are read again.
func (b *bucket) worth(i int) uint64 {
	e := &b.e[i]
	w := uint64(e.effort)
	if e.pn == 0 || e.dn == 0 && e.path == 0 {
		w += 1 << 32
	}
	return w
}

// has reports whether an entry of the bucket has the key (bucketSize is 4).
func (b *bucket) has(key uint64) bool {
	return b.keys[0] == key || b.keys[1] == key || b.keys[2] == key || b.keys[3] == key
}

// matches returns the slots of the bucket whose key is key, one bit each (bit i: slot
// i), so that a lookup visits only those, in the order of the slots.
func (b *bucket) matches(key uint64) uint {
	var m uint
	if b.keys[0] == key {
		m |= 1
	}
	if b.keys[1] == key {
		m |= 2
	}
	if b.keys[2] == key {
		m |= 4
	}
	if b.keys[3] == key {
		m |= 8
	}
	return m
}

// full returns the share of the table's first thousand entries (all, in a smaller
// table) that hold a position, in thousandths: USI's hashfull, sampled as engines do.
func (t *table) full() int {
	n := min(len(t.buckets), 1000/bucketSize)
	used := 0
	for i := range t.buckets[:n] {
		for _, k := range t.buckets[i].keys {
			if k != 0 {
				used++
			}
		}
	}
	return used * 1000 / (n * bucketSize)
}

// EntryBytes is the size of one entry of the transposition table, its key included:
// 40 bytes, so that a table of Options.HashBytes holds up to HashBytes/40 entries
// (TestEntryBytesDoc holds this comment to the constant).
const EntryBytes = int(unsafe.Sizeof(bucket{})) / bucketSize

type table struct {
	buckets []bucket
	n       uint64 // len(buckets)
	// stored holds the buckets of the first storedMax stores since the table was last
	// cleared, and nStored counts the stores, up to one more: a search that stored
	// little is cleared bucket by bucket, not the whole table (2 ms at 256 MiB, where
	// 405 of the collection's 529 problems take fewer than 2 000 nodes).
	stored  [storedMax]uint32
	nStored int
}

// storedMax is the length of table.stored: 64 KiB besides the budget, whose clearing
// bucket by bucket costs less than clearing the whole of a large table.
const storedMax = 1 << 14

// newTable returns a table of at most bytes bytes (at least one bucket). The number of
// buckets is not rounded to a power of two: a key's bucket is the high word of the key
// times that number, so that the whole budget is used (a power of two left up to half
// of it idle: 40 MiB of the 47 MiB a 64 MiB solver gives its table).
func newTable(bytes int) *table {
	n := max(1, bytes/int(unsafe.Sizeof(bucket{})))
	buckets := make([]bucket, n)
	adviseHugePages(unsafe.Pointer(&buckets[0]), n*int(unsafe.Sizeof(bucket{})))
	return &table{buckets: buckets, n: uint64(n)}
}

// Bytes returns the memory the table's entries occupy.
func (t *table) Bytes() int { return len(t.buckets) * int(unsafe.Sizeof(bucket{})) }

// clear empties the table: the buckets stored into since the last clear, or all of them.
func (t *table) clear() {
	if t.nStored <= len(t.stored) && t.n <= 1<<32 {
		for _, i := range t.stored[:t.nStored] {
			t.buckets[i] = bucket{}
		}
	} else {
		clear(t.buckets)
	}
	t.nStored = 0
}

// noteStore records the bucket of key, into which a store is about to write (see
// clear); every store calls it first. Once the stores outnumber table.stored, it only
// compares.
func (t *table) noteStore(key uint64) {
	if t.nStored <= len(t.stored) {
		if t.nStored < len(t.stored) {
			i, _ := bits.Mul64(key, t.n)
			t.stored[t.nStored] = uint32(i)
		}
		t.nStored++
	}
}

func (t *table) bucket(key uint64) *bucket {
	i, _ := bits.Mul64(key, t.n)
	return &t.buckets[i]
}

// handGuards has the top bit of each piece type's count in a shogi.Hand (pawns in bits
// 0-5, then four bits a type); with the counts a game allows, those bits are clear.
const handGuards = 1<<5 | 1<<9 | 1<<13 | 1<<17 | 1<<21 | 1<<25 | 1<<29

// includes reports whether hand a holds at least as many pieces of every type as b.
func includes(a, b shogi.Hand) bool {
	if (a|b)&handGuards == 0 {
		// Subtract all counts at once: a count of a, its guard bit set, minus the
		// count of b keeps the guard bit exactly when it is no smaller, and never
		// borrows from the next count.
		return ((uint32(a)|handGuards)-uint32(b))&handGuards == handGuards
	}
	return includesCounts(a, b)
}

// includesCounts is includes, count by count (for hands whose counts may reach a
// guard bit); apart so that includes is inlined.
func includesCounts(a, b shogi.Hand) bool {
	for _, t := range shogi.HandTypes {
		if a.Count(t) < b.Count(t) {
			return false
		}
	}
	return true
}

// lookup returns what the table knows of a position: its proof and disproof numbers,
// the path dependency of a disproof or the length code of a proof (proofCode), and
// whether anything was found. The numbers of
// an unresolved position are raised to those of the unresolved entries of the same
// board that it dominates or is dominated by: a position is at least as hard to prove
// as one whose attacker holds more (and defender less), and to disprove as one whose
// attacker holds less. When nothing is found, pn and dn are those floors (0 when there
// are none).
func (t *table) lookup(key uint64, atk, def shogi.Hand, path uint64) (pn, dn uint32, repDep uint16, ok bool) {
	pn, dn, repDep, _, _, ok = t.probe(key, atk, def, path)
	return pn, dn, repDep, ok
}

// probe is lookup, returning as well the range of hands of a proof or disproof found
// (pieces.go): the entry's hands.
func (t *table) probe(key uint64, atk, def shogi.Hand, path uint64) (pn, dn uint32, repDep uint16, ra, rd shogi.Hand, ok bool) {
	b := t.bucket(key)
	if !b.has(key) {
		return 0, 0, noRep, atk, def, false // most lookups: the common case, decided at once
	}
	return b.probe(key, atk, def, path)
}

// probe is table.probe in a bucket that has an entry of the key (b.has(key)).
func (b *bucket) probe(key uint64, atk, def shogi.Hand, path uint64) (pn, dn uint32, repDep uint16, ra, rd shogi.Hand, ok bool) {
	var floorPn, floorDn uint32
	for m := b.matches(key); m != 0; m &= m - 1 {
		e := &b.e[bits.TrailingZeros(m)&(bucketSize-1)]
		switch {
		case e.pn == 0:
			if includes(atk, e.atk) && includes(e.def, def) {
				code := e.repDep
				if e.plies != 0 || code > maxProofCode {
					code = 0 // a bounded proof's length may leave futile drops out
				}
				return 0, infinity, code, e.atk, e.def, true
			}
		case e.dn == 0:
			if e.plies != 0 {
				continue // no mate within a bound says nothing of longer mates
			}
			if e.path == 0 {
				if includes(e.atk, atk) && includes(def, e.def) {
					return infinity, 0, noRep, e.atk, e.def, true
				}
			} else if e.path == path && e.atk == atk && e.def == def {
				return infinity, 0, e.repDep, atk, def, true
			}
		case e.path != 0 || e.plies != 0:
		case e.atk == atk && e.def == def:
			pn, dn, ok = e.pn, e.dn, true
		case includes(e.atk, atk) && includes(def, e.def):
			floorPn = max(floorPn, e.pn)
		case includes(atk, e.atk) && includes(e.def, def):
			floorDn = max(floorDn, e.dn)
		}
	}
	return max(pn, floorPn), max(dn, floorDn), noRep, atk, def, ok
}

// store records the numbers of a position. path is 0 unless the result is a disproof
// that depends on the path (repDep < noRep); for a proof, repDep is its length code.
func (t *table) store(key uint64, atk, def shogi.Hand, path uint64, pn, dn uint32, repDep uint16, effort uint64) {
	t.storeRange(key, atk, def, atk, def, path, pn, dn, repDep, effort, shogi.NoMove)
}

// storeRange is store for a result that holds for the range of hands (ra, rd) of
// pieces.go, which includes the position's: a proof or a disproof valid from any path.
// It replaces the position's unresolved entry and the other unresolved ones its range
// covers.
func (t *table) storeRange(key uint64, atk, def, ra, rd shogi.Hand, path uint64, pn, dn uint32, repDep uint16, effort uint64, move shogi.Move) {
	if effort > uint64(^uint32(0)) {
		effort = uint64(^uint32(0))
	}
	if repDep == noRep || pn == 0 {
		path = 0
	}
	final := pn == 0 || dn == 0 && path == 0
	if !final {
		ra, rd = atk, def
	}
	t.noteStore(key)
	b := t.bucket(key)
	victim, covered := -1, 0
	if b.has(key) { // else no entry of the position's board
		for m := b.matches(key); m != 0; m &= m - 1 {
			i := bits.TrailingZeros(m) & (bucketSize - 1)
			e := &b.e[i]
			if e.plies != 0 {
				continue
			}
			switch {
			case e.pn == 0:
				if includes(atk, e.atk) && includes(e.def, def) {
					return // a proof stays, and holds for the position
				}
			case e.dn == 0 && e.path == 0:
				if includes(e.atk, atk) && includes(def, e.def) {
					return // so does a disproof
				}
			case e.atk == atk && e.def == def && e.path == path:
				victim = i
			case final && e.path == 0 && e.dn != 0 && (pn == 0 && includes(e.atk, ra) && includes(rd, e.def) ||
				dn == 0 && includes(ra, e.atk) && includes(e.def, rd)):
				covered |= 1 << i // an unresolved entry the result covers
			}
		}
	}
	if victim < 0 && covered != 0 {
		victim = bits.TrailingZeros(uint(covered))
	}
	for i := 0; covered != 0 && i < bucketSize; i++ {
		if covered&(1<<i) != 0 && i != victim {
			b.keys[i], b.e[i] = 0, entry{}
		}
	}
	if victim < 0 {
		worst := uint64(1) << 40
		for i := range b.keys {
			if b.keys[i] == 0 {
				victim = i // an empty slot
				break
			}
			if w := b.worth(i); w < worst {
				victim, worst = i, w
			}
		}
	}
	if pn == 0 {
		path = uint64(move)
	}
	b.keys[victim] = key
	e := &b.e[victim&(bucketSize-1)] // field by field: cheaper than a composite literal
	e.path, e.atk, e.def, e.pn, e.dn, e.effort, e.repDep, e.plies = path, ra, rd, pn, dn, uint32(effort), repDep, 0
}

// storeNew records the unresolved numbers of a position for which a probe of the
// table, with nothing stored since, found nothing (ok false): no entry of the bucket
// is the position's or covers it, so the store only chooses its slot, as store would
// (an empty one, or the one least worth keeping).
func (t *table) storeNew(key uint64, atk, def shogi.Hand, pn, dn uint32) {
	t.noteStore(key)
	b := t.bucket(key)
	victim, worst := 0, uint64(1)<<40
	for i := range b.keys {
		if b.keys[i] == 0 {
			victim = i
			break
		}
		if w := b.worth(i); w < worst {
			victim, worst = i, w
		}
	}
	b.keys[victim] = key
	e := &b.e[victim&(bucketSize-1)]
	e.path, e.atk, e.def, e.pn, e.dn, e.effort, e.repDep, e.plies = 0, atk, def, pn, dn, 0, noRep, 0
}

// proofMove returns the check of a proof of the unbounded search that holds for a
// position, if the table has one that recorded it.
func (t *table) proofMove(key uint64, atk, def shogi.Hand) (shogi.Move, bool) {
	b := t.bucket(key)
	for i := range b.keys {
		if e := &b.e[i]; b.keys[i] == key && e.pn == 0 && e.plies == 0 && e.path != 0 && includes(atk, e.atk) && includes(e.def, def) {
			return shogi.Move(e.path), true
		}
	}
	return shogi.NoMove, false
}

// proofCode returns the least length code (prooflen.go) of the proofs of the unbounded
// search that hold for a position; 0 when none is known.
func (t *table) proofCode(key uint64, atk, def shogi.Hand) uint16 {
	b := t.bucket(key)
	least := uint16(0)
	for i := range b.keys {
		e := &b.e[i]
		if b.keys[i] == key && e.pn == 0 && e.plies == 0 && e.repDep != 0 && e.repDep <= maxProofCode &&
			includes(atk, e.atk) && includes(e.def, def) && (least == 0 || e.repDep < least) {
			least = e.repDep
		}
	}
	return least
}

// proofLength returns the length of the df-pn's proof of a position (board key, hands)
// when the table knows it (prooflen.go): an upper bound of its tsume length under every
// convention; -1 when unknown.
func (t *table) proofLength(key uint64, atk, def shogi.Hand) int {
	return int(t.proofCode(key, atk, def)) - 1
}
