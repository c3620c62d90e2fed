package usi

import (
	"strconv"
	"time"

	"github.com/kifu-go/shogi"
)

// Limits says how long a search may run: the "go" command's arguments.
//
// The clock (BlackTime, WhiteTime, Byoyomi, BlackIncrement, WhiteIncrement) is sent
// when any of its fields is set, as "btime B wtime W" followed by "byoyomi Y" (always
// when there are no increments) and "binc I winc J" (when there are); a clock of zeros
// and no other limit is no limit. Depth
// and Nodes limit the search on their own or together with a clock; Infinite searches
// until stopped (by [Search.Stop] or the context). Ponder starts a ponder search
// ("go ponder"), which [Search.PonderHit] turns into a normal one.
//
// Not every engine takes every limit: gpsusi, for one, knows only the clock and
// infinite, and exits on "go depth".
type Limits struct {
	BlackTime, WhiteTime           time.Duration // the time each side has left
	Byoyomi                        time.Duration // the time per move after the main time
	BlackIncrement, WhiteIncrement time.Duration // Fischer increments
	Depth                          int
	Nodes                          int64
	Infinite                       bool
	Ponder                         bool
}

// hasClock reports whether l gives a clock.
func (l Limits) hasClock() bool {
	return l.BlackTime > 0 || l.WhiteTime > 0 || l.Byoyomi > 0 || l.BlackIncrement > 0 || l.WhiteIncrement > 0
}

// command returns the go command for l, and false when l sets no limit at all.
func (l Limits) command() (string, bool) {
	b := []byte("go")
	if l.Ponder {
		b = append(b, " ponder"...)
	}
	ms := func(key string, d time.Duration) {
		b = append(b, ' ')
		b = append(b, key...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, max(d, 0).Milliseconds(), 10)
	}
	limited := false
	if l.hasClock() {
		limited = true
		ms("btime", l.BlackTime)
		ms("wtime", l.WhiteTime)
		increments := l.BlackIncrement > 0 || l.WhiteIncrement > 0
		if l.Byoyomi > 0 || !increments {
			ms("byoyomi", l.Byoyomi)
		}
		if increments {
			ms("binc", l.BlackIncrement)
			ms("winc", l.WhiteIncrement)
		}
	}
	if l.Depth > 0 {
		limited = true
		b = append(b, " depth "...)
		b = strconv.AppendInt(b, int64(l.Depth), 10)
	}
	if l.Nodes > 0 {
		limited = true
		b = append(b, " nodes "...)
		b = strconv.AppendInt(b, l.Nodes, 10)
	}
	if l.Infinite {
		limited = true
		b = append(b, " infinite"...)
	}
	return string(b), limited
}

// Within returns the time a search with these limits is given before the client tells
// the engine to stop, when side is to move: the side's time and the byoyomi plus margin
// for a clock (the increment is not counted: it comes after the move), moveTimeout for
// a depth or a node limit without a clock, and 0 (no time of its own: the caller's
// context must end it) for an infinite or a ponder search.
func (l Limits) Within(side shogi.Color, margin, moveTimeout time.Duration) time.Duration {
	switch {
	case l.Infinite || l.Ponder:
		return 0
	case l.hasClock():
		own := l.BlackTime
		if side == shogi.White {
			own = l.WhiteTime
		}
		return max(own, 0) + max(l.Byoyomi, 0) + max(margin, 0)
	case l.Depth > 0 || l.Nodes > 0:
		return moveTimeout
	}
	return 0
}
