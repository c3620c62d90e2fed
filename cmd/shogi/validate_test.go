package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const records = "../../testdata/records"

func TestValidateShippedRecords(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"validate", "-j", "2", records}, nil, &out, &errOut)
	if code != 0 {
		t.Errorf("exit %d, want 0\n%s%s", code, out.String(), errOut.String())
	}
	lines := 0
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, records) {
			lines++
			if !strings.Contains(line, ": OK;") {
				t.Errorf("not OK: %s", line)
			}
		}
	}
	if lines < 25 {
		t.Errorf("%d records reported, want every shipped record\n%s", lines, out.String())
	}
	if !strings.Contains(errOut.String(), "files skipped") || !strings.Contains(errOut.String(), "1 files skipped") {
		t.Errorf("summary does not count the skipped README: %q", errOut.String())
	}
}

func TestValidateJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	path := filepath.Join(records, "kif", "jt201409130101.kif")
	if code := run([]string{"validate", "-json", path}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var v validation
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatalf("%v in %q", err, out.String())
	}
	want := validation{Path: path, Format: "kif", OK: true, Moves: 107, Ending: "resign", Winner: "black", SFEN: v.SFEN}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if v.SFEN == "" || !strings.HasSuffix(v.SFEN, " 108") {
		t.Errorf("final SFEN %q should be the position after move 107", v.SFEN)
	}
}

func TestValidateIllegalMove(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "foul.kif")
	// Move 4 is White's, but moves Black's pawn on 7五: an illegal move on line 5.
	if err := os.WriteFile(bad, []byte("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(76)\n   4 ７六歩(75)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A pawn drop on a file that holds a pawn: 二歩 at column 51.
	usi := filepath.Join(dir, "nifu.usi")
	if err := os.WriteFile(usi, []byte("position sfen 4k4/9/9/9/9/4P4/9/9/4K4 b P 1 moves P*5c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := run([]string{"validate", "-json", dir}, nil, &out, &errOut)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	sc := bufio.NewScanner(&out)
	got := map[string]validation{}
	for sc.Scan() {
		var v validation
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		got[filepath.Base(v.Path)] = v
	}
	k := got["foul.kif"]
	if k.OK || k.Line != 5 || k.Ply != 4 || k.Reason == "" {
		t.Errorf("foul.kif: %+v; want an error on line 5 at move 4 with a reason", k)
	}
	if k.Moves != 3 || k.SFEN != "lnsgkgsnl/1r5b1/pppppp1pp/6p2/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4" {
		t.Errorf("foul.kif: %d moves, SFEN %q; want the 3 moves and the position before the foul", k.Moves, k.SFEN)
	}
	u := got["nifu.usi"]
	if u.OK || u.Line != 1 || u.Column != 51 || u.Ply != 1 || !strings.Contains(u.Reason, "nifu") {
		t.Errorf("nifu.usi: %+v; want line 1, column 51, move 1, nifu", u)
	}
}

func TestValidateStdinAndLenient(t *testing.T) {
	var out, errOut bytes.Buffer
	in := strings.NewReader("position startpos moves 7g7f 3c3d\n")
	if code := run([]string{"validate", "-"}, in, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out.String(), errOut.String())
	}
	if !strings.HasPrefix(out.String(), "-: OK; 2 moves") {
		t.Errorf("stdin: %q", out.String())
	}
}

func TestValidateUsage(t *testing.T) {
	for _, args := range [][]string{{"validate"}, {"validate", "-j", "0", "x"}, {"validate", "-from", "pgn", "x"}, {"validate", "/no/such/path"}} {
		var out, errOut bytes.Buffer
		if code := run(args, nil, &out, &errOut); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestValidateUnrecordedMateWarns(t *testing.T) {
	var out, errOut bytes.Buffer
	path := filepath.Join(records, "kif", "shogidokoro.kifu")
	if code := run([]string{"validate", path}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, out.String())
	}
	if !strings.Contains(out.String(), "OK; 19 moves") || !strings.Contains(out.String(), "warning: shogi: the line ends in checkmate") {
		t.Errorf("want OK with a warning about the unrecorded mate, got:\n%s", out.String())
	}
}
