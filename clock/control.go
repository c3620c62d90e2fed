package clock

import (
	"fmt"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
)

// DefaultMargin is the margin [Control.Withheld] withholds when Margin is zero: the
// same figure as usi.DefaultMargin, measured there (an engine's answer on a loaded
// 2-core machine came up to 430 ms after the time it was told).
const DefaultMargin = 500 * time.Millisecond

// Allowance is one side's time and the way each move is charged against it.
//
// A move's elapsed time, less Delay, is rounded to Unit (down, or up with RoundUp;
// Unit zero charges it exactly) and is at least LeastPerMove: that is the time
// charged. It comes off the main time; once the main time is spent, the rest of it
// uses up whole consideration periods (考慮時間: a part of a period is not charged,
// so a move shorter than Period keeps every period), and once they are spent, it
// must be shorter than Byoyomi (秒読み). The flag falls when the time charged reaches
// the time available: the main time left, the periods left, the byoyomi and, when it
// comes before the move (CSA's rule), the increment.
type Allowance struct {
	Main    time.Duration // 持ち時間
	Periods int           // the number of consideration periods (考慮時間)
	Period  time.Duration // the length of each period
	Byoyomi time.Duration // 秒読み: the time each move may take once the rest is spent
	// Increment is the Fischer increment: added to the main time before each move,
	// the first included (CSA's Increment, WCSC and floodgate), or after each move
	// made on time with IncrementAfter (chess clocks, CASIO clocks, 将棋倶楽部24).
	Increment      time.Duration
	IncrementAfter bool
	// Delay is the time at the start of each move that is not charged (CSA's
	// Delay, read as a simple delay).
	Delay time.Duration
	// Unit is the unit of charging: zero charges the exact time, time.Second the
	// whole seconds of CSA servers, time.Minute the professionals' minutes (with no
	// byoyomi and rounding down, a move shorter than a minute costs nothing and the
	// last minute of the main time is the byoyomi: [Professional]).
	Unit         time.Duration
	RoundUp      bool          // CSA Time_Roundup: round up to Unit instead of down
	LeastPerMove time.Duration // CSA Least_Time_Per_Move: the least a move is charged
}

// Control is a game's time control: each side's allowance (equal but for CSA's
// Time+/Time- controls) and the transport margin. A zero Control is no clock.
type Control struct {
	Black, White Allowance
	// Margin is the time withheld from an engine for the lines to travel and the
	// processes to be scheduled: [Clock.Go] tells the engine its time less it, while
	// the clock charges the real time. Zero is [DefaultMargin], no more than half the
	// byoyomi (half the main time without one); a negative Margin is none.
	Margin time.Duration
}

// Same returns the control that gives both sides a.
func Same(a Allowance) Control { return Control{Black: a, White: a} }

// SuddenDeath returns main time and nothing after it (切れ負け), charged in whole
// seconds.
func SuddenDeath(main time.Duration) Control {
	return Same(Allowance{Main: main, Unit: time.Second})
}

// Byoyomi returns main time then byoyomi per move, charged in whole seconds.
func Byoyomi(main, byoyomi time.Duration) Control {
	return Same(Allowance{Main: main, Byoyomi: byoyomi, Unit: time.Second})
}

// Fischer returns main time and an increment added before each move (CSA's rule),
// charged in whole seconds.
func Fischer(main, increment time.Duration) Control {
	return Same(Allowance{Main: main, Increment: increment, Unit: time.Second})
}

// Professional returns the JSA's control for main time: charged in whole minutes
// rounded down, so that a move under a minute costs nothing, and byoyomi from the
// last minute: a move loses when its time reaches the time left.
func Professional(main time.Duration) Control {
	return Same(Allowance{Main: main, Unit: time.Minute})
}

// NHKCup returns the NHK Cup's control: 10 minutes measured in seconds, then ten
// consideration periods of a minute (each used period rounded down), then 30 seconds
// of byoyomi.
func NHKCup() Control {
	return Same(Allowance{Main: 10 * time.Minute, Periods: 10, Period: time.Minute, Byoyomi: 30 * time.Second, Unit: time.Second})
}

// For returns side's allowance.
func (c Control) For(side shogi.Color) Allowance {
	if side == shogi.White {
		return c.White
	}
	return c.Black
}

// Symmetric reports whether both sides have the same allowance.
func (c Control) Symmetric() bool { return c.Black == c.White }

// IsZero reports whether c is no clock.
func (c Control) IsZero() bool { return c.Black.Unlimited() && c.White.Unlimited() }

// Unlimited reports whether a gives no time limit at all: no main time, periods,
// byoyomi or increment.
func (a Allowance) Unlimited() bool {
	return a.Main <= 0 && (a.Periods <= 0 || a.Period <= 0) && a.Byoyomi <= 0 && a.Increment <= 0
}

// Validate reports an allowance that cannot be a clock: a negative duration or
// count, periods without a length, or a duration (or the periods together) beyond
// a thousand hours, the parsers' limit, past which sums could overflow.
func (a Allowance) Validate() error {
	switch {
	case a.Main < 0, a.Period < 0, a.Byoyomi < 0, a.Increment < 0, a.Delay < 0, a.Unit < 0, a.LeastPerMove < 0:
		return fmt.Errorf("%w: a negative duration", ErrRange)
	case a.Periods < 0:
		return fmt.Errorf("%w: a negative number of periods", ErrRange)
	case a.Periods > 0 && a.Period == 0:
		return fmt.Errorf("%w: %d periods of no length", ErrRange, a.Periods)
	case a.Periods > 0 && time.Duration(a.Periods) > maxDuration/a.Period:
		return fmt.Errorf("%w: %d periods of %v", ErrRange, a.Periods, a.Period)
	}
	return inRange(a.Main, a.Period, a.Byoyomi, a.Increment, a.Delay, a.Unit, a.LeastPerMove)
}

// Validate reports a control that cannot be a clock ([Allowance.Validate] for
// either side).
func (c Control) Validate() error {
	if err := c.Black.Validate(); err != nil {
		return fmt.Errorf("black: %w", err)
	}
	if err := c.White.Validate(); err != nil {
		return fmt.Errorf("white: %w", err)
	}
	return nil
}

// Withheld returns the margin withheld from an engine: Margin; when it is zero,
// DefaultMargin but no more than half the byoyomi (half the main time without one,
// the side's with the least); none when it is negative.
func (c Control) Withheld() time.Duration {
	switch {
	case c.Margin < 0:
		return 0
	case c.Margin > 0:
		return c.Margin
	}
	m := DefaultMargin
	for _, a := range [2]Allowance{c.Black, c.White} {
		switch {
		case a.Byoyomi > 0:
			m = min(m, a.Byoyomi/2)
		case a.Main > 0:
			m = min(m, a.Main/2)
		}
	}
	return m
}

// charge returns the time charged for a move of elapsed (never negative).
func (a Allowance) charge(elapsed time.Duration) time.Duration {
	t := max(elapsed-a.Delay, 0)
	if a.Unit > 0 {
		r := t % a.Unit
		t -= r
		if a.RoundUp && r > 0 {
			t += a.Unit
		}
	}
	return max(t, a.LeastPerMove)
}

// String describes a: "main 10m0s, 10×1m0s periods, byoyomi 30s, unit 1s".
func (a Allowance) String() string {
	if a.Unlimited() {
		return "no clock"
	}
	parts := []string{"main " + a.Main.String()}
	if a.Periods > 0 {
		parts = append(parts, fmt.Sprintf("%d×%v periods", a.Periods, a.Period))
	}
	if a.Byoyomi > 0 {
		parts = append(parts, "byoyomi "+a.Byoyomi.String())
	}
	if a.Increment > 0 {
		when := "before"
		if a.IncrementAfter {
			when = "after"
		}
		parts = append(parts, fmt.Sprintf("increment %v %s each move", a.Increment, when))
	}
	if a.Delay > 0 {
		parts = append(parts, "delay "+a.Delay.String())
	}
	if a.Unit > 0 {
		round := "down"
		if a.RoundUp {
			round = "up"
		}
		parts = append(parts, fmt.Sprintf("charged in %v rounded %s", a.Unit, round))
	}
	if a.LeastPerMove > 0 {
		parts = append(parts, fmt.Sprintf("at least %v a move", a.LeastPerMove))
	}
	return strings.Join(parts, ", ")
}

// String describes c: one allowance, or "black: …; white: …".
func (c Control) String() string {
	if c.Symmetric() {
		return c.Black.String()
	}
	return "black: " + c.Black.String() + "; white: " + c.White.String()
}
