package record

// A record's times are judged against the time control its header states by the
// clock package (clock.CheckTimes): totals that do not add up, a move over the time
// the clock allowed it, a control field that cannot be read. Each is a warning with
// the move, never an error: records are edited, resumed and written by hand, and a
// reader should not be refused one for its clock.

import (
	"fmt"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
)

// TimeError is a problem with a record's times that clock.CheckTimes found: its
// Warning gives the move (0 for the header), the side, the clock's code and the
// message.
type TimeError struct {
	clock.Warning
}

func (e *TimeError) Error() string {
	if e.Move > 0 {
		return fmt.Sprintf("record: move %d (%s): %s", e.Move, e.Side, e.Message)
	}
	return "record: " + e.Message
}

// Code returns the machine code of the problem: "time-" and the clock's code
// ("time-total-mismatch", "time-over-time", "time-unreadable-control").
func (e *TimeError) Code() string { return "time-" + e.Warning.Code }

// timeProblems returns the problems of rec's times, each a warning with the move
// at fault as its Ply.
func timeProblems(rec *shogi.Record, src Source) []*Error {
	var problems []*Error
	for _, w := range clock.CheckTimes(rec) {
		e := newError(&TimeError{Warning: w}, src, SeverityWarning)
		e.Ply = w.Move
		problems = append(problems, e)
	}
	return problems
}
