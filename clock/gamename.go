package clock

// Game names of shogi-server and floodgate end in the time control:
// "floodgate-600-10F" is 600 seconds and a 10-second increment (F for Fischer),
// "floodgate-600-10" 600 seconds and 10 seconds of byoyomi. A byoyomi written with a
// leading zero ("-1500-060") is shogi-server's stop-watch clock: time charged in
// whole units of that many seconds rounded down and no byoyomi, so that a move under
// the unit costs nothing and the flag falls when a move's time reaches the time
// left. A Game_ID ("wdoor+floodgate-300-10F+black+white+20210405160009") holds the
// game name as one of its "+"-separated fields.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

var gameName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(.*)-([0-9]+)-([0-9]+)(F?)$`) })

// ParseGameName reads the time control at the end of a game name or Game_ID. It
// returns the name before the control ("floodgate") and the control, charged in
// whole seconds with the increment before each move, as shogi-server does.
func ParseGameName(s string) (string, Control, error) {
	const form = "game name"
	col := 1
	for _, field := range strings.Split(s, "+") {
		m := gameName().FindStringSubmatchIndex(field)
		if m == nil {
			col += len([]rune(field)) + 1
			continue
		}
		prefix := field[:m[3]]
		total, err1 := strconv.ParseInt(field[m[4]:m[5]], 10, 64)
		second, err2 := strconv.ParseInt(field[m[6]:m[7]], 10, 64)
		if err1 != nil || err2 != nil || time.Duration(total) > maxDuration/time.Second || time.Duration(second) > maxDuration/time.Second {
			return "", Control{}, &ParseError{Form: form, Text: s, Column: col + len([]rune(field[:m[4]])), Err: ErrRange}
		}
		a := Allowance{Main: time.Duration(total) * time.Second, Unit: time.Second}
		d := time.Duration(second) * time.Second
		stopWatch := m[7]-m[6] > 1 && field[m[6]] == '0'
		switch {
		case m[9] > m[8]:
			a.Increment = d
		case stopWatch && d > 0:
			a.Unit = d
		case stopWatch:
			return "", Control{}, &ParseError{Form: form, Text: s, Column: col + len([]rune(field[:m[6]])), Err: fmt.Errorf("%w: a stop-watch unit of 0 seconds", ErrRange)}
		default:
			a.Byoyomi = d
		}
		return prefix, Same(a), nil
	}
	return "", Control{}, &ParseError{Form: form, Text: s, Column: 1, Err: fmt.Errorf("%w: no NAME-TOTAL-BYOYOMI or NAME-TOTAL-INCREMENTF", ErrSyntax)}
}

// FormatGameName writes a game name: name, then the control ("floodgate-600-10F").
// It can express the same control for both sides in whole seconds: main time and
// byoyomi, or main time and an increment before each move, charged in whole seconds
// rounded down; or the stop-watch clock (a Unit of whole seconds, more than one,
// rounded down, with neither). The least time per move and the margin are not part
// of it.
func FormatGameName(name string, c Control) (string, error) {
	const form = "game name"
	a := c.Black
	switch {
	case !sameSpelled(c.Black, c.White) || c.Black.Unit != c.White.Unit || c.Black.RoundUp != c.White.RoundUp:
		return "", inexpressible(form, "the sides' times differ")
	case a.Periods > 0 || a.Delay > 0 || a.RoundUp:
		return "", inexpressible(form, "it has no periods, delay or rounding up")
	case a.Byoyomi > 0 && a.Increment > 0:
		return "", inexpressible(form, "it has byoyomi or an increment, not both")
	case a.Increment > 0 && a.IncrementAfter:
		return "", inexpressible(form, "its increment comes before each move")
	case a.Main < 0 || a.Main%time.Second != 0 || a.Byoyomi%time.Second != 0 || a.Increment%time.Second != 0:
		return "", inexpressible(form, "its times are whole seconds")
	}
	if err := inRange(a.Main, a.Byoyomi, a.Increment, a.Unit); err != nil {
		return "", err
	}
	total := int64(a.Main / time.Second)
	switch {
	case a.Unit > time.Second && a.Unit%time.Second == 0 && a.Byoyomi == 0 && a.Increment == 0:
		return fmt.Sprintf("%s-%d-0%d", name, total, int64(a.Unit/time.Second)), nil
	case a.Unit != time.Second:
		return "", inexpressible(form, "it is charged in whole seconds, or in units of whole seconds on a stop watch")
	case a.Increment > 0:
		return fmt.Sprintf("%s-%d-%dF", name, total, int64(a.Increment/time.Second)), nil
	}
	return fmt.Sprintf("%s-%d-%d", name, total, int64(a.Byoyomi/time.Second)), nil
}
