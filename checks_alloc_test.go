//go:build !race

package shogi_test

import (
	"testing"

	"github.com/kifu-go/shogi"
)

func TestChecksAllocateNothing(t *testing.T) {
	var list shogi.MoveList
	sfens := append([]string{}, allocPositions...)
	for _, tc := range tsumeProblems {
		sfens = append(sfens, tc.sfen)
	}
	for _, sfen := range sfens {
		p := mustParse(t, sfen)
		moves := p.LegalMoves()
		var checks shogi.MoveList
		p.GenerateChecks(&checks)
		for name, f := range map[string]func(){
			"GenerateChecks":   func() { p.GenerateChecks(&list) },
			"GenerateEvasions": func() { p.GenerateEvasions(&list) },
			"CountEvasions":    func() { _, _ = p.CountEvasions() },
			"NumEvasions":      func() { _ = p.NumEvasions() },
			"EvasionMoves":     func() { p.GenerateEvasionMoves(&list) },
			"HasEvasionMove":   func() { _ = p.HasEvasionMove() },
			"MateInOne":        func() { _ = p.MateInOne() },
			"MateAmong":        func() { _ = p.MateAmong(checks.Moves()) },
			"GivesCheck": func() {
				for _, m := range moves {
					_ = p.GivesCheck(m)
				}
			},
		} {
			if n := testing.AllocsPerRun(20, f); n != 0 {
				t.Errorf("%s: %s allocates %v times", sfen, name, n)
			}
		}
	}
}
