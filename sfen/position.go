package sfen

import (
	"fmt"
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
// column that also unwraps to the [*shogi.IllegalMoveError].
func ParsePosition(line string) (*shogi.Position, error) {
	toks := sfentext.Fields(line)
	i := 0
	if i < len(toks) && toks[i].Text == "position" {
		i++
	}
	if i == len(toks) {
		return nil, &SyntaxError{Column: len(line) + 1, Err: ErrCommand}
	}
	var p *shogi.Position
	switch toks[i].Text {
	case "startpos":
		p = shogi.NewStartPosition()
		i++
	case "sfen":
		start := toks[i].Offset + 1
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
		if p, err = parseAt(line[start-1+len("sfen"):end], start-1+len("sfen")); err != nil {
			return nil, err
		}
		i = j
	case "moves":
		p = shogi.NewStartPosition()
	default:
		return nil, &SyntaxError{Column: toks[i].Offset + 1, Err: ErrCommand}
	}
	if i == len(toks) {
		return p, nil
	}
	if toks[i].Text != "moves" {
		return nil, &SyntaxError{Column: toks[i].Offset + 1, Err: ErrCommand}
	}
	for _, tok := range toks[i+1:] {
		m, err := shogi.ParseUSIMove(tok.Text)
		if err != nil {
			return nil, &SyntaxError{Column: tok.Offset + 1, Err: fmt.Errorf("%w %q", ErrMove, tok.Text)}
		}
		if err := p.Play(m); err != nil {
			return nil, &SyntaxError{Column: tok.Offset + 1, Err: err}
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
