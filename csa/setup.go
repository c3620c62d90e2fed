package csa

import (
	"fmt"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/errcode"
	"github.com/kifu-go/shogi/internal/startadjust"
)

// The start position: "PI" (the even-game position, less the pieces named after it),
// or the board rows "P1" to "P9", then "P+"/"P-" lines adding single pieces to the
// board or to a hand ("00" squares; "00AL" puts every piece still in the box into
// that hand, kings excepted). Pieces not placed stay in the box.

type setupState struct {
	board  [shogi.NumSquares]shogi.Piece
	hands  [2][shogi.NumPieceTypes]int
	used   [shogi.NumPieceTypes]int // pieces taken out of the box, by unpromoted type
	any    bool                     // a P line was seen
	whole  byte                     // 'I' after PI, 'R' after a row P1–P9
	rows   [10]bool
	alDone bool
}

var evenSetup = shogi.NewStartPosition().Setup()

func (s *setupState) even() {
	s.any = true
	s.whole = 'I'
	s.board = evenSetup.Board
	for _, pc := range s.board {
		if pc != shogi.NoPiece {
			s.used[pc.Type().Unpromote()]++
		}
	}
}

func (p *parser) position(b []byte, off int) error {
	p.any = true
	if p.phase >= phaseMoves {
		return p.inPlay(p.errAt(off, fmt.Errorf("%w: a P line after the side to move", ErrOrder)))
	}
	p.phase = phasePosition
	s := &p.setup
	if len(b) < 2 {
		return fatal{p.errAt(off, fmt.Errorf("%w %q", ErrBoard, b))}
	}
	if s.alDone {
		return fatal{p.errAt(off, fmt.Errorf("%w: 00AL must be the last P line", ErrOrder))}
	}
	var err error
	switch c := b[1]; {
	case c == 'I':
		err = p.handicapLine(b, off)
	case c >= '1' && c <= '9':
		err = p.rowLine(b, off)
	case c == '+' || c == '-':
		err = p.pieceLine(b, off)
	default:
		err = p.errAt(off, fmt.Errorf("%w %q", ErrBoard, b))
	}
	if err != nil {
		return fatal{err}
	}
	s.any = true
	return nil
}

// handicapLine reads "PI" followed by the removed pieces, such as "PI82HI22KA".
func (p *parser) handicapLine(b []byte, off int) error {
	s := &p.setup
	if s.whole != 0 || s.any {
		return p.errAt(off, fmt.Errorf("%w: PI must be the first P line", ErrOrder))
	}
	s.even()
	for i := 2; i < len(b); i += 4 {
		if i+4 > len(b) {
			return p.errAt(off+i, fmt.Errorf("%w %q", ErrBoard, b[i:]))
		}
		sq, ok := parseSquare(b[i], b[i+1])
		t := parsePiece(b[i+2], b[i+3])
		if !ok || sq == shogi.NoSquare {
			return p.errAt(off+i, fmt.Errorf("%w %q", ErrSquare, b[i:i+2]))
		}
		if t == shogi.NoPieceType {
			return p.errAt(off+i+2, fmt.Errorf("%w %q", ErrPiece, b[i+2:i+4]))
		}
		if s.board[sq.Index()].Type() != t {
			return p.errAt(off+i, fmt.Errorf("%w: %s", ErrHandicap, b[i:i+4]))
		}
		s.board[sq.Index()] = shogi.NoPiece
		s.used[t.Unpromote()]--
	}
	return nil
}

// rowLine reads one rank of the board, files 9 to 1, three characters a square. A
// square that does not start with + or - is empty; a collapsed " * * " (one space
// instead of two, as mail and HTML sometimes leave it) is read as well, and trailing
// spaces may be missing.
func (p *parser) rowLine(b []byte, off int) error {
	s := &p.setup
	if s.whole == 'I' {
		return p.errAt(off, fmt.Errorf("%w: PI and P1–P9 together", ErrOrder))
	}
	rank := int(b[1] - '0')
	if s.rows[rank] {
		return p.errAt(off, fmt.Errorf("%w: rank %d given twice", ErrBoard, rank))
	}
	s.rows[rank] = true
	s.whole = 'R'
	i := 2
	for file := 9; file >= 1; file-- {
		var cell [3]byte
		for k := range cell {
			cell[k] = ' '
			if i+k < len(b) {
				cell[k] = b[i+k]
			}
		}
		if cell[0] == '*' && i > 2 {
			i-- // collapsed spacing: this cell began one character earlier
			cell = [3]byte{' ', '*', cell[1]}
		}
		if cell[0] != '+' && cell[0] != '-' {
			i += 3
			continue
		}
		t := parsePiece(cell[1], cell[2])
		if t == shogi.NoPieceType {
			return p.errAt(off+i+1, fmt.Errorf("%w %q", ErrPiece, string(cell[1:]))) // a copy: cell stays on the stack
		}
		if err := s.place(shogi.NewSquare(file, rank), cell[0], t); err != nil {
			return p.errAt(off+i, err)
		}
		i += 3
	}
	for ; i < len(b); i++ {
		if b[i] != ' ' {
			return p.errAt(off+i, fmt.Errorf("%w: more than nine squares", ErrBoard))
		}
	}
	return nil
}

// pieceLine reads "P+" or "P-" followed by square-piece groups, such as "P+99KY89KE",
// "P-00FU" (in hand) or "P+00AL".
func (p *parser) pieceLine(b []byte, off int) error {
	s := &p.setup
	sign := b[1]
	for i := 2; i < len(b); i += 4 {
		if i+4 > len(b) {
			return p.errAt(off+i, fmt.Errorf("%w %q", ErrBoard, b[i:]))
		}
		sq, ok := parseSquare(b[i], b[i+1])
		if !ok {
			return p.errAt(off+i, fmt.Errorf("%w %q", ErrSquare, b[i:i+2]))
		}
		if sq == shogi.NoSquare && b[i+2] == 'A' && b[i+3] == 'L' {
			if i+4 != len(b) {
				return p.errAt(off+i+4, fmt.Errorf("%w: 00AL must come last", ErrOrder))
			}
			s.all(sign)
			return nil
		}
		t := parsePiece(b[i+2], b[i+3])
		if t == shogi.NoPieceType {
			return p.errAt(off+i+2, fmt.Errorf("%w %q", ErrPiece, b[i+2:i+4]))
		}
		if err := s.place(sq, sign, t); err != nil {
			return p.errAt(off+i, err)
		}
	}
	return nil
}

// place puts a piece on a square, or in a hand for NoSquare.
func (s *setupState) place(sq shogi.Square, sign byte, t shogi.PieceType) error {
	c := shogi.Black
	if sign == '-' {
		c = shogi.White
	}
	base := t.Unpromote()
	if s.used[base] >= shogi.MaxInHand[base] {
		// A start refusal like the others (ErrSetup, "invalid start position: …", as
		// every format words one), ErrPieceCount kept for errors.Is.
		return errcode.Wrap(ErrSetup, fmt.Errorf("%w: %s", ErrPieceCount, pieceCodes[t]), "csa: ")
	}
	if sq == shogi.NoSquare {
		if !t.CanDrop() {
			return fmt.Errorf("%w: %s in hand", ErrPiece, pieceCodes[t])
		}
		s.hands[c][t]++
	} else {
		if s.board[sq.Index()] != shogi.NoPiece {
			return fmt.Errorf("%w: %d%d", ErrOccupied, sq.File(), sq.Rank())
		}
		s.board[sq.Index()] = shogi.NewPiece(c, t)
	}
	s.used[base]++
	return nil
}

// all puts every piece left in the box, kings excepted, in one hand.
func (s *setupState) all(sign byte) {
	c := shogi.Black
	if sign == '-' {
		c = shogi.White
	}
	for _, t := range shogi.HandTypes {
		s.hands[c][t] += shogi.MaxInHand[t] - s.used[t]
		s.used[t] = shogi.MaxInHand[t]
	}
	s.alDone = true
}

// setup returns the start position the P lines give, side to move.
func (s *setupState) setup(side shogi.Color) shogi.Setup {
	// Records may start from composed positions (the 九歩 curiosity has nine pawns on
	// a file): only the limits every position keeps apply; moves obey all the rules.
	setup := shogi.Setup{Board: s.board, SideToMove: side, AllowUnreachable: true}
	for c := range s.hands {
		for _, t := range shogi.HandTypes {
			setup.Hands[c] = setup.Hands[c].WithCount(t, s.hands[c][t])
		}
	}
	return setup
}

// startState is a record's start position, with its SFEN and whether it is a
// handicap start.
type startState struct {
	setup    shogi.Setup
	pos      *shogi.Position
	sfen     string
	handicap bool
	adjusted bool // pos is what Reader.AdjustStart made of setup's position
}

// rewind takes the position back to the start.
func (st *startState) rewind() {
	for st.pos.Undo() != shogi.NoMove {
	}
}

// startPosition returns the position of setup, ready for the first move. The reader
// keeps the position of the last record: when the next record starts from the same
// setup, as the records of a file mostly do, that position is taken back to its start
// instead of being built again (its SFEN with it). A position that AdjustStart made is
// not reused: the function, not the setup, says what it is.
func (r *Reader) startPosition(setup shogi.Setup) (*startState, error) {
	if r.start == nil {
		r.start = new(startState)
	}
	st := r.start
	if st.pos != nil && st.setup == setup && !st.adjusted && r.AdjustStart == nil {
		st.rewind()
		return st, nil
	}
	pos, err := shogi.NewPosition(setup)
	if err != nil {
		return nil, err
	}
	*st = startState{setup: setup, pos: pos}
	even := pos.Setup() == evenSetup
	if !even {
		st.sfen = pos.String()
		st.handicap = isHandicap(st.sfen) // of the file's start, whose header it names
	}
	if r.AdjustStart != nil {
		adj, err := startadjust.Apply(r.AdjustStart, pos)
		if err != nil {
			return nil, err
		}
		st.pos, st.adjusted = adj, true
		even = adj.Setup() == evenSetup
		if !even {
			st.sfen = adj.String()
		}
	}
	if even {
		st.sfen = shogi.StartSFEN
	}
	return st, nil
}
