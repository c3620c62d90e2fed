package tsume

import (
	"testing"
	"unsafe"

	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

func hand(pieces ...shogi.PieceType) shogi.Hand {
	var h shogi.Hand
	for _, t := range pieces {
		h = h.Add(t)
	}
	return h
}

// TestDomination checks the lookups by hand domination and the path-bound disproofs.
func TestDomination(t *testing.T) {
	tt := newTable(1 << 16)
	const key = 0x1234_5678_9abc_def0
	g, gs, s := hand(shogi.Gold), hand(shogi.Gold, shogi.Silver), hand(shogi.Silver)
	rest, restG := hand(shogi.Rook, shogi.Pawn), hand(shogi.Rook, shogi.Pawn, shogi.Gold)
	tt.store(key, g, restG, 0, 0, infinity, noRep, 10) // proven with a gold in hand
	tests := []struct {
		name     string
		atk, def shogi.Hand
		path     uint64
		pn, dn   uint32
		found    bool
	}{
		{"same hands", g, restG, 0, 0, infinity, true},
		{"more for the attacker, less for the defender", gs, rest, 0, 0, infinity, true},
		{"more for the attacker, same defender", gs, restG, 0, 0, infinity, true},
		{"less for the attacker", s, restG, 0, 0, 0, false},
		{"more for the defender", g, restG.Add(shogi.Knight), 0, 0, 0, false},
	}
	for _, c := range tests {
		pn, dn, _, ok := tt.lookup(key, c.atk, c.def, c.path)
		if ok != c.found || ok && (pn != c.pn || dn != c.dn) {
			t.Errorf("%s: got %d %d %v", c.name, pn, dn, ok)
		}
	}
	const key2 = 0x0fed_cba9_8765_4321
	tt.store(key2, gs, rest, 0, infinity, 0, noRep, 10) // disproven with gold and silver
	if _, dn, _, ok := tt.lookup(key2, g, restG, 0); !ok || dn != 0 {
		t.Error("a disproof does not hold for less in the attacker's hand")
	}
	if _, _, _, ok := tt.lookup(key2, gs.Add(shogi.Pawn), rest, 0); ok {
		t.Error("a disproof holds for more in the attacker's hand")
	}
	const key3, path = 0x1111_2222_3333_4444, 0x5555
	tt.store(key3, g, rest, path, infinity, 0, 3, 10) // disproven by a repetition on path
	if _, dn, rep, ok := tt.lookup(key3, g, rest, path); !ok || dn != 0 || rep != 3 {
		t.Error("a path-bound disproof is not found from its path")
	}
	if _, _, _, ok := tt.lookup(key3, g, rest, path+2); ok {
		t.Error("a path-bound disproof is found from another path")
	}
	if _, _, _, ok := tt.lookup(key3, s, rest, path); ok {
		t.Error("a path-bound disproof is shared by domination")
	}
}

// TestTableBound fills a small table far beyond its size: it keeps its size and keeps
// proofs over unresolved entries.
func TestTableBound(t *testing.T) {
	tt := newTable(4096)
	size := tt.Bytes()
	if size > 4096 || len(tt.buckets)*int(unsafe.Sizeof(bucket{})) != size {
		t.Fatalf("table of %d bytes", size)
	}
	state := uint64(1)
	var proven []uint64
	for i := range 100_000 {
		var k uint64
		state, k = splitmix(state)
		if i%1000 == 0 {
			tt.store(k, 0, 0, 0, 0, infinity, noRep, 1)
			proven = append(proven, k)
		} else {
			tt.store(k, 0, 0, 0, 5, 5, noRep, uint64(i%7))
		}
	}
	if tt.Bytes() != size {
		t.Fatalf("the table grew to %d bytes", tt.Bytes())
	}
	kept := 0
	for _, k := range proven {
		if pn, _, _, ok := tt.lookup(k, 0, 0, 0); ok && pn == 0 {
			kept++
		}
	}
	// Proofs outrank unresolved entries: a proof is lost only to a proof in a full bucket.
	if kept < min(len(proven), len(tt.buckets)*bucketSize)/2 {
		t.Errorf("kept %d proofs of %d", kept, len(proven))
	}
}

// TestIncludes checks the one-subtraction hand comparison against the count of every
// piece type, on hands a game allows and on larger ones.
func TestIncludes(t *testing.T) {
	draw := func(t *rapid.T, label string, most int) shogi.Hand {
		var h shogi.Hand
		for _, ty := range shogi.HandTypes {
			h = h.WithCount(ty, rapid.IntRange(0, min(most, shogi.MaxInHand[ty])+rapid.IntRange(0, 1).Draw(t, label+"x")*most).Draw(t, label))
		}
		return h
	}
	rapid.Check(t, func(t *rapid.T) {
		most := rapid.IntRange(1, 18).Draw(t, "most")
		a, b := draw(t, "a", most), draw(t, "b", most)
		want := true
		for _, ty := range shogi.HandTypes {
			want = want && a.Count(ty) >= b.Count(ty)
		}
		if got := includes(a, b); got != want {
			t.Fatalf("includes(%v, %v) = %v, want %v", a, b, got, want)
		}
	})
}

// TestTableFillsBudget checks that the table takes its whole budget, to within one
// bucket, whatever the budget (no rounding to a power of two), and that keys spread over
// all of its buckets.
func TestTableFillsBudget(t *testing.T) {
	size := int(unsafe.Sizeof(bucket{}))
	for _, bytes := range []int{size, 3 * size, 4096, 100_000, 47 << 20} {
		tt := newTable(bytes)
		if got := tt.Bytes(); got > bytes || got <= bytes-size {
			t.Errorf("budget %d: table of %d bytes", bytes, got)
		}
	}
	tt := newTable(37 * size)
	seen := map[*bucket]bool{}
	state := uint64(7)
	for range 10_000 {
		var k uint64
		state, k = splitmix(state)
		seen[tt.bucket(k)] = true
	}
	if len(seen) != len(tt.buckets) {
		t.Errorf("keys reached %d of %d buckets", len(seen), len(tt.buckets))
	}
}

// TestStoreNewIsStore: after a probe that finds nothing, storeNew leaves the bucket as
// store does, whatever the bucket held: entries of the same board with other hands
// (unresolved, proven, disproven, bounded, path-bound), of other boards, empty slots.
func TestStoreNewIsStore(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := newTable(int(unsafe.Sizeof(bucket{}))), newTable(int(unsafe.Sizeof(bucket{})))
		const key = 0x1234_5678_9abc_def0
		hands := []shogi.Hand{0, hand(shogi.Gold), hand(shogi.Silver), hand(shogi.Gold, shogi.Silver), hand(shogi.Pawn)}
		drawHand := rapid.SampledFrom(hands)
		for i := range bucketSize {
			if rapid.Bool().Draw(t, "empty") {
				continue
			}
			k := uint64(key)
			if rapid.Bool().Draw(t, "other board") {
				k = 0x0fed_cba9_8765_4321 + uint64(i)
			}
			e := entry{
				atk: drawHand.Draw(t, "atk"), def: drawHand.Draw(t, "def"),
				pn:     rapid.SampledFrom([]uint32{0, 1, 5, infinity}).Draw(t, "pn"),
				dn:     rapid.SampledFrom([]uint32{0, 1, 7, infinity}).Draw(t, "dn"),
				effort: rapid.Uint32Range(0, 100).Draw(t, "effort"),
				path:   rapid.SampledFrom([]uint64{0, 0x55}).Draw(t, "path"),
				plies:  rapid.SampledFrom([]uint16{0, 0, 3}).Draw(t, "plies"),
				repDep: noRep,
			}
			a.buckets[0].keys[i], a.buckets[0].e[i] = k, e
		}
		b.buckets[0] = a.buckets[0]
		atk, def := drawHand.Draw(t, "new atk"), drawHand.Draw(t, "new def")
		if _, _, _, _, _, ok := a.probe(key, atk, def, 0); ok {
			t.Skip("the probe finds the position")
		}
		pn, dn := rapid.Uint32Range(1, 20).Draw(t, "new pn"), rapid.Uint32Range(1, 2).Draw(t, "new dn")
		a.store(key, atk, def, 0, pn, dn, noRep, 0)
		b.storeNew(key, atk, def, pn, dn)
		if a.buckets[0] != b.buckets[0] {
			t.Fatalf("store left\n%+v\nstoreNew left\n%+v", a.buckets[0], b.buckets[0])
		}
	})
}

// TestBstoreCovers follows the bounded entries of one board through stores: a final
// result clears those it answers and is not stored when one answers it, and a store
// takes the slot of an unbounded proof that another covers before a final entry.
func TestBstoreCovers(t *testing.T) {
	tt := newTable(int(unsafe.Sizeof(bucket{})))
	const key = 0x1234_5678_9abc_def0
	p, pp := hand(shogi.Pawn), hand(shogi.Pawn, shogi.Pawn)
	rest := hand(shogi.Rook, shogi.Gold)
	count := func() int {
		n := 0
		for _, k := range tt.buckets[0].keys {
			if k == key {
				n++
			}
		}
		return n
	}
	tt.bstore(key, p, rest, 4, infinity, 0, 0, 1)                 // no mate within 4 plies
	tt.bstore(key, p, rest, 6, 3, 2, 0, 5)                        // unresolved at 6
	tt.bstore(key, 0, rest.Add(shogi.Pawn), 8, infinity, 0, 0, 9) // less for the attacker, at 8
	if n := count(); n != 3 {
		t.Fatalf("%d entries, want 3 (a disproof with less in the attacker's hand answers neither)", n)
	}
	tt.bstore(key, pp, rest, 8, infinity, 0, 0, 9) // more for the attacker, at 8: answers all three
	if n := count(); n != 1 {
		t.Fatalf("%d entries after the covering disproof, want 1", n)
	}
	for _, r := range []int{2, 4, 6, 8} {
		if _, dn, _, ok := tt.blookup(key, p, rest, r); !ok || dn != 0 {
			t.Errorf("bound %d: no disproof", r)
		}
	}
	tt.bstore(key, p, rest, 6, infinity, 0, 0, 1) // answered: not stored
	if n := count(); n != 1 {
		t.Fatalf("%d entries after an answered disproof, want 1", n)
	}
	// Proofs: one of length 9 and an unresolved bound 11, answered by a proof of length 9
	// with less in the attacker's hand; an unresolved bound 7 stays.
	tt.clear()
	tt.bstore(key, pp, rest, 11, 0, infinity, 9, 50)
	tt.bstore(key, pp, rest, 13, 4, 1, 0, 60)
	tt.bstore(key, pp, rest, 7, 4, 1, 0, 30)
	tt.bstore(key, p, rest, 9, 0, infinity, 9, 40)
	if n := count(); n != 2 {
		t.Fatalf("%d entries after the covering proof, want 2", n)
	}
	if pn, _, length, ok := tt.blookup(key, pp, rest, 13); !ok || pn != 0 || length != 9 {
		t.Errorf("the proof of length 9 does not answer bound 13 (%d %d %v)", pn, length, ok)
	}
	if pn, dn, _, ok := tt.blookup(key, pp, rest, 7); !ok || pn != 4 || dn != 1 {
		t.Errorf("the unresolved bound 7 is lost (%d %d %v)", pn, dn, ok)
	}
	// Three unbounded proofs, the one with the most pawns for the defender covering the
	// others, and a bounded disproof: a new bound takes a covered proof's slot.
	tt.clear()
	for i, def := range []shogi.Hand{rest.Add(shogi.Pawn), rest, rest.Add(shogi.Pawn).Add(shogi.Pawn)} {
		tt.store(key, p, def, 0, 0, infinity, noRep, uint64(1000*(i+1)))
	}
	tt.bstore(key, p, rest, 4, infinity, 0, 0, 1)
	tt.bstore(key, p, rest, 8, 5, 1, 0, 3)
	if _, dn, _, ok := tt.blookup(key, p, rest, 4); !ok || dn != 0 {
		t.Error("the bounded disproof was evicted before a covered unbounded proof")
	}
	if pn, dn, _, ok := tt.blookup(key, p, rest, 8); !ok || pn != 5 || dn != 1 {
		t.Error("the unresolved bound 8 was not stored")
	}
	if pn, _, _, ok := tt.lookup(key, p, rest.Add(shogi.Pawn).Add(shogi.Pawn), 0); !ok || pn != 0 {
		t.Error("the covering unbounded proof was evicted")
	}
}

// TestBstoreKeepsAnswers checks on random buckets of one board, with an empty slot (no
// entry need be given up but a redundant proof), that a bounded store loses no final
// answer of blookup: what it clears, the new result answers, and a proof it gives up, an
// unbounded proof of known length covers; blookup answers the shortest proof it holds.
func TestBstoreKeepsAnswers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tt := newTable(int(unsafe.Sizeof(bucket{})))
		const key = 0x1234_5678_9abc_def0
		hands := []shogi.Hand{0, hand(shogi.Gold), hand(shogi.Silver), hand(shogi.Gold, shogi.Silver)}
		drawHand := rapid.SampledFrom(hands)
		b := &tt.buckets[0]
		for i := range bucketSize - 1 {
			if rapid.Bool().Draw(t, "empty") {
				continue
			}
			e := entry{atk: drawHand.Draw(t, "atk"), def: drawHand.Draw(t, "def"), repDep: noRep,
				plies: uint16(rapid.IntRange(0, 9).Draw(t, "plies")), effort: rapid.Uint32Range(1, 100).Draw(t, "effort")}
			switch rapid.IntRange(0, 2).Draw(t, "kind") {
			case 0:
				e.pn, e.dn = 0, infinity
				if e.plies == 0 {
					e.repDep = uint16(rapid.IntRange(0, 9).Draw(t, "code"))
				}
			case 1:
				e.pn, e.dn = infinity, 0
			default:
				e.pn, e.dn = rapid.Uint32Range(1, 9).Draw(t, "pn"), rapid.Uint32Range(1, 9).Draw(t, "dn")
				if e.plies == 0 {
					e.plies = 1
				}
			}
			b.keys[i], b.e[i] = key, e
		}
		type query struct {
			atk, def shogi.Hand
			r        int
		}
		var queries []query
		for _, a := range hands {
			for _, d := range hands {
				for r := range 9 {
					queries = append(queries, query{a, d, r})
				}
			}
		}
		type answer struct {
			pn, dn uint32
			length int
		}
		before := map[query]answer{}
		for _, q := range queries {
			if pn, dn, length, ok := tt.blookup(key, q.atk, q.def, q.r); ok && (pn == 0 || dn == 0) {
				before[q] = answer{pn, dn, length}
			}
		}
		atk, def, r := drawHand.Draw(t, "new atk"), drawHand.Draw(t, "new def"), rapid.IntRange(0, 8).Draw(t, "new r")
		var pn, dn uint32
		length := 0
		switch rapid.IntRange(0, 2).Draw(t, "new kind") {
		case 0:
			pn, dn, length = 0, infinity, rapid.IntRange(0, r).Draw(t, "length")
		case 1:
			pn, dn = infinity, 0
		default:
			pn, dn = rapid.Uint32Range(1, 9).Draw(t, "new pn"), rapid.Uint32Range(1, 9).Draw(t, "new dn")
		}
		// Results that contradict the bucket's cannot arise from a search.
		for _, q := range queries {
			if a, ok := before[q]; ok && (pn == 0 && a.dn == 0 && q.r >= length && includes(q.atk, atk) && includes(def, q.def) ||
				dn == 0 && a.pn == 0 && q.r <= r && includes(atk, q.atk) && includes(q.def, def)) {
				t.Skip("a contradiction")
			}
		}
		tt.bstore(key, atk, def, r, pn, dn, length, 1)
		for q, a := range before {
			pn2, dn2, length2, ok := tt.blookup(key, q.atk, q.def, q.r)
			if ok && (a.pn == 0) == (pn2 == 0) && (a.dn == 0) == (dn2 == 0) && (pn2 != 0 || length2 <= a.length) {
				continue
			}
			// A proof given up for an unbounded one of the board that covers it, whose
			// length is known but may be longer, is the trade bstore makes on purpose.
			covered := false
			for i := range b.keys {
				f := &b.e[i]
				covered = covered || a.pn == 0 && b.keys[i] == key && f.pn == 0 && f.plies == 0 && f.repDep != 0 && f.repDep <= maxProofCode &&
					includes(q.atk, f.atk) && includes(f.def, q.def)
			}
			if !covered {
				t.Fatalf("%+v: answered %+v before the store, %d %d %d %v after", q, a, pn2, dn2, length2, ok)
			}
		}
		if pn == 0 || dn == 0 {
			if pn2, dn2, _, ok := tt.blookup(key, atk, def, r); !ok || (pn == 0) != (pn2 == 0) || (dn == 0) != (dn2 == 0) {
				t.Fatalf("the result stored is not answered: %d %d %v", pn2, dn2, ok)
			}
		}
	})
}

// TestBstoreLeftAnswersTruth stores into one board's bucket the results of the question
// of the pieces left (leftover.go) that a position whose answers are known would give
// (a mate within r plies leaving at most L exactly when r reaches a threshold, which
// more pieces for the attacker lower and more for the defender raise, and L one of its
// own), the bound and L drawn at random, and checks that every final answer of
// blookupLeft is true: a proof answers no smaller L, a disproof no larger one.
func TestBstoreLeftAnswersTruth(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tt := newTable(int(unsafe.Sizeof(bucket{})))
		const key = 0x1234_5678_9abc_def0
		hands := []shogi.Hand{0, hand(shogi.Gold), hand(shogi.Silver), hand(shogi.Gold, shogi.Silver)}
		drawHand := rapid.SampledFrom(hands)
		r0, l0 := rapid.IntRange(0, 8).Draw(t, "r0"), rapid.IntRange(-1, 3).Draw(t, "l0")
		threshold := func(atk, def shogi.Hand) int { return r0 + 2*(def.Total()-atk.Total()) }
		mate := func(atk, def shogi.Hand, r, left int) bool { return r >= threshold(atk, def) && left >= l0 }
		for range rapid.IntRange(1, 12).Draw(t, "stores") {
			atk, def := drawHand.Draw(t, "atk"), drawHand.Draw(t, "def")
			r, left := rapid.IntRange(0, 10).Draw(t, "r"), rapid.IntRange(-1, 3).Draw(t, "left")
			pn, dn, length := uint32(infinity), uint32(0), 0
			switch {
			case rapid.Bool().Draw(t, "unresolved"):
				pn, dn = rapid.Uint32Range(1, 9).Draw(t, "pn"), rapid.Uint32Range(1, 9).Draw(t, "dn")
			case mate(atk, def, r, left):
				pn, dn, length = 0, infinity, rapid.IntRange(max(threshold(atk, def), 0), r).Draw(t, "length")
			}
			tt.bstoreLeft(key, atk, def, r, pn, dn, length, 1, leftCode(left))
			if pn == 0 || dn == 0 {
				if pn2, dn2, _, ok := tt.blookupLeft(key, atk, def, r, leftCode(left)); !ok || (pn == 0) != (pn2 == 0) || (dn == 0) != (dn2 == 0) {
					t.Fatalf("the result stored is not answered: %d %d %v", pn2, dn2, ok)
				}
			}
			for _, a := range hands {
				for _, d := range hands {
					for q := range 11 {
						for l := -1; l <= 3; l++ {
							pn, dn, length, ok := tt.blookupLeft(key, a, d, q, leftCode(l))
							switch {
							case !ok || pn != 0 && dn != 0:
							case pn == 0 && (!mate(a, d, q, l) || length > q || length < threshold(a, d)):
								t.Fatalf("bound %d, left %d, hands %v %v: a proof of length %d, wrongly", q, l, a, d, length)
							case dn == 0 && mate(a, d, q, l):
								t.Fatalf("bound %d, left %d, hands %v %v: a disproof, wrongly", q, l, a, d)
							}
						}
					}
				}
			}
		}
	})
}
