package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/kif"
	"github.com/kifu-go/shogi/record"
	"github.com/kifu-go/shogi/sfen"
	"github.com/kifu-go/shogi/usi"
)

func init() {
	commands["match"] = command{
		summary: "play games between two USI engines, adjudicated by the rules",
		usage: "shogi match -engine1 PROGRAM [-arg1 ARG]… [-option1 NAME=VALUE]… [-name1 NAME]\n" +
			"       [-engine2 PROGRAM [-arg2 …] [-option2 …] [-name2 NAME]] [-games N] [-time D] [-byoyomi D | -inc D]\n" +
			"       [-periods N -period D] [-control SPEC] [-margin D] [-depth N] [-nodes N] [-move-timeout D] [-max-moves N]\n" +
			"       [-declaration 27|24] [-sfen SFEN | -handicap NAME | -openings FILE [-max-record-size SIZE]] [-concurrency N]\n" +
			"       [-o DIR [-f]] [-event NAME] [-log FILE]",
		run: runMatch,
	}
}

// matchGame is one game of a match: which opening, who plays Black, and how it went.
type matchGame struct {
	index        int // from 0
	opening      int // from 0
	firstIsBlack bool
	game         *usi.Game
	err          error    // the game could not be played
	files        []string // the records written
}

func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("match", stderr)
	ef1 := addEngineFlags(fs, "1", "first engine", "")
	ef2 := addEngineFlags(fs, "2", "second engine", " (the first engine's program, arguments and options when not given: it plays itself)")
	games := fs.Int("games", 2, "the number of games; colours alternate, and each opening is played twice")
	mainTime := fs.Duration("time", 0, "each side's main time (持ち時間)")
	byoyomi := fs.Duration("byoyomi", 0, "the time per move once the main time is spent (秒読み); 1s when no clock, -depth or -nodes is given")
	inc := fs.Duration("inc", 0, "a Fischer increment added after each move made on time")
	periods := fs.Int("periods", 0, "the number of consideration periods (考慮時間) after the main time, each of -period, before the byoyomi; a move uses up the whole periods its time past the main time fills")
	period := fs.Duration("period", 0, "with -periods: the length of each consideration period")
	controlSpec := fs.String("control", "", "the time control in `SPEC`, instead of -time, -byoyomi, -inc, -periods and -period: CSA's $TIME_LIMIT (00:25+10), CSA V3.0's $TIME (900+0+5), KIF's 持ち時間 (各10分（秒読み30秒）, 各10分（考慮時間1分×10回、秒読み30秒）), or a floodgate game name (floodgate-600-10F), charged in whole seconds as those forms have it (an increment before each move)")
	margin := fs.Duration("margin", usi.DefaultMargin, "the time withheld from the engines for the lines to travel and the engines to be scheduled: they are told their clock less it (the byoyomi, or the main time and increment) and sent stop when that runs out, while a move loses on time only after the real time; by default no more than half the byoyomi")
	depth := fs.Int("depth", 0, "a depth limit sent with every go")
	nodes := fs.Int64("nodes", 0, "a node limit sent with every go")
	moveTimeout := fs.Duration("move-timeout", time.Minute, "without a clock, the longest a move may take")
	maxMoves := fs.Int("max-moves", 320, "the move limit, after which the game is drawn (0 for none)")
	declaration := fs.Int("declaration", 27, "the entering-king declaration rule (入玉宣言): 27 or 24 points")
	sfenText := fs.String("sfen", "", "start every game from this position (an SFEN, or a USI position line with moves)")
	handicapName := fs.String("handicap", "", "start every game from this handicap (香落ち, 2-piece, …)")
	openingsPath := fs.String("openings", "", "take the openings from the records (any format: SFEN, USI, KIF, CSA, …) of `FILE`, the main line's moves played")
	concurrency := fs.Int("concurrency", 1, "the number of games played at once, each by its own pair of engine processes")
	outDir := fs.String("o", "", "write each game into `DIR` as game-NNN.csa (CSA V3.0) and game-NNN.kif; without -o no record is written")
	force := fs.Bool("f", false, "with -o or -log: overwrite files that exist (never through a symbolic link)")
	event := fs.String("event", "", "the records' event (棋戦)")
	logPath := fs.String("log", "", "write every line sent to and received from the engines into `FILE`")
	maxRecord := addMaxRecordSize(fs)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(fs, stderr, "match takes no arguments: give the engines with -engine1 and -engine2")
	}
	marginSet := false
	fs.Visit(func(f *flag.Flag) { marginSet = marginSet || f.Name == "margin" })
	if msg := ef1.check("engine1"); msg != "" {
		return usageError(fs, stderr, msg)
	}
	if *ef2.path == "" {
		if len(ef2.args) > 0 || len(ef2.options) > 0 {
			return usageError(fs, stderr, "-arg2 and -option2 go with -engine2")
		}
		ef2.path, ef2.args, ef2.options = ef1.path, ef1.args, ef1.options
		if *ef2.name == "" {
			ef2.name = ef1.name
		}
	}
	switch {
	case *games < 1:
		return usageError(fs, stderr, fmt.Sprintf("-games: %d; want 1 or more", *games))
	case *concurrency < 1:
		return usageError(fs, stderr, fmt.Sprintf("-concurrency: %d; want 1 or more", *concurrency))
	case *mainTime < 0 || *byoyomi < 0 || *inc < 0 || *periods < 0 || *period < 0 || *margin < 0 || *depth < 0 || *nodes < 0 || *moveTimeout <= 0 || *maxMoves < 0:
		return usageError(fs, stderr, "times, limits and -max-moves cannot be negative")
	case *byoyomi > 0 && *inc > 0:
		return usageError(fs, stderr, "-byoyomi and -inc exclude each other")
	case (*periods > 0) != (*period > 0):
		return usageError(fs, stderr, "-periods and -period go together")
	case *controlSpec != "" && (*mainTime > 0 || *byoyomi > 0 || *inc > 0 || *periods > 0):
		return usageError(fs, stderr, "-control excludes -time, -byoyomi, -inc, -periods and -period")
	case *force && *outDir == "" && *logPath == "":
		return usageError(fs, stderr, "-f goes with -o or -log")
	case *declaration != 27 && *declaration != 24:
		return usageError(fs, stderr, fmt.Sprintf("-declaration: %d; want 27 or 24", *declaration))
	case (*sfenText != "") && (*handicapName != "") || (*sfenText != "" || *handicapName != "") && *openingsPath != "":
		return usageError(fs, stderr, "-sfen, -handicap and -openings exclude each other")
	}
	control := clock.Same(clock.Allowance{Main: *mainTime, Periods: *periods, Period: *period, Byoyomi: *byoyomi,
		Increment: *inc, IncrementAfter: *inc > 0})
	if *controlSpec != "" {
		c, err := parseControl(*controlSpec)
		if err != nil {
			return usageError(fs, stderr, "-control: "+err.Error())
		}
		control = c
	}
	if err := control.Validate(); err != nil {
		return usageError(fs, stderr, err.Error())
	}
	switch {
	case !marginSet:
		// clock's default: DefaultMargin, no more than half the byoyomi.
	case *margin == 0:
		control.Margin = -1 // none, as asked
	default:
		control.Margin = *margin
	}
	if control.IsZero() && *depth == 0 && *nodes == 0 {
		control.Black.Byoyomi, control.White.Byoyomi = time.Second, time.Second
		if marginSet && *margin >= time.Second {
			return usageError(fs, stderr, fmt.Sprintf("-margin %v leaves the engines no time of the default byoyomi 1s", *margin))
		}
	}
	if msg := marginLeaves(control, marginSet); msg != "" {
		return usageError(fs, stderr, msg)
	}
	rule := shogi.Rule27
	if *declaration == 24 {
		rule = shogi.Rule24
	}
	limit := *maxMoves
	if limit == 0 {
		limit = -1
	}
	openings, err := matchOpenings(*sfenText, *handicapName, *openingsPath, int64(*maxRecord))
	if err != nil {
		return usageError(fs, stderr, err.Error())
	}
	if *outDir != "" {
		// Before the first game: a finished game is never lost for want of a place.
		if err := prepareMatchOutput(*outDir, *games, *force); err != nil {
			fmt.Fprintln(stderr, "shogi match:", err)
			return 2
		}
	} else {
		fmt.Fprintln(stderr, "shogi match: no -o: the games' records are not written")
	}
	log, closeLog, err := openLog(*logPath, *force)
	if err != nil {
		fmt.Fprintln(stderr, "shogi match:", err)
		return 2
	}
	defer closeLog()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := usi.GameConfig{Clock: control, Limits: usi.Limits{Depth: *depth, Nodes: *nodes}, MoveTimeout: *moveTimeout,
		MaxMoves: limit, Declaration: rule, Event: *event}
	var running, moves atomic.Int64
	start := time.Now()
	var finished atomic.Int64
	status := newStatusLine(stderr, func() string {
		return matchProgress(int(finished.Load()), *games, int(running.Load()), int(moves.Load()), time.Since(start))
	})

	todo := make(chan int)
	results := make(chan matchGame)
	var wg sync.WaitGroup
	for w := range min(*concurrency, *games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &enginePair{flags: [2]*engineFlags{ef1, ef2}, log: log, worker: w, workers: *concurrency}
			defer p.close()
			for i := range todo {
				g := matchGame{index: i, opening: i / 2 % len(openings), firstIsBlack: i%2 == 0}
				running.Add(1)
				g.game, g.err = p.play(ctx, cfg, openings[g.opening], g.firstIsBlack, func() { moves.Add(1) })
				running.Add(-1)
				if g.game != nil && *outDir != "" {
					g.files, g.err = writeGame(*outDir, i, g.game.Record, *force, g.err)
				}
				results <- g
			}
		}()
	}
	go func() {
		defer close(todo)
		for i := range *games {
			select {
			case todo <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	played := make([]matchGame, 0, *games)
	failed, broken := false, false
	for g := range results {
		finished.Add(1)
		played = append(played, g)
		line := describeGame(g)
		if g.err != nil {
			failed = true
		} else if g.game.Err != nil {
			broken = true
		}
		status.print(func() { fmt.Fprintln(stdout, line) })
	}
	status.finish()
	summarize(stdout, played, *games, control)
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "shogi match: interrupted")
		return 2
	case failed:
		return 2
	case broken:
		return 1
	}
	return 0
}

// matchProgress is match's status line: "1 of 1 game played, 0 playing, 1 move, 3s", in
// number as the summaries (plural).
func matchProgress(finished, games, running, moves int, elapsed time.Duration) string {
	return fmt.Sprintf("%d of %s played, %d playing, %s, %.0fs", finished, plural(games, "game"), running, plural(moves, "move"), elapsed.Seconds())
}

// matchOpenings returns the positions the games start from: the even game, an SFEN or
// a position line, a handicap, or every record of a file with its main line played.
func matchOpenings(sfenText, handicapName, path string, maxRecordBytes int64) ([]*shogi.Position, error) {
	switch {
	case path != "":
		r, err := record.Open(path)
		if err != nil {
			return nil, fmt.Errorf("-openings: %v", err)
		}
		defer r.Close()
		r.MaxRecordBytes = maxRecordBytes
		var openings []*shogi.Position
		for rec, err := range r.All() {
			if err != nil {
				// Named as validate's text names a record it refuses ("openings.usi#2: line
				// 2, column 30: …"), not by the library's "record: PATH: record 2: ".
				src := r.Source()
				return nil, fmt.Errorf("-openings: %s: %s", recordLabel(path, src.Index, src.Format.String()),
					escapeMessage(placedText(flagBoundErr(err, maxRecordBytes)), path))
			}
			p, err := rec.Replay()
			if err != nil {
				return nil, fmt.Errorf("-openings: %s: %v", path, err)
			}
			if !p.HasLegalMove() {
				return nil, fmt.Errorf("-openings: %s: opening %d leaves no legal move", path, len(openings)+1)
			}
			openings = append(openings, p)
		}
		if len(openings) == 0 {
			return nil, fmt.Errorf("-openings: %s holds no record", path)
		}
		return openings, nil
	case strings.HasPrefix(strings.TrimSpace(sfenText), "position") || strings.HasPrefix(strings.TrimSpace(sfenText), "startpos"):
		p, err := sfen.ParsePosition(sfenText)
		if err != nil {
			return nil, fmt.Errorf("-sfen: %v", err)
		}
		return []*shogi.Position{p}, nil
	}
	p, err := startPosition(sfenText, handicapName)
	if err != nil {
		return nil, fmt.Errorf("-sfen or -handicap: %v", err)
	}
	return []*shogi.Position{p}, nil
}

// enginePair is one worker's two engine processes, started when first needed and again
// after one died.
type enginePair struct {
	flags   [2]*engineFlags
	engines [2]*usi.Engine
	log     *engineLog
	worker  int
	workers int
}

// engine returns the worker's engine i, starting it when it is not running.
func (p *enginePair) engine(ctx context.Context, i int) (*usi.Engine, error) {
	if e := p.engines[i]; e != nil && e.Err() == nil {
		return e, nil
	} else if e != nil {
		e.Close()
		p.engines[i] = nil
	}
	label := fmt.Sprintf("%d:%s", i+1, filepath.Base(*p.flags[i].path))
	if p.workers > 1 {
		label += fmt.Sprintf("#%d", p.worker+1)
	}
	sctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	e, err := p.flags[i].start(sctx, label, p.log, 3*time.Second)
	if err != nil {
		return nil, err
	}
	p.engines[i] = e
	return e, nil
}

func (p *enginePair) close() {
	for _, e := range p.engines {
		if e != nil {
			e.Close()
		}
	}
}

// play plays one game: the first engine takes Black when firstIsBlack.
func (p *enginePair) play(ctx context.Context, cfg usi.GameConfig, opening *shogi.Position, firstIsBlack bool, onMove func()) (*usi.Game, error) {
	var e [2]*usi.Engine
	for i := range e {
		var err error
		if e[i], err = p.engine(ctx, i); err != nil {
			return nil, err
		}
	}
	var names [2]string
	for i, f := range p.flags {
		if names[i] = *f.name; names[i] == "" {
			names[i] = e[i].Name()
		}
	}
	if names[0] == names[1] {
		// An engine against itself: the two are told apart in the records and the summary.
		names[0], names[1] = names[0]+" (1)", names[1]+" (2)"
	}
	cfg.Start = opening
	cfg.Black, cfg.White, cfg.BlackName, cfg.WhiteName = e[0], e[1], names[0], names[1]
	if !firstIsBlack {
		cfg.Black, cfg.White, cfg.BlackName, cfg.WhiteName = e[1], e[0], names[1], names[0]
	}
	cfg.OnMove = func(*shogi.Position, shogi.Move, time.Duration) { onMove() }
	return usi.PlayGame(ctx, cfg)
}

// gameBase returns the path, without its extension, of game index's records in dir.
func gameBase(dir string, index int) string {
	return filepath.Join(dir, fmt.Sprintf("game-%03d", index+1))
}

// prepareMatchOutput checks, before the first game, that the records of a match of
// games can be written into dir: it creates dir, checks that a file can be made in it,
// and, unless force, that none of the files the match writes exists.
func prepareMatchOutput(dir string, games int, force bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("-o: %v", err)
	}
	probe, err := os.CreateTemp(dir, ".shogi-match-*")
	if err != nil {
		return fmt.Errorf("-o: %s is not writable: %v", dir, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	if force {
		return nil
	}
	var exist []string
	for i := range games {
		for _, ext := range []string{".csa", ".kif"} {
			if _, err := os.Lstat(gameBase(dir, i) + ext); err == nil {
				exist = append(exist, gameBase(dir, i)+ext)
			}
		}
	}
	switch len(exist) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("%s exists; not overwritten: use -f, or another -o", exist[0])
	}
	return fmt.Errorf("%s and %d more of the files this match writes exist; not overwritten: use -f, or another -o", exist[0], len(exist)-1)
}

// writeGame writes a game's record as CSA V3.0 (which keeps milliseconds) and KIF, and
// returns the files written; err is the game's own error, passed on. Without force, a
// name taken since the match began (prepareMatchOutput checked them) is not
// overwritten: the game goes under the first free name game-NNN-2, -3, ….
func writeGame(dir string, index int, rec *shogi.Record, force bool, err error) ([]string, error) {
	var csaText bytes.Buffer
	w := csa.NewWriter(&csaText)
	w.Version = "3.0"
	werr := w.Write(rec)
	if werr == nil {
		werr = w.Flush()
	}
	kifText, kerr := kif.Format(rec)
	if werr != nil || kerr != nil {
		return nil, errors.Join(err, fmt.Errorf("writing game %d: %w", index+1, errors.Join(werr, kerr)))
	}
	base := gameBase(dir, index)
	if !force {
		for n := 2; exists(base+".csa") || exists(base+".kif"); n++ {
			base = fmt.Sprintf("%s-%d", gameBase(dir, index), n)
		}
	}
	var files []string
	for _, f := range []struct {
		ext  string
		data []byte
	}{{".csa", csaText.Bytes()}, {".kif", kifText}} {
		if ferr := writeOutputFile(base+f.ext, f.data, force); ferr != nil {
			return files, errors.Join(err, fmt.Errorf("writing %s: %w", base+f.ext, ferr))
		}
		files = append(files, base+f.ext)
	}
	return files, err
}

// exists reports whether something (a link included) has the name path.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// describeGame returns the line that reports a game.
func describeGame(g matchGame) string {
	prefix := fmt.Sprintf("game %d (opening %d)", g.index+1, g.opening+1)
	if g.game == nil {
		return fmt.Sprintf("%s: not played: %v", prefix, g.err)
	}
	black, _ := g.game.Record.Header.Get(shogi.HeaderBlack)
	white, _ := g.game.Record.Header.Get(shogi.HeaderWhite)
	s := fmt.Sprintf("%s: %s (black) vs %s (white): %s", prefix, black, white, g.game.Result)
	if g.game.Result != shogi.NoResult {
		s += fmt.Sprintf(" (%s)", g.game.Detail)
	}
	s += ", " + plural(len(g.game.Record.MainLine()), "move")
	if len(g.files) > 0 {
		s += " [" + strings.Join(g.files, ", ") + "]"
	}
	if g.err != nil {
		s += ": " + g.err.Error()
	}
	return s
}

// tally counts one engine's results: wins, losses, draws.
type tally struct{ w, l, d int }

func (t tally) String() string { return fmt.Sprintf("+%d -%d =%d", t.w, t.l, t.d) }

// clockRecord is what the clock did to one engine over a match.
type clockRecord struct {
	timeLosses int           // games lost on time
	late       time.Duration // the latest of those answers past its time
	failures   int           // games lost because the engine died or broke down otherwise
	moved      bool          // it moved under a clock
	overrun    time.Duration // the most a move took beyond the time it was told
}

// summarize prints the first engine's results, by colour, what the clock did to each
// engine, and the Elo difference, or why there is none to give.
func summarize(w io.Writer, played []matchGame, games int, control clock.Control) {
	var total, asBlack, asWhite tally
	var names [2]string
	var clocks [2]clockRecord
	onTime := 0
	for _, g := range played {
		if g.game == nil {
			continue
		}
		black, _ := g.game.Record.Header.Get(shogi.HeaderBlack)
		white, _ := g.game.Record.Header.Get(shogi.HeaderWhite)
		mine := shogi.Black // the first engine's colour
		if !g.firstIsBlack {
			mine = shogi.White
			black, white = white, black
		}
		names[0], names[1] = black, white
		for side := range 2 {
			engine := 0
			if shogi.Color(side) != mine {
				engine = 1
			}
			if c := &clocks[engine]; g.game.Moved[side] {
				if !c.moved || g.game.Overrun[side] > c.overrun {
					c.overrun = g.game.Overrun[side]
				}
				c.moved = true
			}
		}
		if loser, ok := g.game.Loser(); ok && g.game.Ending == shogi.EndTimeUp {
			c := &clocks[0]
			if loser != mine {
				c = &clocks[1]
			}
			if g.game.LostOnTime() {
				c.timeLosses++
				c.late = max(c.late, g.game.Late)
				onTime++
			} else {
				c.failures++
			}
		}
		if g.game.Result == shogi.NoResult {
			continue
		}
		t := &asBlack
		if mine == shogi.White {
			t = &asWhite
		}
		switch winner, ok := g.game.Result.Winner(); {
		case !ok:
			t.d++
			total.d++
		case winner == mine:
			t.w++
			total.w++
		default:
			t.l++
			total.l++
		}
	}
	n := total.w + total.l + total.d
	fmt.Fprintf(w, "%d of %s decided: %s %s %s (as black %s, as white %s)\n", n, plural(games, "game"), names[0], total, names[1], asBlack, asWhite)
	if n == 0 {
		fmt.Fprintln(w, "no score: no game was decided")
		return
	}
	if !control.IsZero() {
		line := "time losses (" + describeControl(control) + "):"
		for i, c := range clocks {
			line += fmt.Sprintf(" %s %d", names[i], c.timeLosses)
			if c.timeLosses > 0 {
				line += fmt.Sprintf(" (at most %v late)", (c.late + time.Millisecond - 1).Truncate(time.Millisecond)) // up, as usi.Game's detail
			}
			if i == 0 {
				line += ","
			}
		}
		fmt.Fprintln(w, line)
		line = fmt.Sprintf("the longest move past the time told (margin %v):", control.Withheld())
		for i, c := range clocks {
			if c.moved {
				line += fmt.Sprintf(" %s %s", names[i], signedDuration(c.overrun))
			} else {
				line += fmt.Sprintf(" %s no move", names[i])
			}
			if i == 0 {
				line += ","
			}
		}
		fmt.Fprintln(w, line)
	}
	if clocks[0].failures+clocks[1].failures > 0 {
		fmt.Fprintf(w, "engine failures: %s %d, %s %d\n", names[0], clocks[0].failures, names[1], clocks[1].failures)
	}
	score := float64(total.w) + float64(total.d)/2
	scored := fmt.Sprintf("%s scored %.1f of %d (%.1f%%)", names[0], score, n, 100*score/float64(n))
	switch {
	case onTime == n:
		fmt.Fprintf(w, "%s; no Elo difference: every decided game was lost on time, so the score measures the clock, not the engines (give more time or a larger -margin)\n", scored)
	case total.d == n:
		fmt.Fprintf(w, "%s; no Elo difference: every game was drawn\n", scored)
	case total.w == n || total.l == n:
		fmt.Fprintf(w, "%s; no Elo difference: one engine won every game, which bounds the difference on one side only (play more games)\n", scored)
	default:
		diff, margin := usi.EloDifference(total.w, total.l, total.d)
		note := ""
		if onTime > 0 {
			note = fmt.Sprintf("; %d of the %s lost on time", onTime, plural(n, "game"))
		}
		if math.IsInf(margin, 0) || math.IsNaN(margin) {
			fmt.Fprintf(w, "%s; Elo difference %+.0f, its 95%% margin unbounded with so few games%s\n", scored, diff, note)
		} else {
			fmt.Fprintf(w, "%s; Elo difference %+.0f ± %.0f (95%%)%s\n", scored, diff, margin, note)
		}
	}
}

// parseControl reads a time control in any of the spellings clock reads: CSA's
// $TIME_LIMIT and V3.0's $TIME, KIF's 持ち時間, a game name.
func parseControl(spec string) (clock.Control, error) {
	if c, err := clock.ParseCSATimeLimit(spec); err == nil {
		return c, nil
	}
	if a, err := clock.ParseCSATime(spec); err == nil {
		return clock.Same(a), nil
	}
	if c, err := clock.ParseKIF(spec); err == nil {
		return c, nil
	}
	if _, c, err := clock.ParseGameName(spec); err == nil {
		return c, nil
	}
	return clock.Control{}, fmt.Errorf("%q is no time control: want CSA's 00:25+10 or 900+0+5, KIF's 各10分（秒読み30秒）, or a game name like floodgate-600-10F", spec)
}

// marginLeaves returns what is wrong with a margin given with -margin that leaves
// a side nothing of its first move's time, or "".
func marginLeaves(c clock.Control, marginSet bool) string {
	m := c.Withheld()
	if !marginSet || m == 0 {
		return ""
	}
	for side := range shogi.Color(2) {
		a := c.For(side)
		if a.Unlimited() {
			continue
		}
		if avail := a.Available(a.Start()); m >= avail {
			what := "the byoyomi " + a.Byoyomi.String()
			if a.Main > 0 || a.Periods > 0 || a.Byoyomi == 0 {
				what = "the first move's " + avail.String()
			}
			if a.Main > 0 && a.Periods == 0 && a.Byoyomi == 0 && a.Increment == 0 {
				what = "the main time " + a.Main.String()
			}
			return fmt.Sprintf("-margin %v leaves the engines no time of %s", m, what)
		}
	}
	return ""
}

// describeControl names a match's control and margin: "byoyomi 1s, margin 500ms".
func describeControl(c clock.Control) string {
	s := strings.ReplaceAll(c.String(), "main 0s, ", "")
	return s + ", margin " + c.Withheld().String()
}

// signedDuration writes d in milliseconds with its sign: "+37ms", "-120ms".
func signedDuration(d time.Duration) string {
	d = d.Round(time.Millisecond)
	if d >= 0 {
		return "+" + d.String()
	}
	return d.String()
}
