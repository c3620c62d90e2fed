// Package startadjust applies a Reader's AdjustStart (record.Reader's, and the kif, csa
// and jkf Readers' it sets) in one way for every format: the position the function
// makes of a record's start, or its refusal under one label, which each format's reader
// then places in its own error.
package startadjust

import (
	"errors"
	"fmt"

	"github.com/kifu-go/shogi"
)

// errNoPosition is the refusal of a function that returned neither a position nor an
// error.
var errNoPosition = errors.New("no position")

// Apply returns what fn makes of the start p, or fn's error, wrapped (errors.Is finds
// it) as "Reader.AdjustStart: …"; a nil position with no error is an error too.
func Apply(fn func(*shogi.Position) (*shogi.Position, error), p *shogi.Position) (*shogi.Position, error) {
	q, err := fn(p)
	if err == nil && q == nil {
		err = errNoPosition
	}
	if err != nil {
		return nil, fmt.Errorf("Reader.AdjustStart: %w", err)
	}
	return q, nil
}
