package sfen_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
)

var seedSFENs = []string{
	shogi.StartSFEN,
	"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
	"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
	"4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p",
	"sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
}

func FuzzParse(f *testing.F) {
	for _, s := range seedSFENs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := sfen.Parse(text)
		if err != nil {
			checkSyntaxError(t, text, err)
			return
		}
		out := sfen.Format(p)
		q, err := sfen.Parse(out)
		if err != nil {
			t.Fatalf("Format gave %q, which does not parse: %v", out, err)
		}
		if !p.Equal(q) || sfen.Format(q) != out {
			t.Fatalf("round trip of %q: %q then %q", text, out, sfen.Format(q))
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"7g7f", "8h2b+", "P*5e", "p*5e", "K*5e", "2b3a", "9i9a+", "7g7f+", ""} {
		f.Add(s)
	}
	start := shogi.NewStartPosition()
	f.Fuzz(func(t *testing.T, text string) {
		m, err := sfen.ParseMove(start, text)
		if err != nil {
			_ = err.Error()
			return
		}
		if !start.IsLegal(m) {
			t.Fatalf("ParseMove(%q) returned the illegal move %v", text, m)
		}
		if got, err := sfen.ParseMove(start, m.String()); err != nil || got != m {
			t.Fatalf("%v does not round-trip: %v, %v", m, got, err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"position startpos", "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
		"startpos moves 2g2f", "moves 7g7f", "position sfen " + seedSFENs[1] + " moves 2h2g",
		"sfen 4k4/9/9/9/9/9/9/9/4K4 b P moves P*5b"} {
		f.Add(s)
	}
	same := func(p *shogi.Position) (*shogi.Position, error) { return p, nil }
	f.Fuzz(func(t *testing.T, line string) {
		// ParsePositionFrom with a start left as it is reads as ParsePositionUnreachable.
		u, uerr := sfen.ParsePositionUnreachable(line)
		v, verr := sfen.ParsePositionFrom(line, same)
		if (uerr == nil) != (verr == nil) || uerr != nil && uerr.Error() != verr.Error() || uerr == nil && !u.Equal(v) {
			t.Fatalf("%q: ParsePositionFrom %v, %v; ParsePositionUnreachable %v, %v", line, v, verr, u, uerr)
		}
		p, err := sfen.ParsePosition(line)
		if err != nil {
			checkSyntaxError(t, line, err)
			return
		}
		out := sfen.FormatPosition(p)
		q, err := sfen.ParsePosition(out)
		if err != nil {
			t.Fatalf("FormatPosition gave %q, which does not parse: %v", out, err)
		}
		if !p.Equal(q) || sfen.FormatPosition(q) != out {
			t.Fatalf("round trip of %q gave %q", line, out)
		}
	})
}

// checkSyntaxError checks the error of reading text: a *SyntaxError whose column, in
// characters, lies in the text or just after it, with one package prefix.
func checkSyntaxError(t *testing.T, text string, err error) {
	t.Helper()
	var se *sfen.SyntaxError
	if !errors.As(err, &se) || se.Column < 1 || se.Column > utf8.RuneCountInString(text)+1 {
		t.Fatalf("%q: error %#v, want a *SyntaxError with a column in the text", text, err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "sfen: ") || strings.Count(msg, "sfen: ")+strings.Count(msg, "shogi: ") != 1 {
		t.Fatalf("%q: message %q, want one package prefix", text, msg)
	}
}
