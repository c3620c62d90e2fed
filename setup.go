package shogi

import (
	"errors"
	"fmt"

	"github.com/kifu-go/shogi/internal/sfentext"
)

// StartSFEN is the SFEN of the even-game (平手) starting position.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// Setup describes a position to build with [NewPosition]: the pieces on the board, the
// hands, the side to move and the move number.
type Setup struct {
	Board      [NumSquares]Piece // indexed by Square.Index()
	Hands      [2]Hand
	SideToMove Color
	MoveNumber int // the SFEN move count, 0 to [MaxMoveNumber]; 0 is read as 1
	// AllowUnreachable skips the checks that the position could arise in a game: two
	// unpromoted pawns of a side on a file, a piece that could never move, and the side
	// not to move being in check. Composed problems and curiosities need it (the 九歩
	// record has nine pawns on one file); records read from files use it for their
	// start positions. The limits every position keeps — valid pieces, one king a side
	// at most, no more pieces of a kind than the game has — always apply, and moves
	// played from such a position still obey every rule. A king standing in check on
	// the side not to move cannot be taken ([ErrCaptureKing]); every other move is
	// judged as usual.
	AllowUnreachable bool
	// AllowExtraPieces lifts the limit of pieces of a kind to what a hand can count
	// ([HandCapacity]: 63 pawns, 15 of each other kind) instead of the game's own
	// ([MaxInHand]), for the perft suites of other engines, which hold positions with
	// three bishops or five lances. Kings stay at one a side. No record reader sets it.
	AllowExtraPieces bool
}

// At returns the piece on s.
func (s *Setup) At(sq Square) Piece { return s.Board[sq.Index()] }

// Put places pc on sq (NoPiece empties it).
func (s *Setup) Put(sq Square, pc Piece) { s.Board[sq.Index()] = pc }

// Reasons [NewPosition] rejects a setup. They are wrapped in a [*SetupError].
var (
	ErrInvalidPiece    = errors.New("shogi: invalid piece")
	ErrInvalidSide     = errors.New("shogi: the side to move is neither black nor white")
	ErrTooManyKings    = errors.New("shogi: more than one king of a side")
	ErrTooManyPieces   = errors.New("shogi: more pieces of a kind than the game has")
	ErrDeadPiece       = errors.New("shogi: a piece stands where it could never move (行き所のない駒)")
	ErrDoublePawn      = errors.New("shogi: two unpromoted pawns of a side on one file (nifu)")
	ErrOpponentInCheck = errors.New("shogi: the side not to move is in check")
	ErrMoveNumber      = fmt.Errorf("shogi: move number out of range (0 to %d)", MaxMoveNumber)
)

// MaxMoveNumber is the largest move number a position can have, in a [Setup] or in
// SFEN text. From a position at MaxMoveNumber no move can be played: [Position.Play]
// and [Position.CheckMove] refuse every move with [ErrMoveNumberLimit] (move
// generation, which trusts its caller, still lists the moves). So every position
// writes an SFEN that the readers accept.
const MaxMoveNumber = sfentext.MaxMoveNumber

// SetupError reports why a setup is not a valid position, and on which square when a
// square is to blame.
type SetupError struct {
	Square Square // NoSquare when no single square is to blame
	Err    error
}

func (e *SetupError) Error() string {
	if e.Square != NoSquare {
		return fmt.Sprintf("%v on %s", e.Err, e.Square)
	}
	return e.Err.Error()
}

func (e *SetupError) Unwrap() error { return e.Err }

// NewPosition builds a position from s after checking that it could arise in a game:
// a move number from 0 to [MaxMoveNumber], at most one king a side (none is allowed, for tsume problems), no more pieces of a
// kind than the game has, no unpromoted piece that could never move, no two
// unpromoted pawns of a side on a file, and the side not to move not in check. The
// last three checks are skipped when s.AllowUnreachable is set. [Position.Reset] does
// the same into an existing position, without allocating.
func NewPosition(s Setup) (*Position, error) {
	p := new(Position)
	if err := p.Reset(s); err != nil {
		return nil, err
	}
	p.history = make([]undoState, 0, 64)
	return p, nil
}

// Reset sets p to the position of s, with the checks and the result of [NewPosition],
// and empties its history, whose capacity it keeps: a loop that decodes many positions
// into one allocates nothing. On an error p is left unchanged (its history too). The
// zero Position may be Reset.
func (p *Position) Reset(s Setup) error {
	if s.SideToMove > White {
		return &SetupError{NoSquare, ErrInvalidSide}
	}
	if s.MoveNumber < 0 || s.MoveNumber > MaxMoveNumber {
		return &SetupError{NoSquare, ErrMoveNumber}
	}
	// q is built on the stack and copied into p only when every check passed.
	q := Position{side: s.SideToMove, moveNumber: max(s.MoveNumber, 1), hands: s.Hands}
	var counts [NumPieceTypes]int
	for i, pc := range s.Board {
		if pc == NoPiece {
			continue
		}
		sq := SquareAt(i)
		if !pc.IsValid() {
			return &SetupError{sq, ErrInvalidPiece}
		}
		c, t := pc.Color(), pc.Type()
		if t == King && q.kings[c] != NoSquare {
			return &SetupError{sq, ErrTooManyKings}
		}
		if !s.AllowUnreachable {
			if mustPromote(c, t, sq) {
				return &SetupError{sq, ErrDeadPiece}
			}
			if t == Pawn && !q.Pieces(c, Pawn).And(fileBB[sq.File()]).IsEmpty() {
				return &SetupError{sq, ErrDoublePawn}
			}
		}
		counts[t.Unpromote()]++
		q.put(sq, pc)
	}
	for c := Black; c <= White; c++ {
		var valid Hand // the hand rebuilt from its counts: no stray or overflowed bits
		for _, t := range HandTypes {
			counts[t] += s.Hands[c].Count(t)
			valid = valid.WithCount(t, s.Hands[c].Count(t))
		}
		if valid != s.Hands[c] {
			return &SetupError{NoSquare, fmt.Errorf("%w: %v's hand %#x overflows its counts", ErrTooManyPieces, c, uint32(s.Hands[c]))}
		}
	}
	limit := &MaxInHand
	if s.AllowExtraPieces {
		limit = &HandCapacity
	}
	for t := Pawn; t <= Gold; t++ {
		if counts[t] > limit[t] {
			return &SetupError{NoSquare, fmt.Errorf("%w: %d %ss", ErrTooManyPieces, counts[t], t)}
		}
	}
	if k := q.kings[q.side.Opponent()]; !s.AllowUnreachable && k != NoSquare && q.attacked(k, q.side, q.Occupied()) {
		return &SetupError{k, ErrOpponentInCheck}
	}
	q.hash = q.computeHash()
	q.checkers = q.attackersToKing(q.side)
	q.history = p.history[:0]
	*p = q
	return nil
}

// Setup returns the board, hands, side to move and move number of p.
func (p *Position) Setup() Setup {
	var s Setup
	copy(s.Board[:], p.board[1:])
	s.Hands = p.hands
	s.SideToMove = p.side
	s.MoveNumber = p.moveNumber
	return s
}

// NewStartPosition returns the even-game starting position.
func NewStartPosition() *Position {
	p, err := ParseSFEN(StartSFEN)
	if err != nil {
		panic(err) // unreachable: StartSFEN is valid
	}
	return p
}

// ParseSFEN returns the position of an SFEN string (the move number may be left out,
// and a leading "sfen" word is allowed). Empty or blank text is [ErrNoRecord]. The sfen
// package offers the same with errors that carry the column.
func ParseSFEN(text string) (*Position, error) {
	return parseSFEN(text, false)
}

// ParseSFENUnreachable is [ParseSFEN] for positions that need
// [Setup.AllowUnreachable]: composed problems and curiosities.
func ParseSFENUnreachable(text string) (*Position, error) {
	return parseSFEN(text, true)
}

func parseSFEN(text string, allowUnreachable bool) (*Position, error) {
	s, err := ParseSetup(text)
	if err != nil {
		return nil, err
	}
	s.AllowUnreachable = allowUnreachable
	return NewPosition(s)
}

// ParseSetup reads an SFEN string (as [ParseSFEN] does) into a Setup without checking
// that it is a position, so that the caller can set [Setup.AllowUnreachable] or
// [Setup.AllowExtraPieces] before [NewPosition] checks it. Only a hand count that a
// [Hand] cannot hold ([HandCapacity]) is refused here.
func ParseSetup(text string) (Setup, error) {
	if sfentext.IsBlank(text) {
		return Setup{}, ErrNoRecord
	}
	raw, err := sfentext.Parse(text)
	if err != nil {
		var se *sfentext.Error
		if errors.As(err, &se) {
			return Setup{}, fmt.Errorf("shogi: invalid SFEN at column %d: %w", sfentext.Column(text, se.Offset), se.Err)
		}
		return Setup{}, fmt.Errorf("shogi: invalid SFEN: %w", err)
	}
	var s Setup
	for i, code := range raw.Board {
		s.Board[i] = Piece(code)
	}
	for c := range 2 {
		for t := Pawn; t <= Gold; t++ {
			n := int(raw.Hands[c][t])
			if n > HandCapacity[t] {
				return Setup{}, &SetupError{NoSquare, fmt.Errorf("%w: %d %ss in hand", ErrTooManyPieces, n, t)}
			}
			s.Hands[c] = s.Hands[c].WithCount(t, n)
		}
	}
	if raw.White {
		s.SideToMove = White
	}
	s.MoveNumber = raw.MoveNumber
	return s, nil
}

func (p *Position) rawSFEN() sfentext.Position {
	var raw sfentext.Position
	for i := range raw.Board {
		raw.Board[i] = uint8(p.board[i+1])
	}
	for c := range 2 {
		for t := Pawn; t <= Gold; t++ {
			raw.Hands[c][t] = uint16(p.hands[c].Count(t))
		}
	}
	raw.White = p.side == White
	raw.MoveNumber = p.moveNumber
	return raw
}

// String returns the SFEN of p, move number included.
func (p *Position) String() string {
	b, _ := p.AppendText(nil)
	return string(b)
}

// AppendText appends the SFEN of p to dst.
func (p *Position) AppendText(dst []byte) ([]byte, error) {
	raw := p.rawSFEN()
	return sfentext.Append(dst, &raw), nil
}

// MarshalText returns the SFEN of p.
func (p *Position) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText sets p to the position of an SFEN, as [Position.Reset] does: its
// history is emptied, and on an error p is left unchanged.
func (p *Position) UnmarshalText(text []byte) error {
	s, err := ParseSetup(string(text))
	if err != nil {
		return err
	}
	return p.Reset(s)
}
