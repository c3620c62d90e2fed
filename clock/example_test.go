package clock_test

import (
	"fmt"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/record"
)

// A clock driven by a time source: here a fake one, moved by hand.
func ExampleClock() {
	now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	k := clock.New(clock.Byoyomi(10*time.Second, 5*time.Second), func() time.Time { return now })

	k.Start(shogi.Black)
	now = now.Add(3700 * time.Millisecond)
	c, _ := k.Stop()
	fmt.Println(c.Charged, c.OnTime, c.After.Main) // whole seconds, rounded down

	k.Start(shogi.White)
	deadline, _ := k.Deadline()
	fmt.Println(deadline.Sub(now)) // white's 10 s and the 5 s byoyomi
	now = now.Add(15 * time.Second)
	at, flagged := k.Flagged()
	fmt.Println(flagged, at.Equal(deadline))
	// Output:
	// 3s true 7s
	// 15s
	// true true
}

// The NHK Cup: ten minutes, then ten periods of a minute, each used period rounded
// down, then 30 seconds a move.
func ExampleNHKCup() {
	a := clock.NHKCup().Black
	s := a.Start()
	for _, took := range []time.Duration{10 * time.Minute, 59 * time.Second, 150 * time.Second} {
		c := a.Apply(shogi.Black, s, took)
		s = c.After
		fmt.Printf("%v: main %v, %d periods left, in byoyomi %v\n", took, s.Main, s.Periods, a.InByoyomi(s))
	}
	at, _ := a.FlagAt(s)
	fmt.Println("the next move's flag falls at", at)
	// Output:
	// 10m0s: main 0s, 10 periods left, in byoyomi false
	// 59s: main 0s, 10 periods left, in byoyomi false
	// 2m30s: main 0s, 8 periods left, in byoyomi false
	// the next move's flag falls at 8m30s
}

// The professionals' clock: minutes rounded down, byoyomi from the last minute.
func ExampleProfessional() {
	a := clock.Professional(time.Hour).Black
	s := a.Start()
	for _, took := range []time.Duration{59 * time.Second, 58*time.Minute + 40*time.Second, 50 * time.Second, time.Minute} {
		c := a.Apply(shogi.Black, s, took)
		s = c.After
		fmt.Printf("%v: charged %v, %v left, on time %v, in byoyomi %v\n", took, c.Charged, s.Main, c.OnTime, a.InByoyomi(s))
	}
	// Output:
	// 59s: charged 0s, 1h0m0s left, on time true, in byoyomi false
	// 58m40s: charged 58m0s, 2m0s left, on time true, in byoyomi false
	// 50s: charged 0s, 2m0s left, on time true, in byoyomi false
	// 1m0s: charged 1m0s, 1m0s left, on time true, in byoyomi true
}

// The spellings of one control.
func ExampleParseKIF() {
	c, err := clock.ParseKIF("持ち時間：各10分（秒読み30秒）"[len("持ち時間："):])
	if err != nil {
		fmt.Println(err)
		return
	}
	limit, _ := clock.FormatCSATimeLimit(c)
	name, _ := clock.FormatGameName("floodgate", c)
	v3, _ := clock.FormatCSATime(c.Black)
	kif, _ := clock.FormatKIF(c)
	fmt.Println(limit)
	fmt.Println(name)
	fmt.Println(v3)
	fmt.Println(kif)
	_, err = clock.ParseKIF("一億年")
	fmt.Println(err)
	// Output:
	// 00:10+30
	// floodgate-600-30
	// 600+30+0
	// 各10分（秒読み30秒）
	// clock: 持ち時間 "一億年": column 1: malformed time control: want a time such as 各10分
}

// A floodgate game's control from its Game_ID.
func ExampleParseGameName() {
	name, c, _ := clock.ParseGameName("wdoor+floodgate-300-10F+black+white+20210405160009")
	fmt.Println(name, c)
	// Output:
	// floodgate main 5m0s, increment 10s before each move, charged in 1s rounded down
}

// The time section of a CSA Game_Summary, read and written.
func ExampleParseSummaryTime() {
	c, _ := clock.ParseSummaryTime([]string{
		"BEGIN Time", "Time_Unit:1sec", "Total_Time:600", "Byoyomi:10", "Least_Time_Per_Move:1", "END Time",
	})
	fmt.Println(c)
	lines, _ := clock.FormatSummaryTime(c)
	fmt.Println(lines)
	// Output:
	// main 10m0s, byoyomi 10s, charged in 1s rounded down, at least 1s a move
	// [BEGIN Time Time_Unit:1sec Total_Time:600 Byoyomi:10 Least_Time_Per_Move:1 END Time]
}

// The go arguments for an engine: its clock less the margin.
func ExampleClock_Go() {
	c := clock.Fischer(5*time.Minute, 10*time.Second)
	c.Margin = time.Second
	k := clock.New(c, nil)
	k.Charge(shogi.Black, 20*time.Second)
	fmt.Println("go", k.Go(shogi.White))
	// Output:
	// go btime 289000 wtime 299000 binc 10000 winc 10000
}

// A record's times checked against the control its header states.
func ExampleCheckTimes() {
	rec, err := record.Parse([]byte("V2.2\n$TIME_LIMIT:00:01+10\nPI\n+\n+7776FU\nT50\n-3334FU\nT69\n+2726FU\nT19\n-8384FU\nT12\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range clock.CheckTimes(rec) {
		fmt.Println(w.Code, w.Move, w.Side)
		fmt.Println(w)
	}
	// Output:
	// over-time 4 white
	// clock: move 4 (white): 0:00:12 spent with 0:00:10 available (main 1m0s, byoyomi 10s, charged in 1s rounded down)
}
