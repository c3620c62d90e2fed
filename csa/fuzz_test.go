package csa_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/internal/gametest"
)

// FuzzReadCSA: its seeds are small and it passes over long inputs (see
// gametest.FuzzSeedBytes). No input makes the reader panic; every error is a SyntaxError with one
// package prefix and a place inside the input; a lenient read never has an ending but
// EndUnread unless the input has a % statement, and what it reads writes to text that
// reads back to the same moves; input that parses writes (V3.0, which keeps every time
// exactly) to text that parses to the same record and writes to the same bytes.
func FuzzReadCSA(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.csa")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if seed, ok := gametest.FuzzSeed(b); ok {
			f.Add(seed)
		}
	}
	for _, s := range []string{
		"PI\n+\n+7776FU,T1.5,-3334FU\n%TORYO\n",
		"V2.2\nN+a\n$EVENT:b\nPI82HI22KA\n-\n-5142OU\n'*c\n",
		"P1 *  *  *  *  *  *  *  * -OU\nP+00HI\nP-00AL\n+\n+0012HI\n%TSUMI\n",
		"PI\n+\n/\nPI\n+\n",
		"'CSA encoding=SHIFT_JIS\nV3.0\nN+\x90\xe6\x8e\xe8\nPI\n+\n",
		"'encoding=EUC-JP\nV2.2\nN+\xb1\xa9\xc0\xb8\nPI\n+\n+7776FU\n'*\xa4\xa2\n",
		"V2.2\nN+\xb1\xa9\xc0\xb8\nPI\n+\n+7776FU\n",
		"PI\n+\n+7776FU,T0,'** 30 -3334FU\n-3334FU,'* x, y\n%KACHI,'* -5000 win\n",
		"PI\n+\n+7776FU\n-3334FU\n+7775FU,T5\n%TORYO\n/\nPI\n+\n+2726FU\n",
		"PI\n+\n+7776FU\n-\nP1 * \nV2.2\n",
		"V2.2\nN+a\n+7776FU\n/\n+\n/\n\n/\nPI\n+\n",
		"PI\n+\n+7776KI\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !gametest.FuzzTooLarge(data) {
			fuzzReadCSA(t, data)
		}
	})
}

// TestFuzzBigInputs checks the long inputs that runs of FuzzReadCSA found, kept out of
// its corpus (see gametest.FuzzSeedBytes).
func TestFuzzBigInputs(t *testing.T) {
	gametest.FuzzBigInputs(t, "FuzzReadCSA", func(t *testing.T, v []any) { fuzzReadCSA(t, v[0].([]byte)) })
}

// fuzzReadCSA checks the contract of FuzzReadCSA on data.
func fuzzReadCSA(t *testing.T, data []byte) {
	checkLenient(t, data)
	checkLenientReports(t, data)
	rec, err := csa.Parse(data)
	if err != nil {
		checkError(t, data, err)
		return
	}
	var buf bytes.Buffer
	w := csa.NewWriter(&buf)
	w.Version = "3.0"
	if err := w.Write(rec); err != nil {
		t.Fatalf("a record the reader accepts does not write: %v", err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	first := bytes.Clone(buf.Bytes())
	rec2, err := csa.Parse(first)
	if err != nil {
		t.Fatalf("written text does not parse: %v\n%s", err, first)
	}
	if diff := diffRecords(inCSAForms(rec), rec2); diff != "" {
		t.Fatalf("record changed (-read +rewritten):\n%s\n%s", diff, first)
	}
	buf.Reset()
	w = csa.NewWriter(&buf)
	w.Version = "3.0"
	if err := w.Write(rec2); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if !bytes.Equal(first, buf.Bytes()) {
		t.Fatalf("second write differs:\n%s\n----\n%s", first, buf.Bytes())
	}
}

// checkError checks that err is a SyntaxError with one package prefix, at a line of
// data and (for UTF-8 input) at a column of that line or just after its end.
func checkError(t *testing.T, data []byte, err error) {
	var se *csa.SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%v is not a SyntaxError", err)
	}
	msg := err.Error()
	head := fmt.Sprintf("csa: line %d, column %d: ", se.Line, se.Column)
	if rest, ok := strings.CutPrefix(msg, head); !ok || strings.HasPrefix(rest, "csa:") || strings.HasPrefix(rest, "shogi:") {
		t.Fatalf("message %q", msg)
	}
	if !wrapsReason(err) {
		t.Fatalf("%v wraps no reason of the package", err)
	}
	lines := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(data)), "\n")
	if se.Line < 1 || se.Line > max(len(lines), 1) || se.Column < 1 {
		t.Fatalf("%v: outside the input's %d lines", err, len(lines))
	}
	if utf8.Valid(data) && !bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) && se.Line <= len(lines) {
		if n := utf8.RuneCountInString(lines[se.Line-1]); se.Column > n+1 {
			t.Fatalf("%v: column after the end of line %q", err, lines[se.Line-1])
		}
	}
}

// checkLenient reads data leniently: no record has an ending the text does not state,
// an EndUnread comes with a warning, and each record writes to text that reads back
// to the same moves, without the EndUnread.
func checkLenient(t *testing.T, data []byte) {
	r := csa.NewReader(bytes.NewReader(data))
	r.Lenient = true
	for range 8 {
		rec, err := r.Read()
		if err == io.EOF {
			return
		}
		if err != nil {
			checkError(t, data, err)
			continue
		}
		for _, w := range r.Warnings() {
			checkError(t, data, w)
		}
		e := rec.Ending()
		switch {
		case e == nil:
		case e.Kind == shogi.EndUnread:
			if e.Result != shogi.NoResult || len(r.Warnings()) == 0 {
				t.Fatalf("ending %+v with warnings %v", e, r.Warnings())
			}
		case !bytes.Contains(data, []byte("%")):
			t.Fatalf("ending %+v, but the text has no %% statement", e)
		}
		out, err := csa.Format(rec)
		if err != nil {
			t.Fatalf("the lenient read's record does not write: %v", err)
		}
		back, err := csa.Parse(out)
		if err != nil {
			t.Fatalf("the lenient read's record, written, does not parse: %v\n%s", err, out)
		}
		if !movesEqual(rec.Moves(), back.Moves()) {
			t.Fatalf("moves %v written read back as %v", rec.Moves(), back.Moves())
		}
		if e != nil && e.Kind == shogi.EndUnread && back.Ending() != nil {
			t.Fatalf("an EndUnread written reads back as %+v", back.Ending())
		}
	}
}

// fuzzReasons are the reasons an error of the reader may wrap, besides an illegal move.
var fuzzReasons = []error{csa.ErrLineTooLong, csa.ErrTooLarge, csa.ErrEncoding, csa.ErrUnknownStatement, csa.ErrVersion,
	csa.ErrOrder, csa.ErrHeader, csa.ErrBoard, csa.ErrPiece, csa.ErrSquare, csa.ErrPieceCount,
	csa.ErrOccupied, csa.ErrHandicap, csa.ErrSetup, csa.ErrNoSideToMove, csa.ErrNoPosition,
	csa.ErrMoveSyntax, csa.ErrTime, csa.ErrTimeWithoutMove, csa.ErrDuplicateTime,
	csa.ErrUnknownSpecial, csa.ErrAfterEnd, csa.ErrMoreRecords, shogi.ErrNoRecord}

// wrapsReason reports whether err wraps one of the package's reasons or an illegal move.
func wrapsReason(err error) bool {
	var ie *shogi.IllegalMoveError
	if errors.As(err, &ie) {
		return true
	}
	for _, reason := range fuzzReasons {
		if errors.Is(err, reason) {
			return true
		}
	}
	return false
}

// checkLenientReports: a lenient read of data skips nothing in silence (see
// gametest.CheckLenientReports).
func checkLenientReports(t *testing.T, data []byte) {
	read := func(lenient bool) gametest.ReadResult {
		r := csa.NewReader(bytes.NewReader(data))
		r.Lenient = lenient
		return gametest.ReadCounted(r.Read, func() int { return len(r.Warnings()) }, 8)
	}
	gametest.CheckLenientReports(t, read(false), read(true), diffRecords)
}
