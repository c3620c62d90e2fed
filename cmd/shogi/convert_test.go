package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
)

func convert(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(append([]string{"convert"}, args...), strings.NewReader(stdin), &out, &errOut); code != 0 {
		t.Fatalf("convert %v: exit %d: %s", args, code, errOut.String())
	}
	return out.String()
}

func TestConvertChain(t *testing.T) {
	kifPath := filepath.Join(records, "kif", "jt201409130101.kif")
	usi := convert(t, "", "-to", "usi", kifPath)
	if !strings.HasPrefix(usi, "position startpos moves ") {
		t.Fatalf("usi output %q", usi)
	}
	// KIF → CSA → JKF → KI2 → KIF → USI keeps the moves.
	text := convert(t, "", "-to", "csa", kifPath)
	for _, to := range []string{"jkf", "ki2", "kif", "usi"} {
		text = convert(t, text, "-to", to)
	}
	if diff := cmp.Diff(usi, text); diff != "" {
		t.Errorf("moves changed along the chain (-want +got)\n%s", diff)
	}
	sfenOut := convert(t, usi, "-to", "sfen")
	if fields := strings.Fields(sfenOut); len(fields) != 4 || fields[3] != "108" {
		t.Errorf("final SFEN %q", sfenOut)
	}
}

func TestConvertHandicapAndEncoding(t *testing.T) {
	kyo := filepath.Join(records, "kif", "20081220kyoochi.kif")
	sjis := convert(t, "", "-to", "kif", "-encoding", "sjis", kyo)
	if utf8.ValidString(sjis) {
		t.Error("Shift_JIS output is valid UTF-8; it was not encoded")
	}
	usi := convert(t, sjis, "-to", "usi")
	if !strings.HasPrefix(usi, "position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves ") {
		t.Errorf("handicap start lost: %q", usi[:min(len(usi), 120)])
	}
}

func TestConvertFromSFEN(t *testing.T) {
	out := convert(t, "4k4/9/9/9/9/9/9/9/4K4 b G 1\n", "-from", "sfen", "-to", "csa")
	if !strings.Contains(out, "P+00KI") {
		t.Errorf("CSA of an SFEN lacks the hand: %q", out)
	}
	if got := convert(t, shogi.StartSFEN+"\n", "-to", "usi"); got != "position startpos\n" {
		t.Errorf("usi of the start position: %q", got)
	}
}

func TestConvertErrors(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		stdin string
		code  int
	}{
		{[]string{"convert"}, "", 2},
		{[]string{"convert", "-to", "pgn"}, "", 2},
		{[]string{"convert", "-to", "jkf", "-encoding", "sjis"}, "", 2},
		{[]string{"convert", "-to", "kif", "-encoding", "latin1"}, "", 2},
		{[]string{"convert", "-to", "kif"}, "position startpos moves 7g7f 7g7f\n", 1},
		{[]string{"convert", "-to", "kif", "/no/such/file"}, "", 1},
	} {
		var out, errOut bytes.Buffer
		if code := run(tc.args, strings.NewReader(tc.stdin), &out, &errOut); code != tc.code || errOut.Len() == 0 {
			t.Errorf("%v: exit %d (want %d), stderr %q", tc.args, code, tc.code, errOut.String())
		}
	}
}

func TestDetectFormat(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"{\"header\":{}}", "jkf"},
		{"V2.2\nN+a\n", "csa"},
		{"'comment\nPI\n+\n", "csa"},
		{"+7776FU\n", "csa"},
		{"position startpos moves 7g7f", "usi"},
		{"startpos", "usi"},
		{shogi.StartSFEN, "sfen"},
		{"sfen " + shogi.StartSFEN + " moves 7g7f", "usi"},
		{"# comment\n手合割：平手\n", "kif"},
		{"▲７六歩 △３四歩", "kif"},
	} {
		if got := detectFormat([]byte(tc.text)); got != tc.want {
			t.Errorf("detectFormat(%q) = %s, want %s", tc.text, got, tc.want)
		}
	}
}
