package shogi

import "fmt"

// Machine codes. Fouls, results, game-end reasons, record endings and mismatches each
// have a short code made of lower-case words joined by hyphens ("black-wins",
// "perpetual-check", "time-up"), which their MarshalText writes and UnmarshalText
// reads. The codes are part of the API and never change; the zero value of each type
// has the code "none".

// codeOf returns codes[i], or "" when i is out of range.
func codeOf(codes []string, i int) string {
	if i >= 0 && i < len(codes) {
		return codes[i]
	}
	return ""
}

// marshalCode returns codes[i] as bytes, or an error naming the type what.
func marshalCode(codes []string, i int, what string) ([]byte, error) {
	if i < 0 || i >= len(codes) {
		return nil, fmt.Errorf("shogi: invalid %s %d", what, i)
	}
	return []byte(codes[i]), nil
}

// unmarshalCode returns the index of text in codes, or an error naming the type what.
func unmarshalCode(codes []string, text []byte, what string) (int, error) {
	for i, c := range codes {
		if c == string(text) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("shogi: unknown %s code %q", what, text)
}

var resultCodes = []string{NoResult: "none", BlackWins: "black-wins", WhiteWins: "white-wins", Draw: "draw"}

// Code returns the machine code of r: "black-wins", "white-wins", "draw" or "none".
func (r Result) Code() string { return codeOf(resultCodes, int(r)) }

// MarshalText returns the code of r.
func (r Result) MarshalText() ([]byte, error) { return marshalCode(resultCodes, int(r), "result") }

// UnmarshalText sets r to the result whose code is text.
func (r *Result) UnmarshalText(text []byte) error {
	i, err := unmarshalCode(resultCodes, text, "result")
	if err == nil {
		*r = Result(i)
	}
	return err
}

var reasonCodes = []string{NoReason: "none", Checkmate: "checkmate", Repetition: "repetition",
	PerpetualCheck: "perpetual-check", Impasse: "impasse", DeclarationWin: "declaration-win",
	DeclarationDraw: "declaration-draw", DeclarationFailed: "declaration-failed", MoveLimit: "move-limit"}

// Code returns the machine code of r, such as "checkmate" or "perpetual-check".
func (r Reason) Code() string { return codeOf(reasonCodes, int(r)) }

// MarshalText returns the code of r.
func (r Reason) MarshalText() ([]byte, error) { return marshalCode(reasonCodes, int(r), "reason") }

// UnmarshalText sets r to the reason whose code is text.
func (r *Reason) UnmarshalText(text []byte) error {
	i, err := unmarshalCode(reasonCodes, text, "reason")
	if err == nil {
		*r = Reason(i)
	}
	return err
}

var endingCodes = []string{EndNone: "none", EndResign: "resign", EndMate: "mate",
	EndSennichite: "sennichite", EndJishogi: "jishogi", EndInterrupt: "interrupt",
	EndTimeUp: "time-up", EndIllegalWin: "illegal-win", EndIllegalLoss: "illegal-loss",
	EndEnteringKingWin: "entering-king-win", EndDefaultWin: "default-win",
	EndDefaultLoss: "default-loss", EndDraw: "draw", EndNoMate: "no-mate",
	EndMaxMoves: "max-moves", EndError: "error", EndMatta: "matta",
	EndSealedMove: "sealed-move", EndUnread: "unread"}

// Code returns the machine code of k, such as "resign", "time-up" or "unread".
func (k EndingKind) Code() string { return codeOf(endingCodes, int(k)) }

// MarshalText returns the code of k.
func (k EndingKind) MarshalText() ([]byte, error) {
	return marshalCode(endingCodes, int(k), "ending kind")
}

// UnmarshalText sets k to the ending kind whose code is text.
func (k *EndingKind) UnmarshalText(text []byte) error {
	i, err := unmarshalCode(endingCodes, text, "ending kind")
	if err == nil {
		*k = EndingKind(i)
	}
	return err
}
