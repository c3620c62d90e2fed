package kif

import (
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/kanji"
)

// Piece names, square digits and kanji numerals shared by KIF moves, KI2 moves and
// board diagrams (formats.md §2.3, §2.7 and Appendix A).

// moveNames are the names KIF and KI2 write in moves, by piece type.
var moveNames = [shogi.NumPieceTypes]string{
	shogi.Pawn: "歩", shogi.Lance: "香", shogi.Knight: "桂", shogi.Silver: "銀",
	shogi.Gold: "金", shogi.Bishop: "角", shogi.Rook: "飛", shogi.King: "玉",
	shogi.ProPawn: "と", shogi.ProLance: "成香", shogi.ProKnight: "成桂",
	shogi.ProSilver: "成銀", shogi.Horse: "馬", shogi.Dragon: "龍",
}

// boardNames are the one-character names of board diagrams and hands.
var boardNames = [shogi.NumPieceTypes]rune{
	shogi.Pawn: '歩', shogi.Lance: '香', shogi.Knight: '桂', shogi.Silver: '銀',
	shogi.Gold: '金', shogi.Bishop: '角', shogi.Rook: '飛', shogi.King: '玉',
	shogi.ProPawn: 'と', shogi.ProLance: '杏', shogi.ProKnight: '圭',
	shogi.ProSilver: '全', shogi.Horse: '馬', shogi.Dragon: '龍',
}

// pieceRune maps one-character piece names, with their variants, to piece types.
func pieceRune(r rune) shogi.PieceType {
	switch r {
	case '歩':
		return shogi.Pawn
	case '香':
		return shogi.Lance
	case '桂':
		return shogi.Knight
	case '銀':
		return shogi.Silver
	case '金':
		return shogi.Gold
	case '角':
		return shogi.Bishop
	case '飛':
		return shogi.Rook
	case '玉', '王':
		return shogi.King
	case 'と':
		return shogi.ProPawn
	case '杏', '仝':
		return shogi.ProLance
	case '圭', '今':
		return shogi.ProKnight
	case '全':
		return shogi.ProSilver
	case '馬':
		return shogi.Horse
	case '龍', '竜':
		return shogi.Dragon
	}
	return shogi.NoPieceType
}

// parsePieceName reads a piece name of a move at the start of s: a one-character
// name or 成 followed by 銀, 桂 or 香. It returns the type and the bytes used.
func parsePieceName(s string) (shogi.PieceType, int) {
	r, n := leadRune(s)
	if r == '成' {
		r2, n2 := leadRune(s[n:])
		switch t := pieceRune(r2); t {
		case shogi.Silver, shogi.Knight, shogi.Lance:
			return t.Promote(), n + n2
		}
		return shogi.NoPieceType, 0
	}
	if t := pieceRune(r); t != shogi.NoPieceType {
		return t, n
	}
	return shogi.NoPieceType, 0
}

var kanjiDigits = [...]rune{'〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'}

// digitValue returns the value 1–9 of an ASCII, full-width or kanji digit, or 0.
func digitValue(r rune) int {
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0')
	case r >= '１' && r <= '９':
		return int(r - '０')
	}
	return kanji.Digit(r)
}

// isKanjiDigit reports whether r is one of 一 … 九.
func isKanjiDigit(r rune) bool { return kanji.Digit(r) > 0 }

// leadRune returns the first character of s and its length, as
// utf8.DecodeRuneInString does, sooner for the three-byte characters (kana, kanji,
// full-width digits) that moves are written in.
func leadRune(s string) (rune, int) {
	if len(s) >= 3 && s[0]&0xF0 == 0xE0 && s[1]&0xC0 == 0x80 && s[2]&0xC0 == 0x80 {
		r := rune(s[0]&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F)
		if r >= 0x800 && (r < 0xD800 || r > 0xDFFF) {
			return r, 3
		}
	}
	return utf8.DecodeRuneInString(s)
}

// appendKanjiNumber appends n (1–99) in kanji numerals: 一 … 九, 十, 十一 … 十八.
func appendKanjiNumber(dst []byte, n int) []byte {
	if n >= 10 {
		if n >= 20 {
			dst = utf8.AppendRune(dst, kanjiDigits[n/10])
		}
		dst = append(dst, "十"...)
		n %= 10
		if n == 0 {
			return dst
		}
	}
	return utf8.AppendRune(dst, kanjiDigits[n])
}

// parseKanjiNumber reads a kanji count (一 … 九, 十 … 九十九) at the start of s and
// returns it with the bytes used; 0, 0 when s does not start with one.
func parseKanjiNumber(s string) (int, int) {
	n, used := 0, 0
	r, size := utf8.DecodeRuneInString(s)
	if d := digitValue(r); d > 0 && isKanjiDigit(r) {
		n, used = d, size
		r, size = utf8.DecodeRuneInString(s[used:])
	}
	if r == '十' {
		if n == 0 {
			n = 1
		}
		n *= 10
		used += size
		r, size = utf8.DecodeRuneInString(s[used:])
		if d := digitValue(r); d > 0 && isKanjiDigit(r) {
			n += d
			used += size
		}
	}
	return n, used
}

// appendSquare appends a square as KIF writes it: a full-width file and a kanji rank.
func appendSquare(dst []byte, s shogi.Square) []byte {
	dst = utf8.AppendRune(dst, '０'+rune(s.File()))
	return utf8.AppendRune(dst, kanjiDigits[s.Rank()])
}

// parseSquare reads a square at the start of s: a file digit (full-width or ASCII)
// and a rank (kanji, full-width or ASCII digit).
func parseSquare(s string) (shogi.Square, int) {
	switch {
	case len(s) >= 2 && '1' <= s[0] && s[0] <= '9' && '1' <= s[1] && s[1] <= '9':
		// The origin of a KIF move: "77".
		return shogi.NewSquare(int(s[0]-'0'), int(s[1]-'0')), 2
	case len(s) >= 6 && s[0] == 0xEF && s[1] == 0xBC && 0x91 <= s[2] && s[2] <= 0x99:
		// A full-width file ("７" is EF BC 97) and, as KIF writes it, a kanji rank.
		if r, n := leadRune(s[3:]); n == 3 {
			if rank := kanji.Digit(r); rank > 0 {
				return shogi.NewSquare(int(s[2]-0x90), rank), 6
			}
		}
	}
	f, n1 := leadRune(s)
	r, n2 := leadRune(s[n1:])
	file, rank := digitValue(f), digitValue(r)
	if file == 0 || rank == 0 || isKanjiDigit(f) {
		return shogi.NoSquare, 0
	}
	return shogi.NewSquare(file, rank), n1 + n2
}

// sideName returns the name of a side in a record: 先手/後手, or 下手/上手 in handicap games.
func sideName(c shogi.Color, handicap bool) string {
	switch {
	case handicap && c == shogi.Black:
		return "下手"
	case handicap:
		return "上手"
	case c == shogi.Black:
		return "先手"
	}
	return "後手"
}

// parseSideName reads 先手, 後手, 下手 or 上手 at the start of s.
func parseSideName(s string) (shogi.Color, bool) {
	switch {
	case len(s) >= 6 && (s[:6] == "先手" || s[:6] == "下手"):
		return shogi.Black, true
	case len(s) >= 6 && (s[:6] == "後手" || s[:6] == "上手"):
		return shogi.White, true
	}
	return shogi.Black, false
}

// squareName names a square in messages: an ASCII file and a kanji rank ("7七").
func squareName(s shogi.Square) string {
	return string(rune('0'+s.File())) + string(kanjiDigits[s.Rank()])
}
