package packed_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/handicap"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/packed"
	"pgregory.net/rapid"
)

func startSFENs() []string {
	s := []string{shogi.StartSFEN}
	for _, h := range handicap.All {
		s = append(s, h.SFEN)
	}
	return s
}

// drawPlayed draws a position of a random game from the even start or a handicap
// start, and a legal move there (NoMove when there is none).
func drawPlayed(t *rapid.T) (*shogi.Position, shogi.Move) {
	p := gametest.DrawPlayed(t, rapid.SampledFrom(startSFENs()).Draw(t, "start"), 250)
	moves := p.LegalMoves()
	if len(moves) == 0 {
		return p, shogi.NoMove
	}
	return p, rapid.SampledFrom(moves).Draw(t, "move")
}

// TestPlayedRoundTrip: a position of a game → every format → the same position (move
// number 1 for HCP, PackedSfen and HCPE, kept by PSV), with the same move.
func TestPlayedRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, m := drawPlayed(t)
		want1 := withMoveNumber(t, p, 1)
		eval := rapid.IntRange(-40000, 40000).Draw(t, "eval")
		result := shogi.Result(rapid.IntRange(0, 3).Draw(t, "result"))

		hcp, err := packed.EncodeHCP(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := hcp.Position()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if diff := cmp.Diff(want1, q.String()); diff != "" {
			t.Fatalf("hcp (-want +got)\n%s", diff)
		}
		ps, err := packed.EncodePackedSfen(p)
		if err != nil {
			t.Fatal(err)
		}
		if q, err = ps.Position(); err != nil || q.String() != want1 {
			t.Fatalf("psfen gives %v, %v; want %s", q, err, want1)
		}
		// PositionInto a used position gives the same, with no history; a bad entry
		// leaves the position as it was.
		into := shogi.NewStartPosition()
		into.PlayUnchecked(into.LegalMoves()[0])
		if err := hcp.PositionInto(into); err != nil || into.String() != want1 || into.Ply() != 0 {
			t.Fatalf("hcp PositionInto gives %v (ply %d), %v; want %s", into, into.Ply(), err, want1)
		}
		into = shogi.NewStartPosition()
		into.PlayUnchecked(into.LegalMoves()[0])
		before := into.String()
		bad := hcp
		bad[0] |= 0xFE // a king past the board
		if err := bad.PositionInto(into); !errors.Is(err, packed.ErrBadCode) || into.String() != before || into.Ply() != 1 {
			t.Fatalf("hcp PositionInto of a bad entry: %v, left %v (ply %d), want %s", err, into, into.Ply(), before)
		}
		if err := ps.PositionInto(into); err != nil || into.String() != want1 || into.Ply() != 0 {
			t.Fatalf("psfen PositionInto gives %v, %v; want %s", into, err, want1)
		}

		he, err := packed.NewHCPE(p, m, eval, result)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := he.MarshalBinary()
		var he2 packed.HCPE
		if err := he2.UnmarshalBinary(b); err != nil || he2 != he {
			t.Fatalf("hcpe binary round trip: %v %+v", err, he2)
		}
		q, qm, err := he2.Check()
		if err != nil || q.String() != want1 || qm != m {
			t.Fatalf("hcpe gives %v %v, %v; want %s %v", q, qm, err, want1, m)
		}
		if int(he.Eval) != max(-32767, min(32767, eval)) {
			t.Fatalf("eval %d clamped to %d", eval, he.Eval)
		}

		pv, err := packed.NewPSV(p, m, eval, result)
		if err != nil {
			t.Fatal(err)
		}
		b, _ = pv.MarshalBinary()
		var pv2 packed.PSV
		if err := pv2.UnmarshalBinary(b); err != nil || pv2 != pv {
			t.Fatalf("psv binary round trip: %v %+v", err, pv2)
		}
		q, qm, err = pv2.Check()
		if err != nil || q.String() != p.String() || qm != m {
			t.Fatalf("psv gives %v %v, %v; want %s %v", q, qm, err, p, m)
		}
		if w, ok := result.Winner(); ok != (pv.Result != 0) || ok && (w == p.SideToMove()) != (pv.Result == 1) {
			t.Fatalf("result %v to move %v gives psv result %d", result, p.SideToMove(), pv.Result)
		}
	})
}

// TestComposedRoundTrip: positions that place a set's pieces (or fewer) anywhere, in
// hands or the box, either side to move, round-trip through the Setup of both 256-bit
// formats; without a king they are refused.
func TestComposedRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := gametest.DrawComposed(t, nil)
		hcp, err := packed.EncodeHCP(p)
		ps, err2 := packed.EncodePackedSfen(p)
		if p.King(shogi.Black) == shogi.NoSquare || p.King(shogi.White) == shogi.NoSquare {
			if !errors.Is(err, packed.ErrNoKing) || !errors.Is(err2, packed.ErrNoKing) || hcp != (packed.HCP{}) {
				t.Fatalf("no king: %v, %v", err, err2)
			}
			return
		}
		if err != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", p, err, err2)
		}
		for name, decode := range map[string]func() (shogi.Setup, error){"hcp": hcp.Setup, "psfen": ps.Setup} {
			s, err := decode()
			if err != nil {
				t.Fatalf("%s: %s: %v", p, name, err)
			}
			if diff := cmp.Diff(p.String(), setupSFEN(t, s)); diff != "" {
				t.Fatalf("%s (-want +got)\n%s", name, diff)
			}
		}
	})
}

// TestMoveRoundTrip: every legal move → each 16-bit layout → the same move, checked
// legal in its position; the two layouts convert into each other.
func TestMoveRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := gametest.DrawPlayed(t, rapid.SampledFrom(startSFENs()).Draw(t, "start"), 250)
		for _, m := range p.LegalMoves() {
			a, y := packed.NewAperyMove16(m), packed.NewYaneuraOuMove16(m)
			if got, err := a.Move(p); err != nil || got != m {
				t.Fatalf("%v → apery %#04x → %v, %v", m, uint16(a), got, err)
			}
			if got, err := y.Move(p); err != nil || got != m {
				t.Fatalf("%v → yaneuraou %#04x → %v, %v", m, uint16(y), got, err)
			}
			if a.YaneuraOu() != y || y.Apery() != a || a.String() != m.String() || y.String() != m.String() {
				t.Fatalf("%v: apery %#04x and yaneuraou %#04x do not convert", m, uint16(a), uint16(y))
			}
		}
	})
}

func TestMove16Examples(t *testing.T) {
	p := gametest.Play(t, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
	hands := gametest.Play(t, "4k4/9/9/9/9/9/9/9/4K4 b GP 1")
	tests := []struct {
		p     *shogi.Position
		usi   string
		apery uint16
		yane  uint16
	}{
		{gametest.Play(t, shogi.StartSFEN), "7g7f", 0x1e3b, 0x1e3b},
		{p, "8h2b+", 0x630a, 0xa30a},
		{hands, "P*5e", 0x28a8, 0x40a8},
		{hands, "G*5d", 0x2ba7, 0x43a7},
	}
	for _, tt := range tests {
		m, err := shogi.ParseUSIMove(tt.usi)
		if err != nil {
			t.Fatal(err)
		}
		if a, y := packed.NewAperyMove16(m), packed.NewYaneuraOuMove16(m); uint16(a) != tt.apery || uint16(y) != tt.yane {
			t.Errorf("%s: %#04x %#04x, want %#04x %#04x", tt.usi, uint16(a), uint16(y), tt.apery, tt.yane)
		}
		// Each read in the wrong layout is another move or none.
		if got, err := packed.YaneuraOuMove16(tt.apery).Move(tt.p); err == nil && got == m && tt.apery != tt.yane {
			t.Errorf("%s: apery bits read as yaneuraou give the same move", tt.usi)
		}
	}
}

func TestMove16Errors(t *testing.T) {
	p := shogi.NewStartPosition()
	for _, tt := range []struct {
		name string
		err  error
	}{
		{"zero", func() error { _, err := packed.AperyMove16(0).Move(p); return err }()},
		{"to past the board", func() error { _, err := packed.AperyMove16(81).Move(p); return err }()},
		{"drop with promotion", func() error { _, err := packed.AperyMove16(0x28a8 | 1<<14).Move(p); return err }()},
		{"drop of type 8", func() error { _, err := packed.YaneuraOuMove16(0x4000 | 8<<7 | 40).Move(p); return err }()},
		{"yaneuraou null move", func() error { _, err := packed.YaneuraOuMove16(0x81).Move(p); return err }()},
		{"not in hand", func() error { _, err := packed.AperyMove16(0x28a8).Move(p); return err }()},
	} {
		if !errors.Is(tt.err, packed.ErrMove) || packed.Code(tt.err) != "invalid-move" {
			t.Errorf("%s: %v", tt.name, tt.err)
		}
	}
	_, err := packed.AperyMove16(0x28a8).Move(p)
	if !errors.Is(err, shogi.ErrNotInHand) {
		t.Errorf("drop not in hand: %v, want the foul", err)
	}
}

// TestRefused: positions the formats cannot hold are errors, never bytes.
func TestRefused(t *testing.T) {
	s, err := shogi.ParseSetup("4k4/9/9/9/9/9/9/9/4K4 b 19P 1")
	if err != nil {
		t.Fatal(err)
	}
	s.AllowExtraPieces = true
	extra, err := shogi.NewPosition(s)
	if err != nil {
		t.Fatal(err)
	}
	oneKing, err := shogi.ParseSFENUnreachable("4k4/9/9/9/9/9/9/9/9 b 2R 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		p    *shogi.Position
		want error
		code string
	}{{extra, packed.ErrTooManyPieces, "too-many-pieces"}, {oneKing, packed.ErrNoKing, "no-king"}} {
		h, err := packed.EncodeHCP(tt.p)
		ps, err2 := packed.EncodePackedSfen(tt.p)
		b, err3 := packed.AppendHCP([]byte("x"), tt.p)
		_, err4 := packed.NewHCPE(tt.p, shogi.NoMove, 0, shogi.NoResult)
		_, err5 := packed.NewPSV(tt.p, shogi.NoMove, 0, shogi.NoResult)
		for _, e := range []error{err, err2, err3, err4, err5} {
			if !errors.Is(e, tt.want) || packed.Code(e) != tt.code {
				t.Errorf("%s: %v, want %v", tt.p, e, tt.want)
			}
		}
		if h != (packed.HCP{}) || ps != (packed.PackedSfen{}) || !bytes.Equal(b, []byte("x")) {
			t.Errorf("%s: bytes written on error", tt.p)
		}
	}
}

// TestAppendSampleEntries: AppendSample encodes each packed entry in place, and its
// bytes are those of the format's own encoder (NewHCPE, NewPSV with gamePly Index+1,
// AppendHCP, AppendPackedSfen) for any position of a game, move, evaluation, result
// and index, after whatever dst held.
func TestAppendSampleEntries(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, m := drawPlayed(t)
		s := packed.Sample{Position: p, Move: m,
			Eval:   rapid.IntRange(-40000, 40000).Draw(t, "eval"),
			Result: shogi.Result(rapid.IntRange(0, 3).Draw(t, "result")),
			Index:  rapid.IntRange(0, 0xFFFE).Draw(t, "index")}
		prefix := rapid.SliceOfN(rapid.Byte(), 0, 50).Draw(t, "prefix")
		h, err := packed.NewHCPE(p, m, s.Eval, s.Result)
		if err != nil {
			t.Fatal(err)
		}
		v, err := packed.NewPSV(p, m, s.Eval, s.Result)
		if err != nil {
			t.Fatal(err)
		}
		v.GamePly = uint16(s.Index + 1)
		want := map[packed.SampleFormat][]byte{}
		want[packed.SampleHCPE], _ = h.AppendBinary(bytes.Clone(prefix))
		want[packed.SamplePSV], _ = v.AppendBinary(bytes.Clone(prefix))
		want[packed.SampleHCP], _ = packed.AppendHCP(bytes.Clone(prefix), p)
		want[packed.SamplePackedSfen], _ = packed.AppendPackedSfen(bytes.Clone(prefix), p)
		for f, w := range want {
			got, err := packed.AppendSample(bytes.Clone(prefix), f, &s)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if diff := cmp.Diff(w, got); diff != "" {
				t.Fatalf("%s (-want +got)\n%s", f, diff)
			}
		}
	})
}
