package clock_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi/clock"
)

// allowance is a whole-second allowance, the parsers' default charging.
func allowance(main, byoyomi, inc time.Duration) clock.Allowance {
	return clock.Allowance{Main: main, Byoyomi: byoyomi, Increment: inc, Unit: time.Second}
}

func TestParseCSATimeLimit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want clock.Allowance
		out  string
		code string
	}{
		// The spec's examples and the forms of the real records (fixtures/real).
		{in: "00:25+00", want: allowance(minutes(25), 0, 0), out: "00:25+00"},
		{in: "00:30+30", want: allowance(minutes(30), sec(30), 0), out: "00:30+30"},
		{in: "00:00+30", want: allowance(0, sec(30), 0), out: "00:00+30"},
		{in: "00:30+05", want: allowance(minutes(30), sec(5), 0), out: "00:30+05"},
		{in: "00:10+30", want: allowance(minutes(10), sec(30), 0), out: "00:10+30"},
		{in: " 0:00+10", want: allowance(0, sec(10), 0), out: "00:00+10"},
		{in: "10:00+10", want: allowance(10*time.Hour, sec(10), 0), out: "10:00+10"},
		{in: "100:00+60", want: allowance(100*time.Hour, sec(60), 0), out: "100:00+60"},
		{in: "00:60+00", code: "syntax"},
		{in: "0:1+0", code: "syntax"},
		{in: "各10分", code: "syntax"},
		{in: "", code: "syntax"},
		{in: "99999999999999999999:00+00", code: "range"},
		{in: "00:00+99999999999999999", code: "range"},
	} {
		c, err := clock.ParseCSATimeLimit(tc.in)
		if tc.code != "" {
			var pe *clock.ParseError
			if !errors.As(err, &pe) || pe.Code() != tc.code {
				t.Errorf("ParseCSATimeLimit(%q) = %v, %v; want a %s error", tc.in, c, err, tc.code)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseCSATimeLimit(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(clock.Same(tc.want), c); diff != "" {
			t.Errorf("ParseCSATimeLimit(%q): (-want +got)\n%s", tc.in, diff)
		}
		if out, err := clock.FormatCSATimeLimit(c); out != tc.out || err != nil {
			t.Errorf("FormatCSATimeLimit(%q) = %q, %v; want %q", tc.in, out, err, tc.out)
		}
	}
	for _, c := range []clock.Control{clock.Fischer(minutes(10), sec(5)), clock.NHKCup(), clock.Byoyomi(sec(90), 0),
		clock.Byoyomi(minutes(1), ms(500)), {Black: allowance(minutes(1), 0, 0), White: allowance(minutes(2), 0, 0)}} {
		if out, err := clock.FormatCSATimeLimit(c); !errors.Is(err, clock.ErrInexpressible) {
			t.Errorf("FormatCSATimeLimit(%v) = %q, %v; want ErrInexpressible", c, out, err)
		}
	}
}

func TestParseCSATime(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		want    clock.Allowance
		bad     bool
	}{
		{in: "900+0+5", out: "900+0+5", want: allowance(sec(900), 0, sec(5))},
		{in: "1500+0+0", out: "1500+0+0", want: allowance(sec(1500), 0, 0)},
		{in: "1800+30+0", out: "1800+30+0", want: allowance(sec(1800), sec(30), 0)},
		{in: "0+30+0", out: "0+30+0", want: allowance(0, sec(30), 0)},
		{in: "30+0+5", out: "30+0+5", want: allowance(sec(30), 0, sec(5))},       // KIF fixtures (ShogiHome)
		{in: "600+30+0", out: "600+30+0", want: allowance(sec(600), sec(30), 0)}, // 後手持ち時間
		{in: "60.5+0.25+1.125", out: "60.5+0.25+1.125", want: allowance(ms(60500), ms(250), ms(1125))},
		{in: "1.2345+0+0", bad: true},
		{in: "900+0", bad: true},
		{in: "-1+0+0", bad: true},
		{in: "900+0+5F", bad: true},
	} {
		a, err := clock.ParseCSATime(tc.in)
		if tc.bad {
			if err == nil {
				t.Errorf("ParseCSATime(%q) = %v, want an error", tc.in, a)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseCSATime(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, a); diff != "" {
			t.Errorf("ParseCSATime(%q): (-want +got)\n%s", tc.in, diff)
		}
		if out, err := clock.FormatCSATime(a); out != tc.out || err != nil {
			t.Errorf("FormatCSATime(%q) = %q, %v", tc.in, out, err)
		}
	}
	c, err := clock.ParseCSATimes("", "600+0+10", "600+30+0")
	want := clock.Control{Black: allowance(sec(600), 0, sec(10)), White: allowance(sec(600), sec(30), 0)}
	if diff := cmp.Diff(want, c); err != nil || diff != "" {
		t.Errorf("ParseCSATimes: %v (-want +got)\n%s", err, diff)
	}
	if _, err := clock.ParseCSATimes("900+0+5", "x", ""); err == nil || !strings.Contains(err.Error(), "$TIME+") {
		t.Errorf("ParseCSATimes with a bad $TIME+: %v", err)
	}
}

func TestParseKIF(t *testing.T) {
	nhk := clock.NHKCup().Black
	for _, tc := range []struct {
		in   string
		want clock.Allowance
		out  string
		col  int // of the error
	}{
		// The forms of fixtures/real, most common first.
		{in: "3分", want: allowance(minutes(3), 0, 0), out: "各3分"},
		{in: "30+0+5", want: allowance(sec(30), 0, sec(5)), out: "各30秒（1手ごとに5秒加算）"},
		{in: "10分", want: allowance(minutes(10), 0, 0), out: "各10分"},
		{in: "00:30+00", want: allowance(minutes(30), 0, 0), out: "各30分"},
		{in: "25分、切れ負け", want: allowance(minutes(25), 0, 0), out: "各25分"},
		{in: "10分+30秒", want: allowance(minutes(10), sec(30), 0), out: "各10分（秒読み30秒）"},
		{in: "3分切れ負け", want: allowance(minutes(3), 0, 0), out: "各3分"},
		{in: "0分", want: allowance(0, 0, 0), out: "各0分"},
		{in: "00:30+05", want: allowance(minutes(30), sec(5), 0), out: "各30分（秒読み5秒）"},
		{in: "各５時間", want: allowance(5*time.Hour, 0, 0), out: "各5時間"},
		{in: "6時間", want: allowance(6*time.Hour, 0, 0), out: "各6時間"},
		{in: "600+30+0", want: allowance(minutes(10), sec(30), 0), out: "各10分（秒読み30秒）"},
		{in: "5分+5秒追加", want: allowance(minutes(5), 0, sec(5)), out: "各5分（1手ごとに5秒加算）"},
		{in: "5分+30秒", want: allowance(minutes(5), sec(30), 0), out: "各5分（秒読み30秒）"},
		{in: "15分+60秒", want: allowance(minutes(15), minutes(1), 0), out: "各15分（秒読み1分）"},
		{in: "10分切れ負け", want: allowance(minutes(10), 0, 0), out: "各10分"},
		{in: " 0:00+10", want: allowance(0, sec(10), 0), out: "各0分（秒読み10秒）"},
		// The spec's and formats.md's examples, and the forms this package writes.
		{in: "各10分（秒読み30秒）", want: allowance(minutes(10), sec(30), 0), out: "各10分（秒読み30秒）"},
		{in: "各1時間30分", want: allowance(90*time.Minute, 0, 0), out: "各1時間30分"},
		{in: "60分 切れたら1分将棋", want: allowance(time.Hour, time.Minute, 0), out: "各1時間（秒読み1分）"},
		{in: "15分＋30秒＋（考慮時間10分）", want: clock.Allowance{Main: minutes(15), Byoyomi: sec(30), Periods: 10, Period: time.Minute, Unit: time.Second},
			out: "各15分（考慮時間1分×10回、秒読み30秒）"},
		{in: "各10分（考慮時間1分×10回、秒読み30秒）", want: nhk, out: "各10分（考慮時間1分×10回、秒読み30秒）"},
		{in: "各10分 考慮時間10回 秒読み30秒", want: nhk, out: "各10分（考慮時間1分×10回、秒読み30秒）"},
		{in: "各5分（1手ごとに5秒加算）", want: allowance(minutes(5), 0, sec(5)), out: "各5分（1手ごとに5秒加算）"},
		{in: "各5分 切れ負け", want: allowance(minutes(5), 0, 0), out: "各5分"},
		{in: "各1時間30秒", want: allowance(time.Hour+sec(30), 0, 0), out: "各1時間30秒"},
		// Errors, with the column of the problem.
		{in: "一億年", col: 1},
		{in: "各10分（秒読み30秒", want: allowance(minutes(10), sec(30), 0), out: "各10分（秒読み30秒）"}, // an unclosed parenthesis is let pass
		{in: "10分 早指し", col: 5},
		{in: "10分切れ負け+30秒", col: 9},
		{in: "10分+30秒+40秒", col: 9},
		{in: "", col: 1},
		{in: "99999999999時間", col: 1},
	} {
		c, err := clock.ParseKIF(tc.in)
		if tc.col != 0 {
			var pe *clock.ParseError
			if !errors.As(err, &pe) || pe.Column != tc.col {
				t.Errorf("ParseKIF(%q) = %v, %v; want an error at column %d", tc.in, c, err, tc.col)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseKIF(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(clock.Same(tc.want), c); diff != "" {
			t.Errorf("ParseKIF(%q): (-want +got)\n%s", tc.in, diff)
		}
		out, err := clock.FormatKIF(c)
		if out != tc.out || err != nil {
			t.Errorf("FormatKIF(%q) = %q, %v; want %q", tc.in, out, err, tc.out)
		}
		if back, err := clock.ParseKIF(out); err != nil || back != c {
			t.Errorf("ParseKIF(FormatKIF(%q)) = %v, %v; want %v", tc.in, back, err, c)
		}
	}
}

func TestParseKIFFields(t *testing.T) {
	// Shogi Wars writes 持ち時間：0分 and 秒読み：10秒 (fixtures/real).
	c, err := clock.ParseKIFFields("0分", "10秒")
	if diff := cmp.Diff(clock.Same(allowance(0, sec(10), 0)), c); err != nil || diff != "" {
		t.Errorf("ParseKIFFields(0分, 10秒): %v (-want +got)\n%s", err, diff)
	}
	c, err = clock.ParseKIFFields("", "３０秒")
	if diff := cmp.Diff(clock.Same(allowance(0, sec(30), 0)), c); err != nil || diff != "" {
		t.Errorf("ParseKIFFields(, ３０秒): %v (-want +got)\n%s", err, diff)
	}
	if _, err := clock.ParseKIFFields("各10分（秒読み30秒）", "60秒"); !errors.Is(err, clock.ErrSyntax) {
		t.Errorf("disagreeing 秒読み: %v", err)
	}
	if _, err := clock.ParseKIFFields("各10分", "たくさん"); !errors.Is(err, clock.ErrSyntax) {
		t.Errorf("bad 秒読み: %v", err)
	}
}

func TestParseGameName(t *testing.T) {
	for _, tc := range []struct {
		in, name string
		want     clock.Allowance
		out      string
	}{
		{"floodgate-600-10F", "floodgate", allowance(sec(600), 0, sec(10)), "floodgate-600-10F"},
		{"floodgate-600-10", "floodgate", allowance(sec(600), sec(10), 0), "floodgate-600-10"},
		{"floodgate-300-10F", "floodgate", allowance(sec(300), 0, sec(10)), "floodgate-300-10F"},
		{"wdoor+floodgate-300-10F+10b_n003_1060+40b_n007_1050Ti+20210405160009", "floodgate", allowance(sec(300), 0, sec(10)), "floodgate-300-10F"},
		{"dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040", "tu-1_aobazero_viper", allowance(sec(300), 0, sec(5)), "tu-1_aobazero_viper-300-5F"},
		{"test+test-30-5F+Enemy+usi-csa-bridge+20260805002900", "test", allowance(sec(30), 0, sec(5)), "test-30-5F"},
		{"20150505-CSA25-3-5-7", "20150505-CSA25-3", allowance(sec(5), sec(7), 0), "20150505-CSA25-3-5-7"},
		{"yowai_gps-1500-0", "yowai_gps", allowance(sec(1500), 0, 0), "yowai_gps-1500-0"},
		{"pro-3600-060", "pro", clock.Allowance{Main: time.Hour, Unit: time.Minute}, "pro-3600-060"},
	} {
		name, c, err := clock.ParseGameName(tc.in)
		if err != nil {
			t.Errorf("ParseGameName(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(clock.Same(tc.want), c); name != tc.name || diff != "" {
			t.Errorf("ParseGameName(%q) = %q: (-want +got)\n%s", tc.in, name, diff)
		}
		if out, err := clock.FormatGameName(name, c); out != tc.out || err != nil {
			t.Errorf("FormatGameName(%q) = %q, %v; want %q", tc.in, out, err, tc.out)
		}
	}
	for _, in := range []string{"floodgate", "floodgate-600", "floodgate-600-F", "x-1-00", "x-99999999999999999999-1"} {
		if _, c, err := clock.ParseGameName(in); err == nil {
			t.Errorf("ParseGameName(%q) = %v, want an error", in, c)
		}
	}
	for _, c := range []clock.Control{clock.NHKCup(), clock.Byoyomi(ms(1500), 0), {Black: allowance(sec(1), 0, 0)},
		clock.Same(clock.Allowance{Main: sec(10), Byoyomi: sec(1), Increment: sec(1), Unit: time.Second})} {
		if out, err := clock.FormatGameName("x", c); !errors.Is(err, clock.ErrInexpressible) {
			t.Errorf("FormatGameName(%v) = %q, %v; want ErrInexpressible", c, out, err)
		}
	}
}

// summaryLines splits a Game_Summary written one line a row.
func summaryLines(s string) []string { return strings.Split(strings.TrimSpace(s), "\n") }

func TestParseSummaryTime(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     clock.Control
		out      string // FormatSummaryTime's lines, joined; empty when the input's
	}{
		{"floodgate", `BEGIN Game_Summary
Protocol_Version:1.2
Game_ID:wdoor+floodgate-300-10F+JeSuisMoi+tenuki+20190427080002
BEGIN Time
Time_Unit:1sec
Total_Time:300
Byoyomi:0
Increment:10
Least_Time_Per_Move:0
END Time
BEGIN Position
+
END Position
END Game_Summary`, clock.Fischer(sec(300), sec(10)), `BEGIN Time
Time_Unit:1sec
Total_Time:300
Byoyomi:0
Least_Time_Per_Move:0
Increment:10
END Time`},
		{"byoyomi and least time", `BEGIN Time
Time_Unit:1sec
Total_Time:600
Byoyomi:10
Least_Time_Per_Move:1
END Time`, clock.Same(clock.Allowance{Main: sec(600), Byoyomi: sec(10), LeastPerMove: time.Second, Unit: time.Second}), ""},
		{"per side, minutes, roundup, delay", `BEGIN Time+
Time_Unit:1min
Total_Time:60
Byoyomi:1
Least_Time_Per_Move:0
END Time+
BEGIN Time-
Time_Unit:500msec
Total_Time:7200
Byoyomi:0
Least_Time_Per_Move:2
Delay:4
Time_Roundup:YES
END Time-`, clock.Control{Black: clock.Allowance{Main: time.Hour, Byoyomi: time.Minute, Unit: time.Minute},
			White: clock.Allowance{Main: time.Hour, LeastPerMove: time.Second, Delay: 2 * time.Second, Unit: 500 * time.Millisecond, RoundUp: true}}, ""},
		{"%%SHOW's extra keys, no Time_Unit", `BEGIN Time
Total_Time:900
Byoyomi:0
Remaining_Time+:880
Last_Move:+7776FU,T2
END Time`, clock.Same(clock.Allowance{Main: sec(900), Unit: time.Second}), `BEGIN Time
Time_Unit:1sec
Total_Time:900
Byoyomi:0
Least_Time_Per_Move:0
END Time`},
		{"no time section", "BEGIN Game_Summary\nEND Game_Summary", clock.Control{}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := clock.ParseSummaryTime(summaryLines(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, c); diff != "" {
				t.Fatalf("(-want +got)\n%s", diff)
			}
			if c.IsZero() {
				return
			}
			lines, err := clock.FormatSummaryTime(c)
			if err != nil {
				t.Fatal(err)
			}
			want := tc.out
			if want == "" {
				want = strings.TrimSpace(tc.in)
			}
			if diff := cmp.Diff(want, strings.Join(lines, "\n")); diff != "" {
				t.Errorf("FormatSummaryTime: (-want +got)\n%s", diff)
			}
		})
	}
	for _, tc := range []struct {
		in   string
		line int
	}{
		{"BEGIN Time\nTotal_Time:abc\nEND Time", 2},
		{"BEGIN Time\nTime_Unit:1hour\nEND Time", 2},
		{"BEGIN Time\nTotal_Time:600", 1},
		{"BEGIN Time\nTotal_Time:600\nTotal_Time:300\nEND Time", 3},
		{"BEGIN Time\nTime_Roundup:MAYBE\nEND Time", 2},
		{"BEGIN Time\nByoyomi\nEND Time", 2},
		{"BEGIN Time\nEND Time+", 2},
		{"BEGIN Time\nEND Time\nBEGIN Time\nEND Time", 3},
		{"BEGIN Time\nTotal_Time:99999999999999\nEND Time", 2},
	} {
		_, err := clock.ParseSummaryTime(summaryLines(tc.in))
		var pe *clock.ParseError
		if !errors.As(err, &pe) || pe.Line != tc.line {
			t.Errorf("ParseSummaryTime(%q) = %v; want an error on line %d", tc.in, err, tc.line)
		}
	}
	noUnit := clock.Byoyomi(sec(10), sec(1))
	noUnit.Black.Unit, noUnit.White.Unit = 0, 0
	for _, c := range []clock.Control{
		clock.NHKCup(),             // periods
		noUnit,                     // no unit
		clock.Byoyomi(ms(1500), 0), // not whole units
		clock.Same(clock.Allowance{Main: sec(10), Unit: 1500 * time.Millisecond}),
		clock.Same(clock.Allowance{Main: sec(10), Increment: sec(1), IncrementAfter: true, Unit: time.Second}),
	} {
		if lines, err := clock.FormatSummaryTime(c); !errors.Is(err, clock.ErrInexpressible) {
			t.Errorf("FormatSummaryTime(%v) = %q, %v; want ErrInexpressible", c, lines, err)
		}
	}
}

func TestParseGo(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want clock.GoArgs
		out  string
		col  int
	}{
		{in: "go btime 60000 wtime 50000 byoyomi 10000", want: clock.GoArgs{BlackTime: sec(60), WhiteTime: sec(50), Byoyomi: sec(10)}, out: "btime 60000 wtime 50000 byoyomi 10000"},
		{in: "btime 300000 wtime 300000 binc 10000 winc 10000", want: clock.GoArgs{BlackTime: sec(300), WhiteTime: sec(300), BlackInc: sec(10), WhiteInc: sec(10)}, out: "btime 300000 wtime 300000 binc 10000 winc 10000"},
		{in: "go ponder btime 0 wtime 0 byoyomi 1000 depth 4", want: clock.GoArgs{Byoyomi: sec(1)}, out: "btime 0 wtime 0 byoyomi 1000"},
		{in: "go btime 0 wtime 0 byoyomi 0", out: "btime 0 wtime 0 byoyomi 0"},
		{in: "go btime 1000 wtime", col: 20},
		{in: "go btime -1 wtime 0", col: 10},
		{in: "go btime 1e3", col: 10},
		{in: "go　btime 1 frob 2", col: 12},
		{in: "go btime 99999999999999 wtime 0", col: 10},
	} {
		g, err := clock.ParseGo(tc.in)
		if tc.col != 0 {
			var pe *clock.ParseError
			if !errors.As(err, &pe) || pe.Column != tc.col {
				t.Errorf("ParseGo(%q) = %v, %v; want an error at column %d", tc.in, g, err, tc.col)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseGo(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, g); diff != "" {
			t.Errorf("ParseGo(%q): (-want +got)\n%s", tc.in, diff)
		}
		if got := g.String(); got != tc.out {
			t.Errorf("String() = %q, want %q", got, tc.out)
		}
	}
}
