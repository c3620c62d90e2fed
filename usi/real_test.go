package usi_test

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/usi"
)

// The real engines of Debian's packages gpsshogi and fairy-stockfish, which
// .ci/install-engines installs. The tests skip, saying so, when one is missing.
const (
	gpsusiPath = "/usr/games/gpsusi"
	fairyPath  = "/usr/games/fairy-stockfish"
)

// realEngine describes how the tests drive one real engine.
type realEngine struct {
	name    string
	path    string
	options [][2]string  // set before the searches (gpsusi: shallow and without its book, to be quick)
	limits  []usi.Limits // the kinds of limit it takes
	// mateComplete says whether its go mate answer is a full USI checkmate
	// (gpsusi) or a UCI-style best move with a PV that may stop short (Fairy-Stockfish).
	mateComplete bool
	// dies is a limit that the engine does not know and exits on, with the words of
	// its error output, or a zero Limits.
	dies      usi.Limits
	lastWords string
}

var realEngines = []realEngine{
	{name: "gpsusi", path: gpsusiPath,
		options: [][2]string{{"LimitDepth", "4"}, {"BookDepth", "0"}},
		// gpsusi knows the clock and infinite only (and ends an infinite search by
		// itself): it exits on depth, nodes, binc or ponder (TestRealEngineDies).
		limits: []usi.Limits{
			{Byoyomi: 200 * time.Millisecond},
			{BlackTime: 2 * time.Second, WhiteTime: 2 * time.Second},
			{Infinite: true},
		},
		mateComplete: true,
		dies:         usi.Limits{Depth: 3}, lastWords: "unknown option in go depth"},
	{name: "fairy-stockfish", path: fairyPath,
		limits: []usi.Limits{
			{Byoyomi: 200 * time.Millisecond},
			{BlackTime: 2 * time.Second, WhiteTime: 2 * time.Second},
			{BlackTime: time.Second, WhiteTime: time.Second, BlackIncrement: 100 * time.Millisecond, WhiteIncrement: 100 * time.Millisecond},
			{Depth: 6},
			{Nodes: 20000},
			{Infinite: true},
			{Ponder: true, Byoyomi: 200 * time.Millisecond},
		}},
}

// startReal starts a real engine, or skips the test when it is not installed.
func startReal(t *testing.T, re realEngine) *usi.Engine {
	t.Helper()
	if _, err := os.Stat(re.path); err != nil {
		t.Skipf("%s is not installed (%v): run .ci/install-engines", re.path, err)
	}
	// gpsusi loads for a few seconds before readyok; more on a busy machine.
	ctx := timeout(t, time.Minute)
	// A margin of 5 seconds past each search's limit: what these tests check is the
	// engines' answers, on a machine other builds may load far beyond its cores (where
	// gpsusi answered a "go mate 5000" only after 7.5 s, and took over 2 s to quit).
	e, err := usi.Start(ctx, usi.Config{Path: re.path, Grace: 10 * time.Second, Margin: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := e.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	for _, o := range re.options {
		if err := e.SetOption(ctx, o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	return e
}

func TestRealEngines(t *testing.T) {
	for _, re := range realEngines {
		t.Run(re.name, func(t *testing.T) {
			t.Parallel()
			e := startReal(t, re)
			t.Logf("%s by %s, %d options", e.Name(), e.Author(), len(e.Options()))
			if e.Name() == "" || len(e.Options()) < 5 {
				t.Errorf("name %q, options %v", e.Name(), e.Options())
			}
			// A middle-game position from a real game, with its history.
			p := mustPosition(t, "position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2f 7a7b")
			for _, lim := range re.limits {
				ctx := timeout(t, 10*time.Second)
				var infos int
				s, err := e.Go(ctx, p, lim, func(usi.Info) { infos++ })
				if err != nil {
					t.Fatalf("%+v: %v", lim, err)
				}
				switch {
				case lim.Infinite:
					time.Sleep(300 * time.Millisecond)
					s.Stop()
				case lim.Ponder:
					time.Sleep(100 * time.Millisecond)
					if err := s.PonderHit(); err != nil {
						t.Errorf("ponderhit: %v", err)
					}
				}
				res, err := s.Wait()
				if err != nil {
					t.Errorf("%+v: %v", lim, err)
					continue
				}
				if err := p.CheckMove(res.BestMove); err != nil {
					t.Errorf("%+v: best move %v: %v", lim, res.BestMove, err)
				}
				best, ok := res.Best()
				if !ok || best.Score.Kind == usi.NoScore || len(best.PV) == 0 || best.PVError != nil {
					t.Errorf("%+v: best line %+v", lim, best)
				}
				q := p.Clone()
				for _, m := range best.PV {
					if err := q.Play(m); err != nil {
						t.Errorf("%+v: PV move %v: %v", lim, m, err)
					}
				}
				t.Logf("%+v: %v (%v, %d info lines, %v), score %v for Black, PV %v", lim, res.BestMove, res.Elapsed.Round(time.Millisecond),
					infos, map[bool]string{true: "stopped", false: "by itself"}[res.Stopped], best.BlackScore(), best.PV)
			}

			// Mates: 頭金 in one, and a mate in three.
			// The mate in three is symmetric: either silver may take the gold.
			for _, tsume := range []struct {
				sfen string
				want []string // the lines of the mate; an engine may give a line's start
			}{
				{"4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1", []string{"G*5b"}},
				{"3sks3/9/4S4/9/9/9/9/9/4K4 b 2G2r2b2g1s4n4l18p 1", []string{"G*5b 6a5b G*6b", "G*5b 4a5b G*4b"}},
			} {
				tp, err := sfen.Parse(tsume.sfen)
				if err != nil {
					t.Fatal(err)
				}
				mr, err := e.Mate(timeout(t, 10*time.Second), tp, 5*time.Second)
				if err != nil {
					t.Errorf("mate %s: %v", tsume.sfen, err)
					continue
				}
				var got []string
				for _, m := range mr.Moves {
					got = append(got, m.String())
				}
				t.Logf("mate %s: %v %v (complete: %v, %v)", tsume.sfen, mr.Kind, got, mr.Complete, mr.Elapsed.Round(time.Millisecond))
				line := strings.Join(got, " ")
				if mr.Kind != usi.MateFound || len(got) == 0 || !slices.ContainsFunc(tsume.want, func(w string) bool { return strings.HasPrefix(w, line) }) {
					t.Errorf("mate %s: %v %v, want %s", tsume.sfen, mr.Kind, got, tsume.want)
				}
				if re.mateComplete && !mr.Complete {
					t.Errorf("mate %s: a checkmate answer is complete", tsume.sfen)
				}
			}

		})
	}
}

// TestRealEngineDies shows what a real engine that dies looks like: gpsusi exits on a
// go with a depth, which it does not know, and the error says so, with its last words.
func TestRealEngineDies(t *testing.T) {
	for _, re := range realEngines {
		if re.dies == (usi.Limits{}) {
			continue
		}
		t.Run(re.name, func(t *testing.T) {
			t.Parallel()
			e := startReal(t, re)
			_, err := e.Search(timeout(t, 10*time.Second), shogi.NewStartPosition(), re.dies)
			if !errors.Is(err, usi.ErrExited) || !strings.Contains(err.Error(), re.lastWords) {
				t.Errorf("%+v: error %v, want ErrExited with the engine's last words", re.dies, err)
			}
			t.Log(err)
			if err := e.IsReady(context.Background()); !errors.Is(err, usi.ErrExited) {
				t.Errorf("IsReady after: %v", err)
			}
		})
	}
}
