package csaserver_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"

	"github.com/kifu-go/shogi/csaproto"
	"github.com/kifu-go/shogi/csaserver"
	"github.com/kifu-go/shogi/notation"
)

// A server on 127.0.0.1 and two csaproto clients: Black plays one move, White
// resigns, and the server writes the record.
func Example() {
	dir, _ := os.MkdirTemp("", "csaserver")
	defer os.RemoveAll(dir)
	srv, err := csaserver.New(csaserver.Config{RecordDir: dir})
	if err != nil {
		fmt.Println(err)
		return
	}
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	go srv.Serve(l)
	defer srv.Close()

	ctx := context.Background()
	play := func(user, password string, done chan<- string) {
		c, err := csaproto.Dial(ctx, l.Addr().String(), csaproto.Config{})
		if err != nil {
			done <- err.Error()
			return
		}
		defer c.Close()
		c.Login(ctx, user, password) // plain mode: the password names the game
		s, _ := c.WaitGame(ctx)
		c.Agree(ctx)
		if s.YourTurn == s.ToMove {
			m, _ := notation.CSA.Decode(c.Position(), "+7776FU")
			u, _ := c.Move(ctx, m, nil)
			fmt.Println(user, "played", notation.CSA.Encode(s.Position, u.Move), "charged", u.Time)
			u, _ = c.Next(ctx)
			done <- fmt.Sprint(user, " ", u.Result.Reason, " ", u.Result.Outcome)
			return
		}
		c.Next(ctx) // Black's move
		r, _ := c.Resign(ctx)
		done <- fmt.Sprint(user, " ", r.Reason, " ", r.Outcome)
	}
	black, white := make(chan string), make(chan string)
	go play("alice", "example-60-10-B,secret", black)
	go play("bob", "example-60-10,secret", white)
	fmt.Println(<-black)
	fmt.Println(<-white)
	files, _ := filepath.Glob(filepath.Join(dir, "*.csa"))
	data, _ := os.ReadFile(files[0])
	fmt.Println(strings.Contains(string(data), "+7776FU,T0\n%TORYO"))
	// Output:
	// alice played +7776FU charged 0s
	// alice #RESIGN #WIN
	// bob #RESIGN #LOSE
	// true
}
