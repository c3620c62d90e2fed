package main

// The progress of a mate search under way, which may take minutes: shogi usi's info
// lines about once a second, and shogi mate's status line on a terminal.

import (
	"fmt"
	"reflect"

	"github.com/kifu-go/shogi/tsume"
)

// lengthProven says what a search has proven of the tsume length (tsume.Progress's and
// tsume.Result's MaxLength and MinLength): "at most 23", "between 17 and 23", "at
// least 17", "23" when the two meet; "" when nothing is proven.
func lengthProven(maxLength, minLength int) string {
	switch {
	case maxLength > 0 && minLength >= maxLength:
		return fmt.Sprint(maxLength)
	case maxLength > 0 && minLength > 0:
		return fmt.Sprintf("between %d and %d", minLength, maxLength)
	case maxLength > 0:
		return fmt.Sprintf("at most %d", maxLength)
	case minLength > 0:
		return fmt.Sprintf("at least %d", minLength)
	}
	return ""
}

// searchInfo is the engine's tsume.Options.Progress: an info line as USI engines send
// while they search, "info time T nodes N nps X hashfull H" (nodes counting the df-pn's
// and the tsume line's, as the final info line does), and an info string when what is
// proven of the tsume length has changed, which GUIs show as it is. The solver calls it
// on the search's goroutine, never once Solve has returned: the goroutine writes the
// answer after, and no info line follows it (nor an answer to stop, which is that
// answer).
func (e *usiEngine) searchInfo(p tsume.Progress) {
	nodes := p.Nodes + p.LineNodes
	nps := uint64(0)
	if p.Elapsed > 0 {
		nps = uint64(float64(nodes) / p.Elapsed.Seconds())
	}
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, "info time %d nodes %d nps %d hashfull %d\n", p.Elapsed.Milliseconds(), nodes, nps, p.HashFull)
	if b := lengthProven(p.MaxLength, p.MinLength); b != "" && b != e.lengthSaid {
		e.lengthSaid = b
		fmt.Fprintf(e.out, "info string tsume length %s\n", b)
	}
}

// sameSolverOptions reports whether a solver made with the options a serves for b:
// Options holds a func (Progress), which == cannot compare, and the engine's is always
// its own searchInfo.
func sameSolverOptions(a, b tsume.Options) bool {
	a.Progress, b.Progress = nil, nil
	return reflect.DeepEqual(a, b)
}
