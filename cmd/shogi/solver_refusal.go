package main

// What mate and tsume make of an error of the solver (tsume's Solve, Verify and
// DefenderHoldsRest) or of a record's start, which tells no answer about the problem.

import (
	"errors"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/tsume"
)

// solverErrorCode returns the machine code of err and the exit status of a run that
// meets it: "no-problem" and 1 for a position that is no tsume problem (the defender
// has no king, or is in check: the input's fault, an answer as an invalid record is);
// "syntax" and 1 for a start the rules refuse, as validate codes a record's refused
// start ("invalid start position"); and for any other error, which says nothing of the
// input (options the solver refuses that the flags let through; a context error, had
// tsume one: it reports an ended context as a result stopped StopCanceled), "solver"
// and 2, the status of a run that could not do its work (an interruption, an input
// that cannot be read). Every such error was "no-problem" and 1, which told a program
// reading the codes that the problem was at fault.
func solverErrorCode(err error) (code string, status int) {
	var se *shogi.SetupError
	switch {
	case errors.Is(err, tsume.ErrNoDefenderKing), errors.Is(err, tsume.ErrDefenderInCheck):
		return "no-problem", 1
	case errors.As(err, &se):
		return "syntax", 1
	}
	return "solver", 2
}

// solverRefusal is mate's refusal of err (solverErrorCode) about the position of in.
func solverRefusal(err error, in *mateInput) *refusal {
	code, status := solverErrorCode(err)
	return &refusal{status: status, kind: tsumeInvalid, code: code, err: err, path: in.source, label: in.label, record: in.record}
}
