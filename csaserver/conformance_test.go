package csaserver

// The server runner of the conformance transcripts in
// ../csaproto/testdata/conformance (their format is that directory's README.md): it
// starts a server configured by the file's @server line and plays the clients A, B, …
// against it, line by line.

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
)

const conformanceDir = "../csaproto/testdata/conformance"

func TestConformance(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(conformanceDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("%d transcripts in %s, want the suite", len(files), conformanceDir)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			t.Parallel()
			runTranscript(t, f)
		})
	}
}

// scriptLine is one line of a transcript.
type scriptLine struct {
	n      int
	client byte   // 'A'…; 0 for a directive
	send   bool   // X>
	text   string // the protocol line, or the directive with its arguments
}

func readTranscript(path string) ([]scriptLine, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []scriptLine
	for i, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimRight(raw, "\r")
		n := i + 1
		switch {
		case strings.TrimSpace(line) == "", strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "@"):
			out = append(out, scriptLine{n: n, text: line[1:]})
		case len(line) >= 2 && line[0] >= 'A' && line[0] <= 'Z' && (line[1] == '>' || line[1] == '<'):
			text := strings.TrimPrefix(line[2:], " ")
			if strings.TrimSpace(text) == "" {
				text = ""
			}
			out = append(out, scriptLine{n: n, client: line[0], send: line[1] == '>', text: text})
		default:
			return nil, fmt.Errorf("%s:%d: not a transcript line: %q", path, n, line)
		}
	}
	return out, nil
}

// serverConfig reads the @server directives.
func serverConfig(lines []scriptLine) (Config, error) {
	var cfg Config
	for _, l := range lines {
		if l.client != 0 {
			break
		}
		name, args, _ := strings.Cut(l.text, " ")
		if name != "server" {
			continue
		}
		for _, kv := range strings.Fields(args) {
			k, v, _ := strings.Cut(kv, "=")
			var err error
			dur := func(d *time.Duration) { *d, err = time.ParseDuration(v) }
			switch k {
			case "max-moves":
				cfg.MaxMoves, err = strconv.Atoi(v)
				if cfg.MaxMoves == 0 {
					cfg.MaxMoves = -1
				}
			case "least-time-per-move":
				var s int
				s, err = strconv.Atoi(v)
				cfg.LeastTimePerMove = time.Duration(s) * time.Second
			case "time-roundup":
				cfg.TimeRoundup = v == "yes"
			case "declaration":
				cfg.Declaration = map[string]shogi.DeclarationRule{"24": shogi.Rule24, "27": shogi.Rule27}[v]
				if cfg.Declaration == 0 {
					err = errors.New("want 24 or 27")
				}
			case "rematch-on-draw":
				cfg.RematchOnDraw = v == "yes"
			case "floodgate":
				cfg.FloodgateGames = strings.Split(v, ",")
			case "every":
				dur(&cfg.FloodgateEvery)
			case "start":
				cfg.StartPosition = strings.ReplaceAll(v, "_", " ")
			case "logout-grace":
				dur(&cfg.LogoutGrace)
			case "idle-timeout":
				dur(&cfg.IdleTimeout)
			case "login-timeout":
				dur(&cfg.LoginTimeout)
			case "line-timeout":
				dur(&cfg.LineTimeout)
			case "agree-timeout":
				dur(&cfg.AgreeTimeout)
			case "max-line":
				cfg.MaxLine, err = strconv.Atoi(v)
			case "event":
				cfg.Event = v
			default:
				err = errors.New("unknown option")
			}
			if err != nil {
				return cfg, fmt.Errorf("line %d: @server %s: %v", l.n, kv, err)
			}
		}
	}
	return cfg, nil
}

// scriptClient is one client's connection and the lines it received.
type scriptClient struct {
	nc    net.Conn
	lines chan string // closed at the end of the connection
}

const closedMark = "\x00closed"

func runTranscript(t *testing.T, path string) {
	lines, err := readTranscript(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := serverConfig(lines)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	cfg.RecordDir = t.TempDir()
	runTranscriptCfg(t, lines, cfg, path)
}

func runTranscriptCfg(t *testing.T, lines []scriptLine, cfg Config, path string) {
	// SHOGI_CONFORMANCE_ADDR plays the transcript against another server (shogi-server,
	// started by hand with the options the @server line states), to compare.
	addr := os.Getenv("SHOGI_CONFORMANCE_ADDR")
	var srv *Server
	if addr == "" {
		t.Cleanup(func() { validateDir(t, cfg.RecordDir) }) // after the server's shutdown, which runs first
		srv, addr = startServer(t, cfg)
	}
	clients := map[byte]*scriptClient{}
	get := func(id byte) *scriptClient {
		c := clients[id]
		if c == nil {
			nc, err := net.DialTimeout("tcp", addr, 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { nc.Close() })
			c = &scriptClient{nc: nc, lines: make(chan string, 1024)}
			go func() {
				r := bufio.NewReader(nc)
				for {
					s, err := r.ReadString('\n')
					if err != nil {
						c.lines <- closedMark
						close(c.lines)
						return
					}
					c.lines <- strings.TrimRight(s, "\r\n")
				}
			}()
			clients[id] = c
		}
		return c
	}
	within := time.Duration(0)
	vars := map[string]string{}
	where := func(l scriptLine) string { return fmt.Sprintf("%s:%d", filepath.Base(path), l.n) }
	for _, l := range lines {
		if l.client == 0 {
			name, arg, _ := strings.Cut(l.text, " ")
			switch name {
			case "sleep":
				d, err := time.ParseDuration(arg)
				if err != nil {
					t.Fatalf("%s: %v", where(l), err)
				}
				time.Sleep(d)
			case "within":
				var err error
				if within, err = time.ParseDuration(arg); err != nil {
					t.Fatalf("%s: %v", where(l), err)
				}
			case "stop": // the server stops: games in progress end with #CHUDAN
				if srv == nil {
					t.Skipf("%s: @stop needs our server", where(l))
				}
				go srv.Close()
			case "server", "control", "role":
			default:
				t.Fatalf("%s: unknown directive @%s", where(l), name)
			}
			continue
		}
		c := get(l.client)
		if l.send {
			if l.text == "(close)" {
				c.nc.Close()
				continue
			}
			if _, err := c.nc.Write([]byte(substitute(l.text, vars) + "\n")); err != nil {
				t.Fatalf("%s: %c> %q: %v", where(l), l.client, l.text, err)
			}
			continue
		}
		wait := 5 * time.Second
		if within > 0 {
			wait, within = within, 0
		}
		var got string
		select {
		case s, ok := <-c.lines:
			if !ok {
				s = closedMark
			}
			got = s
		case <-time.After(wait):
			t.Fatalf("%s: %c< %q: nothing received within %v", where(l), l.client, l.text, wait)
		}
		if l.text == "(closed)" {
			if got != closedMark {
				t.Fatalf("%s: %c< (closed): got %q", where(l), l.client, got)
			}
			continue
		}
		if got == closedMark {
			t.Fatalf("%s: %c< %q: the connection was closed", where(l), l.client, l.text)
		}
		if !matchVars(l.text, got, vars) {
			t.Fatalf("%s: %c< got %q, want %q", where(l), l.client, got, l.text)
		}
	}
	for id, c := range clients {
		select {
		case s, ok := <-c.lines:
			if ok && s != closedMark {
				t.Errorf("%s: client %c received %q, which the transcript does not expect", filepath.Base(path), id, s)
			}
		default:
		}
	}
}
