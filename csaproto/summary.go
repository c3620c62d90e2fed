package csaproto

// The Game_Summary a server sends before a game (protocol 1.2):
//
//	BEGIN Game_Summary
//	Protocol_Version:1.2
//	Protocol_Mode:Server
//	Format:Shogi 1.0
//	Declaration:Jishogi 1.1
//	Game_ID:20150505-CSA25-3-5-7
//	Name+:TANUKI
//	Name-:KITSUNE
//	Your_Turn:+
//	Rematch_On_Draw:NO
//	To_Move:+
//	Max_Moves:256
//	BEGIN Time
//	…                       (read by the clock package)
//	END Time
//	BEGIN Position
//	P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
//	…                       (a CSA position, read by the csa package)
//	+
//	+2726FU,T12             (moves already played, each checked)
//	END Position
//	END Game_Summary

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/csa"
)

// Summary is a Game_Summary.
type Summary struct {
	ProtocolVersion string      // Protocol_Version, such as "1.2"
	ProtocolMode    string      // Protocol_Mode: "Server" or "Direct"
	Format          string      // Format, such as "Shogi 1.0"
	Declaration     string      // Declaration, such as "Jishogi 1.1"
	GameID          string      // Game_ID
	Names           [2]string   // Name+ and Name-, by [shogi.Color]
	YourTurn        shogi.Color // Your_Turn: the client's side
	RematchOnDraw   bool        // Rematch_On_Draw:YES
	ToMove          shogi.Color // To_Move
	MaxMoves        int         // Max_Moves; 0 when not stated
	Time            clock.Control

	// The Position section: the start position, the moves already played with
	// the time each took (T, in Time_Unit), and the position after them.
	Start    *shogi.Position
	Moves    []shogi.Move
	Times    []time.Duration
	Position *shogi.Position

	Extra map[string]string // other keys, as given
}

// ParseSummary reads a Game_Summary from its lines, BEGIN Game_Summary through END
// Game_Summary. Errors are [*Error]s naming the line, wrapping [ErrSummary] or
// the clock's or the csa package's error.
func ParseSummary(lines []string) (*Summary, error) { return parseSummary(lines, 1) }

// parseSummary reads a summary whose first line is line number first.
func parseSummary(lines []string, first int) (*Summary, error) {
	bad := func(i int, format string, args ...any) error {
		text := ""
		if i < len(lines) {
			text = lines[i]
		}
		return &Error{Line: first + i, Text: text, Err: fmt.Errorf("%w: "+format, append([]any{ErrSummary}, args...)...)}
	}
	if len(lines) == 0 || lines[0] != "BEGIN Game_Summary" {
		return nil, bad(0, "want BEGIN Game_Summary")
	}
	s := &Summary{}
	seen := map[string]bool{}
	var timeLines, posLines []string
	timeFirst, posFirst := 0, 0
	block := ""
	end := -1
	for i := 1; i < len(lines) && end < 0; i++ {
		line := strings.TrimRight(lines[i], "\r")
		switch {
		case block == "Time":
			timeLines = append(timeLines, line)
			if strings.HasPrefix(line, "END Time") {
				block = ""
			}
			continue
		case block == "Position":
			if line == "END Position" {
				block = ""
			} else {
				posLines = append(posLines, line)
			}
			continue
		case line == "END Game_Summary":
			end = i
			continue
		case strings.HasPrefix(line, "BEGIN Time"):
			if timeLines == nil {
				timeFirst = i
			}
			timeLines = append(timeLines, line)
			block = "Time"
			continue
		case line == "BEGIN Position":
			if seen["Position"] {
				return nil, bad(i, "a second Position section")
			}
			seen["Position"], block, posFirst = true, "Position", i+1
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok || key == "" {
			return nil, bad(i, "want key:value")
		}
		if seen[key] {
			return nil, bad(i, "a second %s", key)
		}
		seen[key] = true
		var err error
		switch key {
		case "Protocol_Version":
			s.ProtocolVersion = value
		case "Protocol_Mode":
			s.ProtocolMode = value
		case "Format":
			s.Format = value
		case "Declaration":
			s.Declaration = value
		case "Game_ID":
			s.GameID = value
			if value == "" || strings.ContainsAny(value, " \t") {
				return nil, bad(i, "Game_ID empty or with spaces")
			}
		case "Name+":
			s.Names[shogi.Black] = value
		case "Name-":
			s.Names[shogi.White] = value
		case "Your_Turn":
			s.YourTurn, err = sign(value)
		case "To_Move":
			s.ToMove, err = sign(value)
		case "Rematch_On_Draw":
			switch value {
			case "YES":
				s.RematchOnDraw = true
			case "NO":
			default:
				err = errors.New("want YES or NO")
			}
		case "Max_Moves":
			s.MaxMoves, err = strconv.Atoi(value)
			if err != nil || s.MaxMoves < 0 || s.MaxMoves > 1_000_000 {
				err = errors.New("want a number of moves")
			}
		default:
			if s.Extra == nil {
				s.Extra = map[string]string{}
			}
			s.Extra[key] = value
		}
		if err != nil {
			return nil, bad(i, "%s: %v", key, err)
		}
	}
	if block != "" {
		return nil, bad(len(lines)-1, "no END %s", block)
	}
	if end < 0 {
		return nil, bad(len(lines)-1, "no END Game_Summary")
	}
	if end != len(lines)-1 {
		return nil, bad(end+1, "a line after END Game_Summary")
	}
	for _, key := range []string{"Game_ID", "Name+", "Name-", "Your_Turn", "To_Move", "Position"} {
		if !seen[key] {
			return nil, bad(end, "no %s", key)
		}
	}
	c, err := clock.ParseSummaryTime(timeLines)
	if err != nil {
		var pe *clock.ParseError
		if errors.As(err, &pe) {
			return nil, &Error{Line: first + timeFirst + pe.Line - 1, Text: pe.Text, Err: err}
		}
		return nil, &Error{Line: first + timeFirst, Text: lines[timeFirst], Err: err}
	}
	s.Time = c
	if err := s.readPosition(posLines); err != nil {
		var se *csa.SyntaxError
		if errors.As(err, &se) && se.Line >= 1 && se.Line <= len(posLines) {
			return nil, &Error{Line: first + posFirst + se.Line - 1, Text: posLines[se.Line-1], Err: err}
		}
		return nil, &Error{Line: first + posFirst - 1, Text: "BEGIN Position", Err: fmt.Errorf("%w: %w", ErrSummary, err)}
	}
	if s.Start.SideToMove() != s.ToMove && s.Position.SideToMove() != s.ToMove {
		return nil, bad(posFirst-1, "To_Move is the side to move neither at the start nor after the moves")
	}
	return s, nil
}

// readPosition reads the Position section with the csa package: its position and
// the moves played from it, each checked.
func (s *Summary) readPosition(lines []string) error {
	rec, err := csa.Parse([]byte(strings.Join(lines, "\n") + "\n"))
	if err != nil {
		return err
	}
	if rec.Root.End != nil || rec.Ending() != nil {
		return errors.New("the position ends the game")
	}
	if s.Start, err = rec.StartPosition(); err != nil {
		return err
	}
	if s.Position, err = rec.Replay(); err != nil {
		return err
	}
	unit := s.Time.For(s.Start.SideToMove()).Unit
	for _, n := range rec.MainLine() {
		s.Moves = append(s.Moves, n.Move)
		s.Times = append(s.Times, scale(n.Time.Spent, unit))
	}
	return nil
}

// scale turns a time read as seconds into the Time_Unit the server counts in.
func scale(d, unit time.Duration) time.Duration {
	if unit <= 0 || unit == time.Second {
		return d
	}
	return time.Duration(float64(d) / float64(time.Second) * float64(unit))
}

func sign(v string) (shogi.Color, error) {
	switch v {
	case "+":
		return shogi.Black, nil
	case "-":
		return shogi.White, nil
	}
	return 0, errors.New("want + or -")
}
