package csaproto

// The client runner of the conformance transcripts (testdata/conformance, whose
// README gives the format): the runner plays the server for one client role, A
// unless @role says otherwise, sending the role's "<" lines and reading the
// client's lines for its ">" lines, while a driver makes the Client's calls that
// the ">" lines stand for (LOGIN → Login, AGREE → WaitGame and Agree, a move →
// Move, %TORYO → Resign, …) and reads the server's other lines with WaitGame and
// Next. The driver checks what each call returns against the lines: the moves and
// times the server stated, the result and its reason, LOGIN:incorrect as ErrLogin,
// REJECT as ErrRejected, a connection the server closed as ErrServerClosed. The
// client's empty lines (keep-alive, sent on a timer) are not driven: the runner
// skips the role's empty ">" lines.
//
// {} in a line is filled with a plausible value: the game id after Game_ID:,
// START:, REJECT:, AGREE and REJECT, a time after T, + after Your_Turn: and
// To_Move:, a name elsewhere; {=NAME} is filled so and {NAME} with its value. The
// client's AGREE or REJECT with the game id answers a bare AGREE or REJECT of the
// script (the protocol makes the id optional). A line the Client refuses to send
// (an illegal move, a malformed LOGIN) skips the transcript: it is the server
// runner's.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/notation"
)

// scriptLine is one line of a transcript.
type scriptLine struct {
	n     int    // line number in the file
	role  byte   // 'A'…; 0 for a directive
	out   bool   // ">" (client to server) when true
	text  string // the line, or the directive
	sleep time.Duration
}

// readTranscript reads a transcript file.
func readTranscript(path string) (lines []scriptLine, role byte, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	role = 'A'
	for i, raw := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		n := i + 1
		l := strings.TrimRight(raw, "\r")
		switch {
		case strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#"):
			continue
		case strings.HasPrefix(l, "@sleep "):
			d, err := time.ParseDuration(strings.TrimSpace(l[len("@sleep "):]))
			if err != nil {
				return nil, 0, fmt.Errorf("%s:%d: %v", path, n, err)
			}
			lines = append(lines, scriptLine{n: n, sleep: d})
		case strings.HasPrefix(l, "@role "):
			r := strings.TrimSpace(l[len("@role "):])
			if len(r) != 1 || r[0] < 'A' || r[0] > 'Z' {
				return nil, 0, fmt.Errorf("%s:%d: @role wants a capital letter", path, n)
			}
			role = r[0]
		case strings.HasPrefix(l, "@"):
			// @server, @control, @within: the server runner's
		case len(l) >= 2 && l[0] >= 'A' && l[0] <= 'Z' && (l[1] == '>' || l[1] == '<'):
			text := strings.TrimPrefix(l[2:], " ")
			if strings.TrimSpace(text) == "" {
				text = ""
			}
			lines = append(lines, scriptLine{n: n, role: l[0], out: l[1] == '>', text: text})
		default:
			return nil, 0, fmt.Errorf("%s:%d: not a transcript line: %q", path, n, l)
		}
	}
	return lines, role, nil
}

// errRefused is a line the Client refuses to send (an illegal move).
var errRefused = errors.New("the client refuses to send this line")

const conformanceGameID = "conformance+test-600-10+alice+bob+20260101000000"

// placeholder is {} or {=NAME} (a value captured) or {NAME} (a value captured
// before).
var placeholder = regexp.MustCompile(`\{(=?)([A-Za-z0-9_]*)\}`)

// filler fills the placeholders of the lines with plausible values, the same
// value for a {NAME} as for the {=NAME} that captured it.
type filler map[string]string

func (f filler) fill(s string) string {
	for {
		loc := placeholder.FindStringSubmatchIndex(s)
		if loc == nil {
			return s
		}
		before := s[:loc[0]]
		capture, name := s[loc[2]:loc[3]] == "=", s[loc[4]:loc[5]]
		v := "alice"
		switch {
		case name != "" && !capture && f[name] != "":
			v = f[name]
		case strings.HasSuffix(before, "Game_ID:"):
			v = conformanceGameID
		case strings.HasSuffix(before, "START:"), strings.HasSuffix(before, "REJECT:"),
			strings.HasSuffix(before, "AGREE "), strings.HasSuffix(before, "REJECT "):
			v = conformanceGameID
			if id := f[gameIDKey]; id != "" {
				v = id // the id the Game_ID line was given
			}
		case strings.HasSuffix(before, ",T"):
			v = "1"
		case strings.HasSuffix(before, "Your_Turn:"), strings.HasSuffix(before, "To_Move:"):
			v = "+"
		}
		if capture {
			f[name] = v
		}
		s = before + v + s[loc[1]:]
		if id, ok := strings.CutPrefix(s, "Game_ID:"); ok && !placeholder.MatchString(id) {
			f[gameIDKey] = id
		}
	}
}

// gameIDKey keeps the game id a filled Game_ID line was given.
const gameIDKey = "\x00game id"

// runClientTranscript plays a transcript's role against a Client.
func runClientTranscript(t *testing.T, path string) {
	err := playTranscript(path)
	if errors.Is(err, errRefused) {
		t.Skip(err)
	}
	if err != nil {
		t.Error(err)
	}
}

// playTranscript plays a transcript's role against a Client and returns the
// first mismatch.
func playTranscript(path string) error {
	all, role, err := readTranscript(path)
	if err != nil {
		return err
	}
	var lines []scriptLine
	f := filler{}
	closed := false
	var mine []scriptLine
	for _, l := range all {
		if l.role == role || l.role == 0 {
			mine = append(mine, l)
		}
	}
	for i, l := range mine {
		if closed && l.role != 0 {
			continue // the role closed its connection: what comes after is not read
		}
		if l.role != 0 {
			l.text = f.fill(l.text)
		}
		if l.out && l.text == "" {
			// A keep-alive: the Client sends them on its own timer, not driven. A
			// server's answer to it other than the empty line cannot be played.
			if i+1 < len(mine) && !mine[i+1].out && mine[i+1].role != 0 && strings.TrimSpace(mine[i+1].text) != "" {
				return fmt.Errorf("%w: %s:%d: an answer to a keep-alive the Client sends on its own timer", errRefused, filepath.Base(path), l.n)
			}
			continue
		}
		if l.out && l.text == "(close)" {
			closed = true
		}
		lines = append(lines, l)
	}
	name := filepath.Base(path)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer ln.Close()
	serverErr := make(chan error, 1)
	go func() { serverErr <- playServer(ln, name, lines) }()
	c, err := Dial(context.Background(), ln.Addr().String(), Config{})
	if err != nil {
		return err
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	derr := drive(ctx, c, name, lines)
	c.Close()
	var serr error
	select {
	case serr = <-serverErr:
	case <-time.After(10 * time.Second):
		serr = fmt.Errorf("%s: the server side did not finish", name)
	}
	if derr != nil {
		return derr
	}
	return serr
}

// playServer plays the server's side of the lines over one connection.
func playServer(ln net.Listener, name string, lines []scriptLine) error {
	conn, err := ln.Accept()
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(conn)
	for _, l := range lines {
		switch {
		case l.sleep > 0:
			time.Sleep(l.sleep)
		case !l.out && l.text == "(closed)":
			return nil
		case !l.out:
			if _, err := fmt.Fprintf(conn, "%s\n", l.text); err != nil {
				return fmt.Errorf("%s:%d: sending %q: %v", name, l.n, l.text, err)
			}
		case l.text == "(close)":
			if _, err := r.ReadString('\n'); err == nil {
				return fmt.Errorf("%s:%d: the client sent a line, want it to close", name, l.n)
			}
			return nil
		default:
			got, err := readNonEmpty(r)
			if err != nil {
				return fmt.Errorf("%s:%d: want %q from the client: %v", name, l.n, l.text, err)
			}
			if got != l.text && !sameAnswer(got, l.text) {
				return fmt.Errorf("%s:%d: the client sent %q, want %q", name, l.n, got, l.text)
			}
		}
	}
	// The script is played: the client must send nothing more but keep-alives.
	conn.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	if got, err := readNonEmpty(r); err == nil {
		return fmt.Errorf("%s: the client sent %q after the script's end", name, got)
	}
	return nil
}

// sameAnswer reports whether the client's AGREE or REJECT with the game id
// answers the script's bare AGREE or REJECT: the protocol makes the id optional.
func sameAnswer(got, want string) bool {
	if want != "AGREE" && want != "REJECT" {
		return false
	}
	word, id, ok := strings.Cut(got, " ")
	return ok && word == want && id != "" && !strings.Contains(id, " ")
}

func readNonEmpty(r *bufio.Reader) (string, error) {
	for {
		l, err := r.ReadString('\n')
		if err != nil {
			return "", err
		}
		if l = strings.TrimRight(l, "\r\n"); l != "" {
			return l, nil
		}
	}
}

// driver walks the role's lines and makes the client's calls.
type driver struct {
	c     *Client
	name  string
	lines []scriptLine
	i     int // the next line not yet consumed
}

func (d *driver) fail(l scriptLine, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %q: %s", d.name, l.n, l.text, fmt.Sprintf(format, args...))
}

// next returns the next server line (skipping the ones recv passes over: empty
// lines and ##[…] answers), without consuming it; false at the end.
func (d *driver) peekServer() (scriptLine, int, bool) {
	for j := d.i; j < len(d.lines); j++ {
		l := d.lines[j]
		if l.sleep > 0 || l.out {
			continue
		}
		if l.text == "" || strings.HasPrefix(l.text, "##[") {
			continue
		}
		return l, j, true
	}
	return scriptLine{}, 0, false
}

// consumeThrough marks every line through index j consumed.
func (d *driver) consumeThrough(j int) { d.i = j + 1 }

func drive(ctx context.Context, c *Client, name string, lines []scriptLine) error {
	d := &driver{c: c, name: name, lines: lines}
	for d.i < len(d.lines) {
		l := d.lines[d.i]
		switch {
		case l.sleep > 0:
			d.i++
		case l.out:
			d.i++
			if err := d.call(ctx, l); err != nil {
				return err
			}
		case l.text == "" || strings.HasPrefix(l.text, "##["):
			d.i++
		case l.text == "(closed)":
			d.i++
			// The next call sees the connection closed.
			if _, err := c.Next(ctx); err != nil && !errors.Is(err, ErrServerClosed) && !errors.Is(err, ErrState) {
				return d.fail(l, "want the connection closed, got %v", err)
			}
		case l.text == "BEGIN Game_Summary":
			if _, err := c.WaitGame(ctx); err != nil {
				return d.fail(l, "WaitGame: %v", err)
			}
			for d.i < len(d.lines) && (d.lines[d.i].out || d.lines[d.i].text != "END Game_Summary") {
				d.i++
			}
			d.i++
		default:
			// An opponent's move or the end of the game.
			if err := d.next(ctx, l); err != nil {
				return err
			}
		}
	}
	return nil
}

// next calls Next for the server's line l (at d.i) and checks the update.
func (d *driver) next(ctx context.Context, l scriptLine) error {
	u, err := d.c.Next(ctx)
	if err != nil {
		return d.fail(l, "Next: %v", err)
	}
	return d.check(l, u)
}

// check checks an update against the server's lines from l (at or after d.i)
// and consumes them.
func (d *driver) check(l scriptLine, u Update) error {
	first, j, ok := d.peekServer()
	if !ok {
		return d.fail(l, "an update %+v past the script's end", u)
	}
	m, err := ParseMessage(first.text)
	if err != nil {
		return d.fail(first, "the script's line does not parse: %v", err)
	}
	if m.Kind == KindMove {
		if u.Result != nil || u.Move == shogi.NoMove {
			return d.fail(first, "got the result %+v, want the move", u.Result)
		}
		if u.Time != m.Time || u.HasTime != m.HasTime {
			return d.fail(first, "time %v (%v), want %v", u.Time, u.HasTime, m.Time)
		}
		d.consumeThrough(j)
		return nil
	}
	// The end of the game: a special, a reason, the result.
	want := Result{}
	for ; j < len(d.lines); j++ {
		s := d.lines[j]
		if s.out || s.sleep > 0 || s.text == "" {
			continue
		}
		m, err := ParseMessage(s.text)
		if err != nil {
			return d.fail(s, "the script's line does not parse: %v", err)
		}
		switch m.Kind {
		case KindSpecial:
			if want.Special != m.Move { // shogi-server repeats a refused %KACHI without T
				want.Special, want.Time, want.HasTime = m.Move, m.Time, m.HasTime
			}
			continue
		case KindReason:
			want.Reason = m.Reason
			continue
		case KindResult:
			want.Outcome = m.Outcome
		default:
			return d.fail(s, "want the end of the game")
		}
		break
	}
	if u.Result == nil || *u.Result != want {
		return d.fail(first, "got %+v, want the result %+v", u.Result, want)
	}
	d.consumeThrough(j)
	return nil
}

// call makes the client's call a ">" line stands for.
func (d *driver) call(ctx context.Context, l scriptLine) error {
	c := d.c
	text := l.text
	f := strings.Fields(text)
	switch {
	case text == "(close)":
		c.Close()
		return nil
	case len(f) > 0 && f[0] == "LOGIN" && (len(f) < 3 || len(f) > 4 || len(f) == 4 && f[3] != "x1"):
		return fmt.Errorf("%w: %s:%d: %q: a malformed LOGIN", errRefused, d.name, l.n, l.text)
	case len(f) >= 3 && f[0] == "LOGIN":
		var err error
		if len(f) == 4 && f[3] == "x1" {
			err = c.LoginExtended(ctx, f[1], f[2])
		} else {
			err = c.Login(ctx, f[1], f[2])
		}
		reply, j, ok := d.peekServer()
		if !ok {
			return d.fail(l, "no answer to LOGIN in the script")
		}
		d.consumeThrough(j)
		switch {
		case reply.text == "LOGIN:incorrect" && !errors.Is(err, ErrLogin):
			return d.fail(l, "Login: %v, want ErrLogin", err)
		case reply.text != "LOGIN:incorrect" && err != nil:
			return d.fail(l, "Login: %v", err)
		}
		return nil
	case len(f) <= 2 && f[0] == "AGREE":
		if c.Summary() == nil {
			if _, err := c.WaitGame(ctx); err != nil {
				return d.fail(l, "WaitGame: %v", err)
			}
		}
		err := c.Agree(ctx)
		reply, j, ok := d.peekServer()
		if !ok {
			return d.fail(l, "no answer to AGREE in the script")
		}
		d.consumeThrough(j)
		switch {
		case strings.HasPrefix(reply.text, "REJECT:") && !errors.Is(err, ErrRejected):
			return d.fail(l, "Agree: %v, want ErrRejected", err)
		case strings.HasPrefix(reply.text, "START:") && err != nil:
			return d.fail(l, "Agree: %v", err)
		}
		return nil
	case len(f) <= 2 && f[0] == "REJECT":
		if err := c.Reject(ctx); err != nil {
			return d.fail(l, "Reject: %v", err)
		}
		_, j, _ := d.peekServer()
		d.consumeThrough(j)
		return nil
	case text == "LOGOUT":
		err := c.Logout(ctx)
		if err != nil {
			return d.fail(l, "Logout: %v", err)
		}
		if reply, j, ok := d.peekServer(); ok && (reply.text == "LOGOUT:completed" || reply.text == "(closed)") {
			d.consumeThrough(j)
		}
		return nil
	case strings.HasPrefix(text, "%%"):
		if err := c.Command(text); err != nil {
			return d.fail(l, "Command: %v", err)
		}
		return nil
	case text == "%TORYO" || text == "%KACHI" || text == "%CHUDAN":
		call := map[string]func(context.Context) (*Result, error){"%TORYO": c.Resign, "%KACHI": c.Declare, "%CHUDAN": c.Chudan}[text]
		r, err := call(ctx)
		if err != nil {
			return d.fail(l, "%s: %v", text, err)
		}
		return d.check(l, Update{Result: r})
	case strings.HasPrefix(text, "+") || strings.HasPrefix(text, "-"):
		head, rest, _ := strings.Cut(text, ",")
		p := c.Position()
		if p == nil {
			return d.fail(l, "a move outside a game")
		}
		m, err := notation.CSA.Decode(p, head)
		if err != nil {
			// The Client refuses to send an illegal move: the scenario is the
			// server runner's.
			return fmt.Errorf("%w: %s:%d: %q: %v", errRefused, d.name, l.n, l.text, err)
		}
		var pv *Comment
		if rest != "" {
			cm, err := ParseComment(rest)
			if err != nil {
				return d.fail(l, "the script's comment: %v", err)
			}
			pv = &cm
		}
		u, err := c.Move(ctx, m, pv)
		if err != nil {
			return d.fail(l, "Move: %v", err)
		}
		return d.check(l, u)
	}
	return d.fail(l, "no call of the client sends this line")
}

// TestConformanceClient plays every transcript of testdata/conformance (and of
// its shogi-server directory, captured from the real server) against the Client.
func TestConformanceClient(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "conformance", "*.txt"))
	more, _ := filepath.Glob(filepath.Join("testdata", "conformance", "shogi-server", "*.txt"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no transcript in testdata/conformance")
	}
	for _, path := range files {
		rel, _ := filepath.Rel(filepath.Join("testdata", "conformance"), path)
		t.Run(rel, func(t *testing.T) { runClientTranscript(t, path) })
	}
}

// TestConformanceRunnerFails: transcripts the client does not match are failures
// that name the line.
func TestConformanceRunnerFails(t *testing.T) {
	base, err := os.ReadFile(filepath.Join("testdata", "conformance", "shogi-server", "resign.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, from, to, want string }{
		{"garbled result", "A< #LOSE", "A< #LOOSE", "resign.txt:88"},
		{"no echo", "A< +7776FU,T{}\n", "", "resign.txt:"},
		{"echo time", "A< +7776FU,T{}", "A< +7776FU,T12x", "resign.txt:"},
		{"summary", "A< Your_Turn:+", "A< Your_Turn:x", "resign.txt:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Replace(string(base), tt.from, tt.to, 1)
			if text == string(base) {
				t.Fatalf("%q not in the transcript", tt.from)
			}
			path := filepath.Join(t.TempDir(), "resign.txt")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			err := playTranscript(path)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one naming %s", err, tt.want)
			}
		})
	}
}
