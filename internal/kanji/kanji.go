// Package kanji holds the kanji numerals that the Japanese notations and the KIF and
// KI2 records share.
package kanji

// Digit returns the value 1–9 of the kanji numeral r (一 … 九), or 0.
func Digit(r rune) int {
	switch r {
	case '一':
		return 1
	case '二':
		return 2
	case '三':
		return 3
	case '四':
		return 4
	case '五':
		return 5
	case '六':
		return 6
	case '七':
		return 7
	case '八':
		return 8
	case '九':
		return 9
	}
	return 0
}
