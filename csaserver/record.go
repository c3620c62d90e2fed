package csaserver

// Each game's CSA record (GAME_ID.csa) and the results log (results.ndjson, one JSON
// object a game) in Config.RecordDir, written through an os.Root.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/csa"
)

func csaBoard(p *shogi.Position) string { return csa.FormatBoard(p) }

// recordLocked returns the game's CSA record so far (with its ending when final).
func (g *game) recordLocked(final bool) []byte {
	rec := shogi.NewRecord()
	rec.StartSFEN = g.start.String()
	rec.Header.Set(shogi.HeaderBlack, g.names[0])
	rec.Header.Set(shogi.HeaderWhite, g.names[1])
	rec.Header.Set(shogi.HeaderEvent, g.id)
	if !g.started.IsZero() {
		rec.Header.Set(shogi.HeaderStartTime, g.started.Format("2006/01/02 15:04:05"))
	}
	if final {
		rec.Header.Set(shogi.HeaderEndTime, time.Now().Format("2006/01/02 15:04:05"))
	}
	v3 := func(a clock.Allowance) string {
		return fmt.Sprintf("%d+%d+%d", a.Main/time.Second, a.Byoyomi/time.Second, a.Increment/time.Second)
	}
	if b, w := g.control.Black, g.control.White; b.Unit == time.Second && w.Unit == time.Second {
		if g.control.Symmetric() {
			rec.Header.Set(clock.HeaderCSATime, v3(b))
		} else {
			rec.Header.Set(clock.HeaderCSATimeBlack, v3(b))
			rec.Header.Set(clock.HeaderCSATimeWhite, v3(w))
		}
	}
	if g.srv.cfg.MaxMoves > 0 {
		rec.Header.Set(shogi.HeaderMaxMoves, strconv.Itoa(g.srv.cfg.MaxMoves))
	}
	rec.Header.Set(shogi.HeaderDeclaration, strconv.Itoa(map[shogi.DeclarationRule]int{shogi.Rule24: 24, shogi.Rule27: 27}[g.srv.cfg.Declaration]))
	rec.Root.Comments = []string{"'Game_Name:" + g.name, "'Time_Control:" + g.control.String(),
		fmt.Sprintf("'Max_Moves:%d", g.srv.cfg.MaxMoves), fmt.Sprintf("'Least_Time_Per_Move:%d", g.srv.cfg.LeastTimePerMove/time.Second)}
	if g.rematch {
		rec.Root.Comments = append(rec.Root.Comments, "'Rematch of a drawn game, colours reversed, each side's time left")
	}
	n := &rec.Root
	for _, m := range g.moves {
		n = n.AddChild(m.move)
		n.Time, n.HasTime = shogi.MoveTime{Spent: m.spent}, true
		if m.comment != "" {
			n.Comments = []string{m.comment}
		}
	}
	if final && g.phase == phaseOver {
		e := g.end
		end := &shogi.Ending{Kind: e.kind, Result: e.result}
		if e.hasTime {
			end.Time, end.HasTime = shogi.MoveTime{Spent: e.spent}, true
		}
		end.Comments = []string{"'" + e.detail}
		if e.kind == shogi.EndEnteringKingWin && e.result == shogi.Draw {
			end.Kind = shogi.EndJishogi
		}
		n.End = end
		rec.Root.Comments = append(rec.Root.Comments, fmt.Sprintf("'summary:%s:%s %s:%s %s", summaryWord(e),
			g.names[0], sideWord(e, shogi.Black), g.names[1], sideWord(e, shogi.White)))
	}
	b, err := csa.Format(rec)
	if err != nil {
		return []byte("'csaserver: the record cannot be written: " + strings.ReplaceAll(err.Error(), "\n", " ") + "\n")
	}
	return b
}

// summaryWord is shogi-server's name of an ending in its 'summary line.
func summaryWord(e ending) string {
	switch e.reason {
	case "#RESIGN":
		if e.kind == shogi.EndResign && e.special == "%TORYO" && !strings.Contains(e.detail, " left: ") {
			return "toryo"
		}
		return "abnormal"
	case "#TIME_UP":
		return "time up"
	case "#ILLEGAL_MOVE":
		if e.special == "%KACHI" {
			return "illegal kachi"
		}
		return "illegal move"
	case "#JISHOGI":
		return "kachi"
	case "#SENNICHITE":
		return "sennichite"
	case "#OUTE_SENNICHITE":
		return "oute_sennichite"
	case "#MAX_MOVES":
		return "max_moves"
	}
	return "chudan"
}

func sideWord(e ending, side shogi.Color) string {
	switch e.result {
	case shogi.Draw:
		return "draw"
	case shogi.NoResult:
		return "chudan"
	}
	if w, _ := e.result.Winner(); w == side {
		return "win"
	}
	return "lose"
}

// writeRecordLocked writes the record and a line of the results log.
func (g *game) writeRecordLocked() {
	s := g.srv
	if s.root == nil {
		return
	}
	// a file of the name exists only when a server started before in the same second
	// played the same players: the record then takes the next free "-N" name
	data := g.recordLocked(true)
	name := g.id + ".csa"
	err := writeFile(s.root, name, data)
	for n := 2; errors.Is(err, fs.ErrExist) && n <= 100; n++ {
		name = g.id + "-" + strconv.Itoa(n) + ".csa"
		err = writeFile(s.root, name, data)
	}
	if err != nil {
		s.log(Event{Kind: "error", GameID: g.id, Detail: "record: " + err.Error()})
		name = ""
	}
	e := g.end
	res := Result{GameID: g.id, Game: g.name, Black: g.names[0], White: g.names[1], Moves: len(g.moves),
		Reason: summaryWord(e), Detail: e.detail, Start: g.started, End: time.Now(), Record: name}
	switch e.result {
	case shogi.BlackWins:
		res.Winner = g.names[0]
		res.Result = "black"
	case shogi.WhiteWins:
		res.Winner = g.names[1]
		res.Result = "white"
	case shogi.Draw:
		res.Result = "draw"
	default:
		res.Result = "none"
	}
	if err := s.results.add(res); err != nil {
		s.log(Event{Kind: "error", GameID: g.id, Detail: "results log: " + err.Error()})
	}
}

// writeFile writes a new file in root; an existing file is not overwritten.
func writeFile(root *os.Root, name string, data []byte) error {
	f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Result is one line of the results log.
type Result struct {
	GameID string    `json:"game_id"`
	Game   string    `json:"game"`
	Black  string    `json:"black"`
	White  string    `json:"white"`
	Result string    `json:"result"`           // black, white, draw or none (interrupted)
	Winner string    `json:"winner,omitempty"` // the winner's name
	Reason string    `json:"reason"`           // toryo, time up, illegal move, illegal kachi, kachi, sennichite, oute_sennichite, max_moves, abnormal, chudan
	Detail string    `json:"detail"`
	Moves  int       `json:"moves"`
	Start  time.Time `json:"start"`
	End    time.Time `json:"end"`
	Record string    `json:"record,omitempty"` // the record's file name in RecordDir
}

type resultsLog struct {
	mu sync.Mutex
	f  *os.File
}

func openResults(root *os.Root) (*resultsLog, error) {
	f, err := root.OpenFile("results.ndjson", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("csaserver: results log: %w", err)
	}
	return &resultsLog{f: f}, nil
}

func (l *resultsLog) add(r Result) error {
	if l == nil {
		return nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return os.ErrClosed
	}
	_, err = l.f.Write(append(b, '\n'))
	return err
}

func (l *resultsLog) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f != nil {
		l.f.Close()
		l.f = nil
	}
}
