package record_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/tsume"
)

// A 3-move tsume problem in every format, its defender's hand left out as problem files
// leave it: the interposition by drop at move 2 (P*1b) is a pawn he holds only under
// the tsume convention (tsume.DefenderHoldsRest).
var restProblems = []struct{ name, text string }{
	{"rest.kif", "後手の持駒：なし\n" + restBoard + "先手の持駒：桂　香　\n手数----指手---------消費時間--\n   1 １三香打\n   2 １二歩打\n   3 ２三桂打\n"},
	{"rest.ki2", "後手の持駒：なし\n" + restBoard + "先手の持駒：桂　香　\n\n▲１三香打 △１二歩打 ▲２三桂打\n"},
	{"rest.csa", "V2.2\nP1 *  *  * +KI *  * +GI * -OU\nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \n" +
		"P4 *  *  *  * +KA *  *  * +FU\nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n" +
		"P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  *  *  *  *  *  * \n" +
		"P+00KE00KY\n+\n+0013KY\n-0012FU\n+0023KE\n"},
	{"rest.jkf", `{"header":{},"initial":{"preset":"OTHER","data":{"color":0,"board":[[{"color":1,"kind":"OU"},{},{},{"color":0,"kind":"FU"},{},{},{},{},{}],` +
		`[{},{},{},{},{},{},{},{},{}],[{"color":0,"kind":"GI"},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],` +
		`[{},{},{},{"color":0,"kind":"KA"},{},{},{},{},{}],[{"color":0,"kind":"KI"},{},{},{},{},{},{},{},{}],` +
		`[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],` +
		`"hands":[{"KY":1,"KE":1},{}]}},"moves":[{},{"move":{"color":0,"to":{"x":1,"y":3},"piece":"KY"}},` +
		`{"move":{"color":1,"to":{"x":1,"y":2},"piece":"FU"}},{"move":{"color":0,"to":{"x":2,"y":3},"piece":"KE"}}]}` + "\n"},
	{"rest.usi", "position sfen 3G2S1k/9/9/4B3P/9/9/9/9/9 b NL 1 moves L*1c P*1b N*2c\n"},
}

const restBoard = "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" +
	"| ・ ・ ・ 金 ・ ・ 銀 ・v玉|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n" +
	"| ・ ・ ・ ・ 角 ・ ・ ・ 歩|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n" +
	"| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n" +
	"+---------------------------+\n"

// restStart is the problem's start with the defender holding the rest.
const restStart = "3G2S1k/9/9/4B3P/9/9/9/9/9 b NL2rb3g3s3n3l17p 1"

func movesText(rec *shogi.Record) string {
	var b []string
	for _, m := range rec.Moves() {
		b = append(b, m.String())
	}
	return strings.Join(b, " ")
}

// TestReaderAdjustStart: in every format, the defender's drop at move 2 is an illegal
// move from the file's start, which names it, and reads from the start AdjustStart
// makes, which is the record's start; strict and lenient reads alike.
func TestReaderAdjustStart(t *testing.T) {
	for _, f := range restProblems {
		r := record.NewReader(strings.NewReader(f.text))
		r.Name = f.name
		_, err := r.Read()
		var re *record.Error
		if !errors.As(err, &re) || re.Ply != 2 || !errors.Is(err, shogi.ErrNotInHand) {
			t.Errorf("%s without AdjustStart: %v; want the illegal drop at move 2", f.name, err)
		}
		for _, lenient := range []bool{false, true} {
			r := record.NewReader(strings.NewReader(f.text))
			r.Name, r.Lenient, r.AdjustStart = f.name, lenient, tsume.DefenderHoldsRest
			rec, err := r.Read()
			if err != nil {
				t.Errorf("%s (lenient %v): %v", f.name, lenient, err)
				continue
			}
			if rec.StartSFEN != restStart || movesText(rec) != "L*1c P*1b N*2c" {
				t.Errorf("%s (lenient %v): start %s, moves %s; want %s, L*1c P*1b N*2c", f.name, lenient, rec.StartSFEN, movesText(rec), restStart)
			}
			if ws := r.Warnings(); len(ws) > 0 {
				t.Errorf("%s (lenient %v): warnings %v", f.name, lenient, ws)
			}
			if _, err := r.Read(); err != io.EOF {
				t.Errorf("%s (lenient %v): then %v, want io.EOF", f.name, lenient, err)
			}
		}
	}
}

// TestReaderAdjustStartError: an error of AdjustStart is the record's, with the code
// "syntax" and the cause wrapped, in lenient reads too (no move can be read without a
// start); the next record is read as usual.
func TestReaderAdjustStartError(t *testing.T) {
	refused := errors.New("not this one")
	inputs := []struct{ name, text string }{
		{"two.kif", restProblems[0].text}, // one record a KIF file
		{"two.csa", restProblems[2].text + "/\n" + restProblems[2].text},
		{"two.jkf", restProblems[3].text + restProblems[3].text},
		{"two.usi", restProblems[4].text + restProblems[4].text},
		{"two.sfen", "3G2S1k/9/9/4B3P/9/9/9/9/9 b NL 1\n3G2S1k/9/9/4B3P/9/9/9/9/9 b NL 1\n"},
	}
	for _, in := range inputs {
		for _, lenient := range []bool{false, true} {
			calls := 0
			r := record.NewReader(strings.NewReader(in.text))
			r.Name, r.Lenient = in.name, lenient
			r.AdjustStart = func(p *shogi.Position) (*shogi.Position, error) {
				calls++
				if calls == 1 {
					return nil, refused
				}
				return tsume.DefenderHoldsRest(p)
			}
			_, err := r.Read()
			var re *record.Error
			if !errors.As(err, &re) || re.Code() != "syntax" || !errors.Is(err, refused) || re.Line < 1 {
				t.Errorf("%s (lenient %v): %v; want a syntax error at a line that wraps the refusal", in.name, lenient, err)
			}
			rec, err := r.Read()
			switch {
			case in.name == "two.kif":
				if err != io.EOF {
					t.Errorf("%s (lenient %v): then %v, want io.EOF", in.name, lenient, err)
				}
			case err != nil:
				t.Errorf("%s (lenient %v): the second record: %v", in.name, lenient, err)
			case rec.StartSFEN != restStart:
				t.Errorf("%s (lenient %v): the second record starts at %s, want %s", in.name, lenient, rec.StartSFEN, restStart)
			}
		}
	}
}

// TestReaderAdjustStartEveryRecord: AdjustStart makes the start of every record, also
// where the CSA reader would take the last record's start back instead of building it
// anew (the same P lines), and the moves of one record do not reach the next; Reset
// keeps it; without it the file's start is read again.
func TestReaderAdjustStartEveryRecord(t *testing.T) {
	text := restProblems[2].text + "/\n" + restProblems[2].text
	calls := 0
	r := record.NewReader(strings.NewReader(text))
	r.AdjustStart = func(p *shogi.Position) (*shogi.Position, error) {
		calls++
		return tsume.DefenderHoldsRest(p)
	}
	read := func(want int) {
		t.Helper()
		n := 0
		for rec, err := range r.All() {
			if err != nil {
				t.Fatal(err)
			}
			if rec.StartSFEN != restStart || movesText(rec) != "L*1c P*1b N*2c" {
				t.Errorf("record %d: start %s, moves %s", n+1, rec.StartSFEN, movesText(rec))
			}
			n++
		}
		if n != 2 || calls != want {
			t.Errorf("%d records, AdjustStart called %d times; want 2 and %d", n, calls, want)
		}
	}
	read(2)
	r.Reset(strings.NewReader(text))
	read(4)
	r.Reset(strings.NewReader(text))
	r.AdjustStart = nil
	if _, err := r.Read(); !errors.Is(err, shogi.ErrNotInHand) {
		t.Errorf("without AdjustStart after a Reset: %v; want the illegal drop", err)
	}
}

// FuzzReaderAdjustStart feeds any bytes to a Reader whose AdjustStart gives the
// defender the rest (tsume.DefenderHoldsRest), strict and lenient, and checks its
// contract: it ends, every error is an *Error of the record it counts (a refused start
// worded "invalid start position: …" in every format), and every record it returns
// replays from a start that already holds the rest (adjusting it again changes nothing).
func FuzzReaderAdjustStart(f *testing.F) {
	for _, p := range restProblems {
		f.Add([]byte(p.text), false)
	}
	f.Add([]byte(restProblems[2].text+"/\n"+restProblems[2].text), true)
	for _, k := range twoKings {
		f.Add([]byte(k.text), true)
	}
	f.Add([]byte("position startpos moves 7g7f 3c3d\nsfen 4k4/9/9/9/9/9/9/9/4K4 b P 1\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, lenient bool) {
		if len(data) > 1<<16 {
			return
		}
		r := record.NewReader(bytes.NewReader(data))
		r.Lenient, r.AdjustStart = lenient, tsume.DefenderHoldsRest
		count := 0
		for rec, err := range r.All() {
			count++
			if count > len(data)+2 {
				t.Fatalf("%d records from %d bytes: the reader makes no progress", count, len(data))
			}
			if err != nil {
				var re *record.Error
				if !errors.As(err, &re) || re.Record != count || re.Line < 0 || re.Column < 0 {
					t.Fatalf("error %v (%T) does not say record %d", err, err, count)
				}
				if refusedStart(err) && (!strings.HasPrefix(re.Message(), "invalid start position: ") || strings.Contains(re.Message(), "position: shogi: ")) {
					t.Fatalf("a refused start worded %q; want \"invalid start position: \" and the cause without its prefix", re.Message())
				}
				continue
			}
			if _, err := rec.Replay(); err != nil {
				t.Fatalf("record %d does not replay: %v", count, err)
			}
			start, err := rec.StartPosition()
			if err != nil {
				t.Fatalf("record %d: its start %q: %v", count, rec.StartSFEN, err)
			}
			again, err := tsume.DefenderHoldsRest(start)
			if err != nil || again.String() != start.String() {
				t.Fatalf("record %d: its start %s is not the rest's (%v, %v)", count, start, again, err)
			}
		}
	})
}

// refusedStart reports whether err is a start position refused, in any format.
func refusedStart(err error) bool {
	return errors.Is(err, kif.ErrPosition) || errors.Is(err, csa.ErrSetup) || errors.Is(err, jkf.ErrSetup) || errors.Is(err, record.ErrSetup)
}

// TestReaderAdjustStartLenientOnce: a lenient read of a USI line whose move is at fault
// keeps the moves before it, from AdjustStart's start, which it asks for once, as for
// any record (it asked twice, reading the line's head again).
func TestReaderAdjustStartLenientOnce(t *testing.T) {
	for _, bad := range []string{"9a9b", "zz"} {
		calls := 0
		r := record.NewReader(strings.NewReader("position sfen 3G2S1k/9/9/4B3P/9/9/9/9/9 b NL 1 moves L*1c P*1b " + bad + "\n"))
		r.Name, r.Lenient = "bad.usi", true
		r.AdjustStart = func(p *shogi.Position) (*shogi.Position, error) {
			calls++
			return tsume.DefenderHoldsRest(p)
		}
		rec, err := r.Read()
		if err != nil {
			t.Fatalf("%s: %v", bad, err)
		}
		if calls != 1 || rec.StartSFEN != restStart || movesText(rec) != "L*1c P*1b" || len(r.Warnings()) != 1 {
			t.Errorf("%s: AdjustStart called %d times, start %s, moves %s, warnings %v; want once, %s, L*1c P*1b and one warning",
				bad, calls, rec.StartSFEN, movesText(rec), r.Warnings(), restStart)
		}
	}
}

// TestReaderAdjustStartRefusedLenient: an AdjustStart error that wraps a move's error
// is still the record's error in a lenient read, not the moves before a fault.
func TestReaderAdjustStartRefusedLenient(t *testing.T) {
	r := record.NewReader(strings.NewReader(restProblems[4].text))
	r.Name, r.Lenient = "rest.usi", true
	r.AdjustStart = func(p *shogi.Position) (*shogi.Position, error) {
		return nil, fmt.Errorf("refused: %w", shogi.ErrNotInHand)
	}
	var re *record.Error
	if _, err := r.Read(); !errors.As(err, &re) || re.Severity != record.SeverityError || !errors.Is(err, shogi.ErrNotInHand) {
		t.Errorf("%v; want the record's error wrapping AdjustStart's", err)
	}
}
