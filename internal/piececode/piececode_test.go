package piececode

import (
	"testing"

	"github.com/kifu-go/shogi"
)

func TestCodesReadBack(t *testing.T) {
	for pt := shogi.Pawn; pt <= shogi.Dragon; pt++ {
		code := Codes[pt]
		if len(code) != 2 || Parse(code[0], code[1]) != pt {
			t.Errorf("%v: code %q reads as %v", pt, code, Parse(code[0], code[1]))
		}
	}
	for _, bad := range []string{"fu", "XX", "OO", "\x00\x00"} {
		if got := Parse(bad[0], bad[1]); got != shogi.NoPieceType {
			t.Errorf("%q reads as %v", bad, got)
		}
	}
}
