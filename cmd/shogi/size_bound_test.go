package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/kifu-go/shogi/jkf"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
)

// TestSizeBoundNamesFlag: a record past -max-record-size is said by the flag in every
// command that reads records, text and -json alike, whatever its format; it was the
// library's words, "input larger than 10 bytes (Reader.MaxBytes)" in KIF, "record too
// large: more than 10 bytes (Reader.MaxRecordBytes)" in USI: a field of an API the
// command's user never sets. The library's error is left as it was.
func TestSizeBoundNamesFlag(t *testing.T) {
	dir := t.TempDir()
	inputs := map[string]string{
		"kif": writeFile(t, dir, "a.kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"),
		"csa": writeFile(t, dir, "a.csa", "V2.2\nPI\n+\n+7776FU\n"),
		"usi": writeFile(t, dir, "a.usi", "startpos moves 7g7f 3c3d\n"),
		"jkf": writeFile(t, dir, "a.jkf", `{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}}]}`+"\n"),
	}
	const want = "record larger than -max-record-size (10)"
	for format, path := range inputs {
		for _, args := range [][]string{
			{"validate"}, {"validate", "-json"}, {"tsume"}, {"tsume", "-json"}, {"mate"}, {"mate", "-json"},
			{"convert", "-to", "usi"}, {"board"}, {"notate", "-record"},
		} {
			cmd := append(append([]string{args[0], "-max-record-size", "10"}, args[1:]...), path)
			code, out, errOut := runCmd("", cmd...)
			all := out + errOut
			if code == 0 || !strings.Contains(all, want) || strings.Contains(all, "Reader.") || strings.Contains(all, "too large") {
				t.Errorf("%s: %v: exit %d, %q %q; want %q", format, args, code, out, errOut, want)
			}
			if args[len(args)-1] == "-json" && !strings.Contains(out, `"code":"too-large"`) {
				t.Errorf("%s: %v: %q, want the code too-large", format, args, out)
			}
		}
	}

	// The library's error is unchanged; the command's wraps it.
	r := record.NewReader(strings.NewReader("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"))
	r.MaxRecordBytes = 10
	_, err := r.Read()
	var re *record.Error
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "input larger than 10 bytes (Reader.MaxBytes)") {
		t.Fatalf("the library's error %v", err)
	}
	got := flagBound(re, 10)
	if got == re || re.Message() != "input larger than 10 bytes (Reader.MaxBytes)" {
		t.Errorf("the Reader's error was changed: %q", re.Message())
	}
	if got.Detail() != "line 1, column 1: "+want || got.Code() != "too-large" || !errors.Is(got, kif.ErrTooLarge) {
		t.Errorf("flagBound: %q (%s), errors.Is(kif.ErrTooLarge) %v", got.Detail(), got.Code(), errors.Is(got, kif.ErrTooLarge))
	}
	// JKF's reader holds no more than jkf.LargestMaxBytes whatever the flag: a larger
	// -max-record-size is not the bound its error is about, and the text says which is.
	jkfPast := &record.Error{Format: record.JKF, Line: 1, Column: 1, Err: &jkf.SyntaxError{Line: 1, Column: 1,
		Err: fmt.Errorf("%w: a value of more than %d bytes", jkf.ErrTooLarge, jkf.LargestMaxBytes)}}
	for limit, want := range map[int64]string{
		2 << 30: "record larger than 1GiB, the most JKF's reader holds (-max-record-size 2GiB)",
		1 << 30: "record larger than -max-record-size (1GiB)",
		10:      want,
	} {
		if got := flagBound(jkfPast, limit).Message(); got != want {
			t.Errorf("JKF past %d bytes: %q, want %q", limit, got, want)
		}
	}
	if other := (&record.Error{Err: kif.ErrLineTooLong}); flagBound(other, 10) != other {
		t.Errorf("a line too long, which no flag bounds, was reworded")
	}
}

// TestSizeBoundReportException holds validate -json's line on a record past its bound to
// the exception record.Report states: the line the library's Verdict.Report gives (the
// Beam pipeline's) but for the error's text, which names the flag.
func TestSizeBoundReportException(t *testing.T) {
	const text = "startpos moves 7g7f 3c3d\n"
	path := writeFile(t, t.TempDir(), "a.usi", text)
	_, out, _ := runCmd("", "validate", "-json", "-max-record-size", "10", path)
	var got record.Report
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	r := record.NewReader(strings.NewReader(text))
	r.Name, r.MaxRecordBytes = path, 10
	var want record.Report
	for v := range record.Validate(r) {
		want = v.Report(path)
	}
	if got.Error != "line 1: record larger than -max-record-size (10)" || got.Code != "too-large" || want.Error == got.Error {
		t.Errorf("the error: validate -json %q, the library's %q", got.Error, want.Error)
	}
	got.Error = want.Error
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("validate -json differs from Verdict.Report past the error (-library +command):\n%s", diff)
	}
}

// TestMaxRecordSizeHelp: -max-record-size's help speaks of standard input in notate's
// help alone, which reads no more of it; every command's said "notate reads no more of
// standard input".
func TestMaxRecordSizeHelp(t *testing.T) {
	for name := range commands {
		_, out, _ := runCmd("", "help", name)
		if strings.Contains(out, "notate reads") {
			t.Errorf("help %s speaks of notate:\n%s", name, out)
		}
	}
	if _, out, _ := runCmd("", "help", "notate"); !strings.Contains(out, "(code too-large); no more of standard input is read") {
		t.Errorf("help notate does not say it reads no more of standard input:\n%s", out)
	}
}
