package clock

// Checking a record's times against the control its header states: the totals a
// record gives (KIF's cumulative times) must add up, and no move may take more than
// the clock allowed it. Both are warnings: records are often edited, resumed or
// written by hand, and a reader should not be refused one for its clock.

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/kifu-go/shogi"
)

// Header keys that state a time control, besides shogi.HeaderTimeLimit (KIF's
// 持ち時間, CSA's $TIME_LIMIT).
const (
	HeaderByoyomi        = "秒読み"    // KIF
	HeaderBlackTimeLimit = "先手持ち時間" // tsshogi, from CSA's $TIME+
	HeaderWhiteTimeLimit = "後手持ち時間" // tsshogi, from CSA's $TIME-
	HeaderCSATime        = "$TIME"  // CSA V3.0, kept under its CSA key
	HeaderCSATimeBlack   = "$TIME+"
	HeaderCSATimeWhite   = "$TIME-"
)

// ControlOf returns the time control a record's header states: CSA V3.0's $TIME
// (with $TIME+ and $TIME-, or the spec's $TIMET+ and $TIMET-), 持ち時間 (KIF's forms,
// CSA's $TIME_LIMIT) with KIF's 秒読み, tsshogi's 先手持ち時間 and 後手持ち時間, or
// failing those the game name in the event of a CSA server's record
// ("wdoor+floodgate-300-10F+…"). It returns false when the header states none, and
// an error for a field it cannot read.
func ControlOf(h shogi.Header) (Control, bool, error) {
	get := func(keys ...string) string {
		for _, k := range keys {
			if v, ok := h.Get(k); ok && strings.TrimSpace(v) != "" {
				return strings.TrimSpace(v)
			}
		}
		return ""
	}
	if common, black, white := get(HeaderCSATime), get(HeaderCSATimeBlack, "$TIMET+"), get(HeaderCSATimeWhite, "$TIMET-"); common != "" || black != "" || white != "" {
		if common == "" && (black == "" || white == "") {
			return Control{}, false, fmt.Errorf("%w: a $TIME for one side only", ErrSyntax)
		}
		c, err := ParseCSATimes(common, black, white)
		return c, err == nil, err
	}
	if limit, byo := get(shogi.HeaderTimeLimit), get(HeaderByoyomi); limit != "" || byo != "" {
		c, err := ParseKIFFields(limit, byo)
		return c, err == nil, err
	}
	if black, white := get(HeaderBlackTimeLimit), get(HeaderWhiteTimeLimit); black != "" && white != "" {
		b, err := ParseKIF(black)
		if err != nil {
			return Control{}, false, err
		}
		w, err := ParseKIF(white)
		if err != nil {
			return Control{}, false, err
		}
		return Control{Black: b.Black, White: w.White}, true, nil
	}
	if event := get(shogi.HeaderEvent); strings.Count(event, "+") >= 3 {
		if _, c, err := ParseGameName(event); err == nil {
			return c, true, nil
		}
	}
	return Control{}, false, nil
}

// Warning is a problem with a record's times: the move (1-based, along the main
// line; 0 for the header), the side that made it, a stable machine code
// ("unreadable-control", "total-mismatch", "over-time") and a message.
type Warning struct {
	Move    int
	Side    shogi.Color
	Code    string
	Message string
}

func (w Warning) String() string {
	if w.Move == 0 {
		return "clock: " + w.Message
	}
	return fmt.Sprintf("clock: move %d (%s): %s", w.Move, w.Side, w.Message)
}

// CheckTimes checks the times of rec's main line against the control its header
// states ([ControlOf]) and returns what is wrong, in move order: a control field it
// cannot read, a total that is not the sum of the side's times (the first for each
// side; the count goes on from the record's total), and each side's first move
// that took more than the clock allowed it (charged by the control's rules).
//
// A record's times are whole seconds rounded by its writer in its own way: Shogi
// Wars' records have a last move of 0:06 that brings a total to exactly 3:00 of a
// 3-minute game that goes on, ShogiHome's KIF totals are the sums of the exact
// times of moves written rounded down (0:03, 0:04 and 0:02 make 0:00:10). So the
// time left before a move is taken from the side's total so far (the record's,
// where it gives one) less a second, a move is reported only when its time less a
// second still reaches the time left, and a total only when it is off the sum by
// more than a second for each move since the last total that agreed. A record without a control or without times gets no
// warning for them.
func CheckTimes(rec *shogi.Record) []Warning {
	c, ok, err := ControlOf(rec.Header)
	if err != nil {
		return append([]Warning{{Code: "unreadable-control", Message: "the header's time control is not read: " + trim(err)}}, CheckTimesAgainst(rec, Control{})...)
	}
	if !ok {
		c = Control{}
	}
	return CheckTimesAgainst(rec, c)
}

// recordResolution is the resolution of a record's times.
const recordResolution = time.Second

// CheckTimesAgainst is [CheckTimes] against the control c (the zero Control checks
// the totals only).
func CheckTimesAgainst(rec *shogi.Record, c Control) []Warning {
	var warnings []Warning
	if err := c.Validate(); err != nil {
		warnings = append(warnings, Warning{Code: "unreadable-control", Message: "the time control is not checked: " + trim(err)})
		c = Control{}
	}
	side := shogi.Black
	if secondField(rec.StartSFEN) == "w" {
		side = shogi.White
	}
	state := [2]State{c.Black.Start(), c.White.Start()}
	var sum [2]time.Duration
	var since [2]int // moves since the last total that agreed
	var mismatched, over [2]bool
	// over also stands for a side without a clock, whose moves are not timed against one.
	over[shogi.Black], over[shogi.White] = c.Black.Unlimited(), c.White.Unlimited()
	var room [320]*shogi.Node // the main line of most records, on the stack
	for i, n := range rec.AppendMainLine(room[:0]) {
		move := i + 1
		if n.HasTime {
			before := sum[side]
			sum[side] = satAdd(sum[side], max(n.Time.Spent, 0))
			since[side]++
			if n.Time.Total != 0 || sum[side] == 0 {
				diff := n.Time.Total - sum[side]
				if diff < 0 {
					diff = -diff
				}
				if diff > time.Duration(since[side])*recordResolution && !mismatched[side] {
					warnings = append(warnings, Warning{Move: move, Side: side, Code: "total-mismatch",
						Message: fmt.Sprintf("the total %s is not the sum of the side's times %s", hms(n.Time.Total), hms(sum[side]))})
					mismatched[side] = true
				}
				if diff <= time.Duration(since[side])*recordResolution {
					since[side] = 0
				}
				sum[side] = n.Time.Total
			}
			if !over[side] {
				a := c.For(side)
				if a.Periods == 0 {
					// The main time left follows from the record's total before the
					// move, which may be a resolution more than the time used.
					gained := maxDuration
					if a.Increment == 0 || time.Duration(state[side].Moves) < maxDuration/a.Increment {
						gained = time.Duration(state[side].Moves) * a.Increment
					}
					state[side].Main = max(min(a.Main+gained, 2*maxDuration)-max(before-recordResolution, 0), 0)
				}
				// The move took at least its time less the resolution.
				if at, _ := a.FlagAt(state[side]); n.Time.Spent-recordResolution >= at {
					warnings = append(warnings, Warning{Move: move, Side: side, Code: "over-time",
						Message: fmt.Sprintf("%s spent with %s available (%v)", hms(n.Time.Spent), hms(a.Available(state[side])), a)})
					over[side] = true
				}
				state[side] = a.Apply(side, state[side], n.Time.Spent).After
			}
		}
		side = side.Opponent()
	}
	return warnings
}

// secondField returns the second of the fields strings.Fields would cut s into, or "",
// without allocating them.
func secondField(s string) string {
	for field := 0; ; field++ {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if s == "" {
			return ""
		}
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			end = len(s)
		}
		if field == 1 {
			return s[:end]
		}
		s = s[end:]
	}
}

// hms writes d as KIF writes a total, h:mm:ss, with any fraction of a second.
func hms(d time.Duration) string {
	s := fmt.Sprintf("%d:%02d:%02d", int64(d/time.Hour), int64(d/time.Minute%60), int64(d/time.Second%60))
	if f := d % time.Second; f != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%03d", int64(f/time.Millisecond)), "0")
	}
	return s
}
