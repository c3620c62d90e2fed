package csaproto_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/csaproto"
)

const exampleSummary = `BEGIN Game_Summary
Protocol_Version:1.2
Game_ID:g1
Name+:alice
Name-:bob
Your_Turn:+
To_Move:+
BEGIN Time
Total_Time:600
Byoyomi:10
END Time
BEGIN Position
PI
+
END Position
END Game_Summary`

func Example() {
	server, conn := net.Pipe()
	go func() { // a server playing its part of the game
		r := bufio.NewReader(server)
		answer := map[string][]string{
			"LOGIN alice pw":        {"LOGIN:alice OK"},
			"AGREE g1":              {"START:g1"},
			"+7776FU,'* 20 -3334FU": {"+7776FU,T3", "-3334FU,T5"},
			"%TORYO":                {"%TORYO,T1", "#RESIGN", "#LOSE"},
			"LOGOUT":                {"LOGOUT:completed"},
		}
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			for _, l := range answer[strings.TrimSpace(line)] {
				fmt.Fprintln(server, l)
			}
			if strings.HasPrefix(line, "LOGIN ") {
				fmt.Fprintln(server, exampleSummary)
			}
		}
	}()

	ctx := context.Background()
	c := csaproto.NewClient(conn, csaproto.Config{})
	if err := c.Login(ctx, "alice", "pw"); err != nil {
		fmt.Println(err)
		return
	}
	s, _ := c.WaitGame(ctx)
	fmt.Println(s.GameID, s.Names[shogi.Black], "vs", s.Names[shogi.White], s.Time)
	c.Agree(ctx)
	m, _ := shogi.ParseUSIMove("7g7f")
	u, _ := c.Move(ctx, m, &csaproto.Comment{Score: 20, PV: []string{"-3334FU"}})
	fmt.Println("mine:", u.Move, u.Time)
	u, _ = c.Next(ctx)
	fmt.Println("theirs:", u.Move, u.Time)
	res, _ := c.Resign(ctx)
	fmt.Println(res.Special, res.Reason, res.Outcome)
	fmt.Println(c.Logout(ctx))
	// Output:
	// g1 alice vs bob main 10m0s, byoyomi 10s, charged in 1s rounded down
	// mine: 7g7f 3s
	// theirs: 3c3d 5s
	// %TORYO #RESIGN #LOSE
	// <nil>
}
