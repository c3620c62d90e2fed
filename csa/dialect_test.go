package csa_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"golang.org/x/text/encoding/japanese"
)

// TestCommaComments: a comment after a comma on a move or special-move line is the
// comment of that move (or ending), as the same comment on the next line would be.
func TestCommaComments(t *testing.T) {
	tests := []struct {
		name, sameLine, nextLine string
	}{
		{"evaluation after a time", "+7776FU,T0,'** 30 -3334FU\n", "+7776FU,T0\n'** 30 -3334FU\n"},
		{"evaluation without a time", "+7776FU,'* 30 -3334FU\n", "+7776FU\n'* 30 -3334FU\n"},
		{"plain comment", "+7776FU,T12,'a comment, with commas\n", "+7776FU\nT12\n'a comment, with commas\n"},
		{"blank before the comment", "+7776FU, 'x\n", "+7776FU\n'x\n"},
		{"two moves, the comment on the second", "+7776FU,-3334FU,'*c\n", "+7776FU\n-3334FU\n'*c\n"},
		{"special move", "+7776FU\n%KACHI,'* -5000 win\n", "+7776FU\n%KACHI\n'* -5000 win\n"},
		{"special move with a time", "+7776FU\n%TORYO,T5,'*resigned\n'*more\n", "+7776FU\n%TORYO\nT5\n'*resigned\n'*more\n"},
		{"side to move", "+,'*start\n+7776FU\n", "+\n'*start\n+7776FU\n"},
		{"time alone", "+7776FU\nT3,'*c\n", "+7776FU\nT3\n'*c\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			head := "V2.2\nPI\n"
			if !strings.HasPrefix(tt.sameLine, "+,") {
				head += "+\n"
			}
			same := mustParse(t, head+tt.sameLine)
			next := mustParse(t, head+tt.nextLine)
			if diff := diffRecords(next, same); diff != "" {
				t.Errorf("(-next line +same line):\n%s", diff)
			}
		})
	}
	rec := mustParse(t, "PI\n+\n+7776FU,T12,'* 30 -3334FU\n-3334FU\n%KACHI,'* -5000 win\n")
	line := rec.MainLine()
	if diff := cmp.Diff([]string{" 30 -3334FU"}, line[0].Comments); diff != "" {
		t.Errorf("move 1 comments (-want +got):\n%s", diff)
	}
	if !line[0].HasTime || line[0].Time.Spent != 12*time.Second {
		t.Errorf("move 1 time %+v", line[0].Time)
	}
	want := &shogi.Ending{Kind: shogi.EndEnteringKingWin, Result: shogi.BlackWins, Comments: []string{" -5000 win"}}
	if diff := cmp.Diff(want, rec.Ending()); diff != "" {
		t.Errorf("ending (-want +got):\n%s", diff)
	}
}

// TestCommaCommentsFile: comma-comments.csa's first record is v2.csa with the times
// and first comments joined to the move lines; it reads to the same record.
func TestCommaCommentsFile(t *testing.T) {
	want, err := csa.Parse(readFile(t, "v2.csa"))
	if err != nil {
		t.Fatal(err)
	}
	r := csa.NewReader(strings.NewReader(string(readFile(t, "comma-comments.csa"))))
	got, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if diff := diffRecords(want, got); diff != "" {
		t.Errorf("(-v2.csa +comma-comments.csa):\n%s", diff)
	}
	second, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	wantComments := [][]string{{" 30 -3334FU"}, {"* -25 +2726FU"}, {" on its own line"}, {"'skipped comment, with a comma"}}
	var gotComments [][]string
	for _, n := range second.MainLine() {
		gotComments = append(gotComments, n.Comments)
	}
	if diff := cmp.Diff(wantComments, gotComments); diff != "" {
		t.Errorf("comments (-want +got):\n%s", diff)
	}
	wantEnd := &shogi.Ending{Kind: shogi.EndEnteringKingWin, Result: shogi.BlackWins, Comments: []string{" -5000 win", "after the ending"}}
	if diff := cmp.Diff(wantEnd, second.Ending()); diff != "" {
		t.Errorf("ending (-want +got):\n%s", diff)
	}
}

// TestEUCJP: EUC-JP text is read when an encoding line names it and, without one,
// told from Shift_JIS by its content; the two files of one game read the same.
func TestEUCJP(t *testing.T) {
	euc := readFile(t, "jt-eucjp.csa")
	sjis := readFile(t, "jt-sjis.csa")
	utf8Text, err := japanese.EUCJP.NewDecoder().Bytes(euc)
	if err != nil {
		t.Fatal(err)
	}
	if fromSJIS, err := japanese.ShiftJIS.NewDecoder().Bytes(sjis); err != nil || string(fromSJIS) != string(utf8Text) {
		t.Fatalf("the two files do not hold the same text: %v", err)
	}
	want, err := csa.Parse(utf8Text)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := want.Header.Get(shogi.HeaderBlack); v != "渡辺明" {
		t.Fatalf("black %q", v)
	}
	inputs := map[string]string{
		"EUC-JP sniffed":           string(euc),
		"Shift_JIS sniffed":        string(sjis),
		"EUC-JP named":             "'encoding=EUC-JP\n" + string(euc),
		"EUC-JP named in V3.0":     "'CSA encoding=EUC-JP\n" + strings.Replace(string(euc), "V2.2", "V3.0", 1),
		"EUC-JP named, lower case": "'CSA encoding=euc-jp\r\n" + strings.ReplaceAll(string(euc), "\n", "\r\n"),
		"Shift_JIS named":          "'encoding=Shift_JIS\n" + string(sjis),
	}
	for name, text := range inputs {
		t.Run(name, func(t *testing.T) {
			for _, lenient := range []bool{false, true} {
				r := csa.NewReader(strings.NewReader(text))
				r.Lenient = lenient
				got, err := r.Read()
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Warnings()) != 0 {
					t.Errorf("warnings %v", r.Warnings())
				}
				if diff := diffRecords(want, got); diff != "" {
					t.Errorf("(-UTF-8 +%s):\n%s", name, diff)
				}
			}
		})
	}
}

// TestEUCJPThatIsValidUTF8: a line of a file declared EUC-JP that happens to be
// valid UTF-8 as well is read as the EUC-JP it is declared to be.
func TestEUCJPThatIsValidUTF8(t *testing.T) {
	raw := "\xe3\xa1\xa4\xe3\xa1\xa2" // U+3864 U+3862 in UTF-8; three characters in EUC-JP
	want, err := japanese.EUCJP.NewDecoder().String(raw)
	if err != nil || strings.ContainsRune(want, '\uFFFD') || len([]rune(want)) != 3 {
		t.Fatalf("EUC-JP %q: %v", want, err)
	}
	rec := mustParse(t, "'encoding=EUC-JP\nV2.2\nN+"+raw+"\nPI\n+\n")
	if got, _ := rec.Header.Get(shogi.HeaderBlack); got != want {
		t.Errorf("black %q, want %q", got, want)
	}
}

func TestEUCJPErrors(t *testing.T) {
	tests := []struct {
		name, text   string
		line, column int
	}{
		// "羽生" in EUC-JP, then a byte EUC-JP has no character for.
		{"invalid byte", "'encoding=EUC-JP\nV2.2\nN+\xb1\xa9\xc0\xb8\xff\nPI\n+\n", 3, 5},
		{"lead byte at the end of the line", "'encoding=EUC-JP\nV2.2\nN+\xb1\xa9\xc0\nPI\n+\n", 3, 4},
		{"UTF-8 after an EUC-JP declaration", "'encoding=EUC-JP\nV2.2\nN+羽生\nPI\n+\n", 3, 1},
		// Sniffed as EUC-JP on line 2, so the Shift_JIS line 3 is invalid.
		{"Shift_JIS after EUC-JP", "V2.2\nN+\xb1\xa9\xc0\xb8\nN-\x8a\x48\x90\xb6\nPI\n+\n", 3, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := csa.Parse([]byte(tt.text))
			var se *csa.SyntaxError
			if !errors.As(err, &se) || !errors.Is(err, csa.ErrEncoding) {
				t.Fatalf("got %v, want an encoding error", err)
			}
			if se.Line != tt.line || se.Column != tt.column {
				t.Errorf("line %d column %d, want %d %d (%v)", se.Line, se.Column, tt.line, tt.column, err)
			}
			r := csa.NewReader(strings.NewReader(tt.text))
			r.Lenient = true
			rec, err := r.Read()
			if err != nil || len(r.Warnings()) != 1 || !errors.Is(r.Warnings()[0], csa.ErrEncoding) {
				t.Fatalf("lenient: %v %v", err, r.Warnings())
			}
			if rec.StartSFEN != shogi.StartSFEN {
				t.Errorf("lenient: start %s", rec.StartSFEN)
			}
		})
	}
}

// TestRepeatedSpecial: a declaration recorded twice, the engine's %KACHI (with its
// comment) and the server's echo after the time (the shape of an aobazero game on
// floodgate), is one ending with the time between them; another special move, or
// a move, after the ending is still an error.
func TestRepeatedSpecial(t *testing.T) {
	const head = "V2.2\nPI\n+\n+7776FU\nT3\n-3334FU\nT2\n"
	rec := mustParse(t, head+"%KACHI,'* -5000 win\nT10\n%KACHI\n'summary:kachi:a win:b lose\n")
	want := &shogi.Ending{Kind: shogi.EndEnteringKingWin, Result: shogi.BlackWins,
		Time: shogi.MoveTime{Spent: 10 * time.Second, Total: 13 * time.Second}, HasTime: true,
		Comments: []string{" -5000 win", "'summary:kachi:a win:b lose"}}
	if diff := cmp.Diff(want, rec.Ending()); diff != "" {
		t.Errorf("ending (-want +got):\n%s", diff)
	}
	if n := len(rec.Moves()); n != 2 {
		t.Errorf("%d moves, want 2", n)
	}
	for _, tail := range []string{"%KACHI\n%TORYO\n", "%TORYO\n+2726FU\n", "%KACHI\nT1\n%KACHI\nT2\n"} {
		_, err := csa.Parse([]byte(head + tail))
		if tail == "%KACHI\nT1\n%KACHI\nT2\n" {
			if !errors.Is(err, csa.ErrDuplicateTime) {
				t.Errorf("%q: got %v, want %v", tail, err, csa.ErrDuplicateTime)
			}
			continue
		}
		if !errors.Is(err, csa.ErrAfterEnd) {
			t.Errorf("%q: got %v, want %v", tail, err, csa.ErrAfterEnd)
		}
	}
}
