package packed_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/packed"
	"pgregory.net/rapid"
)

var sampleFormats = []packed.SampleFormat{packed.SampleHCPE, packed.SampleHCP, packed.SamplePackedSfen, packed.SamplePSV, packed.SampleSFEN, packed.SampleUSI}

// encodeBoth appends s in format f with the function and with e, and fails unless
// the two give the same entry, or the same error and dst as it was.
func encodeBoth(t fataler, e *packed.Encoder, f packed.SampleFormat, s *packed.Sample) {
	t.Helper()
	prefix := []byte("entry before|")
	want, wantErr := packed.AppendSample(append([]byte(nil), prefix...), f, s)
	got, gotErr := e.AppendSample(append([]byte(nil), prefix...), f, s)
	if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
		t.Fatal(s.Position.String(), f, ": error ", gotErr, ", AppendSample's ", wantErr)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatal(s.Position.String(), f, ": (-AppendSample +Encoder)\n", diff)
	}
}

// The Encoder gives the entries of AppendSample on the positions of games walked forth
// and back, with positions placed at random between them (some without a king or with
// more pieces of a kind than a set), in every format.
func TestEncoderMatchesAppendSample(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var e packed.Encoder
		for range rapid.IntRange(1, 4).Draw(t, "walks") {
			p := gametest.DrawPlayed(t, rapid.SampledFrom(startSFENs()).Draw(t, "start"), 60)
			f := rapid.SampledFrom(sampleFormats).Draw(t, "format")
			for i := range rapid.IntRange(0, 40).Draw(t, "plies") {
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				m := rapid.SampledFrom(moves).Draw(t, "move")
				s := packed.Sample{Position: p, Move: m, Index: i, Eval: i * 10, Result: shogi.WhiteWins}
				encodeBoth(t, &e, f, &s)
				p.PlayUnchecked(m)
			}
			for i := 0; p.Ply() > 0; i++ { // and back, as shogi positions takes a line
				m := p.Undo()
				s := packed.Sample{Position: p, Move: m, Index: i, Result: shogi.BlackWins}
				encodeBoth(t, &e, f, &s)
			}
			q := gametest.DrawComposed(t, nil)
			encodeBoth(t, &e, f, &packed.Sample{Position: q})
		}
	})
}

// TestEncoderCshogiVectors codes the positions of the cshogi vectors one after another
// with one Encoder, byte for byte as cshogi.
func TestEncoderCshogiVectors(t *testing.T) {
	var e packed.Encoder
	for _, v := range readVectors(t) {
		p, err := shogi.ParseSFEN(v.sfen)
		if err != nil {
			if p, err = shogi.ParseSFENUnreachable(v.sfen); err != nil {
				t.Fatalf("%s: %v", v.sfen, err)
			}
		}
		s := packed.Sample{Position: p}
		hcp, err := e.AppendSample(nil, packed.SampleHCP, &s)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(v.hcp, hcp); diff != "" {
			t.Errorf("%s: hcp (-cshogi +Encoder)\n%s", v.sfen, diff)
		}
		ps, err := e.AppendSample(nil, packed.SamplePackedSfen, &s)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(v.psfen, ps); diff != "" {
			t.Errorf("%s: psfen (-cshogi +Encoder)\n%s", v.sfen, diff)
		}
	}
}

// The Encoder's longest files: a file of four pieces of 8 bits and five of 6 takes 62
// bits, past what the accumulator holds after a flush; more bishops than a set
// (AllowExtraPieces) are refused.
func TestEncoderLongFiles(t *testing.T) {
	var e packed.Encoder
	for _, tc := range []struct {
		sfen   string
		extra  bool
		failed bool
	}{
		{shogi.StartSFEN, false, false},
		{"8+R/8+B/8G/8+r/4k3+b/8g/8S/8s/K7L b - 1", false, false},
		{"8+R/8+B/8G/8+r/4k3+b/8g/8S/8s/K7L w 2P 1", false, false},
		{"+R+B+r+b5/9/9/9/4k4/9/9/9/4K4 b - 1", false, false},
		{"8+B/8+B/8+B/8+B/4k3+B/8+B/8+B/8+B/K7+B b - 1", true, true},
		// PackedSfen: the codes of file 6 end the accumulator's word exactly (rapid
		// found it: the Encoder left the word's bits in it for the next file).
		{"7+Pb/+L6+Pr/4k2S+L/5P1K+N/5s3/4+N3R/8g/3+s4+B/8+L b 3P2gl3p 1", true, false},
		{shogi.StartSFEN, false, false},
	} {
		s, err := shogi.ParseSetup(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		s.AllowExtraPieces, s.AllowUnreachable = tc.extra, tc.extra
		p, err := shogi.NewPosition(s)
		if err != nil {
			t.Fatalf("%s: %v", tc.sfen, err)
		}
		for _, f := range sampleFormats[:4] {
			sample := packed.Sample{Position: p}
			encodeBoth(t, &e, f, &sample)
			if _, err := e.AppendSample(nil, f, &sample); (err != nil) != tc.failed {
				t.Errorf("%s %v: error %v", tc.sfen, f, err)
			}
		}
	}
}

// The Encoder allocates nothing when dst has room.
func TestEncoderAllocs(t *testing.T) {
	ps, ms := gameEntries(100)
	var e packed.Encoder
	buf := make([]byte, 0, packed.PSVSize)
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		k := i % len(ps)
		s := packed.Sample{Position: ps[k], Move: ms[k], Index: k}
		var err error
		if buf, err = e.AppendSample(buf[:0], packed.SamplePSV, &s); err != nil {
			t.Fatal(err)
		}
		i++
	})
	if allocs != 0 {
		t.Errorf("%v allocations an entry", allocs)
	}
}
