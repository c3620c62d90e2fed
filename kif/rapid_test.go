package kif

import (
	"bytes"
	"strings"
	"testing"
	"time"

	shogi "github.com/kifu-go/shogi"
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
	shogi.EndError, shogi.EndMatta, shogi.EndSealedMove, shogi.EndNone,
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
		rec.Header = append(rec.Header, shogi.HeaderField{Key: k, Value: trimSpaces(genText(t, "value", 0))})
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
	if k == shogi.EndNone {
		e.Text = rapid.SampledFrom([]string{"反則手", "不明", "あいうえお"}).Draw(t, "ending text")
	}
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
