package shogi

import (
	"errors"
	"fmt"
)

// Foul is a rule that a move breaks. Each foul has a short machine code that never
// changes ([Foul.Code]: "nifu", "king-in-check", …), for programs that sort, count
// or store fouls, and a message for people ([Foul.String]).
//
// A Foul is an error: the foul sentinels ([ErrNifu], [ErrKingInCheck], …) are Foul
// values, so errors.Is(err, shogi.ErrNifu) and errors.As(err, &foul) both find the
// foul of an [*IllegalMoveError], through any wrapping. [FoulOf] is the short form.
//
// The zero Foul is no foul; its code is "none".
type Foul uint8

// The fouls. The comment after each gives its code.
const (
	FoulMalformedMove        Foul = iota + 1 // malformed-move
	FoulNoPiece                              // no-piece
	FoulNotYourPiece                         // not-your-piece
	FoulCannotMove                           // cannot-move
	FoulPathBlocked                          // path-blocked
	FoulCaptureOwn                           // capture-own
	FoulPromotionOutsideZone                 // promotion-outside-zone
	FoulCannotPromote                        // cannot-promote
	FoulAlreadyPromoted                      // already-promoted
	FoulUnpromote                            // unpromote
	FoulMustPromote                          // must-promote
	FoulNotInHand                            // not-in-hand
	FoulDropOccupied                         // drop-occupied
	FoulDropPromoted                         // drop-promoted
	FoulDeadDrop                             // dead-drop
	FoulNifu                                 // nifu
	FoulUchifuzume                           // uchifuzume
	FoulKingInCheck                          // king-in-check
	FoulWrongSide                            // wrong-side
	FoulPieceMismatch                        // piece-mismatch
	FoulCaptureKing                          // capture-king
	numFouls
)

// foulInfo holds the code and the message of each foul. Codes are part of the API:
// they are written to files and read back, and must never change.
var foulInfo = [numFouls]struct{ code, text string }{
	{"none", "no foul"},
	FoulMalformedMove:        {"malformed-move", "malformed move"},
	FoulNoPiece:              {"no-piece", "no piece on the origin square"},
	FoulNotYourPiece:         {"not-your-piece", "the piece belongs to the opponent"},
	FoulCannotMove:           {"cannot-move", "the piece cannot move that way"},
	FoulPathBlocked:          {"path-blocked", "the path is blocked"},
	FoulCaptureOwn:           {"capture-own", "own piece on the destination"},
	FoulPromotionOutsideZone: {"promotion-outside-zone", "promotion outside the promotion zone"},
	FoulCannotPromote:        {"cannot-promote", "a king or gold cannot promote"},
	FoulAlreadyPromoted:      {"already-promoted", "the piece is already promoted"},
	FoulUnpromote:            {"unpromote", "a promoted piece cannot unpromote"},
	FoulMustPromote:          {"must-promote", "the piece must promote (it would have nowhere to go)"},
	FoulNotInHand:            {"not-in-hand", "the dropped piece is not in hand"},
	FoulDropOccupied:         {"drop-occupied", "drop on an occupied square"},
	FoulDropPromoted:         {"drop-promoted", "a promoted piece cannot be dropped"},
	FoulDeadDrop:             {"dead-drop", "drop on a square the piece could never leave"},
	FoulNifu:                 {"nifu", "two pawns on a file (nifu)"},
	FoulUchifuzume:           {"uchifuzume", "checkmate by a pawn drop (uchifuzume)"},
	FoulKingInCheck:          {"king-in-check", "the king is left in check"},
	FoulWrongSide:            {"wrong-side", "move by the side not to move"},
	FoulPieceMismatch:        {"piece-mismatch", "the named piece is not the piece on the origin square"},
	FoulCaptureKing:          {"capture-king", "the move captures the king"},
}

// IsValid reports whether f is one of the fouls (not the zero Foul).
func (f Foul) IsValid() bool { return f > 0 && f < numFouls }

// Code returns the machine code of f, such as "nifu" or "king-in-check"; "none" for
// the zero Foul and "" for a value that is no foul.
func (f Foul) Code() string {
	if f < numFouls {
		return foulInfo[f].code
	}
	return ""
}

// String returns the message of f without the package prefix, such as "two pawns on a
// file (nifu)", for composing messages. (fmt prints a Foul, an error, with its Error
// method.)
func (f Foul) String() string {
	if f < numFouls {
		return foulInfo[f].text
	}
	return fmt.Sprintf("invalid foul %d", uint8(f))
}

// Error returns the message of f with the package prefix: "shogi: two pawns on a file
// (nifu)".
func (f Foul) Error() string { return "shogi: " + f.String() }

// MarshalText returns the code of f.
func (f Foul) MarshalText() ([]byte, error) {
	if f >= numFouls {
		return nil, fmt.Errorf("shogi: invalid foul %d", uint8(f))
	}
	return []byte(foulInfo[f].code), nil
}

// UnmarshalText sets f to the foul whose code is text.
func (f *Foul) UnmarshalText(text []byte) error {
	for i := range foulInfo {
		if foulInfo[i].code == string(text) {
			*f = Foul(i)
			return nil
		}
	}
	return fmt.Errorf("shogi: unknown foul code %q", text)
}

// FoulOf returns the foul that err is or wraps (an [*IllegalMoveError], a sentinel, or
// any error wrapping one), and false when it wraps none.
func FoulOf(err error) (Foul, bool) {
	var f Foul
	if errors.As(err, &f) && f.IsValid() {
		return f, true
	}
	return 0, false
}
