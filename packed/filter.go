// The filters of a training set, as dlshogi's converters have them: which records
// give entries (their players' ratings, their length, their ending) and which of
// their positions (the opening skipped, the evaluation bounded). shogi positions and
// the Beam pipeline pick their entries with them.

package packed

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kifu-go/shogi"
)

// Filter picks the records and the samples of a training set. The zero Filter keeps
// everything.
type Filter struct {
	// ByRating keeps only the records whose two players' floodgate ratings
	// ([FloodgateRatings]) are both at least MinRating; a record without them is
	// dropped.
	ByRating  bool
	MinRating float64
	// MinPlies keeps the records of at least MinPlies moves in their main line.
	MinPlies int
	// Endings, when not nil, keeps only the records whose main line ends in one of
	// these kinds ([shogi.EndNone] for a record without an ending).
	Endings []shogi.EndingKind
	// SkipFirst drops the first SkipFirst samples of each record (Sample.Index below
	// it).
	SkipFirst int
	// ByEval drops the samples whose |Eval| is above MaxEval.
	ByEval  bool
	MaxEval int
}

// The reasons [Filter.RejectRecord] gives, the names of the command line's flags.
const (
	RejectMinRating = "min-rating"
	RejectMinPlies  = "min-plies"
	RejectEndings   = "endings"
)

// RejectRecord returns why f drops rec, whose main line has moves moves (a verdict's
// count: record.Verdict.Moves): [RejectMinPlies], [RejectEndings] or
// [RejectMinRating], checked in that order; "" when f keeps it.
func (f *Filter) RejectRecord(rec *shogi.Record, moves int) string {
	if moves < f.MinPlies {
		return RejectMinPlies
	}
	if f.Endings != nil {
		kind := shogi.EndNone
		if e := rec.Ending(); e != nil {
			kind = e.Kind
		}
		if !slices.Contains(f.Endings, kind) {
			return RejectEndings
		}
	}
	if f.ByRating {
		black, white, ok := FloodgateRatings(rec)
		if !ok || black < f.MinRating || white < f.MinRating {
			return RejectMinRating
		}
	}
	return ""
}

// KeepSample reports whether f keeps s, a sample of a record it keeps: its Index is
// not among the first SkipFirst and its evaluation is within the bound.
func (f *Filter) KeepSample(s *Sample) bool {
	if s.Index < f.SkipFirst {
		return false
	}
	return !f.ByEval || s.Eval <= f.MaxEval && s.Eval >= -f.MaxEval
}

// FloodgateRatings returns the players' ratings that floodgate writes as comments at
// the head of a CSA record: 'black_rate:NAME:3382.0 and 'white_rate:NAME:3613.0 (the
// readers keep the apostrophe; JKF's comments come without it). ok is false unless
// both are there.
func FloodgateRatings(rec *shogi.Record) (black, white float64, ok bool) {
	var haveB, haveW bool
	for _, c := range rec.Root.Comments {
		c = strings.TrimLeft(c, "' ")
		var dst *float64
		var have *bool
		switch {
		case strings.HasPrefix(c, "black_rate:"):
			dst, have = &black, &haveB
		case strings.HasPrefix(c, "white_rate:"):
			dst, have = &white, &haveW
		default:
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(c[strings.LastIndexByte(c, ':')+1:]), 64)
		if err != nil || math.IsNaN(v) {
			continue
		}
		*dst, *have = v, true
	}
	return black, white, haveB && haveW
}
