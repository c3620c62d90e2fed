package csabridge

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/clock"
	"github.com/kifu-go/shogi/csaproto"
	"github.com/kifu-go/shogi/notation"
	"github.com/kifu-go/shogi/usi"
)

// DefaultMoveTime is the time per move an engine is told when the server's game
// has no clock.
const DefaultMoveTime = 10 * time.Second

// cleanupTime bounds the resignation and the logout after the session's context
// ended.
const cleanupTime = 5 * time.Second

// Config says how [Play] plays; the zero Config is usable.
type Config struct {
	// Margin is the time withheld from the engine for the lines to travel to the
	// server and the processes to be scheduled, as [clock.Control]'s Margin: zero
	// is clock.DefaultMargin, no more than half the byoyomi; negative is none.
	Margin time.Duration
	// PV sends each move with the engine's evaluation and line as floodgate's
	// comment.
	PV bool
	// Declaration is the rule that judges the engine's "bestmove win" before
	// %KACHI is sent: shogi.Rule27 (CSA's Jishogi 1.1) when zero.
	Declaration shogi.DeclarationRule
	// NoIncrement tells the engine its time with the increment that comes before
	// its move already added, and no binc or winc, for engines that do not know
	// them (gpsusi exits on "go … binc"): it then counts its time as sudden death.
	NoIncrement bool
	// MoveTime is the time per move the engine is told in a game without a clock;
	// DefaultMoveTime when zero.
	MoveTime time.Duration
	// OnMove, when not nil, is called after each move of the game, with the
	// position after it and the time the server charged it.
	OnMove func(p *shogi.Position, m shogi.Move, charged time.Duration)
	// Log, when not nil, is told what the bridge decided on its own (a move of
	// the engine resigned, a declaration refused), in words.
	Log func(msg string)
}

// Game is a game the bridge played.
type Game struct {
	Summary *csaproto.Summary
	// Record holds the game: the summary's start position and moves, every move
	// with the time the server charged it and the total, the engines'
	// evaluations (floodgate's comments, the bridge's own with Config.PV and the
	// opponent's as the server passed them on), and the ending as the server
	// stated it. It is ready for the csa and kif writers.
	Record *shogi.Record
	// Result is the end as the server stated it; nil when the game did not end
	// (the connection was lost).
	Result  *csaproto.Result
	Outcome shogi.Result // who won, from the server's result
	// Detail says in words how the game ended for the bridge ("won: #TIME_UP",
	// "resigned: the engine's move 5e5d is illegal: …").
	Detail string
	// EngineErr is what the engine did that the bridge resigned for: an illegal
	// move (errors.As finds the *shogi.IllegalMoveError), a malformed answer, an
	// engine that died or did not answer, a declaration the rules refuse.
	EngineErr error
	// Moves counts the bridge's moves the server accepted (echoed): not a
	// resignation or a declaration, nor a move the game's end answered; Spare is the least time any of them had
	// left before its flag would fall (as measured here, from reading the
	// opponent's move to sending the bridge's), and Overrun the most a move took
	// beyond the time the engine was told (negative when every move came within
	// it, by that much at least).
	Moves   int
	Spare   time.Duration
	Overrun time.Duration
}

// ErrDeclaration is the reason an engine's "bestmove win" was not sent: the
// position does not allow the declaration.
var ErrDeclaration = errors.New("csabridge: the declaration fails by the rules")

// ErrNotReady is the reason the bridge rejected a game: its engine did not get
// ready (isready, usinewgame). The error [Play] returns for it is also
// [csaproto.ErrRejected].
var ErrNotReady = errors.New("csabridge: the engine is not ready")

// player is the state of one game.
type player struct {
	c     *csaproto.Client
	e     *usi.Engine
	cfg   Config
	g     *Game
	me    shogi.Color
	pos   *shogi.Position
	node  *shogi.Node
	k     *clock.Clock
	ctl   clock.Control
	since time.Time // when the bridge's turn began
	timed bool      // Game.Overrun holds a measure

	mu          sync.Mutex
	thinking    bool // the engine is searching: the loop handles an interrupt itself
	interrupted bool
}

// Play plays one game on c, a logged-in client, with the engine e: it waits for
// the Game_Summary, gets e ready and agrees (it rejects the game when e cannot
// get ready), and plays to the result. When ctx ends, the bridge resigns the game
// (or, while it waits for the opponent or the game, sends LOGOUT) and returns
// ctx's error with the Game so far. Its error is for a game that could not be
// played to its end: a summary or a move of the server that is not valid, a
// connection lost, the game rejected; the Game so far comes with it once the
// summary was read. An engine that fails does not make an error: the bridge
// resigns and says why in Game.EngineErr.
func Play(ctx context.Context, c *csaproto.Client, e *usi.Engine, cfg Config) (*Game, error) {
	pl := &player{c: c, e: e, cfg: cfg}
	// Calls on the connection run on pctx, which the end of ctx does not close:
	// an interrupt is a resignation or a LOGOUT, not a connection dropped.
	pctx := context.WithoutCancel(ctx)
	stop := context.AfterFunc(ctx, pl.interrupt)
	defer stop()

	s, err := c.WaitGame(pctx)
	if err != nil {
		return nil, pl.wrap(ctx, err)
	}
	pl.start(s)
	if err := e.NewGame(ctx); err != nil {
		rctx, cancel := context.WithTimeout(pctx, cleanupTime)
		defer cancel()
		c.Reject(rctx)
		pl.g.Detail = "rejected: the engine is not ready"
		return pl.g, fmt.Errorf("%w: %w; %w", ErrNotReady, err, csaproto.ErrRejected)
	}
	if err := c.Agree(pctx); err != nil {
		if errors.Is(err, csaproto.ErrRejected) {
			pl.g.Detail = "rejected by the server"
		}
		return pl.g, pl.wrap(ctx, err)
	}
	pl.since = time.Now()
	err = pl.play(ctx, pctx)
	pl.gameOver()
	return pl.g, err
}

// interrupt handles the end of Play's context: the bridge logs out unless its
// engine is searching, in which case the loop resigns when the search returns.
func (pl *player) interrupt() {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.interrupted = true
	if !pl.thinking {
		pl.c.RequestLogout()
	}
}

// setThinking marks the engine's search; false when the bridge was interrupted.
func (pl *player) setThinking(on bool) bool {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	pl.thinking = on
	return !pl.interrupted
}

// wrap returns the error of a call on the connection, or ctx's error when it was
// the interrupt's LOGOUT that ended the call.
func (pl *player) wrap(ctx context.Context, err error) error {
	if errors.Is(err, csaproto.ErrLoggedOut) && ctx.Err() != nil {
		return fmt.Errorf("csabridge: logged out: %w", context.Cause(ctx))
	}
	return err
}

// start sets up the game from its summary.
func (pl *player) start(s *csaproto.Summary) {
	pl.me = s.YourTurn
	pl.ctl = s.Time
	pl.ctl.Margin = pl.cfg.Margin
	pl.k = clock.New(pl.ctl, nil)
	pl.pos = s.Start.Clone()
	rec := newRecord(s)
	pl.g = &Game{Summary: s, Record: rec, Spare: -1}
	pl.node = &rec.Root
	for i, m := range s.Moves {
		side := pl.pos.SideToMove()
		ch := pl.k.Charge(side, s.Times[i])
		pl.pos.PlayUnchecked(m)
		pl.node = pl.node.AddChild(m)
		pl.node.Time, pl.node.HasTime = shogi.MoveTime{Spent: ch.Charged, Total: ch.After.Used}, true
	}
}

// newRecord returns the record of a game as its summary gives it.
func newRecord(s *csaproto.Summary) *shogi.Record {
	rec := &shogi.Record{StartSFEN: s.Start.String()}
	rec.Header.Set(shogi.HeaderEvent, s.GameID)
	rec.Header.Set(shogi.HeaderStartTime, time.Now().Format("2006/01/02 15:04:05"))
	if !s.Time.IsZero() {
		if s.Time.Symmetric() {
			if v, err := clock.FormatCSATime(s.Time.Black); err == nil {
				rec.Header.Set(clock.HeaderCSATime, v)
			}
		} else {
			b, berr := clock.FormatCSATime(s.Time.Black)
			w, werr := clock.FormatCSATime(s.Time.White)
			if berr == nil && werr == nil {
				rec.Header.Set(clock.HeaderCSATimeBlack, b)
				rec.Header.Set(clock.HeaderCSATimeWhite, w)
			}
		}
	}
	rec.Header.Set(shogi.HeaderBlack, s.Names[shogi.Black])
	rec.Header.Set(shogi.HeaderWhite, s.Names[shogi.White])
	return rec
}

// play plays the game from START to its result.
func (pl *player) play(ctx, pctx context.Context) error {
	for {
		var u csaproto.Update
		var err error
		if pl.pos.SideToMove() == pl.me {
			u, err = pl.move(ctx, pctx)
		} else {
			u, err = pl.c.Next(pctx)
			pl.since = time.Now()
		}
		if err != nil {
			return pl.wrap(ctx, err)
		}
		if u.Result != nil {
			pl.end(u.Result)
			if pl.interruptedNow() {
				return fmt.Errorf("csabridge: interrupted: %w", context.Cause(ctx))
			}
			return nil
		}
		if err := pl.played(u); err != nil {
			return err
		}
	}
}

func (pl *player) interruptedNow() bool {
	pl.mu.Lock()
	defer pl.mu.Unlock()
	return pl.interrupted
}

// played records a move the server played (echoed or the opponent's).
func (pl *player) played(u csaproto.Update) error {
	charged := u.Time
	var ch clock.Charge
	if u.HasTime {
		ch = pl.k.Charge(u.Side, charged)
	} else {
		// A server that states no time: the bridge's own measure.
		ch = pl.k.Charge(u.Side, time.Since(pl.since))
	}
	pl.pos.PlayUnchecked(u.Move) // the client checked it
	pl.node = pl.node.AddChild(u.Move)
	pl.node.Time, pl.node.HasTime = shogi.MoveTime{Spent: ch.Charged, Total: ch.After.Used}, true
	if u.Comment != nil {
		pl.node.Comments = append(pl.node.Comments, strings.TrimPrefix(u.Comment.String(), "'"))
	}
	if pl.cfg.OnMove != nil {
		pl.cfg.OnMove(pl.pos, u.Move, ch.Charged)
	}
	return nil
}

// move asks the engine for the bridge's move and sends it, or resigns or
// declares; it returns the server's echo or the result.
func (pl *player) move(ctx, pctx context.Context) (csaproto.Update, error) {
	side := pl.me
	lim := usi.Limits{}
	var told time.Duration
	if pl.ctl.IsZero() {
		told = pl.cfg.MoveTime
		if told <= 0 {
			told = DefaultMoveTime
		}
		lim.Byoyomi = told
	} else {
		a := pl.k.Go(side)
		lim = usi.Limits{BlackTime: a.BlackTime, WhiteTime: a.WhiteTime, Byoyomi: a.Byoyomi,
			BlackIncrement: a.BlackInc, WhiteIncrement: a.WhiteInc}
		// Its own time and the byoyomi or its increment, as engines count: the
		// time the server allows the move less the margin.
		told = a.Byoyomi + a.BlackTime + a.BlackInc
		if side == shogi.White {
			told = a.Byoyomi + a.WhiteTime + a.WhiteInc
		}
		if pl.cfg.NoIncrement {
			if side == shogi.Black {
				lim.BlackTime += lim.BlackIncrement
			} else {
				lim.WhiteTime += lim.WhiteIncrement
			}
			lim.BlackIncrement, lim.WhiteIncrement = 0, 0
		}
		if lim.BlackTime+lim.WhiteTime+lim.Byoyomi+lim.BlackIncrement+lim.WhiteIncrement <= 0 {
			lim.Byoyomi = time.Millisecond // no time left at all: "byoyomi 0" alone is no limit
		}
	}
	var res *usi.Result
	var err error
	if !pl.setThinking(true) {
		return pl.resign(ctx, pctx, "interrupted", nil)
	}
	s, err := pl.e.GoWithin(ctx, pl.pos, lim, max(told, time.Millisecond), nil)
	if err == nil {
		res, err = s.Wait()
	}
	took := time.Since(pl.since)
	if !pl.setThinking(false) || ctx.Err() != nil {
		return pl.resign(ctx, pctx, "interrupted", nil)
	}
	if !pl.ctl.IsZero() {
		if at, ok := pl.ctl.For(side).FlagAt(pl.k.State(side)); ok {
			if spare := at - took; pl.g.Spare < 0 || spare < pl.g.Spare {
				pl.g.Spare = spare
			}
		}
		if over := took - told; !pl.timed || over > pl.g.Overrun {
			pl.g.Overrun, pl.timed = over, true
		}
	}
	switch {
	case err != nil && errors.Is(err, usi.ErrIllegalMove):
		mv := ""
		if res != nil {
			mv = " " + res.BestMove.String()
		}
		return pl.resign(ctx, pctx, fmt.Sprintf("the engine's move%s is illegal", mv), err)
	case err != nil:
		return pl.resign(ctx, pctx, "the engine failed", err)
	case res.Resign:
		return pl.finish(pctx, pl.c.Resign)
	case res.Win:
		rule := pl.cfg.Declaration
		if rule == 0 {
			rule = shogi.Rule27
		}
		o := pl.pos.Declare(rule)
		if w, ok := o.Result.Winner(); !ok || w != side {
			return pl.resign(ctx, pctx, "the engine declared", fmt.Errorf("%w: %v (%d points)", ErrDeclaration, o, pl.pos.DeclarationPoints(side)))
		}
		return pl.finish(pctx, pl.c.Declare)
	}
	m := res.BestMove
	if err := pl.pos.CheckMove(m); err != nil { // the search checked it: never sent if not
		return pl.resign(ctx, pctx, fmt.Sprintf("the engine's move %s is illegal", m), err)
	}
	var pv *csaproto.Comment
	if pl.cfg.PV {
		pv = comment(pl.pos, m, res)
	}
	u, err := pl.c.Move(pctx, m, pv)
	if err != nil {
		return u, err
	}
	if u.Result == nil && (u.Move != m || u.Side != side) {
		return u, fmt.Errorf("csabridge: the server echoed %s for the move %s", u.Move, m)
	}
	if u.Result != nil {
		return u, nil // the game ended before the server accepted m
	}
	pl.g.Moves++
	if pv != nil {
		u.Comment = pv
	}
	return u, nil
}

// finish sends a declaration (%TORYO or %KACHI) and returns the result.
func (pl *player) finish(pctx context.Context, send func(context.Context) (*csaproto.Result, error)) (csaproto.Update, error) {
	r, err := send(pctx)
	if err != nil {
		return csaproto.Update{}, err
	}
	return csaproto.Update{Result: r}, nil
}

// resign resigns for the reason why (and the engine's error err, if any).
func (pl *player) resign(ctx, pctx context.Context, why string, err error) (csaproto.Update, error) {
	msg := "resigned: " + why
	if err != nil {
		msg += ": " + strings.TrimPrefix(err.Error(), "usi: ")
		pl.g.EngineErr = err
	}
	pl.g.Detail = msg
	if pl.cfg.Log != nil {
		pl.cfg.Log(msg)
	}
	rctx := pctx
	if ctx.Err() != nil {
		var cancel context.CancelFunc
		rctx, cancel = context.WithTimeout(pctx, cleanupTime)
		defer cancel()
	}
	return pl.finish(rctx, pl.c.Resign)
}

// end records the result the server stated.
func (pl *player) end(r *csaproto.Result) {
	pl.g.Result = r
	stm := pl.pos.SideToMove()
	var res shogi.Result
	switch r.Outcome {
	case csaproto.Win:
		res = shogi.WinFor(pl.me)
	case csaproto.Lose:
		res = shogi.WinFor(pl.me.Opponent())
	case csaproto.Draw, csaproto.Censored:
		res = shogi.Draw
	}
	pl.g.Outcome = res
	loserToMove := res == shogi.WinFor(stm.Opponent())
	var kind shogi.EndingKind
	switch r.Reason {
	case csaproto.Resign:
		kind = shogi.EndResign
	case csaproto.TimeUp:
		kind = shogi.EndTimeUp
	case csaproto.IllegalMove:
		kind = shogi.EndIllegalLoss
		if !loserToMove {
			kind = shogi.EndIllegalWin
		}
	case csaproto.Sennichite, csaproto.OuteSennichite:
		kind = shogi.EndSennichite
	case csaproto.Jishogi:
		switch {
		case r.Special == "%KACHI" && res == shogi.WinFor(stm):
			kind = shogi.EndEnteringKingWin
		case r.Special == "%KACHI":
			kind = shogi.EndIllegalLoss
		default:
			kind = shogi.EndJishogi
		}
	case csaproto.MaxMoves:
		kind = shogi.EndMaxMoves
	default:
		switch {
		case r.Outcome == csaproto.Chudan:
			kind = shogi.EndInterrupt
		case r.Special == "%TORYO":
			kind = shogi.EndResign
		case res == shogi.Draw:
			kind = shogi.EndDraw
		case loserToMove:
			kind = shogi.EndDefaultLoss
		case res != shogi.NoResult:
			kind = shogi.EndDefaultWin
		default:
			kind = shogi.EndInterrupt
		}
	}
	end := &shogi.Ending{Kind: kind, Result: res}
	if r.HasTime {
		spent := r.Time
		total := pl.k.State(stm).Used + spent
		end.Time, end.HasTime = shogi.MoveTime{Spent: spent, Total: total}, true
	}
	said := strings.TrimSpace(strings.Join([]string{r.Special, r.Reason.String(), r.Outcome.String()}, " "))
	if pl.g.Detail == "" {
		switch r.Outcome {
		case csaproto.Win:
			pl.g.Detail = "won: " + said
		case csaproto.Lose:
			pl.g.Detail = "lost: " + said
		default:
			pl.g.Detail = said
		}
	} else {
		pl.g.Detail += " (" + said + ")"
	}
	end.Comments = append(end.Comments, "server: "+said)
	if pl.g.EngineErr != nil {
		end.Comments = append(end.Comments, strings.Join(strings.Fields(pl.g.Detail), " "))
	}
	pl.node.End = end
	pl.g.Record.Header.Set(shogi.HeaderEndTime, time.Now().Format("2006/01/02 15:04:05"))
}

// gameOver tells the engine how the game ended, when it is alive.
func (pl *player) gameOver() {
	if pl.g == nil || pl.g.Result == nil || pl.e.Err() != nil {
		return
	}
	r := usi.Draw
	if w, ok := pl.g.Outcome.Winner(); ok {
		r = usi.Lose
		if w == pl.me {
			r = usi.Win
		}
	} else if pl.g.Outcome == shogi.NoResult {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	pl.e.GameOver(ctx, r)
}

// comment returns floodgate's comment for the move m the engine chose in p: its
// score from Black's side and its line after m, in CSA; nil when the engine gave
// no score.
func comment(p *shogi.Position, m shogi.Move, res *usi.Result) *csaproto.Comment {
	best, ok := res.Best()
	if !ok {
		return nil
	}
	c := &csaproto.Comment{Score: best.BlackScore().Centipawns()}
	if len(best.PV) > 1 && best.PV[0] == m {
		q := p.Clone()
		for i, mv := range best.PV {
			if q.CheckMove(mv) != nil {
				break
			}
			if i > 0 {
				c.PV = append(c.PV, notation.CSA.Encode(q, mv))
			}
			q.PlayUnchecked(mv)
			if len(c.PV) == 64 {
				break
			}
		}
	}
	return c
}
