package main

import (
	"bytes"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"pgregory.net/rapid"
)

// endingKinds are the endings every record format can carry.
var endingKinds = []shogi.EndingKind{shogi.EndNone, shogi.EndResign, shogi.EndInterrupt, shogi.EndSennichite,
	shogi.EndJishogi, shogi.EndTimeUp, shogi.EndEnteringKingWin, shogi.EndIllegalLoss}

// genGame plays random legal moves from the even start or any handicap and ends the
// game with a random ending.
func genGame(t *rapid.T) *shogi.Record {
	h := rapid.SampledFrom(handicap.All).Draw(t, "start")
	p := h.Position()
	rec := &shogi.Record{StartSFEN: p.String()}
	node := &rec.Root
	for range rapid.IntRange(0, 60).Draw(t, "moves") {
		moves := p.LegalMoves()
		if len(moves) == 0 {
			break
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
		node = node.AddChild(m)
		p.PlayUnchecked(m)
	}
	if kind := rapid.SampledFrom(endingKinds).Draw(t, "ending"); kind != shogi.EndNone {
		node.End = &shogi.Ending{Kind: kind, Result: shogi.ResultOf(kind, p.SideToMove())}
	}
	return rec
}

// TestConvertBetweenFormats: a random game written in one format, read, written in
// another and read again keeps its start position, its moves and (where both formats
// carry one) its ending.
func TestConvertBetweenFormats(t *testing.T) {
	formats := []string{"kif", "ki2", "csa", "jkf", "usi", "sfen"}
	rapid.Check(t, func(t *rapid.T) {
		rec := genGame(t)
		from := rapid.SampledFrom(formats[:5]).Draw(t, "from")
		to := rapid.SampledFrom(formats).Draw(t, "to")
		sjis := from != "jkf" && from != "usi" && rapid.Bool().Draw(t, "shift_jis")
		var first bytes.Buffer
		if err := writeRecords(&first, []*shogi.Record{rec}, writeOptions{format: from, shiftJIS: sjis}); err != nil {
			t.Fatalf("write %s: %v", from, err)
		}
		res := readRecords(first.Bytes(), readOptions{})
		if res.err != nil || len(res.records) != 1 {
			t.Fatalf("read %s back (detected %s): %v\n%s", from, res.format, res.err, first.String())
		}
		var second bytes.Buffer
		if err := writeRecords(&second, res.records, writeOptions{format: to}); err != nil {
			t.Fatalf("write %s: %v", to, err)
		}
		out := readRecords(second.Bytes(), readOptions{format: to})
		if out.err != nil || len(out.records) != 1 {
			t.Fatalf("read %s: %v\n%s", to, out.err, second.String())
		}
		got := out.records[0]
		if to == "sfen" { // the final position only
			want, err := rec.Replay()
			if err != nil {
				t.Fatal(err)
			}
			if got.StartSFEN != want.String() {
				t.Fatalf("%s→%s: final position %s, want %s", from, to, got.StartSFEN, want)
			}
			return
		}
		if got.StartSFEN != rec.StartSFEN {
			t.Fatalf("%s→%s: start %s, want %s", from, to, got.StartSFEN, rec.StartSFEN)
		}
		if g, w := got.Moves(), rec.Moves(); !equalMoves(g, w) {
			t.Fatalf("%s→%s: moves %v, want %v", from, to, g, w)
		}
		if from == "usi" || to == "usi" {
			return // USI lines carry no ending
		}
		gotEnd, wantEnd := got.Ending(), rec.Ending()
		if (gotEnd == nil) != (wantEnd == nil) || gotEnd != nil && (gotEnd.Kind != wantEnd.Kind || gotEnd.Result != wantEnd.Result) {
			t.Fatalf("%s→%s: ending %+v, want %+v", from, to, gotEnd, wantEnd)
		}
	})
}

func equalMoves(a, b []shogi.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
