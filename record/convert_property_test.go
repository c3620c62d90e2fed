package record_test

import (
	"bytes"
	"testing"

	"pgregory.net/rapid"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/record"
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
		node.End = &shogi.Ending{Kind: kind, Result: p.EndingResult(kind)} // the rules decide a 千日手
	}
	return rec
}

// TestConvertBetweenFormats: a random game written in one format, read with format
// detection, written in another and read again keeps its start position, its moves and
// (where both formats carry one) its ending.
func TestConvertBetweenFormats(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := genGame(t)
		from := rapid.SampledFrom([]record.Format{record.KIF, record.KI2, record.CSA, record.JKF, record.USI}).Draw(t, "from")
		to := rapid.SampledFrom(record.Formats).Draw(t, "to")
		var first bytes.Buffer
		w := record.NewWriter(&first, from)
		w.ShiftJIS = (from == record.KIF || from == record.KI2 || from == record.CSA) && rapid.Bool().Draw(t, "shift_jis")
		if err := w.Write(rec); err != nil {
			t.Fatalf("write %s: %v", from, err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		back, err := record.Parse(first.Bytes())
		if err != nil {
			t.Fatalf("read %s back: %v\n%s", from, err, first.String())
		}
		second, err := record.Marshal(back, to)
		if err != nil {
			t.Fatalf("write %s: %v", to, err)
		}
		r := record.NewReader(bytes.NewReader(second))
		r.Format = to
		got, err := r.Read()
		if err != nil {
			t.Fatalf("read %s: %v\n%s", to, err, second)
		}
		if to == record.SFEN { // the final position only
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
		if from == record.USI || to == record.USI {
			return // USI lines carry no ending
		}
		gotEnd, wantEnd := got.Ending(), rec.Ending()
		if (gotEnd == nil) != (wantEnd == nil) || gotEnd != nil && (gotEnd.Kind != wantEnd.Kind || gotEnd.Result != wantEnd.Result) {
			t.Fatalf("%s→%s: ending %+v, want %+v", from, to, gotEnd, wantEnd)
		}
	})
}
