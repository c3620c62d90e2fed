package csaserver

// Monitors (%%MONITORON, %%MONITOR2ON): a monitor gets the game so far, then each move
// and the end.

import (
	"fmt"
	"strings"
)

// monitorOn adds a monitor and sends it the game so far.
func (g *game) monitorOn(c *conn, kind int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.phase == phaseOver {
		return
	}
	g.monitors[c] = kind
	var lines []string
	tag := "MONITOR"
	if kind == 2 {
		tag = "MONITOR2"
		lines = strings.Split(strings.TrimSuffix(string(g.recordLocked(false)), "\n"), "\n")
	} else {
		lines = g.showLocked()
	}
	for _, l := range lines {
		c.send(fmt.Sprintf("##[%s][%s] %s", tag, g.id, l))
	}
	c.send(fmt.Sprintf("##[%s][%s] +OK", tag, g.id))
}

// monitorOff removes a monitor (kind 0: of either kind).
func (g *game) monitorOff(c *conn, kind int) {
	if kind == 0 { // called under srv.mu from dropped: take g.mu after it
		go func() {
			g.mu.Lock()
			delete(g.monitors, c)
			g.mu.Unlock()
		}()
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.monitors[c] == kind {
		delete(g.monitors, c)
	}
}

func (g *game) notifyMonitorsLocked(line, comment string) {
	for m, kind := range g.monitors {
		var lines []string
		if kind == 2 { // the move's lines as the record has them: the move, its time, its comment
			lines = strings.Split(line, ",")
			if comment != "" {
				lines = append(lines, comment)
			}
		} else {
			lines = g.showLocked()
		}
		tag := "MONITOR"
		if kind == 2 {
			tag = "MONITOR2"
		}
		for _, l := range lines {
			m.send(fmt.Sprintf("##[%s][%s] %s", tag, g.id, l))
		}
		m.send(fmt.Sprintf("##[%s][%s] +OK", tag, g.id))
	}
}
