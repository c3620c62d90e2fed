package record_test

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/record"
)

// randomGame draws a random legal game that ends in a resignation.
func randomGame(t *rapid.T) *shogi.Record {
	rec := gametest.Long(rapid.IntRange(0, 60).Draw(t, "moves"), rapid.Uint64().Draw(t, "seed"))
	line := rec.MainLine()
	last := &rec.Root
	if len(line) > 0 {
		last = line[len(line)-1]
	}
	p, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	last.End = &shogi.Ending{Kind: shogi.EndResign, Result: shogi.ResultOf(shogi.EndResign, p.SideToMove())}
	return rec
}

// badRecords are malformed records of each multi-record format, each one record's worth
// of text that a Reader reports as one error.
var badRecords = map[record.Format][]string{
	record.CSA: {
		"V2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n", // no piece on 7七 any more
		"V2.2\nPI\n+\n+7776FU\nXYZ garbage\n",
		"V2.2\nPI\n+\n+0000ZZ\n",
		"V2.2\nP1 what\n",
	},
	record.JKF: {
		`{"header":{},"moves":[{},{"move":{"to":{"x":7,"y":6},"piece":"XX"}}]}` + "\n",
		`{"header": {"先手": ` + "\n",
		`{"header":{},"initial":{"preset":"NOPE"},"moves":[{}]}` + "\n",
		`[1, 2, 3]` + "\n",
	},
	record.USI: {
		"position startpos moves 7g7f 7g7f\n",
		"position nowhere\n",
		"position startpos moves P*5e\n",
	},
	record.SFEN: {
		"lnsgkgsnl/9/9 b - 1\n",
		"this is no position\n",
	},
}

// separator returns the text that goes between two records of a stream in format f.
func separator(f record.Format) string {
	if f == record.CSA {
		return "/\n"
	}
	return ""
}

// TestStreamOfGoodAndBadRecords: random games written in a format and concatenated with
// malformed records between them read back as every good record unchanged and one error
// per bad record, in order.
func TestStreamOfGoodAndBadRecords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		format := rapid.SampledFrom([]record.Format{record.CSA, record.JKF, record.USI, record.SFEN}).Draw(t, "format")
		n := rapid.IntRange(1, 6).Draw(t, "records")
		var parts, want []string
		for i := range n {
			if rapid.Bool().Draw(t, fmt.Sprint("bad", i)) {
				parts = append(parts, rapid.SampledFrom(badRecords[format]).Draw(t, fmt.Sprint("which", i)))
				want = append(want, "error")
			}
			data, err := record.Marshal(randomGame(t), format)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, string(data))
			want = append(want, string(data))
		}
		stream := strings.Join(parts, separator(format))
		r := record.NewReader(strings.NewReader(stream))
		if want[0] == "error" && format == record.SFEN {
			r.Format = format // a first line of no format at all is read as KIF
		}
		var got []string
		for rec, err := range r.All() {
			if err != nil {
				var re *record.Error
				if !errors.As(err, &re) || re.Record != len(got)+1 || re.Format != format {
					t.Fatalf("error %v (%T) is not an *Error of record %d in %s", err, err, len(got)+1, format)
				}
				got = append(got, "error")
				continue
			}
			data, err := record.Marshal(rec, format)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, string(data))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("stream:\n%s\n(-want +got)\n%s", stream, diff)
		}
	})
}

// TestLenientNeverInventsAnEnding: a record with one line garbled, read leniently, has a
// prefix of the original moves, and as its ending either the file's own (with every move
// read) or EndUnread or none: never a result the file does not state.
func TestLenientNeverInventsAnEnding(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		format := rapid.SampledFrom([]record.Format{record.KIF, record.KI2, record.CSA, record.JKF}).Draw(t, "format")
		rec := randomGame(t)
		data, err := record.Marshal(rec, format)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitAfter(string(data), "\n")
		i := rapid.IntRange(0, len(lines)-1).Draw(t, "line")
		how := rapid.IntRange(0, 2).Draw(t, "how")
		switch how {
		case 0:
			lines[i] = "!!garbage!!\n"
		case 1:
			lines[i] = lines[i][:len(lines[i])/2] + "\n"
		case 2:
			lines[i] = "" // a line left out
		}
		text := strings.Join(lines, "")
		r := record.NewReader(strings.NewReader(text))
		r.Format, r.Lenient = format, true
		got, err := r.Read()
		if err == io.EOF {
			return // the garbled line was the record's only one
		}
		if err != nil {
			var re *record.Error
			if !errors.As(err, &re) {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		want := rec.Moves()
		moves := got.Moves()
		// KI2 has no line that starts the moves: a garbled first move line is an unknown
		// line of the header to a reader, and the moves after it are read as the first.
		if format != record.KI2 && (len(moves) > len(want) || !equalMoves(moves, want[:len(moves)])) {
			t.Fatalf("moves %v are not a prefix of %v\n%s", moves, want, text)
		}
		end := got.Ending()
		switch {
		case end == nil, end.Kind == shogi.EndUnread && end.Result == shogi.NoResult:
		case end.Kind == shogi.EndResign && end.Result == rec.Ending().Result && len(moves) == len(want):
		case how == 2 && end.Kind == shogi.EndResign && format != record.KIF && format != record.KI2:
			// Without a move line a CSA or JKF file is a shorter game that the same
			// resignation ends: the file states that ending. (KIF and KI2 count the
			// moves in their まで line, so there it must end unread.)
		default:
			t.Fatalf("ending %+v after %d of %d moves: not stated by the file\n%s", end, len(moves), len(want), text)
		}
	})
}

func equalMoves(a, b []shogi.Move) bool { return slices.Equal(a, b) }
