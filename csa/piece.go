package csa

import (
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/piececode"
)

// CSA piece codes: two upper-case letters per piece type, promoted types included.

var pieceCodes = piececode.Codes

// parsePiece returns the piece type of a two-letter code, or NoPieceType.
func parsePiece(a, b byte) shogi.PieceType { return piececode.Parse(a, b) }

// parseSquare returns the square of two digits file-rank ("76"), NoSquare for "00",
// and false when the digits are not a square or the piece stand.
func parseSquare(a, b byte) (shogi.Square, bool) {
	if a == '0' && b == '0' {
		return shogi.NoSquare, true
	}
	if a < '1' || a > '9' || b < '1' || b > '9' {
		return shogi.NoSquare, false
	}
	return shogi.NewSquare(int(a-'0'), int(b-'0')), true
}

func appendSquare(dst []byte, s shogi.Square) []byte {
	if s == shogi.NoSquare {
		return append(dst, '0', '0')
	}
	return append(dst, byte('0'+s.File()), byte('0'+s.Rank()))
}

func colorSign(c shogi.Color) byte {
	if c == shogi.Black {
		return '+'
	}
	return '-'
}

var rankKanji = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// squareName returns the Japanese name of a square, such as "7七".
func squareName(s shogi.Square) string {
	return string(rune('0'+s.File())) + rankKanji[s.Rank()]
}
