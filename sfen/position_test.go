package sfen_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
)

// TestParsePositionUnreachable: a composed start position (nine pawns on a file) is
// refused by ParsePosition and taken by ParsePositionUnreachable, whose moves still obey
// the rules.
func TestParsePositionUnreachable(t *testing.T) {
	const line = "position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves 5i4h"
	const nifu = "position sfen 4k4/4p4/9/9/9/9/9/4P4/4K4 w p 1 moves P*5c"
	const ninePawns = "position sfen 4k4/9/P8/P8/P8/P8/P8/P8/P3K4 b 2P 1 moves 9c9b+"
	if _, err := sfen.ParsePosition(ninePawns); err == nil {
		t.Fatalf("ParsePosition(%q): no error", ninePawns)
	}
	p, err := sfen.ParsePositionUnreachable(ninePawns)
	if err != nil {
		t.Fatalf("ParsePositionUnreachable(%q): %v", ninePawns, err)
	}
	if diff := cmp.Diff("4k4/+P8/9/P8/P8/P8/P8/P8/P3K4 w 2P 2", p.String()); diff != "" {
		t.Errorf("position (-want +got)\n%s", diff)
	}
	if _, err := sfen.ParsePositionUnreachable(line); err != nil {
		t.Errorf("ParsePositionUnreachable(%q): %v", line, err)
	}
	_, err = sfen.ParsePositionUnreachable(nifu)
	var se *sfen.SyntaxError
	if !errors.Is(err, shogi.ErrNifu) || !errors.As(err, &se) || se.Column != len(nifu)-3 {
		t.Errorf("ParsePositionUnreachable(%q): %v; want nifu at column %d", nifu, err, len(nifu)-3)
	}
}
