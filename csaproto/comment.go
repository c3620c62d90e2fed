package csaproto

// floodgate's PV comments: a move sent in extended mode may carry the engine's
// evaluation, "'*" then the score in centipawns from Black's point of view and the
// expected line in CSA moves:
//
//	+7776FU,'* 30 -3334FU +2726FU
//
// The server passes the comment on to the players and the monitors.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kifu-go/shogi/notation"
)

// Comment is a floodgate PV comment: a score and the moves expected after the
// move, each a CSA move such as "-3334FU".
type Comment struct {
	Score int
	PV    []string
}

// maxPV bounds the moves of one comment, as a line is bounded.
const maxPV = 256

// String returns the comment as sent after a move: "'* 30 -3334FU +2726FU".
func (c Comment) String() string {
	var b strings.Builder
	b.WriteString("'* ")
	b.WriteString(strconv.Itoa(c.Score))
	for _, m := range c.PV {
		b.WriteByte(' ')
		b.WriteString(m)
	}
	return b.String()
}

// FormatComment returns c as sent, or an error when a move of its PV is not a
// CSA move.
func FormatComment(c Comment) (string, error) {
	if len(c.PV) > maxPV {
		return "", fmt.Errorf("%w: more than %d moves", ErrComment, maxPV)
	}
	for _, m := range c.PV {
		if !notation.IsCSAMove(m) {
			return "", fmt.Errorf("%w: %q is not a CSA move", ErrComment, m)
		}
	}
	return c.String(), nil
}

// ParseComment reads a PV comment, "'* 30 -3334FU +2726FU" (the PV may be
// empty). The moves are checked for their form, not against a position.
func ParseComment(s string) (Comment, error) {
	rest, ok := strings.CutPrefix(s, "'*")
	if !ok {
		return Comment{}, fmt.Errorf("%w: %q does not start with '*", ErrComment, s)
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return Comment{}, fmt.Errorf("%w: no score", ErrComment)
	}
	score, err := strconv.Atoi(f[0])
	if err != nil || len(f[0]) > 10 {
		return Comment{}, fmt.Errorf("%w: score %q is not an integer", ErrComment, f[0])
	}
	if len(f)-1 > maxPV {
		return Comment{}, fmt.Errorf("%w: more than %d moves", ErrComment, maxPV)
	}
	c := Comment{Score: score}
	for _, m := range f[1:] {
		if !notation.IsCSAMove(m) {
			return Comment{}, fmt.Errorf("%w: %q is not a CSA move", ErrComment, m)
		}
		c.PV = append(c.PV, m)
	}
	return c, nil
}
