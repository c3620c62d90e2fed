package kif

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	shogi "github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/internal/gametest"
)

func addSeeds(f *testing.F, pattern string) {
	files, _ := filepath.Glob(filepath.Join("testdata", pattern))
	for _, name := range files {
		rel, _ := filepath.Rel("testdata", name)
		if seed, ok := gametest.FuzzSeed(readTestdata(f, rel)); ok {
			f.Add(seed)
		}
	}
	for _, s := range []string{
		"", "#KIF version=2.0 encoding=UTF-8\n", kifHead + "   1 ７六歩(77)\n変化：1手\n",
		boardShogidokoro + "手数＝5\n   6 ５二飛打\n", "▲７六歩 △投了\nまで1手で先手の勝ち\n",
		"手合割：香落ち\n   1 ３四歩(33)   (1:2:3/)\n",
	} {
		f.Add([]byte(s))
	}
}

// fuzzRead reads data strictly and leniently. Neither panics; errors are *SyntaxError
// (or io.EOF); what a strict read accepts is written and read back to the same record,
// and writing that again gives the same bytes. A lenient read invents no ending (no
// 反則負け the input does not hold, no result on an EndUnread), places every warning,
// and what it keeps is a record that is written and read back strictly.
func fuzzRead(t *testing.T, data []byte, d Dialect) {
	// Each mode is read once (the reads are most of an execution's time): the lenient
	// read skips nothing in silence (see gametest.CheckLenientReports), and each is
	// checked below.
	type read struct {
		r   *Reader
		rec *shogi.Record
		err error
		res gametest.ReadResult
	}
	var reads [2]read
	for i, lenient := range []bool{false, true} {
		r := NewReader(bytes.NewReader(data))
		r.Format, r.Lenient = d, lenient
		rec, err := r.Read()
		reads[i] = read{r: r, rec: rec, err: err}
		res := &reads[i].res
		res.Warnings = len(r.Warnings())
		switch {
		case err == nil:
			res.Records = append(res.Records, rec)
		case err != io.EOF:
			res.Errors++
		}
	}
	gametest.CheckLenientReports(t, reads[0].res, reads[1].res, diffRecords)
	for i, lenient := range []bool{false, true} {
		r, rec, err := reads[i].r, reads[i].rec, reads[i].err
		if err != nil {
			var se *SyntaxError
			if err != io.EOF && !errors.As(err, &se) {
				t.Fatalf("lenient=%v: %v is not a *SyntaxError", lenient, err)
			}
			if lenient && err != io.EOF && !errors.Is(err, ErrLineTooLong) {
				t.Fatalf("lenient read failed: %v", err)
			}
			if err != io.EOF {
				_ = err.Error()
			}
			continue
		}
		for _, w := range r.Warnings() {
			if w.Line < 1 || w.Column < 1 || !strings.HasPrefix(w.Error(), "kif: line ") || strings.Count(w.Error(), "kif: ") != 1 {
				t.Fatalf("warning %q at %d:%d", w, w.Line, w.Column)
			}
		}
		if !lenient && len(r.Warnings()) > 0 {
			t.Fatalf("a strict read has warnings: %v", r.Warnings())
		}
		if r.RecordLine() < 1 {
			t.Fatalf("lenient=%v: record line %d", lenient, r.RecordLine())
		}
		checkInvented(t, data, rec)
		out, err := appendRecord(nil, rec, d == KI2, UTF8)
		if err != nil {
			t.Fatalf("lenient=%v: writing what was read: %v", lenient, err)
		}
		if lenient {
			back, err := readAs(out, d)
			if err != nil {
				t.Fatalf("lenient: reading back: %v\n%s", err, out)
			}
			if diff := diffRecords(normalised(withoutUnread(rec), d), back); diff != "" {
				t.Fatalf("lenient (-read +read back):\n%s\n%s", diff, out)
			}
			continue
		}
		back, err := readAs(out, d)
		if err != nil {
			t.Fatalf("reading back: %v\n%s", err, out)
		}
		if diff := diffRecords(normalised(rec, d), back); diff != "" {
			t.Fatalf("(-read +read back):\n%s\n%s", diff, out)
		}
		again, err := appendRecord(nil, back, d == KI2, UTF8)
		if err != nil || !bytes.Equal(out, again) {
			t.Fatalf("second write differs: %v\n%s\n%s", err, out, again)
		}
		// In Shift_JIS too, unless the record holds a character it lacks.
		var sj bytes.Buffer
		w := NewWriter(&sj)
		w.Format, w.Encoding = d, ShiftJIS
		if err := w.Write(rec); errors.Is(err, ErrUnencodable) {
			continue
		} else if err != nil {
			t.Fatalf("writing Shift_JIS: %v", err)
		}
		w.Flush()
		back, err = readAs(sj.Bytes(), d)
		if err != nil {
			t.Fatalf("reading back Shift_JIS: %v", err)
		}
		if diff := diffRecords(normalised(rec, d), back); diff != "" {
			t.Fatalf("Shift_JIS (-read +read back):\n%s", diff)
		}
	}
}

// checkInvented fails when rec holds an ending that data does not state: a foul loss
// (反則負け) in a text without the word, or an EndUnread with a result.
func checkInvented(t *testing.T, data []byte, rec *shogi.Record) {
	foul := bytes.Contains(data, []byte("反則負け")) || bytes.Contains(data, []byte("\x94\xbd\x91\xa5\x95\x89\x82\xaf"))
	for _, n := range flatten(rec).Nodes {
		switch {
		case n.End == nil:
		case n.End.Kind == shogi.EndIllegalLoss && !foul:
			t.Fatalf("%s: a foul loss the text does not state", n.Path)
		case n.End.Kind == shogi.EndUnread && n.End.Result != shogi.NoResult:
			t.Fatalf("%s: an unread ending with a result: %+v", n.Path, n.End)
		}
	}
}

// FuzzReadKIF and FuzzReadKI2 take small seeds and pass over long inputs, which the
// test of their big inputs checks (see gametest.FuzzSeedBytes).
func FuzzReadKIF(f *testing.F) {
	addSeeds(f, "kif/*")
	addSeeds(f, "dialects/*.kif*")
	f.Fuzz(func(t *testing.T, data []byte) {
		if !gametest.FuzzTooLarge(data) {
			fuzzRead(t, data, KIF)
		}
	})
}

func FuzzReadKI2(f *testing.F) {
	addSeeds(f, "ki2/*")
	addSeeds(f, "dialects/*.ki2")
	f.Fuzz(func(t *testing.T, data []byte) {
		if !gametest.FuzzTooLarge(data) {
			fuzzRead(t, data, KI2)
		}
	})
}

// TestFuzzBigInputs checks the long inputs that runs of FuzzReadKIF and FuzzReadKI2
// found, kept out of their corpora.
func TestFuzzBigInputs(t *testing.T) {
	for name, d := range map[string]Dialect{"FuzzReadKIF": KIF, "FuzzReadKI2": KI2} {
		gametest.FuzzBigInputs(t, name, func(t *testing.T, v []any) { fuzzRead(t, v[0].([]byte), d) })
	}
}
