package csaserver

import (
	"bufio"
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/record"
)

// startServer runs a server on 127.0.0.1 with a record directory in t.TempDir.
func startServer(t testing.TB, cfg Config) (*Server, string) {
	t.Helper()
	if cfg.RecordDir == "" {
		cfg.RecordDir = t.TempDir()
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := <-done; !errors.Is(err, ErrServerClosed) {
			t.Errorf("serve: %v", err)
		}
	})
	return s, l.Addr().String()
}

// rawClient is a line-level client for scripted tests.
type rawClient struct {
	t    testing.TB
	nc   net.Conn
	r    *bufio.Reader
	name string
}

func dialRaw(t testing.TB, addr, name string) *rawClient {
	t.Helper()
	nc, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	return &rawClient{t: t, nc: nc, r: bufio.NewReader(nc), name: name}
}

func (c *rawClient) send(lines ...string) {
	c.t.Helper()
	for _, l := range lines {
		if _, err := c.nc.Write([]byte(l + "\n")); err != nil {
			c.t.Fatalf("%s: send %q: %v", c.name, l, err)
		}
	}
}

// recv returns the next line, or an error at the end of the connection or after d.
func (c *rawClient) recv(d time.Duration) (string, error) {
	c.nc.SetReadDeadline(time.Now().Add(d))
	s, err := c.r.ReadString('\n')
	if err != nil {
		return s, err
	}
	return strings.TrimRight(s, "\r\n"), nil
}

// expect reads lines and checks them against want ({} matches any text).
func (c *rawClient) expect(want ...string) {
	c.t.Helper()
	for _, w := range want {
		got, err := c.recv(5 * time.Second)
		if err != nil {
			c.t.Fatalf("%s: want %q: %v", c.name, w, err)
		}
		if !match(w, got) {
			c.t.Fatalf("%s: got %q, want %q", c.name, got, w)
		}
	}
}

// skipUntil reads lines up to one that matches want.
func (c *rawClient) skipUntil(want string) {
	c.t.Helper()
	for {
		got, err := c.recv(5 * time.Second)
		if err != nil {
			c.t.Fatalf("%s: want %q: %v", c.name, want, err)
		}
		if match(want, got) {
			return
		}
	}
}

// expectClosed checks that the server closes the connection (after any lines).
func (c *rawClient) expectClosed(d time.Duration) {
	c.t.Helper()
	for {
		got, err := c.recv(d)
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				c.t.Fatalf("%s: the server did not close the connection", c.name)
			}
			return
		}
		_ = got
	}
}

// validateDir checks every record in dir with the record package's verdict.
func validateDir(t testing.TB, dir string) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.csa"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v\n%s", f, err, data)
		}
		_, problems := record.Check(rec)
		for _, p := range problems {
			if p.Severity == record.SeverityError {
				t.Errorf("%s: %v\n%s", f, p, data)
			}
		}
		if rec.Ending() == nil {
			t.Errorf("%s: no ending", f)
		}
	}
	return len(files)
}

var _ = shogi.Black
