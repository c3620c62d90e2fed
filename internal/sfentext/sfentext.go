// Package sfentext reads and writes the text of an SFEN position without knowing the
// rules. It is shared by the root package (Position.String, UnmarshalText) and the
// public sfen package, which cannot import each other both ways.
//
// Piece codes are the root package's: type 1–14 (P L N S B R G K +P +L +N +S +B +R)
// plus 16 for White.
package sfentext

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

// Position is the content of an SFEN string.
type Position struct {
	Board      [81]uint8    // by square index: (file-1)*9 + (rank-1)
	Hands      [2][8]uint16 // by colour and piece type 1–7
	White      bool         // White to move
	MoveNumber int          // 0 when the field was absent
}

// Error is a syntax error at a byte offset (0-based) of the input; [Column] turns it
// into a character column.
type Error struct {
	Offset int
	Err    error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Sentinels for what is wrong.
var (
	ErrFields     = errors.New("an SFEN has a board, a side to move, hands and an optional move number")
	ErrBoard      = errors.New("invalid board")
	ErrRankLength = errors.New("a rank must cover nine squares")
	ErrRankCount  = errors.New("the board must have nine ranks")
	ErrSide       = errors.New("the side to move must be b or w")
	ErrHand       = errors.New("invalid hand")
	ErrMoveNumber = errors.New("invalid move number")
)

// MaxHandCount bounds the count of one piece type in one hand as written; the rules
// allow at most 18 (pawns), which the root package checks.
const MaxHandCount = 99

// MaxMoveNumber bounds the move number, so that playing moves cannot overflow it.
const MaxMoveNumber = 1 << 30

const letters = "PLNSBRGK"

func letterType(c byte) (uint8, bool) {
	for i := 0; i < len(letters); i++ {
		if c == letters[i] {
			return uint8(i + 1), false
		}
		if c == letters[i]+'a'-'A' {
			return uint8(i + 1), true
		}
	}
	return 0, false
}

// Field is a run of non-space bytes of a text and its byte offset.
type Field struct {
	Text   string
	Offset int
}

// Fields splits s at runs of white space, like strings.Fields, and keeps each field's
// byte offset.
func Fields(s string) []Field {
	var fields []Field
	for i := 0; i < len(s); {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		start := i
		for i < len(s) && !isSpace(s[i]) {
			i++
		}
		if i > start {
			fields = append(fields, Field{s[start:i], start})
		}
	}
	return fields
}

// Parse reads an SFEN: board, side, hands and an optional move number, separated by
// runs of white space, with an optional leading "sfen" word.
func Parse(s string) (Position, error) {
	fields := Fields(s)
	if len(fields) > 0 && fields[0].Text == "sfen" {
		fields = fields[1:]
	}
	var pos Position
	if len(fields) < 3 || len(fields) > 4 {
		off := len(s)
		if len(fields) > 4 {
			off = fields[4].Offset
		}
		return pos, &Error{off, ErrFields}
	}
	if err := parseBoard(&pos, fields[0]); err != nil {
		return pos, err
	}
	switch fields[1].Text {
	case "b":
	case "w":
		pos.White = true
	default:
		return pos, &Error{fields[1].Offset, ErrSide}
	}
	if err := parseHands(&pos, fields[2]); err != nil {
		return pos, err
	}
	if len(fields) == 4 {
		f := fields[3]
		n, err := strconv.Atoi(f.Text)
		if err != nil || n < 0 || n > MaxMoveNumber || f.Text[0] == '+' || f.Text[0] == '-' {
			return pos, &Error{f.Offset, ErrMoveNumber}
		}
		pos.MoveNumber = n
	}
	return pos, nil
}

// IsBlank reports whether s holds nothing but white space.
func IsBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpace(s[i]) {
			return false
		}
	}
	return true
}

// Column returns the 1-based character column of the byte offset off of s: one more
// than the number of characters (runes, an invalid byte counting as one) before it.
func Column(s string, off int) int {
	off = min(max(off, 0), len(s))
	return utf8.RuneCountInString(s[:off]) + 1
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func parseBoard(pos *Position, f Field) error {
	s, base := f.Text, f.Offset
	rank, file := 1, 9
	promoted := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '/':
			if promoted || file != 0 {
				return &Error{base + i, ErrRankLength}
			}
			rank++
			if rank > 9 {
				return &Error{base + i, ErrRankCount}
			}
			file = 9
		case c >= '1' && c <= '9':
			if promoted || file-int(c-'0') < 0 || i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
				return &Error{base + i, ErrRankLength}
			}
			file -= int(c - '0')
		case c == '+':
			if promoted {
				return &Error{base + i, ErrBoard}
			}
			promoted = true
		default:
			t, white := letterType(c)
			if t == 0 || promoted && t >= 7 {
				return &Error{base + i, ErrBoard}
			}
			if file < 1 {
				return &Error{base + i, ErrRankLength}
			}
			if promoted {
				t += 8
				promoted = false
			}
			if white {
				t |= 16
			}
			pos.Board[(file-1)*9+rank-1] = t
			file--
		}
	}
	if promoted || file != 0 {
		return &Error{base + len(s), ErrRankLength}
	}
	if rank != 9 {
		return &Error{base + len(s), ErrRankCount}
	}
	return nil
}

// ParseHands reads the hands field of an SFEN ("-", or counts and letters: "2Pb"), by
// colour and piece type 1–7 as Position.Hands.
func ParseHands(s string) ([2][8]uint16, error) {
	var pos Position
	err := parseHands(&pos, Field{Text: s})
	return pos.Hands, err
}

func parseHands(pos *Position, f Field) error {
	s, base := f.Text, f.Offset
	if s == "-" {
		return nil
	}
	n, digits := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			if digits == 0 && c == '0' || digits == 2 {
				return &Error{base + i, ErrHand}
			}
			n = n*10 + int(c-'0')
			digits++
			continue
		}
		t, white := letterType(c)
		if t == 0 || t == 8 {
			return &Error{base + i, ErrHand}
		}
		if digits == 0 {
			n = 1
		}
		side := 0
		if white {
			side = 1
		}
		if int(pos.Hands[side][t])+n > MaxHandCount {
			return &Error{base + i, ErrHand}
		}
		pos.Hands[side][t] += uint16(n)
		n, digits = 0, 0
	}
	if digits != 0 {
		return &Error{base + len(s), ErrHand}
	}
	return nil
}

var handOrder = [7]uint8{6, 5, 7, 4, 3, 2, 1} // R B G S N L P

// Append appends the SFEN of pos to dst, hands in canonical order and the move number
// included (1 when pos has 0).
func Append(dst []byte, pos *Position) []byte {
	for rank := 1; rank <= 9; rank++ {
		if rank > 1 {
			dst = append(dst, '/')
		}
		empty := 0
		for file := 9; file >= 1; file-- {
			pc := pos.Board[(file-1)*9+rank-1]
			if pc == 0 {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, byte('0'+empty))
				empty = 0
			}
			t := pc & 15
			if t > 8 {
				dst = append(dst, '+')
				t -= 8
			}
			c := letters[t-1]
			if pc&16 != 0 {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
		if empty > 0 {
			dst = append(dst, byte('0'+empty))
		}
	}
	if pos.White {
		dst = append(dst, " w "...)
	} else {
		dst = append(dst, " b "...)
	}
	none := true
	for side := range 2 {
		for _, t := range handOrder {
			n := pos.Hands[side][t]
			if n == 0 {
				continue
			}
			none = false
			if n > 1 {
				dst = strconv.AppendUint(dst, uint64(n), 10)
			}
			c := letters[t-1]
			if side == 1 {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
	}
	if none {
		dst = append(dst, '-')
	}
	dst = append(dst, ' ')
	n := pos.MoveNumber
	if n == 0 {
		n = 1
	}
	return strconv.AppendInt(dst, int64(n), 10)
}
