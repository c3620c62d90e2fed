package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		args     []string
		wantLast string
		wantRows int
	}{
		{[]string{"perft", "-depth", "3"}, "25470", 1},
		{[]string{"perft", "-depth", "2", "-divide", "-j", "3"}, "900", 31},
		{[]string{"perft", "-depth", "3", "-handicap", "kyo-ochi"}, "25530", 1},
		{[]string{"perft", "-depth", "1", "-sfen", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"}, "593", 1},
		{[]string{"perft", "-depth", "0"}, "1", 1},
		// Other engines' suites: more pieces of a kind than the game has.
		{[]string{"perft", "-depth", "3", "-sfen", "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1"}, "414441", 1},
		{[]string{"perft", "-depth", "2", "-sfen", "kl7/1p7/9/9/9/9/9/7P1/7LK b RB2G2S2N2L8Prb2g2s2nl8p 1"}, "229547", 1},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		if code := run(tt.args, nil, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d, stderr %s", tt.args, code, errOut.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if diff := cmp.Diff(tt.wantLast, lines[len(lines)-1]); diff != "" {
			t.Errorf("%v: total (-want +got)\n%s", tt.args, diff)
		}
		if len(lines) != tt.wantRows {
			t.Errorf("%v: %d lines, want %d", tt.args, len(lines), tt.wantRows)
		}
	}
}

func TestPerftDivideRows(t *testing.T) {
	var out bytes.Buffer
	if code := run([]string{"perft", "-depth", "2", "-divide"}, nil, &out, &out); code != 0 {
		t.Fatal(out.String())
	}
	for _, row := range []string{"1g1f 30\n", "7g7f 30\n", "2h1h 30\n"} {
		if !strings.Contains(out.String(), row) {
			t.Errorf("no divide row %q in\n%s", row, out.String())
		}
	}
}

func TestPerftBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "-sfen", "nonsense"},
		{"perft", "-handicap", "queen"},
		{"perft", "-sfen", "9/9/9/9/9/9/9/9/9 b - 1", "-handicap", "KY"},
		{"perft", "extra"},
	} {
		var out, errOut bytes.Buffer
		if code := run(args, nil, &out, &errOut); code == 0 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q; want a failure with a message", args, code, errOut.String())
		}
	}
}

// TestPerftSplitAgrees checks that the work split below the root's replies, which
// several goroutines use from depth 3, gives the divide of one goroutine.
func TestPerftSplitAgrees(t *testing.T) {
	for _, pos := range [][]string{
		nil,
		{"-sfen", "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1"},
		{"-sfen", "8k/9/7G1/9/9/9/9/9/K8 b G 1"}, // root moves that mate leave no replies
	} {
		var divides [2]string
		for i, jobs := range []string{"1", "3"} {
			var out, errOut bytes.Buffer
			args := append([]string{"perft", "-depth", "3", "-divide", "-j", jobs}, pos...)
			if code := run(args, nil, &out, &errOut); code != 0 {
				t.Fatalf("%v: exit %d, stderr %s", args, code, errOut.String())
			}
			divides[i] = out.String()
		}
		if diff := cmp.Diff(divides[0], divides[1]); diff != "" {
			t.Errorf("%v: divide with -j 3 (-j 1 +j 3)\n%s", pos, diff)
		}
	}
}
