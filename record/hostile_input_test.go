package record_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
)

// stuckReader returns no bytes and no error, for ever.
type stuckReader struct{}

func (stuckReader) Read([]byte) (int, error) { return 0, nil }

// failingReader returns its text, then errFailed instead of io.EOF.
type failingReader struct{ r io.Reader }

var errFailed = errors.New("disk on fire")

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, errFailed
	}
	return n, err
}

// TestReadersMakeProgress: a reader that returns nothing and no error for ever is
// io.ErrNoProgress in every format, not a loop; an input that fails in the middle of a
// line is that failure (errors.Is finds it), not a syntax error of the cut line.
func TestReadersMakeProgress(t *testing.T) {
	for _, f := range []record.Format{record.KIF, record.KI2, record.CSA, record.JKF, record.USI, record.SFEN} {
		r := record.NewReader(stuckReader{})
		r.Format = f
		if _, err := r.Read(); !errors.Is(err, io.ErrNoProgress) {
			t.Errorf("%s: %v, want io.ErrNoProgress", f, err)
		}
		if _, err := r.Read(); err != io.EOF {
			t.Errorf("%s: after the failure: %v, want io.EOF", f, err)
		}
	}
	for format, text := range map[record.Format]string{
		record.KIF: "手合割：平手\n   1 ７六歩(77)\n   2 ３",
		record.CSA: "V2.2\nPI\n+\n+7776FU\n-3",
		record.JKF: `{"header":{},"moves":[{},{"move":{"color":0,"fr`,
		record.USI: "position startpos moves 7g7f 3c",
	} {
		r := record.NewReader(&failingReader{strings.NewReader(text)})
		r.Format = format
		_, err := r.Read()
		var re *record.Error
		if !errors.Is(err, errFailed) || !errors.As(err, &re) || re.Code() != "io" {
			t.Errorf("%s: %v, want the input's own error, code io", format, err)
		}
	}
}

// TestZeroValues: readers and writers that were not made by their constructors say so
// instead of panicking.
func TestZeroValues(t *testing.T) {
	var (
		kr kif.Reader
		cr csa.Reader
		jr jkf.Reader
		rr record.Reader
		kw kif.Writer
		cw csa.Writer
		jw jkf.Writer
	)
	for name, read := range map[string]func() (*shogi.Record, error){"kif": kr.Read, "csa": cr.Read, "jkf": jr.Read, "record": rr.Read} {
		if _, err := read(); err == nil || err == io.EOF {
			t.Errorf("zero %s.Reader: %v", name, err)
		}
	}
	for name, w := range map[string]interface {
		Write(*shogi.Record) error
		Flush() error
	}{"kif": &kw, "csa": &cw, "jkf": &jw} {
		if err := w.Write(shogi.NewRecord()); err == nil {
			t.Errorf("zero %s.Writer: Write succeeded", name)
		}
		if err := w.Flush(); err == nil {
			t.Errorf("zero %s.Writer: Flush succeeded", name)
		}
	}
}

// TestNothingReplacedInSilence: a byte order mark inside a KIF does not become part of a
// header key, and bytes that are not UTF-8 in a JKF are not replaced with U+FFFD: each
// is an error at its place (a warning in a lenient read, which drops the mark).
func TestNothingReplacedInSilence(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line, col  int
	}{
		{"kif bom", "手合割：平手\n\ufeff先手：羽生\n   1 ７六歩(77)\n", 2, 1},
		{"jkf not utf-8", "{\"header\":{\"a\":\"\xff\"},\"moves\":[{}]}", 1, 17},
	} {
		_, err := record.Parse([]byte(tc.text))
		var re *record.Error
		if !errors.As(err, &re) || re.Line != tc.line || re.Column != tc.col {
			t.Errorf("%s: %v, want an error at %d:%d", tc.name, err, tc.line, tc.col)
		}
	}
	r := record.NewReader(strings.NewReader("手合割：平手\n\ufeff先手：羽生\n   1 ７六歩(77)\n"))
	r.Lenient = true
	rec, err := r.Read()
	if err != nil || len(r.Warnings()) != 1 {
		t.Fatalf("lenient: %v, %v", err, r.Warnings())
	}
	if v, ok := rec.Header.Get("先手"); !ok || v != "羽生" {
		t.Errorf("lenient: header %q", rec.Header)
	}
}

// TestNoLineTooLongToReadBack: KIF and CSA writers refuse a comment that would make a
// line longer than their readers accept, rather than write what cannot be read back.
func TestNoLineTooLongToReadBack(t *testing.T) {
	rec := shogi.NewRecord()
	m, _ := shogi.ParseUSIMove("7g7f")
	rec.Root.AddChild(m).Comments = []string{strings.Repeat("長", 1<<19)} // 1.5 MiB of UTF-8
	for _, tc := range []struct {
		format record.Format
		err    error
	}{{record.KIF, kif.ErrLineTooLong}, {record.KI2, kif.ErrLineTooLong}, {record.CSA, csa.ErrLineTooLong}} {
		if _, err := record.Marshal(rec, tc.format); !errors.Is(err, tc.err) {
			t.Errorf("%s: %v, want %v", tc.format, err, tc.err)
		}
	}
	// JKF has no lines to limit: it writes the comment, and reads it back.
	data, err := record.Marshal(rec, record.JKF)
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse(data)
	if err != nil || back.MainLine()[0].Comments[0] != rec.MainLine()[0].Comments[0] {
		t.Errorf("jkf: %v", err)
	}
}

// TestProblemsOutsideRecords: text that holds no record but has a problem (a comment
// with a byte that is no text, after the last game or alone) is an error of one more
// record in lenient reads as in strict ones, never passed over in silence; Validate
// gives it a verdict.
func TestProblemsOutsideRecords(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		records    int // records read before the error
	}{
		{"alone", "'\x95", 0},
		{"after the last game", "PI\n+\n+7776FU\n%TORYO\n/\n'\x95\n", 1},
	} {
		for _, lenient := range []bool{false, true} {
			r := record.NewReader(strings.NewReader(tc.text))
			r.Lenient = lenient
			var errs []*record.Error
			n := 0
			for rec, err := range r.All() {
				if err != nil {
					errs = append(errs, err.(*record.Error))
					continue
				}
				if rec != nil {
					n++
				}
			}
			if n != tc.records || len(errs) != 1 || !errors.Is(errs[0], csa.ErrEncoding) || errs[0].Record != tc.records+1 || errs[0].Line == 0 {
				t.Errorf("%s, lenient %v: %d records, errors %v; want %d records and one encoding error of record %d", tc.name, lenient, n, errs, tc.records, tc.records+1)
			}
			r = record.NewReader(strings.NewReader(tc.text))
			r.Lenient = lenient
			invalid := 0
			for v := range record.Validate(r) {
				if !v.Valid() {
					invalid++
				}
			}
			if invalid != 1 {
				t.Errorf("%s, lenient %v: Validate gave %d invalid verdicts, want 1", tc.name, lenient, invalid)
			}
		}
	}
}

// TestMaxRecordBytes: the Reader's bound on a record reaches the KIF, CSA and JKF readers.
func TestMaxRecordBytes(t *testing.T) {
	kifText := "手合割：平手\n   1 ７六歩(77)\n" + strings.Repeat("*a comment\n", 20000)
	jkfText := `{"header":{"a":"` + strings.Repeat("x", 200000) + `"},"moves":[{}]}`
	csaText := "PI\n+\n+7776FU\n" + strings.Repeat("'a comment\n", 20000)
	for _, tc := range []struct {
		text string
		err  error
	}{{kifText, kif.ErrTooLarge}, {jkfText, jkf.ErrTooLarge}, {csaText, csa.ErrTooLarge}} {
		r := record.NewReader(strings.NewReader(tc.text))
		r.MaxRecordBytes = 100_000
		if _, err := r.Read(); !errors.Is(err, tc.err) {
			t.Errorf("%.20q…: %v, want %v", tc.text, err, tc.err)
		}
		r = record.NewReader(strings.NewReader(tc.text))
		r.MaxRecordBytes = -1
		if _, err := r.Read(); err != nil {
			t.Errorf("%.20q…, no bound: %v", tc.text, err)
		}
	}
}
