package packed_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
	"github.com/kifu-go/shogi/packed"
)

// gameEntries returns the positions of a random game and the moves played in them.
func gameEntries(n int) ([]*shogi.Position, []shogi.Move) {
	rec := gametest.Long(n, 7)
	p := shogi.NewStartPosition()
	var ps []*shogi.Position
	var ms []shogi.Move
	for _, m := range rec.Moves() {
		ps = append(ps, p.Clone())
		ms = append(ms, m)
		p.PlayUnchecked(m)
	}
	return ps, ms
}

// streamOf writes the entries of type E of a game.
func streamOf[E packed.Entry](t testing.TB, ps []*shogi.Position, ms []shogi.Move) []byte {
	var buf bytes.Buffer
	w := packed.NewWriter[E](&buf)
	for i, p := range ps {
		var e any
		var err error
		switch any(*new(E)).(type) {
		case packed.HCP:
			e, err = packed.EncodeHCP(p)
		case packed.PackedSfen:
			e, err = packed.EncodePackedSfen(p)
		case packed.HCPE:
			e, err = packed.NewHCPE(p, ms[i], i*10-300, shogi.BlackWins)
		case packed.PSV:
			e, err = packed.NewPSV(p, ms[i], i*10-300, shogi.WhiteWins)
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(e.(E)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestStreams(t *testing.T) {
	ps, ms := gameEntries(120)
	for _, reuse := range []bool{false, true} {
		testStream[packed.HCP](t, ps, ms, reuse)
		testStream[packed.PackedSfen](t, ps, ms, reuse)
		testStream[packed.HCPE](t, ps, ms, reuse)
		testStream[packed.PSV](t, ps, ms, reuse)
	}
}

// testStream reads a game's stream back, then the same with one entry corrupted in
// each way its format can be, and with a truncated tail; reuse sets the readers'
// ReusePosition, which must change nothing but the positions' identity.
func testStream[E packed.Entry](t *testing.T, ps []*shogi.Position, ms []shogi.Move, reuse bool) {
	f := packed.FormatOf[E]()
	data := streamOf[E](t, ps, ms)
	if len(data) != len(ps)*f.Size() {
		t.Fatalf("%v: %d bytes for %d entries", f, len(data), len(ps))
	}
	r := packed.NewReader[E](bytes.NewReader(data))
	r.ReusePosition = reuse
	i := 0
	var first *shogi.Position
	for _, err := range r.All() {
		if err != nil {
			t.Fatalf("%v entry %d: %v", f, i, err)
		}
		if first == nil {
			first = r.Position()
		} else if (r.Position() == first) != reuse {
			t.Fatalf("%v entry %d, ReusePosition %v: the position of entry 0 is the same: %v", f, i, reuse, r.Position() == first)
		}
		want := streamWant(t, f, ps[i])
		if got := r.Position().String(); got != want {
			t.Fatalf("%v entry %d: %s, want %s", f, i, got, want)
		}
		wantMove := ms[i]
		if f == packed.FormatHCP || f == packed.FormatPackedSfen {
			wantMove = shogi.NoMove
		}
		if r.Move() != wantMove {
			t.Fatalf("%v entry %d: move %v, want %v", f, i, r.Move(), wantMove)
		}
		i++
	}
	if i != len(ps) {
		t.Fatalf("%v: read %d entries of %d", f, i, len(ps))
	}
	if _, err := r.Read(); err != io.EOF {
		t.Fatalf("%v: after the end: %v", f, err)
	}

	type corruption struct {
		name string
		edit func(entry []byte)
		code string
	}
	corruptions := []corruption{
		{"king square past the board", func(b []byte) { b[0] |= 0xFE }, "bad-code"},
		{"king on square 81 (no king)", func(b []byte) { b[0] = b[0]&1 | 81<<1 }, "no-king"},
		{"both kings on one square", func(b []byte) { b[1] = b[1]&^0x7F | (b[0] >> 1 & 0x7F) }, "bad-code"},
		{"pieces in the wrong order", func(b []byte) { b[31] ^= 0xFF; b[30] ^= 0xFF }, ""},
	}
	switch f {
	case packed.FormatHCPE:
		corruptions = append(corruptions,
			corruption{"result 3", func(b []byte) { b[36] = 3 }, "bad-field"},
			corruption{"illegal move", func(b []byte) { b[34], b[35] = 0x28, 0x28 }, "invalid-move"})
	case packed.FormatPSV:
		corruptions = append(corruptions,
			corruption{"result 2", func(b []byte) { b[38] = 2 }, "bad-field"},
			corruption{"illegal move", func(b []byte) { b[34], b[35] = 0xa8, 0x40 }, "invalid-move"})
	}
	const bad = 37
	for _, c := range corruptions {
		d := bytes.Clone(data)
		off := bad * f.Size()
		c.edit(d[off : off+f.Size()])
		r := packed.NewReader[E](bytes.NewReader(d))
		r.ReusePosition = reuse
		var errs []*packed.Error
		n := 0
		for _, err := range r.All() {
			n++
			if (err != nil) != (r.Position() == nil) {
				t.Fatalf("%v %s: error %v with position %v", f, c.name, err, r.Position())
			}
			if err == nil && r.Position().String() != streamWant(t, f, ps[n-1]) {
				t.Fatalf("%v %s: entry %d is %s, want %s", f, c.name, n-1, r.Position(), streamWant(t, f, ps[n-1]))
			}
			if err != nil {
				var pe *packed.Error
				if !errors.As(err, &pe) {
					t.Fatalf("%v %s: %v is not a *packed.Error", f, c.name, err)
				}
				errs = append(errs, pe)
			}
		}
		if n != len(ps) || len(errs) != 1 {
			t.Fatalf("%v %s: %d entries, errors %v", f, c.name, n, errs)
		}
		e := errs[0]
		if e.Index != bad || e.Offset != int64(off) || e.Format != f || (c.code != "" && e.Code() != c.code) {
			t.Errorf("%v %s: %v (code %s), want entry %d at byte %d, code %s", f, c.name, e, e.Code(), bad, off, c.code)
		}
	}

	// A truncated tail.
	r = packed.NewReader[E](bytes.NewReader(data[:len(data)-5]))
	r.ReusePosition = reuse
	var last error
	n := 0
	for _, err := range r.All() {
		n++
		last = err
	}
	var pe *packed.Error
	if n != len(ps) || !errors.As(last, &pe) || pe.Code() != "truncated" || pe.Index != int64(len(ps)-1) {
		t.Errorf("%v truncated: %d entries, last error %v", f, n, last)
	}
}

// streamWant is the SFEN of p as the entries of format f hold it: move number 1 except
// in PSV.
func streamWant(t *testing.T, f packed.Format, p *shogi.Position) string {
	if f == packed.FormatPSV {
		return p.String()
	}
	return withMoveNumber(t, p, 1)
}

// errReader fails after its data.
type errReader struct{ data []byte }

var errDisk = errors.New("disk on fire")

func (r *errReader) Read(b []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, errDisk
	}
	n := copy(b, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestReaderIOError(t *testing.T) {
	ps, ms := gameEntries(3)
	data := streamOf[packed.HCPE](t, ps, ms)
	r := packed.NewReader[packed.HCPE](&errReader{data})
	var errs []error
	for _, err := range r.All() {
		errs = append(errs, err)
	}
	if len(errs) != 4 || errs[2] != nil || !errors.Is(errs[3], errDisk) || packed.Code(errs[3]) != "io" {
		t.Fatalf("errors %v", errs)
	}
	if _, err := r.Read(); !errors.Is(err, errDisk) {
		t.Errorf("after an I/O error: %v", err)
	}
}

// TestReaderAllowUnreachable: a position with the side not to move in check reads only
// with AllowUnreachable.
func TestReaderAllowUnreachable(t *testing.T) {
	p, err := shogi.ParseSFENUnreachable("4k4/4R4/9/9/9/9/9/9/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := packed.NewWriter[packed.PSV](&buf)
	e, err := packed.NewPSV(p, shogi.NoMove, 0, shogi.NoResult)
	if err != nil {
		t.Fatal(err)
	}
	_ = w.Write(e)
	_ = w.Flush()
	r := packed.NewReader[packed.PSV](bytes.NewReader(buf.Bytes()))
	if _, err := r.Read(); !errors.Is(err, shogi.ErrOpponentInCheck) || packed.Code(err) != "invalid-position" {
		t.Errorf("strict read: %v", err)
	}
	r = packed.NewReader[packed.PSV](bytes.NewReader(buf.Bytes()))
	r.AllowUnreachable = true
	if _, err := r.Read(); err != nil || r.Position().String() != p.String() {
		t.Errorf("lenient read: %v, %v", r.Position(), err)
	}
}
