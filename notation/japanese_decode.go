package notation

import (
	"strings"
	"unicode"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
)

// japaneseMove is what the text of a Japanese move says, before the position resolves it.
type japaneseMove struct {
	color     shogi.Color
	hasColor  bool
	to        shogi.Square // NoSquare with same alone
	same      bool
	piece     shogi.PieceType
	rel       int // relRight | relUp | …
	drop      bool
	promote   bool
	noPromote bool
	from      shogi.Square // the KIF origin, or NoSquare
}

// Decode returns the legal move of p that the Japanese text names.
func (j Japanese) Decode(p *shogi.Position, text string) (shogi.Move, error) {
	var jm japaneseMove
	if !fastParse(text, &jm) {
		var perr *Error
		if jm, perr = j.parse(text); perr != nil {
			perr.Notation = j.String()
			return shogi.NoMove, perr
		}
	}
	m, err := jm.resolve(p)
	if err != nil {
		return shogi.NoMove, newError(j, text, err)
	}
	return m, nil
}

// trimSpace removes ASCII white space and ideographic spaces at both ends of s.
func trimSpace(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == '\u3000'
	})
}

// skipSpaces removes the spaces that may follow 同.
func skipSpaces(s string) string {
	for {
		switch {
		case strings.HasPrefix(s, " "):
			s = s[1:]
		case strings.HasPrefix(s, "\u3000"):
			s = s[len("\u3000"):]
		default:
			return s
		}
	}
}

// cutMark removes a leading turn mark.
func cutMark(s string) (rest string, c shogi.Color, ok bool) {
	r, n := utf8.DecodeRuneInString(s)
	switch r {
	case '▲', '☗', '▼':
		return s[n:], shogi.Black, true
	case '△', '☖', '▽':
		return s[n:], shogi.White, true
	}
	return s, shogi.Black, false
}

// digit returns the value 1–9 of a half-width, full-width or (when kanji is set) kanji
// digit at the start of s, and its length in bytes; 0 when there is none.
func digit(s string, kanji bool) (int, int) {
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0'), n
	case r >= '１' && r <= '９':
		return int(r - '０'), n
	case kanji:
		for v := 1; v <= 9; v++ {
			if strings.HasPrefix(s, kanjiNumerals[v]) {
				return v, len(kanjiNumerals[v])
			}
		}
	}
	return 0, 0
}

// cutSquare reads a square "７六", "7六", "76", "７６", "七六" (or an iroha square when
// iroha is set) at the start of s. A kanji file is read only with a kanji rank: no
// iroha square is followed by a kanji numeral, so "七六" is never an iroha square.
func cutSquare(s string, iroha bool) (string, shogi.Square, bool) {
	if f, n := digit(s, true); f != 0 && n > 1 && s[0] >= 0x80 && !isFullWidthDigit(s) {
		for v := 1; v <= 9; v++ {
			if strings.HasPrefix(s[n:], kanjiNumerals[v]) {
				return s[n+len(kanjiNumerals[v]):], shogi.NewSquare(f, v), true
			}
		}
	}
	if f, n := digit(s, false); f != 0 {
		if r, k := digit(s[n:], true); r != 0 {
			return s[n+k:], shogi.NewSquare(f, r), true
		}
		return s, shogi.NoSquare, false
	}
	if iroha {
		r, n := utf8.DecodeRuneInString(s)
		if sq, ok := irohaIndex[r]; ok {
			return s[n:], sq, true
		}
	}
	return s, shogi.NoSquare, false
}

// isFullWidthDigit reports whether s starts with a full-width digit.
func isFullWidthDigit(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r >= '０' && r <= '９'
}

// irohaIndex maps each iroha character to its square.
var irohaIndex = func() map[rune]shogi.Square {
	m := make(map[rune]shogi.Square, len(irohaSquares))
	for i, name := range irohaSquares {
		r, _ := utf8.DecodeRuneInString(name)
		m[r] = shogi.SquareAt(i)
	}
	return m
}()

// japanesePieces maps every accepted piece name to its type, longest names first.
var japanesePieces = []struct {
	name string
	t    shogi.PieceType
}{
	{"成銀", shogi.ProSilver}, {"成桂", shogi.ProKnight}, {"成香", shogi.ProLance},
	{"歩", shogi.Pawn}, {"香", shogi.Lance}, {"桂", shogi.Knight}, {"銀", shogi.Silver},
	{"金", shogi.Gold}, {"角", shogi.Bishop}, {"飛", shogi.Rook}, {"玉", shogi.King},
	{"王", shogi.King}, {"と", shogi.ProPawn}, {"馬", shogi.Horse}, {"龍", shogi.Dragon},
	{"竜", shogi.Dragon}, {"全", shogi.ProSilver}, {"圭", shogi.ProKnight}, {"今", shogi.ProKnight},
	{"杏", shogi.ProLance}, {"仝", shogi.ProLance},
}

func cutJapanesePiece(s string) (string, shogi.PieceType, bool) {
	for _, e := range japanesePieces {
		if strings.HasPrefix(s, e.name) {
			return s[len(e.name):], e.t, true
		}
	}
	return s, shogi.NoPieceType, false
}

var relativeWords = []struct {
	word string
	rel  int
}{
	{"右", relRight}, {"左", relLeft}, {"直", relStraight},
	{"上", relUp}, {"行", relUp}, {"入", relUp}, {"引", relDown}, {"寄", relSideways},
}

// What the Japanese styles expect, for the messages.
const (
	expectJapanesePiece = "a piece such as 歩, 金, 成銀 or 龍"
	expectAfterPiece    = "右, 左, 直, 上, 引, 寄, 打, 成, 不成 or the end of the move"
	expectKIFOrigin     = "an origin such as (77)"
)

func (j Japanese) expectSquare() string {
	if j.Squares == SquaresIroha {
		return "an iroha square such as す, a square such as ７六, or 同"
	}
	return "a square such as ７六, 7六 or 76, or 同"
}

// parse reads the syntax of a Japanese move.
func (j Japanese) parse(text string) (japaneseMove, *Error) {
	jm := japaneseMove{to: shogi.NoSquare, from: shogi.NoSquare}
	sc := newScanner(text)
	sc.s, jm.color, jm.hasColor = cutMark(sc.s)
	if rest, ok := strings.CutPrefix(sc.s, "同"); ok {
		jm.same, sc.s = true, skipSpaces(rest)
	} else {
		var ok bool
		if isMoveNumber(sc.s) {
			return jm, sc.failNote(ErrSyntax, j.expectSquare(), moveNumberNote)
		}
		if sc.s, jm.to, ok = cutSquare(sc.s, j.Squares == SquaresIroha); !ok {
			if _, err := shogi.ParseUSIMove(sc.s); err == nil && !jm.hasColor {
				return jm, sc.failNote(ErrSyntax, j.expectSquare(), "a USI move, not Japanese notation")
			}
			return jm, sc.fail(ErrSyntax, j.expectSquare())
		}
		if rest, ok := strings.CutPrefix(sc.s, "同"); ok {
			jm.same, sc.s = true, skipSpaces(rest)
		}
	}
	var ok bool
	before := sc.s
	if sc.s, jm.piece, ok = cutJapanesePiece(sc.s); !ok {
		sc.s = before
		if r, _ := utf8.DecodeRuneInString(before); unicode.IsLetter(r) {
			return jm, sc.fail(ErrUnknownPiece, expectJapanesePiece)
		}
		return jm, sc.fail(ErrSyntax, expectJapanesePiece)
	}
	const (
		sides = relRight | relLeft | relStraight
		moves = relUp | relDown | relSideways
	)
words:
	for {
		for _, w := range relativeWords {
			if rest, ok := strings.CutPrefix(sc.s, w.word); ok {
				switch {
				case jm.rel&w.rel != 0, w.rel&sides != 0 && jm.rel&sides != 0, w.rel&moves != 0 && jm.rel&moves != 0:
					return jm, sc.failNote(ErrSyntax, "打, 成, 不成 or the end of the move", "one side word and one movement word at most")
				case w.rel&(relDown|relSideways) != 0 && jm.rel&relStraight != 0, w.rel == relStraight && jm.rel&(relDown|relSideways) != 0:
					return jm, sc.failNote(ErrSyntax, "打, 成, 不成 or the end of the move", "直 goes with no 引 or 寄")
				}
				jm.rel |= w.rel
				sc.s = rest
				continue words
			}
		}
		break
	}
	flagAt := sc
	switch {
	case strings.HasPrefix(sc.s, "打"):
		jm.drop, sc.s = true, sc.s[len("打"):]
	case strings.HasPrefix(sc.s, "不成"):
		jm.noPromote, sc.s = true, sc.s[len("不成"):]
	case strings.HasPrefix(sc.s, "生"):
		jm.noPromote, sc.s = true, sc.s[len("生"):]
	case strings.HasPrefix(sc.s, "成"):
		jm.promote, sc.s = true, sc.s[len("成"):]
	}
	if jm.drop && jm.rel != 0 {
		return jm, flagAt.failNote(ErrSyntax, "成, 不成 or the end of the move", "a drop has no relative words")
	}
	originAt := sc
	if rest, from, found := cutOrigin(sc.s); found {
		if from == shogi.NoSquare {
			return jm, sc.fail(ErrSyntax, expectKIFOrigin)
		}
		if jm.drop {
			return jm, originAt.failNote(ErrSyntax, "the end of the move", "a drop has no origin")
		}
		jm.from, sc.s = from, rest
	}
	spaceAt := sc
	sc.skipSpaces()
	if sc.s != "" {
		if spaceAt.s != sc.s {
			return jm, spaceAt.failNote(ErrSyntax, "the end of the move", "a space inside the move")
		}
		if jm.drop || jm.promote || jm.noPromote {
			return jm, sc.fail(ErrSyntax, "the end of the move, or an origin such as (77)")
		}
		return jm, sc.fail(ErrSyntax, expectAfterPiece)
	}
	return jm, nil
}

// cutOrigin reads a KIF origin "(77)" (also with full-width brackets or digits) at the
// start of s. found reports an opening bracket; from is NoSquare when no origin follows it.
func cutOrigin(s string) (rest string, from shogi.Square, found bool) {
	var ok bool
	if rest, ok = strings.CutPrefix(s, "("); !ok {
		if rest, ok = strings.CutPrefix(s, "（"); !ok {
			return s, shogi.NoSquare, false
		}
	}
	f, n := digit(rest, false)
	if f == 0 {
		return s, shogi.NoSquare, true
	}
	r, k := digit(rest[n:], false)
	if r == 0 {
		return s, shogi.NoSquare, true
	}
	rest = rest[n+k:]
	for _, closing := range []string{")", "）"} {
		if after, ok := strings.CutPrefix(rest, closing); ok {
			return after, shogi.NewSquare(f, r), true
		}
	}
	return s, shogi.NoSquare, true
}

// resolve finds the legal move of p that jm names.
func (jm *japaneseMove) resolve(p *shogi.Position) (shogi.Move, error) {
	c := p.SideToMove()
	if jm.hasColor && jm.color != c {
		return shogi.NoMove, shogi.ErrWrongSide
	}
	to := jm.to
	if jm.same {
		last := p.LastMove()
		if last == shogi.NoMove {
			return shogi.NoMove, ErrNoLastMove
		}
		if to != shogi.NoSquare && to != last.To() {
			return shogi.NoMove, ErrSameSquare
		}
		to = last.To()
	}
	t := jm.piece
	if jm.drop {
		if jm.promote || jm.noPromote || jm.same {
			return shogi.NoMove, ErrSyntax
		}
		return checkMove(p, shogi.NewDrop(t, to))
	}
	from := jm.from
	if from == shogi.NoSquare {
		cands := reachers(p, c, t, to)
		switch {
		case cands.IsEmpty():
			if jm.rel == 0 && !jm.promote && !jm.noPromote && !jm.same && t.CanDrop() && p.Hand(c).Has(t) {
				return checkMove(p, shogi.NewDrop(t, to))
			}
			return shogi.NoMove, ErrNoCandidate
		case jm.rel == 0:
			if cands.More() {
				return shogi.NoMove, ErrAmbiguous
			}
			from = cands.First()
		default:
			var err error
			if from, err = resolveRelative(cands, c, t, to, jm.rel); err != nil {
				return shogi.NoMove, err
			}
		}
	} else if pc := p.PieceAt(from); pc != shogi.NoPiece && pc.Color() == c && pc.Type() != t {
		m := shogi.NewMove(from, to, jm.promote)
		if pc.Type().IsPromoted() && pc.Type().Unpromote() == t {
			return shogi.NoMove, &shogi.IllegalMoveError{Ply: p.MoveNumber(), Move: m, Reason: shogi.ErrUnpromote}
		}
		return shogi.NoMove, pieceMismatch(p, m, pc.Type(), t)
	}
	return checkMove(p, shogi.NewMove(from, to, jm.promote))
}

// checkMove returns m when it is legal in p, and its *shogi.IllegalMoveError otherwise.
func checkMove(p *shogi.Position, m shogi.Move) (shogi.Move, error) {
	if err := p.CheckMove(m); err != nil {
		return shogi.NoMove, err
	}
	return m, nil
}
