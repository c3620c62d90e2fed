package clock

// KIF's 持ち時間 is free text. The forms read, after full-width digits and signs
// are made ASCII: a main time in words, "各" before it or not ("各10分", "10分",
// "6時間", "各1時間30分", "0分"), then any of, in parentheses, after "+" or "、"
// or a space: 秒読み ("（秒読み30秒）", "秒読み30秒", "10分+30秒"), 切れ負け
// ("10分切れ負け", "25分、切れ負け"), 切れたら…将棋 ("60分 切れたら1分将棋"), an
// increment ("5分+5秒追加", "1手ごとに5秒加算"), and consideration periods
// ("考慮時間1分×10回", "考慮時間10回" and "考慮時間10分", both ten periods of a
// minute). The CSA forms occur too ("00:30+00", "30+0+5") and are read as CSA's.
// KIF does not say when an increment is added: it is read as CSA's, before each
// move.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

const kifForm = "持ち時間"

var (
	kifWide = strings.NewReplacer(
		"０", "0", "１", "1", "２", "2", "３", "3", "４", "4", "５", "5", "６", "6", "７", "7", "８", "8", "９", "9",
		"：", ":", "＋", "+", "（", "(", "）", ")", "　", " ", "，", ",", "．", ".", "✕", "×", "x", "×", "X", "×", "＊", "×", "*", "×")
	kifWords = `(?:([0-9]+)時間)?(?:([0-9]+)分)?(?:([0-9]+)秒)?`
	kifMain  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:各)?` + kifWords) })
	kifParts = sync.OnceValue(func() []kifPart {
		return []kifPart{
			{"suddendeath", regexp.MustCompile(`^切れ負け?`)},
			{"byoyomi", regexp.MustCompile(`^(?:秒読み|切れたら)\s*` + kifWords + `(?:将棋)?`)},
			{"increment", regexp.MustCompile(`^(?:1手(?:ごとに|毎に|につき)|加算)?\s*` + kifWords + `\s*(?:追加|加算)`)},
			{"periods", regexp.MustCompile(`^考慮時間\s*(?:` + kifWords + `\s*×\s*([0-9]+)回|([0-9]+)回|([0-9]+)分)`)},
			{"byoyomi", regexp.MustCompile(`^` + kifWords)},
		}
	})
)

// kifPart is a part of a KIF time control after the main time: its kind and form.
type kifPart struct {
	kind string
	re   *regexp.Regexp
}

// words returns the duration of hours, minutes and seconds in m[0:3] (decimal text,
// empty for none), and false when none is given or it is too long.
func words(m []string) (time.Duration, bool) {
	var d time.Duration
	given := false
	for i, unit := range []time.Duration{time.Hour, time.Minute, time.Second} {
		if m[i] == "" {
			continue
		}
		given = true
		n, err := strconv.ParseInt(m[i], 10, 64)
		if err != nil || time.Duration(n) > maxDuration/unit {
			return 0, false
		}
		d += time.Duration(n) * unit
	}
	return d, given && d <= maxDuration
}

// ParseKIF reads the value of KIF's 持ち時間 field: both sides get it, charged in
// whole seconds (the unit of KIF's times) with an increment before each move.
func ParseKIF(s string) (Control, error) {
	a, err := parseKIF(s)
	if err != nil {
		return Control{}, err
	}
	return Same(a), nil
}

// ParseKIFFields reads the 持ち時間 and 秒読み fields of a KIF header (either may be
// empty): 秒読み gives the byoyomi ("30秒", "1分") when 持ち時間 gives none, and must
// agree with it otherwise.
func ParseKIFFields(timeLimit, byoyomi string) (Control, error) {
	var a Allowance
	if strings.TrimSpace(timeLimit) != "" {
		var err error
		if a, err = parseKIF(timeLimit); err != nil {
			return Control{}, err
		}
	} else {
		a.Unit = time.Second
	}
	if strings.TrimSpace(byoyomi) == "" {
		return Same(a), nil
	}
	t := strings.TrimSpace(kifWide.Replace(byoyomi))
	m := regexp.MustCompile(`^` + kifWords + `$`).FindStringSubmatch(t)
	if m == nil {
		return Control{}, &ParseError{Form: "秒読み", Text: byoyomi, Column: 1, Err: ErrSyntax}
	}
	d, ok := words(m[1:4])
	if !ok {
		return Control{}, &ParseError{Form: "秒読み", Text: byoyomi, Column: 1, Err: ErrRange}
	}
	if a.Byoyomi != 0 && a.Byoyomi != d {
		return Control{}, &ParseError{Form: "秒読み", Text: byoyomi, Column: 1, Err: fmt.Errorf("%w: 持ち時間 gives a byoyomi of %v", ErrSyntax, a.Byoyomi)}
	}
	a.Byoyomi = d
	return Same(a), nil
}

func parseKIF(s string) (Allowance, error) {
	t := strings.TrimSpace(kifWide.Replace(s))
	// Columns count characters of s; the replacements keep one character for one.
	col := func(rest string) int {
		return utf8.RuneCountInString(t[:len(t)-len(rest)]) + 1 + leading(kifWide.Replace(s))
	}
	if csaTimeLimit().MatchString(t) {
		c, err := ParseCSATimeLimit(t)
		if err != nil {
			err.(*ParseError).Form, err.(*ParseError).Text = kifForm, s
			return Allowance{}, err
		}
		return c.Black, nil
	}
	if csaTime().MatchString(t) {
		a, err := ParseCSATime(t)
		if err != nil {
			err.(*ParseError).Form, err.(*ParseError).Text = kifForm, s
		}
		return a, err
	}
	m := kifMain().FindStringSubmatch(t)
	main, ok := words(m[1:4])
	if !ok {
		reason := ErrSyntax
		if m[1] != "" || m[2] != "" || m[3] != "" {
			reason = ErrRange
		}
		return Allowance{}, &ParseError{Form: kifForm, Text: s, Column: col(t), Err: fmt.Errorf("%w: want a time such as 各10分", reason)}
	}
	a := Allowance{Main: main, Unit: time.Second}
	rest := t[len(m[0]):]
	seen := map[string]bool{}
	for {
		rest = strings.TrimLeft(rest, " 、,+()・")
		if rest == "" {
			return a, nil
		}
		matched := false
		for _, p := range kifParts() {
			m := p.re.FindStringSubmatch(rest)
			if m == nil || m[0] == "" {
				continue
			}
			if seen[p.kind] {
				return Allowance{}, &ParseError{Form: kifForm, Text: s, Column: col(rest), Err: fmt.Errorf("%w: a second %s", ErrSyntax, p.kind)}
			}
			seen[p.kind] = true
			var err error
			switch p.kind {
			case "byoyomi":
				d, ok := words(m[1:4])
				if !ok {
					err = ErrRange
				}
				a.Byoyomi = d
			case "increment":
				d, ok := words(m[1:4])
				if !ok {
					err = ErrRange
				}
				a.Increment = d
			case "periods":
				a.Period = time.Minute
				n := m[4]
				switch {
				case m[5] != "":
					n = m[5]
				case m[6] != "":
					n = m[6]
				default:
					d, ok := words(m[1:4])
					if !ok {
						err = ErrRange
					}
					a.Period = d
				}
				k, e := strconv.Atoi(n)
				if e != nil || k > 10000 || k > 0 && (a.Period == 0 || time.Duration(k) > maxDuration/a.Period) {
					err = ErrRange
				}
				a.Periods = k
				if k == 0 {
					a.Period = 0
				}
			}
			if err != nil {
				return Allowance{}, &ParseError{Form: kifForm, Text: s, Column: col(rest), Err: err}
			}
			if seen["suddendeath"] && (a.Byoyomi > 0 || a.Increment > 0 || a.Periods > 0) {
				return Allowance{}, &ParseError{Form: kifForm, Text: s, Column: col(rest), Err: fmt.Errorf("%w: 切れ負け with more time after the main time", ErrSyntax)}
			}
			rest = rest[len(m[0]):]
			matched = true
			break
		}
		if !matched {
			return Allowance{}, &ParseError{Form: kifForm, Text: s, Column: col(rest), Err: fmt.Errorf("%w: unknown words", ErrSyntax)}
		}
	}
}

// leading returns the number of characters TrimSpace removes from the front of s.
func leading(s string) int {
	return utf8.RuneCountInString(s) - utf8.RuneCountInString(strings.TrimLeft(s, " \t\r\n\v\f"))
}

// FormatKIF writes c as the value of KIF's 持ち時間: "各10分", "各10分（秒読み30秒）",
// "各10分（考慮時間1分×10回、秒読み30秒）", "各5分（1手ごとに5秒加算）". It can express the
// same times for both sides in whole seconds, and no delay; the charging rules and
// the margin are not part of it.
func FormatKIF(c Control) (string, error) {
	a := c.Black
	switch {
	case !sameSpelled(c.Black, c.White) && !(sameSpelled(withoutAfter(c.Black), withoutAfter(c.White))):
		return "", inexpressible(kifForm, "the sides' times differ")
	case a.Delay > 0:
		return "", inexpressible(kifForm, "it has no delay")
	case a.Main < 0 || a.Byoyomi < 0 || a.Increment < 0 || a.Periods < 0 || a.Period < 0:
		return "", fmt.Errorf("%w: a negative duration", ErrRange)
	case a.Periods > 0 && a.Period == 0:
		return "", fmt.Errorf("%w: %d periods of no length", ErrRange, a.Periods)
	}
	if err := inRange(a.Main, a.Byoyomi, a.Increment, a.Period); err != nil {
		return "", err
	}
	for _, d := range []time.Duration{a.Main, a.Byoyomi, a.Increment, a.Period} {
		if d%time.Second != 0 {
			return "", inexpressible(kifForm, "its times are whole seconds")
		}
	}
	var parts []string
	if a.Periods > 0 {
		parts = append(parts, fmt.Sprintf("考慮時間%s×%d回", kifWordsOf(a.Period), a.Periods))
	}
	if a.Byoyomi > 0 {
		parts = append(parts, "秒読み"+kifWordsOf(a.Byoyomi))
	}
	if a.Increment > 0 {
		parts = append(parts, "1手ごとに"+kifWordsOf(a.Increment)+"加算")
	}
	s := "各" + kifWordsOf(a.Main)
	if len(parts) > 0 {
		s += "（" + strings.Join(parts, "、") + "）"
	}
	return s, nil
}

// withoutAfter returns a with IncrementAfter false.
func withoutAfter(a Allowance) Allowance {
	a.IncrementAfter = false
	return a
}

// kifWordsOf writes a duration in KIF's words: "1時間30分", "10分", "30秒", "0分".
func kifWordsOf(d time.Duration) string {
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
