package usi_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/usi"
)

// FuzzParseInfo checks that ParseInfo never panics, that its errors are SyntaxErrors
// with a column inside the line, that a PV holds only legal moves, and that what it
// reads, written again by Info.Format, reads back the same. The committed corpus is in
// testdata/fuzz/FuzzParseInfo.
func FuzzParseInfo(f *testing.F) {
	for _, line := range []string{
		"info depth 12 seldepth 19 multipv 1 score cp 146 nodes 113074 nps 267947 tbhits 0 time 422 pv 7g7f 5a4b",
		"info depth 16 score cp 147 upperbound nodes 888891 hashfull 480 pv 7g7f 5a4b",
		"info score mate + pv 7g7f",
		"info score mate -3 currmove 2g2f currmovenumber 4",
		"info string book move",
		"info pv 7g7f 3c3d 8h2b+ 3a2b B*4e",
	} {
		f.Add(line, false)
	}
	midgame, err := sfen.ParsePosition("position startpos moves 7g7f 3c3d 8h2b+ 3a2b")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line string, mid bool) {
		p := shogi.NewStartPosition()
		if mid {
			p = midgame.Clone()
		}
		info, err := usi.ParseInfo(p, line)
		if err != nil {
			var se *usi.SyntaxError
			if !errors.As(err, &se) || se.Column < 1 || se.Column > len([]rune(line))+1 {
				t.Fatalf("ParseInfo(%q) = %v, want a *SyntaxError with a column in the line", line, err)
			}
			return
		}
		q := p.Clone()
		for _, m := range info.PV {
			if err := q.Play(m); err != nil {
				t.Fatalf("ParseInfo(%q): PV move %v: %v", line, m, err)
			}
		}
		again, err := usi.ParseInfo(p, info.Format())
		if err != nil {
			t.Fatalf("ParseInfo(%q) of %q: %v", info.Format(), line, err)
		}
		info.PVError = nil
		if diff := cmp.Diff(info, again, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%q, written as %q, does not read back (-want +got):\n%s", line, info.Format(), diff)
		}
	})
}

// FuzzParseOption checks that ParseOption never panics, that its errors are
// SyntaxErrors with a column inside the line, and that an option it reads writes an
// option line (Option.String) that reads back the same. The committed corpus is in
// testdata/fuzz/FuzzParseOption.
func FuzzParseOption(f *testing.F) {
	for _, line := range []string{
		"option name USI_Hash type spin default 256 min 1 max 4096",
		"option name Ponder type check default false",
		"option name Style type combo default Normal var Solid var Normal var Risky",
		"option name Clear Hash type button",
		"option name CSAFile type string default <empty>",
		"option name BookFile type filename default book/my var min.db",
	} {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := usi.ParseOption(line)
		if err != nil {
			var se *usi.SyntaxError
			if !errors.As(err, &se) || se.Column < 1 || se.Column > len([]rune(line))+1 {
				t.Fatalf("ParseOption(%q) = %v, want a *SyntaxError with a column in the line", line, err)
			}
			return
		}
		again, err := usi.ParseOption(o.String())
		if err != nil {
			t.Fatalf("ParseOption(%q) of %q: %v", o.String(), line, err)
		}
		if diff := cmp.Diff(o, again); diff != "" {
			t.Fatalf("%q, written as %q, does not read back (-want +got):\n%s", line, o.String(), diff)
		}
		if o.HasDefault && o.Type != usi.String && o.Type != usi.Filename {
			if err := o.CheckValue(o.Default); err != nil && o.Type != usi.Combo {
				t.Fatalf("%q: its default %q is refused: %v", line, o.Default, err)
			}
		}
	})
}
