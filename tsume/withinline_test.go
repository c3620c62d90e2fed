package tsume_test

import (
	"context"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
	"pgregory.net/rapid"
)

// checkWithin checks a LineProof result against its MaxLength: the line keeps to it,
// replays as a mate (futile interpositions left at its end when the convention does
// not count them), and Left is the attacker's hand where it ends.
func checkWithin(t fataler, p *shogi.Position, r tsume.Result, futile tsume.Futile) {
	if r.MaxLength > 0 && r.Length() > r.MaxLength {
		t.Fatalf("%v: a line of %d plies (%v) next to a mate proven within %d", p, r.Length(), r.Line, r.MaxLength)
	}
	checkTsumeLine(t, p, r.Moves, futile != tsume.FutileNone)
	q := p.Clone()
	for _, m := range r.Moves {
		q.PlayUnchecked(m)
	}
	if left := q.Hand(p.SideToMove()); left != r.Left {
		t.Fatalf("%v: Left %v, the hand after the line %v", p, r.Left, left)
	}
}

// TestProofLineWithinMaxLength solves game positions whose tsume-line search stops
// before it settles the length, where the line of df-pn's proof is longer than the
// bound within which that search proved a mate (cshogi-mate11: 23 plies next to 11,
// dlshogi-1432: 7 next to 5): the line read keeps to the bound.
func TestProofLineWithinMaxLength(t *testing.T) {
	for _, tt := range []struct {
		id, sfen  string
		lineNodes uint64
	}{
		{"cshogi-mate11", "l6nl/3kPs3/5p2p/p1ppg2P1/7+r1/P1G3p1P/1pNbSP1GL/2+n1S1K2/L1r3P2 w BGS3Pn2p 110", 20_000},
		{"dlshogi-1432", "l4k1nl/7B1/p2sgpgp1/2pp2p1p/P6P1/G4PPs1/2N3n1P/5R3/L3+rNK1L w BS2Pgs4p 78", 20_000},
	} {
		p := parse(t, tt.sfen, false)
		r, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 500_000, LineNodes: tt.lineNodes, HashBytes: 32 << 20, Futile: tsume.FutileDrops})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tsume.Mate || r.Line != tsume.LineProof || r.MaxLength == 0 {
			t.Fatalf("%s: %v (line %v, max %d), want a mate whose length the line search left unsettled", tt.id, r, r.Line, r.MaxLength)
		}
		checkWithin(t, p, r, tsume.FutileDrops)
	}
}

// TestProofLineWithinMaxLengthProperty checks checkWithin's properties on random small
// positions whose tsume-line search has few nodes, so that it often stops before it
// settles the length, under each convention of futile interpositions. With the line
// read from the proof alone, 12 draws of 1 000 (1 000 to 30 000 line nodes) were
// longer than MaxLength, where 1, 30, 100, 300, 1 000 and 3 000 gave 15 of 3 000.
func TestProofLineWithinMaxLengthProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawProblem(t)
		lineNodes := rapid.SampledFrom([]uint64{100, 1000, 3000, 10_000, 30_000}).Draw(t, "lineNodes")
		futile := rapid.SampledFrom([]tsume.Futile{tsume.FutileNone, tsume.FutileFree, tsume.FutileDrops}).Draw(t, "futile")
		bytes := rapid.SampledFrom([]int{16 << 10, 1 << 20}).Draw(t, "bytes")
		r, err := tsume.Solve(context.Background(), p, tsume.Options{Nodes: 300_000, HashBytes: bytes, Futile: futile, LineNodes: lineNodes})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status == tsume.Mate && r.Line == tsume.LineProof {
			checkWithin(t, p, r, futile)
		}
	})
}
