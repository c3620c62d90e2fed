package usi

import (
	"strconv"
	"unicode/utf8"
)

// token is a word of a line: its text and where it stands, in bytes.
type token struct {
	text       string
	start, end int
}

// tokens splits line at runs of white space (spaces and tabs, as the protocol writes
// them; any other control character is part of a word and so makes it malformed).
func tokens(line string) []token {
	var ts []token
	i := 0
	for i < len(line) {
		for i < len(line) && isBlank(line[i]) {
			i++
		}
		if i == len(line) {
			break
		}
		start := i
		for i < len(line) && !isBlank(line[i]) {
			i++
		}
		ts = append(ts, token{line[start:i], start, i})
	}
	return ts
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// column returns the 1-based character column of byte offset off in line.
func column(line string, off int) int {
	off = min(max(off, 0), len(line))
	return utf8.RuneCountInString(line[:off]) + 1
}

// syntaxAt returns a *SyntaxError at byte offset off of line.
func syntaxAt(line string, off int, msg string) *SyntaxError {
	return &SyntaxError{Column: column(line, off), Msg: msg}
}

// parseInt reads a decimal integer with an optional sign that fits in 63 bits.
func parseInt(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}
