package csa_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/gametest"
	"pgregory.net/rapid"
)

// garbageGen gives a line no CSA statement starts like (not a comment, a name, a
// move or a special move), with anything after its first character.
var garbageGen = rapid.Custom(func(t *rapid.T) string {
	first := rapid.SampledFrom([]rune("XYZ#@!?&xyzQ")).Draw(t, "garbage start")
	rest := rapid.StringOf(rapid.SampledFrom([]rune("abcXYZ0123456789+-,%T '*/PN$"))).Draw(t, "garbage")
	return strings.Repeat(" ", rapid.IntRange(0, 2).Draw(t, "indent")) + string(first) + rest
})

// corruptedGame is a game written as CSA, one of whose move lines was corrupted, with
// a second record after it.
type corruptedGame struct {
	text   []byte
	moves  []shogi.Move // the moves of the first record before the corrupted line
	line   int          // the corrupted line, 1-based
	column int          // where its text starts
	unread string       // the corrupted line, trimmed
	second *shogi.Record
}

// genCorrupted plays a random game (a short one with comments, times, an ending and
// maybe a handicap, or a long one of internal/gametest), writes it and a second game
// to one stream, and corrupts a random move line of the first: garbage, a move by the
// wrong side, a move from an empty square, or the line cut inside its move.
func genCorrupted(t *rapid.T) corruptedGame {
	var rec *shogi.Record
	if rapid.Bool().Draw(t, "long") {
		rec = gametest.Long(rapid.IntRange(1, 400).Draw(t, "length"), rapid.Uint64().Draw(t, "seed"))
	} else {
		rec = genRecord(t, true)
		if len(rec.Moves()) == 0 {
			rec = gametest.Long(rapid.IntRange(1, 40).Draw(t, "length"), rapid.Uint64().Draw(t, "seed"))
		}
	}
	second := genRecord(t, true)
	var buf bytes.Buffer
	w := csa.NewWriter(&buf)
	w.Version = rapid.SampledFrom([]string{"2.2", "3.0"}).Draw(t, "version")
	w.ShiftJIS = rapid.Bool().Draw(t, "Shift_JIS")
	if w.Version == "2.2" {
		truncateTimes(rec)
		truncateTimes(second)
	}
	for _, r := range []*shogi.Record{rec, second} {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(buf.String(), "\n")
	var moveLines []int
	for i, l := range lines {
		if strings.TrimSpace(l) == "/" {
			break
		}
		if len(l) > 7 && (l[0] == '+' || l[0] == '-') && l[1] >= '0' && l[1] <= '9' {
			moveLines = append(moveLines, i)
		}
	}
	moves := rec.Moves()
	if len(moveLines) != len(moves) {
		t.Fatalf("%d move lines for %d moves:\n%s", len(moveLines), len(moves), buf.Bytes())
	}
	k := rapid.IntRange(0, len(moves)-1).Draw(t, "corrupted move")
	i := moveLines[k]
	move, rest, _ := strings.Cut(strings.TrimSuffix(lines[i], "\n"), ",")
	if rest != "" {
		rest = "," + rest
	}
	var bad string
	switch rapid.IntRange(0, 3).Draw(t, "corruption") {
	case 0:
		bad = garbageGen.Draw(t, "garbage line")
	case 1: // the other side's sign
		sign := "-"
		if move[0] == '-' {
			sign = "+"
		}
		bad = sign + move[1:] + rest
	case 2: // a move from a square with no piece on it
		pos, err := rec.StartPosition()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves[:k] {
			pos.PlayUnchecked(m)
		}
		var empty []shogi.Square
		for sq := shogi.Square(1); sq <= shogi.NumSquares; sq++ {
			if pos.PieceAt(sq) == shogi.NoPiece {
				empty = append(empty, sq)
			}
		}
		from := rapid.SampledFrom(empty).Draw(t, "empty square")
		to := shogi.NewSquare(from.File()%9+1, from.Rank())
		bad = fmt.Sprintf("%c%d%d%d%dKI%s", move[0], from.File(), from.Rank(), to.File(), to.Rank(), rest)
	case 3: // cut inside the move
		bad = move[:rapid.IntRange(1, 6).Draw(t, "cut")]
	}
	lines[i] = bad + "\n"
	trimmed := strings.TrimLeft(bad, " ")
	return corruptedGame{
		text:   []byte(strings.Join(lines, "")),
		moves:  moves[:k],
		line:   i + 1,
		column: len(bad) - len(trimmed) + 1,
		unread: strings.TrimSpace(bad),
		second: second,
	}
}

// TestRapidCorruptedMove: a game corrupted at a move line and read leniently keeps
// exactly the moves before the corruption, has no ending but an EndUnread (the file's
// own % line is after the corruption, so it is not in force), and gives one warning at
// the corrupted line; a strict read fails there; either way the record after it is
// read whole.
func TestRapidCorruptedMove(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := genCorrupted(t)
		for _, lenient := range []bool{true, false} {
			r := csa.NewReader(bytes.NewReader(g.text))
			r.Lenient = lenient
			rec, err := r.Read()
			if !lenient {
				var se *csa.SyntaxError
				if !errors.As(err, &se) || se.Line != g.line || se.Column != g.column {
					t.Fatalf("strict read: %v, want an error at %d:%d\n%s", err, g.line, g.column, g.text)
				}
			} else {
				if err != nil {
					t.Fatalf("lenient read: %v\n%s", err, g.text)
				}
				if got := rec.Moves(); !movesEqual(got, g.moves) {
					t.Fatalf("moves %v, want %v (line %d)", got, g.moves, g.line)
				}
				e := rec.Ending()
				if e == nil || e.Kind != shogi.EndUnread || e.Result != shogi.NoResult || e.Text != g.unread {
					t.Fatalf("ending %+v, want an EndUnread of %q", e, g.unread)
				}
				ws := r.Warnings()
				if len(ws) != 1 || ws[0].Line != g.line || ws[0].Column != g.column {
					t.Fatalf("warnings %v, want one at %d:%d", ws, g.line, g.column)
				}
			}
			second, err := r.Read()
			if err != nil {
				t.Fatalf("lenient %v: the record after: %v", lenient, err)
			}
			if diff := diffRecords(g.second, second); diff != "" {
				t.Fatalf("lenient %v: the record after changed (-want +got):\n%s", lenient, diff)
			}
		}
	})
}

func movesEqual(a, b []shogi.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
