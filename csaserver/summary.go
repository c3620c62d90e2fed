package csaserver

// The Game_Summary as shogi-server writes it, field for field, and %%SHOW's form of
// it with the times left, the last move and the current position.

import (
	"strconv"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
)

// summaryTime writes the time section: for a control the same for both sides in whole
// seconds, field for field as shogi-server writes it (Increment always, then
// Least_Time_Per_Move); otherwise the clock package's form (Time+ and Time- blocks for
// a rematch, a Time_Unit of minutes for a stop watch).
func (g *game) summaryTime() []string {
	if a := g.control.Black; g.control.Symmetric() && a.Unit == time.Second && a.Main%time.Second == 0 &&
		a.Byoyomi%time.Second == 0 && a.Increment%time.Second == 0 && a.Periods == 0 && a.Delay == 0 {
		sec := func(d time.Duration) string { return strconv.FormatInt(int64(d/time.Second), 10) }
		lines := []string{"BEGIN Time", "Time_Unit:1sec", "Total_Time:" + sec(a.Main), "Byoyomi:" + sec(a.Byoyomi),
			"Increment:" + sec(a.Increment), "Least_Time_Per_Move:" + sec(a.LeastPerMove)}
		if a.RoundUp {
			lines = append(lines, "Time_Roundup:YES")
		}
		return append(lines, "END Time")
	}
	lines, err := clock.FormatSummaryTime(g.control)
	if err != nil { // a game name's control always has a CSA form
		lines = []string{"BEGIN Time", "Time_Unit:1sec", "END Time"}
	}
	return lines
}

// summary is the Game_Summary for side.
func (g *game) summary(side shogi.Color) []string {
	rematch := "NO"
	if g.srv.cfg.RematchOnDraw {
		rematch = "YES"
	}
	sign := "+"
	if side == shogi.White {
		sign = "-"
	}
	toMove := "+"
	if g.start.SideToMove() == shogi.White {
		toMove = "-"
	}
	lines := []string{"BEGIN Game_Summary", "Protocol_Version:1.2", "Protocol_Mode:Server", "Format:Shogi 1.0",
		"Declaration:Jishogi 1.1", "Game_ID:" + g.id, "Name+:" + g.names[0], "Name-:" + g.names[1],
		"Your_Turn:" + sign, "Rematch_On_Draw:" + rematch, "To_Move:" + toMove,
		"Max_Moves:" + strconv.Itoa(g.srv.cfg.MaxMoves)}
	lines = append(lines, g.summaryTime()...)
	lines = append(lines, "BEGIN Position")
	lines = append(lines, boardLines(g.start)...)
	return append(lines, "END Position", "END Game_Summary")
}

func boardLines(p *shogi.Position) []string {
	return strings.Split(strings.TrimSuffix(csaBoard(p), "\n"), "\n")
}

// show is the game as %%SHOW and %%MONITORON give it: the summary with the times left,
// the last move and the turn, and the current position.
func (g *game) show() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.showLocked()
}

func (g *game) showLocked() []string {
	lines := []string{"BEGIN Game_Summary", "Protocol_Version:1.2", "Protocol_Mode:Server", "Format:Shogi 1.0",
		"Declaration:Jishogi 1.1", "Game_ID:" + g.id, "Name+:" + g.names[0], "Name-:" + g.names[1],
		"Rematch_On_Draw:NO", "To_Move:+", "Max_Moves:" + strconv.Itoa(g.srv.cfg.MaxMoves)}
	t := g.summaryTime()
	t = t[:len(t)-1]
	for _, side := range []shogi.Color{shogi.Black, shogi.White} {
		sign := "+"
		if side == shogi.White {
			sign = "-"
		}
		t = append(t, "Remaining_Time"+sign+":"+strconv.FormatInt(int64(g.clk.State(side).Main/time.Second), 10))
	}
	t = append(t, "Last_Move:"+g.lastLine, "Current_Turn:"+strconv.Itoa(len(g.moves)), "END Time")
	lines = append(lines, t...)
	lines = append(lines, "BEGIN Position")
	lines = append(lines, boardLines(g.pos)...)
	return append(lines, "END Position", "END Game_Summary")
}
