package jkf_test

import (
	"bytes"
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
