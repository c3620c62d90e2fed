package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

func convert(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, out, errOut := runCmd(stdin, append([]string{"convert"}, args...)...)
	if code != 0 {
		t.Fatalf("convert %v: exit %d: %s", args, code, errOut)
	}
	return out
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
		says  string
	}{
		{[]string{"convert"}, "", 2, "-to: name the output format"},
		{[]string{"convert", "-to", "pgn"}, "", 2, "unknown format \"pgn\""},
		{[]string{"convert", "-to", "jkf", "-encoding", "sjis"}, "", 2, "jkf output is always UTF-8"},
		{[]string{"convert", "-to", "kif", "-encoding", "latin1"}, "", 2, "unknown encoding"},
		{[]string{"convert", "-to", "kif", "-f"}, "", 2, "-f goes with -o"},
		{[]string{"convert", "-to", "kif"}, "position startpos moves 7g7f 7g7f\n", 1, "not converted"},
		{[]string{"convert", "-to", "kif", "/no/such/file"}, "", 2, "no such file"},
		{[]string{"convert", "-to", "kif"}, threeGames, 2, "kif holds one record per file"},
	} {
		code, out, errOut := runCmd(tc.stdin, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.says) {
			t.Errorf("%v: exit %d (want %d), stderr %q (want it to say %q)", tc.args, code, tc.code, errOut, tc.says)
		}
		if tc.code == 2 && out != "" {
			t.Errorf("%v: wrote %q before refusing", tc.args, out)
		}
	}
}

// A multi-game file with a bad game: convert writes the good ones and reports the bad.
func TestConvertWritesTheGoodRecords(t *testing.T) {
	code, out, errOut := runCmd(threeGames, "convert", "-to", "jkf")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], "{") || !strings.HasPrefix(lines[1], "{") {
		t.Errorf("want two JSON Lines, got:\n%s", out)
	}
	if !strings.Contains(errOut, "-#2: line 13, column 1") || !strings.Contains(errOut, "not converted") {
		t.Errorf("the bad game is not reported with its place: %q", errOut)
	}
	// The JSON Lines read back as two records.
	code, back, _ := runCmd(out, "validate", "-")
	if code != 0 || strings.Count(back, ": OK") != 2 {
		t.Errorf("JSON Lines output does not read back: %d\n%s", code, back)
	}
}

// Lenient conversion never writes a result the input does not state.
func TestConvertLenientInventsNoResult(t *testing.T) {
	foul := "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(76)\n   4 ７六歩(75)\n"
	for _, to := range []string{"kif", "ki2", "csa", "jkf"} {
		code, out, errOut := runCmd(foul, "convert", "-lenient", "-to", to)
		if code != 0 || !strings.Contains(errOut, "warning:") {
			t.Errorf("%s: exit %d, stderr %q", to, code, errOut)
		}
		for _, word := range []string{"反則", "ILLEGAL", "まで", "%", "special"} {
			if strings.Contains(out, word) {
				t.Errorf("%s output says %q, which the input does not:\n%s", to, word, out)
			}
		}
	}
}

func TestConvertToDirectory(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	writeFile(t, in, "three.csa", threeGames)
	writeFile(t, in, "sub/one.usi", "position startpos moves 7g7f\n")
	writeFile(t, in, "README", "not a record")
	out := filepath.Join(dir, "out")
	code, _, errOut := runCmd("", "convert", "-to", "kif", "-o", out, in)
	if code != 1 {
		t.Errorf("exit %d, want 1 (one game is bad): %s", code, errOut)
	}
	var names []string
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(out, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(names)
	if diff := cmp.Diff([]string{"sub/one.kif", "three-1.kif", "three-3.kif"}, names); diff != "" {
		t.Errorf("files (-want +got)\n%s", diff)
	}
	// A second run does not overwrite; -f does.
	code, _, errOut = runCmd("", "convert", "-to", "kif", "-o", out, in)
	if code != 2 || strings.Count(errOut, "exists; not overwritten (use -f)") != 3 {
		t.Errorf("second run: exit %d, %q", code, errOut)
	}
	if code, _, errOut = runCmd("", "convert", "-to", "kif", "-f", "-o", out, in); code != 1 || strings.Contains(errOut, "exists") {
		t.Errorf("-f: exit %d, %q", code, errOut)
	}
	// Two inputs that would write the same file: the second is refused.
	other := writeFile(t, dir, "other/one.usi", "position startpos moves 2g2f\n")
	code, _, errOut = runCmd("", "convert", "-to", "csa", "-o", filepath.Join(dir, "out2"), filepath.Join(in, "sub", "one.usi"), other)
	if code != 2 || !strings.Contains(errOut, "was written from") {
		t.Errorf("collision: exit %d, %q", code, errOut)
	}
}

// Several records converted to CSA on standard output are separated by "/" lines and
// read back as the same records (issue 18: they were run together, which read back as
// one broken record).
func TestConvertSeveralToCSAStream(t *testing.T) {
	games := "position startpos moves 7g7f 3c3d\nposition startpos moves 2g2f\nposition startpos moves 5g5f 5c5d 5f5e\n"
	out := convert(t, games, "-to", "csa")
	if got := strings.Count(out, "\n/\n"); got != 2 {
		t.Errorf("%d separators, want 2:\n%s", got, out)
	}
	back := convert(t, out, "-from", "csa", "-to", "usi")
	if diff := cmp.Diff(games, back); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
}

// issueKIF is the shape of the KIF record of issue 18: full-width colons in the dates,
// a time limit in KIF's words, each side's total (消費時間), times per move, a
// variation and a 封じ手 ending.
const issueKIF = `開始日時：2014/09/13 14：59
終了日時：2014/09/13 16：16
棋戦：ＪＴ杯
持ち時間：各10分
消費時間：▲10分△12分
手合割：平手
先手：羽生善治
後手：藤井聡太
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)+
   2 ３四歩(33)   ( 0:02/00:00:02)
   3 封じ手
まで2手で封じ手

変化：1手
   1 ２六歩(27)   ( 0:03/00:00:03)
`

// TestConvertReportsLosses: KIF → CSA maps the header to CSA's forms ($TIME_LIMIT
// HH:MM+SS, dates YYYY/MM/DD HH:MM:SS, times per move as T), and warns once, in text
// and in -json, of the variation, the 消費時間 field and the 封じ手 ending that CSA
// cannot hold; -lossless refuses the record (exit 1, nothing written, the reason
// given).
func TestConvertReportsLosses(t *testing.T) {
	code, out, errOut := runCmd(issueKIF, "convert", "-to", "csa")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, line := range []string{"$TIME_LIMIT:00:10+00\n", "$START_TIME:2014/09/13 14:59:00\n", "$END_TIME:2014/09/13 16:16:00\n",
		"$EVENT:ＪＴ杯\n", "+7776FU,T1\n", "-3334FU,T2\n"} {
		if !strings.Contains(out, line) {
			t.Errorf("CSA output lacks %q:\n%s", line, out)
		}
	}
	if strings.Contains(out, "各10分") || strings.Contains(out, "：") {
		t.Errorf("KIF forms in the CSA output:\n%s", out)
	}
	want := "-: warning: csa cannot hold all of it: lost 1 variation, 1 header field (消費時間), 1 ending (sealed-move)\n"
	if errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	// Back to KIF: the header in KIF's forms again, the times per move kept.
	back := convert(t, out, "-to", "kif")
	for _, line := range []string{"持ち時間：各10分\n", "開始日時：2014/09/13 14:59:00\n", "   1 ７六歩(77)   ( 0:01/00:00:01)\n"} {
		if !strings.Contains(back, line) {
			t.Errorf("KIF from the CSA lacks %q:\n%s", line, back)
		}
	}

	code, out, errOut = runCmd(issueKIF, "convert", "-to", "csa", "-lossless")
	if code != 1 || out != "" || !strings.Contains(errOut, "csa cannot hold all of it (-lossless): it would lose 1 variation, 1 header field (消費時間), 1 ending (sealed-move) (not converted)") {
		t.Errorf("-lossless: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, out, errOut := runCmd(issueKIF, "convert", "-to", "jkf", "-lossless"); code != 0 || out == "" {
		t.Errorf("-lossless to JKF, which holds it all: exit %d, %s", code, errOut)
	}

	// -json: one object for the record, on standard error when the records go to
	// standard output, on standard output with -o.
	for _, toDir := range []bool{false, true} {
		args := []string{"convert", "-to", "csa", "-json"}
		if toDir {
			args = append(args, "-o", t.TempDir())
		}
		code, out, errOut := runCmd(issueKIF, args...)
		report := errOut
		if toDir {
			report = out
		}
		var got convertReport
		if code != 0 || strings.Count(report, "\n") != 1 || json.Unmarshal([]byte(report), &got) != nil {
			t.Fatalf("-json (-o %v): exit %d, report %q", toDir, code, report)
		}
		wantLosses := []record.Loss{{Kind: record.LostVariations, Count: 1}, {Kind: record.LostHeader, Count: 1, Detail: "消費時間"},
			{Kind: record.LostEnding, Count: 1, Detail: "sealed-move"}}
		if diff := cmp.Diff(wantLosses, got.Losses); diff != "" || !got.OK || !got.Written || got.To != "csa" {
			t.Errorf("-json (-o %v): %+v (-want +got losses):\n%s", toDir, got, diff)
		}
		if !strings.Contains(report, `"losses":[{"code":"variations","count":1},{"code":"header","count":1,"detail":"消費時間"}`) {
			t.Errorf("-json: the losses by code: %s", report)
		}
	}
}

// TestConvertUnreadLineWithVariations: a KIF line that a lenient read stops at an
// unreadable move, with a variation at that move, is written to JKF (and KIF) as the
// line that stops there: the variation is reported lost, never promoted to the line.
func TestConvertUnreadLineWithVariations(t *testing.T) {
	in := "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７七歩打?\n\n変化：3手\n   3 ２六歩(27)\n   4 ８四歩(83)\n"
	for _, to := range []string{"jkf", "kif", "csa"} {
		code, out, errOut := runCmd(in, "convert", "-lenient", "-to", to)
		if code != 0 || !strings.Contains(errOut, "lost 1 variation, 1 unread line") {
			t.Errorf("%s: exit %d, stderr %q", to, code, errOut)
		}
		if got := convert(t, out, "-to", "usi"); got != "position startpos moves 7g7f 3c3d\n" {
			t.Errorf("%s: reads back as %q, want the line to stop after 3c3d:\n%s", to, got, out)
		}
	}
}

// TestConvertJSONEveryRecord: -json gives one object for every record, written or not,
// and for every input that holds none, in input order.
func TestConvertJSONEveryRecord(t *testing.T) {
	dir := t.TempDir()
	games := writeFile(t, dir, "three.csa", threeGames)
	empty := writeFile(t, dir, "empty.kif", "")
	code, out, errOut := runCmd("", "convert", "-to", "kif", "-json", "-o", filepath.Join(dir, "out"), games, empty)
	if code != 1 {
		t.Errorf("exit %d, want 1: %s", code, errOut)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r convertReport
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %q", err, line)
		}
		got = append(got, fmt.Sprintf("%s#%d ok=%v written=%v skipped=%q", filepath.Base(r.Path), r.Record, r.OK, r.Written, r.Skipped))
	}
	want := []string{`three.csa#1 ok=true written=true skipped=""`, `three.csa#2 ok=false written=false skipped=""`,
		`three.csa#3 ok=true written=true skipped=""`, `empty.kif#0 ok=false written=false skipped="no record in it"`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if errOut != "" {
		t.Errorf("text on stderr with -json: %q", errOut)
	}
}
