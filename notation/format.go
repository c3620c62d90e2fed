package notation

import shogi "github.com/kifu-go/shogi"

// Format returns the text of the move m of p in the style n, after checking that m is
// legal in p. An illegal move gives no text and the [*shogi.IllegalMoveError] of
// [shogi.Position.CheckMove], so that errors.Is(err, shogi.ErrNifu) and
// [shogi.FoulOf] tell the foul. It is the way to write a move that comes from outside
// (a user, a file, another program); [Notation.Encode] is the fast path for moves
// already known to be legal.
func Format(n Notation, p *shogi.Position, m shogi.Move) (string, error) {
	if err := p.CheckMove(m); err != nil {
		return "", err
	}
	return n.Encode(p, m), nil
}

// Append appends the text of the move m of p in the style n to dst, after checking
// that m is legal in p, as [Format] does; an illegal move leaves dst as it was and
// gives the [*shogi.IllegalMoveError]. [Notation.Append] is the fast path for moves
// already known to be legal.
func Append(dst []byte, n Notation, p *shogi.Position, m shogi.Move) ([]byte, error) {
	if err := p.CheckMove(m); err != nil {
		return dst, err
	}
	return n.Append(dst, p, m), nil
}
