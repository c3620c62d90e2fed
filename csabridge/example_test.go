package csabridge_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"github.com/kifu-go/shogi/csabridge"
	"github.com/kifu-go/shogi/csaproto"
	"github.com/kifu-go/shogi/usi"
)

// tinyEngine speaks just enough USI on its pipes to resign every game.
func tinyEngine(in io.Reader, out io.WriteCloser) {
	defer out.Close()
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		switch cmd, _, _ := strings.Cut(sc.Text(), " "); cmd {
		case "usi":
			fmt.Fprint(out, "id name tiny\nusiok\n")
		case "isready":
			fmt.Fprint(out, "readyok\n")
		case "go":
			fmt.Fprint(out, "bestmove resign\n")
		case "quit":
			return
		}
	}
}

// scriptedServer plays a CSA server's side of a short game on conn: the client
// plays Black and resigns.
func scriptedServer(conn net.Conn) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	const id = "example+quick-60-10+engine+human+20260101000000"
	fmt.Fprint(conn, strings.Join([]string{"BEGIN Game_Summary", "Protocol_Version:1.2", "Game_ID:" + id,
		"Name+:engine", "Name-:human", "Your_Turn:+", "To_Move:+",
		"BEGIN Time", "Time_Unit:1sec", "Total_Time:60", "Byoyomi:10", "END Time",
		"BEGIN Position", "PI", "+", "END Position", "END Game_Summary", ""}, "\n"))
	r.ReadString('\n') // AGREE
	fmt.Fprint(conn, "START:"+id+"\n")
	r.ReadString('\n') // %TORYO
	io.WriteString(conn, "%TORYO\n#RESIGN\n#LOSE\n")
}

// Play plays a game on a logged-in client (here a scripted server over a pipe) with
// an engine (here a tiny one that resigns).
func ExamplePlay() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	serverSide, clientSide := net.Pipe()
	go scriptedServer(serverSide)
	c := csaproto.NewClient(clientSide, csaproto.Config{})
	defer c.Close()

	toEngine, engineIn := io.Pipe()
	engineOut, fromEngine := io.Pipe()
	go tinyEngine(toEngine, fromEngine)
	e, err := usi.New(ctx, struct {
		io.Reader
		io.Writer
	}{engineOut, engineIn}, usi.Config{Name: "tiny"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()

	g, err := csabridge.Play(ctx, c, e, csabridge.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Summary.GameID)
	fmt.Println(g.Detail)
	fmt.Println(g.Record.Root.End.Kind, g.Record.Root.End.Result)
	// Output:
	// example+quick-60-10+engine+human+20260101000000
	// lost: %TORYO #RESIGN #LOSE
	// resign white wins
}
