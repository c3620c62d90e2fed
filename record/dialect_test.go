package record_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/record"
)

// oldLayoutJKF has the shape of json-kifu-format's ryuou201409020101.jkf: moves
// without "color" and the top-level keys "result" and "type" of the format's first
// layout.
const oldLayoutJKF = `{"header":{"先手":"A","後手":"B"},"moves":[{},
{"move":{"from":{"x":7,"y":7},"piece":"FU","to":{"x":7,"y":6}}},
{"move":{"from":{"x":3,"y":3},"piece":"FU","to":{"x":3,"y":4}}},
{"move":{"from":{"x":8,"y":8},"piece":"KA","to":{"x":2,"y":2},"capture":"KA","promote":false}},
{"move":{"from":{"x":3,"y":1},"piece":"GI","to":{"x":2,"y":2},"same":true,"capture":"KA"}},
{"special":"TORYO"}],"result":"","type":"kif"}
`

// TestValidateDialect: the old layout of json-kifu-format is valid in strict
// validation as in lenient, with its warnings (code "dialect") kept as warnings, and
// every move read. (Strict validation refused it.) Another key JKF does not define is
// still an error when strict.
func TestValidateDialect(t *testing.T) {
	want := verdictRow{Index: 1, StartLine: 1, Valid: true, Moves: 4, Ending: "resign", Problems: []string{
		"warning dialect 6 22 -", "warning dialect 6 34 -", // "result", "type"
		"warning dialect 2 9 -", // the first move without a color
	}}
	for _, lenient := range []bool{false, true} {
		got := validate(t, oldLayoutJKF, lenient)
		if diff := cmp.Diff([]verdictRow{want}, got); diff != "" {
			t.Errorf("lenient %v (-want +got):\n%s", lenient, diff)
		}
	}
	// A strict Reader returns the record, with the same warnings.
	r := record.NewReader(strings.NewReader(oldLayoutJKF))
	rec, err := r.Read()
	if err != nil || len(rec.Moves()) != 4 || len(r.Warnings()) != 3 {
		t.Fatalf("strict Read: %v, warnings %v", err, r.Warnings())
	}
	for _, w := range r.Warnings() {
		if w.Severity != record.SeverityWarning || !errors.Is(w, jkf.ErrOldLayout) {
			t.Errorf("warning %v", w)
		}
	}

	typo := strings.Replace(oldLayoutJKF, `"type":"kif"`, `"type":"kif","typo":1`, 1)
	got := validate(t, typo, false)
	if len(got) != 1 || got[0].Valid || !slices.Contains(got[0].Problems, "error syntax 6 47 -") {
		t.Errorf("strict with a key JKF does not define: %+v, want an error", got)
	}
}
