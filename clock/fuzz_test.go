package clock_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kifu-go/shogi/clock"
)

// checkParse asserts the parsers' contract: a value or a *ParseError with a reason
// and a column within the text (or just past it), never both.
func checkParse(t *testing.T, s string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var pe *clock.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("%q: not a *ParseError: %v", s, err)
	}
	if clock.Code(err) == "" {
		t.Fatalf("%q: no code: %v", s, err)
	}
	if pe.Column < 1 || pe.Column > len([]rune(s))+1 && pe.Line == 0 {
		t.Fatalf("%q: column %d out of the text: %v", s, pe.Column, err)
	}
}

// FuzzKIF: ParseKIF returns a control or a ParseError; what it returns, FormatKIF
// writes (or says it cannot) and ParseKIF reads back.
func FuzzKIF(f *testing.F) {
	for _, s := range []string{"各10分（秒読み30秒）", "10分切れ負け", "5分+5秒追加", "30+0+5", "00:30+00", "15分＋30秒＋（考慮時間10分）", "60分 切れたら1分将棋", "一億年"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := clock.ParseKIF(s)
		checkParse(t, s, err)
		if err != nil {
			return
		}
		out, err := clock.FormatKIF(c)
		if err != nil {
			if !errors.Is(err, clock.ErrInexpressible) && !errors.Is(err, clock.ErrRange) {
				t.Fatalf("FormatKIF(%v): %v", c, err)
			}
			return
		}
		back, err := clock.ParseKIF(out)
		if err != nil || back != c {
			t.Fatalf("%q → %v → %q → %v, %v", s, c, out, back, err)
		}
	})
}

// FuzzCSA: the two CSA record forms read back what they write.
func FuzzCSA(f *testing.F) {
	for _, s := range []string{"00:25+00", "00:30+30", " 0:00+10", "900+0+5", "60.5+0.25+1.125", "1.2345+0+0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if c, err := clock.ParseCSATimeLimit(s); err == nil {
			out, err := clock.FormatCSATimeLimit(c)
			if err != nil {
				t.Fatalf("FormatCSATimeLimit(%v): %v", c, err)
			}
			if back, err := clock.ParseCSATimeLimit(out); err != nil || back != c {
				t.Fatalf("%q → %q → %v, %v", s, out, back, err)
			}
		} else {
			checkParse(t, s, err)
		}
		if a, err := clock.ParseCSATime(s); err == nil {
			out, err := clock.FormatCSATime(a)
			if err != nil {
				t.Fatalf("FormatCSATime(%v): %v", a, err)
			}
			if back, err := clock.ParseCSATime(out); err != nil || back != a {
				t.Fatalf("%q → %q → %v, %v", s, out, back, err)
			}
		} else {
			checkParse(t, s, err)
		}
	})
}

// FuzzGameName: a game name's control reads back from the name written for it.
func FuzzGameName(f *testing.F) {
	for _, s := range []string{"floodgate-600-10F", "wdoor+floodgate-300-10F+a+b+20210405160009", "x-3600-060", "x-1-00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name, c, err := clock.ParseGameName(s)
		checkParse(t, s, err)
		if err != nil {
			return
		}
		out, err := clock.FormatGameName(name, c)
		if err != nil {
			t.Fatalf("FormatGameName(%q, %v): %v", name, c, err)
		}
		if n2, back, err := clock.ParseGameName(out); err != nil || back != c || n2 != name && !strings.Contains(name, "+") {
			t.Fatalf("%q → %q → %q %v, %v", s, out, n2, back, err)
		}
	})
}

// FuzzSummaryTime: a time section read is written and read back alike.
func FuzzSummaryTime(f *testing.F) {
	f.Add("BEGIN Time\nTime_Unit:1sec\nTotal_Time:300\nByoyomi:0\nIncrement:10\nLeast_Time_Per_Move:0\nEND Time")
	f.Add("BEGIN Time+\nTime_Unit:1min\nTotal_Time:60\nEND Time+\nBEGIN Time-\nTime_Unit:500msec\nTime_Roundup:YES\nDelay:2\nEND Time-")
	f.Add("BEGIN Time\nTotal_Time:abc\nEND Time")
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		c, err := clock.ParseSummaryTime(lines)
		if err != nil {
			var pe *clock.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Line > len(lines) || clock.Code(err) == "" {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if c.IsZero() && c == (clock.Control{}) {
			return
		}
		out, err := clock.FormatSummaryTime(c)
		if err != nil {
			if !errors.Is(err, clock.ErrInexpressible) && !errors.Is(err, clock.ErrRange) {
				t.Fatalf("FormatSummaryTime(%v): %v", c, err)
			}
			return
		}
		if back, err := clock.ParseSummaryTime(out); err != nil || back != c {
			t.Fatalf("%q → %v → %q → %v, %v", s, c, out, back, err)
		}
	})
}

// FuzzGo: go arguments read are written and read back alike.
func FuzzGo(f *testing.F) {
	for _, s := range []string{"go btime 60000 wtime 50000 byoyomi 10000", "go btime 1 wtime 2 binc 3 winc 4", "go ponder depth 4", "go btime"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := clock.ParseGo(s)
		checkParse(t, s, err)
		if err != nil {
			return
		}
		if back, err := clock.ParseGo(g.String()); err != nil || back != g {
			// A byoyomi given with increments is written; an increment of zero
			// beside a byoyomi is not, and reads back as zero: the same.
			t.Fatalf("%q → %q → %v, %v; want %v", s, g.String(), back, err, g)
		}
	})
}
