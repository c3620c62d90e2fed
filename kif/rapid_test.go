package kif

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	shogi "github.com/kifu-go/shogi"
	"golang.org/x/text/encoding/japanese"
	"pgregory.net/rapid"
)

// Text that every field of a record may hold, all of it in Shift_JIS.
const textRunes = "abcXYZ019 　漢字の将棋、。！？・「」：:()+-*&#▲△龍"

func genText(t *rapid.T, label string, minLen int) string {
	return rapid.StringOfN(rapid.SampledFrom([]rune(textRunes)), minLen, 12, -1).Draw(t, label)
}

var headerKeys = []string{"先手", "後手", "棋戦", "場所", "開始日時", "備考", "表題", "Custom"}

var endingKinds = []shogi.EndingKind{
	shogi.EndResign, shogi.EndMate, shogi.EndSennichite, shogi.EndJishogi, shogi.EndInterrupt,
	shogi.EndTimeUp, shogi.EndIllegalWin, shogi.EndIllegalLoss, shogi.EndEnteringKingWin,
	shogi.EndDefaultWin, shogi.EndDefaultLoss, shogi.EndDraw, shogi.EndNoMate, shogi.EndMaxMoves,
	shogi.EndError, shogi.EndMatta, shogi.EndSealedMove,
}

func genTime(t *rapid.T, label string) shogi.MoveTime {
	return shogi.MoveTime{
		Spent: time.Duration(rapid.IntRange(0, 5000).Draw(t, label+" spent")) * time.Second,
		Total: time.Duration(rapid.IntRange(0, 400000).Draw(t, label+" total")) * time.Second,
	}
}

// genRecord draws a record: a start position (even, a handicap, or a position reached
// by random play, written as a diagram), a header, and a tree of random legal moves
// with comments, bookmarks, times, variations and endings.
func genRecord(t *rapid.T) *shogi.Record {
	pos := shogi.NewStartPosition()
	switch rapid.IntRange(0, 2).Draw(t, "start") {
	case 1:
		h := rapid.SampledFrom(handicaps).Draw(t, "handicap")
		pos, _ = shogi.ParseSFEN(h.SFEN)
	case 2:
		for range rapid.IntRange(1, 30).Draw(t, "setup moves") {
			ms := pos.LegalMoves()
			if len(ms) == 0 {
				break
			}
			pos.PlayUnchecked(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "setup move")])
		}
		pos, _ = shogi.ParseSFEN(pos.String())
	}
	rec := &shogi.Record{StartSFEN: pos.String()}
	for _, k := range rapid.SliceOfNDistinct(rapid.SampledFrom(headerKeys), 0, 5, func(s string) string { return s }).Draw(t, "keys") {
		// Values keep their leading spaces; the reader drops those at the end of a line.
		rec.Header = append(rec.Header, shogi.HeaderField{Key: k, Value: trimRightSpaces(genText(t, "value", 0))})
	}
	if name, ok := handicapName(rec.StartSFEN); ok && rapid.Bool().Draw(t, "手合割") {
		rec.Header = append(rec.Header, shogi.HeaderField{Key: shogi.HeaderHandicap, Value: name})
	}
	genNotes(t, &rec.Root)
	genLine(t, pos, &rec.Root, rapid.IntRange(0, 40).Draw(t, "length"), 0)
	return rec
}

func genNotes(t *rapid.T, n *shogi.Node) {
	if rapid.IntRange(0, 4).Draw(t, "comment?") == 0 {
		n.Comments = rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string { return genText(t, "comment", 0) }), 1, 3).Draw(t, "comments")
	}
	if rapid.IntRange(0, 9).Draw(t, "bookmark?") == 0 {
		n.Bookmark = genText(t, "bookmark", 1)
	}
}

// genLine plays up to length random moves below n, adding variations and an ending.
func genLine(t *rapid.T, pos *shogi.Position, n *shogi.Node, length, depth int) {
	for range length {
		ms := pos.LegalMoves()
		if len(ms) == 0 {
			break
		}
		child := n.AddChild(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
		fillNode(t, child)
		for depth < 2 && len(ms) > len(n.Children) && rapid.IntRange(0, 7).Draw(t, "variation?") == 0 {
			m := ms[rapid.IntRange(0, len(ms)-1).Draw(t, "variation move")]
			if hasChild(n, m) {
				continue
			}
			alt := n.AddChild(m)
			fillNode(t, alt)
			q := pos.Clone()
			q.PlayUnchecked(m)
			genLine(t, q, alt, rapid.IntRange(0, 6).Draw(t, "variation length"), depth+1)
		}
		if rapid.IntRange(0, 30).Draw(t, "alternative ending?") == 0 {
			n.Children = append(n.Children, &shogi.Node{End: genEnding(t, pos)})
		}
		pos.PlayUnchecked(child.Move)
		n = child
	}
	if rapid.IntRange(0, 2).Draw(t, "ending?") > 0 {
		n.End = genEnding(t, pos)
		// Variations may go on where the line ended (a 変化 at the ply of the ending).
		if ms := pos.LegalMoves(); depth < 2 && len(ms) > 0 && rapid.IntRange(0, 5).Draw(t, "variation after the ending?") == 0 {
			alt := n.AddChild(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "variation move")])
			fillNode(t, alt)
			q := pos.Clone()
			q.PlayUnchecked(alt.Move)
			genLine(t, q, alt, rapid.IntRange(0, 6).Draw(t, "variation length"), depth+1)
		}
	}
}

func hasChild(n *shogi.Node, m shogi.Move) bool {
	for _, c := range n.Children {
		if c.Move == m {
			return true
		}
	}
	return false
}

func fillNode(t *rapid.T, n *shogi.Node) {
	if rapid.Bool().Draw(t, "time?") {
		n.Time, n.HasTime = genTime(t, "time"), true
	}
	genNotes(t, n)
}

func genEnding(t *rapid.T, pos *shogi.Position) *shogi.Ending {
	k := rapid.SampledFrom(endingKinds).Draw(t, "ending")
	e := &shogi.Ending{Kind: k, Result: shogi.ResultOf(k, pos.SideToMove())}
	if rapid.Bool().Draw(t, "ending time?") {
		e.Time, e.HasTime = genTime(t, "ending time"), true
	}
	if rapid.IntRange(0, 4).Draw(t, "ending comment?") == 0 {
		e.Comments = rapid.SliceOfN(rapid.Custom(func(t *rapid.T) string { return genText(t, "comment", 0) }), 1, 3).Draw(t, "ending comments")
	}
	return e
}

// TestRapidRoundTrip writes random records in both dialects and both encodings and
// reads them back strictly: nothing changes but what a write normalises (the 手合割,
// and the times that KI2 cannot hold); writing again gives the same bytes.
func TestRapidRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := genRecord(t)
		for _, d := range []Dialect{KIF, KI2} {
			for _, enc := range []Encoding{UTF8, ShiftJIS} {
				out := write(t, rec, d, enc)
				back, err := readAs(out, d)
				if err != nil {
					t.Fatalf("%v %v: %v\n%s", d, enc, err, out)
				}
				want := normalised(rec, d)
				if diff := diffRecords(want, back); diff != "" {
					t.Fatalf("%v %v (-want +got):\n%s\n%s", d, enc, diff, out)
				}
				if again := write(t, back, d, enc); !bytes.Equal(out, again) {
					t.Fatalf("%v %v: second write differs", d, enc)
				}
			}
		}
	})
}

// TestRapidCrossDialect converts KIF to KI2 and back: the moves, the start position,
// the comments and the endings survive.
func TestRapidCrossDialect(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := genRecord(t)
		kif := write(t, rec, KIF, UTF8)
		fromKIF, err := readAs(kif, KIF)
		if err != nil {
			t.Fatal(err)
		}
		ki2 := write(t, fromKIF, KI2, ShiftJIS)
		back, err := readAs(ki2, KI2)
		if err != nil {
			t.Fatalf("%v\n%s", err, ki2)
		}
		if diff := diffRecords(normalised(rec, KI2), back); diff != "" {
			t.Fatalf("(-want +got):\n%s", diff)
		}
		if !strings.HasPrefix(string(kif), "#KIF version=2.0 encoding=UTF-8\n") {
			t.Fatalf("no encoding line")
		}
	})
}

// corruptionKinds are the ways TestRapidCorruptedLenient spoils a move.
var corruptionKinds = []string{"garbage", "wrong move", "wrong number", "truncated"}

// garbageRunes may make up a line that is no line of KIF or KI2: no digits, no colons
// (which would make a header line), no turn marks.
const garbageRunes = "abcXYZ 　漢字の将棋、。！？・「」()+-*&#"

// TestRapidCorruptedLenient writes a random game as KIF or KI2, spoils one of its moves
// (garbage instead of the move's line or turn, an illegal move, a wrong move number, the
// move cut short) and reads it leniently: the moves before the spoilt one are kept,
// exactly, the line ends there with shogi.EndUnread (no ending or result the file does
// not state, though the file may state one further on), and one warning gives the
// spoilt line.
func TestRapidCorruptedLenient(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pos := shogi.NewStartPosition()
		if rapid.Bool().Draw(t, "handicap?") {
			h := rapid.SampledFrom(handicaps).Draw(t, "handicap")
			pos, _ = shogi.ParseSFEN(h.SFEN)
		}
		rec := &shogi.Record{StartSFEN: pos.String()}
		var positions []*shogi.Position // before each move
		n := &rec.Root
		for range rapid.IntRange(1, 30).Draw(t, "length") {
			ms := pos.LegalMoves()
			if len(ms) == 0 {
				break
			}
			positions = append(positions, pos.Clone())
			n = n.AddChild(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
			if rapid.Bool().Draw(t, "time?") {
				n.Time, n.HasTime = genTime(t, "time"), true
			}
			pos.PlayUnchecked(n.Move)
		}
		if len(positions) == 0 {
			t.Skip("no legal move")
		}
		if rapid.Bool().Draw(t, "ending?") {
			n.End = genEnding(t, pos)
		}
		d := rapid.SampledFrom([]Dialect{KIF, KI2}).Draw(t, "dialect")
		text := string(write(t, rec, d, UTF8))
		k := rapid.IntRange(0, len(positions)-1).Draw(t, "spoilt move")
		kind := rapid.SampledFrom(corruptionKinds).Draw(t, "kind")
		if kind == "wrong number" && d == KI2 {
			kind = "wrong move" // KI2 has no numbers
		}
		var spoilt string
		var line int
		if d == KIF {
			text, line = spoilKIF(t, text, k, kind, positions[k])
		} else {
			text, line = spoilKI2(t, text, k, kind, positions[k])
		}
		spoilt = text
		data := []byte(spoilt)
		if rapid.Bool().Draw(t, "Shift_JIS?") {
			data = toShiftJISRapid(t, strings.Replace(spoilt, "encoding=UTF-8", "encoding=Shift_JIS", 1))
		}

		r := NewReader(bytes.NewReader(data))
		r.Format, r.Lenient = d, true
		got, err := r.Read()
		if err != nil {
			t.Fatalf("%v", err)
		}
		want := rec.Moves()[:k]
		if gotMoves := got.Moves(); !slices.Equal(gotMoves, want) {
			t.Fatalf("%s at move %d: kept %v, want %v\n%s", kind, k+1, gotMoves, want, spoilt)
		}
		if e := got.Ending(); e == nil || e.Kind != shogi.EndUnread || e.Result != shogi.NoResult {
			t.Fatalf("%s at move %d: ending %+v, want EndUnread\n%s", kind, k+1, e, spoilt)
		}
		if ws := r.Warnings(); len(ws) != 1 || ws[0].Line != line {
			t.Fatalf("%s at move %d: warnings %v, want one on line %d\n%s", kind, k+1, ws, line, spoilt)
		}
		// A strict read fails there.
		if _, err := readAs(data, d); err == nil {
			t.Fatalf("%s at move %d: a strict read succeeded\n%s", kind, k+1, spoilt)
		}
	})
}

func toShiftJISRapid(t *rapid.T, s string) []byte {
	b, err := japanese.ShiftJIS.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// genGarbage draws a text that no KIF or KI2 line starts like.
func genGarbage(t *rapid.T) string {
	first := rapid.SampledFrom([]rune("?？@％")).Draw(t, "garbage start")
	return string(first) + rapid.StringOfN(rapid.SampledFrom([]rune(garbageRunes)), 0, 10, -1).Draw(t, "garbage")
}

// illegalKIFMove draws a KIF move that is illegal in pos: a move from an empty square.
func illegalKIFMove(t *rapid.T, pos *shogi.Position) string {
	var empty []shogi.Square
	for sq := range shogi.Square(81) {
		if pos.PieceAt(sq) == shogi.NoPiece {
			empty = append(empty, sq)
		}
	}
	from := rapid.SampledFrom(empty).Draw(t, "from")
	to := shogi.Square(rapid.IntRange(0, 80).Draw(t, "to"))
	piece := rapid.SampledFrom([]string{"歩", "香", "桂", "銀", "金", "角", "飛", "玉"}).Draw(t, "piece")
	return string(appendSquare(nil, to)) + piece + "(" + string(rune('0'+from.File())) + string(rune('0'+from.Rank())) + ")"
}

// spoilKIF spoils the move line of ply k of a KIF text and returns the text and the
// line's number.
func spoilKIF(t *rapid.T, text string, k int, kind string, pos *shogi.Position) (string, int) {
	lines := strings.Split(text, "\n")
	seen := 0
	for i, l := range lines {
		tl := strings.TrimLeft(l, " ")
		if tl == "" || tl[0] < '0' || tl[0] > '9' {
			continue
		}
		if seen < k {
			seen++
			continue
		}
		num, rest, _ := strings.Cut(tl, " ")
		move := moveText(rest)
		switch kind {
		case "garbage":
			lines[i] = genGarbage(t)
		case "wrong move":
			lines[i] = "  " + num + " " + illegalKIFMove(t, pos)
		case "wrong number":
			n, _ := strconv.Atoi(num)
			m := rapid.IntRange(0, n+5).Filter(func(m int) bool { return m != n }).Draw(t, "number")
			lines[i] = "  " + strconv.Itoa(m) + " " + rest
		case "truncated":
			runes := []rune(move)
			cut := rapid.IntRange(0, len(runes)-1).Draw(t, "cut")
			lines[i] = "  " + num + " " + string(runes[:cut])
		}
		return strings.Join(lines, "\n"), i + 1
	}
	t.Fatalf("no move %d in\n%s", k+1, text)
	return "", 0
}

// spoilKI2 spoils the move of ply k of a KI2 text and returns the text and the number
// of the line it is on.
func spoilKI2(t *rapid.T, text string, k int, kind string, pos *shogi.Position) (string, int) {
	lines := strings.Split(text, "\n")
	seen := 0
	for i, l := range lines {
		if !isKI2Mark(l) {
			continue
		}
		// The turns of the line: each starts with a mark.
		var starts []int
		for j, r := range l {
			if _, ok := markColor(r); ok {
				starts = append(starts, j)
			}
		}
		if seen+len(starts) <= k {
			seen += len(starts)
			continue
		}
		j := starts[k-seen]
		end := len(l)
		if k-seen+1 < len(starts) {
			end = starts[k-seen+1]
		}
		mark, size := utf8.DecodeRuneInString(l[j:])
		move := strings.TrimRight(l[j+size:end], " ")
		pad := l[j+size+len(move) : end]
		var turn string
		switch kind {
		case "garbage":
			turn = string(mark) + genGarbage(t)
		case "wrong move":
			other := '▲'
			if c, _ := markColor(mark); c == shogi.Black {
				other = '△'
			}
			turn = string(other) + move // the move of the side not to move
		case "truncated":
			runes := []rune(move)
			keep := 2
			if runes[0] == '同' {
				keep = 1
			}
			turn = string(mark) + string(runes[:rapid.IntRange(0, keep).Draw(t, "cut")])
		}
		lines[i] = l[:j] + turn + pad + l[end:]
		return strings.Join(lines, "\n"), i + 1
	}
	t.Fatalf("no move %d in\n%s", k+1, text)
	return "", 0
}

// TestRapidGarbledLineLenient writes a random record (variations, comments, endings,
// start positions of every kind) as KIF or KI2, garbles one of its lines (garbage in
// its place, cut at half its bytes, or left out) and reads it leniently: the main
// line read is a prefix of the record's, and its ending is none, EndUnread (without a
// result), or the record's own when every move was read: never one the file does not
// state.
func TestRapidGarbledLineLenient(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := genRecord(t)
		d := rapid.SampledFrom([]Dialect{KIF, KI2}).Draw(t, "dialect")
		lines := strings.SplitAfter(string(write(t, rec, d, UTF8)), "\n")
		i := rapid.IntRange(0, len(lines)-1).Draw(t, "line")
		firstMove := slices.IndexFunc(lines, func(l string) bool { return isKI2Mark(l) })
		garbled := lines[i]
		how := rapid.SampledFrom([]string{"garbage", "half", "left out"}).Draw(t, "how")
		switch how {
		case "garbage":
			lines[i] = "!!garbage!!\n"
		case "half":
			lines[i] = lines[i][:len(lines[i])/2] + "\n"
		case "left out":
			lines[i] = ""
		}
		text := strings.Join(lines, "")
		r := NewReader(strings.NewReader(text))
		r.Format, r.Lenient = d, true
		got, err := r.Read()
		if err == io.EOF {
			return // the garbled line was the record's only one
		}
		if err != nil {
			t.Fatal(err)
		}
		want, moves := rec.Moves(), got.Moves()
		// KI2 has no move numbers: a garbled line before the first move is a line of the
		// header, a 変化 header left out makes its block go on with the line above, and
		// moves left out (a line of them, or the half of one) may leave moves that go on
		// legally from the wrong position (the まで line's count still tells).
		exempt := d == KI2 && (i <= firstMove || strings.HasPrefix(garbled, "変化") || how != "garbage")
		// A line left out may leave a 変化 block at the ply after the last move of the
		// line above it, which then goes on with that line: the moves are still a line
		// of the record's tree, with its ending.
		along := how == "left out"
		var node *shogi.Node
		if along {
			node = treeNode(rec, moves)
		}
		if !exempt && (len(moves) > len(want) || !slices.Equal(moves, want[:len(moves)])) && node == nil {
			t.Fatalf("%s line %d: moves %v are not a prefix of %v\n%s", how, i+1, moves, want, text)
		}
		end, own := got.Ending(), rec.Ending()
		switch {
		case end == nil, end.Kind == shogi.EndUnread && end.Result == shogi.NoResult:
		case node != nil && endsWith(node, end.Kind):
		case exempt && treeEnds(&rec.Root, end.Kind):
			// Moves of a KI2 line lost (it has no move numbers): the next block may
			// go on with another line at its ply, so the ending is one the file
			// states for another line of its tree.
		case d == KI2 && i <= firstMove:
			// With its first line of moves garbled, a KI2 record's main line may be
			// what a variation block holds (a 変化 before the first move is taken for
			// one that ShogiHome wrote into the header).
		case own != nil && end.Kind == own.Kind && len(moves) == len(want) &&
			(end.Result == own.Result || got.StartSFEN != rec.StartSFEN):
			// The file's own ending (whose winner follows from the side to move: a
			// garbled 手合割 line changes it).
		default:
			t.Fatalf("%s line %d: ending %+v after %d of %d moves: not stated by the file\n%s", how, i+1, end, len(moves), len(want), text)
		}
	})
}

// treeNode returns the node that moves lead to from rec's root, or nil when they are no
// line of its tree.
func treeNode(rec *shogi.Record, moves []shogi.Move) *shogi.Node {
	n := &rec.Root
	for _, m := range moves {
		var next *shogi.Node
		for _, c := range n.Children {
			if c.Move == m {
				next = c
				break
			}
		}
		if next == nil {
			return nil
		}
		n = next
	}
	return n
}

// endsWith reports whether n's line ends with an ending of kind k: n's own, or an
// alternative ending among its children (which a block that goes on with the line,
// its 変化 header left out, makes the line's own).
// treeEnds says whether a line of the tree under n ends with an ending of kind k.
func treeEnds(n *shogi.Node, k shogi.EndingKind) bool {
	if endsWith(n, k) {
		return true
	}
	for _, c := range n.Children {
		if treeEnds(c, k) {
			return true
		}
	}
	return false
}

func endsWith(n *shogi.Node, k shogi.EndingKind) bool {
	if n.End != nil && n.End.Kind == k {
		return true
	}
	for _, c := range n.Children {
		if c.IsEnding() && c.End.Kind == k {
			return true
		}
	}
	return false
}
