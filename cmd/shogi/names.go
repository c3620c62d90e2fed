package main

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// mateName returns a path as mate, tsume and usi print it in text: as it is when it
// prints as itself, else quoted with its characters that do not print escaped.
func mateName(path string) string {
	if namePrints(path) {
		return path
	}
	return strconv.Quote(path)
}

// escapeLine returns a message as one line of printable text.
func escapeLine(s string) string {
	if namePrints(s) {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

func namePrints(s string) bool {
	return utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029'
	}) < 0
}
