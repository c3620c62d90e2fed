package clock

import (
	"errors"
	"math"
	"time"

	"github.com/kifu-go/shogi"
)

// State is what one side has left, and what it has used.
type State struct {
	Main    time.Duration // main time left
	Periods int           // consideration periods left
	Moves   int           // moves charged
	Used    time.Duration // the time charged so far
	// Flagged reports that a move of this side lost on time.
	Flagged bool
}

// Start returns the state of a side with a before its first move.
func (a Allowance) Start() State { return State{Main: a.Main, Periods: a.Periods} }

// Available returns the longest a move may be charged without the flag falling:
// the main time (and an increment that comes before the move), the periods and the
// byoyomi. A move charged this much or more loses on time.
func (a Allowance) Available(s State) time.Duration {
	d := s.Main + time.Duration(s.Periods)*a.Period + a.Byoyomi
	if !a.IncrementAfter {
		d += a.Increment
	}
	return d
}

// FlagAt returns the elapsed time of a move at which the flag falls, for a side in
// state s: the least elapsed time that is charged [Allowance.Available] or more.
// It is false for a side with no clock.
func (a Allowance) FlagAt(s State) (time.Duration, bool) {
	if a.Unlimited() {
		return 0, false
	}
	d := a.Available(s)
	if a.LeastPerMove >= d {
		return 0, true
	}
	var e time.Duration // the least time, after the delay, charged d or more
	switch {
	case a.Unit <= 0:
		e = d
	case !a.RoundUp:
		e = (d + a.Unit - 1) / a.Unit * a.Unit
	default:
		// Charged ceil(e/Unit) units: d or more once e passes the unit below d.
		e = (d+a.Unit-1)/a.Unit*a.Unit - a.Unit + 1
	}
	return e + a.Delay, true
}

// InByoyomi reports whether a side in state s is in its byoyomi: main time and
// periods spent, or, charged in units of more than a second rounded down with no
// byoyomi or increment (the professionals' rule), down to its last unit.
func (a Allowance) InByoyomi(s State) bool {
	if s.Main > 0 || s.Periods > 0 && a.Period > 0 {
		return a.Byoyomi == 0 && a.Increment == 0 && a.Unit > time.Second && !a.RoundUp && s.Main <= a.Unit && s.Periods == 0
	}
	return a.Byoyomi > 0
}

// Charge is one move's charge.
type Charge struct {
	Side    shogi.Color
	Elapsed time.Duration // the real time the move took
	Charged time.Duration // the time charged (what a record writes)
	OnTime  bool
	// Late is how much the move was past its flag when it lost on time.
	Late          time.Duration
	Before, After State
}

// Apply charges a move of elapsed (a negative time counts as zero) to a side in
// state s and returns the charge.
func (a Allowance) Apply(side shogi.Color, s State, elapsed time.Duration) Charge {
	elapsed = max(elapsed, 0)
	c := Charge{Side: side, Elapsed: elapsed, Before: s, OnTime: true}
	t := a.charge(elapsed)
	c.Charged = t
	if !a.Unlimited() && t >= a.Available(s) {
		c.OnTime = false
		if at, ok := a.FlagAt(s); ok {
			c.Late = elapsed - at
		}
	}
	if !a.IncrementAfter {
		s.Main = min(satAdd(s.Main, a.Increment), mainCap)
	}
	if t < s.Main {
		s.Main -= t
	} else {
		over := t - s.Main
		s.Main = 0
		if s.Periods > 0 && a.Period > 0 {
			used := int(min(over/a.Period, time.Duration(s.Periods)))
			if used < s.Periods {
				s.Periods -= used
			} else {
				s.Periods = 0
			}
		}
	}
	if a.IncrementAfter && c.OnTime {
		s.Main = min(satAdd(s.Main, a.Increment), mainCap)
	}
	s.Moves++
	s.Used = satAdd(s.Used, t)
	if !c.OnTime {
		s.Flagged = true
	}
	c.After = s
	return c
}

// ErrNotRunning is the error of [Clock.Stop] when no side's time is running.
var ErrNotRunning = errors.New("clock: no side's time is running")

// Clock charges the moves of a game against a [Control], reading the time from an
// injected source (deterministic in tests). It is not safe for concurrent use.
type Clock struct {
	control Control
	now     func() time.Time
	state   [2]State
	running bool
	side    shogi.Color
	started time.Time
}

// New returns a clock for c reading the time from now (time.Now when nil), both
// sides at their start and neither running.
func New(c Control, now func() time.Time) *Clock {
	if now == nil {
		now = time.Now
	}
	return &Clock{control: c, now: now, state: [2]State{c.Black.Start(), c.White.Start()}}
}

// Control returns the clock's control.
func (k *Clock) Control() Control { return k.control }

// State returns side's state (not counting a running move).
func (k *Clock) State(side shogi.Color) State { return k.state[side&1] }

// SetState sets side's state, as a server's message or a resumed game gives it.
func (k *Clock) SetState(side shogi.Color, s State) { k.state[side&1] = s }

// Start starts side's move at the current time; a move already running is charged
// first.
func (k *Clock) Start(side shogi.Color) {
	if k.running {
		_, _ = k.Stop() // running, so no error
	}
	k.running, k.side, k.started = true, side&1, k.now()
}

// Running returns the side whose move is running, and false when none is.
func (k *Clock) Running() (shogi.Color, bool) { return k.side, k.running }

// Elapsed returns the time the running move has taken so far (zero when none runs).
func (k *Clock) Elapsed() time.Duration {
	if !k.running {
		return 0
	}
	return max(k.now().Sub(k.started), 0)
}

// Stop ends the running move at the current time and charges it.
func (k *Clock) Stop() (Charge, error) {
	if !k.running {
		return Charge{}, ErrNotRunning
	}
	e := k.Elapsed()
	k.running = false
	return k.Charge(k.side, e), nil
}

// Charge charges side a move of elapsed, without the time source.
func (k *Clock) Charge(side shogi.Color, elapsed time.Duration) Charge {
	side &= 1
	c := k.control.For(side).Apply(side, k.state[side], elapsed)
	k.state[side] = c.After
	return c
}

// Deadline returns the instant the running move's flag falls, and false when no
// move runs or its side has no clock.
func (k *Clock) Deadline() (time.Time, bool) {
	if !k.running {
		return time.Time{}, false
	}
	at, ok := k.control.For(k.side).FlagAt(k.state[k.side])
	if !ok {
		return time.Time{}, false
	}
	return k.started.Add(at), true
}

// Flagged reports whether the running move's flag has fallen by now, and when.
func (k *Clock) Flagged() (time.Time, bool) {
	d, ok := k.Deadline()
	if !ok || k.now().Before(d) {
		return time.Time{}, false
	}
	return d, true
}

// InByoyomi reports whether side is in its byoyomi ([Allowance.InByoyomi]).
func (k *Clock) InByoyomi(side shogi.Color) bool {
	return k.control.For(side).InByoyomi(k.state[side&1])
}

// mainCap bounds the main time increments can add up to (some 640 000 hours), so
// that the time available, with the periods and the byoyomi, never overflows.
const mainCap = 1 << 61

// satAdd returns a+b for durations that are not negative, saturating instead of
// overflowing.
func satAdd(a, b time.Duration) time.Duration {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}
