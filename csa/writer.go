package csa

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/headerform"
	"golang.org/x/text/encoding/japanese"
)

// A Writer writes records in the CSA format. Records after the first are preceded by
// a "/" separator line.
//
// The writer writes the main line only (CSA has no variations) with its comments and
// times, the start position as the board rows P1–P9 and the hands, and the ending as
// a % special move. For an ending of kind [shogi.EndUnread] (a lenient read stopped
// there) it writes nothing, neither its Text nor its comments: the moves simply stop,
// and the text reads back with no ending. See the package documentation for what CSA
// cannot carry.
type Writer struct {
	// Version is the format version to write: "2.2" (the default when empty) or "3.0".
	// V2.2 times are whole seconds (rounded down); V3.0 times keep milliseconds.
	Version string
	// ShiftJIS writes Shift_JIS instead of UTF-8; text Shift_JIS cannot encode is an
	// error.
	ShiftJIS bool

	w       *bufio.Writer
	buf     []byte
	records int
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriter(w)}
}

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() error {
	if w.w == nil {
		return errNotMade
	}
	return w.w.Flush()
}

// Write writes one record. A record whose main line holds an illegal move is an
// error (the [*shogi.IllegalMoveError]); nothing of it is written then.
func (w *Writer) Write(rec *shogi.Record) error {
	if w.w == nil {
		return errNotMade
	}
	if err := checkLineLengths(rec); err != nil {
		return err
	}
	if err := rec.CheckTimes(); err != nil {
		return fmt.Errorf("csa: %w", err)
	}
	v3 := false
	switch w.Version {
	case "", "2.2":
	case "3.0":
		v3 = true
	default:
		return fmt.Errorf("csa: unknown version %q", w.Version)
	}
	b, err := w.appendRecord(w.buf[:0], rec, v3)
	w.buf = b
	if err != nil {
		return err
	}
	if w.ShiftJIS {
		if b, err = japanese.ShiftJIS.NewEncoder().Bytes(b); err != nil {
			return fmt.Errorf("csa: cannot encode the record in Shift_JIS: %w", err)
		}
	}
	w.records++
	_, err = w.w.Write(b)
	return err
}

func (w *Writer) appendRecord(b []byte, rec *shogi.Record, v3 bool) ([]byte, error) {
	switch {
	case w.records > 0:
		b = append(b, "/\n"...)
		if !v3 {
			b = append(b, "V2.2\n"...)
		}
	case v3:
		if w.ShiftJIS {
			b = append(b, "'CSA encoding=SHIFT_JIS\nV3.0\n"...)
		} else {
			b = append(b, "'CSA encoding=UTF-8\nV3.0\n"...)
		}
	default:
		b = append(b, "V2.2\n"...)
	}
	b, err := appendInfo(b, rec.Header)
	if err != nil {
		return b, err
	}
	pos, err := rec.StartPosition()
	if err != nil {
		return b, fmt.Errorf("csa: start position: %w", err)
	}
	b = AppendBoard(b, pos)
	n := &rec.Root
	if b, err = appendComments(b, n.Comments); err != nil {
		return b, err
	}
	// The reader adds up each side's times: a sum past shogi.MaxTime would not read
	// back (a record whose totals are not the sums of its times can hold one).
	var totals [2]time.Duration
	addTime := func(side shogi.Color, d time.Duration) error {
		if v3 {
			d = d.Truncate(time.Millisecond)
		} else {
			d = d.Truncate(time.Second)
		}
		if totals[side] += d; totals[side] > shogi.MaxTime {
			return fmt.Errorf("csa: %w: %s's times add up to more than that", shogi.ErrTimeRange, side)
		}
		return nil
	}
	for _, n = range rec.MainLine() {
		pc := pos.MovedPiece(n.Move)
		if err := pos.CheckMove(n.Move); err != nil {
			return b, fmt.Errorf("csa: %w", err)
		}
		t := pc.Type()
		if n.Move.IsPromotion() {
			t = t.Promote()
		}
		b = append(b, colorSign(pos.SideToMove()))
		b = appendSquare(b, n.Move.From())
		b = appendSquare(b, n.Move.To())
		b = append(b, pieceCodes[t]...)
		if n.HasTime {
			if err := addTime(pos.SideToMove(), n.Time.Spent); err != nil {
				return b, err
			}
			b = appendTime(append(b, ','), n.Time.Spent, v3)
		}
		pos.PlayUnchecked(n.Move)
		b = append(b, '\n')
		if b, err = appendComments(b, n.Comments); err != nil {
			return b, err
		}
	}
	if e := rec.Ending(); e != nil && e.Kind != shogi.EndUnread {
		side := pos.SideToMove()
		if code := specialCode(e, side); code != "" {
			b = append(b, code...)
			if e.HasTime || e.Time != (shogi.MoveTime{}) {
				if err := addTime(side, e.Time.Spent); err != nil {
					return b, err
				}
				b = appendTime(append(b, ','), e.Time.Spent, v3)
			}
			b = append(b, '\n')
		} else {
			word := e.Text
			if word == "" {
				word = endingWords[e.Kind]
			}
			if word != "" {
				if b, err = appendComments(b, []string{"'" + word}); err != nil {
					return b, err
				}
			}
		}
		if b, err = appendComments(b, e.Comments); err != nil {
			return b, err
		}
	}
	return b, nil
}

// appendInfo writes the game information lines in header order (see infoFields).
func appendInfo(b []byte, h shogi.Header) ([]byte, error) {
	fields, _ := infoFields(h)
	for _, f := range fields {
		key := f.Key
		isName := key == "N+" || key == "N-"
		if strings.ContainsAny(f.Value, "\r\n") || strings.ContainsAny(key, "\r\n") {
			return b, fmt.Errorf("csa: header %s: %w", key, ErrNewline)
		}
		if !isName && (len(key) < 2 || strings.Contains(key, ":")) {
			return b, fmt.Errorf("csa: header key %q: %w", key, ErrHeader)
		}
		b = append(b, key...)
		if !isName {
			b = append(b, ':')
		}
		b = append(b, f.Value...)
		b = append(b, '\n')
	}
	return b, nil
}

// infoFields returns the game information lines a Writer writes for h, in header
// order, as CSA keys and values, and the fields it cannot write. The players, event,
// site and opening keep their values; 持ち時間 (with 秒読み, when it gives the
// byoyomi) becomes $TIME_LIMIT:HH:MM+SS, and 開始日時 (or 対局日) and 終了日時
// $START_TIME and $END_TIME as YYYY/MM/DD HH:MM:SS (full-width digits and colons made ASCII), when
// their values read as such (headerform); keys that are CSA's own ("$NOTE", as the
// reader keeps them) are written as they are. Every other field is dropped: a KIF key
// without a CSA counterpart (表題, 消費時間, …), or a value with no CSA form. 手合割 is
// not among them: the start position is written as the board.
func infoFields(h shogi.Header) (out, dropped []shogi.HeaderField) {
	byoyomi, _ := h.Get(headerByoyomi)
	byo, byoOK := headerform.ParseByoyomi(byoyomi)
	limit, hasLimit := h.Get(shogi.HeaderTimeLimit)
	tl, limitOK := headerform.ParseTimeLimit(limit)
	// 持ち時間 takes the byoyomi of 秒読み when it gives none of its own (or the same).
	_, csaForm := tl.CSA()
	limitTakes := hasLimit && limitOK && csaForm && byoOK && (tl.Byoyomi == 0 || tl.Byoyomi == byo)
	if limitTakes {
		tl.Byoyomi = byo
	}
	for i, f := range h {
		key, ok := csaKeys[f.Key]
		value := f.Value
		switch {
		case f.Key == shogi.HeaderTimeLimit && first(h, f.Key) == i:
			if value, ok = tl.CSA(); !limitOK || !ok {
				dropped = append(dropped, f)
				continue
			}
		case f.Key == headerByoyomi && first(h, f.Key) == i && limitTakes:
			continue // written within $TIME_LIMIT
		case f.Key == headerByoyomi && first(h, f.Key) == i && !hasLimit && byoOK:
			key = "$TIME_LIMIT"
			value, _ = headerform.TimeLimit{Byoyomi: byo}.CSA()
		case f.Key == headerDate && first(h, f.Key) == i && first(h, shogi.HeaderStartTime) < 0:
			// 対局日, which KIF allows for 開始日時.
			key = "$START_TIME"
			if value, ok = headerform.CSADateTime(value); !ok {
				dropped = append(dropped, f)
				continue
			}
		case f.Key == shogi.HeaderStartTime, f.Key == shogi.HeaderEndTime, f.Key == "$START_TIME", f.Key == "$END_TIME":
			// A second date is kept under its CSA key when read; it reads back as the
			// first when that one is dropped, so it is written in the same form.
			if key == "" {
				key = f.Key
			}
			if value, ok = headerform.CSADateTime(value); !ok {
				dropped = append(dropped, f)
				continue
			}
		case f.Key == shogi.HeaderHandicap:
			continue // the board says it
		case f.Key == "$TIME_LIMIT":
			// A second time limit, likewise.
			key = f.Key
			t, parsed := headerform.ParseTimeLimit(value)
			if value, ok = t.CSA(); !parsed || !ok {
				dropped = append(dropped, f)
				continue
			}
		case ok && f.Key != shogi.HeaderTimeLimit:
		case f.Key == "N+" || f.Key == "N-" || strings.HasPrefix(f.Key, "$"):
			key = f.Key
		default:
			dropped = append(dropped, f)
			continue
		}
		out = append(out, shogi.HeaderField{Key: key, Value: value})
	}
	return out, dropped
}

// first returns the index of the first field of h with key.
func first(h shogi.Header, key string) int {
	for i, f := range h {
		if f.Key == key {
			return i
		}
	}
	return -1
}

// KIF's header keys of the time per move after the main time, and of the date of the
// game (which KIF allows for 開始日時).
const (
	headerByoyomi = "秒読み"
	headerDate    = "対局日"
)

// DroppedHeader returns the header fields of h that a Writer cannot write (see the
// package documentation), in header order: what writing a record as CSA loses of its
// header.
func DroppedHeader(h shogi.Header) []shogi.HeaderField {
	_, dropped := infoFields(h)
	return dropped
}

// WritesEnding reports whether a Writer writes the ending e, where side is to move, as a
// special move that reads back as an ending: false for endings CSA has no code for (封じ
// 手, 不戦勝, 不戦敗, unknown words), which are written as a comment, and for
// [shogi.EndUnread], which is not written.
func WritesEnding(e *shogi.Ending, side shogi.Color) bool {
	return e.Kind != shogi.EndUnread && specialCode(e, side) != ""
}

// appendComments writes comments: one that starts with an apostrophe (a plain CSA
// comment as read) as it is, any other as "'*" and the text.
func appendComments(b []byte, comments []string) ([]byte, error) {
	for _, c := range comments {
		if strings.ContainsAny(c, "\r\n") {
			return b, fmt.Errorf("csa: comment %q: %w", c, ErrNewline)
		}
		if !strings.HasPrefix(c, "'") || strings.HasPrefix(c, "'*") {
			b = append(b, "'*"...)
		}
		b = append(b, c...)
		b = append(b, '\n')
	}
	return b, nil
}

// appendTime writes a time: whole seconds in V2.2, up to three decimals in V3.0.
func appendTime(b []byte, d time.Duration, v3 bool) []byte {
	b = append(b, 'T')
	b = strconv.AppendInt(b, int64(d/time.Second), 10)
	ms := int64(d%time.Second) / int64(time.Millisecond)
	if v3 && ms > 0 {
		b = append(b, '.')
		digits := []byte{byte('0' + ms/100), byte('0' + ms/10%10), byte('0' + ms%10)}
		for digits[len(digits)-1] == '0' {
			digits = digits[:len(digits)-1]
		}
		b = append(b, digits...)
	}
	return b
}

// errNotMade is the error of a Reader or Writer that NewReader or NewWriter did not make:
// the zero value has nothing to read from or write to.
var errNotMade = errors.New("csa: a Reader or Writer not made by NewReader or NewWriter")

// checkLineLengths refuses a record with a text that would make a line longer than a
// Reader accepts (DefaultMaxLineLength bytes, with room for the line's prefix): what a Writer writes
// always reads back.
func checkLineLengths(rec *shogi.Record) error {
	const room = DefaultMaxLineLength - 64
	if n := rec.LongestText(); n > room {
		return fmt.Errorf("%w: a header value or comment of %d bytes would make a line longer than a Reader accepts", ErrLineTooLong, n)
	}
	return nil
}
