package jkf_test

import (
	"errors"
	"strings"
	"testing"

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

// TestOldLayout: strictly, a move without "color" (which JKF requires) is an error
// that says what the file holds; a lenient read takes each move's color from the side
// to move and keeps every move, with one warning for the colors and one for each key
// JKF does not define. (It read no move at all and was called OK.)
func TestOldLayout(t *testing.T) {
	_, err := jkf.Parse([]byte(strings.Replace(oldLayout, `,"result":"","type":"kif"`, "", 1)))
	var se *jkf.SyntaxError
	if !errors.As(err, &se) || !errors.Is(err, jkf.ErrMissing) || se.Path != "moves[1].move" || !strings.Contains(err.Error(), "old layout") {
		t.Errorf("strict: got %v, want a missing color at moves[1].move", err)
	}
	r := jkf.NewReader(strings.NewReader(oldLayout))
	r.Lenient = true
	rec, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	var missing, unknown int
	for _, w := range r.Warnings() {
		switch {
		case errors.Is(w, jkf.ErrMissing):
			missing++
		case errors.Is(w, jkf.ErrUnknownKey):
			unknown++
		default:
			t.Errorf("warning %v", w)
		}
	}
	if missing != 1 || unknown != 2 {
		t.Errorf("warnings %v: want one missing color and two unknown keys", r.Warnings())
	}
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
