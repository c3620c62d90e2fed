package shogi_test

import (
	"testing"

	"github.com/kifu-go/shogi"
)

// FuzzParseSFEN: ParseSFEN never panics; what it accepts formats back to an SFEN that
// parses to the same position, and the position is sound: its invariants hold, its
// moves are those of the reference generator, and each of them plays and undoes
// cleanly.
func FuzzParseSFEN(f *testing.F) {
	for _, s := range startSFENs {
		f.Add(s)
	}
	for _, s := range []string{
		"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -",
		"4k4/9/9/9/9/9/9/9/4K4 b 10P2p 0",
		"4k4/9/9/9/9/9/9/9/4K4 w PPPPpp 5",
		"k3r4/9/9/9/9/9/5n3/6G2/4K4 b P 1",
		"",
		"9/9/9/9/9/9/9/9/9 b - 1",
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1",
		"P3k4/9/9/9/9/9/9/9/4K4 b - 1",        // dead pawn: unreachable only
		"4k4/4R4/9/9/9/9/9/9/4K4 b - 1",       // White in check with Black to move
		"4k4/9/9/9/PPPPPPPPP/9/9/9/4K4 b - 1", // a pawn on every file
		"4k4/P8/P8/P8/P8/P8/P8/P8/P3K4 b - 1", // 九歩-like: eight pawns on file 9
		"4k4/9/9/9/9/9/9/9/4K4 b 19P 1",       // too many pawns even then
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkParsed(t, text, shogi.ParseSFEN)
		checkParsed(t, text, shogi.ParseSFENUnreachable)
		if _, err := shogi.ParseSFEN(text); err == nil {
			if _, err := shogi.ParseSFENUnreachable(text); err != nil {
				t.Fatalf("ParseSFENUnreachable(%q) refuses what ParseSFEN accepts: %v", text, err)
			}
		}
	})
}

func checkParsed(t *testing.T, text string, parse func(string) (*shogi.Position, error)) {
	p, err := parse(text)
	if err != nil {
		if p != nil {
			t.Fatalf("parse(%q) returned a position with its error %v", text, err)
		}
		return
	}
	sfen := p.String()
	q, err := parse(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q) = %s, which does not parse: %v", text, sfen, err)
	}
	if !q.Equal(p) || q.String() != sfen || q.Hash() != p.Hash() {
		t.Fatalf("ParseSFEN(%q) = %s; parsed again: %s", text, sfen, q)
	}
	if err := p.Invariants(); err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	checkAgainstReference(t, p)
	hash := p.Hash()
	for _, m := range p.LegalMoves() {
		p.PlayUnchecked(m)
		if err := p.Invariants(); err != nil {
			t.Fatalf("%s after %v: %v", sfen, m, err)
		}
		p.Undo()
		if p.String() != sfen || p.Hash() != hash {
			t.Fatalf("%s: %v and Undo give %s", sfen, m, p)
		}
	}
}
