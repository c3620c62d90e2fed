package book_test

import (
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/book"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/packed"
)

// book's Apery move layout is packed's AperyMove16: they agree on every legal move of
// a few positions (drops of every kind, promotions, captures), and on every 16-bit
// value, which one decodes exactly when the other does, to the same move.
func TestAperyMoveAgreesWithPacked(t *testing.T) {
	positions := []*shogi.Position{
		shogi.NewStartPosition(),
		gametest.Play(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"),
		gametest.Play(t, "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbg3s3n3l17p 1"),
	}
	for _, p := range positions {
		for _, m := range p.LegalMoves() {
			a, b := book.AperyMoveOf(m), packed.NewAperyMove16(m)
			if uint16(a) != uint16(b) {
				t.Errorf("%s: %v: book %#04x, packed %#04x", p, m, uint16(a), uint16(b))
			}
		}
	}
	for v := range 1 << 16 {
		bm, berr := book.AperyMove(v).Move()
		pm, perr := packed.AperyMove16(v).ShogiMove()
		if (berr == nil) != (perr == nil) || bm != pm {
			t.Errorf("%#04x: book %v, %v; packed %v, %v", v, bm, berr, pm, perr)
		}
	}
}
