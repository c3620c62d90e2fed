package notation

import shogi "github.com/kifu-go/shogi"

// usi is the USI move syntax ("7g7f", "8h2b+", "P*5e").
type usi struct{}

func (usi) String() string { return "usi" }

// Append appends the USI form of m.
func (usi) Append(dst []byte, _ *shogi.Position, m shogi.Move) []byte { return m.AppendText(dst) }

// Encode returns the USI form of m.
func (u usi) Encode(p *shogi.Position, m shogi.Move) string { return encode(u, p, m) }

// Decode parses a USI move and checks that it is legal in p.
func (u usi) Decode(p *shogi.Position, text string) (shogi.Move, error) {
	m, err := shogi.ParseUSIMove(trimSpace(text))
	if err != nil {
		sc := newScanner(text)
		e := sc.fail(ErrSyntax, "a USI move such as 7g7f, 8h2b+ or P*5e")
		e.Notation = u.String()
		return shogi.NoMove, e
	}
	if err := p.CheckMove(m); err != nil {
		return shogi.NoMove, newError(u, text, err)
	}
	return m, nil
}
