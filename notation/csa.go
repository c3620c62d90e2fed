package notation

import (
	"strings"

	shogi "github.com/kifu-go/shogi"
)

// csa is the move syntax of CSA records: the side, the origin ("00" for a drop), the
// destination and the piece after the move: "+7776FU", "-0055KA", "+3324NG".
type csa struct{}

// csaNames are the CSA piece codes.
var csaNames = [shogi.NumPieceTypes]string{
	shogi.Pawn: "FU", shogi.Lance: "KY", shogi.Knight: "KE", shogi.Silver: "GI",
	shogi.Bishop: "KA", shogi.Rook: "HI", shogi.Gold: "KI", shogi.King: "OU",
	shogi.ProPawn: "TO", shogi.ProLance: "NY", shogi.ProKnight: "NK",
	shogi.ProSilver: "NG", shogi.Horse: "UM", shogi.Dragon: "RY",
}

// CSAPiece returns the piece type of a CSA code such as "FU" or "RY".
func CSAPiece(code string) (shogi.PieceType, bool) {
	for t, name := range csaNames {
		if name != "" && name == code {
			return shogi.PieceType(t), true
		}
	}
	return shogi.NoPieceType, false
}

// IsCSAMove reports whether s has the form of a CSA move with its sign: "+" or "-",
// the origin ("00" for a drop) and the destination in digits 1–9, and a piece code, as
// "+7776FU" or "-0055KA". It looks at the text only; whether the move is legal is the
// position's to say.
func IsCSAMove(s string) bool {
	if len(s) != 7 || (s[0] != '+' && s[0] != '-') {
		return false
	}
	for i := 1; i < 5; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	if s[3] == '0' || s[4] == '0' || (s[1] == '0') != (s[2] == '0') {
		return false
	}
	_, ok := CSAPiece(s[5:])
	return ok
}

// CSAName returns the CSA code of t, such as "FU" or "RY", or "" for NoPieceType.
func CSAName(t shogi.PieceType) string {
	if int(t) >= len(csaNames) {
		return ""
	}
	return csaNames[t]
}

func (csa) String() string { return "csa" }

// Append appends the CSA form of the legal move m of p.
func (csa) Append(dst []byte, p *shogi.Position, m shogi.Move) []byte {
	if !m.IsValid() {
		return dst
	}
	if p.SideToMove() == shogi.Black {
		dst = append(dst, '+')
	} else {
		dst = append(dst, '-')
	}
	to := m.To()
	if m.IsDrop() {
		dst = append(dst, '0', '0', byte('0'+to.File()), byte('0'+to.Rank()))
		return append(dst, csaNames[m.DropType()]...)
	}
	from := m.From()
	t := p.PieceAt(from).Type()
	if m.IsPromotion() {
		t = t.Promote()
	}
	dst = append(dst, byte('0'+from.File()), byte('0'+from.Rank()), byte('0'+to.File()), byte('0'+to.Rank()))
	return append(dst, csaNames[t]...)
}

// Encode returns the CSA form of the legal move m of p.
func (c csa) Encode(p *shogi.Position, m shogi.Move) string { return encode(c, p, m) }

// Decode parses a CSA move ("+7776FU"; the sign may be left out) and checks that it is
// legal in p. A piece code that is neither the piece on the origin nor its promoted form
// is the move's *shogi.IllegalMoveError wrapping ErrPieceMismatch, or shogi.ErrUnpromote
// for the unpromoted form of a promoted piece.
func (n csa) Decode(p *shogi.Position, text string) (shogi.Move, error) {
	sc := newScanner(text)
	fail := func(err error, expected string) (shogi.Move, error) {
		e := sc.fail(err, expected)
		e.Notation = n.String()
		return shogi.NoMove, e
	}
	side := p.SideToMove()
	if len(sc.s) > 0 && (sc.s[0] == '+' || sc.s[0] == '-') {
		if (sc.s[0] == '-') != (side == shogi.White) {
			return shogi.NoMove, newError(n, text, shogi.ErrWrongSide)
		}
		sc.s = sc.s[1:]
	}
	for i := range 4 {
		if len(sc.s) == 0 || sc.s[0] < '0' || sc.s[0] > '9' {
			return fail(ErrSyntax, "the origin and the destination in four digits, as in +7776FU")
		}
		if i < 3 {
			sc.s = sc.s[1:]
		}
	}
	s := sc.text[sc.end-len(sc.s)-3 : sc.end]
	sc.s = sc.s[1:]
	if len(sc.s) != 2 {
		return fail(ErrSyntax, "a piece code such as FU after the squares")
	}
	t, ok := CSAPiece(strings.ToUpper(sc.s))
	if !ok {
		return fail(ErrUnknownPiece, "a piece code such as FU, KA or NG")
	}
	to := shogi.NewSquare(int(s[2]-'0'), int(s[3]-'0'))
	if to == shogi.NoSquare {
		return shogi.NoMove, newError(n, text, ErrSyntax)
	}
	var m shogi.Move
	if s[0] == '0' && s[1] == '0' {
		m = shogi.NewDrop(t, to)
	} else {
		from := shogi.NewSquare(int(s[0]-'0'), int(s[1]-'0'))
		if from == shogi.NoSquare {
			return shogi.NoMove, newError(n, text, ErrSyntax)
		}
		promote := false
		if pc := p.PieceAt(from); pc != shogi.NoPiece && pc.Color() == side {
			switch have := pc.Type(); {
			case t == have:
			case t == have.Promote() && have.CanPromote():
				promote = true
			case have.IsPromoted() && t == have.Unpromote():
				m = shogi.NewMove(from, to, false)
				return shogi.NoMove, newError(n, text, &shogi.IllegalMoveError{Ply: p.MoveNumber(), Move: m, Reason: shogi.ErrUnpromote})
			default:
				return shogi.NoMove, newError(n, text, pieceMismatch(p, shogi.NewMove(from, to, false), have, t))
			}
		}
		m = shogi.NewMove(from, to, promote)
	}
	if err := p.CheckMove(m); err != nil {
		return shogi.NoMove, newError(n, text, err)
	}
	return m, nil
}
