package clock

// The CSA forms: the record's $TIME_LIMIT:HH:MM+SS (main time in hours and minutes,
// byoyomi in seconds; "00" byoyomi is sudden death), V3.0's $TIME:base+byoyomi+increment
// in seconds with up to three decimals ($TIME+ and $TIME- per side; the spec's body
// spells them $TIMET+ and $TIMET-), and the server protocol's time section of a
// Game_Summary (BEGIN Time … END Time, or BEGIN Time+/Time- for each side).

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

var (
	csaTimeLimit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^ *([0-9]+):([0-5][0-9])\+([0-9]+) *$`) })
	csaTime      = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^ *([0-9]+(?:\.[0-9]{1,3})?)\+([0-9]+(?:\.[0-9]{1,3})?)\+([0-9]+(?:\.[0-9]{1,3})?) *$`)
	})
	figure      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]+(?:\.[0-9]{1,3})?$`) })
	csaTimeUnit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([0-9]+)?(sec|min|msec)$`) })
)

// parseFigure reads a decimal figure of unit ("30", "6.123"); false for another text
// or a figure beyond maxDuration.
func parseFigure(s string, unit time.Duration) (time.Duration, bool) {
	if !figure().MatchString(s) {
		return 0, false
	}
	whole, frac, _ := strings.Cut(s, ".")
	if len(whole) > 12 {
		return 0, false
	}
	n, _ := strconv.ParseInt(whole, 10, 64)
	if time.Duration(n) > maxDuration/unit {
		return 0, false
	}
	d := time.Duration(n) * unit
	if frac != "" {
		f, _ := strconv.ParseInt((frac + "00")[:3], 10, 64)
		d += time.Duration(f) * unit / 1000
	}
	return d, true
}

// formatFigure writes d in unit with up to three decimals; false when it needs more.
func formatFigure(d, unit time.Duration) (string, bool) {
	milli := unit / 1000
	if d < 0 || milli == 0 || d%milli != 0 {
		return "", false
	}
	whole, rest := int64(d/unit), d%unit
	if rest == 0 {
		return strconv.FormatInt(whole, 10), true
	}
	return strings.TrimRight(fmt.Sprintf("%d.%03d", whole, int64(rest/milli)), "0"), true
}

// ParseCSATimeLimit reads a CSA $TIME_LIMIT value, "HH:MM+SS" ("00:25+00" is 25
// minutes sudden death, "00:00+30" 30 seconds a move from the first): both sides
// get it, charged in whole seconds.
func ParseCSATimeLimit(s string) (Control, error) {
	const form = "$TIME_LIMIT"
	m := csaTimeLimit().FindStringSubmatchIndex(s)
	if m == nil {
		return Control{}, &ParseError{Form: form, Text: s, Column: 1, Err: ErrSyntax}
	}
	h, err := strconv.ParseInt(s[m[2]:m[3]], 10, 64)
	if err != nil || time.Duration(h) > maxDuration/time.Hour {
		return Control{}, &ParseError{Form: form, Text: s, Column: m[2] + 1, Err: ErrRange}
	}
	mi, _ := strconv.Atoi(s[m[4]:m[5]])
	byo, ok := parseFigure(s[m[6]:m[7]], time.Second)
	if !ok {
		return Control{}, &ParseError{Form: form, Text: s, Column: m[6] + 1, Err: ErrRange}
	}
	main := time.Duration(h)*time.Hour + time.Duration(mi)*time.Minute
	if main > maxDuration {
		return Control{}, &ParseError{Form: form, Text: s, Column: m[2] + 1, Err: ErrRange}
	}
	return Byoyomi(main, byo), nil
}

// FormatCSATimeLimit writes c as a $TIME_LIMIT value, "HH:MM+SS". It can express
// the same main time and byoyomi for both sides, the main time in whole minutes and
// the byoyomi in whole seconds, and no periods, increment or delay; the charging
// rules and the margin are not part of it.
func FormatCSATimeLimit(c Control) (string, error) {
	const form = "$TIME_LIMIT"
	a := c.Black
	switch {
	case !sameSpelled(c.Black, c.White):
		return "", inexpressible(form, "the sides' times differ")
	case a.Periods > 0 || a.Increment > 0 || a.Delay > 0:
		return "", inexpressible(form, "it has no periods, increment or delay")
	case a.Main%time.Minute != 0 || a.Byoyomi%time.Second != 0:
		return "", inexpressible(form, "the main time is in minutes and the byoyomi in seconds")
	}
	if err := inRange(a.Main, a.Byoyomi); err != nil {
		return "", err
	}
	m := int64(a.Main / time.Minute)
	return fmt.Sprintf("%02d:%02d+%02d", m/60, m%60, int64(a.Byoyomi/time.Second)), nil
}

// sameSpelled reports whether a and b are equal but for the charging rules.
func sameSpelled(a, b Allowance) bool {
	return a.Main == b.Main && a.Periods == b.Periods && a.Period == b.Period && a.Byoyomi == b.Byoyomi &&
		a.Increment == b.Increment && a.Delay == b.Delay && (a.Increment == 0 || a.IncrementAfter == b.IncrementAfter)
}

// ParseCSATime reads a CSA V3.0 $TIME value, "base+byoyomi+increment" in seconds with
// up to three decimals ("900+0+5", "1800+30+0"), charged in whole seconds with the
// increment before each move.
func ParseCSATime(s string) (Allowance, error) {
	const form = "$TIME"
	m := csaTime().FindStringSubmatchIndex(s)
	if m == nil {
		return Allowance{}, &ParseError{Form: form, Text: s, Column: 1, Err: ErrSyntax}
	}
	var v [3]time.Duration
	for i := range v {
		d, ok := parseFigure(s[m[2+2*i]:m[3+2*i]], time.Second)
		if !ok {
			return Allowance{}, &ParseError{Form: form, Text: s, Column: len([]rune(s[:m[2+2*i]])) + 1, Err: ErrRange}
		}
		v[i] = d
	}
	return Allowance{Main: v[0], Byoyomi: v[1], Increment: v[2], Unit: time.Second}, nil
}

// FormatCSATime writes a as a $TIME value, "base+byoyomi+increment". It can express
// times in whole milliseconds, an increment before each move, and no periods or
// delay; the charging rules are not part of it.
func FormatCSATime(a Allowance) (string, error) {
	const form = "$TIME"
	switch {
	case a.Periods > 0 || a.Delay > 0:
		return "", inexpressible(form, "it has no periods or delay")
	case a.Increment > 0 && a.IncrementAfter:
		return "", inexpressible(form, "its increment comes before each move")
	}
	if err := inRange(a.Main, a.Byoyomi, a.Increment); err != nil {
		return "", err
	}
	var parts [3]string
	for i, d := range [3]time.Duration{a.Main, a.Byoyomi, a.Increment} {
		s, ok := formatFigure(d, time.Second)
		if !ok {
			return "", inexpressible(form, "its figures are whole milliseconds")
		}
		parts[i] = s
	}
	return strings.Join(parts[:], "+"), nil
}

// ParseCSATimes returns the control of a CSA record's $TIME values: common for both
// sides, black ($TIME+) and white ($TIME-) for one side each; an empty value is not
// given. With none given, it returns the zero Control (no clock).
func ParseCSATimes(common, black, white string) (Control, error) {
	var c Control
	if common != "" {
		a, err := ParseCSATime(common)
		if err != nil {
			return Control{}, err
		}
		c = Same(a)
	}
	for i, v := range [2]string{black, white} {
		if v == "" {
			continue
		}
		a, err := ParseCSATime(v)
		if err != nil {
			err.(*ParseError).Form = [2]string{"$TIME+", "$TIME-"}[i]
			return Control{}, err
		}
		if i == 0 {
			c.Black = a
		} else {
			c.White = a
		}
	}
	return c, nil
}
