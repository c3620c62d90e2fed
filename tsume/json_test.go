package tsume_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
	"pgregory.net/rapid"
)

// drawMove draws a move as USI can write it: a board move, promoting or not, or a drop.
func drawMove(t *rapid.T) shogi.Move {
	to := shogi.SquareAt(rapid.IntRange(0, 80).Draw(t, "to"))
	if rapid.Bool().Draw(t, "drop") {
		return shogi.NewDrop(rapid.SampledFrom(shogi.HandTypes[:]).Draw(t, "piece"), to)
	}
	from := shogi.SquareAt((to.Index() + rapid.IntRange(1, 80).Draw(t, "from")) % 81) // not to
	return shogi.NewMove(from, to, rapid.Bool().Draw(t, "promote"))
}

// drawResult draws a Result with every field set as JSON holds it (the time to the
// millisecond).
func drawResult(t *rapid.T) tsume.Result {
	var r tsume.Result
	r.Status = rapid.SampledFrom([]tsume.Status{tsume.Unknown, tsume.Mate, tsume.NoMate}).Draw(t, "status")
	r.Stop = rapid.SampledFrom([]tsume.Stop{tsume.StopNone, tsume.StopNodes, tsume.StopTime, tsume.StopCanceled}).Draw(t, "stop")
	r.Moves = rapid.SliceOfN(rapid.Custom(drawMove), 0, 9).Draw(t, "moves")
	r.Line = rapid.SampledFrom([]tsume.LineKind{tsume.LineNone, tsume.LineTsume, tsume.LineProof, tsume.LineLength}).Draw(t, "line")
	r.Undecided = rapid.IntRange(0, 1000).Draw(t, "undecided")
	r.MinLength = rapid.IntRange(0, 2000).Draw(t, "min")
	r.MaxLength = rapid.IntRange(0, 2000).Draw(t, "max")
	for _, pt := range shogi.HandTypes {
		r.Left = r.Left.WithCount(pt, rapid.IntRange(0, shogi.HandCapacity[pt]).Draw(t, "left "+pt.String()))
	}
	r.Nodes = rapid.Uint64().Draw(t, "nodes")
	r.LineNodes = rapid.Uint64().Draw(t, "line nodes")
	r.Time = time.Duration(rapid.Int64Range(0, 1e9).Draw(t, "ms")) * time.Millisecond
	return r
}

// TestResultJSONRoundTrip: a Result and a Verification read back from their JSON are
// what was written, whatever their fields hold (an empty list of moves or findings
// written as [] reads back empty).
func TestResultJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		ver := tsume.Verification{Result: drawResult(t)}
		for range rapid.IntRange(0, 4).Draw(t, "findings") {
			f := tsume.Finding{Flaw: tsume.Flaw(rapid.IntRange(1, int(tsume.FlawUndecided)).Draw(t, "flaw")),
				Ply: rapid.IntRange(0, 999).Draw(t, "ply"), Move: shogi.NoMove, Length: rapid.IntRange(0, 999).Draw(t, "length")}
			if rapid.Bool().Draw(t, "with a move") {
				f.Move = drawMove(t)
			}
			ver.Findings = append(ver.Findings, f)
		}
		data, err := json.Marshal(ver)
		if err != nil {
			t.Fatal(err)
		}
		var back tsume.Verification
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if diff := cmp.Diff(ver, back, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%s read back (-want +got):\n%s", data, diff)
		}
	})
}

// FuzzResultJSON: the UnmarshalJSON of Result and of Verification (its findings
// included) never panic on any input, and a value they accept writes JSON that reads
// back as the same value.
func FuzzResultJSON(f *testing.F) {
	for _, s := range []string{
		`{"result":"mate","stop":"none","length":3,"moves":["S*5c","5b4a","G*4b"],"line":"tsume","min_length":3,"max_length":3,"left":"-","nodes":53,"line_nodes":227,"time_ms":50}`,
		`{"result":"no-mate","left":"2PG","nodes":9}`,
		`{"result":"unknown","stop":"time-limit","moves":[]}`,
		`null`, `{}`, `{"moves":["9z9a"]}`, `{"left":"64P"}`, `[`,
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"correct":false,"findings":[{"code":"longer-defence","ply":2,"move":"3b3a","length":4}],"result":{"result":"mate"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		readsBack[tsume.Verification](t, data)
		readsBack[tsume.Result](t, data)
	})
}

// readsBack reads data into a T; when it is accepted, the JSON written of the value
// must read back as the same value.
func readsBack[T any](t *testing.T, data []byte) {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("Marshal of %+v read from %q: %v", v, data, err)
	}
	var back T
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatalf("%s (written from %q) does not read back: %v", out, data, err)
	}
	if diff := cmp.Diff(v, back, cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("%s read back (-want +got):\n%s", out, diff)
	}
}
