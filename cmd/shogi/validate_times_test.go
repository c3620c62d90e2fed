package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateTimes: validate checks a record's times against the control it states
// and reports each problem as a warning with its move; the record stays valid.
func TestValidateTimes(t *testing.T) {
	dir := t.TempDir()
	// 1 minute sudden death; black's second move, 50 s after 20 s, is past it.
	csaText := "V2.2\nN+black\nN-white\n$TIME_LIMIT:00:01+00\nPI\n+\n+7776FU\nT20\n-3334FU\nT1\n+2726FU\nT50\n-8384FU\nT1\n%TORYO\n"
	path := filepath.Join(dir, "late.csa")
	if err := os.WriteFile(path, []byte(csaText), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCmd("", "validate", "-json", path)
	vs := jsonLines(t, out)
	if code != 0 || len(vs) != 1 {
		t.Fatalf("exit %d:\n%s%s", code, out, stderr)
	}
	v := vs[0]
	if !v.OK || len(v.Warnings) != 1 || v.Warnings[0].Code != "time-over-time" || v.Warnings[0].Ply != 3 {
		t.Errorf("%+v; want valid with a time-over-time warning at move 3", v)
	}
	code, out, _ = runCmd("", "validate", path)
	if code != 0 || !strings.Contains(out, "OK; 4 moves") || !strings.Contains(out, "warning: move 3 (black): ") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}
