package clock

// The time section of the CSA server protocol's Game_Summary (protocol 1.2.1):
//
//	BEGIN Time
//	Time_Unit:1sec
//	Total_Time:600
//	Byoyomi:10
//	Least_Time_Per_Move:1
//	END Time
//
// with Increment, Delay and Time_Roundup:YES when they apply, or one block for each
// side, BEGIN Time+ … END Time+ and BEGIN Time- … END Time-. The figures are in
// Time_Unit (1sec when absent; "1min", "1msec", "5sec", …), which is also the unit
// of charging.

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

const summaryForm = "Game_Summary time section"

// ParseSummaryTime reads the time section of a Game_Summary from its lines (the
// whole summary may be given: lines outside the BEGIN Time … END Time blocks are
// skipped, and so are keys inside them other than Time_Unit, Total_Time, Byoyomi,
// Least_Time_Per_Move, Time_Roundup, Increment and Delay, such as %%SHOW's
// Remaining_Time+). Without a time block it returns the zero Control (no clock). A
// Time+ or Time- block overrides Time for its side.
func ParseSummaryTime(lines []string) (Control, error) {
	var c Control
	type block struct {
		values map[string]string
		lines  map[string]int
		begin  int
	}
	var open *block
	var name string
	var done [3]*block // Time, Time+, Time-
	index := map[string]int{"Time": 0, "Time+": 1, "Time-": 2}
	for i, raw := range lines {
		line := strings.TrimRight(raw, "\r\n ")
		switch {
		case strings.HasPrefix(line, "BEGIN "):
			n := line[len("BEGIN "):]
			if _, ok := index[n]; !ok {
				if open != nil {
					return Control{}, &ParseError{Form: summaryForm, Text: line, Line: i + 1, Column: 1, Err: fmt.Errorf("%w: BEGIN %s inside BEGIN %s", ErrSyntax, n, name)}
				}
				continue
			}
			if open != nil || done[index[n]] != nil {
				return Control{}, &ParseError{Form: summaryForm, Text: line, Line: i + 1, Column: 1, Err: fmt.Errorf("%w: a second BEGIN %s", ErrSyntax, n)}
			}
			open, name = &block{values: map[string]string{}, lines: map[string]int{}, begin: i + 1}, n
		case strings.HasPrefix(line, "END ") && open != nil:
			if line[len("END "):] != name {
				return Control{}, &ParseError{Form: summaryForm, Text: line, Line: i + 1, Column: 1, Err: fmt.Errorf("%w: %s closes BEGIN %s", ErrSyntax, line, name)}
			}
			done[index[name]], open = open, nil
		case open != nil:
			key, value, ok := strings.Cut(line, ":")
			if !ok {
				return Control{}, &ParseError{Form: summaryForm, Text: line, Line: i + 1, Column: 1, Err: fmt.Errorf("%w: no key:value", ErrSyntax)}
			}
			if _, dup := open.values[key]; dup {
				return Control{}, &ParseError{Form: summaryForm, Text: line, Line: i + 1, Column: 1, Err: fmt.Errorf("%w: a second %s", ErrSyntax, key)}
			}
			open.values[key], open.lines[key] = value, i+1
		}
	}
	if open != nil {
		return Control{}, &ParseError{Form: summaryForm, Text: "BEGIN " + name, Line: open.begin, Column: 1, Err: fmt.Errorf("%w: no END %s", ErrSyntax, name)}
	}
	for i, b := range done {
		if b == nil {
			continue
		}
		a, err := allowanceOf(b.values, b.lines)
		if err != nil {
			return Control{}, err
		}
		switch i {
		case 0:
			c = Same(a)
		case 1:
			c.Black = a
		case 2:
			c.White = a
		}
	}
	return c, nil
}

// allowanceOf reads one time block's values (lines gives each key's line).
func allowanceOf(values map[string]string, lines map[string]int) (Allowance, error) {
	bad := func(key string, reason error) error {
		text := key + ":" + values[key]
		return &ParseError{Form: summaryForm, Text: text, Line: lines[key], Column: len([]rune(key)) + 2, Err: reason}
	}
	unit := time.Second
	if u, ok := values["Time_Unit"]; ok {
		m := csaTimeUnit().FindStringSubmatch(u)
		if m == nil {
			return Allowance{}, bad("Time_Unit", fmt.Errorf("%w: want a number and sec, min or msec", ErrSyntax))
		}
		n := int64(1)
		if m[1] != "" {
			var err error
			n, err = strconv.ParseInt(m[1], 10, 64)
			if err != nil || n == 0 || n > 3600 {
				return Allowance{}, bad("Time_Unit", ErrRange)
			}
		}
		unit = map[string]time.Duration{"sec": time.Second, "min": time.Minute, "msec": time.Millisecond}[m[2]] * time.Duration(n)
	}
	a := Allowance{Unit: unit}
	for key, dst := range map[string]*time.Duration{"Total_Time": &a.Main, "Byoyomi": &a.Byoyomi,
		"Least_Time_Per_Move": &a.LeastPerMove, "Increment": &a.Increment, "Delay": &a.Delay} {
		v, ok := values[key]
		if !ok {
			continue
		}
		if !figure().MatchString(v) {
			return Allowance{}, bad(key, fmt.Errorf("%w: want a number of units", ErrSyntax))
		}
		d, ok := parseFigure(v, unit)
		if !ok {
			return Allowance{}, bad(key, ErrRange)
		}
		*dst = d
	}
	switch values["Time_Roundup"] {
	case "YES":
		a.RoundUp = true
	case "NO", "":
	default:
		return Allowance{}, bad("Time_Roundup", fmt.Errorf("%w: want YES or NO", ErrSyntax))
	}
	return a, nil
}

// FormatSummaryTime writes c as a Game_Summary's time section: one Time block for a
// symmetric control, Time+ and Time- blocks otherwise. Each side's Unit must be a
// whole number of seconds or minutes, or of milliseconds below a second, and its
// figures whole numbers of it; it cannot have periods or an increment after the
// move. The margin is not part of it.
func FormatSummaryTime(c Control) ([]string, error) {
	if c.Symmetric() {
		return formatBlock("Time", c.Black)
	}
	b, err := formatBlock("Time+", c.Black)
	if err != nil {
		return nil, err
	}
	w, err := formatBlock("Time-", c.White)
	if err != nil {
		return nil, err
	}
	return append(b, w...), nil
}

// formatBlock writes one time block.
func formatBlock(name string, a Allowance) ([]string, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	if err := inRange(a.Main, a.Byoyomi, a.Increment, a.Delay, a.LeastPerMove); err != nil {
		return nil, err
	}
	var unit string
	switch u := a.Unit; {
	case u <= 0:
		return nil, inexpressible(summaryForm, "it needs a time unit")
	case u%time.Minute == 0:
		unit = fmt.Sprintf("%dmin", u/time.Minute)
	case u%time.Second == 0:
		unit = fmt.Sprintf("%dsec", u/time.Second)
	case u%time.Millisecond == 0 && u < time.Second:
		unit = fmt.Sprintf("%dmsec", u/time.Millisecond)
	default:
		return nil, inexpressible(summaryForm, "its unit is whole seconds, minutes or milliseconds")
	}
	if a.Periods > 0 {
		return nil, inexpressible(summaryForm, "it has no consideration periods")
	}
	if a.Increment > 0 && a.IncrementAfter {
		return nil, inexpressible(summaryForm, "its increment comes before each move")
	}
	out := []string{"BEGIN " + name, "Time_Unit:" + unit}
	put := func(key string, d time.Duration, always bool) error {
		if d == 0 && !always {
			return nil
		}
		if d%a.Unit != 0 {
			return inexpressible(summaryForm, fmt.Sprintf("%s %v is not a whole number of units of %v", key, d, a.Unit))
		}
		out = append(out, key+":"+strconv.FormatInt(int64(d/a.Unit), 10))
		return nil
	}
	for _, f := range []struct {
		key    string
		d      time.Duration
		always bool
	}{{"Total_Time", a.Main, true}, {"Byoyomi", a.Byoyomi, true}, {"Least_Time_Per_Move", a.LeastPerMove, true},
		{"Increment", a.Increment, false}, {"Delay", a.Delay, false}} {
		if err := put(f.key, f.d, f.always); err != nil {
			return nil, err
		}
	}
	if a.RoundUp {
		out = append(out, "Time_Roundup:YES")
	}
	return append(out, "END "+name), nil
}
