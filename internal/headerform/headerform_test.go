package headerform

import (
	"testing"
	"time"
)

func TestParseTimeLimit(t *testing.T) {
	for _, tc := range []struct {
		in       string
		main     time.Duration
		byo      time.Duration
		ok       bool
		csa, kif string
	}{
		{"各10分", 10 * time.Minute, 0, true, "00:10+00", "各10分"},
		{"各１０分", 10 * time.Minute, 0, true, "00:10+00", "各10分"},
		{"1時間30分", 90 * time.Minute, 0, true, "01:30+00", "各1時間30分"},
		{"各10分（秒読み30秒）", 10 * time.Minute, 30 * time.Second, true, "00:10+30", "各10分"},
		{"10分+30秒", 10 * time.Minute, 30 * time.Second, true, "00:10+30", "各10分"},
		{"各5分 切れ負け", 5 * time.Minute, 0, true, "00:05+00", "各5分"},
		{"10分切れ負け", 10 * time.Minute, 0, true, "00:10+00", "各10分"},
		{"30+0+5", 0, 0, false, "", ""}, // CSA V3.0's $TIME, with an increment
		{"5分+5秒追加", 0, 0, false, "", ""},
		{"00:25+00", 25 * time.Minute, 0, true, "00:25+00", "各25分"},
		{"00:00+30", 0, 30 * time.Second, true, "00:00+30", "各0分"},
		{"6時間", 6 * time.Hour, 0, true, "06:00+00", "各6時間"},
		{"60分 切れたら1分将棋", 0, 0, false, "", ""},
		{"15分＋30秒＋（考慮時間10分）", 0, 0, false, "", ""},
		{"", 0, 0, false, "", ""},
		{"各", 0, 0, false, "", ""},
		{"00:10+3600", 10 * time.Minute, time.Hour, true, "00:10+3600", "各10分"},
		{"00:10+3601", 0, 0, false, "", ""},
		// Byoyomi past an int, and seconds a Duration's multiplication would wrap to
		// less than an hour: refused, not read as another limit.
		{"0:10+33333333333333333333", 0, 0, false, "", ""},
		{"0:10+9223372036", 0, 0, false, "", ""},
		{"99999999999999999999:00+00", 0, 0, false, "", ""},
	} {
		got, ok := ParseTimeLimit(tc.in)
		if ok != tc.ok || got.Main != tc.main || got.Byoyomi != tc.byo {
			t.Errorf("ParseTimeLimit(%q) = %+v, %v; want %v+%v, %v", tc.in, got, ok, tc.main, tc.byo, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if csa, _ := got.CSA(); csa != tc.csa {
			t.Errorf("%q: CSA %q, want %q", tc.in, csa, tc.csa)
		}
		main, _ := got.KIF()
		if main != tc.kif {
			t.Errorf("%q: KIF %q, want %q", tc.in, main, tc.kif)
		}
		// Each form reads back as the same limit.
		csa, _ := got.CSA()
		for _, s := range []string{csa, main} {
			back, ok := ParseTimeLimit(s)
			if s == main {
				back.Byoyomi = got.Byoyomi // KIF gives byoyomi in a field of its own
			}
			if !ok || back != got {
				t.Errorf("%q: %q reads back as %+v, %v", tc.in, s, back, ok)
			}
		}
	}
}

func TestCSADateTime(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"2014/09/13 14：59", "2014/09/13 14:59:00"},
		{"1999/07/15(木) 19:07:12", "1999/07/15 19:07:12"},
		{"２０１４／０９／１３", "2014/09/13"},
		{"2002/01/01 19:00:00", "2002/01/01 19:00:00"},
		{"2020-3-4 9:05", "2020/03/04 09:05:00"},
		{"平成26年9月13日", ""},
		{"2014/13/01", ""},
	} {
		got, ok := CSADateTime(tc.in)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("CSADateTime(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

func TestParseByoyomi(t *testing.T) {
	for in, want := range map[string]time.Duration{"30秒": 30 * time.Second, "１分": time.Minute, "なし": -1} {
		got, ok := ParseByoyomi(in)
		if want < 0 && ok || want >= 0 && got != want {
			t.Errorf("ParseByoyomi(%q) = %v, %v", in, got, ok)
		}
	}
}
