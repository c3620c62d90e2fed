package clock

// USI's go command carries each side's time left and the byoyomi or the
// increments, in milliseconds: "go btime 60000 wtime 50000 byoyomi 10000" or "go
// btime 300000 wtime 300000 binc 10000 winc 10000". An engine may think for its
// time plus the byoyomi, or its time plus its increment (Shogidokoro's rule, which
// engines follow). USI has one byoyomi for both sides and no consideration periods.

import (
	"strconv"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
)

// GoArgs are the clock arguments of a USI go command.
type GoArgs struct {
	BlackTime, WhiteTime time.Duration
	Byoyomi              time.Duration
	BlackInc, WhiteInc   time.Duration
}

// Go returns the go arguments for a move of side, the clock's times less the margin
// ([Control.Withheld]): each side's main time and periods as its time (USI has no
// periods: an engine told them as main time may spend a period where the rules
// would not charge it, never more than the clock allows), side's byoyomi (USI has
// one for both: CSA's Time+/Time- byoyomi cannot be told otherwise), and the
// increments. The margin comes off the byoyomi first and the rest off the times;
// with an increment, off the mover's time and increment together; and when the
// increment comes after the move, the mover's time is told without it.
func (k *Clock) Go(side shogi.Color) GoArgs {
	m := k.control.Withheld()
	side &= 1
	var g GoArgs
	var times, incs [2]time.Duration
	for c := range shogi.Color(2) {
		a, s := k.control.For(c), k.state[c]
		times[c] = s.Main + time.Duration(s.Periods)*a.Period
		incs[c] = a.Increment
	}
	a := k.control.For(side)
	rest := m
	if a.Byoyomi > 0 {
		g.Byoyomi = max(a.Byoyomi-m, 0)
		rest = max(m-a.Byoyomi, 0)
	}
	for c := range shogi.Color(2) {
		t, inc := times[c], incs[c]
		if c == side && a.IncrementAfter && !a.Unlimited() {
			// The increment of this move comes after it: the engine, which counts
			// on its time plus its increment, is told its time less the increment.
			t = max(t-inc, 0)
		}
		if c == side && inc > 0 {
			// The margin comes off the time first, then the increment.
			cut := min(rest, t)
			t -= cut
			inc = max(inc-(rest-cut), 0)
		} else {
			t = max(t-rest, 0)
		}
		if c == shogi.Black {
			g.BlackTime, g.BlackInc = t, inc
		} else {
			g.WhiteTime, g.WhiteInc = t, inc
		}
	}
	return g
}

// String returns the arguments as USI writes them after "go": btime and wtime, then
// byoyomi, or binc and winc when there are increments (and byoyomi too when both
// are set); byoyomi 0 when there is neither.
func (g GoArgs) String() string {
	b := []byte("btime ")
	b = strconv.AppendInt(b, max(g.BlackTime, 0).Milliseconds(), 10)
	b = append(b, " wtime "...)
	b = strconv.AppendInt(b, max(g.WhiteTime, 0).Milliseconds(), 10)
	inc := g.BlackInc > 0 || g.WhiteInc > 0
	if g.Byoyomi > 0 || !inc {
		b = append(b, " byoyomi "...)
		b = strconv.AppendInt(b, max(g.Byoyomi, 0).Milliseconds(), 10)
	}
	if inc {
		b = append(b, " binc "...)
		b = strconv.AppendInt(b, max(g.BlackInc, 0).Milliseconds(), 10)
		b = append(b, " winc "...)
		b = strconv.AppendInt(b, max(g.WhiteInc, 0).Milliseconds(), 10)
	}
	return string(b)
}

// ParseGo reads the clock arguments of a go command ("go btime 1000 wtime 1000
// byoyomi 500 …", with or without "go"); other arguments (ponder, depth, nodes,
// movetime, …) are skipped with their values.
func ParseGo(s string) (GoArgs, error) {
	const form = "go"
	var g GoArgs
	f, cols := fields(s)
	if len(f) > 0 && f[0] == "go" {
		f, cols = f[1:], cols[1:]
	}
	col := func(i int) int { return cols[i] }
	for i := 0; i < len(f); i++ {
		var dst *time.Duration
		switch f[i] {
		case "btime":
			dst = &g.BlackTime
		case "wtime":
			dst = &g.WhiteTime
		case "byoyomi":
			dst = &g.Byoyomi
		case "binc":
			dst = &g.BlackInc
		case "winc":
			dst = &g.WhiteInc
		case "ponder", "infinite":
			continue
		case "depth", "nodes", "movetime", "mate", "movestogo":
			i++
			continue
		default:
			return GoArgs{}, &ParseError{Form: form, Text: s, Column: col(i), Err: ErrSyntax}
		}
		if i+1 >= len(f) {
			return GoArgs{}, &ParseError{Form: form, Text: s, Column: len([]rune(s)) + 1, Err: ErrSyntax}
		}
		i++
		n, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil || n < 0 || n > int64(maxDuration/time.Millisecond) {
			reason := ErrSyntax
			if err == nil || strings.Contains(err.Error(), "range") {
				reason = ErrRange
			}
			return GoArgs{}, &ParseError{Form: form, Text: s, Column: col(i), Err: reason}
		}
		*dst = time.Duration(n) * time.Millisecond
	}
	return g, nil
}

// maxDuration bounds every figure read: a thousand hours.
const maxDuration = 1000 * time.Hour

// fields splits s at white space like strings.Fields, and returns each field's
// 1-based column in characters.
func fields(s string) (f []string, cols []int) {
	start, startCol, col := -1, 0, 0
	for i, r := range s {
		col++
		space := r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0xA0 || r == '\u3000'
		switch {
		case space && start >= 0:
			f, cols = append(f, s[start:i]), append(cols, startCol)
			start = -1
		case !space && start < 0:
			start, startCol = i, col
		}
	}
	if start >= 0 {
		f, cols = append(f, s[start:]), append(cols, startCol)
	}
	return f, cols
}
