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

// TestParsePositionFrom: the start goes through the function before the moves are
// played (a defender given a pawn interposes with it), its error comes back as it is,
// a start it leaves nil is an error at column 1, and a line whose command is wrong is
// refused before the function is called.
func TestParsePositionFrom(t *testing.T) {
	const line = "position sfen 3G2S1k/9/9/4B3P/9/9/9/9/9 b NL 1 moves L*1c P*1b N*2c"
	givePawn := func(p *shogi.Position) (*shogi.Position, error) {
		st := p.Setup()
		st.Hands[shogi.White] = st.Hands[shogi.White].WithCount(shogi.Pawn, 1)
		return shogi.NewPosition(st)
	}
	refused := errors.New("refused")
	calls := 0
	counting := func(p *shogi.Position) (*shogi.Position, error) { calls++; return p, nil }
	var se *sfen.SyntaxError
	if _, err := sfen.ParsePositionUnreachable(line); !errors.Is(err, shogi.ErrNotInHand) {
		t.Errorf("ParsePositionUnreachable: %v; want the pawn not in hand", err)
	}
	p, err := sfen.ParsePositionFrom(line, givePawn)
	if err != nil {
		t.Fatalf("ParsePositionFrom: %v", err)
	}
	if diff := cmp.Diff("3G2S1k/8p/7NL/4B3P/9/9/9/9/9 w - 4", p.String()); diff != "" {
		t.Errorf("position (-want +got)\n%s", diff)
	}
	if _, err := sfen.ParsePositionFrom(line, func(*shogi.Position) (*shogi.Position, error) { return nil, refused }); err != refused {
		t.Errorf("a start refused: %v; want the function's error as it is", err)
	}
	if _, err := sfen.ParsePositionFrom(line, func(*shogi.Position) (*shogi.Position, error) { return nil, nil }); !errors.As(err, &se) || se.Column != 1 {
		t.Errorf("no start: %v; want a syntax error at column 1", err)
	}
	if _, err := sfen.ParsePositionFrom("position startpos mvoes 7g7f", counting); !errors.Is(err, sfen.ErrCommand) || calls != 0 {
		t.Errorf("a wrong command: %v, the function called %d times; want ErrCommand before any call", err, calls)
	}
	if _, err := sfen.ParsePositionFrom("startpos moves 7g7f", counting); err != nil || calls != 1 {
		t.Errorf("startpos: %v, the function called %d times; want it once", err, calls)
	}
}
