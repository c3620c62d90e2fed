package clock_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/usi"
	"pgregory.net/rapid"
)

// For the controls usi.TimeControl expresses alike (main time and byoyomi, or
// sudden death, charged exactly), Clock.Go tells the engines what
// usi.TimeControl.Told does, margin included: match can move onto this package
// without changing what the engines are told.
func TestGoAgreesWithUSITold(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tc := usi.TimeControl{
			Main:    time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(t, "main")),
			Byoyomi: time.Duration(rapid.SampledFrom([]int64{0, int64(time.Second), int64(30 * time.Second), int64(300 * time.Millisecond)}).Draw(t, "byoyomi")),
			Margin:  time.Duration(rapid.Int64Range(-1, int64(2*time.Second)).Draw(t, "margin")),
		}
		if tc.IsZero() {
			return
		}
		c := clock.Same(clock.Allowance{Main: tc.Main, Byoyomi: tc.Byoyomi})
		c.Margin = tc.Margin
		if c.Withheld() != tc.Withheld() {
			t.Fatalf("Withheld %v, usi's %v", c.Withheld(), tc.Withheld())
		}
		k := clock.New(c, nil)
		var remaining [2]time.Duration
		for side := range shogi.Color(2) {
			k.Charge(side, time.Duration(rapid.Int64Range(0, int64(tc.Main)).Draw(t, "elapsed")))
			remaining[side] = k.State(side).Main
		}
		l := tc.Told(remaining)
		want := clock.GoArgs{BlackTime: l.BlackTime, WhiteTime: l.WhiteTime, Byoyomi: l.Byoyomi}
		side := shogi.Color(rapid.IntRange(0, 1).Draw(t, "side"))
		if diff := cmp.Diff(want, k.Go(side)); diff != "" {
			t.Fatalf("(-usi +clock)\n%s", diff)
		}
	})
}
