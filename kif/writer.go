package kif

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/headerform"
	"github.com/kifu-go/shogi/notation"
	"golang.org/x/text/encoding/japanese"
)

// Writing follows Kifu for Windows: a "#KIF version=2.0 encoding=…" line, the header
// in its order (手合割 set from the start position), a board diagram when the start
// position has no 手合割 name, then the moves. Variations follow the line they branch
// from, latest branch first, each as a block "変化：N手", so that a reader's stack rule
// (formats.md §2.6) attaches every block to the right branch.

// Errors of a Writer.
var (
	ErrUnencodable = errors.New("kif: a character cannot be written in the output encoding")
	ErrLineBreak   = errors.New("kif: a header key or value holds a line break")
	ErrHeaderKey   = errors.New("kif: a header key that would not read back as one")
	ErrEndingText  = errors.New("kif: an ending that KIF has no word for")
)

// writableKey reports whether "key：value" reads back as a header line with that key.
func writableKey(key string) bool {
	if key == "" || strings.ContainsAny(key, ":：") || strings.ContainsFunc(key, isSpace) {
		return false
	}
	if _, ok := handColor(key); ok {
		return false
	}
	for _, prefix := range []string{"#", "*", "&", "変化", "まで", "手数-", "手数＝", "手数=", "+-", "|", "９ ８", "9 8"} {
		if strings.HasPrefix(key, prefix) {
			return false
		}
	}
	return !isKI2Mark(key) && !(key[0] >= '0' && key[0] <= '9')
}

// A Writer writes KIF or KI2 records.
//
// Set the exported fields before the first call to Write. Records are buffered: call
// [Writer.Flush] at the end. KIF times are whole seconds: fractions (which CSA V3.0
// records may carry) are dropped. KI2 has no times at all. An ending of kind
// shogi.EndUnread is not written: the line stops there (see the package doc).
type Writer struct {
	// Format is KIF (the default) or KI2.
	Format Dialect
	// Encoding is UTF8 (the default) or ShiftJIS. A character that Shift_JIS cannot
	// represent is an ErrUnencodable error, never a replacement character.
	Encoding Encoding

	w   *bufio.Writer
	buf []byte
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriter(w)}
}

// Write writes one record. The moves of rec must be legal.
func (w *Writer) Write(rec *shogi.Record) error {
	if w.w == nil {
		return errNotMade
	}
	if err := checkLineLengths(rec); err != nil {
		return err
	}
	if err := rec.CheckTimes(); err != nil {
		return fmt.Errorf("kif: %w", err)
	}
	var err error
	w.buf, err = appendRecord(w.buf[:0], rec, w.Format == KI2, w.Encoding)
	if err != nil {
		return err
	}
	out := w.buf
	if w.Encoding == ShiftJIS {
		if out, err = encodeShiftJIS(w.buf); err != nil {
			return err
		}
	}
	_, err = w.w.Write(out)
	return err
}

// Flush writes any buffered data to the underlying io.Writer.
func (w *Writer) Flush() error {
	if w.w == nil {
		return errNotMade
	}
	return w.w.Flush()
}

// Format returns rec as a KIF record in UTF-8.
func Format(rec *shogi.Record) ([]byte, error) {
	return appendRecord(nil, rec, false, UTF8)
}

// FormatKI2 returns rec as a KI2 record in UTF-8.
func FormatKI2(rec *shogi.Record) ([]byte, error) {
	return appendRecord(nil, rec, true, UTF8)
}

// encodeShiftJIS encodes UTF-8 text, failing with the line and character that Shift_JIS
// lacks.
// A character that Shift_JIS maps to a code that decodes to another character (such
// as U+00A5 ¥ to the byte 0x5C, read back as a backslash) counts as unencodable too.
func encodeShiftJIS(text []byte) ([]byte, error) {
	out, err := japanese.ShiftJIS.NewEncoder().Bytes(text)
	if err == nil {
		if back, err := japanese.ShiftJIS.NewDecoder().Bytes(out); err == nil && bytes.Equal(back, text) {
			return out, nil
		}
	}
	enc, dec := japanese.ShiftJIS.NewEncoder(), japanese.ShiftJIS.NewDecoder()
	line, col := 1, 1
	for _, r := range string(text) {
		if r == '\n' {
			line, col = line+1, 1
			continue
		}
		b, err := enc.String(string(r))
		if err == nil {
			b, err = dec.String(b)
		}
		if err != nil || b != string(r) {
			return nil, fmt.Errorf("%w: %q (U+%04X) on line %d, column %d", ErrUnencodable, r, r, line, col)
		}
		col++
	}
	return nil, fmt.Errorf("%w: the text does not survive Shift_JIS", ErrUnencodable)
}

// recordWriter holds the state of writing one record.
type recordWriter struct {
	dst      []byte
	pos      *shogi.Position
	ki2      bool
	handicap bool // write 下手/上手 instead of 先手/後手
	base     int  // the number of the first move

	column    int // KI2: the moves on the current text line
	moveStart int // KI2: where the last move of the text line begins
}

func appendRecord(dst []byte, rec *shogi.Record, ki2 bool, enc Encoding) ([]byte, error) {
	pos, err := rec.StartPosition()
	if err != nil {
		return dst, fmt.Errorf("kif: start position: %w", err)
	}
	w := &recordWriter{dst: dst, pos: pos, ki2: ki2, base: pos.MoveNumber()}
	name, named := handicapName(pos.String())
	_, shitate := rec.Header.Get(shogi.HeaderShitate)
	_, uwate := rec.Header.Get(shogi.HeaderUwate)
	w.handicap = shitate || uwate || named && name != "平手"
	if !named {
		name = handicapOther
	}

	encName := "UTF-8"
	if enc == ShiftJIS {
		encName = "Shift_JIS"
	}
	w.dst = append(w.dst, "#KIF version=2.0 encoding="...)
	w.dst = append(w.dst, encName...)
	w.dst = append(w.dst, '\n')
	wroteHandicap := false
	for _, f := range rec.Header {
		if strings.ContainsAny(f.Key, "\r\n") || strings.ContainsAny(f.Value, "\r\n") {
			return w.dst, fmt.Errorf("%w: %q", ErrLineBreak, f.Key)
		}
		if !writableKey(f.Key) {
			return w.dst, fmt.Errorf("%w: %q", ErrHeaderKey, f.Key)
		}
		value := f.Value
		if f.Key == shogi.HeaderHandicap {
			value, wroteHandicap = name, true
		}
		byoyomi := ""
		if f.Key == shogi.HeaderTimeLimit {
			value, byoyomi = kifTimeLimit(value, rec.Header)
		}
		w.dst = appendField(w.dst, f.Key, value)
		if byoyomi != "" {
			w.dst = appendField(w.dst, headerByoyomi, byoyomi)
		}
	}
	if !wroteHandicap && named && name != "平手" {
		w.dst = append(w.dst, "手合割："...)
		w.dst = append(w.dst, name...)
		w.dst = append(w.dst, '\n')
	}
	if !named {
		w.dst = appendBoard(w.dst, pos, w.handicap)
		if n := pos.MoveNumber(); n != 1 {
			w.dst = append(w.dst, "手数＝"...)
			w.dst = strconv.AppendInt(w.dst, int64(n-1), 10)
			w.dst = append(w.dst, '\n')
		}
	}
	if ki2 {
		w.dst = append(w.dst, '\n')
	} else {
		w.dst = append(w.dst, "手数----指手---------消費時間--\n"...)
	}
	w.notes(&rec.Root)
	if err := w.line(&rec.Root, -1); err != nil {
		return w.dst, err
	}
	return w.dst, nil
}

// appendField writes a header line.
func appendField(dst []byte, key, value string) []byte {
	dst = append(dst, key...)
	dst = append(dst, "："...)
	dst = append(dst, value...)
	return append(dst, '\n')
}

// headerByoyomi is the header key of the time per move after the main time.
const headerByoyomi = "秒読み"

// kifTimeLimit returns the value of 持ち時間 in KIF's form, and the value of a 秒読み
// field to write after it (or ""): a time limit in CSA's form "HH:MM+SS" (as the csa
// package reads $TIME_LIMIT) is written "各1時間30分", with its byoyomi as 秒読み
// unless the header has that field already; any other value is written as it is.
func kifTimeLimit(value string, h shogi.Header) (string, string) {
	tl, ok := headerform.ParseCSATimeLimit(value)
	if !ok {
		return value, ""
	}
	main, byoyomi := tl.KIF()
	if _, given := h.Get(headerByoyomi); given {
		byoyomi = ""
	}
	return main, byoyomi
}

// notes writes the comments and the bookmark of a node.
func (w *recordWriter) notes(n *shogi.Node) {
	for _, c := range n.Comments {
		// A comment of several lines becomes several comment lines.
		c = strings.ReplaceAll(strings.ReplaceAll(c, "\r\n", "\n"), "\r", "\n")
		for l := range strings.SplitSeq(c, "\n") {
			w.dst = append(w.dst, '*')
			w.dst = append(w.dst, l...)
			w.dst = append(w.dst, '\n')
		}
	}
	if n.Bookmark != "" {
		w.dst = append(w.dst, '&')
		w.dst = append(w.dst, strings.NewReplacer("\n", " ", "\r", " ").Replace(n.Bookmark)...)
		w.dst = append(w.dst, '\n')
	}
}

// branch is a node of a line with variations below it.
type branch struct {
	node *shogi.Node
	ply  int // the ply of its children
}

// line writes the line that continues from the node `from` through first children,
// starting with child `first`, then the variations that branch from it, latest first.
// first is -1 for the main line, which starts at from's continuation (none when from's
// line ends there) and also owes from's own variations. The position is at `from` on
// entry and on return.
func (w *recordWriter) line(from *shogi.Node, first int) error {
	start := w.pos.Ply()
	var branches []branch
	n := from
	idx := first
	if first < 0 {
		if isBranch(from) {
			branches = append(branches, branch{from, start})
		}
		idx = 0
		if ends(from) || stopsUnread(from) {
			idx = len(from.Children)
		}
	}
	w.column = 0
	for idx < len(n.Children) && !n.Children[idx].IsEnding() && !stopsUnread(n) {
		parent := n
		child := n.Children[idx]
		ply := w.pos.Ply()
		if err := w.pos.CheckMove(child.Move); err != nil {
			return fmt.Errorf("kif: move %d: %w", w.base+ply, err)
		}
		if w.ki2 {
			w.ki2Move(child)
		} else {
			w.kifMove(child, ply, writtenAfter(parent, idx))
		}
		w.pos.PlayUnchecked(child.Move)
		if len(child.Comments) > 0 || child.Bookmark != "" {
			w.endKI2Line()
			w.notes(child)
		}
		if isBranch(child) {
			branches = append(branches, branch{child, ply + 1})
		}
		n, idx = child, 0
		if ends(n) || stopsUnread(n) {
			break // the line ends here; the node's children are variations
		}
	}
	w.endKI2Line()
	if ends(n) {
		if err := w.ending(n.End); err != nil {
			return err
		}
	}
	for i := len(branches) - 1; i >= 0; i-- {
		b := branches[i]
		for w.pos.Ply() > b.ply {
			w.pos.Undo()
		}
		j := 1 // Children[0] continues the line, unless the line ended at the node
		if ends(b.node) {
			j = 0
		}
		for ; j < len(b.node.Children); j++ {
			if unreadEnding(b.node.Children[j]) {
				continue // says nothing
			}
			w.variationHeader(b.ply)
			if c := b.node.Children[j]; c.IsEnding() {
				if err := w.ending(c.End); err != nil {
					return err
				}
				continue
			}
			if err := w.line(b.node, j); err != nil {
				return err
			}
		}
	}
	for w.pos.Ply() > start {
		w.pos.Undo()
	}
	return nil
}

// isBranch reports whether variations branch from n: more than one child, or children
// of a node whose line ends there (see shogi.Node).
func isBranch(n *shogi.Node) bool {
	return !stopsUnread(n) && (len(n.Children) > 1 || len(n.Children) > 0 && ends(n))
}

// ends reports whether the line through n ends at n with an ending that is written.
// An ending of kind shogi.EndUnread (a line that a lenient read could not read on) is
// not: see stopsUnread.
func ends(n *shogi.Node) bool {
	return n.End != nil && !stopsUnread(n)
}

// stopsUnread reports whether the line through n stops at n with nothing to write: an
// ending of kind shogi.EndUnread (or one of no kind and no text). The writer writes
// nothing for the ending, and leaves out the variations that branch there too, since
// a 変化 block at the next move, with no move before it, reads back as the line's
// continuation: writing one would promote a variation (record.Losses reports them).
func stopsUnread(n *shogi.Node) bool {
	return n.End != nil && (n.End.Kind == shogi.EndUnread || n.End.Kind == shogi.EndNone && n.End.Text == "")
}

// unreadEnding reports whether n is an alternative ending that the writer leaves out:
// a variation whose first move a lenient read could not read.
func unreadEnding(n *shogi.Node) bool {
	return n.IsEnding() && n.End.Kind == shogi.EndUnread
}

// writtenAfter reports whether a variation written as a 変化 block follows the child
// idx of n: the move's line then carries the "+" mark.
func writtenAfter(n *shogi.Node, idx int) bool {
	for _, c := range n.Children[idx+1:] {
		if !unreadEnding(c) {
			return true
		}
	}
	return false
}

func (w *recordWriter) variationHeader(ply int) {
	w.dst = append(w.dst, "\n変化："...)
	w.dst = strconv.AppendInt(w.dst, int64(w.base+ply), 10)
	w.dst = append(w.dst, "手\n"...)
}

// kifMove writes a KIF move line.
func (w *recordWriter) kifMove(n *shogi.Node, ply int, more bool) {
	start := w.lineNumber(ply)
	w.dst = appendKIFMove(w.dst, w.pos, n.Move)
	w.trailer(start, n.Time, n.HasTime, more)
}

// lineNumber starts a KIF line with its move number and returns where the move begins.
func (w *recordWriter) lineNumber(ply int) int {
	num := w.base + ply
	for width := 1000; width > 1 && num < width; width /= 10 {
		w.dst = append(w.dst, ' ')
	}
	w.dst = strconv.AppendInt(w.dst, int64(num), 10)
	w.dst = append(w.dst, ' ')
	return len(w.dst)
}

// trailer pads the move that begins at start and writes its time and "+" mark.
func (w *recordWriter) trailer(start int, tm shogi.MoveTime, hasTime, more bool) {
	if hasTime || more {
		width := 0
		for _, r := range string(w.dst[start:]) {
			if r < 0x80 {
				width++
			} else {
				width += 2
			}
		}
		w.dst = append(w.dst, ' ')
		for ; width < 12; width++ {
			w.dst = append(w.dst, ' ')
		}
	}
	if hasTime {
		w.dst = appendTime(w.dst, tm)
	}
	if more {
		w.dst = append(w.dst, '+')
	}
	w.dst = append(w.dst, '\n')
}

// appendTime writes "( m:ss/hh:mm:ss)"; fractions of seconds are dropped.
func appendTime(dst []byte, tm shogi.MoveTime) []byte {
	spent := int64(tm.Spent / time.Second)
	total := int64(tm.Total / time.Second)
	dst = append(dst, '(')
	dst = appendPadded(dst, spent/60, 2, ' ')
	dst = append(dst, ':')
	dst = appendPadded(dst, spent%60, 2, '0')
	dst = append(dst, '/')
	dst = appendPadded(dst, total/3600, 2, '0')
	dst = append(dst, ':')
	dst = appendPadded(dst, total/60%60, 2, '0')
	dst = append(dst, ':')
	dst = appendPadded(dst, total%60, 2, '0')
	return append(dst, ')')
}

func appendPadded(dst []byte, v int64, width int, pad byte) []byte {
	for w := int64(10); width > 1 && v < w; w *= 10 {
		dst = append(dst, pad)
		width--
	}
	return strconv.AppendInt(dst, v, 10)
}

// appendKIFMove writes a move as KIF does: "７六歩(77)", "同　歩(76)", "５五角打",
// "３三角成(88)". The piece is named before the move; 不成 is not written.
func appendKIFMove(dst []byte, p *shogi.Position, m shogi.Move) []byte {
	if last := p.LastMove(); last != shogi.NoMove && last.To() == m.To() {
		dst = append(dst, "同　"...)
	} else {
		dst = appendSquare(dst, m.To())
	}
	if m.IsDrop() {
		dst = append(dst, moveNames[m.DropType()]...)
		return append(dst, "打"...)
	}
	dst = append(dst, moveNames[p.MovedPiece(m).Type()]...)
	if m.IsPromotion() {
		dst = append(dst, "成"...)
	}
	from := m.From()
	return append(dst, '(', byte('0'+from.File()), byte('0'+from.Rank()), ')')
}

// ki2MoveWidth is the width, in half-width columns, that KI2 moves are padded to.
const ki2MoveWidth = 12

// ki2MovesPerLine is how many KI2 moves a text line holds.
const ki2MovesPerLine = 6

// ki2Move writes a KI2 move, ki2MovesPerLine to a text line, each padded to
// ki2MoveWidth columns.
func (w *recordWriter) ki2Move(n *shogi.Node) {
	if w.column == ki2MovesPerLine {
		w.endKI2Line()
	}
	if w.column > 0 {
		width := 0
		for _, r := range string(w.dst[w.moveStart:]) {
			if r < 0x80 {
				width++
			} else {
				width += 2
			}
		}
		for ; width < ki2MoveWidth; width++ {
			w.dst = append(w.dst, ' ')
		}
	}
	w.moveStart = len(w.dst)
	w.dst = notation.KI2.Append(w.dst, w.pos, n.Move)
	w.column++
}

// endKI2Line ends a text line of KI2 moves.
func (w *recordWriter) endKI2Line() {
	if w.ki2 && w.column > 0 {
		w.dst = append(w.dst, '\n')
		w.column = 0
	}
}

// ending writes how a line ended: a special move line and the まで line in KIF; an
// inline move that was kept as illegal text and the まで line in KI2.
func (w *recordWriter) ending(e *shogi.Ending) error {
	if e.Kind == shogi.EndNone && e.Text == "" || e.Kind == shogi.EndUnread {
		return nil // says nothing
	}
	if e.Kind == shogi.EndNone {
		// KIF ends a line only with the words it defines: any other would read back
		// as a move that cannot be read.
		return fmt.Errorf("%w: %q", ErrEndingText, e.Text)
	}
	ply := w.pos.Ply()
	if w.ki2 {
		if e.Text != "" && e.Kind != shogi.EndNone {
			mark := "▲"
			if w.pos.SideToMove() == shogi.White {
				mark = "△"
			}
			w.dst = append(w.dst, mark...)
			w.dst = append(w.dst, e.Text...)
			w.dst = append(w.dst, '\n')
		}
	} else {
		start := w.lineNumber(ply)
		if e.Text == "" && e.Result != w.pos.EndingResult(e.Kind) {
			// A winner other than the one the word implies for the side to move (a
			// 後手の反則勝ち at Black's turn): name it on the line, which a variation's
			// reader has without a まで line.
			if out, ok := appendResultPhrase(w.dst, e, w.handicap); ok {
				w.dst = out
			} else {
				w.dst = append(w.dst, endingWord(e)...)
			}
		} else {
			w.dst = append(w.dst, endingWord(e)...)
		}
		w.trailer(start, e.Time, e.HasTime || e.Time != shogi.MoveTime{}, false)
		w.endingComments(e)
	}
	w.dst = appendClosing(w.dst, e, w.base-1+ply, w.handicap)
	w.dst = append(w.dst, '\n')
	if w.ki2 {
		w.endingComments(e) // KI2 gives the ending on the まで line
	}
	return nil
}

// endingComments writes the comments on an ending, after it.
func (w *recordWriter) endingComments(e *shogi.Ending) {
	for _, c := range e.Comments {
		w.dst = append(w.dst, '*')
		w.dst = append(w.dst, c...)
		w.dst = append(w.dst, '\n')
	}
}

// errNotMade is the error of a Reader or Writer that NewReader or NewWriter did not make:
// the zero value has nothing to read from or write to.
var errNotMade = errors.New("kif: a Reader or Writer not made by NewReader or NewWriter")

// checkLineLengths refuses a record with a text that would make a line longer than a
// Reader accepts (MaxLineLength bytes, with room for the line's prefix): what a Writer writes
// always reads back.
func checkLineLengths(rec *shogi.Record) error {
	const room = MaxLineLength - 64
	if n := rec.LongestText(); n > room {
		return fmt.Errorf("%w: a header value or comment of %d bytes would make a line longer than a Reader accepts", ErrLineTooLong, n)
	}
	return nil
}
