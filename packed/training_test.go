package packed_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/packed"
	"pgregory.net/rapid"
)

const floodgateGame = `V2.2
N+black
N-white
PI
+
+7776FU,T3
'** 30 -3334FU +2726FU
-3334FU,T2
'** -45 +2726FU
+8822UM,T1
'** 99999 -3122GI
-3122GI,T1
'** 120000
+0045KA
'* no evaluation here
`

func parseCSA(t *testing.T, text string) *shogi.Record {
	t.Helper()
	rec, err := csa.Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestSamples(t *testing.T) {
	type sample struct {
		SFEN, Move string
		Eval       int
		Result     shogi.Result
	}
	rec := parseCSA(t, floodgateGame+"%TORYO\n")
	var got []sample
	for s, err := range packed.Samples(rec) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, sample{s.Position.String(), s.Move.String(), s.Eval, s.Result})
	}
	want := []sample{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7f", 30, shogi.BlackWins},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "3c3d", 45, shogi.BlackWins},
		{"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", "8h2b+", 32767, shogi.BlackWins},
		{"lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4", "3a2b", -32767, shogi.BlackWins},
		{"lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5", "B*4e", 0, shogi.BlackWins},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("samples (-want +got)\n%s", diff)
	}

	// The entries of the first two samples.
	var hcpe []packed.HCPE
	var psv []packed.PSV
	for s := range packed.Samples(rec) {
		h, err := packed.NewHCPE(s.Position, s.Move, s.Eval, s.Result)
		if err != nil {
			t.Fatal(err)
		}
		p, err := packed.NewPSV(s.Position, s.Move, s.Eval, s.Result)
		if err != nil {
			t.Fatal(err)
		}
		hcpe, psv = append(hcpe, h), append(psv, p)
	}
	if hcpe[0].Result != packed.HCPEBlackWin || hcpe[0].Move != 0x1e3b || hcpe[2].Move != 0x630a || hcpe[1].Eval != 45 {
		t.Errorf("hcpe %+v", hcpe[:3])
	}
	for i, p := range psv {
		wantRes := int8(1) // Black won
		if i%2 == 1 {
			wantRes = -1
		}
		if int(p.GamePly) != i+1 || p.Result != wantRes {
			t.Errorf("psv %d: gamePly %d result %d", i, p.GamePly, p.Result)
		}
	}
	if psv[2].Move != 0xa30a {
		t.Errorf("psv move %#04x", uint16(psv[2].Move))
	}
}

func TestRecordResult(t *testing.T) {
	// After five moves White is to move.
	tests := []struct {
		ending string
		want   shogi.Result
	}{
		{"%TORYO", shogi.BlackWins},           // White resigns
		{"%TIME_UP", shogi.BlackWins},         // White lost on time
		{"%TSUMI", shogi.BlackWins},           // White is mated (cshogi: a draw)
		{"%ILLEGAL_MOVE", shogi.BlackWins},    // by the side to move
		{"%KACHI", shogi.WhiteWins},           // White declares
		{"%+ILLEGAL_ACTION", shogi.WhiteWins}, // Black's foul
		{"%-ILLEGAL_ACTION", shogi.BlackWins}, // White's foul
		{"%SENNICHITE", shogi.NoResult},
		{"%JISHOGI", shogi.NoResult},
		{"%CHUDAN", shogi.NoResult},
		{"", shogi.NoResult},
	}
	for _, tt := range tests {
		rec := parseCSA(t, floodgateGame+tt.ending+"\n")
		if got := packed.RecordResult(rec); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.ending, got, tt.want)
		}
	}
	// A record built by hand, without the ending's result.
	rec := parseCSA(t, floodgateGame+"%TORYO\n")
	rec.Ending().Result = shogi.NoResult
	if got := packed.RecordResult(rec); got != shogi.BlackWins {
		t.Errorf("hand-built resignation: %v", got)
	}
}

func TestFloodgateEval(t *testing.T) {
	tests := []struct {
		comments []string
		want     int
		ok       bool
	}{
		{[]string{"* 30 -3334FU"}, 30, true},
		{[]string{"* -30"}, -30, true},
		{[]string{"* +7"}, 7, true},
		{[]string{"* 40000"}, 32767, true},
		{[]string{"* -99999999999999999999999"}, -32767, true},
		{[]string{"'** 30"}, 0, false}, // a plain ' line, kept whole
		{[]string{"*30"}, 0, false},
		{[]string{"* #mate"}, 0, false},
		{[]string{"note", "* 12 +7776FU"}, 12, true},
		{nil, 0, false},
	}
	for _, tt := range tests {
		got, ok := packed.FloodgateEval(tt.comments)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%q: %d %v, want %d %v", tt.comments, got, ok, tt.want, tt.ok)
		}
	}
}

// FloodgateEval reads a comment's score as strconv.Atoi does, clamped: on comments
// of signs, digits, spaces and other characters it agrees with that reading.
func TestFloodgateEvalAsAtoi(t *testing.T) {
	atoi := func(comments []string) (int, bool) {
		for _, c := range comments {
			rest, ok := strings.CutPrefix(c, "* ")
			if !ok {
				continue
			}
			if i := strings.IndexByte(rest, ' '); i >= 0 {
				rest = rest[:i]
			}
			v, err := strconv.Atoi(rest)
			if errors.Is(err, strconv.ErrRange) {
				if rest[0] == '-' {
					return -32767, true
				}
				return 32767, true
			}
			if err != nil {
				continue
			}
			return max(-32767, min(32767, v)), true
		}
		return 0, false
	}
	text := rapid.StringOf(rapid.SampledFrom([]rune("* +-0123456789x_9")))
	rapid.Check(t, func(t *rapid.T) {
		score := rapid.StringMatching(`\* [+-]?[0-9]{1,22}( [+-]?[0-9]{4}FU)?`)
		comments := rapid.SliceOfN(rapid.OneOf(text, rapid.Map(text, func(s string) string { return "* " + s }), score), 0, 3).Draw(t, "comments")
		wantV, wantOK := atoi(comments)
		gotV, gotOK := packed.FloodgateEval(comments)
		if gotV != wantV || gotOK != wantOK {
			t.Fatalf("%q: %d %v, Atoi's %d %v", comments, gotV, gotOK, wantV, wantOK)
		}
	})
}

func TestSamplesIllegalMove(t *testing.T) {
	rec := shogi.NewRecord()
	n := rec.Root.AddChild(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false))
	n.AddChild(shogi.NewMove(shogi.NewSquare(7, 7), shogi.NewSquare(7, 6), false))
	var errs []error
	count := 0
	for _, err := range packed.Samples(rec) {
		count++
		if err != nil {
			errs = append(errs, err)
		}
	}
	if count != 2 || len(errs) != 1 {
		t.Fatalf("%d samples, errors %v", count, errs)
	}
}

// TestSamplesTrusted: on legal records, the unchecked walk yields what the checked one
// does, sample for sample.
func TestSamplesTrusted(t *testing.T) {
	type sample struct {
		SFEN, Move string
		Eval       int
		Result     shogi.Result
	}
	collect := func(seq func(func(packed.Sample, error) bool)) []sample {
		var got []sample
		for s, err := range seq {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, sample{s.Position.String(), s.Move.String(), s.Eval, s.Result})
		}
		return got
	}
	recs := []*shogi.Record{parseCSA(t, floodgateGame+"%TORYO\n")}
	for seed := range uint64(4) {
		recs = append(recs, gametest.Long(120, seed))
	}
	for i, rec := range recs {
		want := collect(packed.Samples(rec))
		if len(want) == 0 {
			t.Fatalf("record %d: no samples", i)
		}
		if diff := cmp.Diff(want, collect(packed.SamplesTrusted(rec))); diff != "" {
			t.Errorf("record %d: SamplesTrusted (-Samples +SamplesTrusted)\n%s", i, diff)
		}
		final := playLine(t, rec)
		got := collect(packed.UndoSamples(rec, final))
		slices.Reverse(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("record %d: UndoSamples reversed (-Samples +UndoSamples)\n%s", i, diff)
		}
		if final.Ply() != 0 {
			t.Errorf("record %d: UndoSamples left %d moves in the history", i, final.Ply())
		}
	}
}

// playLine returns the position rec's main line reaches, played from its start.
func playLine(t *testing.T, rec *shogi.Record) *shogi.Position {
	t.Helper()
	p, err := rec.StartPosition()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rec.MainLine() {
		if err := p.Play(m.Move); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// TestUndoSamplesIndex: the index counts the line's moves from 0, last first.
func TestUndoSamplesIndex(t *testing.T) {
	rec := gametest.Long(30, 7)
	want := len(rec.MainLine()) - 1
	for s, err := range packed.UndoSamples(rec, playLine(t, rec)) {
		if err != nil {
			t.Fatal(err)
		}
		if s.Index != want {
			t.Fatalf("index %d, want %d", s.Index, want)
		}
		want--
	}
	if want != -1 {
		t.Errorf("stopped before index %d", want)
	}
}

// TestUndoSamplesOtherLine: a position whose history is not the record's line is an
// ErrMove, not wrong samples.
func TestUndoSamplesOtherLine(t *testing.T) {
	rec := gametest.Long(40, 1)
	other := playLine(t, gametest.Long(40, 2))
	short, err := rec.StartPosition()
	if err != nil {
		t.Fatal(err)
	}
	for name, final := range map[string]*shogi.Position{"other line": other, "no history": short} {
		var last error
		n := 0
		for _, err := range packed.UndoSamples(rec, final) {
			n++
			last = err
		}
		if !errors.Is(last, packed.ErrMove) {
			t.Errorf("%s: after %d samples, error %v; want packed.ErrMove", name, n, last)
		}
	}
}
