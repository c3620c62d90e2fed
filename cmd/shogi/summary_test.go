package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// searchSummary matches mate's summary of a search: "1 node, 0 line nodes, 0.00s".
var searchSummary = regexp.MustCompile(`\b[0-9]+ nodes?, [0-9]+ line nodes?, `)

// Counts in the summaries that do not agree with their nouns: "1 records", "0 record".
var (
	pluralOfOne    = regexp.MustCompile(`\b1 (records|inputs|files|problems|positions|moves|nodes|line nodes|duplicates|games)\b`)
	singularOfMany = regexp.MustCompile(`(^|[^0-9.])(0|[2-9]|[1-9][0-9]+) (record|input|file|problem|position|move|node|line node|duplicate|game)\b`)
)

// TestSummaryPlural: every command's summary says "1 record in 1 input", "1 file
// skipped", "1 problem", "1 position", as plural does, where validate said "1 records
// in 1 inputs" and tsume "1 problem in 1 inputs"; "0 files", "2 positions" stay plural.
func TestSummaryPlural(t *testing.T) {
	dir := t.TempDir()
	one := writeFile(t, dir, "one/a.kif", "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n")
	writeFile(t, dir, "one/README.txt", "no record\n")
	problem := writeFile(t, dir, "problem.sfen", mate3SFEN+"\n")
	apery := filepath.Join(dir, "book.bin")
	tests := []struct {
		args []string
		want string // a part of the summary
	}{
		{[]string{"validate", one}, "1 record in 1 input: 1 valid, 0 invalid; 0 files skipped ("},
		{[]string{"validate", filepath.Dir(one)}, "1 record in 1 input: 1 valid, 0 invalid; 1 file skipped ("},
		{[]string{"tsume", problem}, "1 problem in 1 input: 0 correct, 1 solved, "},
		{[]string{"positions", "-to", "sfen", "-dedup", one}, "1 record in 1 input: 1 used, 0 filtered out, 0 invalid, 0 not writable as sfen; 1 position written, 0 duplicates dropped; 0 files skipped ("},
		{[]string{"book", "build", "-to", "apery", "-o", apery, one}, "1 record in 1 input: 1 used, 0 invalid; 0 files skipped; an apery book of 1 position, 1 move ("},
		{[]string{"book", "convert", "-to", "yaneuraou", apery}, "; 1 position, 1 move; "},
		{[]string{"mate", "-sfen", mate3SFEN}, " line node"},
	}
	for _, tt := range tests {
		code, _, errOut := runCmd("", tt.args...)
		if code != 0 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 0 and %q in it", tt.args, code, errOut, tt.want)
		}
		if m := pluralOfOne.FindString(errOut); m != "" {
			t.Errorf("%v: %q in %q", tt.args, m, errOut)
		}
		if m := singularOfMany.FindString(errOut); m != "" {
			t.Errorf("%v: %q in %q", tt.args, m, errOut)
		}
	}
}

// TestProgressPlural: the progress lines drawn on a terminal agree in number as the
// summaries do ("1 record", "1 of 1 game played", "1 move"); they said "1 records",
// "1 of 1 games", "1 moves".
func TestProgressPlural(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{progressText(1, 0, 2*time.Second), "1 record, 0 invalid, 0 records/s, 2.0s"},
		{progressText(3, 1, time.Second), "3 records, 1 invalid, 3 records/s, 1.0s"},
		{analyseProgress(1, 1, time.Second), "1 record, 1 position, 1.0 positions/s, 1s"},
		{analyseProgress(0, 2, time.Second), "0 records, 2 positions, 2.0 positions/s, 1s"},
		{matchProgress(0, 1, 1, 1, time.Second), "0 of 1 game played, 1 playing, 1 move, 1s"},
		{matchProgress(1, 4, 2, 30, 3*time.Second), "1 of 4 games played, 2 playing, 30 moves, 3s"},
	} {
		if tc.got != tc.want {
			t.Errorf("%q, want %q", tc.got, tc.want)
		}
	}
}

// TestCountsPlural: the lines on one record agree in number too: validate's verdict ("OK;
// 1 move"), and -ply past the end in mate, board and notate ("has 1 move"); they said "1
// moves".
func TestCountsPlural(t *testing.T) {
	path := writeFile(t, t.TempDir(), "one.usi", "position startpos moves 7g7f\n")
	if _, out, _ := runCmd("", "validate", path); !strings.Contains(out, "#1: OK; 1 move; ") {
		t.Errorf("validate: %q, want 1 move", out)
	}
	for _, args := range [][]string{{"mate", "-ply", "3", path}, {"board", path, "-ply", "3"}, {"notate", "-record", path, "-ply", "3"}} {
		code, out, errOut := runCmd("", args...)
		if want := "-ply 3: the main line of " + path + " has 1 move\n"; code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("%v: exit %d, %q %q; want 2 and %q", args, code, out, errOut, want)
		}
	}
}
