package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestValidateRulesFlags: -max-moves and -declaration choose the rules a record is
// judged by; moves past the default limit are a warning, past a stated one an error.
func TestValidateRulesFlags(t *testing.T) {
	const pastLimit = "position sfen 7k1/9/9/9/8R/9/9/9/K8 b - 500 moves 9i9h 2a3a\n"
	// 28 points in Black's declaration: a win by the 27-point rule, a draw by the 24.
	const declaration = "V2.2\nP1+NY+NK+GI+KI * +KI+GI+NK+NY\nP2 * +HI *  *  * +OU * +KA * \n" +
		"P9 *  *  *  * -OU *  *  *  * \nP+00KA00FU00FU00FU00FU00FU\n+\n%KACHI\n"
	type result struct {
		Exit     int
		OK       bool
		Code     string
		Warnings []string
	}
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  result
	}{
		{"default limit", pastLimit, nil, result{0, true, "", []string{"past-default-move-limit"}}},
		{"stated limit", pastLimit, []string{"-max-moves", "500"}, result{1, false, "past-move-limit", nil}},
		{"no limit", pastLimit, []string{"-max-moves", "-1"}, result{0, true, "", nil}},
		{"27-point declaration", declaration, nil, result{0, true, "", nil}},
		{"24-point declaration", declaration, []string{"-declaration", "24"}, result{1, false, "false-declaration", nil}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{"validate", "-json"}, tc.args...), "-")
			code, out, errOut := runCmd(tc.stdin, args...)
			vs := jsonLines(t, out)
			if len(vs) != 1 {
				t.Fatalf("%d lines, want 1\n%s%s", len(vs), out, errOut)
			}
			got := result{Exit: code, OK: vs[0].OK, Code: vs[0].Code}
			for _, w := range vs[0].Warnings {
				got.Warnings = append(got.Warnings, w.Code)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s\n%s", diff, out)
			}
		})
	}
	code, _, errOut := runCmd(pastLimit, "validate", "-declaration", "25", "-")
	if code != 2 || !strings.Contains(errOut, "-declaration") {
		t.Errorf("-declaration 25: exit %d, %q; want 2 and a message naming the flag", code, errOut)
	}
}
