package usi

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
)

// TimeControl is a game's clock: each side's main time (持ち時間), then a byoyomi (秒読み,
// the time each move may take once the main time is spent), or a Fischer increment
// added after each move; neither is sudden death. A zero TimeControl is no clock.
// It is the simple form of a [clock.Control] ([TimeControl.Control]), by which
// [PlayGame] charges the moves.
type TimeControl struct {
	Main      time.Duration
	Byoyomi   time.Duration
	Increment time.Duration
	// Margin is the time withheld from the engines for the lines to travel and the
	// processes to be scheduled: each engine is told its clock less the margin (for a
	// byoyomi clock, the byoyomi less the margin, and any rest of the margin off the main
	// times; otherwise the main times and the increment less the margin), while the
	// game's clock charges each move the real time it took, from sending go to reading
	// bestmove, against the real times. An engine that keeps to the time it is told
	// thus loses on time only when its answer is more than the margin late; one that
	// overruns the time it was told is sent stop then, and loses on time only when its
	// answer comes more than the margin after it. Zero is [DefaultMargin], up to half
	// the byoyomi (see [TimeControl.Withheld]); a negative value is none (and stop
	// comes at the real time's end, so that an answer to it is late).
	Margin time.Duration
}

// Withheld returns the margin withheld from the engines: Margin; when it is zero,
// DefaultMargin, but no more than half the byoyomi (half the main time for a clock
// without one); none when it is negative.
func (tc TimeControl) Withheld() time.Duration {
	switch {
	case tc.Margin < 0:
		return 0
	case tc.Margin > 0:
		return tc.Margin
	case tc.Byoyomi > 0:
		return min(DefaultMargin, tc.Byoyomi/2)
	case tc.Main > 0:
		return min(DefaultMargin, tc.Main/2)
	}
	return DefaultMargin
}

// Told returns the clock an engine is told for a move under a main time and
// byoyomi, or sudden death, when each side has the main time remaining given: the
// real clock less the margin (see Margin), what [clock.Clock.Go] says for
// [TimeControl.Control]. (With an increment, which comes after the move, Go tells
// the side to move its time less the increment and the whole increment, so that
// the two add up to the time the move has.) A side with some time left but less
// than the margin is told 1 ms, never nothing, so that the engine moves at once (a
// clock of 0 for both sides would be no limit at all). Depth, Nodes, Infinite and
// Ponder are left zero.
func (tc TimeControl) Told(remaining [2]time.Duration) Limits {
	m := tc.Withheld()
	var l Limits
	b, w := remaining[shogi.Black], remaining[shogi.White]
	if tc.Byoyomi > 0 {
		l.Byoyomi = max(tc.Byoyomi-m, 0)
		rest := max(m-tc.Byoyomi, 0)
		l.BlackTime, l.WhiteTime = max(b-rest, 0), max(w-rest, 0)
		return l
	}
	l.BlackTime, l.WhiteTime = lessMargin(b, m), lessMargin(w, m)
	if tc.Increment > 0 {
		l.BlackIncrement = max(tc.Increment-m, 0)
		l.WhiteIncrement = l.BlackIncrement
	}
	return l
}

// lessMargin returns the time remaining less the margin, at least 1 ms while some
// time remains.
func lessMargin(remaining, margin time.Duration) time.Duration {
	if remaining <= 0 {
		return 0
	}
	return max(remaining-margin, time.Millisecond)
}

// Control returns tc as a [clock.Control], the form [PlayGame] charges the moves
// by: both sides the same main time and byoyomi, or an increment added after each
// move made on time, each move charged its exact time, and tc's margin.
func (tc TimeControl) Control() clock.Control {
	if tc.IsZero() {
		return clock.Control{}
	}
	c := clock.Same(clock.Allowance{Main: max(tc.Main, 0), Byoyomi: max(tc.Byoyomi, 0),
		Increment: max(tc.Increment, 0), IncrementAfter: tc.Increment > 0})
	c.Margin = tc.Margin
	return c
}

// IsZero reports whether tc is no clock.
func (tc TimeControl) IsZero() bool {
	return tc.Main <= 0 && tc.Byoyomi <= 0 && tc.Increment <= 0
}

// String describes the clock: "main 1m0s, byoyomi 1s", "main 30s, increment 2s",
// "main 10s" (sudden death), or "no clock".
func (tc TimeControl) String() string {
	if tc.IsZero() {
		return "no clock"
	}
	s := "main " + tc.Main.String()
	if tc.Byoyomi > 0 {
		s += ", byoyomi " + tc.Byoyomi.String()
	}
	if tc.Increment > 0 {
		s += ", increment " + tc.Increment.String()
	}
	return s
}

// GameConfig says how [PlayGame] plays a game between two engines.
type GameConfig struct {
	// Black and White are the players; they may be the same engine, which then plays
	// itself.
	Black, White *Engine
	// BlackName and WhiteName go in the record's header; the engines' names when empty.
	BlackName, WhiteName string
	// Start is the start position and the moves already played on it (an opening, as
	// sfen.ParsePosition gives it); nil is the even game. The record starts from the
	// position before those moves and holds them as its first moves.
	Start *shogi.Position
	// Clock is the game's time control: each side's allowance (main time,
	// consideration periods, byoyomi or an increment), how moves are charged (the
	// unit and its rounding, the least time per move) and the margin withheld from
	// the engines. Each engine is told what [clock.Clock.Go] says, and each move is
	// charged the real time it took, from sending go to reading bestmove, by a
	// [clock.Clock]; a move its Charge says is not on time loses. When Clock is
	// zero, Time gives the clock (as [TimeControl.Control]); with neither, Limits
	// must give a depth or a node count, and MoveTimeout bounds each move.
	Clock clock.Control
	// Time is the simple form of the clock: same main time and byoyomi or
	// increment for both sides, charged exactly. Clock overrides it.
	Time TimeControl
	// Now is the time source of the game's clock: time.Now when nil. Tests give one
	// to charge moves a set time; the engines are still stopped in real time.
	Now func() time.Time
	// Limits adds a depth or a node count to every go (its clock fields, Infinite and
	// Ponder are ignored: the game's clock gives the times).
	Limits Limits
	// MoveTimeout is the longest a move may take without a clock: a minute when zero.
	MoveTimeout time.Duration
	// MaxMoves is the move limit, as shogi.Rules has it: 0 is 500 moves, a negative
	// value none.
	MaxMoves int
	// Declaration is the entering-king rule that judges "bestmove win": the 27-point
	// rule (shogi.Rule27) when zero.
	Declaration shogi.DeclarationRule
	// Event is the record's 棋戦 (CSA's $EVENT).
	Event string
	// OnMove, when not nil, is called after each move the engines play, with the
	// position after it and the time it took.
	OnMove func(p *shogi.Position, m shogi.Move, took time.Duration)
}

// Game is a game that [PlayGame] played: its record and how it ended.
type Game struct {
	// Record holds the header, the moves with their times and the engines'
	// evaluations (floodgate's "* score pv" comments, the PV from the position after
	// the move), and the ending.
	Record *shogi.Record
	Result shogi.Result
	Ending shogi.EndingKind
	// Reason is the rule that ended the game, when one did (checkmate, repetition,
	// perpetual check, a declaration, the move limit).
	Reason shogi.Reason
	// Detail says in words how the game ended ("white resigned", "black's move 5a5b
	// is illegal: …").
	Detail string
	// Err is what lost the game for a side that did not lose by the game's rules: the
	// illegal move's error (a *shogi.IllegalMoveError, errors.As finds it), or the
	// engine's failure (it died, hung, or sent a malformed line).
	Err error
	// Late is, for a game lost on time, how long after its time the losing side's
	// answer came (or it was given up, for an engine that never answered); zero for
	// any other ending, an engine that died included.
	Late time.Duration
	// Overrun holds, for each side that moved under a clock, the most one of its moves
	// took beyond the time its engine was told (its main time and byoyomi, after the
	// margin was taken off): negative when every move came within it, by that much at
	// least. Moved says which sides moved under a clock.
	Overrun [2]time.Duration
	Moved   [2]bool
}

// LostOnTime reports whether the game was lost on time: a move after its time, or an
// engine that never answered.
func (g *Game) LostOnTime() bool { return g.Ending == shogi.EndTimeUp && g.Late > 0 }

// Loser returns the side that lost, and false for a draw or no result.
func (g *Game) Loser() (shogi.Color, bool) {
	w, ok := g.Result.Winner()
	return w.Opponent(), ok
}

// PlayGame plays a game between cfg.Black and cfg.White and adjudicates it by the
// rules: every move is checked (an illegal one loses, with its foul); a position
// without a legal move loses; 千日手 is a draw and 連続王手の千日手 loses for the side that
// gave every check (recorded as that side's foul, 反則負け or 反則勝ち, with a comment); "bestmove win" is judged by cfg.Declaration (a win, a draw under
// the 24-point rule, or a loss when the conditions fail); the move limit draws; a side
// whose answer comes after its time (or never) loses on time, as the game's
// [clock.Clock] charges the real time (the engines are told it less the control's
// margin, what [clock.Clock.Go] says); "bestmove resign" loses.
// An engine that dies, hangs or answers with a malformed line loses the game (on time,
// or by a foul for the malformed line) and the game's Err says why.
//
// PlayGame tells both engines of the new game (isready, usinewgame) and of its end
// (gameover). Its error is for a game that could not be played (an engine not ready)
// or was interrupted by ctx, in which case the Game so far comes with it, its line
// ending in 中断.
func PlayGame(ctx context.Context, cfg GameConfig) (*Game, error) {
	if cfg.Black == nil || cfg.White == nil {
		return nil, errors.New("usi: a game needs two engines")
	}
	control := cfg.control()
	if err := control.Validate(); err != nil {
		return nil, fmt.Errorf("usi: the game's clock: %w", err)
	}
	if control.IsZero() && cfg.Limits.Depth <= 0 && cfg.Limits.Nodes <= 0 {
		return nil, errors.New("usi: a game needs a clock, or a depth or node limit for each move")
	}
	engines := [2]*Engine{cfg.Black, cfg.White}
	p := shogi.NewStartPosition()
	if cfg.Start != nil {
		p = cfg.Start.Clone()
	}
	rec := newGameRecord(cfg, p)
	node := &rec.Root
	for _, m := range p.Moves() {
		node = node.AddChild(m)
	}
	for i, e := range engines {
		if i == 1 && e == engines[0] {
			break
		}
		if err := e.NewGame(ctx); err != nil {
			return nil, err
		}
	}
	g := &Game{Record: rec}
	rules := shogi.Rules{MaxMoves: cfg.MaxMoves}
	declaration := cfg.Declaration
	if declaration == 0 {
		declaration = shogi.Rule27
	}
	hasClock := !control.IsZero()
	k := clock.New(control, cfg.Now)
	for {
		if o := p.Outcome(rules); o.Reason != shogi.NoReason {
			g.endByRule(node, p, o)
			break
		}
		side := p.SideToMove()
		e := engines[side]
		lim := Limits{Depth: cfg.Limits.Depth, Nodes: cfg.Limits.Nodes}
		allowed := cfg.MoveTimeout
		if allowed <= 0 {
			allowed = time.Minute
		}
		var told time.Duration // the time the engine is told it has
		stopAt := allowed
		before := k.State(side)
		if hasClock {
			t := k.Go(side)
			lim.BlackTime, lim.WhiteTime, lim.Byoyomi = t.BlackTime, t.WhiteTime, t.Byoyomi
			lim.BlackIncrement, lim.WhiteIncrement = t.BlackInc, t.WhiteInc
			// Its own time and the byoyomi or its increment, as engines count
			// (Shogidokoro's rule): the time the clock allows the move less the margin.
			told = t.BlackTime + t.BlackInc
			if side == shogi.White {
				told = t.WhiteTime + t.WhiteInc
			}
			told += t.Byoyomi
			if at, ok := control.For(side).FlagAt(before); ok {
				allowed = at
			}
			// Stop goes when the time told runs out: an engine that misjudges its time
			// but answers stop has the margin for its answer to arrive.
			stopAt = told
			if stopAt <= 0 {
				stopAt = time.Millisecond
			}
		}
		// The move's time runs from before the stop's timer is set to the answer, so
		// that without a margin an answer to stop is always late.
		k.Start(side)
		var res *Result
		s, err := e.goWithin(ctx, p, lim, stopAt, nil)
		if err == nil {
			res, err = s.Wait()
		}
		charge, _ := k.Stop() // started above
		took := charge.Elapsed
		if ctx.Err() != nil {
			g.end(node, p, &shogi.Ending{Kind: shogi.EndInterrupt}, "the game was interrupted", nil)
			gameOver(engines, g.Result)
			return g, ctx.Err()
		}
		if hasClock {
			if over := took - told; !g.Moved[side] || over > g.Overrun[side] {
				g.Overrun[side] = over
			}
			g.Moved[side] = true
		}
		timeUp := took > allowed
		if hasClock {
			timeUp = !charge.OnTime
		}
		spent := shogi.MoveTime{Spent: charge.Charged, Total: charge.After.Used}
		switch {
		case err != nil && errors.Is(err, ErrIllegalMove) && !timeUp:
			foul := err
			var ime *shogi.IllegalMoveError
			if errors.As(err, &ime) {
				foul = ime
			}
			g.end(node, p, &shogi.Ending{Kind: shogi.EndIllegalLoss, Time: spent, HasTime: true},
				fmt.Sprintf("%s's move %s is illegal: %s", side, res.BestMove, trimPrefixes(foul)), foul)
		case err != nil && (errors.Is(err, ErrMalformed) || errors.Is(err, ErrUnexpected)) && !timeUp:
			g.end(node, p, &shogi.Ending{Kind: shogi.EndIllegalLoss, Time: spent, HasTime: true},
				fmt.Sprintf("%s's engine broke the protocol: %s", side, trimPrefixes(err)), err)
		case err != nil || timeUp:
			late := max(took-allowed, time.Nanosecond)
			if hasClock && charge.Late > 0 {
				late = charge.Late
			}
			detail := fmt.Sprintf("%s lost on time: %v late (%v for a move that had %v)", side, roundLate(late), took.Round(time.Millisecond), allowed.Round(time.Millisecond))
			if err != nil && !timeUp {
				detail = fmt.Sprintf("%s's engine failed: %s", side, trimPrefixes(err))
			}
			g.end(node, p, &shogi.Ending{Kind: shogi.EndTimeUp, Time: spent, HasTime: true}, detail, err)
			if timeUp {
				g.Late = late
			}
		case res.Resign:
			g.end(node, p, &shogi.Ending{Kind: shogi.EndResign, Time: spent, HasTime: true}, side.String()+" resigned", nil)
		case res.Win:
			o := p.Declare(declaration)
			kind := shogi.EndEnteringKingWin
			switch o.Reason {
			case shogi.DeclarationDraw:
				kind = shogi.EndJishogi
			case shogi.DeclarationFailed:
				kind = shogi.EndIllegalLoss
			}
			g.Reason = o.Reason
			g.end(node, p, &shogi.Ending{Kind: kind, Result: o.Result, Time: spent, HasTime: true},
				fmt.Sprintf("%s declared (入玉宣言, %d points): %v", side, p.DeclarationPoints(side), o), nil)
		default:
			m := res.BestMove
			p.PlayUnchecked(m) // Search checked it
			node = node.AddChild(m)
			node.Time, node.HasTime = spent, true
			if c, ok := moveComment(res, m, p); ok {
				node.Comments = append(node.Comments, c)
			}
			if cfg.OnMove != nil {
				cfg.OnMove(p, m, took)
			}
			continue
		}
		break
	}
	gameOver(engines, g.Result)
	return g, nil
}

// newGameRecord returns the record of a game from p (the moves it has played are the
// opening): its start position and header.
func newGameRecord(cfg GameConfig, p *shogi.Position) *shogi.Record {
	base := p.Clone()
	for base.Ply() > 0 {
		base.Undo()
	}
	rec := &shogi.Record{StartSFEN: base.String()}
	name := func(given string, e *Engine) string {
		if given != "" {
			return given
		}
		if e.Name() != "" {
			return e.Name()
		}
		return e.label
	}
	if cfg.Event != "" {
		rec.Header.Set(shogi.HeaderEvent, cfg.Event)
	}
	rec.Header.Set(shogi.HeaderStartTime, time.Now().Format("2006/01/02 15:04:05"))
	if c := cfg.control(); !c.IsZero() {
		rec.Header.Set(timeLimit(c))
	}
	rec.Header.Set(shogi.HeaderBlack, name(cfg.BlackName, cfg.Black))
	rec.Header.Set(shogi.HeaderWhite, name(cfg.WhiteName, cfg.White))
	return rec
}

// control returns the game's clock: Clock, or Time's.
func (cfg GameConfig) control() clock.Control {
	if !cfg.Clock.IsZero() {
		return cfg.Clock
	}
	return cfg.Time.Control()
}

// timeLimit returns the record's header field for c, in a spelling that the
// record formats keep and [clock.ControlOf] reads back: KIF's 持ち時間 ("各10分
// （秒読み30秒）"), else CSA V3.0's $TIME for times in milliseconds ("0+0.1+0"),
// else 持ち時間 with c's description.
func timeLimit(c clock.Control) (key, value string) {
	if s, err := clock.FormatKIF(c); err == nil {
		return shogi.HeaderTimeLimit, s
	}
	if c.Symmetric() {
		if s, err := clock.FormatCSATime(c.Black); err == nil {
			return clock.HeaderCSATime, s
		}
	}
	return shogi.HeaderTimeLimit, c.String()
}

// moveComment returns floodgate's comment for the move m an engine played: its score
// (normalised to Black) and its PV after m, read from p, the position after m.
func moveComment(res *Result, m shogi.Move, p *shogi.Position) (string, bool) {
	best, ok := res.Best()
	if !ok {
		return "", false
	}
	ev := Evaluation{Score: best.BlackScore(), Nodes: best.Nodes}
	if len(best.PV) > 1 && best.PV[0] == m {
		ev.PV = best.PV[1:]
	}
	return ev.FloodgateComment(p), true
}

// endByRule ends the game with the outcome the rules give after the last move.
func (g *Game) endByRule(node *shogi.Node, p *shogi.Position, o shogi.Outcome) {
	g.Reason = o.Reason
	var kind shogi.EndingKind
	end := &shogi.Ending{Result: o.Result}
	switch o.Reason {
	case shogi.Checkmate:
		kind = shogi.EndMate
	case shogi.Repetition:
		kind = shogi.EndSennichite
	case shogi.PerpetualCheck:
		// 連続王手の千日手: a 千日手 lost by the side that gave every check. KIF writes
		// 千日手, CSA %SENNICHITE, JKF SENNICHITE; the readers take the loser from the
		// rules.
		kind = shogi.EndSennichite
		end.Comments = []string{"連続王手の千日手 (perpetual check)"}
	case shogi.MoveLimit:
		kind = shogi.EndMaxMoves
	}
	end.Kind = kind
	g.end(node, p, end, o.String(), nil)
}

// end records how the game ended after node (in position p): the ending on the line
// (its result from its kind when it gives none), the game's result and its words.
func (g *Game) end(node *shogi.Node, p *shogi.Position, end *shogi.Ending, detail string, err error) {
	if end.Result == shogi.NoResult {
		end.Result = shogi.ResultOf(end.Kind, p.SideToMove())
	}
	if err != nil || end.Kind == shogi.EndIllegalLoss || end.Kind == shogi.EndTimeUp {
		end.Comments = append(end.Comments, strings.Join(strings.Fields(detail), " "))
	}
	node.End = end
	g.Result, g.Ending, g.Detail, g.Err = end.Result, end.Kind, detail, err
	g.Record.Header.Set(shogi.HeaderEndTime, time.Now().Format("2006/01/02 15:04:05"))
}

// gameOver tells each engine that is still alive how the game ended for it.
func gameOver(engines [2]*Engine, result shogi.Result) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	for i, e := range engines {
		if i == 1 && e == engines[0] {
			break
		}
		r := Draw
		if w, ok := result.Winner(); ok {
			r = Lose
			if w == shogi.Color(i) {
				r = Win
			}
		}
		if result == shogi.NoResult {
			continue
		}
		e.GameOver(ctx, r)
	}
}

// roundLate rounds how late a move was up to the millisecond, so that a move late by
// less than half of one reads "1ms late", not "0s late".
func roundLate(d time.Duration) time.Duration {
	return (d + time.Millisecond - 1).Truncate(time.Millisecond)
}
