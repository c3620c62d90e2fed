package csa_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/gametest"
	"pgregory.net/rapid"
)

func TestFormatBoard(t *testing.T) {
	composed, err := shogi.ParseSFENUnreachable("4k4/9/9/9/9/9/9/9/4K4 w 2G18Pr 31")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		p    *shogi.Position
		want string
	}{
		{"start", shogi.NewStartPosition(), `P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
+
`},
		{"hands, White to move", composed, `P1 *  *  *  * -OU *  *  *  * 
P2 *  *  *  *  *  *  *  *  * 
P3 *  *  *  *  *  *  *  *  * 
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7 *  *  *  *  *  *  *  *  * 
P8 *  *  *  *  *  *  *  *  * 
P9 *  *  *  * +OU *  *  *  * 
P+00KI00KI00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU
P-00HI
-
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := csa.FormatBoard(tt.p)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("FormatBoard (-want +got)\n%s", diff)
			}
			if got := string(csa.AppendBoard([]byte("x"), tt.p)); got != "x"+tt.want {
				t.Errorf("AppendBoard does not append what FormatBoard returns:\n%s", got)
			}
		})
	}
}

func TestParseBoard(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"rows", csa.FormatBoard(shogi.NewStartPosition()), shogi.StartSFEN},
		{"PI with a handicap, version and comments", "'a position\nV2.2\nPI82HI22KA\n+\n", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"hands with 00AL", "P1 *  *  *  * -OU *  *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \n" +
			"P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n" +
			"P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \nP-00HI\nP+00AL\n-\n",
			"4k4/9/9/9/9/9/9/9/4K4 w R2B4G4S4N4L18Pr 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := csa.ParseBoard([]byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, p.String()); diff != "" {
				t.Errorf("ParseBoard (-want +got)\n%s", diff)
			}
		})
	}
}

func TestParseBoardErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     error
	}{
		{"moves", "PI\n+\n+7776FU\n", csa.ErrNotPosition},
		{"an ending", "PI\n+\n%TORYO\n", csa.ErrNotPosition},
		{"a bad row", "P1-KY-KE-GI-KI-OU-KI-GI-KE-XX\n", csa.ErrPiece},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := csa.ParseBoard([]byte(tt.in))
			if !errors.Is(err, tt.want) {
				t.Fatalf("ParseBoard = %v, %v; want an error that wraps %v", p, err, tt.want)
			}
			if p != nil {
				t.Errorf("ParseBoard returned a position with its error: %v", p)
			}
		})
	}
}

// TestBoardRoundTrip: what FormatBoard writes, ParseBoard reads back as the same
// board, hands and side to move (CSA has no move number).
func TestBoardRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var p *shogi.Position
		if rapid.Bool().Draw(t, "composed") {
			p = gametest.DrawComposed(t, nil)
		} else {
			start := ""
			if rapid.Bool().Draw(t, "handicap") {
				start = rapid.SampledFrom(handicapStarts).Draw(t, "handicap start")
			}
			p = gametest.DrawPlayed(t, start, 150)
		}
		text := csa.FormatBoard(p)
		got, err := csa.ParseBoard([]byte(text))
		if err != nil {
			t.Fatalf("%s: ParseBoard: %v\n%s", p, err, text)
		}
		s := p.Setup()
		s.MoveNumber = 1
		s.AllowUnreachable = true
		want, err := shogi.NewPosition(s)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Equal(want) {
			t.Fatalf("ParseBoard gives %s, want %s\n%s", got, want, text)
		}
	})
}

// FuzzParseBoard: ParseBoard never panics, returns a position or an error (never
// both), and a position it returns is written by FormatBoard as lines it reads back
// as the same position.
func FuzzParseBoard(f *testing.F) {
	f.Add([]byte(csa.FormatBoard(shogi.NewStartPosition())))
	f.Add([]byte("'a position\nV2.2\nPI82HI22KA\n+\n"))
	f.Add([]byte("P1 *  *  *  * -OU *  *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \n" +
		"P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n" +
		"P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \nP-00HI\nP+00AL\n-\n"))
	f.Add([]byte("P-11OU\nP+99OU00KI\n+\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := csa.ParseBoard(data)
		if err != nil {
			if p != nil {
				t.Fatalf("a position and an error: %v", err)
			}
			return
		}
		text := csa.FormatBoard(p)
		q, err := csa.ParseBoard([]byte(text))
		if err != nil {
			t.Fatalf("%s: the lines do not read back: %v\n%s", p, err, text)
		}
		if !q.Equal(p) {
			t.Fatalf("the lines of %s read back as %s\n%s", p, q, text)
		}
	})
}
