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

// Go returns the go arguments for a move of side: the clock's times less the
// margin ([Control.Withheld]). Each side's time is its main time and periods (USI
// has no periods: an engine told them as main time may spend a period where the
// rules would not charge it, never more than the clock allows); the byoyomi is
// side's (USI has one for both: CSA's Time+/Time- byoyomi cannot be told
// otherwise). The margin comes off the byoyomi first, then off the mover's time
// and increment: an engine counts on its time plus its byoyomi or its increment
// (Shogidokoro's rule), and that is then exactly the time the clock allows the
// move less the margin: the time until its flag falls ([Allowance.FlagAt]), which
// with rounding up (Time_Roundup) is up to a unit less than the time available.
// When the increment comes after the move, the mover is told its time without it. Without byoyomi, a side with some time left but less
// than the margin is told 1 ms, never nothing, as usi.TimeControl.Told does: "go
// btime 0 wtime 0 byoyomi 0" would be no limit at all.
func (k *Clock) Go(side shogi.Color) GoArgs {
	m := k.control.Withheld()
	side &= 1
	a := k.control.For(side)
	// Charging can take a move's flag below the time available: rounded up to the
	// unit (Time_Roundup), a move loses a unit earlier. The mover is told that much
	// less too.
	if at, ok := a.FlagAt(k.state[side]); ok {
		if loss := a.Available(k.state[side]) - at; loss > 0 {
			m += loss
		}
	}
	var g GoArgs
	rest := m
	if a.Byoyomi > 0 {
		g.Byoyomi = max(a.Byoyomi-m, 0)
		rest = max(m-a.Byoyomi, 0)
	}
	for c := range shogi.Color(2) {
		ac, s := k.control.For(c), k.state[c]
		t, inc := s.Main+time.Duration(s.Periods)*ac.Period, ac.Increment
		if c == side && !ac.IncrementAfter {
			t += inc
		}
		t = lessMargin(t, rest, a.Byoyomi == 0)
		if c == side {
			inc = min(inc, t)
			t -= inc
		}
		if c == shogi.Black {
			g.BlackTime, g.BlackInc = t, inc
		} else {
			g.WhiteTime, g.WhiteInc = t, inc
		}
	}
	return g
}

// lessMargin returns t less the margin m: at least 1 ms while some time is left
// when floor is set, else at least zero.
func lessMargin(t, m time.Duration, floor bool) time.Duration {
	if floor && t > 0 {
		return max(t-m, time.Millisecond)
	}
	return max(t-m, 0)
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
