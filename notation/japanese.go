package notation

import (
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
)

// Japanese is kyūkyū notation (棋譜の表記方法 of the JSA, and the KIF and KI2 record
// styles): destination, piece, then the relative words 右/左/直 and 上/引/寄 when more
// than one piece of the type can reach the square, then 打, 成 or 不成.
//
// Its zero value prints KI2 moves without a turn mark ("７六歩", "同　歩", "５八金右").
// Decode accepts every variant whatever the options: ▲△☗☖ or no mark, full- or
// half-width file digits (or a kanji file before a kanji rank, "七六歩"), kanji or digit
// ranks, 同 with or without a space, "７六同歩",
// 竜/龍, 王/玉, 全/圭/杏 as well as 成銀/成桂/成香, 行 and 入 for 上, 生 for 不成, a
// KIF origin "(77)" and 打. Only Squares == SquaresIroha reads iroha squares.
type Japanese struct {
	Marks   Marks       // the turn mark before each move
	Squares SquareStyle // how the destination is written
	// JSADragon writes the dragon as 竜, as the JSA does, instead of 龍 (Kakinoki).
	JSADragon bool
	// Ou writes the king as 王 instead of 玉.
	Ou bool
	// Origin selects the KIF style: the origin in parentheses after board moves
	// ("７六歩(77)") instead of the relative words, 打 on every drop, and no 不成
	// (as Kakinoki's KIF writes).
	Origin bool
	// SameSpace says when an ideographic space follows 同.
	SameSpace SameSpace
	// Forward is the word for a horse or a dragon moving forward: 上 (the JSA's, and
	// the zero value), 行 or 入. Other pieces always use 上.
	Forward Forward
}

// Forward selects the word for a horse's or a dragon's forward move.
type Forward uint8

// Words for a horse's or a dragon's forward move ("8四龍上", "8四龍行", "8四龍入").
const (
	ForwardUp    Forward = iota // 上
	ForwardGo                   // 行
	ForwardEnter                // 入
)

// word returns the text of f.
func (f Forward) word() string {
	switch f {
	case ForwardGo:
		return "行"
	case ForwardEnter:
		return "入"
	}
	return "上"
}

// Marks selects the turn marks of Japanese notation.
type Marks uint8

// Turn marks.
const (
	MarksNone     Marks = iota // no mark
	MarksTriangle              // ▲ for Black, △ for White
	MarksShogi                 // ☗ for Black, ☖ for White
)

// SquareStyle selects how Japanese notation writes a square.
type SquareStyle uint8

// Square styles, shown for the square 7f.
const (
	SquaresFullWidth SquareStyle = iota // ７六
	SquaresMixed                        // 7六
	SquaresDigits                       // 76
	SquaresIroha                        // 春
)

// SameSpace says when Japanese notation writes an ideographic space (U+3000) after 同.
type SameSpace uint8

// Spacing after 同.
const (
	// SameSpaceShort pads only when one character follows, as Kifu for Windows writes
	// KI2: "同　歩" but "同角成".
	SameSpaceShort SameSpace = iota
	// SameSpaceAlways always pads, as KIF does: "同　歩(76)", "同　成銀(47)".
	SameSpaceAlways
	// SameSpaceNever never pads: "同歩".
	SameSpaceNever
)

// String returns the style name: "kif", "ki2", "iroha" or "japanese" for the values
// of KIF, KI2, Iroha and JapaneseStyle, and "japanese" for any other.
func (j Japanese) String() string {
	switch Notation(j) {
	case KIF:
		return "kif"
	case KI2:
		return "ki2"
	case Iroha:
		return "iroha"
	}
	return "japanese"
}

var (
	fullWidthDigits = [10]string{"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	kanjiNumerals   = [10]string{"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

	// japaneseNames are the names of the pieces in moves.
	japaneseNames = [shogi.NumPieceTypes]string{
		shogi.Pawn: "歩", shogi.Lance: "香", shogi.Knight: "桂", shogi.Silver: "銀",
		shogi.Bishop: "角", shogi.Rook: "飛", shogi.Gold: "金", shogi.King: "玉",
		shogi.ProPawn: "と", shogi.ProLance: "成香", shogi.ProKnight: "成桂",
		shogi.ProSilver: "成銀", shogi.Horse: "馬", shogi.Dragon: "龍",
	}

	// irohaSquares holds the iroha name of each square, indexed by Square.Index
	// (file by file from 1一).
	irohaSquares = [shogi.NumSquares]string{
		"い", "ろ", "は", "に", "ほ", "へ", "と", "ち", "り",
		"ぬ", "る", "を", "わ", "か", "よ", "た", "れ", "そ",
		"つ", "ね", "な", "ら", "む", "う", "の", "く", "や",
		"ま", "け", "ふ", "こ", "え", "て", "あ", "さ", "き",
		"ゆ", "め", "み", "し", "ひ", "も", "せ", "す", "京",
		"一", "三", "五", "六", "七", "八", "十", "百", "千",
		"万", "花", "鳥", "風", "月", "春", "夏", "秋", "冬",
		"柳", "桜", "松", "楓", "雨", "露", "霜", "雪", "山",
		"谷", "川", "海", "里", "村", "森", "竹", "草", "石",
	}
)

func (j Japanese) appendMark(dst []byte, c shogi.Color) []byte {
	switch j.Marks {
	case MarksTriangle:
		if c == shogi.Black {
			return append(dst, "▲"...)
		}
		return append(dst, "△"...)
	case MarksShogi:
		if c == shogi.Black {
			return append(dst, "☗"...)
		}
		return append(dst, "☖"...)
	}
	return dst
}

func (j Japanese) appendSquare(dst []byte, s shogi.Square) []byte {
	switch j.Squares {
	case SquaresMixed:
		return append(append(dst, byte('0'+s.File())), kanjiNumerals[s.Rank()]...)
	case SquaresDigits:
		return append(dst, byte('0'+s.File()), byte('0'+s.Rank()))
	case SquaresIroha:
		return append(dst, irohaSquares[s.Index()]...)
	}
	return append(append(dst, fullWidthDigits[s.File()]...), kanjiNumerals[s.Rank()]...)
}

func (j Japanese) pieceName(t shogi.PieceType) string {
	switch {
	case t == shogi.Dragon && j.JSADragon:
		return "竜"
	case t == shogi.King && j.Ou:
		return "王"
	}
	return japaneseNames[t]
}

// Append appends the Japanese text of the legal move m of p to dst.
func (j Japanese) Append(dst []byte, p *shogi.Position, m shogi.Move) []byte {
	if !m.IsValid() {
		return dst
	}
	c := p.SideToMove()
	dst = j.appendMark(dst, c)
	to := m.To()
	if m.IsDrop() {
		t := m.DropType()
		dst = j.appendSquare(dst, to)
		dst = append(dst, j.pieceName(t)...)
		if j.Origin || !reachers(p, c, t, to).IsEmpty() {
			dst = append(dst, "打"...)
		}
		return dst
	}
	from := m.From()
	t := p.PieceAt(from).Type()
	sameEnd := -1 // where 同 ends, when the move recaptures
	if last := p.LastMove(); last != shogi.NoMove && last.To() == to {
		dst = append(dst, "同"...)
		sameEnd = len(dst)
	} else {
		dst = j.appendSquare(dst, to)
	}
	dst = append(dst, j.pieceName(t)...)
	if !j.Origin {
		dst = appendRelative(dst, p, c, t, from, to, j.Forward)
	}
	switch {
	case m.IsPromotion():
		dst = append(dst, "成"...)
	case !j.Origin && canPromote(c, t, from, to):
		dst = append(dst, "不成"...)
	}
	if sameEnd >= 0 {
		dst = j.padSame(dst, sameEnd)
	}
	if j.Origin {
		dst = append(dst, '(', byte('0'+from.File()), byte('0'+from.Rank()), ')')
	}
	return dst
}

// padSame inserts the space after 同 (which ends at dst[:start]) as j.SameSpace says.
func (j Japanese) padSame(dst []byte, start int) []byte {
	switch j.SameSpace {
	case SameSpaceNever:
		return dst
	case SameSpaceShort:
		if utf8.RuneCount(dst[start:]) != 1 {
			return dst
		}
	}
	const pad = "　"
	dst = append(dst, pad...)
	copy(dst[start+len(pad):], dst[start:len(dst)-len(pad)])
	copy(dst[start:], pad)
	return dst
}

// Encode returns the Japanese text of the legal move m of p.
func (j Japanese) Encode(p *shogi.Position, m shogi.Move) string { return encode(j, p, m) }
