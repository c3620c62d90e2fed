package shogi_test

import (
	"encoding"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
)

// codeType is what the code-carrying types offer.
type codeType interface {
	Code() string
	encoding.TextMarshaler
}

// The machine codes of results, reasons, endings and mismatches. Programs store them:
// these tables must never change, only grow.
var (
	resultCodes = map[shogi.Result]string{
		shogi.NoResult: "none", shogi.BlackWins: "black-wins", shogi.WhiteWins: "white-wins", shogi.Draw: "draw",
	}
	reasonCodes = map[shogi.Reason]string{
		shogi.NoReason: "none", shogi.Checkmate: "checkmate", shogi.Repetition: "repetition",
		shogi.PerpetualCheck: "perpetual-check", shogi.Impasse: "impasse",
		shogi.DeclarationWin: "declaration-win", shogi.DeclarationDraw: "declaration-draw",
		shogi.DeclarationFailed: "declaration-failed", shogi.MoveLimit: "move-limit",
	}
	endingCodes = map[shogi.EndingKind]string{
		shogi.EndNone: "none", shogi.EndResign: "resign", shogi.EndMate: "mate",
		shogi.EndSennichite: "sennichite", shogi.EndJishogi: "jishogi", shogi.EndInterrupt: "interrupt",
		shogi.EndTimeUp: "time-up", shogi.EndIllegalWin: "illegal-win", shogi.EndIllegalLoss: "illegal-loss",
		shogi.EndEnteringKingWin: "entering-king-win", shogi.EndDefaultWin: "default-win",
		shogi.EndDefaultLoss: "default-loss", shogi.EndDraw: "draw", shogi.EndNoMate: "no-mate",
		shogi.EndMaxMoves: "max-moves", shogi.EndError: "error", shogi.EndMatta: "matta",
		shogi.EndSealedMove: "sealed-move", shogi.EndUnread: "unread",
	}
	mismatchCodes = map[shogi.MismatchKind]string{
		shogi.MismatchNone: "none", shogi.MismatchFalseMate: "false-mate",
		shogi.MismatchFutileInterpositions: "futile-interpositions",
		shogi.MismatchFalseRepetition:      "false-repetition",
		shogi.MismatchPerpetualCheckDraw:   "perpetual-check-draw",
		shogi.MismatchRepetitionResult:     "repetition-result",
		shogi.MismatchUnrecordedMate:       "unrecorded-mate",
		shogi.MismatchMatedOtherEnding:     "mated-other-ending",
		shogi.MismatchMoveAfterEnd:         "move-after-end",
		shogi.MismatchPastMoveLimit:        "past-move-limit",
		shogi.MismatchPastDefaultMoveLimit: "past-default-move-limit",
		shogi.MismatchFalseDeclaration:     "false-declaration",
	}
)

// checkCodes checks one type's codes against its table: every value from 0 up has
// the code of the table until the first value without one, codes are unique, and
// MarshalText and UnmarshalText (through unmarshal) round-trip them.
func checkCodes[T interface {
	~uint8
	codeType
}](t *testing.T, table map[T]string, unmarshal func([]byte) (T, error)) {
	t.Helper()
	seen := map[string]bool{}
	for v := range 256 {
		x := T(v)
		want, listed := table[x]
		if got := x.Code(); got != want {
			t.Errorf("%T(%d).Code() = %q, want %q", x, v, got, want)
		}
		text, err := x.MarshalText()
		if !listed {
			if err == nil {
				t.Errorf("%T(%d).MarshalText() = %q, want an error", x, v, text)
			}
			continue
		}
		if seen[want] {
			t.Errorf("%T: code %q used twice", x, want)
		}
		seen[want] = true
		if err != nil || string(text) != want {
			t.Errorf("%T(%d).MarshalText() = %q, %v", x, v, text, err)
		}
		if back, err := unmarshal(text); err != nil || back != x {
			t.Errorf("%T: UnmarshalText(%q) = %v, %v; want %d", x, text, back, err, v)
		}
	}
	for _, bad := range []string{"", "None", "black wins", "time up", "x"} {
		if v, err := unmarshal([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) = %v, want an error", bad, v)
		}
	}
}

func TestCodes(t *testing.T) {
	checkCodes(t, resultCodes, func(b []byte) (r shogi.Result, err error) { return r, r.UnmarshalText(b) })
	checkCodes(t, reasonCodes, func(b []byte) (r shogi.Reason, err error) { return r, r.UnmarshalText(b) })
	checkCodes(t, endingCodes, func(b []byte) (k shogi.EndingKind, err error) { return k, k.UnmarshalText(b) })
	checkCodes(t, mismatchCodes, func(b []byte) (k shogi.MismatchKind, err error) { return k, k.UnmarshalText(b) })
}

// TestCodesInJSON: the types marshal as their codes, and read them back.
func TestCodesInJSON(t *testing.T) {
	type verdict struct {
		Result  shogi.Result
		Outcome shogi.Outcome
		Ending  shogi.EndingKind
		Foul    shogi.Foul
		Kind    shogi.MismatchKind
	}
	v := verdict{shogi.WhiteWins, shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.PerpetualCheck},
		shogi.EndTimeUp, shogi.FoulUchifuzume, shogi.MismatchFutileInterpositions}
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Result":"white-wins","Outcome":{"Result":"black-wins","Reason":"perpetual-check"},"Ending":"time-up","Foul":"uchifuzume","Kind":"futile-interpositions"}`
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	var back verdict
	if err := json.Unmarshal(data, &back); err != nil || back != v {
		t.Errorf("json.Unmarshal = %+v, %v; want %+v", back, err, v)
	}
	if err := json.Unmarshal([]byte(`{"Foul":"nifu2"}`), &back); err == nil {
		t.Error("an unknown foul code was read")
	}
}

func TestOutcomeString(t *testing.T) {
	tests := []struct {
		o    shogi.Outcome
		want string
	}{
		{shogi.Outcome{}, "no result"},
		{shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.Checkmate}, "black wins by checkmate"},
		{shogi.Outcome{Result: shogi.Draw, Reason: shogi.Repetition}, "draw by repetition"},
		{shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.PerpetualCheck}, "white wins by perpetual check"},
		{shogi.Outcome{Result: shogi.Draw, Reason: shogi.Impasse}, "draw by impasse"},
		{shogi.Outcome{Result: shogi.BlackWins, Reason: shogi.DeclarationWin}, "black wins by declaration"},
		{shogi.Outcome{Result: shogi.Draw, Reason: shogi.DeclarationDraw}, "draw by declaration"},
		{shogi.Outcome{Result: shogi.WhiteWins, Reason: shogi.DeclarationFailed}, "white wins by failed declaration"},
		{shogi.Outcome{Result: shogi.Draw, Reason: shogi.MoveLimit}, "draw by move limit"},
		{shogi.Outcome{Result: shogi.Draw}, "draw"},
		{shogi.Outcome{Result: shogi.Draw, Reason: 99}, "draw by an invalid reason"},
	}
	for _, tt := range tests {
		if got := tt.o.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.o, got, tt.want)
		}
		if got := fmt.Sprint(tt.o); got != tt.want {
			t.Errorf("fmt.Sprint(%#v) = %q, want %q", tt.o, got, tt.want)
		}
	}
}
