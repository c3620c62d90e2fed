package shogi

import (
	"errors"
	"fmt"
	"strings"
)

// Reasons a move is illegal. They are [Foul] values: [Position.CheckMove] returns an
// [*IllegalMoveError] whose Reason is one of them, so errors.Is(err, shogi.ErrNifu)
// tells the foul and [FoulOf] gives its machine code. [ErrUnpromote], [ErrWrongSide] and
// [ErrPieceMismatch] are fouls that only a record can commit (a move is written with
// its piece, its side or its origin); the readers of the formats report them.
var (
	// ErrInvalidMove: the move is malformed (no destination, a move to its own origin, …).
	ErrInvalidMove error = FoulMalformedMove
	// ErrNoPiece: there is no piece on the origin square.
	ErrNoPiece error = FoulNoPiece
	// ErrNotYourPiece: the piece on the origin square belongs to the opponent.
	ErrNotYourPiece error = FoulNotYourPiece
	// ErrCannotMove: the piece cannot move that way.
	ErrCannotMove error = FoulCannotMove
	// ErrPathBlocked: a ranging piece would jump over another piece.
	ErrPathBlocked error = FoulPathBlocked
	// ErrCaptureOwn: one's own piece stands on the destination.
	ErrCaptureOwn error = FoulCaptureOwn
	// ErrPromotionOutsideZone: the move promotes, but neither starts nor ends in the promotion zone.
	ErrPromotionOutsideZone error = FoulPromotionOutsideZone
	// ErrCannotPromote: the move promotes a king or a gold, which have no promoted form.
	ErrCannotPromote error = FoulCannotPromote
	// ErrAlreadyPromoted: the move promotes a piece that is already promoted.
	ErrAlreadyPromoted error = FoulAlreadyPromoted
	// ErrUnpromote: a record names an unpromoted piece arriving where a promoted one moved.
	ErrUnpromote error = FoulUnpromote
	// ErrMustPromote: the piece would have nowhere to go unpromoted (行き所のない駒):
	// a pawn or lance on the last rank, a knight on the last two.
	ErrMustPromote error = FoulMustPromote
	// ErrNotInHand: the dropped piece is not in hand.
	ErrNotInHand error = FoulNotInHand
	// ErrDropOccupied: the drop square is occupied.
	ErrDropOccupied error = FoulDropOccupied
	// ErrDropPromoted: a promoted piece cannot be dropped.
	ErrDropPromoted error = FoulDropPromoted
	// ErrDeadDrop: the dropped piece would have nowhere to go (行き所のない駒): a pawn
	// or lance on the last rank, a knight on the last two.
	ErrDeadDrop error = FoulDeadDrop
	// ErrNifu: a pawn drop on a file that holds an unpromoted pawn of the same side (二歩).
	ErrNifu error = FoulNifu
	// ErrUchifuzume: a pawn drop that checkmates at once (打ち歩詰め).
	ErrUchifuzume error = FoulUchifuzume
	// ErrKingInCheck: the move leaves or puts the mover's king in check (王手放置).
	ErrKingInCheck error = FoulKingInCheck
	// ErrWrongSide: a record gives a move to the side that is not to move (二手指し).
	ErrWrongSide error = FoulWrongSide
	// ErrPieceMismatch: a record names a piece that is not the piece on the origin
	// square, promoted or not. Readers wrap it with the piece that is there:
	// fmt.Errorf("%w: 7七 holds a bishop (角), not a rook (飛)", shogi.ErrPieceMismatch).
	ErrPieceMismatch error = FoulPieceMismatch
	// ErrCaptureKing: the move takes the opponent's king. Only a position set up with
	// [Setup.AllowUnreachable] can leave the side not to move in check; the game ended
	// before a king could be taken, so no move may take it.
	ErrCaptureKing error = FoulCaptureKing
)

// ErrMoveNumberLimit is the reason of the [*IllegalMoveError] for any move from a
// position at [MaxMoveNumber]: the move would carry the count past it. It is no foul.
var ErrMoveNumberLimit = fmt.Errorf("shogi: no move can be played past move %d", MaxMoveNumber)

// ErrNoRecord is the error of every format's Parse for input that holds no record
// (empty, or only blank lines and comments). Readers return io.EOF instead.
var ErrNoRecord = errors.New("shogi: the input holds no record")

// IllegalMoveError reports an illegal move: its move number (the SFEN move count of
// the position it was tried in), the move, and the foul.
type IllegalMoveError struct {
	Ply  int
	Move Move // NoMove when the record's move names no move of the position
	// Reason is one of the foul sentinels, or an error that wraps one with details
	// (fmt.Errorf("%w: …", shogi.ErrPieceMismatch)).
	Reason error
}

// Foul returns the foul of the move, or the zero Foul when Reason wraps none.
func (e *IllegalMoveError) Foul() Foul {
	f, _ := FoulOf(e.Reason)
	return f
}

func (e *IllegalMoveError) Error() string {
	reason := "no reason given"
	if e.Reason != nil {
		reason = strings.TrimPrefix(e.Reason.Error(), "shogi: ")
	}
	if e.Move == NoMove {
		// A record's move that names no move of the position (a move by the wrong side, say).
		return fmt.Sprintf("shogi: illegal move at move %d: %s", e.Ply, reason)
	}
	return fmt.Sprintf("shogi: illegal move %s at move %d: %s", e.Move, e.Ply, reason)
}

// Unwrap returns the reason, so that errors.Is matches the sentinels.
func (e *IllegalMoveError) Unwrap() error { return e.Reason }
