package sfen

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/sfentext"
)

// SyntaxError reports text that could not be read, with the 1-based column, in
// characters, where the problem starts.
type SyntaxError struct {
	Column int
	Err    error
}

func (e *SyntaxError) Error() string {
	msg := "unknown problem"
	if e.Err != nil {
		msg = strings.TrimPrefix(strings.TrimPrefix(e.Err.Error(), "sfen: "), "shogi: ")
	}
	return fmt.Sprintf("sfen: column %d: %s", e.Column, msg)
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Sentinels for what is wrong with an SFEN or a position line. Setup errors of the root
// package ([shogi.ErrDoublePawn], …) are wrapped as they are, and empty or blank text
// is [shogi.ErrNoRecord].
var (
	ErrFields     = errors.New("sfen: an SFEN has a board, a side to move, hands and an optional move number")
	ErrBoard      = errors.New("sfen: invalid board")
	ErrRankLength = errors.New("sfen: a rank must cover nine squares")
	ErrRankCount  = errors.New("sfen: the board must have nine ranks")
	ErrSide       = errors.New("sfen: the side to move must be b or w")
	ErrHand       = errors.New("sfen: invalid hand")
	ErrMoveNumber = errors.New("sfen: invalid move number")
	// ErrMove is the root package's [shogi.ErrMoveSyntax]: the error of a malformed
	// move wraps it and quotes the move.
	ErrMove    = shogi.ErrMoveSyntax
	ErrCommand = errors.New("sfen: expected position, startpos, sfen or moves")
)

var textErrors = map[error]error{
	sfentext.ErrFields: ErrFields, sfentext.ErrBoard: ErrBoard, sfentext.ErrRankLength: ErrRankLength,
	sfentext.ErrRankCount: ErrRankCount, sfentext.ErrSide: ErrSide, sfentext.ErrHand: ErrHand,
	sfentext.ErrMoveNumber: ErrMoveNumber,
}

// Parse returns the position of an SFEN string. Empty or blank text is a
// [*SyntaxError] wrapping [shogi.ErrNoRecord].
func Parse(text string) (*shogi.Position, error) {
	if sfentext.IsBlank(text) {
		return nil, &SyntaxError{Column: 1, Err: shogi.ErrNoRecord}
	}
	return parseIn(text, 0, len(text), false)
}

// parseIn parses the SFEN line[start:end], reporting columns in line.
func parseIn(line string, start, end int, unreachable bool) (*shogi.Position, error) {
	text := line[start:end]
	if _, err := sfentext.Parse(text); err != nil {
		var te *sfentext.Error
		if errors.As(err, &te) {
			return nil, &SyntaxError{Column: sfentext.Column(line, start+te.Offset), Err: textErrors[te.Err]}
		}
		return nil, &SyntaxError{Column: sfentext.Column(line, start), Err: err}
	}
	parse := shogi.ParseSFEN
	if unreachable {
		parse = shogi.ParseSFENUnreachable
	}
	p, err := parse(text)
	if err != nil {
		// A setup error: the position as a whole is wrong; point at its board.
		off := start + len(text) - len(strings.TrimLeft(text, " \t\n\r\v\f"))
		return nil, &SyntaxError{Column: sfentext.Column(line, off), Err: err}
	}
	return p, nil
}

// ParseSetup reads an SFEN string into a [shogi.Setup] without checking that it is a
// position, for callers that set [shogi.Setup.AllowUnreachable] or
// [shogi.Setup.AllowExtraPieces] before [shogi.NewPosition] (perft on other engines'
// test positions, say). Errors are as [Parse]'s; only a hand count that a [shogi.Hand]
// cannot hold is refused beyond the syntax.
func ParseSetup(text string) (shogi.Setup, error) {
	if sfentext.IsBlank(text) {
		return shogi.Setup{}, &SyntaxError{Column: 1, Err: shogi.ErrNoRecord}
	}
	if _, err := sfentext.Parse(text); err != nil {
		var te *sfentext.Error
		if errors.As(err, &te) {
			return shogi.Setup{}, &SyntaxError{Column: sfentext.Column(text, te.Offset), Err: textErrors[te.Err]}
		}
		return shogi.Setup{}, &SyntaxError{Column: 1, Err: err}
	}
	s, err := shogi.ParseSetup(text)
	if err != nil {
		off := len(text) - len(strings.TrimLeft(text, " \t\n\r\v\f"))
		return shogi.Setup{}, &SyntaxError{Column: sfentext.Column(text, off), Err: err}
	}
	return s, nil
}

// Format returns the SFEN of p; it is p.String().
func Format(p *shogi.Position) string { return p.String() }

// Append appends the SFEN of p to dst.
func Append(dst []byte, p *shogi.Position) []byte {
	b, _ := p.AppendText(dst)
	return b
}

// ParseMove reads a USI move ("7g7f", "8h2b+", "P*5e") and returns it if it is legal
// in p. A malformed move gives a [*SyntaxError] wrapping [ErrMove] that quotes the
// text; an illegal one the root package's [*shogi.IllegalMoveError].
func ParseMove(p *shogi.Position, text string) (shogi.Move, error) {
	m, err := shogi.ParseUSIMove(text)
	if err != nil {
		return shogi.NoMove, &SyntaxError{Column: 1, Err: err}
	}
	if err := p.CheckMove(m); err != nil {
		return shogi.NoMove, err
	}
	return m, nil
}
