package packed_test

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/packed"
)

func TestFilterRejectRecord(t *testing.T) {
	rated := "'black_rate:alice:2500.0\n'white_rate:bob:1800.5\n"
	tests := []struct {
		name   string
		text   string
		filter packed.Filter
		want   string
	}{
		{"zero filter", floodgateGame, packed.Filter{}, ""},
		{"min plies met", floodgateGame, packed.Filter{MinPlies: 5}, ""},
		{"min plies", floodgateGame, packed.Filter{MinPlies: 6}, packed.RejectMinPlies},
		{"endings kept", floodgateGame + "%TORYO\n", packed.Filter{Endings: []shogi.EndingKind{shogi.EndMate, shogi.EndResign}}, ""},
		{"endings", floodgateGame + "%SENNICHITE\n", packed.Filter{Endings: []shogi.EndingKind{shogi.EndResign}}, packed.RejectEndings},
		{"no ending kept as none", floodgateGame, packed.Filter{Endings: []shogi.EndingKind{shogi.EndNone}}, ""},
		{"no ending", floodgateGame, packed.Filter{Endings: []shogi.EndingKind{}}, packed.RejectEndings},
		{"ratings met", rated + floodgateGame, packed.Filter{ByRating: true, MinRating: 1800.5}, ""},
		{"a rating below", rated + floodgateGame, packed.Filter{ByRating: true, MinRating: 2000}, packed.RejectMinRating},
		{"no ratings", floodgateGame, packed.Filter{ByRating: true, MinRating: -1000}, packed.RejectMinRating},
		{"plies first", floodgateGame, packed.Filter{MinPlies: 9, ByRating: true}, packed.RejectMinPlies},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.text
			if text[0] == '\'' { // the ratings go after the version line
				text = "V2.2\n" + text[:len(rated)] + tt.text[len(rated)+len("V2.2\n"):]
			}
			rec := parseCSA(t, text)
			if got := tt.filter.RejectRecord(rec, len(rec.Moves())); got != tt.want {
				t.Errorf("RejectRecord = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestFloodgateRatings(t *testing.T) {
	rec := parseCSA(t, "V2.2\n'black_rate:a:b:3382.0\n'white_rate:w:-12.5\n"+floodgateGame[len("V2.2\n"):])
	b, w, ok := packed.FloodgateRatings(rec)
	if b != 3382 || w != -12.5 || !ok {
		t.Errorf("FloodgateRatings = %v, %v, %v", b, w, ok)
	}
	rec = parseCSA(t, "V2.2\n'black_rate:a:NaN\n'white_rate:w:1\n"+floodgateGame[len("V2.2\n"):])
	if _, _, ok := packed.FloodgateRatings(rec); ok {
		t.Error("a NaN rating counts")
	}
}

func TestFilterKeepSample(t *testing.T) {
	f := packed.Filter{SkipFirst: 2, ByEval: true, MaxEval: 100}
	tests := []struct {
		index, eval int
		want        bool
	}{{0, 0, false}, {1, 0, false}, {2, 0, true}, {2, 100, true}, {2, -100, true}, {3, 101, false}, {3, -101, false}}
	for _, tt := range tests {
		if got := f.KeepSample(&packed.Sample{Index: tt.index, Eval: tt.eval}); got != tt.want {
			t.Errorf("KeepSample(index %d, eval %d) = %v", tt.index, tt.eval, got)
		}
	}
	zero := packed.Filter{}
	if !zero.KeepSample(&packed.Sample{Eval: math.MaxInt16}) {
		t.Error("the zero filter drops a sample")
	}
}

func TestSampleFormats(t *testing.T) {
	for f := packed.SampleHCPE; f <= packed.SampleUSI; f++ {
		g, err := packed.ParseSampleFormat(f.String())
		if err != nil || g != f {
			t.Errorf("ParseSampleFormat(%q) = %v, %v", f.String(), g, err)
		}
	}
	if _, err := packed.ParseSampleFormat("csa"); err == nil {
		t.Error("csa is a sample format")
	}
	if packed.SamplePSV.Size() != packed.PSVSize || packed.SampleHCPE.Packed() != packed.FormatHCPE || packed.SampleUSI.Size() != 0 {
		t.Error("sizes")
	}
}

// TestAppendSample: each format's entry is the one of the format's own encoder, the
// text lines number the position from the record's start, and a position a format
// cannot hold leaves dst as it was.
func TestAppendSample(t *testing.T) {
	rec := parseCSA(t, floodgateGame+"%TORYO\n")
	var got, want [7][]byte
	for s, err := range packed.Samples(rec) {
		if err != nil {
			t.Fatal(err)
		}
		for f := packed.SampleHCPE; f <= packed.SampleUSI; f++ {
			if got[f], err = packed.AppendSample(got[f], f, &s); err != nil {
				t.Fatal(err)
			}
		}
		h, _ := packed.NewHCPE(s.Position, s.Move, s.Eval, s.Result)
		want[packed.SampleHCPE], _ = h.AppendBinary(want[packed.SampleHCPE])
		want[packed.SampleHCP], _ = packed.AppendHCP(want[packed.SampleHCP], s.Position)
		want[packed.SamplePackedSfen], _ = packed.AppendPackedSfen(want[packed.SamplePackedSfen], s.Position)
		p, _ := packed.NewPSV(s.Position, s.Move, s.Eval, s.Result)
		want[packed.SamplePSV], _ = p.AppendBinary(want[packed.SamplePSV])
		want[packed.SampleSFEN] = append(want[packed.SampleSFEN], s.Position.String()+"\n"...)
		want[packed.SampleUSI] = append(want[packed.SampleUSI], "position sfen "+s.Position.String()+" moves "+s.Move.String()+"\n"...)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (-want +got)\n%s", diff)
	}

	// UndoSamples' positions carry the final position's numbers: the entries count from
	// the record's start all the same.
	final, err := shogi.ParseSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 41")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rec.Moves() {
		if err := final.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	var back [7][]byte
	for s, err := range packed.UndoSamples(rec, final) {
		if err != nil {
			t.Fatal(err)
		}
		for f := packed.SampleHCPE; f <= packed.SampleUSI; f++ {
			entry, err := packed.AppendSample(nil, f, &s)
			if err != nil {
				t.Fatal(err)
			}
			back[f] = append(entry, back[f]...)
		}
	}
	if diff := cmp.Diff(want, back); diff != "" {
		t.Errorf("entries from UndoSamples (-want +got)\n%s", diff)
	}

	// A tsume problem has no Black king: no packed entry, dst unchanged.
	p, err := shogi.ParseSFEN("4k4/9/4G4/9/9/9/9/9/9 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	s := packed.Sample{Position: p, Move: shogi.NoMove}
	for _, f := range []packed.SampleFormat{packed.SampleHCPE, packed.SampleHCP, packed.SamplePackedSfen, packed.SamplePSV} {
		dst := []byte("kept")
		dst, err := packed.AppendSample(dst, f, &s)
		if !errors.Is(err, packed.ErrNoKing) || !bytes.Equal(dst, []byte("kept")) {
			t.Errorf("%s: %q, %v; want dst kept and ErrNoKing", f, dst, err)
		}
	}
	if _, err := packed.AppendSample(nil, 0, &s); err == nil {
		t.Error("format 0 appends")
	}
}
