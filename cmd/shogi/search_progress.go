package main

import (
	"reflect"

	"github.com/kifu-go/shogi/tsume"
)

// sameSolverOptions reports whether a solver made with a serves b: the options but the
// Progress function, which makes Options no longer comparable with ==.
func sameSolverOptions(a, b tsume.Options) bool {
	a.Progress, b.Progress = nil, nil
	return reflect.DeepEqual(a, b)
}
