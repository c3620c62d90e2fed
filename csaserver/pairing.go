package csaserver

// Pairing: players wait by game name; two asking for the same name play at once,
// the names of Config.FloodgateGames are paired at random on a schedule.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/handicap"
)

// wait puts a player on the list of a game name and pairs it if it can.
func (s *Server) wait(c *conn, name string, turn byte, challenge bool) {
	s.mu.Lock()
	if c.state != stateConnected && c.state != stateWaiting {
		st := c.state
		s.mu.Unlock()
		c.send(fmt.Sprintf("##[ERROR] you are in %s status. GAME is valid in connected or game_waiting status", st))
		return
	}
	if _, _, err := clock.ParseGameName(name); err != nil {
		s.mu.Unlock()
		c.send(fmt.Sprintf("##[ERROR] bad game name: %s.", name))
		return
	}
	c.state, c.gameName, c.turn, c.waitedAt = stateWaiting, name, turn, time.Now()
	var rival *conn
	if !s.floodgate[name] {
		rival = s.rivalLocked(c)
		if rival == nil && challenge {
			c.state, c.gameName, c.turn = stateConnected, "", '*'
			s.mu.Unlock()
			c.send(fmt.Sprintf("##[ERROR] can't find rival for %s", name))
			return
		}
	}
	if rival != nil && len(s.games) >= s.cfg.MaxGames {
		rival = nil // both wait for a game to end
	}
	var g *game
	if rival != nil {
		g = s.pairLocked(rival, c)
	}
	s.mu.Unlock()
	s.log(Event{Kind: "wait", Conn: c.id, User: c.user, Detail: name})
	if g != nil {
		g.propose()
	}
}

// unwait takes c off the waiting lists (under s.mu).
func (s *Server) unwait(c *conn) {
	if c.state == stateWaiting {
		c.state, c.gameName, c.turn = stateConnected, "", '*'
	}
}

// rivalLocked finds the player waiting longest for c's game name with a compatible
// side (under s.mu).
func (s *Server) rivalLocked(c *conn) *conn {
	var best *conn
	for _, o := range s.users {
		if o == c || o.state != stateWaiting || o.gameName != c.gameName {
			continue
		}
		if o.turn != '*' && o.turn == c.turn {
			continue
		}
		if best == nil || o.waitedAt.Before(best.waitedAt) {
			best = o
		}
	}
	return best
}

// pairLocked makes a game of two waiting players (under s.mu), the sides from their
// wishes or at random.
func (s *Server) pairLocked(a, b *conn) *game {
	black, white := a, b
	switch {
	case a.turn == '-' || b.turn == '+':
		black, white = b, a
	case a.turn == '+' || b.turn == '-':
	case rand.IntN(2) == 0:
		black, white = b, a
	}
	_, control, _ := clock.ParseGameName(a.gameName)
	return s.newGameLocked(a.gameName, [2]*conn{black, white}, control, s.startFor(a.gameName))
}

// handicapPrefixes are shogi-server's game name prefixes of handicap games, in which
// the giver (上手) is White and moves first.
var handicapPrefixes = []struct{ prefix, name string }{
	{"hclance_", "香落ち"}, {"hcbishop_", "角落ち"}, {"hcrooklance_", "飛香落ち"}, {"hcrook_", "飛車落ち"},
	{"hc2p_", "二枚落ち"}, {"hc4p_", "四枚落ち"}, {"hc6p_", "六枚落ち"}, {"hc8p_", "八枚落ち"}, {"hc10p_", "十枚落ち"},
}

// startFor returns the start position of a game: the handicap its name's prefix
// names, as shogi-server's ("hclance_", "hc2p_", …), else Config.StartPosition, else
// nil for the even-game position.
func (s *Server) startFor(name string) *shogi.Position {
	for _, h := range handicapPrefixes {
		if strings.HasPrefix(name, h.prefix) {
			if hc, ok := handicap.Lookup(h.name); ok {
				if p, err := shogi.ParseSFEN(hc.SFEN); err == nil {
					return p
				}
			}
		}
	}
	return s.start
}

// schedule pairs the floodgate games' players every FloodgateEvery.
func (s *Server) schedule() {
	defer s.wg.Done()
	t := time.NewTicker(s.cfg.FloodgateEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stopTick:
			return
		case <-t.C:
			s.PairFloodgate()
		}
	}
}

// PairFloodgate pairs now, at random, the players waiting for each of the floodgate
// games (as the schedule does every FloodgateEvery); a player left over waits.
func (s *Server) PairFloodgate() {
	s.mu.Lock()
	var made []*game
	names := make([]string, 0, len(s.floodgate))
	for n := range s.floodgate {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		var waiting []*conn
		for _, c := range s.users {
			if c.state == stateWaiting && c.gameName == name {
				waiting = append(waiting, c)
			}
		}
		slices.SortFunc(waiting, func(a, b *conn) int { return strings.Compare(a.user, b.user) })
		rand.Shuffle(len(waiting), func(i, j int) { waiting[i], waiting[j] = waiting[j], waiting[i] })
		for i := 0; i+1 < len(waiting) && len(s.games) < s.cfg.MaxGames; i += 2 {
			made = append(made, s.pairLocked(waiting[i], waiting[i+1]))
		}
	}
	s.mu.Unlock()
	for _, g := range made {
		g.propose()
	}
}

// pairWaiting pairs the players of immediate games left waiting by the cap on games.
func (s *Server) pairWaiting() {
	s.mu.Lock()
	var made []*game
	users := make([]*conn, 0, len(s.users))
	for _, c := range s.users {
		users = append(users, c)
	}
	slices.SortFunc(users, func(a, b *conn) int { return a.waitedAt.Compare(b.waitedAt) })
	for _, c := range users {
		if len(s.games) >= s.cfg.MaxGames {
			break
		}
		if c.state != stateWaiting || s.floodgate[c.gameName] {
			continue
		}
		if r := s.rivalLocked(c); r != nil {
			made = append(made, s.pairLocked(c, r))
		}
	}
	s.mu.Unlock()
	for _, g := range made {
		g.propose()
	}
}

// gameID returns a new Game_ID (under s.mu): EVENT+NAME+BLACK+WHITE+YYYYMMDDhhmmss,
// with a serial number after the time when two games start in the same second.
func (s *Server) gameIDLocked(name, black, white string) string {
	stamp := time.Now().Format("20060102150405")
	if stamp == s.lastID {
		s.idSeq++
		stamp += "-" + strconv.Itoa(s.idSeq)
	} else {
		s.lastID, s.idSeq = stamp, 0
	}
	return fmt.Sprintf("%s+%s+%s+%s+%s", s.cfg.Event, name, black, white, stamp)
}
