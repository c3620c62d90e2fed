package jkf

import (
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
)

// relative returns JKF's relative letters for m in p: the relative words a KI2 move
// needs (JSA rules, as the notation package writes them) as letters: 左 L, 直 C,
// 右 R, 上 U, 寄 M, 引 D, and 打 H. It is "" when the piece needs none.
func relative(buf []byte, p *shogi.Position, m shogi.Move) (string, []byte) {
	buf = notation.Japanese{}.Append(buf[:0], p, m)
	var out [3]byte
	n := 0
	for text := buf; len(text) > 0; {
		r, size := utf8.DecodeRune(text)
		text = text[size:]
		var l byte
		switch r {
		case '左':
			l = 'L'
		case '直':
			l = 'C'
		case '右':
			l = 'R'
		case '上', '行':
			l = 'U'
		case '寄':
			l = 'M'
		case '引':
			l = 'D'
		case '打':
			l = 'H'
		default:
			continue
		}
		if n < len(out) {
			out[n] = l
			n++
		}
	}
	return string(out[:n]), buf
}
