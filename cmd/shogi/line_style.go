package main

// The notation of the moves in the text of shogi mate and shogi tsume (-style): one flag,
// one default and one way of writing a mate's line for both commands; their -json writes
// the moves in USI whatever -style says.

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/tsume"
)

// addLineStyle defines -style on fs.
func addLineStyle(fs *flag.FlagSet) *string {
	return fs.String("style", "japanese", "notation of the moves in the text (-json's moves are USI): "+strings.Join(notation.Names, ", "))
}

// lineStyle returns the notation -style names, or the usage error that says it names none.
func lineStyle(name string) (notation.Notation, string) {
	n, ok := notation.ByName(name)
	if !ok {
		return nil, fmt.Sprintf("-style: unknown style %q (styles: %s)", name, strings.Join(notation.Names, ", "))
	}
	return n, ""
}

// resultText is the first line of a search's answer on the problem p, its moves in
// style: "mate in 3: 1.☗5三銀打 2.☖4一玉 3.☗4二金 4.詰み"; what Result.String says
// otherwise ("no mate", "unknown (time-limit)", "mate, tsume length at most 21, no line").
func resultText(p *shogi.Position, r tsume.Result, style notation.Notation) (string, error) {
	if r.Status != tsume.Mate || len(r.Moves) == 0 {
		return r.String(), nil
	}
	// The line ends in 詰み in the styles that write endings (not in USI).
	f := notation.LineFormat{Notation: style}
	text, err := f.Format(p, notation.Line{Moves: r.Moves, End: shogi.EndMate})
	if errors.Is(err, notation.ErrEnding) {
		text, err = f.Format(p, notation.Line{Moves: r.Moves})
	}
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("mate in %d: %s", r.Length(), text), nil
}
