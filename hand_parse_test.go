package shogi_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"pgregory.net/rapid"
)

func TestParseHand(t *testing.T) {
	tests := []struct {
		text string
		want shogi.Hand
		err  error
	}{
		{"-", 0, nil},
		{"P", shogi.Hand(0).WithCount(shogi.Pawn, 1), nil},
		{"R2P", shogi.Hand(0).WithCount(shogi.Rook, 1).WithCount(shogi.Pawn, 2), nil},
		{"2PR", shogi.Hand(0).WithCount(shogi.Rook, 1).WithCount(shogi.Pawn, 2), nil}, // any order
		{"18P2L", shogi.Hand(0).WithCount(shogi.Pawn, 18).WithCount(shogi.Lance, 2), nil},
		{"63P", shogi.Hand(0).WithCount(shogi.Pawn, 63), nil},
		{"", 0, shogi.ErrHandSyntax},
		{"p", 0, shogi.ErrHandSyntax},
		{"Pb", 0, shogi.ErrHandSyntax},
		{"K", 0, shogi.ErrHandSyntax},
		{"2", 0, shogi.ErrHandSyntax},
		{"0P", 0, shogi.ErrHandSyntax},
		{"100P", 0, shogi.ErrHandSyntax},
		{"- ", 0, shogi.ErrHandSyntax},
		{"64P", 0, shogi.ErrTooManyPieces},
		{"16G", 0, shogi.ErrTooManyPieces},
	}
	for _, tt := range tests {
		got, err := shogi.ParseHand(tt.text)
		if !errors.Is(err, tt.err) || (tt.err != nil) != (err != nil) {
			t.Errorf("ParseHand(%q): error %v, want %v", tt.text, err, tt.err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseHand(%q) (-want +got):\n%s", tt.text, diff)
		}
	}
}

// TestParseHandReadsString: ParseHand reads back what Hand.String writes, for any hand.
func TestParseHandReadsString(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var h shogi.Hand
		for _, pt := range shogi.HandTypes {
			h = h.WithCount(pt, rapid.IntRange(0, shogi.HandCapacity[pt]).Draw(t, pt.String()))
		}
		got, err := shogi.ParseHand(h.String())
		if err != nil || got != h {
			t.Fatalf("ParseHand(%q) = %v, %v; want %v", h.String(), got, err, h)
		}
	})
}

// FuzzParseHand: ParseHand never panics, and what it accepts writes back (Hand.String)
// to a text that reads as the same hand.
func FuzzParseHand(f *testing.F) {
	for _, s := range []string{"-", "R2P", "2PR", "18P", "", "p", "100P", "64P", "PP", "2B2G"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		h, err := shogi.ParseHand(text)
		if err != nil {
			if !errors.Is(err, shogi.ErrHandSyntax) && !errors.Is(err, shogi.ErrTooManyPieces) {
				t.Fatalf("ParseHand(%q): %v, neither ErrHandSyntax nor ErrTooManyPieces", text, err)
			}
			return
		}
		back, err := shogi.ParseHand(h.String())
		if err != nil || back != h {
			t.Fatalf("ParseHand(%q) = %v, whose String %q reads as %v, %v", text, h, h.String(), back, err)
		}
	})
}

// TestParseHandErrorShort: ParseHand's error quotes the text cut short, as
// ParseUSIMove's does, where it quoted all of it: a program reading a hand from input
// it does not control (tsume.Result's UnmarshalJSON) printed a message as long as that.
func TestParseHandErrorShort(t *testing.T) {
	for _, text := range []string{strings.Repeat("P", 5000) + "x", strings.Repeat("P", 5000) + "p", "70P" + strings.Repeat("-", 5000)} {
		_, err := shogi.ParseHand(text)
		if err == nil || len(err.Error()) > 120 {
			t.Errorf("ParseHand of %d bytes: %d bytes of error %.200q", len(text), len(fmt.Sprint(err)), fmt.Sprint(err))
		}
	}
}
