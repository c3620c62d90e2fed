package main

// The progress of a mate search under way, which may take minutes: shogi usi's info
// lines about once a second, and shogi mate's status line on a terminal.

import (
	"reflect"

	"github.com/kifu-go/shogi/tsume"
)

// sameSolverOptions reports whether a solver made with the options a serves for b:
// Options holds a func (Progress), which == cannot compare.
func sameSolverOptions(a, b tsume.Options) bool {
	a.Progress, b.Progress = nil, nil
	return reflect.DeepEqual(a, b)
}
