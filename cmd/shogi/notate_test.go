package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const notateSeedSFEN = "3k3n1/9/9/9/9/9/2B6/6+s2/3GKG3 b n 31"

func TestNotateCommand(t *testing.T) {
	tests := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"notate", "-style", "ki2", "-sfen", notateSeedSFEN, "4i5h", "N*3c", "7g3c+", "3h4i"}, "",
			"▲５八金右\n△３三桂打\n▲同角成\n△４九成銀\n"},
		{[]string{"notate", "-style", "kitao-kawasaki", "-sfen", notateSeedSFEN, "4i5h", "N*3c", "7g3c+", "3h4i"}, "",
			"☗金(49)-58\n☖桂*33\n☗角x+\n☖+銀-49\n"},
		{[]string{"notate", "-style", "hodges", "-from", "ki2", "-sfen", notateSeedSFEN, "▲５八金右", "△３三桂打", "▲同　角成", "△４九成銀"}, "",
			"G(4i)-5h\nN*3c\nBxN+\nS(+)-4i\n"},
		{[]string{"notate", "-style", "usi", "-from", "western"}, "1.P-76 P-34 2.Bx22+ Sx22 resigns\n",
			"7g7f\n3c3d\n8h2b+\n3a2b\nresign\n"},
		{[]string{"notate", "-style", "japanese", "-line", "-sfen", notateSeedSFEN}, "4i5h N*3c 7g3c+ 3h4i resign",
			"31.☗5八金右 32.☖3三桂打 33.☗同角成 34.☖4九成銀 35.投了\n"},
		{[]string{"notate", "-style", "western", "-line", "-handicap", "香落ち", "3c3d", "7g7f"}, "",
			"1…P-34 2.P-76\n"},
		{[]string{"notate", "-style", "csa"}, "", ""},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		if code := run(tt.args, strings.NewReader(tt.stdin), &out, &errOut); code != 0 {
			t.Errorf("%v: exit %d, stderr %s", tt.args, code, errOut.String())
			continue
		}
		if diff := cmp.Diff(tt.want, out.String()); diff != "" {
			t.Errorf("%v: output (-want +got)\n%s", tt.args, diff)
		}
	}
}

func TestNotateCommandErrors(t *testing.T) {
	tests := []struct {
		args    []string
		code    int
		wantErr string
	}{
		{[]string{"notate", "-style", "klingon", "7g7f"}, 2, "unknown style"},
		{[]string{"notate", "-from", "klingon", "7g7f"}, 2, "unknown style"},
		{[]string{"notate", "7g7f", "7g7f"}, 1, "move 2"},
		{[]string{"notate", "-from", "ki2", "５八金"}, 1, "ambiguous"},
		{[]string{"notate", "-sfen", "not an sfen", "7g7f"}, 1, "shogi notate:"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &out, &errOut)
		if code != tt.code || !strings.Contains(errOut.String(), tt.wantErr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, errOut.String(), tt.code, tt.wantErr)
		}
	}
}
