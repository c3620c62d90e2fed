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
)

// Position is the content of an SFEN string.
type Position struct {
	Board      [81]uint8    // by square index: (file-1)*9 + (rank-1)
	Hands      [2][8]uint16 // by colour and piece type 1–7
	White      bool         // White to move
	MoveNumber int          // 0 when the field was absent
}

// Error is a syntax error at a byte offset (0-based) of the input.
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

type field struct{ start, end int }

// Parse reads an SFEN: board, side, hands and an optional move number, separated by
// runs of white space, with an optional leading "sfen" word.
func Parse(s string) (Position, error) {
	var fields []field
	for i := 0; i < len(s); {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		start := i
		for i < len(s) && !isSpace(s[i]) {
			i++
		}
		if i > start {
			fields = append(fields, field{start, i})
		}
	}
	if len(fields) > 0 && s[fields[0].start:fields[0].end] == "sfen" {
		fields = fields[1:]
	}
	var pos Position
	if len(fields) < 3 || len(fields) > 4 {
		off := len(s)
		if len(fields) > 4 {
			off = fields[4].start
		}
		return pos, &Error{off, ErrFields}
	}
	if err := parseBoard(&pos, s, fields[0]); err != nil {
		return pos, err
	}
	switch side := s[fields[1].start:fields[1].end]; side {
	case "b":
	case "w":
		pos.White = true
	default:
		return pos, &Error{fields[1].start, ErrSide}
	}
	if err := parseHands(&pos, s, fields[2]); err != nil {
		return pos, err
	}
	if len(fields) == 4 {
		f := fields[3]
		n, err := strconv.Atoi(s[f.start:f.end])
		if err != nil || n < 0 || n > MaxMoveNumber || s[f.start] == '+' || s[f.start] == '-' {
			return pos, &Error{f.start, ErrMoveNumber}
		}
		pos.MoveNumber = n
	}
	return pos, nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func parseBoard(pos *Position, s string, f field) error {
	rank, file := 1, 9
	promoted := false
	for i := f.start; i < f.end; i++ {
		c := s[i]
		switch {
		case c == '/':
			if promoted || file != 0 {
				return &Error{i, ErrRankLength}
			}
			rank++
			if rank > 9 {
				return &Error{i, ErrRankCount}
			}
			file = 9
		case c >= '1' && c <= '9':
			if promoted || file-int(c-'0') < 0 || i > f.start && s[i-1] >= '0' && s[i-1] <= '9' {
				return &Error{i, ErrRankLength}
			}
			file -= int(c - '0')
		case c == '+':
			if promoted {
				return &Error{i, ErrBoard}
			}
			promoted = true
		default:
			t, white := letterType(c)
			if t == 0 || promoted && t >= 7 {
				return &Error{i, ErrBoard}
			}
			if file < 1 {
				return &Error{i, ErrRankLength}
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
		return &Error{f.end, ErrRankLength}
	}
	if rank != 9 {
		return &Error{f.end, ErrRankCount}
	}
	return nil
}

func parseHands(pos *Position, s string, f field) error {
	if s[f.start:f.end] == "-" {
		return nil
	}
	n, digits := 0, 0
	for i := f.start; i < f.end; i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			if digits == 0 && c == '0' || digits == 2 {
				return &Error{i, ErrHand}
			}
			n = n*10 + int(c-'0')
			digits++
			continue
		}
		t, white := letterType(c)
		if t == 0 || t == 8 {
			return &Error{i, ErrHand}
		}
		if digits == 0 {
			n = 1
		}
		side := 0
		if white {
			side = 1
		}
		if int(pos.Hands[side][t])+n > MaxHandCount {
			return &Error{i, ErrHand}
		}
		pos.Hands[side][t] += uint16(n)
		n, digits = 0, 0
	}
	if digits != 0 {
		return &Error{f.end, ErrHand}
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
