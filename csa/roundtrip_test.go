package csa_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"pgregory.net/rapid"
)

// Start positions for random games: the even game and handicaps of the list (which
// read back with 下手/上手 names).
var handicapStarts = []string{
	"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
}

// textGen gives single-line text that Shift_JIS can encode.
var textGen = rapid.StringOf(rapid.SampledFrom([]rune("abcXYZ019 ,:'*%+-/\\\"あいう漢字将棋先手後手▲△ー・")))

// csaEndings are the endings CSA writes, with the result each implies.
var csaEndings = []shogi.EndingKind{shogi.EndResign, shogi.EndMate, shogi.EndSennichite, shogi.EndJishogi,
	shogi.EndInterrupt, shogi.EndTimeUp, shogi.EndIllegalWin, shogi.EndIllegalLoss, shogi.EndEnteringKingWin,
	shogi.EndDraw, shogi.EndNoMate, shogi.EndMaxMoves, shogi.EndError, shogi.EndMatta}

// genRecord plays a random game: random legal moves from an even, handicap or
// mid-game start, with comments, times (milliseconds when ms is set) and an ending.
func genRecord(t *rapid.T, ms bool) *shogi.Record {
	rec := &shogi.Record{}
	var pos *shogi.Position
	handicap := false
	switch rapid.IntRange(0, 2).Draw(t, "start") {
	case 0:
		pos = shogi.NewStartPosition()
	case 1:
		sfen := rapid.SampledFrom(handicapStarts).Draw(t, "handicap")
		pos, _ = shogi.ParseSFEN(sfen)
		handicap = true
	case 2:
		// A position reached by random play, so that hands are not empty.
		pos = shogi.NewStartPosition()
		for range rapid.IntRange(0, 80).Draw(t, "prelude") {
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				break
			}
			pos.PlayUnchecked(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "prelude move")])
		}
		if !pos.HasLegalMove() {
			pos = shogi.NewStartPosition()
		}
		setup := pos.Setup()
		setup.MoveNumber = 1
		var err error
		if pos, err = shogi.NewPosition(setup); err != nil {
			t.Fatal(err)
		}
	}
	rec.StartSFEN = pos.String()
	black, white := shogi.HeaderBlack, shogi.HeaderWhite
	if handicap {
		black, white = shogi.HeaderShitate, shogi.HeaderUwate
	}
	if rapid.Bool().Draw(t, "names") {
		rec.Header = append(rec.Header, shogi.HeaderField{Key: black, Value: textGen.Draw(t, "black")},
			shogi.HeaderField{Key: white, Value: textGen.Draw(t, "white")})
	}
	for _, k := range []string{shogi.HeaderEvent, shogi.HeaderStartTime, "$NOTE", shogi.HeaderOpening, "$MAX_MOVES"} {
		if !rapid.Bool().Draw(t, "has "+k) {
			continue
		}
		value := textGen.Draw(t, k)
		if k == shogi.HeaderStartTime {
			// A date and time in CSA's form: other text has no $START_TIME form.
			value = fmt.Sprintf("%04d/%02d/%02d %02d:%02d:%02d", rapid.IntRange(1900, 2100).Draw(t, "year"),
				rapid.IntRange(1, 12).Draw(t, "month"), rapid.IntRange(1, 28).Draw(t, "day"),
				rapid.IntRange(0, 23).Draw(t, "hour"), rapid.IntRange(0, 59).Draw(t, "minute"), rapid.IntRange(0, 59).Draw(t, "second"))
		}
		rec.Header = append(rec.Header, shogi.HeaderField{Key: k, Value: value})
	}
	comments := rapid.SliceOfN(textGen, 0, 2)
	rec.Root.Comments = comments.Draw(t, "root comments")
	n := &rec.Root
	var total [2]time.Duration
	spent := func(label string) time.Duration {
		d := time.Duration(rapid.IntRange(0, 4000).Draw(t, label)) * time.Second
		if ms {
			d += time.Duration(rapid.IntRange(0, 999).Draw(t, label+" ms")) * time.Millisecond
		}
		return d
	}
	for range rapid.IntRange(0, 60).Draw(t, "moves") {
		moves := pos.LegalMoves()
		if len(moves) == 0 {
			break
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")]
		mover := pos.SideToMove()
		pos.PlayUnchecked(m)
		n = n.AddChild(m)
		if rapid.Bool().Draw(t, "timed") {
			d := spent("spent")
			total[mover] += d
			n.Time, n.HasTime = shogi.MoveTime{Spent: d, Total: total[mover]}, true
		}
		n.Comments = comments.Draw(t, "comments")
	}
	if rapid.Bool().Draw(t, "ended") {
		kind := rapid.SampledFrom(csaEndings).Draw(t, "ending")
		side := pos.SideToMove()
		e := &shogi.Ending{Kind: kind, Result: shogi.ResultOf(kind, side)}
		if rapid.Bool().Draw(t, "ending timed") {
			d := spent("ending time")
			total[side] += d
			e.Time, e.HasTime = shogi.MoveTime{Spent: d, Total: total[side]}, true
		}
		e.Comments = comments.Draw(t, "ending comments")
		n.End = e
	}
	return rec
}

func TestRapidRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name     string
		version  string
		shiftJIS bool
	}{{"v2.2", "2.2", false}, {"v3.0", "3.0", false}, {"v2.2-sjis", "2.2", true}, {"v3.0-sjis", "3.0", true}} {
		t.Run(tc.name, rapid.MakeCheck(func(t *rapid.T) {
			rec := genRecord(t, tc.version == "3.0")
			var buf bytes.Buffer
			w := csa.NewWriter(&buf)
			w.Version, w.ShiftJIS = tc.version, tc.shiftJIS
			if err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			got, err := csa.Parse(buf.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, buf.Bytes())
			}
			if diff := diffRecords(rec, got); diff != "" {
				t.Fatalf("record changed (-want +got):\n%s\n%s", diff, buf.Bytes())
			}
		}))
	}
}

// TestRapidStream: several random records written to one stream read back one by
// one.
func TestRapidStream(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		recs := rapid.SliceOfN(rapid.Custom(func(t *rapid.T) *shogi.Record { return genRecord(t, true) }), 1, 4).Draw(t, "records")
		var buf bytes.Buffer
		w := csa.NewWriter(&buf)
		w.Version = rapid.SampledFrom([]string{"2.2", "3.0"}).Draw(t, "version")
		for _, rec := range recs {
			if w.Version == "2.2" {
				truncateTimes(rec)
			}
			if err := w.Write(rec); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		r := csa.NewReader(strings.NewReader(buf.String()))
		for i, want := range recs {
			got, err := r.Read()
			if err != nil {
				t.Fatalf("record %d: %v\n%s", i, err, buf.Bytes())
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

// truncateTimes drops the milliseconds V2.2 cannot write, recomputing the totals.
func truncateTimes(rec *shogi.Record) {
	pos, _ := rec.StartPosition()
	side := pos.SideToMove()
	var total [2]time.Duration
	n := &rec.Root
	for len(n.Children) > 0 {
		n = n.Children[0]
		if n.HasTime {
			d := n.Time.Spent.Truncate(time.Second)
			total[side] += d
			n.Time = shogi.MoveTime{Spent: d, Total: total[side]}
		}
		side = side.Opponent()
	}
	if e := n.End; e != nil && e.Time != (shogi.MoveTime{}) {
		d := e.Time.Spent.Truncate(time.Second)
		total[side] += d
		e.Time = shogi.MoveTime{Spent: d, Total: total[side]}
	}
}
