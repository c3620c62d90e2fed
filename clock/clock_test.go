package clock_test

import (
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
)

// fakeTime is a time source the test moves by hand.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time                { return f.t }
func (f *fakeTime) advance(d time.Duration)       { f.t = f.t.Add(d) }
func newFakeTime() *fakeTime                      { return &fakeTime{t: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)} }
func ms(n int64) time.Duration                    { return time.Duration(n) * time.Millisecond }
func sec(n float64) time.Duration                 { return time.Duration(n * float64(time.Second)) }
func minutes(n int64) time.Duration               { return time.Duration(n) * time.Minute }
func state(main time.Duration, p int) clock.State { return clock.State{Main: main, Periods: p} }

// step is one move of a worked example: its elapsed time and what the rules make
// of it.
type step struct {
	elapsed   time.Duration
	charged   time.Duration
	onTime    bool
	main      time.Duration // main time left after it
	periods   int
	inByoyomi bool // after it
}

func play(t *testing.T, a clock.Allowance, s clock.State, steps []step) {
	t.Helper()
	for i, st := range steps {
		c := a.Apply(shogi.Black, s, st.elapsed)
		got := step{st.elapsed, c.Charged, c.OnTime, c.After.Main, c.After.Periods, a.InByoyomi(c.After)}
		if diff := cmp.Diff(st, got, cmp.AllowUnexported(step{})); diff != "" {
			t.Fatalf("move %d (%v after %+v): (-want +got)\n%s", i+1, st.elapsed, s, diff)
		}
		s = c.After
	}
}

// The professionals' rule (seed notes): each move rounded down to the minute, so a
// move under 60 s costs nothing; with one minute left byoyomi starts and a move that
// reaches 60 s loses.
func TestProfessional(t *testing.T) {
	a := clock.Professional(6 * time.Hour).Black
	play(t, a, a.Start(), []step{
		{sec(59), 0, true, 6 * time.Hour, 0, false},
		{sec(119.9), minutes(1), true, 6*time.Hour - minutes(1), 0, false},
		{minutes(357) + sec(30), minutes(357), true, minutes(2), 0, false},
		{sec(90), minutes(1), true, minutes(1), 0, true}, // one minute left: byoyomi
		{sec(59.999), 0, true, minutes(1), 0, true},      // counted 1…9 and moved
		{sec(60), minutes(1), false, 0, 0, false},        // reaching 10 loses
	})
	if at, _ := a.FlagAt(state(minutes(1), 0)); at != minutes(1) {
		t.Errorf("FlagAt with a minute left = %v, want 1m", at)
	}
	if at, _ := a.FlagAt(state(minutes(5), 0)); at != minutes(5) {
		t.Errorf("FlagAt with 5 minutes left = %v, want 5m", at)
	}
}

// The NHK Cup (seed notes): 10 minutes in seconds, then ten 1-minute periods, each
// used period rounded down, then 30 s byoyomi.
func TestNHKCup(t *testing.T) {
	a := clock.NHKCup().Black
	play(t, a, a.Start(), []step{
		{minutes(9) + sec(59.5), minutes(9) + sec(59), true, sec(1), 10, false},
		{sec(30), sec(30), true, 0, 10, false},                         // 29 s into the periods: none used
		{sec(59.9), sec(59), true, 0, 10, false},                       // under a minute keeps every period
		{sec(61), sec(61), true, 0, 9, false},                          // one period, rounded down
		{sec(179), sec(179), true, 0, 7, false},                        // two periods
		{minutes(7) + sec(29), minutes(7) + sec(29), true, 0, 0, true}, // the last periods, and 29 s of byoyomi
		{sec(29.9), sec(29), true, 0, 0, true},
		{sec(30), sec(30), false, 0, 0, true}, // the flag falls at 30 s
	})
	if at, _ := a.FlagAt(state(0, 3)); at != minutes(3)+sec(30) {
		t.Errorf("FlagAt with three periods = %v, want 3m30s", at)
	}
}

// 切れ負け: the flag falls when the main time is spent; CSA charging in whole seconds
// rounded down.
func TestSuddenDeath(t *testing.T) {
	a := clock.SuddenDeath(minutes(10)).Black
	play(t, a, a.Start(), []step{
		{minutes(9) + sec(59.9), minutes(9) + sec(59), true, sec(1), 0, false},
		{sec(0.999), 0, true, sec(1), 0, false},
		{sec(1), sec(1), false, 0, 0, false},
	})
}

// CSA's Fischer rule: the increment comes before each move, the first included
// (WCSC: the n-th move loses when the total reaches 15 min + 5 s × n).
func TestFischerBeforeTheMove(t *testing.T) {
	a := clock.Fischer(sec(300), sec(10)).Black
	play(t, a, a.Start(), []step{
		{sec(309.9), sec(309), true, sec(1), 0, false},
		{sec(10.9), sec(10), true, sec(1), 0, false},
		{sec(11), sec(11), false, 0, 0, false},
	})
	// WCSC's wording, 15 minutes + 5 s a move: after n moves the total used must stay
	// under 15 min + 5 s × n.
	w := clock.Fischer(minutes(15), sec(5)).Black
	s := w.Start()
	for n := 1; n <= 3; n++ {
		c := w.Apply(shogi.Black, s, sec(5))
		if !c.OnTime {
			t.Fatalf("move %d lost on time", n)
		}
		s = c.After
	}
	if c := w.Apply(shogi.Black, s, minutes(15)+sec(4.9)); !c.OnTime { // total 15:19.9 < 15:20
		t.Errorf("a move within 15 min + 5 s × 4 lost on time")
	}
	if c := w.Apply(shogi.Black, s, minutes(15)+sec(5)); c.OnTime { // total 15:20
		t.Errorf("a move reaching 15 min + 5 s × 4 was on time")
	}
}

// A chess clock's increment comes after the move made on time.
func TestFischerAfterTheMove(t *testing.T) {
	a := clock.Allowance{Main: sec(60), Increment: sec(10), IncrementAfter: true}
	play(t, a, a.Start(), []step{
		{sec(59), sec(59), true, sec(11), 0, false},
		{sec(11), sec(11), false, 0, 0, false},
	})
}

// Least_Time_Per_Move, Time_Roundup and Delay.
func TestChargingRules(t *testing.T) {
	least := clock.Allowance{Main: sec(600), Byoyomi: sec(10), Unit: time.Second, LeastPerMove: time.Second}
	play(t, least, least.Start(), []step{{ms(200), time.Second, true, sec(599), 0, false}})
	up := clock.Allowance{Main: sec(10), Unit: time.Second, RoundUp: true}
	play(t, up, up.Start(), []step{
		{ms(100), time.Second, true, sec(9), 0, false},
		{sec(8), sec(8), true, sec(1), 0, false},
		{ms(1), time.Second, false, 0, 0, false},
	})
	if at, _ := up.FlagAt(state(sec(10), 0)); at != sec(9)+1 {
		t.Errorf("rounding up: FlagAt = %v, want just past 9s", at)
	}
	delay := clock.Allowance{Main: sec(10), Delay: sec(2), Unit: time.Second}
	play(t, delay, delay.Start(), []step{
		{sec(1.5), 0, true, sec(10), 0, false},
		{sec(5.5), sec(3), true, sec(7), 0, false},
		{sec(9), sec(7), false, 0, 0, false},
	})
}

func TestClockWithTimeSource(t *testing.T) {
	ft := newFakeTime()
	k := clock.New(clock.Byoyomi(sec(10), sec(5)), ft.now)
	if _, err := k.Stop(); !errors.Is(err, clock.ErrNotRunning) || clock.Code(err) != "not-running" {
		t.Fatalf("Stop with nothing running: %v", err)
	}
	k.Start(shogi.Black)
	ft.advance(sec(3.7))
	if d, ok := k.Deadline(); !ok || !d.Equal(ft.t.Add(sec(11.3))) {
		t.Errorf("Deadline = %v, %v; want 15 s after the start", d, ok)
	}
	c, err := k.Stop()
	if err != nil || c.Charged != sec(3) || !c.OnTime || c.After.Main != sec(7) {
		t.Fatalf("Stop = %+v, %v", c, err)
	}
	k.Start(shogi.White)
	ft.advance(sec(14.999))
	if _, flagged := k.Flagged(); flagged {
		t.Errorf("flagged before the deadline")
	}
	ft.advance(ms(1))
	at, flagged := k.Flagged()
	if !flagged || !at.Equal(ft.t) {
		t.Errorf("Flagged = %v, %v; want now", at, flagged)
	}
	c, _ = k.Stop()
	if c.OnTime || c.Late != 0 || !k.State(shogi.White).Flagged {
		t.Errorf("a move at the flag: %+v", c)
	}
	if got := k.State(shogi.Black); got.Moves != 1 || got.Used != sec(3) {
		t.Errorf("black's state = %+v", got)
	}
}

func TestNoClockNeverFlags(t *testing.T) {
	k := clock.New(clock.Control{}, nil)
	c := k.Charge(shogi.Black, time.Hour)
	if !c.OnTime {
		t.Errorf("a move without a clock lost on time")
	}
	k.Start(shogi.White)
	if _, ok := k.Deadline(); ok {
		t.Errorf("a deadline without a clock")
	}
}

// Time+/Time-: each side is charged by its own allowance.
func TestPerSide(t *testing.T) {
	c := clock.Control{Black: clock.Allowance{Main: sec(600), Increment: sec(10), Unit: time.Second},
		White: clock.Allowance{Main: sec(600), Byoyomi: sec(30), Unit: time.Second}}
	k := clock.New(c, nil)
	if ch := k.Charge(shogi.Black, sec(605)); !ch.OnTime || ch.After.Main != sec(5) {
		t.Errorf("black: %+v", ch)
	}
	if ch := k.Charge(shogi.White, sec(629)); !ch.OnTime || ch.After.Main != 0 || !k.InByoyomi(shogi.White) {
		t.Errorf("white: %+v", ch)
	}
	if got, want := k.Go(shogi.White).String(), "btime 5000 wtime 0 byoyomi 29500 binc 10000 winc 0"; got != want {
		t.Errorf("Go(white) = %q, want %q", got, want)
	}
}

// With Time_Roundup a move loses a unit before the time available is reached: Go
// tells the mover that much less, so that a move the engine ends within the time
// told, plus the margin, is on time.
func TestGoRoundUp(t *testing.T) {
	c := clock.Same(clock.Allowance{Byoyomi: sec(10), Unit: time.Second, RoundUp: true})
	k := clock.New(c, nil)
	g := k.Go(shogi.Black)
	if got, want := g.String(), "btime 0 wtime 0 byoyomi 8500"; got != want {
		t.Errorf("Go = %q, want %q", got, want)
	}
	if ch := k.Charge(shogi.Black, g.Byoyomi+c.Withheld()-time.Nanosecond); !ch.OnTime {
		t.Errorf("a move within the time told and the margin: %+v", ch)
	}
	if ch := k.Charge(shogi.Black, sec(9)+time.Millisecond); ch.OnTime {
		t.Errorf("a move of 9.001s charged 10s of a 10s byoyomi is on time: %+v", ch)
	}
}
