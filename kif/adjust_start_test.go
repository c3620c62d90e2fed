package kif

import (
	"errors"
	"strings"
	"testing"

	shogi "github.com/kifu-go/shogi"
)

// adjustProblem is a 1-move problem: a diagram (line 2 to 14, its hands on lines 1 and
// 15) and the mate by a drop of the silver the attacker holds.
const adjustProblem = "後手の持駒：なし\n" +
	"  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" +
	"| ・ ・ ・ ・ ・ ・ ・ ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ 金 ・|三\n" +
	"| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n" +
	"| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n" +
	"+---------------------------+\n先手の持駒：銀\n手数----指手---------消費時間--\n   1 ２二銀打\n"

// TestAdjustStartStartProblem: under AdjustStart, a problem with the start position
// (the diagram, a hand, the 手合割, 手数＝) is the record's error in a lenient read too,
// at the place a strict read gives, and AdjustStart is not called: a lenient read
// passes over it and reads from another start than the file's (the even start, for a
// diagram it drops), which AdjustStart would have made the record's start, a warning
// the one trace of it. Without AdjustStart a lenient read still passes over it, with
// that warning.
func TestAdjustStartStartProblem(t *testing.T) {
	tests := []struct {
		name, in string
		err      error
		even     bool // a lenient read without AdjustStart drops the diagram: the even start
	}{
		{"fewer than nine ranks", strings.Replace(adjustProblem, "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n", "", 1), ErrBoard, true},
		{"two kings of a side", strings.Replace(adjustProblem, "・ ・ ・|九", "・ 玉 玉|九", 1), shogi.ErrTooManyKings, true},
		{"a malformed row", strings.Replace(adjustProblem, "・ 金 ・|三", "・ 金 ？|三", 1), ErrBoard, false},
		{"a malformed hand", strings.Replace(adjustProblem, "先手の持駒：銀", "先手の持駒：銀　玉", 1), ErrHand, false},
		{"hands without a board", "後手の持駒：なし\n先手の持駒：銀\n手数----指手---------消費時間--\n   1 ７六歩(77)\n", ErrBoard, true},
		{"an unknown handicap", "手合割：謎落ち\n手数----指手---------消費時間--\n   1 ７六歩(77)\n", ErrHandicap, true},
		{"a move count too large", strings.Replace(adjustProblem, "先手の持駒：銀\n", "先手の持駒：銀\n手数＝1073741824\n", 1), ErrPosition, false},
	}
	for _, tt := range tests {
		_, strict := NewReader(strings.NewReader(tt.in)).Read()
		var want *SyntaxError
		if !errors.As(strict, &want) || !errors.Is(strict, tt.err) {
			t.Errorf("%s: a strict read: %v; want a %v", tt.name, strict, tt.err)
			continue
		}
		for _, lenient := range []bool{false, true} {
			calls := 0
			r := NewReader(strings.NewReader(tt.in))
			r.Lenient = lenient
			r.AdjustStart = func(p *shogi.Position) (*shogi.Position, error) { calls++; return p, nil }
			_, err := r.Read()
			var se *SyntaxError
			if !errors.As(err, &se) || !errors.Is(err, tt.err) || se.Line != want.Line || se.Column != want.Column || calls != 0 {
				t.Errorf("%s (lenient %v): %v, AdjustStart called %d times; want %v, not called", tt.name, lenient, err, calls, strict)
			}
		}
		r := NewReader(strings.NewReader(tt.in))
		r.Lenient = true
		rec, err := r.Read()
		ws := r.Warnings()
		if err != nil || len(ws) == 0 || ws[0].Line != want.Line || ws[0].Column != want.Column || !errors.Is(ws[0], tt.err) {
			t.Errorf("%s: lenient without AdjustStart: %v, warnings %v; want the strict error as the first warning", tt.name, err, ws)
			continue
		}
		if even := rec.StartSFEN == shogi.StartSFEN; even != tt.even {
			t.Errorf("%s: lenient without AdjustStart starts at %s; even start %v, want %v", tt.name, rec.StartSFEN, even, tt.even)
		}
	}
}
