package jkf_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/jkf"
)

// oldLayout has the shape of json-kifu-format's first layout (its
// ryuou201409020101.jkf): moves without "color", with "relative", "same" and
// "capture", a fork, the special TORYO, and top-level "result" and "type" keys that
// JKF 1.0 does not define.
const oldLayout = `{"header":{"先手":"A","後手":"B"},"moves":[{"comments":["start"]},
{"time":{"now":{"m":0,"s":0},"total":{"h":0,"m":0,"s":0}},"move":{"from":{"x":7,"y":7},"piece":"FU","to":{"x":7,"y":6}}},
{"move":{"from":{"x":3,"y":3},"piece":"FU","to":{"x":3,"y":4}}},
{"move":{"from":{"x":8,"y":8},"piece":"KA","to":{"x":2,"y":2},"capture":"KA","promote":false},
 "forks":[[{"move":{"from":{"x":2,"y":7},"piece":"FU","to":{"x":2,"y":6}}},{"special":"CHUDAN"}]]},
{"move":{"from":{"x":3,"y":1},"piece":"GI","to":{"x":2,"y":2},"same":true,"capture":"KA","relative":"C"}},
{"move":{"piece":"KA","to":{"x":4,"y":5},"relative":"H"}},
{"special":"TORYO"}],"result":"","type":"kif"}
`

// TestOldLayout: the old layout is a dialect every JKF reader reads alike, so strict
// and lenient reads both take each move's color from the side to move, skip the
// top-level "result" and "type", and keep every move, with one ErrOldLayout warning for
// the colors (wrapping ErrMissing) and one for each key (wrapping ErrUnknownKey). (A
// strict read refused it; a lenient one read no move at all and was called OK.) A key
// JKF does not define that is not the old layout's stays an error in a strict read.
func TestOldLayout(t *testing.T) {
	for _, lenient := range []bool{false, true} {
		r := jkf.NewReader(strings.NewReader(oldLayout))
		r.Lenient = lenient
		rec, err := r.Read()
		if err != nil {
			t.Fatalf("lenient %v: %v", lenient, err)
		}
		var missing, unknown int
		var paths []string
		for _, w := range r.Warnings() {
			paths = append(paths, w.Path)
			switch {
			case !errors.Is(w, jkf.ErrOldLayout):
				t.Errorf("lenient %v: warning %v is not ErrOldLayout", lenient, w)
			case errors.Is(w, jkf.ErrMissing):
				missing++
			case errors.Is(w, jkf.ErrUnknownKey):
				unknown++
			default:
				t.Errorf("lenient %v: warning %v", lenient, w)
			}
		}
		if missing != 1 || unknown != 2 {
			t.Errorf("lenient %v: warnings %v: want one missing color and two unknown keys", lenient, r.Warnings())
		}
		if diff := cmp.Diff([]string{"moves[1].move", "result", "type"}, slices.Sorted(slices.Values(paths))); diff != "" {
			t.Errorf("lenient %v: warning paths (-want +got):\n%s", lenient, diff)
		}
		checkOldLayout(t, rec)
	}
	rec, err := jkf.Parse([]byte(oldLayout))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	checkOldLayout(t, rec)
	// Without the keys (a record the fast decoder takes whole): the one warning.
	r := jkf.NewReader(strings.NewReader(strings.Replace(oldLayout, `,"result":"","type":"kif"`, "", 1)))
	if rec, err = r.Read(); err != nil || len(r.Warnings()) != 1 || !errors.Is(r.Warnings()[0], jkf.ErrOldLayout) {
		t.Fatalf("without the keys: %v, warnings %v", err, r.Warnings())
	}
	checkOldLayout(t, rec)

	// Another unknown key beside the old layout's is still refused strictly.
	other := strings.Replace(oldLayout, `"type":"kif"`, `"type":"kif","typo":1`, 1)
	if _, err := jkf.Parse([]byte(other)); !errors.Is(err, jkf.ErrUnknownKey) || errors.Is(err, jkf.ErrOldLayout) {
		t.Errorf("strict read with the key typo: got %v, want an ErrUnknownKey error", err)
	}
	// And a record in the current layout with "color" has no warning.
	r = jkf.NewReader(strings.NewReader(`{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"piece":"FU","to":{"x":7,"y":6}}}]}`))
	if _, err := r.Read(); err != nil || len(r.Warnings()) != 0 {
		t.Errorf("current layout: %v, warnings %v", err, r.Warnings())
	}
}

func checkOldLayout(t *testing.T, rec *shogi.Record) {
	t.Helper()
	var moves []string
	for _, m := range rec.Moves() {
		moves = append(moves, m.String())
	}
	if got, want := strings.Join(moves, " "), "7g7f 3c3d 8h2b 3a2b B*4e"; got != want {
		t.Errorf("moves %s, want %s", got, want)
	}
	if e := rec.Ending(); e == nil || e.Kind != shogi.EndResign || e.Result != shogi.BlackWins {
		t.Errorf("ending %+v", e)
	}
	fork := rec.Root.Children[0].Children[0].Children
	if len(fork) != 2 || fork[1].Move.String() != "2g2f" || fork[1].End == nil || fork[1].End.Kind != shogi.EndInterrupt {
		t.Errorf("the fork at move 3: %v", fork)
	}
}
