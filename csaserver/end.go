package csaserver

// The end of a game: the result to the players and the monitors, the record, the
// players freed (and plain-mode players disconnected after a grace), a drawn game
// replayed when the server says so.

import (
	"fmt"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
)

// left is c leaving the game (its connection ended): it loses, or the game is
// rejected before it started.
func (g *game) left(c *conn, reason string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	side, ok := g.side(c)
	if !ok {
		return
	}
	switch g.phase {
	case phaseAgree:
		g.rejectLocked(c.user)
	case phasePlay:
		e := ending{reason: "#RESIGN", special: "%TORYO", result: shogi.WinFor(side.Opponent()), loser: side,
			detail: g.names[side] + " left: " + reason, kind: shogi.EndIllegalWin}
		if side == g.pos.SideToMove() {
			e.kind = shogi.EndResign
			ch := g.clk.Charge(side, time.Since(g.moveFrom))
			e.spent, e.hasTime = ch.Charged, true
		}
		g.finishLocked(e)
	}
}

// abort ends the game as the server stops.
func (g *game) abort(why string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch g.phase {
	case phaseAgree:
		g.rejectLocked("the Server (" + why + ")")
	case phasePlay:
		g.finishLocked(ending{kind: shogi.EndInterrupt, detail: why})
	}
}

// finishLocked ends the game: the result to both players and the monitors, the
// record and the results log written.
func (g *game) finishLocked(e ending) {
	if g.timer != nil {
		g.timer.Stop()
	}
	g.phase = phaseOver
	g.end = e
	g.writeRecordLocked() // before the result is sent: a client told the result finds the record
	g.releaseLocked()
	for side, p := range g.players {
		var lines []string
		if e.special != "" {
			lines = append(lines, e.special)
		}
		if e.reason != "" {
			lines = append(lines, e.reason)
		}
		lines = append(lines, outcomeLine(e, shogi.Color(side)))
		p.send(lines...)
	}
	for m, kind := range g.monitors {
		tag := "MONITOR"
		if kind == 2 {
			tag = "MONITOR2"
		}
		word := e.special
		if word == "" {
			word = e.reason
		}
		if word == "" {
			word = "#CHUDAN"
		}
		m.send(fmt.Sprintf("##[%s][%s] %s", tag, g.id, word), fmt.Sprintf("##[%s][%s] +OK", tag, g.id))
	}
	g.srv.log(Event{Kind: "end", GameID: g.id, Detail: g.resultWord() + ": " + e.detail})
	draw := e.result == shogi.Draw && !e.censor
	go g.srv.gameOver(g, draw)
}

// outcomeLine is the result line for side.
func outcomeLine(e ending, side shogi.Color) string {
	switch {
	case e.result == shogi.NoResult:
		return "#CHUDAN"
	case e.censor:
		return "#CENSORED"
	case e.result == shogi.Draw:
		return "#DRAW"
	}
	if w, _ := e.result.Winner(); w == side {
		return "#WIN"
	}
	return "#LOSE"
}

func (g *game) resultWord() string {
	switch g.end.result {
	case shogi.BlackWins:
		return "black wins"
	case shogi.WhiteWins:
		return "white wins"
	case shogi.Draw:
		return "draw"
	}
	return "interrupted"
}

// releaseLocked frees the players of a game that ended, before its result is sent,
// so that what they send next (LOGOUT, %%GAME) finds them out of it (under g.mu; the
// lock order is g.mu, then srv.mu).
func (g *game) releaseLocked() {
	s := g.srv
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.games, g.id)
	if i := indexOf(s.order, g); i >= 0 {
		s.order = append(s.order[:i], s.order[i+1:]...)
	}
	for _, p := range g.players {
		if p.game == g {
			p.game, p.gameName, p.turn = nil, "", '*'
			if p.state != stateFinished {
				p.state = stateConnected
			}
		}
	}
}

// gameOver follows a finished game: plain-mode players may send LOGOUT within the
// grace and are then disconnected (as shogi-server does); a draw is replayed when the
// server says so; players waiting for a free game are paired.
func (s *Server) gameOver(g *game, draw bool) {
	var re *rematch
	if draw && s.cfg.RematchOnDraw {
		re = g.rematchOf()
	}
	s.mu.Lock()
	var plain []*conn
	both := true
	for _, p := range g.players {
		if p.state != stateConnected || p.game != nil {
			both = false
		}
		if !p.x1 {
			plain = append(plain, p)
		}
	}
	var next *game
	if re != nil && both && !s.closed {
		next = s.newGameLocked(g.name, re.players, re.control, s.startFor(g.name))
		next.rematch = true
	}
	closed := s.closed
	s.mu.Unlock()
	if next != nil {
		next.propose()
		return
	}
	for _, p := range plain {
		if closed {
			p.finish()
			continue
		}
		s.mu.Lock()
		if p.state == stateConnected && p.grace == nil {
			p.grace = time.AfterFunc(s.cfg.LogoutGrace, func() {
				s.mu.Lock()
				idle := p.game == nil && p.state == stateConnected
				p.grace = nil
				s.mu.Unlock()
				if idle {
					p.setReason("its game is over (plain mode)")
					p.finish()
				}
			})
		}
		s.mu.Unlock()
	}
	if !closed {
		s.pairWaiting()
	}
}

type rematch struct {
	players [2]*conn
	control clock.Control
}

// rematchOf returns the replay of a drawn game: the colours reversed, each side
// keeping the time it had; nil for a game not drawn by 千日手 or 持将棋.
func (g *game) rematchOf() *rematch {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.end.kind != shogi.EndSennichite && g.end.kind != shogi.EndJishogi || g.end.result != shogi.Draw {
		return nil
	}
	b, w := g.control.Black, g.control.White
	b.Main, w.Main = g.clk.State(shogi.Black).Main, g.clk.State(shogi.White).Main
	return &rematch{players: [2]*conn{g.players[1], g.players[0]}, control: clock.Control{Black: w, White: b}}
}

func indexOf(gs []*game, g *game) int {
	for i, x := range gs {
		if x == g {
			return i
		}
	}
	return -1
}
