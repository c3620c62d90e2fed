package notation

// The Western notations share one shape: piece, origin (only when another piece of the
// same type could reach the destination), movement, destination, promotion ("+" when
// the move promotes, "=" when it could and does not). They differ in how each part is
// written:
//
//	style            piece    origin  simple  capture     drop  square
//	Western          G, +S    49      -       x           *     58
//	Hosking          G, +S    49      (none)  x           ’     58   ("-" kept after an origin)
//	HodgesRevised    G, +S    4i      -       x           *     5h
//	Hodges           G, S(+)  (4i)    -       x + piece   *     5h
//	KitaoKawasaki    ☗金, ☖+銀 (49)   -       x           *     58   (omitted on a recapture)
//
// Hodges' original capture names the captured piece instead of the square ("BxN"). When
// that is ambiguous — another enemy piece of that type stands where a piece of the moving
// type could also capture it — the square is written instead ("Bx3c").

import (
	"strings"
	"unicode"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
)

type westernStyle uint8

const (
	styleWestern westernStyle = iota
	styleHodges
	styleHodgesRevised
	styleHosking
	styleKitaoKawasaki
)

// western is one of the Western notations.
type western struct{ style westernStyle }

func (w western) String() string {
	switch w.style {
	case styleHodges:
		return "hodges"
	case styleHodgesRevised:
		return "hodges-revised"
	case styleHosking:
		return "hosking"
	case styleKitaoKawasaki:
		return "kitao-kawasaki"
	}
	return "western"
}

// kitaoNames are the kanji of Kitao–Kawasaki notation.
var kitaoNames = [shogi.NumPieceTypes]string{
	shogi.Pawn: "歩", shogi.Lance: "香", shogi.Knight: "桂", shogi.Silver: "銀",
	shogi.Bishop: "角", shogi.Rook: "飛", shogi.Gold: "金", shogi.King: "玉",
	shogi.ProPawn: "と", shogi.ProLance: "+香", shogi.ProKnight: "+桂",
	shogi.ProSilver: "+銀", shogi.Horse: "馬", shogi.Dragon: "龍",
}

// letterSquares reports whether the style writes ranks as letters (Hodges).
func (w western) letterSquares() bool {
	return w.style == styleHodges || w.style == styleHodgesRevised
}

func (w western) appendPiece(dst []byte, t shogi.PieceType) []byte {
	switch w.style {
	case styleHodges:
		dst = append(dst, t.Unpromote().Letter()...)
		if t.IsPromoted() {
			dst = append(dst, "(+)"...)
		}
		return dst
	case styleKitaoKawasaki:
		return append(dst, kitaoNames[t]...)
	}
	return append(dst, t.Letter()...)
}

func (w western) appendSquare(dst []byte, s shogi.Square) []byte {
	if w.letterSquares() {
		return append(dst, byte('0'+s.File()), byte('a'-1+s.Rank()))
	}
	return append(dst, byte('0'+s.File()), byte('0'+s.Rank()))
}

// Append appends the text of the legal move m of p.
func (w western) Append(dst []byte, p *shogi.Position, m shogi.Move) []byte {
	if !m.IsValid() {
		return dst
	}
	c := p.SideToMove()
	if w.style == styleKitaoKawasaki {
		if c == shogi.Black {
			dst = append(dst, "☗"...)
		} else {
			dst = append(dst, "☖"...)
		}
	}
	to := m.To()
	if m.IsDrop() {
		dst = w.appendPiece(dst, m.DropType())
		if w.style == styleHosking {
			dst = append(dst, "’"...)
		} else {
			dst = append(dst, '*')
		}
		return w.appendSquare(dst, to)
	}
	from := m.From()
	t := p.PieceAt(from).Type()
	dst = w.appendPiece(dst, t)
	origin := reachers(p, c, t, to).More()
	if origin {
		switch w.style {
		case styleHodges, styleKitaoKawasaki:
			dst = append(w.appendSquare(append(dst, '('), from), ')')
		default:
			dst = w.appendSquare(dst, from)
		}
	}
	captured := p.PieceAt(to)
	switch {
	case captured != shogi.NoPiece:
		dst = append(dst, 'x')
		switch {
		case w.style == styleKitaoKawasaki && p.LastMove() != shogi.NoMove && p.LastMove().To() == to:
		case w.style == styleHodges && capturedNameUnique(p, c, t, captured.Type(), to):
			dst = w.appendPiece(dst, captured.Type())
		default:
			dst = w.appendSquare(dst, to)
		}
	case w.style == styleHosking && !origin:
		dst = w.appendSquare(dst, to)
	default:
		dst = w.appendSquare(append(dst, '-'), to)
	}
	switch {
	case m.IsPromotion():
		dst = append(dst, '+')
	case canPromote(c, t, from, to):
		dst = append(dst, '=')
	}
	return dst
}

// capturedNameUnique reports whether to is the only square holding an enemy piece of
// type captured that a piece of c of type t could capture.
func capturedNameUnique(p *shogi.Position, c shogi.Color, t, captured shogi.PieceType, to shogi.Square) bool {
	for b := p.Pieces(c.Opponent(), captured); !b.IsEmpty(); {
		if s := b.Pop(); s != to && !reachers(p, c, t, s).IsEmpty() {
			return false
		}
	}
	return true
}

// Encode returns the text of the legal move m of p.
func (w western) Encode(p *shogi.Position, m shogi.Move) string { return encode(w, p, m) }

// westernMove is what the text of a Western move says.
type westernMove struct {
	color     shogi.Color
	hasColor  bool
	piece     shogi.PieceType
	from      shogi.Square
	sep       byte // '-', 'x', '*' or 0
	to        shogi.Square
	captured  shogi.PieceType // Hodges' named capture
	promote   bool
	noPromote bool
	usi       shogi.Move // a USI move given instead ("7g7f"), or NoMove
}

// Decode returns the legal move of p that text names. It accepts every Western style's
// pieces (P…K, +P or P(+), and D, H, T for dragon, horse and tokin, in either case;
// Kitao–Kawasaki's kanji in that style), squares written 76, 7f or 7F, an origin with
// or without parentheses, "-" (or an en dash, em dash or minus sign), "x" (or "X" or
// "×"), "*" and "'" or "’", "+" or "=", spaces between these parts ("P 76", "Bx22 +"),
// and a USI board move ("7g7f").
func (w western) Decode(p *shogi.Position, text string) (shogi.Move, error) {
	wm, perr := w.parse(text)
	if perr != nil {
		perr.Notation = w.String()
		return shogi.NoMove, perr
	}
	m, err := wm.resolve(p)
	if err != nil {
		return shogi.NoMove, newError(w, text, err)
	}
	return m, nil
}

var westernLetters = map[byte]shogi.PieceType{
	'P': shogi.Pawn, 'L': shogi.Lance, 'N': shogi.Knight, 'S': shogi.Silver, 'G': shogi.Gold,
	'B': shogi.Bishop, 'R': shogi.Rook, 'K': shogi.King, 'D': shogi.Dragon, 'H': shogi.Horse,
	'T': shogi.ProPawn,
}

// westernLetter returns the piece type of a piece letter in either case.
func westernLetter(b byte) (shogi.PieceType, bool) {
	if b >= 'a' && b <= 'z' {
		b -= 'a' - 'A'
	}
	t, ok := westernLetters[b]
	return t, ok
}

// cutWesternPiece reads a piece letter (in either case) with an optional "+" before or
// "(+)" after it, or in Kitao–Kawasaki style a kanji piece.
func (w western) cutWesternPiece(s string) (string, shogi.PieceType, bool) {
	if w.style == styleKitaoKawasaki {
		promoted := false
		if rest, ok := strings.CutPrefix(s, "+"); ok {
			promoted, s = true, rest
		}
		rest, t, ok := cutJapanesePiece(s)
		if !ok {
			return s, t, false
		}
		if promoted {
			if !t.CanPromote() {
				return s, t, false
			}
			t = t.Promote()
		}
		return rest, t, true
	}
	promoted := false
	if rest, ok := strings.CutPrefix(s, "+"); ok {
		promoted, s = true, rest
	}
	if s == "" {
		return s, shogi.NoPieceType, false
	}
	t, ok := westernLetter(s[0])
	if !ok {
		return s, t, false
	}
	s = s[1:]
	if rest, ok := strings.CutPrefix(s, "(+)"); ok && !promoted {
		promoted, s = true, rest
	}
	if promoted {
		if !t.CanPromote() {
			return s, t, false
		}
		t = t.Promote()
	}
	return s, t, true
}

// cutWesternSquare reads a square "76", "7f" or "7F".
func cutWesternSquare(s string) (string, shogi.Square, bool) {
	if len(s) < 2 || s[0] < '1' || s[0] > '9' {
		return s, shogi.NoSquare, false
	}
	f := int(s[0] - '0')
	switch r := s[1]; {
	case r >= '1' && r <= '9':
		return s[2:], shogi.NewSquare(f, int(r-'0')), true
	case r >= 'a' && r <= 'i':
		return s[2:], shogi.NewSquare(f, int(r-'a'+1)), true
	case r >= 'A' && r <= 'I':
		return s[2:], shogi.NewSquare(f, int(r-'A'+1)), true
	}
	return s, shogi.NoSquare, false
}

// cutWesternSep reads the movement mark: '-', 'x' or '*' (0 when there is none).
func cutWesternSep(s string) (string, byte) {
	switch r, n := utf8.DecodeRuneInString(s); r {
	case '-', '–', '—', '−':
		return s[n:], '-'
	case 'x', 'X', '×':
		return s[n:], 'x'
	case '*', '\'', '’':
		return s[n:], '*'
	}
	return s, 0
}

// What the Western styles expect, for the messages.
const (
	expectSquare    = "a square such as 76 or 7f"
	expectOrigin    = "an origin square such as 77 or 7g, then )"
	expectMoveMark  = "-, x or * and a square"
	expectPromotion = "+, = or the end of the move"
)

func (w western) expectPiece() string {
	switch w.style {
	case styleKitaoKawasaki:
		return "a piece such as 歩, 金, 龍 or +銀"
	case styleHodges:
		return "a piece letter (P, L, N, S, G, B, R or K; S(+) or +S promoted; D, H or T)"
	}
	return "a piece letter (P, L, N, S, G, B, R or K; +S promoted; D, H or T)"
}

func (w western) parse(text string) (westernMove, *Error) {
	wm := westernMove{from: shogi.NoSquare, to: shogi.NoSquare}
	sc := newScanner(text)
	if w.style == styleKitaoKawasaki {
		sc.s, wm.color, wm.hasColor = cutMark(sc.s)
	}
	// A USI move: no Western move starts with a digit.
	if sc.s != "" && sc.s[0] >= '0' && sc.s[0] <= '9' {
		if m, err := shogi.ParseUSIMove(sc.s); err == nil && !wm.hasColor {
			wm.usi = m
			return wm, nil
		}
		if isMoveNumber(sc.s) {
			return wm, sc.failNote(ErrSyntax, w.expectPiece(), moveNumberNote)
		}
		return wm, sc.fail(ErrSyntax, w.expectPiece()+", or a USI move such as 7g7f")
	}
	before := sc.s
	var ok bool
	if sc.s, wm.piece, ok = w.cutWesternPiece(sc.s); !ok {
		sc.s = before
		r, _ := utf8.DecodeRuneInString(strings.TrimPrefix(before, "+"))
		if unicode.IsLetter(r) {
			return wm, sc.fail(ErrUnknownPiece, w.expectPiece())
		}
		return wm, sc.fail(ErrSyntax, w.expectPiece())
	}
	sc.skipSpaces()
	// An origin in parentheses, or a first square that a second square may follow.
	var first shogi.Square
	hasFirst, paren := false, false
	if rest, ok := strings.CutPrefix(sc.s, "("); ok {
		sc.s = rest
		if sc.s, first, ok = cutWesternSquare(sc.s); !ok {
			return wm, sc.fail(ErrSyntax, expectOrigin)
		}
		if sc.s, ok = strings.CutPrefix(sc.s, ")"); !ok {
			return wm, sc.fail(ErrSyntax, ")")
		}
		hasFirst, paren = true, true
	} else if rest, sq, ok := cutWesternSquare(sc.s); ok {
		sc.s, first, hasFirst = rest, sq, true
	}
	sc.skipSpaces()
	sepAt := sc
	sc.s, wm.sep = cutWesternSep(sc.s)
	if wm.sep == '*' && hasFirst {
		return wm, sepAt.failNote(ErrSyntax, "- or x after an origin", "a drop has no origin")
	}
	sc.skipSpaces()
	if rest, sq, ok := cutWesternSquare(sc.s); ok {
		wm.to, sc.s = sq, rest
		if hasFirst {
			wm.from = first
		}
	} else if wm.sep == 'x' && sc.s != "" && sc.s[0] != '=' && (sc.s[0] != '+' || capturedPromoted(sc.s)) {
		// Hodges: the captured piece instead of the square ("BxN"; a promoted one,
		// "Sx+B", a horse: "+" and nothing more is the promotion of a recapture).
		rest, t, ok := western{style: styleHodges}.cutWesternPiece(sc.s)
		if !ok {
			if sc.s[0] >= '0' && sc.s[0] <= '9' {
				return wm, sc.fail(ErrSyntax, expectSquare)
			}
			if w.style == styleKitaoKawasaki {
				return wm, sc.fail(ErrSyntax, expectSquare+", or nothing for a recapture")
			}
			return wm, sc.fail(ErrSyntax, expectSquare+", or the captured piece (xN)")
		}
		wm.captured, sc.s = t, rest
		if hasFirst {
			wm.from = first
		}
	} else if hasFirst && !paren && wm.sep == 0 {
		wm.to = first
	} else if wm.sep == 0 {
		return wm, sc.fail(ErrSyntax, expectMoveMark)
	} else if !(wm.sep == 'x' && w.style == styleKitaoKawasaki) {
		return wm, sc.fail(ErrSyntax, expectSquare)
	} else if hasFirst {
		wm.from = first
	}
	sc.skipSpaces()
	promoteAt := sc
	switch {
	case strings.HasPrefix(sc.s, "+"):
		wm.promote, sc.s = true, sc.s[1:]
	case strings.HasPrefix(sc.s, "="):
		wm.noPromote, sc.s = true, sc.s[1:]
	}
	if sc.s != "" {
		return wm, sc.fail(ErrSyntax, expectPromotion)
	}
	if wm.sep == '*' && (wm.promote || wm.noPromote) {
		return wm, promoteAt.failNote(ErrSyntax, "the end of the move", "a drop does not promote")
	}
	return wm, nil
}

// capturedPromoted reports whether s, the text after a capture mark that starts with
// "+", names a promoted piece ("+B") rather than the promotion of a move whose square
// is left out.
func capturedPromoted(s string) bool {
	_, _, ok := western{style: styleHodges}.cutWesternPiece(s)
	return ok
}

func (wm *westernMove) resolve(p *shogi.Position) (shogi.Move, error) {
	if wm.usi != shogi.NoMove {
		return checkMove(p, wm.usi)
	}
	c := p.SideToMove()
	if wm.hasColor && wm.color != c {
		return shogi.NoMove, shogi.ErrWrongSide
	}
	t := wm.piece
	if wm.sep == '*' {
		return checkMove(p, shogi.NewDrop(t, wm.to))
	}
	to := wm.to
	switch {
	case wm.captured != shogi.NoPieceType:
		// The captured piece names the square: the one enemy piece of that type that a
		// piece of type t can take — from the origin, when the text gives one.
		to = shogi.NoSquare
		var from shogi.Bitboard
		if wm.from != shogi.NoSquare {
			from = shogi.Attacks(shogi.NewPiece(c, t), wm.from, p.Occupied())
		}
		for b := p.Pieces(c.Opponent(), wm.captured); !b.IsEmpty(); {
			s := b.Pop()
			if wm.from != shogi.NoSquare && !from.Has(s) || wm.from == shogi.NoSquare && reachers(p, c, t, s).IsEmpty() {
				continue
			}
			if to != shogi.NoSquare {
				return shogi.NoMove, ErrAmbiguous
			}
			to = s
		}
		if to == shogi.NoSquare {
			return shogi.NoMove, ErrNoCandidate
		}
	case to == shogi.NoSquare: // Kitao–Kawasaki's recapture
		last := p.LastMove()
		if last == shogi.NoMove {
			return shogi.NoMove, ErrNoLastMove
		}
		to = last.To()
	}
	switch pc := p.PieceAt(to); {
	case wm.sep == 'x' && (pc == shogi.NoPiece || pc.Color() == c),
		wm.sep == '-' && pc != shogi.NoPiece && pc.Color() != c:
		return shogi.NoMove, ErrCaptureMark
	}
	from := wm.from
	if from == shogi.NoSquare {
		cands := reachers(p, c, t, to)
		switch {
		case cands.IsEmpty():
			return shogi.NoMove, ErrNoCandidate
		case cands.More():
			return shogi.NoMove, ErrAmbiguous
		}
		from = cands.First()
	} else if pc := p.PieceAt(from); pc != shogi.NoPiece && pc.Color() == c && pc.Type() != t {
		m := shogi.NewMove(from, to, wm.promote)
		if pc.Type().IsPromoted() && pc.Type().Unpromote() == t {
			return shogi.NoMove, &shogi.IllegalMoveError{Ply: p.MoveNumber(), Move: m, Reason: shogi.ErrUnpromote}
		}
		return shogi.NoMove, pieceMismatch(p, m, pc.Type(), t)
	}
	return checkMove(p, shogi.NewMove(from, to, wm.promote))
}
