package sfen

import (
	"errors"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/sfentext"
)

// ParsePosition reads the position part of a USI "position" command and plays its
// moves. It accepts, as GUIs do, the forms
//
//	position startpos
//	position startpos moves 7g7f 3c3d
//	position sfen <sfen> [moves …]
//	startpos moves 7g7f
//	sfen <sfen> moves …
//	moves 7g7f 3c3d          (from the start position)
//
// The returned position has the moves in its history, so [shogi.Position.Undo] and the
// repetition rules see them. An illegal move gives a [*SyntaxError] with the move's
// column that also unwraps to the [*shogi.IllegalMoveError]; a malformed one wraps
// [ErrMove] and quotes the move. Empty or blank text wraps [shogi.ErrNoRecord].
func ParsePosition(line string) (*shogi.Position, error) {
	return parsePosition(line, false, nil)
}

// ParsePositionUnreachable is [ParsePosition] for a start position that no game may
// reach (nine pawns on a file, a side without a king, …), as composed problems and the
// board diagrams of KIF and CSA records show them; only the limits every position keeps
// apply to it ([shogi.Setup.AllowUnreachable]). The moves obey every rule.
func ParsePositionUnreachable(line string) (*shogi.Position, error) {
	return parsePosition(line, true, nil)
}

// ParsePositionFrom is [ParsePositionUnreachable] with the start position passed
// through start before the moves are played on the position it returns: a line read
// under a convention it leaves unwritten, as record.Reader.AdjustStart reads records.
// An error of start is returned as start returns it; start returning no position and
// no error is an error at column 1.
func ParsePositionFrom(line string, start func(*shogi.Position) (*shogi.Position, error)) (*shogi.Position, error) {
	return parsePosition(line, true, start)
}

// errNoStart is the error of a start function that returned neither a position nor
// an error.
var errNoStart = errors.New("sfen: no start position")

func parsePosition(line string, unreachable bool, adjust func(*shogi.Position) (*shogi.Position, error)) (*shogi.Position, error) {
	if sfentext.IsBlank(line) {
		return nil, &SyntaxError{Column: 1, Err: shogi.ErrNoRecord}
	}
	col := func(off int) int { return sfentext.Column(line, off) }
	toks := sfentext.Fields(line)
	i := 0
	if i < len(toks) && toks[i].Text == "position" {
		i++
	}
	if i == len(toks) {
		return nil, &SyntaxError{Column: col(len(line)), Err: ErrCommand}
	}
	var p *shogi.Position
	switch toks[i].Text {
	case "startpos":
		p = shogi.NewStartPosition()
		i++
	case "sfen":
		start := toks[i].Offset + len("sfen")
		i++
		j := i
		for j < len(toks) && toks[j].Text != "moves" {
			j++
		}
		end := len(line)
		if j < len(toks) {
			end = toks[j].Offset
		}
		var err error
		if p, err = parseIn(line, start, end, unreachable); err != nil {
			return nil, err
		}
		i = j
	case "moves":
		p = shogi.NewStartPosition()
	default:
		return nil, &SyntaxError{Column: col(toks[i].Offset), Err: ErrCommand}
	}
	if i < len(toks) && toks[i].Text != "moves" {
		return nil, &SyntaxError{Column: col(toks[i].Offset), Err: ErrCommand}
	}
	if adjust != nil {
		var err error
		if p, err = adjust(p); err != nil {
			return nil, err
		} else if p == nil {
			return nil, &SyntaxError{Column: 1, Err: errNoStart}
		}
	}
	if i == len(toks) {
		return p, nil
	}
	for _, tok := range toks[i+1:] {
		m, err := shogi.ParseUSIMove(tok.Text)
		if err == nil {
			err = p.Play(m)
		}
		if err != nil {
			return nil, &SyntaxError{Column: col(tok.Offset), Err: err}
		}
	}
	return p, nil
}

// FormatPosition returns the USI position command that reaches p: "position startpos"
// when the moves p has played start from the even-game position, "position sfen …"
// otherwise, followed by "moves …" when there are moves.
func FormatPosition(p *shogi.Position) string {
	start := p.Clone()
	for start.Undo() != shogi.NoMove {
	}
	var b strings.Builder
	b.WriteString("position ")
	if sfen := start.String(); sfen == shogi.StartSFEN {
		b.WriteString("startpos")
	} else {
		b.WriteString("sfen ")
		b.WriteString(sfen)
	}
	if moves := p.Moves(); len(moves) > 0 {
		b.WriteString(" moves")
		buf := make([]byte, 0, 6)
		for _, m := range moves {
			b.WriteByte(' ')
			b.Write(m.AppendText(buf[:0]))
		}
	}
	return b.String()
}
