package main

// shogi server: a CSA game server (package csaserver) on HOST:PORT until interrupted.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csaserver"
)

func init() {
	commands["server"] = command{
		summary: "run a CSA game server (shogi-server's protocol) for engines and tournaments",
		usage: "shogi server [-addr HOST:PORT] [-max-moves N] [-least-time-per-move S] [-time-roundup] [-declaration 27|24]\n" +
			"       [-rematch-on-draw] [-sfen SFEN] [-floodgate-games NAMES -floodgate-every D] [-event NAME] [-max-connections N]\n" +
			"       [-max-games N] [-o DIR] [-json] [-v] [-stop-after D]",
		run: runServer,
	}
}

func runServer(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("server", stderr)
	addr := fs.String("addr", "127.0.0.1:4081", "listen on `HOST:PORT` (4081 is the CSA servers' port; \":4081\" listens on every interface)")
	maxMoves := fs.Int("max-moves", 256, "the move limit stated in the Game_Summary, after which a game is drawn (#MAX_MOVES, #CENSORED); 0 for none")
	least := fs.Int("least-time-per-move", 0, "the least whole seconds a move is charged (Least_Time_Per_Move)")
	roundup := fs.Bool("time-roundup", false, "charge each move's time rounded up to the second instead of down (Time_Roundup:YES)")
	declaration := fs.Int("declaration", 27, "the entering-king declaration rule %KACHI is judged by (入玉宣言): 27 or 24 points")
	rematch := fs.Bool("rematch-on-draw", false, "replay a game drawn by 千日手 or 持将棋 at once, colours reversed, each side keeping its time left")
	floodgate := fs.String("floodgate-games", "", "game names (comma-separated, such as floodgate-600-10F) whose players are paired on a schedule, at random, every -floodgate-every")
	every := fs.Duration("floodgate-every", 30*time.Minute, "with -floodgate-games: the time between pairings")
	event := fs.String("event", "local", "the event name that begins every Game_ID")
	sfenText := fs.String("sfen", "", "start every game from this position (an SFEN); game names beginning hclance_, hcbishop_, hcrook_, hcrooklance_, hc2p_ … hc10p_ start from their handicap")
	maxConns := fs.Int("max-connections", 1000, "the most connections at once; more are closed at once")
	maxGames := fs.Int("max-games", 500, "the most games at once; more players wait for a game to end")
	outDir := fs.String("o", "", "write each game's CSA record (GAME_ID.csa) and the results log (results.ndjson, appended) into `DIR`; a record never overwrites a file")
	jsonOut := fs.Bool("json", false, "print the server's events as JSON lines on standard output instead of text on standard error (with every move, its time charged and the real time it took)")
	verbose := fs.Bool("v", false, "in the text log, print every move too")
	stopAfter := fs.Duration("stop-after", 0, "stop the server after this long (0: run until interrupted); games in progress end with #CHUDAN")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(fs, stderr, "server takes no arguments")
	}
	cfg := csaserver.Config{Event: *event, LeastTimePerMove: time.Duration(*least) * time.Second, TimeRoundup: *roundup,
		RematchOnDraw: *rematch, FloodgateEvery: *every, RecordDir: *outDir, MaxConnections: *maxConns, MaxGames: *maxGames,
		StartPosition: *sfenText}
	switch {
	case *maxMoves < 0:
		return usageError(fs, stderr, "-max-moves: want 0 (none) or a number of moves")
	case *maxMoves == 0:
		cfg.MaxMoves = -1
	default:
		cfg.MaxMoves = *maxMoves
	}
	switch *declaration {
	case 27:
		cfg.Declaration = shogi.Rule27
	case 24:
		cfg.Declaration = shogi.Rule24
	default:
		return usageError(fs, stderr, "-declaration: want 27 or 24")
	}
	if *least < 0 || *least > 3600 {
		return usageError(fs, stderr, "-least-time-per-move: want 0 to 3600 seconds")
	}
	if *every <= 0 {
		return usageError(fs, stderr, "-floodgate-every: want a positive duration")
	}
	if *floodgate != "" {
		for _, n := range strings.Split(*floodgate, ",") {
			if n = strings.TrimSpace(n); n != "" {
				if !csaserver.ValidGameName(n) {
					return usageError(fs, stderr, fmt.Sprintf("-floodgate-games: %q is not a game name NAME-TOTAL-BYOYOMI or NAME-TOTAL-INCREMENTF", n))
				}
				cfg.FloodgateGames = append(cfg.FloodgateGames, n)
			}
		}
	}
	var mu sync.Mutex
	enc := json.NewEncoder(stdout)
	cfg.Log = func(e csaserver.Event) {
		mu.Lock()
		defer mu.Unlock()
		if *jsonOut {
			enc.Encode(e)
			return
		}
		if e.Kind == "move" && !*verbose {
			return
		}
		var b strings.Builder
		b.WriteString(e.Time.Format("15:04:05.000 "))
		b.WriteString(e.Kind)
		if e.Move != "" {
			e.Detail = fmt.Sprintf("%s (%v)", e.Move, e.Elapsed.Round(time.Millisecond))
		}
		for _, f := range []string{e.Conn, e.User, e.GameID, e.Detail} {
			if f != "" {
				b.WriteString(" ")
				b.WriteString(escapeText(f))
			}
		}
		fmt.Fprintln(stderr, b.String())
	}
	srv, err := csaserver.New(cfg)
	if err != nil {
		return usageError(fs, stderr, err.Error())
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "shogi server: %v\n", err)
		srv.Close()
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *stopAfter > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *stopAfter)
		defer cancel()
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	select {
	case <-ctx.Done():
	case err = <-served:
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv.Shutdown(shutdown)
	if err != nil && err != csaserver.ErrServerClosed {
		fmt.Fprintf(stderr, "shogi server: %v\n", err)
		return 2
	}
	return 0
}
