package csaserver

// A game between two connections: the Game_Summary, AGREE or REJECT, then the
// moves, each checked by the rules and charged by the clock, until a result. The
// flag of the side to move falls at its deadline, by a timer: no read has to come.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/notation"
)

type phase uint8

const (
	phaseAgree phase = iota
	phasePlay
	phaseOver
)

// ending is how a game ended.
type ending struct {
	reason  string       // the CSA reason line: "#RESIGN", "#TIME_UP", … ("" for #CHUDAN alone)
	special string       // the special echoed before it: "%TORYO", "%KACHI"
	result  shogi.Result // NoResult for #CHUDAN
	censor  bool         // #CENSORED (max moves) instead of #DRAW
	kind    shogi.EndingKind
	loser   shogi.Color // for the record: who lost, when someone did
	detail  string      // for the log and the record's comment
	spent   time.Duration
	hasTime bool
}

type game struct {
	srv     *Server
	id      string
	name    string
	control clock.Control

	mu       sync.Mutex
	phase    phase
	players  [2]*conn
	names    [2]string
	agreed   [2]bool
	pos      *shogi.Position
	start    *shogi.Position
	clk      *clock.Clock
	moveFrom time.Time // when the running move started
	deadline time.Time // when its flag falls
	timer    *time.Timer
	turnSeq  int // counts the turns, so a timer of a past turn does nothing
	lastMove [2]string
	lastLine string // "+7776FU,T3", for %%SHOW and the monitors
	moves    []recMove
	started  time.Time
	created  time.Time
	monitors map[*conn]int // 1: %%MONITORON, 2: %%MONITOR2ON
	end      ending
	rematch  bool // the game is a replay of a drawn game
}

type recMove struct {
	move    shogi.Move
	csa     string
	spent   time.Duration
	comment string
}

// newGameLocked makes a game for two players (under s.mu); start is its position (nil
// for the start position).
func (s *Server) newGameLocked(name string, players [2]*conn, control clock.Control, start *shogi.Position) *game {
	for _, side := range []shogi.Color{shogi.Black, shogi.White} {
		a := control.For(side)
		a.LeastPerMove, a.RoundUp = s.cfg.LeastTimePerMove, s.cfg.TimeRoundup
		if side == shogi.Black {
			control.Black = a
		} else {
			control.White = a
		}
	}
	if start == nil {
		start = shogi.NewStartPosition()
	}
	g := &game{srv: s, name: name, control: control, players: players, start: start.Clone(), pos: start.Clone(),
		monitors: map[*conn]int{}, created: time.Now()}
	g.names = [2]string{players[0].user, players[1].user}
	g.id = s.gameIDLocked(name, g.names[0], g.names[1])
	g.clk = clock.New(control, nil)
	for i, p := range players {
		p.state, p.game, p.gameName = stateAgree, g, name
		if i == 0 {
			p.turn = '+'
		} else {
			p.turn = '-'
		}
	}
	s.games[g.id] = g
	s.order = append(s.order, g)
	return g
}

// propose sends the Game_Summary to both players.
func (g *game) propose() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.phase != phaseAgree { // a player left before the summary went out
		return
	}
	for side, p := range g.players {
		p.send(g.summary(shogi.Color(side))...)
	}
	g.timer = time.AfterFunc(g.srv.cfg.AgreeTimeout, func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.phase == phaseAgree {
			g.rejectLocked("the Server (timed out)")
		}
	})
	g.srv.log(Event{Kind: "game", GameID: g.id, Detail: g.control.String()})
}

// side returns c's colour in the game, and false when c does not play it.
func (g *game) side(c *conn) (shogi.Color, bool) {
	switch c {
	case g.players[0]:
		return shogi.Black, true
	case g.players[1]:
		return shogi.White, true
	}
	return 0, false
}

// answer handles AGREE and REJECT.
func (g *game) answer(c *conn, cmd Command) {
	g.mu.Lock()
	defer g.mu.Unlock()
	side, ok := g.side(c)
	if !ok {
		return
	}
	if g.phase != phaseAgree || g.agreed[side] {
		st := stateGame
		if g.phase == phaseAgree {
			st = stateStart
		}
		c.send(fmt.Sprintf("##[ERROR] you are in %s status. %s is valid in agree_waiting status", st, cmdWord(cmd.Kind)))
		return
	}
	if cmd.GameID != "" && cmd.GameID != g.id {
		c.send("##[ERROR] no game " + shorten(cmd.GameID) + " to " + cmdWord(cmd.Kind))
		return
	}
	if cmd.Kind == CmdReject {
		g.rejectLocked(c.user)
		return
	}
	g.agreed[side] = true
	g.srv.mu.Lock()
	c.state = stateStart
	g.srv.mu.Unlock()
	if !g.agreed[side.Opponent()] {
		return
	}
	g.timer.Stop()
	g.phase = phasePlay
	g.srv.mu.Lock()
	for _, p := range g.players {
		p.state = stateGame
	}
	g.srv.mu.Unlock()
	for _, p := range g.players {
		p.send("START:" + g.id)
	}
	g.started = time.Now()
	g.srv.log(Event{Kind: "start", GameID: g.id})
	g.startTurnLocked()
}

// rejectLocked ends a game before it started.
func (g *game) rejectLocked(by string) {
	if g.timer != nil {
		g.timer.Stop()
	}
	g.phase = phaseOver
	g.releaseLocked()
	for _, p := range g.players {
		p.send("REJECT:" + g.id + " by " + by)
	}
	g.srv.log(Event{Kind: "reject", GameID: g.id, Detail: "by " + by})
	go g.srv.gameOver(g, false)
}

// startTurnLocked starts the clock of the side to move and its flag's timer.
func (g *game) startTurnLocked() {
	side := g.pos.SideToMove()
	g.turnSeq++
	seq := g.turnSeq
	g.moveFrom = time.Now()
	if g.timer != nil {
		g.timer.Stop()
	}
	if at, ok := g.control.For(side).FlagAt(g.clk.State(side)); ok {
		g.deadline = g.moveFrom.Add(at)
		g.timer = time.AfterFunc(at, func() { g.flag(seq) })
	}
}

// flag is the timer of turn seq: the side to move has lost on time.
func (g *game) flag(seq int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.phase != phasePlay || g.turnSeq != seq {
		return
	}
	side := g.pos.SideToMove()
	if at := g.players[side].lineAt.Load(); at != 0 && at < g.deadline.UnixNano() {
		// a line of the player read before the deadline is being handled: if it is a
		// move, it is on time; look again once it is done
		g.timer = time.AfterFunc(time.Millisecond, func() { g.flag(seq) })
		return
	}
	ch := g.clk.Charge(side, time.Since(g.moveFrom))
	g.finishLocked(ending{reason: "#TIME_UP", result: shogi.WinFor(side.Opponent()), kind: shogi.EndTimeUp,
		loser: side, detail: fmt.Sprintf("%s's flag fell after %v", g.names[side], ch.Elapsed.Round(time.Millisecond)),
		spent: ch.Charged, hasTime: true})
}

// move handles a move or a special (%TORYO, %KACHI, %CHUDAN) of c read at at.
func (g *game) move(c *conn, cmd Command, at time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	side, ok := g.side(c)
	if !ok || g.phase != phasePlay {
		return // before START or after the end: nothing to do, as shogi-server
	}
	onTurn := side == g.pos.SideToMove()
	if !onTurn {
		if cmd.Kind == CmdMove && cmd.Move == g.lastMove[side] {
			return // sent twice, as some clients do: shogi-server passes it over
		}
		if cmd.Kind == CmdSpecial && cmd.Move == "%TORYO" {
			g.finishLocked(ending{reason: "#RESIGN", special: "%TORYO", result: shogi.WinFor(side.Opponent()),
				kind: shogi.EndIllegalWin, loser: side, detail: g.names[side] + " resigned out of turn"})
			return
		}
		g.finishLocked(ending{reason: "#ILLEGAL_MOVE", result: shogi.WinFor(side.Opponent()), kind: shogi.EndIllegalWin,
			loser: side, detail: fmt.Sprintf("%s sent %s out of turn (foul %s)", g.names[side], shorten(cmd.Move), shogi.FoulWrongSide.Code())})
		return
	}
	elapsed := at.Sub(g.moveFrom)
	ch := g.clk.Charge(side, elapsed)
	if !ch.OnTime {
		g.finishLocked(ending{reason: "#TIME_UP", result: shogi.WinFor(side.Opponent()), kind: shogi.EndTimeUp, loser: side,
			detail: fmt.Sprintf("%s's move came after %v, past its flag", g.names[side], ch.Elapsed.Round(time.Millisecond)),
			spent:  ch.Charged, hasTime: true})
		return
	}
	lose := func(reason, special string, kind shogi.EndingKind, detail string) {
		g.finishLocked(ending{reason: reason, special: special, result: shogi.WinFor(side.Opponent()), kind: kind,
			loser: side, detail: detail, spent: ch.Charged, hasTime: true})
	}
	if cmd.Kind == CmdSpecial {
		switch cmd.Move {
		case "%TORYO":
			lose("#RESIGN", "%TORYO", shogi.EndResign, g.names[side]+" resigned")
		case "%CHUDAN": // as in shogi-server, a player cannot interrupt a game: it is no move
			lose("#ILLEGAL_MOVE", "", shogi.EndIllegalLoss, g.names[side]+" sent %CHUDAN: a player cannot interrupt a game (foul "+shogi.FoulMalformedMove.Code()+")")
		case "%KACHI":
			o := g.pos.Declare(g.srv.cfg.Declaration)
			pts := g.pos.DeclarationPoints(side)
			switch o.Reason {
			case shogi.DeclarationWin:
				g.finishLocked(ending{reason: "#JISHOGI", special: "%KACHI", result: o.Result, kind: shogi.EndEnteringKingWin,
					loser: side.Opponent(), detail: fmt.Sprintf("%s declared with %d points and won (%v)", g.names[side], pts, g.srv.cfg.Declaration),
					spent: ch.Charged, hasTime: true})
			case shogi.DeclarationDraw:
				g.finishLocked(ending{reason: "#JISHOGI", special: "%KACHI", result: shogi.Draw, kind: shogi.EndJishogi,
					detail: fmt.Sprintf("%s declared with %d points: a draw (%v)", g.names[side], pts, g.srv.cfg.Declaration),
					spent:  ch.Charged, hasTime: true})
			default:
				lose("#ILLEGAL_MOVE", "%KACHI", shogi.EndIllegalLoss,
					fmt.Sprintf("%s declared without the conditions or the points (%d, %v)", g.names[side], pts, g.srv.cfg.Declaration))
			}
		}
		return
	}
	var m shogi.Move
	err := errors.New("malformed")
	if notation.IsCSAMove(cmd.Move) {
		m, err = notation.CSA.Decode(g.pos, cmd.Move)
	}
	if err != nil {
		foul, ok := shogi.FoulOf(err)
		if !ok {
			foul = shogi.FoulMalformedMove
		}
		lose("#ILLEGAL_MOVE", "", shogi.EndIllegalLoss, fmt.Sprintf("%s's move %s is illegal: %v (foul %s)", g.names[side], shorten(cmd.Move), foul, foul.Code()))
		return
	}
	g.pos.PlayUnchecked(m)
	g.lastMove[side] = cmd.Move
	t := ch.Charged / g.control.For(side).Unit
	line := cmd.Move + ",T" + strconv.FormatInt(int64(t), 10)
	g.lastLine = line
	comment := pvComment(cmd.Comment)
	g.moves = append(g.moves, recMove{move: m, csa: cmd.Move, spent: ch.Charged, comment: comment})
	for _, p := range g.players {
		p.send(line)
	}
	g.notifyMonitorsLocked(line, comment)
	g.srv.log(Event{Kind: "move", GameID: g.id, User: g.names[side], Move: line, Elapsed: ch.Elapsed})
	o := g.pos.Outcome(shogi.Rules{MaxMoves: -1})
	switch o.Reason {
	case shogi.Repetition:
		g.finishLocked(ending{reason: "#SENNICHITE", result: shogi.Draw, kind: shogi.EndSennichite,
			detail: "the fourth occurrence of the position (千日手)"})
		return
	case shogi.PerpetualCheck:
		loser, _ := o.Result.Winner()
		loser = loser.Opponent()
		g.finishLocked(ending{reason: "#OUTE_SENNICHITE", result: o.Result, kind: shogi.EndSennichite, loser: loser,
			detail: g.names[loser] + " gave every check of the repetition (連続王手の千日手)"})
		return
	}
	// a move that mates is not drawn by the limit: the mated side resigns or loses on time
	if max := g.srv.cfg.MaxMoves; max > 0 && len(g.moves) >= max && o.Reason != shogi.Checkmate {
		g.finishLocked(ending{reason: "#MAX_MOVES", result: shogi.Draw, censor: true, kind: shogi.EndMaxMoves,
			detail: fmt.Sprintf("the game reached %d moves", max)})
		return
	}
	g.startTurnLocked()
}

// pvComment keeps a comment sent after a move for the record and the monitors: a
// floodgate PV comment "'* 30 -3334FU" is written "'** 30 -3334FU", as floodgate's
// records have it (an evaluation comment); another comment as it is.
func pvComment(s string) string {
	if !strings.HasPrefix(s, "'") || strings.ContainsAny(s, "\r\n") || len(s) > 4096 {
		return ""
	}
	if rest, ok := strings.CutPrefix(s, "'*"); ok && !strings.HasPrefix(rest, "*") {
		return "'**" + rest
	}
	return s
}
