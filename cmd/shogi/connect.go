package main

// shogi connect: a USI engine on a CSA server, through package csabridge. The
// command parses the flags, starts the engine, writes each game's record and
// prints a line (or a JSON object) per game.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csa"
	"github.com/kifu-go/shogi/csabridge"
	"github.com/kifu-go/shogi/csaproto"
	"github.com/kifu-go/shogi/usi"
)

// passwordEnv names the environment variable connect takes the password from when
// -password is not given.
const passwordEnv = "SHOGI_CSA_PASSWORD"

func init() {
	commands["connect"] = command{
		summary: "play a USI engine on a CSA server (floodgate, shogi-server, shogi server)",
		usage: "shogi connect -server HOST:PORT -user NAME [-password PASSWORD] [-game NAME] -engine PROGRAM [-arg ARG]…\n" +
			"       [-option NAME=VALUE]… [-games N] [-margin D] [-no-inc] [-pv] [-keepalive D] [-o DIR [-f]] [-log FILE] [-json]",
		run: runConnect,
	}
}

// connectReport is the JSON object -json prints for a game.
type connectReport struct {
	Game      string `json:"game"`
	Color     string `json:"color"`
	Black     string `json:"black"`
	White     string `json:"white"`
	Result    string `json:"result"`           // win, lose, draw, censored, chudan or none
	Reason    string `json:"reason,omitempty"` // the server's: resign, time_up, …
	Detail    string `json:"detail"`
	Moves     int    `json:"moves"`
	SpareMS   int64  `json:"spare_ms"`
	File      string `json:"file,omitempty"`
	Error     string `json:"error,omitempty"`
	EngineErr string `json:"engine_error,omitempty"`
}

func runConnect(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("connect", stderr)
	server := fs.String("server", "", "the CSA server, `HOST:PORT` (floodgate is wdoor.c.u-tokyo.ac.jp:4081)")
	user := fs.String("user", "", "the user name to log in with")
	password := fs.String("password", "", "the password; shogi-server and floodgate take the game name in it with a plain login: GAME_NAME,PASSWORD (floodgate-300-10F,secret); by default $"+passwordEnv+", which other users cannot see in the process list")
	game := fs.String("game", "", "log in in extended mode (x1) and ask for this game with %%GAME NAME * instead")
	// The engine's flags as analyse and match have them, but -name: the server names
	// the players.
	noName := ""
	ef := &engineFlags{path: fs.String("engine", "", "the `PROGRAM` of the engine, a USI engine"), name: &noName}
	fs.Var(&ef.args, "arg", "an argument of the engine's program (repeat for several)")
	fs.Var(&ef.options, "option", "set one of the engine's options: `NAME=VALUE`, or NAME for a button (repeat for several)")
	games := fs.Int("games", 1, "the number of games to play, a connection each; 0 plays until interrupted")
	margin := fs.Duration("margin", 0, "the time withheld from the engine for the lines to travel to the server: it is told its time less this, and stopped when that runs out; by default 500ms, no more than half the byoyomi")
	noInc := fs.Bool("no-inc", false, "tell the engine its time with the increment already added and no binc or winc, for engines that do not know them (gpsusi)")
	pv := fs.Bool("pv", false, "send the engine's evaluation and line with each move, as floodgate's comment ('* 30 -3334FU +2726FU)")
	keepAlive := fs.Duration("keepalive", 30*time.Second, "send an empty line when nothing was sent for this long (0 for never)")
	outDir := fs.String("o", "", "write each game's record into `DIR` as GAME_ID.csa (CSA V3.0, with the server's times); never a file overwritten without -f")
	force := fs.Bool("f", false, "with -o or -log: overwrite files that exist")
	logPath := fs.String("log", "", "write every line to and from the server and the engine into `FILE` (the password shown as *)")
	jsonOut := fs.Bool("json", false, "print a JSON object per game instead of a line")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if *password == "" {
		*password = os.Getenv(passwordEnv)
	}
	marginSet := false
	fs.Visit(func(f *flag.Flag) { marginSet = marginSet || f.Name == "margin" })
	switch {
	case fs.NArg() > 0:
		return usageError(fs, stderr, "connect takes no arguments")
	case *server == "":
		return usageError(fs, stderr, "-server: name the CSA server, HOST:PORT")
	case *user == "" || strings.ContainsAny(*user, " \t\r\n"):
		return usageError(fs, stderr, "-user: a user name without spaces")
	case *password == "" || strings.ContainsAny(*password, " \t\r\n"):
		return usageError(fs, stderr, "-password (or $"+passwordEnv+"): a password without spaces")
	case strings.ContainsAny(*game, " \t\r\n"):
		return usageError(fs, stderr, "-game: a game name without spaces")
	case *games < 0:
		return usageError(fs, stderr, fmt.Sprintf("-games: %d; want 0 or more", *games))
	case *margin < 0 || *keepAlive < 0:
		return usageError(fs, stderr, "-margin and -keepalive cannot be negative")
	case *force && *outDir == "" && *logPath == "":
		return usageError(fs, stderr, "-f goes with -o or -log")
	}
	if msg := ef.check("engine"); msg != "" {
		return usageError(fs, stderr, msg)
	}
	var out *outputDir
	if *outDir != "" {
		d, err := openOutputDir(*outDir)
		if err != nil {
			fmt.Fprintln(stderr, "shogi connect: -o:", err)
			return 2
		}
		defer d.Close()
		out = d
	} else {
		fmt.Fprintln(stderr, "shogi connect: no -o: the games' records are not written")
	}
	log, closeLog, err := openLog(*logPath, *force)
	if err != nil {
		fmt.Fprintln(stderr, "shogi connect:", err)
		return 2
	}
	defer closeLog()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	bridgeMargin := *margin
	if marginSet && *margin == 0 {
		bridgeMargin = -1 // none, as asked
	}
	var errMu sync.Mutex
	s := &csabridge.Session{
		Addr: *server, User: *user, Password: *password, Game: *game,
		Client: csaproto.Config{KeepAlive: *keepAlive, Hook: serverHook(log)},
		Bridge: csabridge.Config{Margin: bridgeMargin, PV: *pv, NoIncrement: *noInc, Log: func(msg string) {
			errMu.Lock()
			defer errMu.Unlock()
			fmt.Fprintln(stderr, "shogi connect:", msg)
		}},
		Engine: func(ctx context.Context) (*usi.Engine, error) {
			sctx, cancel := context.WithTimeout(ctx, time.Minute)
			defer cancel()
			return ef.start(sctx, "engine", log, 3*time.Second)
		},
	}
	defer s.Close()
	played, failed, broken := 0, false, false
	err = s.Run(ctx, *games, func(g *csabridge.Game, gerr error) error {
		rejected := errors.Is(gerr, csaproto.ErrRejected)
		if !rejected {
			played++
		}
		file := ""
		if out != nil && g.Record != nil && !rejected { // a rejected game has no record
			name, werr := writeConnectRecord(out, g, *force)
			if werr != nil {
				fmt.Fprintln(stderr, "shogi connect:", werr)
				failed = true
			}
			file = name
		}
		if g.EngineErr != nil {
			broken = true
		}
		printConnectGame(stdout, g, gerr, file, *jsonOut)
		return nil
	})
	switch {
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "shogi connect: interrupted after %s (%d rejected besides); logged out\n", plural(played, "game"), s.Rejected)
		return 2
	case err != nil:
		fmt.Fprintln(stderr, "shogi connect:", err)
		return 2
	case failed:
		return 2
	case broken:
		return 1
	}
	return 0
}

// serverHook returns the client's hook that writes the lines to the log.
func serverHook(l *engineLog) func(csaproto.Direction, string) {
	if l == nil {
		return nil
	}
	h := l.hook("server")
	return func(d csaproto.Direction, line string) {
		dir := usi.Sent
		if d == csaproto.Received {
			dir = usi.Received
		}
		h(dir, line)
	}
}

// recordName returns the file name of a game's record: its Game_ID with every
// character outside letters, digits and "+-_.@" replaced, so that a name from the
// server never leaves the directory.
func recordName(id string) string {
	var b strings.Builder
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune("+-_.@", r):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	name := strings.TrimLeft(b.String(), ".")
	if name == "" {
		name = "game"
	}
	if len(name) > 200 {
		name = name[:200]
	}
	return name
}

// writeConnectRecord writes a game's record as CSA V3.0 into the directory, under
// its Game_ID, or the first free name GAME_ID-2, -3, … unless force, and returns
// the path written.
func writeConnectRecord(out *outputDir, g *csabridge.Game, force bool) (string, error) {
	var buf bytes.Buffer
	w := csa.NewWriter(&buf)
	w.Version = "3.0"
	if err := w.Write(g.Record); err != nil {
		return "", fmt.Errorf("writing the record of %s: %w", g.Summary.GameID, err)
	}
	if err := w.Flush(); err != nil {
		return "", err
	}
	base := recordName(g.Summary.GameID)
	name := base + ".csa"
	for n := 2; !force && n < 1000; n++ {
		if _, err := out.root.Lstat(name); errors.Is(err, os.ErrNotExist) {
			break
		}
		name = fmt.Sprintf("%s-%d.csa", base, n)
	}
	if err := out.write(name, buf.Bytes(), force); err != nil {
		return "", err
	}
	return out.path(name), nil
}

// printConnectGame prints a line (or a JSON object) for a game.
func printConnectGame(w io.Writer, g *csabridge.Game, gerr error, file string, asJSON bool) {
	r := connectReport{Game: g.Summary.GameID, Color: g.Summary.YourTurn.String(),
		Black: g.Summary.Names[shogi.Black], White: g.Summary.Names[shogi.White],
		Result: "none", Detail: g.Detail, Moves: g.Moves, File: file}
	if g.Spare >= 0 {
		r.SpareMS = g.Spare.Milliseconds()
	}
	if g.Result != nil {
		r.Result = strings.ToLower(strings.TrimPrefix(g.Result.Outcome.String(), "#"))
		r.Reason = strings.ToLower(strings.TrimPrefix(g.Result.Reason.String(), "#"))
	}
	if gerr != nil {
		r.Error = gerr.Error()
	}
	if g.EngineErr != nil {
		r.EngineErr = g.EngineErr.Error()
	}
	if asJSON {
		b, _ := json.Marshal(r)
		fmt.Fprintf(w, "%s\n", b)
		return
	}
	line := fmt.Sprintf("%s: %s (black) vs %s (white), playing %s: %s, %s of ours", escapeText(r.Game), escapeText(r.Black), escapeText(r.White), r.Color, escapeText(r.Detail), plural(r.Moves, "move"))
	if g.Spare >= 0 {
		line += fmt.Sprintf(", %v to spare at the closest", g.Spare.Round(time.Millisecond))
	}
	if file != "" {
		line += " [" + escapeText(file) + "]"
	}
	if gerr != nil {
		line += ": " + escapeText(gerr.Error())
	}
	fmt.Fprintln(w, line)
}
