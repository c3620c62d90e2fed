// Package headerform reads and writes the values of the header fields that KIF and
// CSA both hold in forms of their own: the time limit (KIF 持ち時間 and 秒読み, CSA
// $TIME_LIMIT:HH:MM+SS) and the start and end times (KIF 開始日時 and 終了日時, free
// text in practice; CSA $START_TIME and $END_TIME, YYYY/MM/DD HH:MM:SS). The csa and
// kif writers write a value in their own form when it has one, and record.Losses
// reports a value that has none.
package headerform

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// TimeLimit is a game's time control as the records give it: each side's main time
// and the time per move after it (秒読み, byoyomi; zero for sudden death).
type TimeLimit struct {
	Main, Byoyomi time.Duration
}

// wide maps full-width digits and signs to their ASCII forms.
var wide = strings.NewReplacer(
	"０", "0", "１", "1", "２", "2", "３", "3", "４", "4", "５", "5", "６", "6", "７", "7", "８", "8", "９", "9",
	"：", ":", "／", "/", "＋", "+", "（", "(", "）", ")", "　", " ",
)

var (
	csaTimeLimit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([0-9]+):([0-5][0-9])\+([0-9]+)$`) })
	// kifDuration is a duration in KIF's words: hours, minutes and seconds, each
	// optional but one of them given.
	kifDuration  = `(?:([0-9]+)時間)?(?:([0-9]+)分)?(?:([0-9]+)秒)?`
	kifTimeLimit = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:各)?` + kifDuration +
			`(?:\s*(?:\(\s*(?:秒読み\s*` + kifDuration + `|切れ負け)\s*\)|\+\s*` + kifDuration + `|\s秒読み\s*` + kifDuration + `|\s*切れ負け))?$`)
	})
	kifByoyomi = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^` + kifDuration + `$`) })
)

// The largest time limit CSA's form "HH:MM+SS" reads: 10 000 hours (and 59 minutes), and
// an hour of byoyomi.
const (
	maxCSAHours   = 10000
	maxCSAByoyomi = time.Hour
)

// ParseTimeLimit reads a time limit in CSA's form ("00:10+30") or in one of KIF's
// ("各10分", "1時間30分", "各10分（秒読み30秒）", "10分+30秒", "各5分 切れ負け"), with
// full-width digits or not. It returns false for any other text.
func ParseTimeLimit(s string) (TimeLimit, bool) {
	s = strings.TrimSpace(wide.Replace(s))
	if m := csaTimeLimit().FindStringSubmatch(s); m != nil {
		h, herr := strconv.Atoi(m[1])
		min, _ := strconv.Atoi(m[2]) // two digits
		sec, serr := strconv.Atoi(m[3])
		// Compared as numbers, before a Duration's multiplication could wrap around.
		if herr != nil || serr != nil || h > maxCSAHours || sec > int(maxCSAByoyomi/time.Second) {
			return TimeLimit{}, false
		}
		return TimeLimit{Main: time.Duration(h)*time.Hour + time.Duration(min)*time.Minute, Byoyomi: time.Duration(sec) * time.Second}, true
	}
	m := kifTimeLimit().FindStringSubmatch(s)
	if m == nil || m[1] == "" && m[2] == "" && m[3] == "" {
		return TimeLimit{}, false
	}
	main, ok := duration(m[1:4])
	if !ok {
		return TimeLimit{}, false
	}
	var byo time.Duration
	for _, g := range [][]string{m[4:7], m[7:10], m[10:13]} {
		if d, ok := duration(g); ok && (g[0] != "" || g[1] != "" || g[2] != "") {
			byo = d
		} else if !ok {
			return TimeLimit{}, false
		}
	}
	return TimeLimit{Main: main, Byoyomi: byo}, true
}

// ParseCSATimeLimit reads a time limit in CSA's form "HH:MM+SS" only.
func ParseCSATimeLimit(s string) (TimeLimit, bool) {
	if !csaTimeLimit().MatchString(s) {
		return TimeLimit{}, false
	}
	return ParseTimeLimit(s)
}

// ParseByoyomi reads the value of KIF's 秒読み field ("30秒", "1分"); false for
// anything else.
func ParseByoyomi(s string) (time.Duration, bool) {
	s = strings.TrimSpace(wide.Replace(s))
	m := kifByoyomi().FindStringSubmatch(s)
	if m == nil || m[1] == "" && m[2] == "" && m[3] == "" {
		return 0, false
	}
	return duration(m[1:4])
}

// duration adds up hours, minutes and seconds given as decimal text (empty for none).
func duration(parts []string) (time.Duration, bool) {
	var d time.Duration
	for i, unit := range []time.Duration{time.Hour, time.Minute, time.Second} {
		if parts[i] == "" {
			continue
		}
		n, err := strconv.Atoi(parts[i])
		if err != nil || n > 1_000_000 {
			return 0, false
		}
		d += time.Duration(n) * unit
	}
	return d, true
}

// CSA returns the time limit in CSA's form "HH:MM+SS", and false when it has none: a
// main time that is not a whole number of minutes or is longer than the form reads
// (maxCSAHours), or byoyomi not a whole number of seconds or longer than an hour.
func (t TimeLimit) CSA() (string, bool) {
	if t.Main%time.Minute != 0 || t.Byoyomi%time.Second != 0 || t.Main < 0 || t.Byoyomi < 0 ||
		t.Main >= (maxCSAHours+1)*time.Hour || t.Byoyomi > maxCSAByoyomi {
		return "", false
	}
	min := int64(t.Main / time.Minute)
	return fmt.Sprintf("%02d:%02d+%02d", min/60, min%60, int64(t.Byoyomi/time.Second)), true
}

// KIF returns the main time in KIF's form ("各10分", "各1時間30分", "各0分") and, when
// there is byoyomi, the value of the 秒読み field ("30秒"), else "".
func (t TimeLimit) KIF() (main, byoyomi string) {
	main = "各" + words(t.Main)
	if t.Byoyomi > 0 {
		byoyomi = words(t.Byoyomi)
	}
	return main, byoyomi
}

// words writes a duration in KIF's words: "1時間30分", "10分", "30秒", "0分".
func words(d time.Duration) string {
	var b strings.Builder
	h, m, s := int64(d/time.Hour), int64(d/time.Minute%60), int64(d/time.Second%60)
	if h > 0 {
		fmt.Fprintf(&b, "%d時間", h)
	}
	if m > 0 || h == 0 && s == 0 {
		fmt.Fprintf(&b, "%d分", m)
	}
	if s > 0 {
		fmt.Fprintf(&b, "%d秒", s)
	}
	return b.String()
}

// dateTime matches a date, optionally a weekday in parentheses, and optionally a time
// of hours and minutes with or without seconds, after full-width characters are
// replaced.
var dateTime = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([0-9]{4})[/-]([0-9]{1,2})[/-]([0-9]{1,2})(?:\s*\([^)]{1,3}\))?(?:\s*T?\s*([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?)?$`)
})

// CSADateTime returns a date and time (a KIF 開始日時 or 終了日時, say
// "2014/09/13 14：59" or "1999/07/15(木) 19:07:12") in CSA's form "YYYY/MM/DD
// HH:MM:SS", or "YYYY/MM/DD" for a date alone; false for text it cannot read.
func CSADateTime(s string) (string, bool) {
	m := dateTime().FindStringSubmatch(strings.TrimSpace(wide.Replace(s)))
	if m == nil {
		return "", false
	}
	y, _ := strconv.Atoi(m[1])
	mo, _ := strconv.Atoi(m[2])
	d, _ := strconv.Atoi(m[3])
	if mo < 1 || mo > 12 || d < 1 || d > 31 {
		return "", false
	}
	out := fmt.Sprintf("%04d/%02d/%02d", y, mo, d)
	if m[4] == "" {
		return out, true
	}
	h, _ := strconv.Atoi(m[4])
	mi, _ := strconv.Atoi(m[5])
	sec := 0
	if m[6] != "" {
		sec, _ = strconv.Atoi(m[6])
	}
	if h > 23 || mi > 59 || sec > 60 {
		return "", false
	}
	return out + fmt.Sprintf(" %02d:%02d:%02d", h, mi, sec), true
}
