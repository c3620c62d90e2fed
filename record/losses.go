package record

// What a format cannot hold of a record. Losses lists, by kind, what writing a record
// in a format leaves out, so that no conversion drops anything in silence: the Writer
// reports it (Writer.Lost) or refuses the record (Writer.Lossless), and the command
// line warns of it (`shogi convert`, `-lossless`). Everything that a format's reader
// gives back differently from the record written is one of these kinds.

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/jkf"
)

// LossKind is a kind of information that a format cannot hold. Its Code is stable for
// machines.
type LossKind uint8

// Kinds of loss.
const (
	// LostVariations: lines other than the main line (CSA, USI and SFEN have none),
	// and, in every format, the variations that branch where a line stops unread or
	// with an ending the format has no word for (written as the continuation, they
	// would read back as the line itself).
	LostVariations LossKind = iota + 1
	// LostMoves: the moves themselves (an SFEN holds the position they reach).
	LostMoves
	// LostComments: comments, on moves, on the start position or after an ending
	// (USI, SFEN).
	LostComments
	// LostBookmarks: bookmarks (KIF's & lines; KIF and KI2 alone hold them).
	LostBookmarks
	// LostTimes: the times of moves and endings (KI2, USI, SFEN).
	LostTimes
	// LostTimeTotals: each side's running total where it is not the sum of the move
	// times (CSA gives only the time of each move; its reader adds them up).
	LostTimeTotals
	// LostTimeFractions: fractions of a second (KIF, KI2, JKF and CSA V2.2 write whole
	// seconds; CSA V3.0 milliseconds).
	LostTimeFractions
	// LostHeader: header fields with no place in the format, or a value with no form
	// in it (a CSA $TIME_LIMIT is HH:MM+SS); the Detail names the keys.
	LostHeader
	// LostEnding: an ending the format has no word for (封じ手, 不戦勝 and 不戦敗 in
	// CSA; every ending in USI and SFEN); the Detail names it.
	LostEnding
	// LostUnread: the text where a lenient read stopped a line (shogi.EndUnread),
	// which no writer writes.
	LostUnread
	// LostMoveNumber: the move number of a start position after move 1 (CSA and JKF
	// records start at move 1).
	LostMoveNumber
)

var lossCodes = [...]string{"", "variations", "moves", "comments", "bookmarks", "times", "time-totals",
	"time-fractions", "header", "ending", "unread", "move-number"}

// Code returns the kind's machine code: "variations", "moves", "comments",
// "bookmarks", "times", "time-totals", "time-fractions", "header", "ending",
// "unread" or "move-number".
func (k LossKind) Code() string {
	if k == 0 || int(k) >= len(lossCodes) {
		return fmt.Sprintf("LossKind(%d)", uint8(k))
	}
	return lossCodes[k]
}

func (k LossKind) String() string { return k.Code() }

// MarshalText returns the kind's code.
func (k LossKind) MarshalText() ([]byte, error) {
	if k == 0 || int(k) >= len(lossCodes) {
		return nil, fmt.Errorf("record: cannot marshal loss kind %d", uint8(k))
	}
	return []byte(k.Code()), nil
}

// UnmarshalText sets k to the kind whose code is text.
func (k *LossKind) UnmarshalText(text []byte) error {
	for i, c := range lossCodes {
		if i > 0 && c == string(text) {
			*k = LossKind(i)
			return nil
		}
	}
	return fmt.Errorf("record: unknown loss kind %q", text)
}

// Loss is one kind of information that writing a record in a format leaves out: how
// much of it (variations, comments, fields, …) and, where it says more, what (the
// header keys, the ending's word).
type Loss struct {
	Kind   LossKind `json:"code"`
	Count  int      `json:"count"`
	Detail string   `json:"detail,omitempty"`
}

var lossNouns = [...]string{"", "variation", "move", "comment", "bookmark", "time", "time total",
	"time with fractions of a second", "header field", "ending", "unread line", "start move number"}

// String describes the loss in English: "3 variations", "2 header fields (表題,
// 消費時間)", "1 ending (封じ手)".
func (l Loss) String() string {
	noun := "loss"
	if int(l.Kind) < len(lossNouns) && l.Kind > 0 {
		noun = lossNouns[l.Kind]
	}
	if l.Count != 1 {
		switch {
		case strings.HasSuffix(noun, "with fractions of a second"):
			noun = "times with fractions of a second"
		default:
			noun += "s"
		}
	}
	s := fmt.Sprintf("%d %s", l.Count, noun)
	if l.Detail != "" {
		s += " (" + l.Detail + ")"
	}
	return s
}

// ErrLossy is the error of a record that a lossless Writer refuses: writing it would
// leave something out. The *LossError that wraps it lists what.
var ErrLossy = errors.New("record: the format cannot hold all of the record")

// LossError is the error of a Writer with Lossless set, for a record that the format
// cannot hold whole. errors.Is(err, ErrLossy) holds.
type LossError struct {
	Format Format
	Losses []Loss
}

func (e *LossError) Error() string {
	return fmt.Sprintf("record: %s would lose %s", e.Format, DescribeLosses(e.Losses))
}

// Unwrap returns ErrLossy.
func (e *LossError) Unwrap() error { return ErrLossy }

// DescribeLosses lists losses in one phrase: "3 variations, 1 ending (封じ手)".
func DescribeLosses(losses []Loss) string {
	parts := make([]string, len(losses))
	for i, l := range losses {
		parts[i] = l.String()
	}
	return strings.Join(parts, ", ")
}

// Losses returns what writing rec in format f with a Writer's default options leaves
// out, one Loss per kind in the order of the kinds; nil when the format holds all of
// it. A record a Writer cannot write at all (an illegal move, a line break in a
// header value) is an error of the Writer, not a loss.
func Losses(rec *shogi.Record, f Format) []Loss {
	return lossesIn(rec, f, "")
}

// lossesIn is Losses for a Writer writing CSA version csaVersion.
func lossesIn(rec *shogi.Record, f Format, csaVersion string) []Loss {
	var counts [len(lossCodes)]int
	var details [len(lossCodes)][]string
	add := func(k LossKind, n int, detail string) {
		counts[k] += n
		if detail != "" {
			details[k] = append(details[k], detail)
		}
	}
	mainOnly := f == CSA || f == USI || f == SFEN
	fraction := time.Second
	if f == CSA && csaVersion == "3.0" {
		fraction = time.Millisecond
	}
	start, err := rec.StartPosition()
	startSide, startNumber := shogi.Black, 1
	if err == nil {
		startSide, startNumber = start.SideToMove(), start.MoveNumber()
	}

	// writesEnding reports whether the format writes e, with side to move, as an ending.
	writesEnding := func(e *shogi.Ending, side shogi.Color) bool {
		switch f {
		case CSA:
			return csa.WritesEnding(e, side)
		case JKF:
			return jkf.WritesEnding(e, side)
		case KIF, KI2:
			return e.Kind != shogi.EndUnread && (e.Kind != shogi.EndNone || e.Text != "")
		}
		return false
	}
	ending := func(e *shogi.Ending, side shogi.Color) {
		if e.Kind == shogi.EndUnread {
			add(LostUnread, 1, "")
		} else if e.Kind != shogi.EndNone || e.Text != "" {
			if !writesEnding(e, side) {
				word := e.Text
				if word == "" {
					word = e.Kind.Code()
				}
				add(LostEnding, 1, word)
			}
		}
	}
	// notes counts what the format cannot hold of a node that it writes.
	notes := func(comments []string, bookmark string, t shogi.MoveTime, hasTime bool) {
		if f == USI || f == SFEN {
			add(LostComments, len(comments), "")
		}
		if bookmark != "" && f != KIF && f != KI2 {
			add(LostBookmarks, 1, "")
		}
		if hasTime {
			switch {
			case f == KI2 || f == USI || f == SFEN:
				add(LostTimes, 1, "")
			case t.Spent%fraction != 0 || f != CSA && t.Total%fraction != 0:
				add(LostTimeFractions, 1, "")
			}
		}
	}

	// Walk the lines the format holds: the main line, or the whole tree.
	var totals [2]time.Duration
	var walk func(n *shogi.Node, side shogi.Color, main bool)
	walk = func(n *shogi.Node, side shogi.Color, main bool) {
		for {
			if n.End != nil {
				ending(n.End, side)
				notes(n.End.Comments, "", n.End.Time, n.End.HasTime)
				if f == CSA && main && n.End.HasTime {
					totals[side] += n.End.Time.Spent.Truncate(fraction)
					if totals[side] != n.End.Time.Total {
						add(LostTimeTotals, 1, "")
					}
				}
			}
			stops := n.End != nil && (n.End.Kind == shogi.EndUnread || !writesEnding(n.End, side))
			var next *shogi.Node
			for i, c := range n.Children {
				switch {
				case c.IsEnding() && c.End.Kind == shogi.EndUnread:
					add(LostUnread, 1, "")
				case i == 0 && n.End == nil && !c.IsEnding():
					next = c
				case mainOnly || stops:
					add(LostVariations, 1, "")
				case c.IsEnding():
					ending(c.End, side)
					notes(c.End.Comments, "", c.End.Time, c.End.HasTime)
				default:
					notes(c.Comments, c.Bookmark, c.Time, c.HasTime)
					walk(c, side.Opponent(), false)
				}
			}
			if next == nil || stops {
				return
			}
			if f == SFEN {
				add(LostMoves, 1, "")
			}
			notes(next.Comments, next.Bookmark, next.Time, next.HasTime)
			if f == CSA && main && next.HasTime {
				totals[side] += next.Time.Spent.Truncate(fraction)
				if totals[side] != next.Time.Total {
					add(LostTimeTotals, 1, "")
				}
			}
			n, side = next, side.Opponent()
		}
	}
	notes(rec.Root.Comments, rec.Root.Bookmark, shogi.MoveTime{}, false)
	walk(&rec.Root, startSide, true)

	switch f {
	case CSA:
		for _, h := range csa.DroppedHeader(rec.Header) {
			add(LostHeader, 1, h.Key)
		}
	case USI, SFEN:
		for _, h := range rec.Header {
			if h.Key != shogi.HeaderHandicap { // the start position says it
				add(LostHeader, 1, h.Key)
			}
		}
	}
	if startNumber != 1 && (f == CSA || f == JKF) {
		add(LostMoveNumber, 1, "")
	}

	var out []Loss
	for k := LossKind(1); int(k) < len(lossCodes); k++ {
		if counts[k] > 0 {
			out = append(out, Loss{Kind: k, Count: counts[k], Detail: strings.Join(dedupe(details[k]), ", ")})
		}
	}
	return out
}

// dedupe returns the strings of s, each once, in the order of their first place.
func dedupe(s []string) []string {
	seen := map[string]bool{}
	out := s[:0:0]
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
