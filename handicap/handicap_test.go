package handicap_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
)

// The SFENs and PI codes of formats.md §9, which the removal sets must reproduce.
func TestTable(t *testing.T) {
	tests := []struct{ name, sfen, csa string }{
		{"平手", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "PI"},
		{"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI11KY"},
		{"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI91KY"},
		{"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI22KA"},
		{"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI"},
		{"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI11KY"},
		{"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA"},
		{"三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY"},
		{"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY"},
		{"五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY81KE"},
		{"左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY21KE"},
		{"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY21KE81KE"},
		{"左七枚落ち", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY21KE81KE31GI"},
		{"右七枚落ち", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY21KE81KE71GI"},
		{"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY21KE81KE31GI71GI"},
		{"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY21KE81KE31GI71GI41KI61KI"},
		{"両香落ち", "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI11KY91KY"},
		{"九枚落ち", "4kg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI22KA11KY91KY21KE81KE31GI71GI61KI"},
		{"裸玉", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", ""},
		{"歩三兵", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1", ""},
		{"トンボ", "4k4/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", ""},
		{"太閤落ち", "lnsgkgsnl/1r5b1/p1ppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI83FU"},
		{"銀落ち", "lnsgkg1nl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI31GI"},
		{"右銀落ち", "ln1gkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI71GI"},
		{"飛銀落ち", "lnsgkg1nl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI31GI"},
		{"角香落ち", "lnsgkgsn1/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI22KA11KY"},
		{"飛両香落ち", "1nsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "PI82HI11KY91KY"},
	}
	for _, tt := range tests {
		h, ok := handicap.Lookup(tt.name)
		if !ok {
			t.Errorf("Lookup(%q) failed", tt.name)
			continue
		}
		if diff := cmp.Diff(tt.sfen, h.SFEN); diff != "" {
			t.Errorf("%s SFEN (-want +got)\n%s", tt.name, diff)
		}
		if tt.csa != "" {
			// PI order is free; compare the removed pieces as a set of 4-character items.
			if diff := cmp.Diff(items(tt.csa), items(h.CSA)); diff != "" {
				t.Errorf("%s PI (-want +got)\n%s", tt.name, diff)
			}
		}
	}
}

func items(pi string) map[string]bool {
	m := map[string]bool{}
	for i := 2; i+4 <= len(pi); i += 4 {
		m[pi[i:i+4]] = true
	}
	return m
}

func TestEveryHandicapIsPlayable(t *testing.T) {
	for i := range handicap.All {
		h := &handicap.All[i]
		p := h.Position()
		if h.Japanese != "平手" && h.Japanese != "定先" && p.SideToMove() != shogi.White {
			t.Errorf("%s: the giver must move first", h.Japanese)
		}
		if len(p.LegalMoves()) == 0 {
			t.Errorf("%s: no legal move", h.Japanese)
		}
		got, ok := handicap.Identify(p)
		if !ok || got.SFEN != h.SFEN {
			t.Errorf("Identify(%s) = %v, %v", h.Japanese, got, ok)
		}
		for _, name := range []string{h.Japanese, h.Romaji, h.English} {
			if got, ok := handicap.Lookup(name); !ok || got.SFEN != h.SFEN {
				t.Errorf("Lookup(%q) = %v, %v", name, got, ok)
			}
		}
	}
}

func TestLookupFolding(t *testing.T) {
	for _, name := range []string{"kyō-ochi", "kyo-ochi", "Kyoochi", "KYO OCHI", "KY", "香落ち", "左香落ち", "Lance"} {
		h, ok := handicap.Lookup(name)
		if !ok || h.Japanese != "香落ち" {
			t.Errorf("Lookup(%q) = %v, %v; want 香落ち", name, h, ok)
		}
	}
	for _, name := range []string{"", "queen odds", "香"} {
		if h, ok := handicap.Lookup(name); ok {
			t.Errorf("Lookup(%q) = %v, want none", name, h)
		}
	}
}

func TestIdentifyLishogiSanmai(t *testing.T) {
	p, err := shogi.ParseSFEN("1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
	if err != nil {
		t.Fatal(err)
	}
	if h, ok := handicap.Identify(p); !ok || h.Japanese != "三枚落ち" {
		t.Errorf("Identify = %v, %v; want 三枚落ち", h, ok)
	}
	p.PlayUnchecked(p.LegalMoves()[0])
	if h, ok := handicap.Identify(p); ok {
		t.Errorf("a position after a move identified as %v", h)
	}
}

func TestIdentifySFENAndByJKF(t *testing.T) {
	for i := range handicap.All {
		h := &handicap.All[i]
		if got, ok := handicap.IdentifySFEN(h.SFEN); !ok || got.SFEN != h.SFEN {
			t.Errorf("IdentifySFEN(%s) = %v, %v", h.SFEN, got, ok)
		}
		if h.JKF == "" {
			continue
		}
		if got, ok := handicap.ByJKF(h.JKF); !ok || got != h {
			t.Errorf("ByJKF(%q) = %v, %v; want %s", h.JKF, got, ok, h.Japanese)
		}
	}
	if h, ok := handicap.IdentifySFEN("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -"); !ok || h.Japanese != "香落ち" {
		t.Errorf("IdentifySFEN without a move number = %v, %v", h, ok)
	}
	for _, name := range []string{"", "Lance", "ky", "OTHER"} {
		if h, ok := handicap.ByJKF(name); ok {
			t.Errorf("ByJKF(%q) = %v, want none", name, h)
		}
	}
}
