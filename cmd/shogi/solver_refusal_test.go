package main

import (
	"context"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/tsume"
)

// TestSolverErrorCode: only the solver's errors for a position that is no problem are
// "no-problem"; a start the rules refuse is coded as validate codes it, and an error
// that says nothing of the position (options the solver refuses) is the solver's, exit
// status 2. The errors are the packages' own, not made up.
func TestSolverErrorCode(t *testing.T) {
	solveErr := func(sfenText string, opt tsume.Options) error {
		t.Helper()
		p, err := shogi.ParseSFENUnreachable(sfenText)
		if err != nil {
			t.Fatal(err)
		}
		_, err = tsume.Solve(context.Background(), p, opt)
		if err == nil {
			t.Fatalf("%s: Solve gave no error", sfenText)
		}
		return err
	}
	const problem = "4k4/9/4P4/9/9/9/9/9/9 b G 1"
	_, setupErr := shogi.NewPosition(shogi.Setup{Board: [81]shogi.Piece{shogi.NewPiece(shogi.Black, shogi.King), shogi.NewPiece(shogi.Black, shogi.King)}})
	_, nilErr := tsume.DefenderHoldsRest(nil)
	for _, tc := range []struct {
		name   string
		err    error
		code   string
		status int
	}{
		{"no king", solveErr("9/9/4P4/9/9/9/9/9/9 b G 1", tsume.Options{}), "no-problem", 1},
		{"in check", solveErr("4k4/4G4/9/9/9/9/9/9/9 b G 1", tsume.Options{}), "no-problem", 1},
		{"refused start", setupErr, "syntax", 1},
		{"negative time", solveErr(problem, tsume.Options{Time: -1}), "solver", 2},
		{"unknown futile", solveErr(problem, tsume.Options{Futile: 9}), "solver", 2},
		{"nil position", nilErr, "solver", 2},
		{"context", context.Canceled, "solver", 2},
	} {
		if code, status := solverErrorCode(tc.err); code != tc.code || status != tc.status {
			t.Errorf("%s (%v): code %q, status %d; want %q, %d", tc.name, tc.err, code, status, tc.code, tc.status)
		}
	}
}

// TestTsumeVerdictSolverError: a problem the solver will not search (its options
// refused) is no "no-problem" verdict: its code is "solver", and the verdict fails the
// run (exit status 2), while a start that is no problem stays "no-problem".
func TestTsumeVerdictSolverError(t *testing.T) {
	rest := false
	sf := &solverFlags{rest: &rest}
	for _, tc := range []struct {
		name, record string
		opt          tsume.Options
		code         string
		failed       bool
	}{
		{"refused options", "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1", tsume.Options{HashBytes: 1 << 20, Time: -1}, "solver", true},
		{"refused options, a line recorded", "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b", tsume.Options{HashBytes: 1 << 20, Time: -1}, "solver", true},
		{"no king", "position sfen 9/9/4P4/9/9/9/9/9/9 b G 1", tsume.Options{HashBytes: 1 << 20}, "no-problem", false},
	} {
		rec, err := record.Parse([]byte(tc.record))
		if err != nil {
			t.Fatal(err)
		}
		tv := tsumeVerdict{Path: "p.usi", Record: 1, Format: "usi"}
		verifyProblem(context.Background(), &tv, rec, sf, tsume.NewSolver(tc.opt))
		if tv.Status != tsumeInvalid || tv.Code != tc.code || tv.failed != tc.failed {
			t.Errorf("%s: status %s, code %q, failed %v (%s); want invalid, %q, %v", tc.name, tv.Status, tv.Code, tv.failed, tv.Error, tc.code, tc.failed)
		}
	}
}
