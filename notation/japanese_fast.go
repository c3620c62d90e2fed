package notation

import (
	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/kanji"
)

// The fast path of Japanese.Decode. The moves of real records ("▲７六歩", "△同　銀",
// "▲５八金右", "☗5八金上", "７六歩(77)") are read byte by byte, matching the fixed
// three-byte UTF-8 sequences of their characters, without decoding runes, searching
// tables or allocating. Any other text, well-formed or not, is left to parse, which
// reads every variant and says what is wrong: fastParse only ever returns what parse
// returns for the same text (FuzzJapaneseFastParse and TestFastParseAgreesWithParse
// check it), so the fast path changes no result and no error.

// char3 returns the character of the three-byte UTF-8 sequence at s[i], or -1 when s
// has none there. It does not reject overlong or surrogate forms: none of them decodes
// to a character that fastParse takes (all are U+2000 or above, outside U+D800–U+DFFF).
func char3(s string, i int) rune {
	if i+2 >= len(s) {
		return -1
	}
	b0, b1, b2 := s[i], s[i+1], s[i+2]
	if b0&0xF0 != 0xE0 || b1&0xC0 != 0x80 || b2&0xC0 != 0x80 {
		return -1
	}
	return rune(b0&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F)
}

// ideographicSpace is U+3000 in UTF-8.
const ideographicSpace = "\u3000"

// hasIdeographicSpace reports whether s holds an ideographic space at i.
func hasIdeographicSpace(s string, i int) bool {
	return i+2 < len(s) && s[i] == 0xE3 && s[i+1] == 0x80 && s[i+2] == 0x80
}

// skipMoveSpaces returns the index of the first byte at or after i that does not
// start a space of isSpace (ASCII white space or U+3000).
func skipMoveSpaces(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n':
			i++
		case hasIdeographicSpace(s, i):
			i += len(ideographicSpace)
		default:
			return i
		}
	}
	return i
}

// skipSameSpaces is skipSpaces by index: the spaces (" " or U+3000) that may follow 同.
func skipSameSpaces(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == ' ':
			i++
		case hasIdeographicSpace(s, i):
			i += len(ideographicSpace)
		default:
			return i
		}
	}
	return i
}

// fastSquare reads at s[i] a square of the forms that cutSquare reads first: a half- or
// full-width file digit then a half-width, full-width or kanji rank, or a kanji file
// then a kanji rank. It returns the square and its length in bytes, 0 for none.
func fastSquare(s string, i int) (shogi.Square, int) {
	var file, n int
	kanjiFile := false
	if i < len(s) && s[i] >= '1' && s[i] <= '9' {
		file, n = int(s[i]-'0'), 1
	} else {
		r := char3(s, i)
		switch {
		case r >= '１' && r <= '９':
			file, n = int(r-'０'), 3
		default:
			if file = kanji.Digit(r); file == 0 {
				return shogi.NoSquare, 0
			}
			n, kanjiFile = 3, true
		}
	}
	j := i + n
	if !kanjiFile && j < len(s) && s[j] >= '1' && s[j] <= '9' {
		return shogi.NewSquare(file, int(s[j]-'0')), n + 1
	}
	r := char3(s, j)
	if !kanjiFile && r >= '１' && r <= '９' {
		return shogi.NewSquare(file, int(r-'０')), n + 3
	}
	if rank := kanji.Digit(r); rank != 0 {
		return shogi.NewSquare(file, rank), n + 3
	}
	return shogi.NoSquare, 0
}

// fastPiece reads at s[i] a piece name of japanesePieces. It returns its type and its
// length in bytes, 0 for none.
func fastPiece(s string, i int) (shogi.PieceType, int) {
	switch char3(s, i) {
	case '歩':
		return shogi.Pawn, 3
	case '香':
		return shogi.Lance, 3
	case '桂':
		return shogi.Knight, 3
	case '銀':
		return shogi.Silver, 3
	case '金':
		return shogi.Gold, 3
	case '角':
		return shogi.Bishop, 3
	case '飛':
		return shogi.Rook, 3
	case '玉', '王':
		return shogi.King, 3
	case 'と':
		return shogi.ProPawn, 3
	case '馬':
		return shogi.Horse, 3
	case '龍', '竜':
		return shogi.Dragon, 3
	case '全':
		return shogi.ProSilver, 3
	case '圭', '今':
		return shogi.ProKnight, 3
	case '杏', '仝':
		return shogi.ProLance, 3
	case '成':
		switch char3(s, i+3) {
		case '銀':
			return shogi.ProSilver, 6
		case '桂':
			return shogi.ProKnight, 6
		case '香':
			return shogi.ProLance, 6
		}
	}
	return shogi.NoPieceType, 0
}

// relativeWord returns the relative word of relativeWords that r is, or 0.
func relativeWord(r rune) int {
	switch r {
	case '右':
		return relRight
	case '左':
		return relLeft
	case '直':
		return relStraight
	case '上', '行', '入':
		return relUp
	case '引':
		return relDown
	case '寄':
		return relSideways
	}
	return 0
}

// fastParse reads the common forms of a Japanese move: an optional turn mark, a square
// as fastSquare reads it, 同 or both, a piece, relative words, 打, 成, 不成 or 生, and an
// origin "(77)" in half-width characters, with spaces only around the move and after
// 同, into jm. It returns false for any other text, leaving jm in no useful state;
// when it returns true, jm is what parse returns for text, with no error, whatever the
// style.
func fastParse(text string, jm *japaneseMove) bool {
	*jm = japaneseMove{to: shogi.NoSquare, from: shogi.NoSquare}
	i := skipMoveSpaces(text, 0)
	switch char3(text, i) {
	case '▲', '☗', '▼':
		jm.hasColor = true
		i += 3
	case '△', '☖', '▽':
		jm.color, jm.hasColor = shogi.White, true
		i += 3
	}
	if char3(text, i) == '同' {
		jm.same = true
		i = skipSameSpaces(text, i+3)
	} else {
		to, n := fastSquare(text, i)
		if n == 0 {
			return false
		}
		jm.to = to
		i += n
		if char3(text, i) == '同' {
			jm.same = true
			i = skipSameSpaces(text, i+3)
		}
	}
	t, n := fastPiece(text, i)
	if n == 0 {
		return false
	}
	jm.piece = t
	i += n
	const (
		sides = relRight | relLeft | relStraight
		moves = relUp | relDown | relSideways
	)
	for {
		w := relativeWord(char3(text, i))
		if w == 0 {
			break
		}
		switch {
		case jm.rel&w != 0, w&sides != 0 && jm.rel&sides != 0, w&moves != 0 && jm.rel&moves != 0,
			w&(relDown|relSideways) != 0 && jm.rel&relStraight != 0, w == relStraight && jm.rel&(relDown|relSideways) != 0:
			return false // parse says why
		}
		jm.rel |= w
		i += 3
	}
	switch char3(text, i) {
	case '打':
		if jm.rel != 0 {
			return false
		}
		jm.drop = true
		i += 3
	case '不':
		if char3(text, i+3) != '成' {
			return false
		}
		jm.noPromote = true
		i += 6
	case '生':
		jm.noPromote = true
		i += 3
	case '成':
		jm.promote = true
		i += 3
	}
	if i+3 < len(text) && text[i] == '(' && !jm.drop &&
		text[i+1] >= '1' && text[i+1] <= '9' && text[i+2] >= '1' && text[i+2] <= '9' && text[i+3] == ')' {
		jm.from = shogi.NewSquare(int(text[i+1]-'0'), int(text[i+2]-'0'))
		i += 4
	}
	if skipMoveSpaces(text, i) != len(text) {
		return false
	}
	return true
}
