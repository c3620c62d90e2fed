package tsume

import (
	"testing"

	"github.com/kifu-go/shogi"
)

// TestTieBreakStaleDisproof: the bounded df-pn's table may hold a disproof that the
// proofs the 駒余り tie-break reads contradict (it rested on a futility test at a leaf
// that ran out of its nodes, found futile since). Here one is planted: after the first
// check of a mate in n, a reply after which the attacker mates in one is recorded as
// having no mate within n-4 plies, so that the tie-break takes it for a move of the
// lines of n plies and finds below it a defender's node mated sooner. The tie-break passes
// it over and finishes with the line it finds without the planted disproof.
func TestTieBreakStaleDisproof(t *testing.T) {
	planted := 0
	for _, sfen := range []string{
		"9/9/5k3/9/4G4/4P4/9/9/9 b 3G2r2b4s4n4l17p 1",
		"6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1",
		"7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1",
		"7nl/5+R1gk/6Ppp/9/9/9/9/9/9 b Gr2b2g4s3n3l15p 1",
		"4R2nl/6sk1/6pp1/8p/9/9/9/9/9 b BGLrb3g3s3n2l15p 1",
		"+R4G1nl/6k2/4ppppp/9/9/9/9/9/9 b r2b3g4s3n3l13p 1",
		"3nknB2/2G2g1G1/3p1ps2/7N1/9/9/9/9/9 b L2rbg3sn3l16p 1",
		"ln7/1k7/1pp1S4/p8/9/9/9/9/9 b RBGNrb3g3s2n3l15p 1",
		"l8/1ks+P5/1ppp5/p8/9/2P6/9/9/9 b G2SN2r2b3gs3n3l12p 1",
	} {
		p, err := shogi.ParseSFENUnreachable(sfen)
		if err != nil {
			t.Fatal(err)
		}
		l, key := provenLiner(p, FutileDrops, 1_000_000)
		if l == nil {
			t.Fatalf("%s: no mate proven", sfen)
		}
		n, exact := l.shortest(key, -1)
		want := l.leftoverLine(key, n)
		if !exact || n < 5 || len(want) != n {
			t.Fatalf("%s: length %d (exact %v), line %v; want a line of that length", sfen, n, exact, want)
		}
		// A fresh search, and a reply to the line's first check that is mated in one.
		l, key = provenLiner(p, FutileDrops, 1_000_000)
		l.shortest(key, -1)
		pos := l.pos
		atk, def := pos.Hand(l.attacker), pos.Hand(l.attacker.Opponent())
		k, a, d := after(pos, l.attacker, key, atk, def, want[0])
		pos.PlayUnchecked(want[0])
		var replies shogi.MoveList
		generateEvasions(pos, &replies)
		stale := shogi.NoMove
		for _, m := range replies.Moves() {
			if m == want[1] || l.futileReply(m) {
				continue
			}
			pos.PlayUnchecked(m)
			mated := pos.MateInOne() != shogi.NoMove
			pos.Undo()
			if mated {
				stale = m
				break
			}
		}
		if stale == shogi.NoMove {
			pos.Undo()
			continue
		}
		sk, sa, sd := after(pos, l.attacker, k, a, d, stale)
		pos.Undo()
		b := l.s.tt.bucket(sk) // what the table knows of the position is forgotten
		for i := range b.keys {
			if b.keys[i] == sk {
				b.keys[i] = 0
			}
		}
		l.s.tt.bstore(sk, sa, sd, n-4, infinity, 0, 0, 1) // "no mate within n-4 plies"
		planted++
		got := l.leftoverLine(key, n)
		if got == nil {
			t.Fatalf("%s: with a stale disproof after %v %v, the tie-break did not finish; want %v", sfen, want[0], stale, want)
		}
		if len(got) != n || got[1] == stale {
			t.Fatalf("%s: with a stale disproof after %v %v, the line %v; want one of %d plies like %v", sfen, want[0], stale, got, n, want)
		}
	}
	if planted == 0 {
		t.Fatal("no problem with a reply mated in one to plant a stale disproof after")
	}
	t.Logf("%d stale disproofs planted", planted)
}
