package usi

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/kifu-go/shogi"
)

// ScoreKind says what a [Score] counts.
type ScoreKind uint8

// Score kinds.
const (
	NoScore    ScoreKind = iota // the info line has no score
	Centipawns                  // "score cp N"
	Mate                        // "score mate N": plies to mate
)

// Bound says whether a score is exact or a bound of the search window.
type Bound uint8

// Bounds.
const (
	Exact      Bound = iota
	LowerBound       // "lowerbound": the score is at least Value
	UpperBound       // "upperbound": the score is at most Value
)

// MateUnknown is the Value of a mate score whose distance the engine did not give
// ("score mate +" is +MateUnknown, "score mate -" is -MateUnknown).
const MateUnknown = 1 << 20

// MateCentipawns is the centipawn value that [Score.Centipawns] gives a mate, less the
// plies to it, as floodgate's comments write a won game.
const MateCentipawns = 30000

// Score is an evaluation from one side's point of view: Centipawns in Value, or for a
// Mate the plies to mate, positive when that side mates and negative when it is mated.
type Score struct {
	Kind  ScoreKind
	Value int
	Bound Bound
}

// Negate returns the score from the other side's point of view: the value changes sign
// and a lower bound becomes an upper one.
func (s Score) Negate() Score {
	s.Value = -s.Value
	switch s.Bound {
	case LowerBound:
		s.Bound = UpperBound
	case UpperBound:
		s.Bound = LowerBound
	}
	return s
}

// For returns the score, which is from side's point of view, from Black's.
func (s Score) For(side shogi.Color) Score {
	if side == shogi.White {
		return s.Negate()
	}
	return s
}

// Centipawns returns the score in centipawns, a mate counting as [MateCentipawns]
// less its plies (a mate of unknown distance as MateCentipawns), with its sign.
func (s Score) Centipawns() int {
	if s.Kind != Mate {
		return s.Value
	}
	n := abs(s.Value)
	if n >= MateUnknown {
		n = 0
	}
	v := MateCentipawns - min(n, MateCentipawns)
	if s.Value < 0 {
		return -v
	}
	return v
}

// String returns the score as an info line writes it: "cp 30", "mate 5", "mate -4",
// "mate +", "cp 120 lowerbound"; "none" for NoScore.
func (s Score) String() string {
	var b []byte
	switch s.Kind {
	case Centipawns:
		b = strconv.AppendInt([]byte("cp "), int64(s.Value), 10)
	case Mate:
		b = []byte("mate ")
		switch {
		case s.Value >= MateUnknown:
			b = append(b, '+')
		case s.Value <= -MateUnknown:
			b = append(b, '-')
		default:
			b = strconv.AppendInt(b, int64(s.Value), 10)
		}
	default:
		return "none"
	}
	switch s.Bound {
	case LowerBound:
		b = append(b, " lowerbound"...)
	case UpperBound:
		b = append(b, " upperbound"...)
	}
	return string(b)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Info is an engine's "info" line, read against the position being searched.
// Fields the line does not give are zero.
type Info struct {
	// Side is the side to move in the searched position: Score is from its point of
	// view, as the engine sends it; [Info.BlackScore] gives it from Black's.
	Side           shogi.Color
	Depth          int
	SelDepth       int
	Time           time.Duration
	Nodes          int64
	NPS            int64
	HashFull       int // per mille
	MultiPV        int // the line's rank with MultiPV; 0 when the engine does not say
	Score          Score
	CurrMove       shogi.Move
	CurrMoveNumber int
	// PV is the principal variation: its moves up to the first that is malformed or
	// not legal, which PVError then reports (a *MoveError); the rest is not trusted.
	PV      []shogi.Move
	PVError error
	// String is the text after "string", which runs to the end of the line.
	String string
}

// BlackScore returns the score from Black's point of view.
func (i Info) BlackScore() Score { return i.Score.For(i.Side) }

// Rank returns the line's rank among MultiPV lines: MultiPV, or 1 when it is not given.
func (i Info) Rank() int { return max(i.MultiPV, 1) }

// MoveError reports a move of an engine's line (a PV, a mate) that is malformed or not
// legal: where it stands (the 1-based character Column of the line and its Index in
// the sequence, from 1), its text, and why (shogi.ErrMoveSyntax, or the
// *shogi.IllegalMoveError, which errors.As finds).
type MoveError struct {
	Column int
	Index  int
	Text   string
	Err    error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("usi: column %d: move %d %q: %s", e.Column, e.Index, e.Text, trimPrefixes(e.Err))
}

// Unwrap returns Err and [ErrIllegalMove].
func (e *MoveError) Unwrap() []error { return []error{ErrIllegalMove, e.Err} }

// infoKeywords are the words of an info line; a PV stops at any of them.
var infoKeywords = []string{"depth", "seldepth", "time", "nodes", "pv", "multipv", "score",
	"currmove", "currmovenumber", "hashfull", "nps", "tbhits", "sbhits", "cpuload", "string",
	"refutation", "currline"}

// ParseInfo reads an engine's "info" line against the position searched, p, which it
// leaves as it was (p may be nil: the moves are then read but not checked, and Side is
// Black). Words the protocol does not define are skipped, as it asks; a known word with
// a missing or malformed value is a [*SyntaxError] that says where. The PV is checked
// move by move against the rules: a malformed or illegal move stops it and is reported
// in Info.PVError, not as the error.
func ParseInfo(p *shogi.Position, line string) (Info, error) {
	if p != nil {
		p = p.Clone()
	}
	return parseInfo(p, line)
}

// parseInfo is ParseInfo on a position it may play on; it takes back what it plays.
func parseInfo(p *shogi.Position, line string) (Info, error) {
	var info Info
	if p != nil {
		info.Side = p.SideToMove()
	}
	ts := tokens(line)
	if len(ts) == 0 || ts[0].text != "info" {
		return info, syntaxAt(line, 0, "an info line starts with \"info\"")
	}
	// value returns the token after ts[i], or an error saying it is missing.
	value := func(i int) (token, error) {
		if i+1 >= len(ts) || slices.Contains(infoKeywords, ts[i+1].text) {
			return token{}, syntaxAt(line, ts[i].end, fmt.Sprintf("%s without its value", ts[i].text))
		}
		return ts[i+1], nil
	}
	// count reads the non-negative integer after ts[i] that fits in bits.
	count := func(i int, bits int) (int64, error) {
		t, err := value(i)
		if err != nil {
			return 0, err
		}
		n, perr := strconv.ParseUint(t.text, 10, bits-1)
		if perr != nil {
			return 0, syntaxAt(line, t.start, fmt.Sprintf("%s %q is not a count", ts[i].text, t.text))
		}
		return int64(n), nil
	}
	for i := 1; i < len(ts); {
		key := ts[i].text
		var err error
		var n int64
		switch key {
		case "depth", "seldepth", "multipv", "currmovenumber", "hashfull":
			if n, err = count(i, 32); err != nil {
				return info, err
			}
			switch key {
			case "depth":
				info.Depth = int(n)
			case "seldepth":
				info.SelDepth = int(n)
			case "multipv":
				if n == 0 {
					return info, syntaxAt(line, ts[i+1].start, "multipv counts from 1")
				}
				info.MultiPV = int(n)
			case "currmovenumber":
				info.CurrMoveNumber = int(n)
			case "hashfull":
				info.HashFull = int(n)
			}
			i += 2
		case "time", "nodes", "nps":
			// Times in milliseconds up to 2^53 keep every Duration in range.
			bits := 64
			if key == "time" {
				bits = 44
			}
			if n, err = count(i, bits); err != nil {
				return info, err
			}
			switch key {
			case "time":
				info.Time = time.Duration(n) * time.Millisecond
			case "nodes":
				info.Nodes = n
			case "nps":
				info.NPS = n
			}
			i += 2
		case "tbhits", "sbhits", "cpuload":
			if _, err = count(i, 64); err != nil {
				return info, err
			}
			i += 2
		case "score":
			if i, err = parseScore(line, ts, i, &info.Score); err != nil {
				return info, err
			}
		case "currmove":
			t, err := value(i)
			if err != nil {
				return info, err
			}
			m, merr := shogi.ParseUSIMove(t.text)
			if merr != nil {
				return info, syntaxAt(line, t.start, fmt.Sprintf("currmove %q is not a USI move", t.text))
			}
			if p != nil {
				if merr = p.CheckMove(m); merr != nil {
					return info, syntaxAt(line, t.start, fmt.Sprintf("currmove %q is not a legal move: %s", t.text, trimPrefixes(merr)))
				}
			}
			info.CurrMove = m
			i += 2
		case "pv":
			info.PV, i, info.PVError = parseMoves(p, line, ts, i+1)
			if info.PV == nil && info.PVError == nil {
				return info, syntaxAt(line, ts[i-1].end, "pv without moves")
			}
		case "refutation", "currline":
			for i++; i < len(ts) && !slices.Contains(infoKeywords, ts[i].text); i++ {
			}
		case "string":
			if i+1 < len(ts) {
				info.String = line[ts[i+1].start:ts[len(ts)-1].end]
			}
			i = len(ts)
		default:
			i++ // a word the protocol does not have: skipped
		}
	}
	return info, nil
}

// parseScore reads "score cp N" or "score mate N" (N may be + or - for a mate) and an
// optional bound, from ts[i] ("score"), and returns the index after them.
func parseScore(line string, ts []token, i int, s *Score) (int, error) {
	if i+1 >= len(ts) || ts[i+1].text != "cp" && ts[i+1].text != "mate" {
		off := ts[i].end
		if i+1 < len(ts) {
			off = ts[i+1].start
		}
		return i, syntaxAt(line, off, "expected cp or mate after score")
	}
	kind := ts[i+1]
	if i+2 >= len(ts) {
		return i, syntaxAt(line, kind.end, fmt.Sprintf("score %s without its value", kind.text))
	}
	v := ts[i+2]
	*s = Score{Kind: Centipawns}
	switch {
	case kind.text == "mate" && v.text == "+":
		*s = Score{Kind: Mate, Value: MateUnknown}
	case kind.text == "mate" && v.text == "-":
		*s = Score{Kind: Mate, Value: -MateUnknown}
	default:
		n, err := strconv.ParseInt(v.text, 10, 32)
		limit := int64(1<<31 - 1)
		if kind.text == "mate" {
			s.Kind, limit = Mate, MateUnknown-1
		}
		if err != nil || n > limit || n < -limit {
			return i, syntaxAt(line, v.start, fmt.Sprintf("score %s %q is not a number in range", kind.text, v.text))
		}
		s.Value = int(n)
	}
	i += 3
	if i < len(ts) {
		switch ts[i].text {
		case "lowerbound":
			s.Bound = LowerBound
			i++
		case "upperbound":
			s.Bound = UpperBound
			i++
		}
	}
	return i, nil
}

// parseMoves reads the moves from ts[i] up to the next info keyword, playing them on p
// (and taking them back) when p is not nil. It returns the moves up to the first that is
// malformed or illegal, the index after the moves, and that move's error.
func parseMoves(p *shogi.Position, line string, ts []token, i int) ([]shogi.Move, int, error) {
	var moves []shogi.Move
	var moveErr error
	played := 0
	for ; i < len(ts) && !slices.Contains(infoKeywords, ts[i].text); i++ {
		if moveErr != nil {
			continue
		}
		t := ts[i]
		m, err := shogi.ParseUSIMove(t.text)
		if err != nil {
			err = shogi.ErrMoveSyntax // the MoveError quotes the text
		} else if p != nil {
			if err = p.Play(m); err == nil {
				played++
			}
		}
		if err != nil {
			moveErr = &MoveError{Column: column(line, t.start), Index: len(moves) + 1, Text: t.text, Err: err}
			continue
		}
		moves = append(moves, m)
	}
	for ; played > 0; played-- {
		p.Undo()
	}
	return moves, i, moveErr
}

// Format returns the info line that gives i, as an engine writes it (PVError aside:
// the PV is written as far as it is legal).
func (i Info) Format() string {
	b := []byte("info")
	num := func(key string, n int64) {
		b = append(b, ' ')
		b = append(b, key...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, n, 10)
	}
	if i.Depth != 0 {
		num("depth", int64(i.Depth))
	}
	if i.SelDepth != 0 {
		num("seldepth", int64(i.SelDepth))
	}
	if i.MultiPV != 0 {
		num("multipv", int64(i.MultiPV))
	}
	if i.Score.Kind != NoScore {
		b = append(b, " score "...)
		b = append(b, i.Score.String()...)
	}
	if i.Time != 0 {
		num("time", i.Time.Milliseconds())
	}
	if i.Nodes != 0 {
		num("nodes", i.Nodes)
	}
	if i.NPS != 0 {
		num("nps", i.NPS)
	}
	if i.HashFull != 0 {
		num("hashfull", int64(i.HashFull))
	}
	if i.CurrMove != shogi.NoMove {
		b = append(b, " currmove "...)
		b = i.CurrMove.AppendText(b)
	}
	if i.CurrMoveNumber != 0 {
		num("currmovenumber", int64(i.CurrMoveNumber))
	}
	if len(i.PV) > 0 {
		b = append(b, " pv"...)
		for _, m := range i.PV {
			b = append(b, ' ')
			b = m.AppendText(b)
		}
	}
	if i.String != "" {
		b = append(b, " string "...)
		b = append(b, i.String...)
	}
	return string(b)
}
