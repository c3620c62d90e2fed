package usi_test

import (
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/usi"
)

// steppedTime returns a time source under which every move, from the clock's
// Start to its Stop, takes step exactly: each second reading is step after the
// first.
func steppedTime(step time.Duration) func() time.Time {
	var mu sync.Mutex
	calls := 0
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t := base.Add(time.Duration((calls+1)/2) * step)
		calls++
		return t
	}
}

// TestPlayGameClock: a game on a clock.Control charges each move through the clock
// (periods, per-side allowances, an increment before the move), tells the engines
// what Clock.Go says, and ends when the clock says a flag fell; the record holds the
// times charged.
func TestPlayGameClock(t *testing.T) {
	const s = time.Second
	tests := []struct {
		name       string
		control    clock.Control
		step       time.Duration
		wantGo     [2][]string // each side's go commands
		wantPlies  int         // moves played before the flag fell
		wantResult shogi.Result
		wantDetail string
		wantLate   time.Duration
		wantLimit  string // the record's 持ち時間
	}{
		{
			// 考慮時間: three periods of a minute then 30 s of byoyomi; each move of 95 s
			// uses a period, and black's third, with one period left (90 s), is late.
			name:    "periods",
			control: clock.Control{Black: clock.Allowance{Periods: 3, Period: time.Minute, Byoyomi: 30 * s, Unit: s}, White: clock.Allowance{Periods: 3, Period: time.Minute, Byoyomi: 30 * s, Unit: s}, Margin: s},
			step:    95 * s,
			wantGo: [2][]string{
				{"go btime 180000 wtime 180000 byoyomi 29000", "go btime 120000 wtime 120000 byoyomi 29000", "go btime 60000 wtime 60000 byoyomi 29000"},
				{"go btime 120000 wtime 180000 byoyomi 29000", "go btime 60000 wtime 120000 byoyomi 29000"},
			},
			wantPlies: 4, wantResult: shogi.WhiteWins, wantLate: 5 * s,
			wantDetail: "black lost on time: 5s late (1m35s for a move that had 1m30s)",
			wantLimit:  "各0分（考慮時間1分×3回、秒読み30秒）",
		},
		{
			// Time+/Time-: black has 10 s of byoyomi a move, white 20 s sudden death;
			// white's fourth move of 6 s, with 2 s left, is late.
			name:    "per side",
			control: clock.Control{Black: clock.Allowance{Byoyomi: 10 * s, Unit: s}, White: clock.Allowance{Main: 20 * s, Unit: s}, Margin: s},
			step:    6 * s,
			wantGo: [2][]string{
				{"go btime 0 wtime 20000 byoyomi 9000", "go btime 0 wtime 14000 byoyomi 9000", "go btime 0 wtime 8000 byoyomi 9000", "go btime 0 wtime 2000 byoyomi 9000"},
				{"go btime 0 wtime 19000 byoyomi 0", "go btime 0 wtime 13000 byoyomi 0", "go btime 0 wtime 7000 byoyomi 0", "go btime 0 wtime 1000 byoyomi 0"},
			},
			wantPlies: 7, wantResult: shogi.BlackWins, wantLate: 4 * s,
			wantDetail: "white lost on time: 4s late (6s for a move that had 2s)",
		},
		{
			// CSA's Fischer: 5 s added before each move, the first included; black's
			// second move of 12 s, with 3 s and 5 s, is late.
			name:    "increment before the move",
			control: func() clock.Control { c := clock.Fischer(10*s, 5*s); c.Margin = s; return c }(),
			step:    12 * s,
			wantGo: [2][]string{
				{"go btime 9000 wtime 9000 binc 5000 winc 5000", "go btime 2000 wtime 2000 binc 5000 winc 5000"},
				{"go btime 2000 wtime 9000 binc 5000 winc 5000"},
			},
			wantPlies: 2, wantResult: shogi.WhiteWins, wantLate: 4 * s,
			wantDetail: "black lost on time: 4s late (12s for a move that had 8s)",
			wantLimit:  "各10秒（1手ごとに5秒加算）",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tr [2]transcript
			black, white := startFake(t, &tr[0]), startFake(t, &tr[1])
			g, err := usi.PlayGame(timeout(t, 30*time.Second), usi.GameConfig{Black: black, White: white,
				Clock: tt.control, Now: steppedTime(tt.step),
				// Time is overridden by Clock.
				Time: usi.TimeControl{Byoyomi: time.Hour}})
			if err != nil {
				t.Fatal(err)
			}
			for side := range tr {
				if diff := cmp.Diff(tt.wantGo[side], tr[side].sent("go")); diff != "" {
					t.Errorf("%v's go commands (-want +got):\n%s", shogi.Color(side), diff)
				}
			}
			line := g.Record.MainLine()
			if len(line) != tt.wantPlies || g.Result != tt.wantResult || !g.LostOnTime() || g.Late != tt.wantLate || g.Detail != tt.wantDetail {
				t.Errorf("%d moves, result %v, ending %v, late %v, detail %q; want %d moves, %v on time, late %v, %q",
					len(line), g.Result, g.Ending, g.Late, g.Detail, tt.wantPlies, tt.wantResult, tt.wantLate, tt.wantDetail)
			}
			// Each move is charged the step; the totals are each side's.
			for i, n := range line {
				want := shogi.MoveTime{Spent: tt.step, Total: time.Duration(i/2+1) * tt.step}
				if !n.HasTime || n.Time != want {
					t.Errorf("move %d: time %+v, want %+v", i+1, n.Time, want)
				}
			}
			if limit, _ := g.Record.Header.Get(shogi.HeaderTimeLimit); tt.wantLimit != "" && limit != tt.wantLimit {
				t.Errorf("持ち時間 %q, want %q", limit, tt.wantLimit)
			}
			// The record's times agree with the control it states.
			if tt.wantLimit != "" {
				for _, w := range clock.CheckTimes(g.Record) {
					if w.Code != "over-time" || w.Move != tt.wantPlies+1 {
						t.Errorf("CheckTimes: %v", w)
					}
				}
			}
		})
	}
}

// TestPlayGameBadClock: a control that cannot be a clock is an error before the
// game starts.
func TestPlayGameBadClock(t *testing.T) {
	e := startFake(t, nil)
	_, err := usi.PlayGame(timeout(t, 10*time.Second), usi.GameConfig{Black: e, White: e,
		Clock: clock.Same(clock.Allowance{Main: -time.Second, Byoyomi: time.Second})})
	if err == nil {
		t.Fatal("PlayGame took a negative main time")
	}
}
