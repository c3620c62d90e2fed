package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
)

// TestParseControl: -control takes each spelling clock reads.
func TestParseControl(t *testing.T) {
	const s = time.Second
	tests := []struct {
		spec string
		want clock.Control
	}{
		{"00:25+10", clock.Byoyomi(25*time.Minute, 10*s)},
		{"900+0+5", clock.Fischer(15*time.Minute, 5*s)},
		{"各10分（秒読み30秒）", clock.Byoyomi(10*time.Minute, 30*s)},
		{"各10分（考慮時間1分×10回、秒読み30秒）", clock.Same(clock.Allowance{Main: 10 * time.Minute, Periods: 10, Period: time.Minute, Byoyomi: 30 * s, Unit: s})},
		{"floodgate-600-10F", clock.Fischer(10*time.Minute, 10*s)},
	}
	for _, tt := range tests {
		got, err := parseControl(tt.spec)
		if err != nil {
			t.Errorf("%s: %v", tt.spec, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.spec, diff)
		}
	}
	if _, err := parseControl("ten minutes"); err == nil {
		t.Error("parseControl took \"ten minutes\"")
	}
}

// TestMatchClockFlags: -periods and -period give consideration periods, told to the
// engines as main time and charged by the clock; -control gives a control in a
// record's spelling; the summary names the control, and the records state it.
func TestMatchClockFlags(t *testing.T) {
	t.Run("periods", func(t *testing.T) {
		dir := t.TempDir()
		logPath := filepath.Join(dir, "engines.log")
		// The second engine thinks for its time and byoyomi less 500 ms: 400 ms of
		// the periods on its first move, which uses up one.
		args := cat([]string{"match", "-name1", "one", "-name2", "two", "-games", "1", "-max-moves", "4",
			"-periods", "2", "-period", "400ms", "-byoyomi", "200ms", "-margin", "100ms", "-log", logPath},
			fakeEngineFlags("1"), fakeEngineFlags("2", "-mode", "use-time", "-overrun", "-500ms"))
		code, stdout, stderr := runCmd("", args...)
		if code != 0 {
			t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
		}
		for _, want := range []string{
			"draw (draw by move limit), 4 moves",
			"time losses (2×400ms periods, byoyomi 200ms, margin 100ms): one 0, two 0\n",
		} {
			if !strings.Contains(stdout, want) {
				t.Errorf("output lacks %q:\n%s", want, stdout)
			}
		}
		log, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"go btime 800 wtime 800 byoyomi 100", "go btime 800 wtime 400 byoyomi 100"} {
			if !strings.Contains(string(log), want) {
				t.Errorf("the engines were not told %q:\n%s", want, log)
			}
		}
	})
	t.Run("control", func(t *testing.T) {
		dir := t.TempDir()
		args := cat([]string{"match", "-games", "1", "-max-moves", "4", "-control", "各0分（秒読み2秒）", "-o", dir},
			fakeEngineFlags("1"), fakeEngineFlags("2"))
		code, stdout, stderr := runCmd("", args...)
		if code != 0 {
			t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
		}
		if want := "time losses (byoyomi 2s, charged in 1s rounded down, margin 500ms): "; !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
		games := readGames(t, dir)
		rec := games["game-001.csa"]
		if rec == nil {
			t.Fatalf("no game-001.csa: %v", games)
		}
		c, ok, err := clock.ControlOf(rec.Header)
		if !ok || err != nil || c.Black.Byoyomi != 2*time.Second {
			t.Errorf("the record states %v (%v, %v)", c, ok, err)
		}
		if w := clock.CheckTimes(rec); len(w) != 0 {
			t.Errorf("the record's times: %v", w)
		}
		if v, _ := rec.Header.Get(shogi.HeaderBlack); v == "" {
			t.Error("no black player")
		}
	})
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-control", "ten minutes"}, `-control: "ten minutes" is no time control`},
		{[]string{"-control", "00:10+10", "-byoyomi", "1s"}, "-control excludes -time, -byoyomi, -inc, -periods and -period"},
		{[]string{"-periods", "3"}, "-periods and -period go together"},
		{[]string{"-periods", "-1", "-period", "1s"}, "cannot be negative"},
		{[]string{"-control", "00:00+01", "-margin", "1s"}, "-margin 1s leaves the engines no time of the byoyomi 1s"},
		{[]string{"-time", "1s", "-margin", "1s"}, "-margin 1s leaves the engines no time of the main time 1s"},
	} {
		code, _, stderr := runCmd("", append([]string{"match", "-engine1", "x"}, tt.args...)...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}
