package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/encoding/japanese"
)

// TestMateCommandHostile: shogi mate on positions that are no problem answers with a
// message and exit 1 (or 2 for an SFEN it cannot read), never a wrong verdict.
func TestMateCommandHostile(t *testing.T) {
	tests := []struct {
		name, sfen string
		code       int
		out, err   string
	}{
		{"defender's king missing", "9/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1", 1, "", "shogi mate: -sfen: the defender (the side not to move) has no king\n"},
		{"both kings missing", "9/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", 1, "", "shogi mate: -sfen: the defender (the side not to move) has no king\n"},
		{"attacker in check, no check evades", "4k4/4r4/9/9/9/9/9/9/4K4 b r2b4g4s4n4l18p 1", 1, "no mate\n", ""},
		{"attacker mated on the board", "4k4/4G4/4P4/9/9/9/9/9/4K4 w 2r2b3g4s4n4l17p 1", 1, "no mate\n", ""},
		{"defender mated on the board", "4k4/4G4/4P4/9/9/9/9/9/9 b 2r2b3g4s4n4l17p 1", 1, "", "shogi mate: -sfen: the defender (the side not to move) is already in check\n"},
		{"40 pawns in hand", "4k4/9/9/9/9/9/9/9/9 b 40P 1", 2, "", "shogi mate: -sfen: more pieces of a kind than the game has: 40 pawns\n"},
		{"36 pawns on the board", "PPPPPPPPP/PPPPPPPPP/PPPPPPPPP/PPPPPPPPP/4k4/9/9/9/9 b - 1", 2, "", "shogi mate: -sfen: more pieces of a kind than the game has: 36 pawns\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd("", "mate", "-sfen", tt.sfen)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if tt.err != "" && !strings.HasPrefix(errOut, tt.err) {
				t.Errorf("stderr %q, want %q first", errOut, tt.err)
			}
			if diff := cmp.Diff(tt.out, out); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTsumeCommandHostile: shogi tsume on damaged records says what is wrong with each,
// with its line, and judges the others of a directory (exit 1).
func TestTsumeCommandHostile(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(tsumeData, "taichitsume.kif"))
	if err != nil {
		t.Fatal(err)
	}
	utf8, err := japanese.ShiftJIS.NewDecoder().Bytes(raw)
	if err != nil {
		t.Fatal(err)
	}
	// Without its first line, which declares Shift_JIS.
	text := string(utf8[strings.IndexByte(string(utf8), '\n')+1:])
	edit := func(old, new string) string {
		t.Helper()
		if !strings.Contains(text, old) {
			t.Fatalf("no %q in the record", old)
		}
		return strings.Replace(text, old, new, 1)
	}
	sjis := func(s string) string {
		b, err := japanese.ShiftJIS.NewEncoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	cut := strings.Index(text, "   3 １二金打") + len("   3 １二金打")
	files := []struct{ name, text, verdict string }{
		{"utf8.kif", text, "correct; 7 moves"},
		{"sjis.kif", string(raw[strings.IndexByte(string(raw), '\n')+1:]), "correct; 7 moves"},
		{"ply1.kif", edit("   1 １三銀打", "   1 ５五金(99)"), "invalid: line 22, column 6: illegal move 9i5e at move 1: no piece on the origin square"},
		{"last.kif", edit("   7 ３二と(31)", "   7 ３三と(31)"), "invalid: line 28, column 6: illegal move 3a3c at move 7: the piece cannot move that way"},
		// Cut in the middle of a move's line: the moves before it are the solution.
		{"truncated.kif", text[:cut], "wrong; 3 moves recorded, mate in 7\n\tply 2: longer-defence 2b1c (4)\n\tply 2: longer-defence 1a1c (4)\n\tply 3: not-mate"},
		{"truncated-sjis.kif", sjis(text[:cut]), "wrong; 3 moves recorded, mate in 7\n\tply 2: longer-defence 2b1c (4)\n\tply 2: longer-defence 1a1c (4)\n\tply 3: not-mate"},
		{"board.kif", text[:strings.Index(text, "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四")], "invalid: line 5, column 1: malformed board diagram: fewer than nine ranks"},
	}
	dir := t.TempDir()
	for _, f := range files {
		path := writeFile(t, dir, f.name, f.text)
		code, out, errOut := runCmd("", "tsume", "-style", "usi", path)
		if wantCode := map[bool]int{true: 0, false: 1}[strings.HasPrefix(f.verdict, "correct")]; code != wantCode {
			t.Errorf("%s: exit %d, want %d; stderr %s", f.name, code, wantCode, errOut)
		}
		if diff := cmp.Diff(path+": "+f.verdict+"\n", out); diff != "" {
			t.Errorf("%s (-want +got):\n%s", f.name, diff)
		}
	}
	// The directory: every record judged, in the order of their names, exit 1.
	code, out, errOut := runCmd("", "tsume", "-style", "usi", dir)
	if code != 1 {
		t.Errorf("the directory: exit %d, want 1; stderr %s", code, errOut)
	}
	for _, f := range files {
		if v := filepath.Join(dir, f.name) + ": " + f.verdict + "\n"; !strings.Contains(out, v) {
			t.Errorf("the directory: no verdict %q in\n%s", v, out)
		}
	}
}
