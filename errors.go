package shogi

import (
	"errors"
	"fmt"
	"strings"
)

// Reasons a move is illegal. [Position.CheckMove] returns an [*IllegalMoveError] whose
// Reason is one of these, so errors.Is(err, shogi.ErrNifu) tells the foul.
var (
	// ErrInvalidMove: the move is malformed (no destination, a move to its own origin, …).
	ErrInvalidMove = errors.New("shogi: malformed move")
	// ErrNoPiece: there is no piece on the origin square.
	ErrNoPiece = errors.New("shogi: no piece on the origin square")
	// ErrNotYourPiece: the piece on the origin square belongs to the opponent.
	ErrNotYourPiece = errors.New("shogi: the piece belongs to the opponent")
	// ErrCannotMove: the piece cannot move that way.
	ErrCannotMove = errors.New("shogi: the piece cannot move that way")
	// ErrPathBlocked: a ranging piece would jump over another piece.
	ErrPathBlocked = errors.New("shogi: the path is blocked")
	// ErrCaptureOwn: one's own piece stands on the destination.
	ErrCaptureOwn = errors.New("shogi: own piece on the destination")
	// ErrPromotionOutsideZone: the move promotes, but neither starts nor ends in the promotion zone.
	ErrPromotionOutsideZone = errors.New("shogi: promotion outside the promotion zone")
	// ErrCannotPromote: the move promotes a king or a gold, which have no promoted form.
	ErrCannotPromote = errors.New("shogi: a king or gold cannot promote")
	// ErrAlreadyPromoted: the move promotes a piece that is already promoted.
	ErrAlreadyPromoted = errors.New("shogi: the piece is already promoted")
	// ErrUnpromote: a record names an unpromoted piece arriving where a promoted one moved.
	ErrUnpromote = errors.New("shogi: a promoted piece cannot unpromote")
	// ErrMustPromote: the piece would have nowhere to go unpromoted (行き所のない駒):
	// a pawn or lance on the last rank, a knight on the last two.
	ErrMustPromote = errors.New("shogi: the piece must promote (it would have nowhere to go)")
	// ErrNotInHand: the dropped piece is not in hand.
	ErrNotInHand = errors.New("shogi: the dropped piece is not in hand")
	// ErrDropOccupied: the drop square is occupied.
	ErrDropOccupied = errors.New("shogi: drop on an occupied square")
	// ErrDropPromoted: a promoted piece cannot be dropped.
	ErrDropPromoted = errors.New("shogi: a promoted piece cannot be dropped")
	// ErrDeadDrop: the dropped piece would have nowhere to go (行き所のない駒): a pawn
	// or lance on the last rank, a knight on the last two.
	ErrDeadDrop = errors.New("shogi: drop on a square the piece could never leave")
	// ErrNifu: a pawn drop on a file that holds an unpromoted pawn of the same side (二歩).
	ErrNifu = errors.New("shogi: two pawns on a file (nifu)")
	// ErrUchifuzume: a pawn drop that checkmates at once (打ち歩詰め).
	ErrUchifuzume = errors.New("shogi: checkmate by a pawn drop (uchifuzume)")
	// ErrKingInCheck: the move leaves or puts the mover's king in check (王手放置).
	ErrKingInCheck = errors.New("shogi: the king is left in check")
	// ErrWrongSide: a record gives a move to the side that is not to move (二手指し).
	ErrWrongSide = errors.New("shogi: move by the side not to move")
	// ErrPieceMismatch: a record names a piece that is not the piece on the origin
	// square, promoted or not. Readers wrap it with the piece that is there.
	ErrPieceMismatch = errors.New("shogi: the named piece is not the piece on the origin square")
)

// ErrNoRecord is the error of every format's Parse for input that holds no record
// (empty, or only blank lines and comments). Readers return io.EOF instead.
var ErrNoRecord = errors.New("shogi: the input holds no record")

// IllegalMoveError reports an illegal move: its move number (the SFEN move count of
// the position it was tried in), the move, and the foul as one of the Err sentinels.
type IllegalMoveError struct {
	Ply    int
	Move   Move
	Reason error
}

func (e *IllegalMoveError) Error() string {
	reason := strings.TrimPrefix(e.Reason.Error(), "shogi: ")
	if e.Move == NoMove {
		// A record's move that names no move of the position (a move by the wrong side, say).
		return fmt.Sprintf("shogi: illegal move at move %d: %s", e.Ply, reason)
	}
	return fmt.Sprintf("shogi: illegal move %s at move %d: %s", e.Move, e.Ply, reason)
}

// Unwrap returns the reason, so that errors.Is matches the sentinels.
func (e *IllegalMoveError) Unwrap() error { return e.Reason }
