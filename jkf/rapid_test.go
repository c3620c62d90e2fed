package jkf_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/jkf"
	"pgregory.net/rapid"
)

var handicapStarts = []string{
	"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
}

var textGen = rapid.StringOf(rapid.SampledFrom([]rune("abcXYZ019 ,:'\"\\/<>&\n\t{}[]あいう漢字将棋先手後手▲△☗\u2028")))

var endings = []shogi.EndingKind{shogi.EndResign, shogi.EndMate, shogi.EndSennichite, shogi.EndJishogi,
	shogi.EndInterrupt, shogi.EndTimeUp, shogi.EndIllegalWin, shogi.EndIllegalLoss, shogi.EndEnteringKingWin,
	shogi.EndDefaultWin, shogi.EndDefaultLoss, shogi.EndDraw, shogi.EndNoMate, shogi.EndMaxMoves, shogi.EndError,
	shogi.EndMatta, shogi.EndSealedMove, shogi.EndNone}

func genStart(t *rapid.T) *shogi.Position {
	switch rapid.IntRange(0, 2).Draw(t, "start") {
	case 1:
		pos, _ := shogi.ParseSFEN(rapid.SampledFrom(handicapStarts).Draw(t, "handicap"))
		return pos
	case 2:
		pos := shogi.NewStartPosition()
		for range rapid.IntRange(0, 80).Draw(t, "prelude") {
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				break
			}
			pos.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "prelude move")])
		}
		if !pos.HasLegalMove() {
			return shogi.NewStartPosition()
		}
		setup := pos.Setup()
		setup.MoveNumber = 1
		pos, err := shogi.NewPosition(setup)
		if err != nil {
			t.Fatal(err)
		}
		return pos
	}
	return shogi.NewStartPosition()
}

func genEnding(t *rapid.T, side shogi.Color) *shogi.Ending {
	kind := rapid.SampledFrom(endings).Draw(t, "ending")
	e := &shogi.Ending{Kind: kind, Result: shogi.ResultOf(kind, side)}
	if kind == shogi.EndNone {
		e.Text = "X" + rapid.StringMatching(`[A-Z_]{0,8}`).Draw(t, "ending text")
	}
	if rapid.Bool().Draw(t, "ending timed") {
		e.Time, e.HasTime = genTime(t), true
	}
	e.Comments = rapid.SliceOfN(textGen, 0, 2).Draw(t, "ending comments")
	return e
}

func genTime(t *rapid.T) shogi.MoveTime {
	return shogi.MoveTime{Spent: time.Duration(rapid.IntRange(0, 20000).Draw(t, "spent")) * time.Second,
		Total: time.Duration(rapid.IntRange(0, 200000).Draw(t, "total")) * time.Second}
}

// genLine plays up to maxLen random moves after n (in pos), with comments, times,
// variations (while depth allows) and an ending.
func genLine(t *rapid.T, n *shogi.Node, pos *shogi.Position, maxLen, depth int) {
	comments := rapid.SliceOfN(textGen, 0, 2)
	for range rapid.IntRange(0, maxLen).Draw(t, "length") {
		moves := pos.LegalMoves()
		if len(moves) == 0 {
			break
		}
		i := rapid.IntRange(0, len(moves)-1).Draw(t, "move")
		child := n.AddChild(moves[i])
		child.Comments = comments.Draw(t, "comments")
		if rapid.Bool().Draw(t, "timed") {
			child.Time, child.HasTime = genTime(t), true
		}
		if depth > 0 {
			for range rapid.IntRange(0, 2).Draw(t, "variations") {
				j := rapid.IntRange(0, len(moves)-1).Draw(t, "variation move")
				if j == i {
					continue
				}
				alt := pos.Clone()
				v := n.AddChild(moves[j])
				alt.PlayUnchecked(moves[j])
				v.Comments = comments.Draw(t, "variation comments")
				genLine(t, v, alt, 4, depth-1)
			}
			if rapid.IntRange(0, 5).Draw(t, "alternative ending") == 0 {
				n.Children = append(n.Children, &shogi.Node{End: genEnding(t, pos.SideToMove())})
			}
		}
		pos.PlayUnchecked(moves[i])
		n = child
	}
	if rapid.Bool().Draw(t, "ended") {
		n.End = genEnding(t, pos.SideToMove())
		// Variations may branch at the ending.
		if depth > 0 && rapid.IntRange(0, 4).Draw(t, "branch at the end") == 0 {
			if moves := pos.LegalMoves(); len(moves) > 0 {
				m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move instead of the ending")]
				alt := pos.Clone()
				v := n.AddChild(m)
				alt.PlayUnchecked(m)
				genLine(t, v, alt, 3, depth-1)
			}
		}
	}
}

func genRecord(t *rapid.T) *shogi.Record {
	pos := genStart(t)
	rec := &shogi.Record{StartSFEN: pos.String()}
	for range rapid.IntRange(0, 4).Draw(t, "header fields") {
		rec.Header = append(rec.Header, shogi.HeaderField{
			Key:   rapid.SampledFrom([]string{shogi.HeaderBlack, shogi.HeaderWhite, shogi.HeaderEvent, "表題", "x"}).Draw(t, "key"),
			Value: textGen.Draw(t, "value"),
		})
	}
	rec.Root.Comments = rapid.SliceOfN(textGen, 0, 2).Draw(t, "root comments")
	genLine(t, &rec.Root, pos, 40, 2)
	return rec
}

func TestRapidRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := genRecord(t)
		var buf bytes.Buffer
		w := jkf.NewWriter(&buf)
		w.Indent = rapid.SampledFrom([]string{"", "  "}).Draw(t, "indent")
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		got, err := jkf.Parse(buf.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, buf.Bytes())
		}
		if diff := diffRecords(rec, got); diff != "" {
			t.Fatalf("record changed (-want +got):\n%s\n%s", diff, buf.Bytes())
		}
	})
}

// TestRapidStream: records written one after the other read back one by one.
func TestRapidStream(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		recs := rapid.SliceOfN(rapid.Custom(genRecord), 1, 3).Draw(t, "records")
		var buf bytes.Buffer
		w := jkf.NewWriter(&buf)
		for _, rec := range recs {
			if err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
		}
		w.Flush()
		r := jkf.NewReader(strings.NewReader(buf.String()))
		for i, want := range recs {
			got, err := r.Read()
			if err != nil {
				t.Fatalf("record %d: %v", i, err)
			}
			if diff := diffRecords(want, got); diff != "" {
				t.Fatalf("record %d changed (-want +got):\n%s", i, diff)
			}
		}
		if _, err := r.Read(); err == nil {
			t.Fatal("more records than written")
		}
	})
}

// badItems are values that are no good records, each with the reason of its one error
// and whether the reader resynchronises after it (it is not valid JSON).
var badItems = []struct {
	text, reason string
	invalidJSON  bool
	nonObject    bool // a JSON value that is not an object
	illegal      bool // a lenient read gives a record that stops at an illegal move
}{
	{text: "garbage", reason: "json", invalidJSON: true},
	{text: "V2.2", reason: "json", invalidJSON: true},
	{text: "これはJSONではない", reason: "json", invalidJSON: true},
	{text: "# a comment", reason: "json", invalidJSON: true},
	{text: `{"header":{} "moves":[{}]}`, reason: "json", invalidJSON: true},
	{text: `{"header":{},"moves":[{},]}`, reason: "json", invalidJSON: true},
	{text: `{"header":{},"moves":[{}]]`, reason: "json", invalidJSON: true},
	{text: `[1,2]`, reason: "not object", nonObject: true},
	{text: `42`, reason: "not object", nonObject: true},
	{text: `"文字列"`, reason: "not object", nonObject: true},
	{text: `null`, reason: "not object", nonObject: true},
	{text: `{"header":{},"initial":{"preset":"NINE"},"moves":[{}]}`, reason: "preset"},
	{text: `{"header":{"先手":"誰か"},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":5},"piece":"FU"}}]}`,
		reason: "cannot move", illegal: true},
	{text: `{"header":{},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"KY"}}]}`,
		reason: "piece mismatch", illegal: true},
}

// streamItem is one value of a generated stream: a good record, or a bad value.
type streamItem struct {
	rec          *shogi.Record // a good record
	reason       string        // a bad value: the reason of its error
	illegal      bool
	nonObject    bool
	line, toLine int // the lines it spans
}

// TestRapidStreamWithBadRecords: random games written with the Writer, with bad values
// between them — records cut off anywhere, lines that are not JSON, invalid JSON,
// values that are not objects, records with an illegal move or an unknown preset —
// read back: every good record is what was written, and every bad value is exactly
// one error, at its line, in order. (A record cut off after a separator goes on with
// the next line when that line could continue it: a value that is not an object, or a
// record cut before its first key, never follows one here; see TestStreamForms for
// where a cut record stops.)
func TestRapidStreamWithBadRecords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lenient := rapid.Bool().Draw(t, "lenient")
		var stream strings.Builder
		var items []streamItem
		lastLine := func() int { return 1 + strings.Count(stream.String(), "\n") }
		resync := false // the last value was not valid JSON: the next starts a line
		for range rapid.IntRange(1, 8).Draw(t, "values") {
			switch {
			case len(items) > 0 && items[len(items)-1].nonObject:
				stream.WriteString(rapid.SampledFrom([]string{" ", "\n", "\n\n"}).Draw(t, "separator"))
			case !resync:
				stream.WriteString(rapid.SampledFrom([]string{"", " ", "\n", "\n\n"}).Draw(t, "separator"))
			}
			start := lastLine()
			afterCut := resync && len(items) > 0 && items[len(items)-1].reason == "json cut"
			switch kind := rapid.IntRange(0, 3).Draw(t, "kind"); {
			case kind <= 1: // a good record
				rec := genRecord(t)
				var buf bytes.Buffer
				w := jkf.NewWriter(&buf)
				w.Indent = rapid.SampledFrom([]string{"", "  "}).Draw(t, "indent")
				if err := w.Write(rec); err != nil {
					t.Fatal(err)
				}
				w.Flush()
				text := strings.TrimSuffix(buf.String(), "\n")
				stream.WriteString(text)
				items = append(items, streamItem{rec: rec, line: start, toLine: lastLine()})
				resync = false
			case kind == 2: // a record cut off
				data, err := jkf.Format(genRecord(t))
				if err != nil {
					t.Fatal(err)
				}
				// After a cut record, the next one shows it starts a record ({"header").
				shortest := 1
				if afterCut {
					shortest = len(`{"header"`)
				}
				cut := rapid.IntRange(shortest, len(data)-2).Draw(t, "cut")
				stream.Write(data[:cut])
				items = append(items, streamItem{reason: "json cut", line: start, toLine: lastLine()})
				stream.WriteString("\n")
				resync = true
			default:
				bad := rapid.SampledFrom(badItems).Draw(t, "bad value")
				if bad.nonObject && afterCut {
					bad = badItems[0]
				}
				stream.WriteString(bad.text)
				items = append(items, streamItem{reason: bad.reason, illegal: bad.illegal, nonObject: bad.nonObject, line: start, toLine: lastLine()})
				if bad.invalidJSON {
					stream.WriteString("\n")
				}
				resync = bad.invalidJSON
			}
		}
		r := jkf.NewReader(strings.NewReader(stream.String()))
		r.Lenient = lenient
		for i, item := range items {
			rec, err := r.Read()
			if r.RecordLine() != item.line {
				t.Fatalf("value %d: RecordLine %d, want %d\n%s", i, r.RecordLine(), item.line, stream.String())
			}
			switch {
			case item.rec != nil:
				if err != nil {
					t.Fatalf("value %d: %v\n%s", i, err, stream.String())
				}
				if diff := diffRecords(item.rec, rec); diff != "" {
					t.Fatalf("value %d changed (-want +got):\n%s", i, diff)
				}
				if len(r.Warnings()) != 0 {
					t.Fatalf("value %d: warnings %v", i, r.Warnings())
				}
			case lenient && item.illegal:
				if err != nil || rec.Ending() == nil || rec.Ending().Kind != shogi.EndUnread || len(r.Warnings()) != 1 ||
					reasonOf(r.Warnings()[0]) != item.reason {
					t.Fatalf("value %d: %v, %+v, warnings %v; want an unread line and one %s warning", i, err, rec, r.Warnings(), item.reason)
				}
			default:
				var se *jkf.SyntaxError
				if !errors.As(err, &se) || reasonOf(err) != strings.TrimSuffix(item.reason, " cut") {
					t.Fatalf("value %d: got %v, want a %s error\n%s", i, err, item.reason, stream.String())
				}
				if se.Line < item.line || se.Line > item.toLine {
					t.Fatalf("value %d: error at line %d, want %d to %d: %v\n%s", i, se.Line, item.line, item.toLine, err, stream.String())
				}
			}
		}
		if _, err := r.Read(); err != io.EOF {
			t.Fatalf("after the last value: %v, want io.EOF\n%s", err, stream.String())
		}
	})
}
