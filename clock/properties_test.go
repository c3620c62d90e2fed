package clock_test

import (
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"pgregory.net/rapid"
)

// dur draws a duration of whole units between 0 and max units.
func dur(t *rapid.T, label string, unit time.Duration, max int64) time.Duration {
	return time.Duration(rapid.Int64Range(0, max).Draw(t, label)) * unit
}

// anyAllowance draws any valid allowance.
func anyAllowance(t *rapid.T, label string) clock.Allowance {
	a := clock.Allowance{
		Main:           dur(t, label+".main", time.Millisecond, 4_000_000),
		Byoyomi:        dur(t, label+".byoyomi", time.Millisecond, 120_000),
		Increment:      dur(t, label+".increment", time.Millisecond, 60_000),
		IncrementAfter: rapid.Bool().Draw(t, label+".after"),
		Delay:          dur(t, label+".delay", time.Millisecond, 5_000),
		Unit:           rapid.SampledFrom([]time.Duration{0, time.Millisecond, time.Second, 5 * time.Second, time.Minute}).Draw(t, label+".unit"),
		RoundUp:        rapid.Bool().Draw(t, label+".roundup"),
		LeastPerMove:   dur(t, label+".least", time.Second, 2),
	}
	if p := rapid.IntRange(0, 12).Draw(t, label+".periods"); p > 0 {
		a.Periods, a.Period = p, dur(t, label+".period", time.Second, 120)+time.Second
	}
	return a
}

// The clock's invariants over random games: no move is charged a negative time,
// the time left never goes negative and grows only by the increment, periods are
// never given back, a move under the unit costs nothing when rounding down, and the
// flag falls exactly when the rules say: a move is on time if and only if it took
// less than FlagAt.
func TestPropertyCharging(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := anyAllowance(t, "a")
		s := a.Start()
		for i := range rapid.IntRange(1, 30).Draw(t, "moves") {
			e := time.Duration(rapid.Int64Range(-1000, int64(10*time.Minute)).Draw(t, "elapsed"))
			c := a.Apply(shogi.Black, s, e)
			if c.Charged < 0 || c.After.Main < 0 || c.After.Periods < 0 {
				t.Fatalf("move %d: negative: %+v", i, c)
			}
			if c.After.Main > s.Main+a.Increment {
				t.Fatalf("move %d: the time left grew from %v to %v with an increment of %v", i, s.Main, c.After.Main, a.Increment)
			}
			if c.After.Periods > s.Periods {
				t.Fatalf("move %d: periods grew from %d to %d", i, s.Periods, c.After.Periods)
			}
			if c.After.Used != s.Used+c.Charged || c.After.Moves != s.Moves+1 {
				t.Fatalf("move %d: used %v then %v after charging %v", i, s.Used, c.After.Used, c.Charged)
			}
			if a.Unit > 0 && !a.RoundUp && a.LeastPerMove == 0 && max(e, 0) < a.Unit+a.Delay && c.Charged != 0 {
				t.Fatalf("move %d: %v under the unit %v (delay %v) charged %v", i, e, a.Unit, a.Delay, c.Charged)
			}
			if at, ok := a.FlagAt(s); ok {
				if onTime := max(e, 0) < at; onTime != c.OnTime {
					t.Fatalf("move %d: %v with the flag at %v: OnTime %v (charged %v of %v available)", i, e, at, c.OnTime, c.Charged, a.Available(s))
				}
				if !c.OnTime && c.Late != max(e, 0)-at {
					t.Fatalf("move %d: Late %v, want %v", i, c.Late, max(e, 0)-at)
				}
			} else if !c.OnTime {
				t.Fatalf("move %d: lost on time without a clock", i)
			}
			if !c.OnTime {
				return
			}
			s = c.After
		}
	})
}

// A Clock driven by a time source agrees with the allowance: Flagged at the
// deadline, and the charge of Stop.
func TestPropertyClockTimeSource(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := clock.Control{Black: anyAllowance(t, "black"), White: anyAllowance(t, "white")}
		ft := newFakeTime()
		k := clock.New(c, ft.now)
		side := shogi.Black
		for range rapid.IntRange(1, 20).Draw(t, "moves") {
			k.Start(side)
			e := time.Duration(rapid.Int64Range(0, int64(5*time.Minute)).Draw(t, "elapsed"))
			ft.advance(e)
			_, flagged := k.Flagged()
			ch, err := k.Stop()
			if err != nil {
				t.Fatal(err)
			}
			if flagged == ch.OnTime {
				t.Fatalf("%v after %v: Flagged %v, OnTime %v", side, e, flagged, ch.OnTime)
			}
			if !ch.OnTime {
				return
			}
			side = 1 - side
		}
	})
}

// The go arguments never hold a negative time, and tell the mover exactly the time
// the clock allows its move (until its flag, or the time available when a delay
// puts the flag later) less the margin (1 ms when that leaves nothing of some time
// left without byoyomi).
func TestPropertyGo(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := clock.Control{Black: anyAllowance(t, "black"), White: anyAllowance(t, "white"),
			Margin: time.Duration(rapid.Int64Range(-1, int64(2*time.Second)).Draw(t, "margin"))}
		k := clock.New(c, nil)
		for side := range shogi.Color(2) {
			k.Charge(side, time.Duration(rapid.Int64Range(0, int64(time.Minute)).Draw(t, "elapsed")))
		}
		side := shogi.Color(rapid.IntRange(0, 1).Draw(t, "side"))
		g := k.Go(side)
		for _, d := range []time.Duration{g.BlackTime, g.WhiteTime, g.Byoyomi, g.BlackInc, g.WhiteInc} {
			if d < 0 {
				t.Fatalf("negative: %+v", g)
			}
		}
		a := c.For(side)
		told := g.Byoyomi + [2]time.Duration{g.BlackTime, g.WhiteTime}[side] + [2]time.Duration{g.BlackInc, g.WhiteInc}[side]
		allowed := a.Available(k.State(side))
		if at, ok := a.FlagAt(k.State(side)); ok && at < allowed {
			allowed = at // rounding up, or a least time per move, flags a move sooner
		}
		want := max(allowed-c.Withheld(), 0)
		if a.Byoyomi == 0 && a.Available(k.State(side)) > 0 {
			want = max(want, time.Millisecond) // never nothing while time is left
		}
		if told != want {
			t.Fatalf("%v told %v (%v), want %v", side, told, g, want)
		}
	})
}

// Every spelling reads back what it writes.
func TestPropertyRoundTrips(t *testing.T) {
	t.Run("TIME_LIMIT", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			c := clock.Byoyomi(dur(t, "main", time.Minute, 60_000), dur(t, "byoyomi", time.Second, 3600))
			s, err := clock.FormatCSATimeLimit(c)
			if err != nil {
				t.Fatal(err)
			}
			if back, err := clock.ParseCSATimeLimit(s); err != nil || back != c {
				t.Fatalf("%q read back as %v, %v; want %v", s, back, err, c)
			}
		})
	})
	t.Run("TIME", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			a := clock.Allowance{Main: dur(t, "main", time.Millisecond, 36e8), Byoyomi: dur(t, "byoyomi", time.Millisecond, 1e7),
				Increment: dur(t, "increment", time.Millisecond, 1e7), Unit: time.Second}
			s, err := clock.FormatCSATime(a)
			if err != nil {
				t.Fatal(err)
			}
			if back, err := clock.ParseCSATime(s); err != nil || back != a {
				t.Fatalf("%q read back as %v, %v; want %v", s, back, err, a)
			}
		})
	})
	t.Run("KIF", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			a := clock.Allowance{Main: dur(t, "main", time.Second, 360_000), Byoyomi: dur(t, "byoyomi", time.Second, 7200),
				Increment: dur(t, "increment", time.Second, 600), Unit: time.Second}
			if p := rapid.IntRange(0, 20).Draw(t, "periods"); p > 0 {
				a.Periods, a.Period = p, dur(t, "period", time.Second, 7200)+time.Second
			}
			c := clock.Same(a)
			s, err := clock.FormatKIF(c)
			if err != nil {
				t.Fatal(err)
			}
			if back, err := clock.ParseKIF(s); err != nil || back != c {
				t.Fatalf("%q read back as %v, %v; want %v", s, back, err, c)
			}
		})
	})
	t.Run("game name", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			a := clock.Allowance{Main: dur(t, "main", time.Second, 100_000), Unit: time.Second}
			switch rapid.IntRange(0, 2).Draw(t, "kind") {
			case 0:
				a.Byoyomi = dur(t, "byoyomi", time.Second, 600)
			case 1:
				a.Increment = dur(t, "increment", time.Second, 600) + time.Second
			case 2:
				a.Unit = dur(t, "unit", time.Second, 600) + 2*time.Second
			}
			name := rapid.StringMatching(`[a-z][a-z0-9_-]{0,12}`).Draw(t, "name")
			c := clock.Same(a)
			s, err := clock.FormatGameName(name, c)
			if err != nil {
				t.Fatal(err)
			}
			if gotName, back, err := clock.ParseGameName(s); err != nil || back != c || gotName != name {
				t.Fatalf("%q read back as %q %v, %v; want %q %v", s, gotName, back, err, name, c)
			}
		})
	})
	t.Run("Game_Summary", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			side := func(label string) clock.Allowance {
				u := rapid.SampledFrom([]time.Duration{time.Millisecond, 500 * time.Millisecond, time.Second, 5 * time.Second, time.Minute}).Draw(t, label+".unit")
				return clock.Allowance{Unit: u, Main: min(dur(t, label+".main", u, 100_000), 1000*time.Hour/u*u), Byoyomi: dur(t, label+".byoyomi", u, 1000),
					Increment: dur(t, label+".increment", u, 100), Delay: dur(t, label+".delay", u, 10),
					LeastPerMove: dur(t, label+".least", u, 3), RoundUp: rapid.Bool().Draw(t, label+".roundup")}
			}
			c := clock.Same(side("both"))
			if rapid.Bool().Draw(t, "per side") {
				c.White = side("white")
			}
			lines, err := clock.FormatSummaryTime(c)
			if err != nil {
				t.Fatal(err)
			}
			if back, err := clock.ParseSummaryTime(lines); err != nil || back != c {
				t.Fatalf("%q read back as %v, %v; want %v", lines, back, err, c)
			}
		})
	})
	t.Run("go", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			g := clock.GoArgs{BlackTime: dur(t, "btime", time.Millisecond, 1e9), WhiteTime: dur(t, "wtime", time.Millisecond, 1e9),
				Byoyomi: dur(t, "byoyomi", time.Millisecond, 1e6), BlackInc: dur(t, "binc", time.Millisecond, 1e6), WhiteInc: dur(t, "winc", time.Millisecond, 1e6)}
			back, err := clock.ParseGo("go " + g.String())
			if err != nil || back != g {
				t.Fatalf("%q read back as %v, %v; want %v", g.String(), back, err, g)
			}
		})
	})
}
