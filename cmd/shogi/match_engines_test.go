package main

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/usi"
)

// The real engines of Debian's packages gpsshogi and fairy-stockfish (.ci/install-engines
// installs them); the tests that use them skip, saying so, when one is missing.
const (
	gpsusiPath = "/usr/games/gpsusi"
	fairyPath  = "/usr/games/fairy-stockfish"
)

// loadAverage returns the machine's load average over the last minute; +Inf (a
// loaded machine) when it cannot be read.
func loadAverage(t *testing.T) float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		t.Logf("no load average: %v", err)
		return math.Inf(1)
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return math.Inf(1)
	}
	load, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return math.Inf(1)
	}
	return load
}

func needEngines(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s is not installed (%v): run .ci/install-engines", p, err)
		}
	}
}

// TestMatchRealEngines plays gpsusi against Fairy-Stockfish: 4 short games (a move
// limit of 12 and 2 seconds each, sudden death, a margin of 1 second), two at a time.
// With SHOGI_ENGINE_MATCH=1 the games are played out (320 moves, 1 second byoyomi, the
// default margin, one game at a time), and no game may be decided on time by less than
// the margin: a move lost on time took more than the time its engine was told plus
// the margin (the whole byoyomi), and on a machine not loaded beyond its cores (a load
// average below their number, before and after) no game may be lost on time at all.
// Every record must be valid by the library's verdict policy (what shogi validate
// says), and its ending must be one the rules and the engines can give, with the
// winner it implies.
func TestMatchRealEngines(t *testing.T) {
	needEngines(t, gpsusiPath, fairyPath)
	dir := t.TempDir()
	args := []string{"match", "-engine1", gpsusiPath, "-option1", "LimitDepth=4", "-option1", "Thread=1", "-name1", "gpsusi",
		"-engine2", fairyPath, "-name2", "fairy-stockfish", "-games", "4", "-o", dir}
	long := os.Getenv("SHOGI_ENGINE_MATCH") != ""
	if long {
		args = append(args, "-byoyomi", "1s", "-max-moves", "320", "-concurrency", "1")
	} else {
		args = append(args, "-time", "2s", "-max-moves", "12", "-margin", "1s", "-concurrency", "2")
	}
	loadBefore := loadAverage(t)
	code, stdout, stderr := runCmd("", args...)
	t.Logf("\n%s%s", stdout, stderr)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !regexp.MustCompile(`(?m)^4 of 4 games decided: gpsusi \+\d+ -\d+ =\d+ fairy-stockfish`).MatchString(stdout) {
		t.Errorf("no summary of 4 games")
	}
	// Every record reads back valid, in both formats, as shogi validate says.
	code, out, errOut := runCmd("", "validate", dir)
	if code != 0 || !strings.Contains(errOut, "8 records in 8 inputs: 8 valid, 0 invalid") {
		t.Errorf("shogi validate: exit %d\n%s%s", code, out, errOut)
	}
	games := readGames(t, dir)
	if len(games) != 4 {
		t.Fatalf("%d games", len(games))
	}
	endings := map[shogi.EndingKind]bool{shogi.EndMate: true, shogi.EndResign: true, shogi.EndSennichite: true,
		shogi.EndMaxMoves: true, shogi.EndEnteringKingWin: true, shogi.EndJishogi: true, shogi.EndTimeUp: true,
		shogi.EndIllegalLoss: true, shogi.EndIllegalWin: true}
	for name, rec := range games {
		p, problems := record.Check(rec)
		if len(problems) > 0 {
			t.Errorf("%s: %v", name, problems)
			continue
		}
		end := rec.Ending()
		if end == nil || !endings[end.Kind] {
			t.Errorf("%s: ending %v", name, end)
			continue
		}
		// The winner is the one the ending implies (a repetition's and a declaration's
		// from the rules).
		switch end.Kind {
		case shogi.EndSennichite, shogi.EndJishogi:
		case shogi.EndMaxMoves:
			if o := p.Outcome(shogi.Rules{MaxMoves: 12}); !long && o.Reason != shogi.MoveLimit {
				t.Errorf("%s: a move limit at move %d: %v", name, p.MoveNumber(), o)
			}
			fallthrough
		default:
			if want := shogi.ResultOf(end.Kind, p.SideToMove()); end.Result != want {
				t.Errorf("%s: %v with result %v, want %v", name, end.Kind, end.Result, want)
			}
		}
		// The engines' evaluations are in the comments.
		if n := rec.MainLine(); len(n) > 2 && len(n[len(n)-1].Comments) == 0 && !strings.HasPrefix(strings.Join(n[len(n)-2].Comments, ""), "* ") {
			t.Errorf("%s: no evaluation comments", name)
		}
		t.Logf("%s: %d moves, %v, %v", name, len(rec.MainLine()), end.Kind, end.Result)
	}
	if long {
		if !regexp.MustCompile(`(?m)^time losses \([^)]*\): gpsusi \d+.*, fairy-stockfish \d+`).MatchString(stdout) ||
			!regexp.MustCompile(`(?m)^the longest move past the time told `+regexp.QuoteMeta(fmt.Sprintf("(margin %v)", usi.DefaultMargin))+`: gpsusi [-+]`).MatchString(stdout) {
			t.Errorf("no time losses or overruns in the summary")
		}
		losses := 0
		for name, rec := range games {
			if end := rec.Ending(); end != nil && end.Kind == shogi.EndTimeUp {
				losses++
				// Lost on time: the move took more than the time told and the margin.
				if !end.HasTime || end.Time.Spent <= time.Second {
					t.Errorf("%s: lost on time by a move of %v, within the byoyomi", name, end.Time.Spent)
				}
			}
		}
		loadAfter := loadAverage(t)
		if quiet := float64(runtime.NumCPU()); loadBefore < quiet && loadAfter < quiet && losses > 0 {
			t.Errorf("%d games lost on time on a machine loaded %.1f and %.1f (%d cores)", losses, loadBefore, loadAfter, runtime.NumCPU())
		} else if losses > 0 {
			t.Logf("%d games lost on time on a machine loaded %.1f and %.1f, beyond its %d cores", losses, loadBefore, loadAfter, runtime.NumCPU())
		}
	} else {
		// A game may run past move 12 only while checks continue (the rule of
		// Rules.MaxMoves); the judge says whether any move came after the limit.
		for name, rec := range games {
			_, mismatches, err := rec.JudgeLine(rec.MainLine(), shogi.Rules{MaxMoves: 12})
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			for _, m := range mismatches {
				if m.Kind == shogi.MismatchPastMoveLimit {
					t.Errorf("%s: %v", name, m)
				}
			}
		}
	}
}
