package packed_test

import (
	"bufio"
	"encoding/hex"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/packed"
)

// vector is a line of testdata/cshogi.tsv (see its README).
type vector struct {
	sfen, usi                   string
	eval, hcpeResult, psvResult int
	ply                         int
	hcp, psfen, hcpe, psv       []byte
	move16, psvMove16           uint16
}

func readVectors(t testing.TB) []vector {
	t.Helper()
	f, err := os.Open("testdata/cshogi.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 12 {
			t.Fatalf("%d columns in %q", len(c), line)
		}
		atoi := func(s string) int {
			n, err := strconv.Atoi(s)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		unhex := func(s string) []byte {
			b, err := hex.DecodeString(s)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		u16 := func(s string) uint16 {
			n, err := strconv.ParseUint(s, 16, 16)
			if err != nil {
				t.Fatal(err)
			}
			return uint16(n)
		}
		vs = append(vs, vector{c[0], c[1], atoi(c[2]), atoi(c[3]), atoi(c[4]), atoi(c[5]),
			unhex(c[6]), unhex(c[7]), unhex(c[10]), unhex(c[11]), u16(c[8]), u16(c[9])})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestCshogiVectors checks every format byte for byte against cshogi's output, and
// reads each entry back.
func TestCshogiVectors(t *testing.T) {
	vs := readVectors(t)
	if len(vs) < 500 {
		t.Fatalf("only %d vectors", len(vs))
	}
	for _, v := range vs {
		p, err := shogi.ParseSFEN(v.sfen)
		unreachable := err != nil // one vector has the side not to move in check
		if unreachable {
			if p, err = shogi.ParseSFENUnreachable(v.sfen); err != nil {
				t.Fatalf("%s: %v", v.sfen, err)
			}
		}
		m := shogi.NoMove
		if v.usi != "-" {
			if m, err = shogi.ParseUSIMove(v.usi); err != nil {
				t.Fatal(err)
			}
		}
		hcp, err := packed.EncodeHCP(p)
		if err != nil {
			t.Fatalf("%s: %v", v.sfen, err)
		}
		if diff := cmp.Diff(v.hcp, hcp[:]); diff != "" {
			t.Errorf("%s: hcp (-cshogi +got)\n%s", v.sfen, diff)
		}
		ps, err := packed.EncodePackedSfen(p)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(v.psfen, ps[:]); diff != "" {
			t.Errorf("%s: psfen (-cshogi +got)\n%s", v.sfen, diff)
		}
		if got := packed.NewAperyMove16(m); uint16(got) != v.move16 {
			t.Errorf("%s %s: move16 %#04x, cshogi %#04x", v.sfen, v.usi, got, v.move16)
		}
		if got := packed.NewYaneuraOuMove16(m); uint16(got) != v.psvMove16 {
			t.Errorf("%s %s: psv move16 %#04x, cshogi %#04x", v.sfen, v.usi, got, v.psvMove16)
		}
		he := packed.HCPE{Position: hcp, Eval: int16(v.eval), Move: packed.NewAperyMove16(m), Result: packed.HCPEResult(v.hcpeResult)}
		b, _ := he.AppendBinary(nil)
		if diff := cmp.Diff(v.hcpe, b); diff != "" {
			t.Errorf("%s: hcpe (-cshogi +got)\n%s", v.sfen, diff)
		}
		pv := packed.PSV{Position: ps, Score: int16(v.eval), Move: packed.NewYaneuraOuMove16(m), GamePly: uint16(v.ply), Result: int8(v.psvResult)}
		b, _ = pv.AppendBinary(nil)
		if diff := cmp.Diff(v.psv, b); diff != "" {
			t.Errorf("%s: psv (-cshogi +got)\n%s", v.sfen, diff)
		}

		// And back, from cshogi's bytes.
		if unreachable {
			s, err := hcp.Setup()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(withMoveNumber(t, p, 1), setupSFEN(t, s)); diff != "" {
				t.Errorf("hcp setup (-want +got)\n%s", diff)
			}
			if _, err := hcp.Position(); !errors.Is(err, packed.ErrPosition) || !errors.Is(err, shogi.ErrOpponentInCheck) {
				t.Errorf("unreachable position decodes with %v", err)
			}
			continue
		}
		var gotHCPE packed.HCPE
		if err := gotHCPE.UnmarshalBinary(v.hcpe); err != nil {
			t.Fatal(err)
		}
		q, qm, err := gotHCPE.Check()
		if err != nil {
			t.Fatalf("%s: hcpe: %v", v.sfen, err)
		}
		want := withMoveNumber(t, p, 1)
		if q.String() != want || qm != m {
			t.Errorf("hcpe decodes to %s %v, want %s %v", q, qm, want, m)
		}
		var gotPSV packed.PSV
		if err := gotPSV.UnmarshalBinary(v.psv); err != nil {
			t.Fatal(err)
		}
		q, qm, err = gotPSV.Check()
		if err != nil {
			t.Fatalf("%s: psv: %v", v.sfen, err)
		}
		want = withMoveNumber(t, p, v.ply)
		if q.String() != want || qm != m {
			t.Errorf("psv decodes to %s %v, want %s %v", q, qm, want, m)
		}
	}
}

// withMoveNumber returns the SFEN of p with move number n.
func withMoveNumber(t fataler, p *shogi.Position, n int) string {
	s := p.Setup()
	s.MoveNumber = n
	return setupSFEN(t, s)
}

// setupSFEN returns the SFEN of s, allowing unreachable positions.
func setupSFEN(t fataler, s shogi.Setup) string {
	t.Helper()
	s.AllowUnreachable = true
	q, err := shogi.NewPosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return q.String()
}

// fataler is what the helpers need of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
}
