package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// scriptedCSAServer serves games connections on 127.0.0.1, each the same short game:
// the client, Black, plays 7g7f, the server 3c3d, and the client must resign.
func scriptedCSAServer(t *testing.T, games int) (string, chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	errc := make(chan error, 1)
	const id = "local+quick-10-2+alice+bob+20261126120000"
	go func() {
		for range games {
			conn, err := ln.Accept()
			if err != nil {
				errc <- err
				return
			}
			conn.SetDeadline(time.Now().Add(20 * time.Second))
			r := bufio.NewReader(conn)
			step := func(want string, reply ...string) error {
				for {
					l, err := r.ReadString('\n')
					if err != nil {
						return fmt.Errorf("want %q: %v", want, err)
					}
					if l = strings.TrimRight(l, "\r\n"); l == "" {
						continue
					}
					if l != want {
						return fmt.Errorf("got %q, want %q", l, want)
					}
					_, err = fmt.Fprint(conn, strings.Join(reply, "\n")+"\n")
					return err
				}
			}
			err = step("LOGIN alice quick-10-2,pw", "LOGIN:alice OK", "BEGIN Game_Summary", "Protocol_Version:1.2",
				"Game_ID:"+id, "Name+:alice", "Name-:bob", "Your_Turn:+", "To_Move:+",
				"BEGIN Time", "Time_Unit:1sec", "Total_Time:10", "Byoyomi:2", "END Time",
				"BEGIN Position", "PI", "+", "END Position", "END Game_Summary")
			if err == nil {
				err = step("AGREE "+id, "START:"+id)
			}
			// The client plays 7g7f, answered 3c3d, or resigns.
			for err == nil {
				var l string
				if l, err = r.ReadString('\n'); err != nil {
					break
				}
				switch l = strings.TrimRight(l, "\r\n"); l {
				case "":
					continue
				case "+7776FU":
					_, err = fmt.Fprint(conn, "+7776FU,T0\n-3334FU,T1\n")
					continue
				case "%TORYO":
					_, err = io.WriteString(conn, "%TORYO,T0\n#RESIGN\n#LOSE\n")
				default:
					err = fmt.Errorf("got %q, want +7776FU or %%TORYO", l)
				}
				break
			}
			conn.Close() // as shogi-server closes a plain login's connection
			if err != nil {
				errc <- err
				return
			}
		}
		errc <- nil
	}()
	return ln.Addr().String(), errc
}

func TestConnect(t *testing.T) {
	addr, errc := scriptedCSAServer(t, 3)
	dir := t.TempDir()
	args := cat([]string{"connect", "-server", addr, "-user", "alice", "-password", "quick-10-2,pw", "-o", dir},
		fakeEngineFlags("", "-script", "7g7f 3c3d resign"))
	var stdout, stderr bytes.Buffer
	if code := run(cat(args, []string{"-games", "2"}), nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s%s (server: %v)", code, stdout.String(), stderr.String(), <-errc)
	}
	// The third game takes its password from the environment.
	t.Setenv(passwordEnv, "quick-10-2,pw")
	noPassword := cat([]string{"connect", "-server", addr, "-user", "alice", "-o", dir},
		fakeEngineFlags("", "-script", "7g7f 3c3d resign"))
	var out2 bytes.Buffer
	if code := run(cat(noPassword, []string{"-json"}), nil, &out2, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if err := <-errc; err != nil {
		t.Fatal("server: ", err)
	}
	if n := strings.Count(stdout.String(), "lost: %TORYO #RESIGN #LOSE"); n != 2 {
		t.Errorf("output %q: want two games lost by resignation", stdout.String())
	}
	var rep connectReport
	if err := json.Unmarshal(out2.Bytes(), &rep); err != nil {
		t.Fatalf("-json: %v: %q", err, out2.String())
	}
	if rep.Result != "lose" || rep.Reason != "resign" || rep.Moves != 1 || rep.Color != "black" {
		t.Errorf("-json report %+v", rep)
	}
	// Three games, one Game_ID: three files, none overwritten.
	files, _ := filepath.Glob(filepath.Join(dir, "*.csa"))
	want := []string{"local+quick-10-2+alice+bob+20261126120000-2.csa", "local+quick-10-2+alice+bob+20261126120000-3.csa", "local+quick-10-2+alice+bob+20261126120000.csa"}
	var got []string
	for _, f := range files {
		got = append(got, filepath.Base(f))
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files %q, want %q", got, want)
	}
	data, err := os.ReadFile(filepath.Join(dir, want[2]))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"N+alice", "N-bob", "+7776FU", "T0", "-3334FU", "T1", "%TORYO"} {
		if !strings.Contains(string(data), s) {
			t.Errorf("record without %q:\n%s", s, data)
		}
	}
	var vout, verr bytes.Buffer
	if code := run([]string{"validate", dir}, nil, &vout, &verr); code != 0 {
		t.Errorf("validate: exit %d: %s%s", code, vout.String(), verr.String())
	}
}

func TestConnectUsage(t *testing.T) {
	for _, args := range [][]string{
		{"connect"},
		{"connect", "-server", "127.0.0.1:1", "-user", "a b", "-password", "p", "-engine", "x"},
		{"connect", "-server", "127.0.0.1:1", "-user", "a", "-password", "p"},
		{"connect", "-server", "127.0.0.1:1", "-user", "a", "-password", "p", "-engine", "x", "-f"},
		{"connect", "-server", "127.0.0.1:1", "-user", "a", "-password", "p", "-engine", "x", "-games", "-1"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, nil, &stdout, &stderr); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}
