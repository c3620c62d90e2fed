package usi_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/usi"
)

func TestTimeControlTold(t *testing.T) {
	const s, ms = time.Second, time.Millisecond
	tests := []struct {
		name      string
		tc        usi.TimeControl
		remaining [2]time.Duration
		want      usi.Limits
	}{
		{"byoyomi", usi.TimeControl{Byoyomi: s, Margin: 300 * ms}, [2]time.Duration{}, usi.Limits{Byoyomi: 700 * ms}},
		{"default margin", usi.TimeControl{Byoyomi: 10 * s}, [2]time.Duration{}, usi.Limits{Byoyomi: 10*s - usi.DefaultMargin}},
		{"default margin, half a short byoyomi", usi.TimeControl{Byoyomi: 600 * ms}, [2]time.Duration{}, usi.Limits{Byoyomi: 300 * ms}},
		{"default margin, half a short main time", usi.TimeControl{Main: 600 * ms}, [2]time.Duration{600 * ms, 500 * ms}, usi.Limits{BlackTime: 300 * ms, WhiteTime: 200 * ms}},
		{"no margin", usi.TimeControl{Byoyomi: s, Margin: -1}, [2]time.Duration{}, usi.Limits{Byoyomi: s}},
		{"main and byoyomi", usi.TimeControl{Main: 60 * s, Byoyomi: s, Margin: 300 * ms}, [2]time.Duration{50 * s, 40 * s},
			usi.Limits{BlackTime: 50 * s, WhiteTime: 40 * s, Byoyomi: 700 * ms}},
		{"margin past the byoyomi", usi.TimeControl{Main: 60 * s, Byoyomi: 200 * ms, Margin: 300 * ms}, [2]time.Duration{50 * s, 0},
			usi.Limits{BlackTime: 50*s - 100*ms, WhiteTime: 0, Byoyomi: 0}},
		{"increment", usi.TimeControl{Main: 10 * s, Increment: 2 * s, Margin: 500 * ms}, [2]time.Duration{8 * s, 12 * s},
			usi.Limits{BlackTime: 7500 * ms, WhiteTime: 11500 * ms, BlackIncrement: 1500 * ms, WhiteIncrement: 1500 * ms}},
		{"sudden death", usi.TimeControl{Main: 10 * s, Margin: 500 * ms}, [2]time.Duration{8 * s, 200 * ms},
			usi.Limits{BlackTime: 7500 * ms, WhiteTime: 1 * ms}},
		// Both sides under the margin: each is told 1 ms, so that the go still has a
		// clock (the match test's engine failure "a search needs a limit").
		{"sudden death, both under the margin", usi.TimeControl{Main: 2 * s, Margin: s}, [2]time.Duration{900 * ms, 300 * ms},
			usi.Limits{BlackTime: 1 * ms, WhiteTime: 1 * ms}},
		{"sudden death, flag fallen", usi.TimeControl{Main: 2 * s, Margin: s}, [2]time.Duration{900 * ms, 0},
			usi.Limits{BlackTime: 1 * ms, WhiteTime: 0}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.tc.Told(tt.remaining)); diff != "" {
			t.Errorf("%s: Told (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestPlayGameMargin: the engines are told their clock less the margin, and the game's
// clock charges the real time: an engine that takes all it is told, and a little more,
// does not lose while it keeps within the margin; one that overruns it loses on time,
// and the game says by how much.
func TestPlayGameMargin(t *testing.T) {
	t.Run("within the time told", func(t *testing.T) {
		tr := &transcript{}
		black := startFake(t, tr, "-mode", "use-time", "-overrun", "-300ms")
		white := startFake(t, nil, "-mode", "use-time", "-overrun", "-300ms")
		// Told 500 ms; the engines answer after 200 ms; the move has 2 s.
		g, err := usi.PlayGame(timeout(t, 30*time.Second), usi.GameConfig{Black: black, White: white, MaxMoves: 4,
			Time: usi.TimeControl{Byoyomi: 2 * time.Second, Margin: 1500 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		if g.Ending != shogi.EndMaxMoves || g.LostOnTime() || g.Late != 0 {
			t.Errorf("ending %v (%s), late %v", g.Ending, g.Detail, g.Late)
		}
		if diff := cmp.Diff([]string{"go btime 0 wtime 0 byoyomi 500", "go btime 0 wtime 0 byoyomi 500"}, tr.sent("go")); diff != "" {
			t.Errorf("black's go commands (-want +got):\n%s", diff)
		}
		for side, moved := range g.Moved {
			if !moved || g.Overrun[side] < -300*time.Millisecond {
				t.Errorf("%v: moved %v, overrun %v; want at least -300ms", shogi.Color(side), moved, g.Overrun[side])
			}
		}
		// The record holds the real times.
		for _, n := range g.Record.MainLine() {
			if n.Time.Spent < 200*time.Millisecond {
				t.Errorf("move %v took %v, less than the engine waited", n.Move, n.Time.Spent)
			}
		}
	})
	t.Run("stopped within the margin", func(t *testing.T) {
		tr := &transcript{}
		black := startFake(t, tr, "-mode", "use-time", "-overrun", "1h")
		white := startFake(t, nil)
		// Told 500 ms; stop comes then, and the answer to it is on time.
		g, err := usi.PlayGame(timeout(t, 30*time.Second), usi.GameConfig{Black: black, White: white, MaxMoves: 2,
			Time: usi.TimeControl{Byoyomi: 2 * time.Second, Margin: 1500 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		if g.Ending != shogi.EndMaxMoves || g.LostOnTime() || len(tr.sent("stop")) != 1 {
			t.Errorf("ending %v (%s), late %v, sent %q", g.Ending, g.Detail, g.Late, tr.sent("stop"))
		}
		if g.Overrun[shogi.Black] < 0 {
			t.Errorf("overrun %v: the answer came before stop", g.Overrun[shogi.Black])
		}
	})
	t.Run("past the margin", func(t *testing.T) {
		black := startFake(t, nil, "-mode", "use-time,stop-answers-late", "-overrun", "1h")
		white := startFake(t, nil)
		// Told 100 ms; stop comes then, and the answer to it, 200 ms later, is past the
		// move's 250 ms.
		g, err := usi.PlayGame(timeout(t, 30*time.Second), usi.GameConfig{Black: black, White: white, MaxMoves: 4,
			Time: usi.TimeControl{Byoyomi: 250 * time.Millisecond, Margin: 150 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		if !g.LostOnTime() || g.Result != shogi.WhiteWins || g.Late <= 0 || !strings.HasPrefix(g.Detail, "black lost on time: ") {
			t.Errorf("result %v, ending %v (%s), late %v", g.Result, g.Ending, g.Detail, g.Late)
		}
		if !g.Moved[shogi.Black] || g.Overrun[shogi.Black] < 150*time.Millisecond+g.Late || g.Moved[shogi.White] {
			t.Errorf("moved %v, overrun %v, late %v", g.Moved, g.Overrun, g.Late)
		}
	})
}
