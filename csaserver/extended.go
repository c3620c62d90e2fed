package csaserver

// The extended mode's commands (shogi-server's x1): %%HELP, %%VERSION, %%LIST, %%WHO,
// %%CHAT, %%SHOW, %%MONITORON/OFF, %%MONITOR2ON/OFF, %%GAME and %%CHALLENGE.

import (
	"fmt"
	"sort"
	"strings"
)

// extended answers the x1 commands (shogi-server answers them in either mode).
func (s *Server) extended(c *conn, cmd Command, x1 bool) {
	switch cmd.Name {
	case "HELP":
		c.send(`##[HELP] available commands "%%WHO", "%%CHAT str", "%%GAME game_name +", "%%GAME game_name -"`)
	case "VERSION":
		c.send("##[VERSION] kifu-go shogi server "+version(), "##[VERSION] +OK")
	case "LIST":
		s.mu.Lock()
		lines := make([]string, 0, len(s.order)+1)
		for _, g := range s.order {
			lines = append(lines, "##[LIST] "+g.id)
		}
		s.mu.Unlock()
		c.send(append(lines, "##[LIST] +OK")...)
	case "WHO":
		s.mu.Lock()
		names := make([]string, 0, len(s.users))
		for n := range s.users {
			names = append(names, n)
		}
		sort.Strings(names)
		lines := make([]string, 0, len(names)+1)
		for _, n := range names {
			lines = append(lines, "##[WHO] "+s.users[n].who())
		}
		s.mu.Unlock()
		c.send(append(lines, "##[WHO] +OK")...)
	case "CHAT":
		s.mu.Lock()
		var to []*conn
		for _, o := range s.users {
			if o.x1 {
				to = append(to, o)
			}
		}
		s.mu.Unlock()
		for _, o := range to {
			o.send(fmt.Sprintf("##[CHAT][%s] %s", c.user, cmd.Args[0]))
		}
	case "SHOW":
		if g := s.game(cmd.Args[0]); g != nil {
			for _, l := range g.show() {
				c.send("##[SHOW] " + l)
			}
		}
		c.send("##[SHOW] +OK")
	case "MONITORON", "MONITOR2ON", "MONITOROFF", "MONITOR2OFF":
		if g := s.game(cmd.Args[0]); g != nil {
			kind := 1
			if strings.HasPrefix(cmd.Name, "MONITOR2") {
				kind = 2
			}
			if strings.HasSuffix(cmd.Name, "ON") {
				g.monitorOn(c, kind)
			} else {
				g.monitorOff(c, kind)
			}
		}
	case "GAME", "CHALLENGE":
		if len(cmd.Args) == 0 { // %%GAME: stop waiting
			s.mu.Lock()
			if c.state == stateWaiting || c.state == stateConnected {
				s.unwait(c)
				s.mu.Unlock()
				return
			}
			st := c.state
			s.mu.Unlock()
			c.send(fmt.Sprintf("##[ERROR] you are in %s status. GAME is valid in connected or game_waiting status", st))
			return
		}
		turn := byte('*')
		if len(cmd.Args) == 2 {
			turn = cmd.Args[1][0]
		}
		if s.floodgate[cmd.Args[0]] && turn != '*' {
			c.send(fmt.Sprintf("##[ERROR] You are not allowed to specify TEBAN %c for the game %s", turn, cmd.Args[0]))
			return
		}
		s.wait(c, cmd.Args[0], turn, cmd.Name == "CHALLENGE")
	}
}

func (c *conn) who() string {
	mode := "CSA"
	if c.x1 {
		mode = "x1"
	}
	switch c.state {
	case stateWaiting, stateAgree, stateStart, stateGame:
		return fmt.Sprintf("%s %s %s %s %c", c.user, mode, c.state, c.gameName, c.turn)
	}
	return fmt.Sprintf("%s %s %s", c.user, mode, c.state)
}

func (s *Server) game(id string) *game {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.games[id]
}
