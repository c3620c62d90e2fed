package csabridge

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kifu-go/shogi/csaproto"
	"github.com/kifu-go/shogi/usi"
)

// Session plays games on a CSA server one after another, a connection each, with
// an engine it starts when first needed and again after it died.
type Session struct {
	Addr     string // the server, "host:port"
	User     string
	Password string // for shogi-server and floodgate, "GAME_NAME,PASSWORD" with a plain login
	// Game, when set, logs in in shogi-server's extended mode (x1) and asks for the
	// game by name with %%GAME NAME * (any colour); a plain login otherwise.
	Game string
	// Client configures each connection (keep-alive, the line hook).
	Client csaproto.Config
	// Bridge configures each game.
	Bridge Config
	// Engine starts the engine (and sets its options): for the first game, and
	// again when it died.
	Engine func(ctx context.Context) (*usi.Engine, error)
	// Rejected counts the games [Session.Run] saw rejected, by the server's
	// REJECT or by the bridge's when its engine could not get ready.
	Rejected int

	engine *usi.Engine
}

// Close closes the session's engine.
func (s *Session) Close() error {
	if s.engine != nil {
		err := s.engine.Close()
		s.engine = nil
		return err
	}
	return nil
}

// Run plays n games (without end when n is not positive, until ctx ends), and
// calls each with every game played, even in part (with the game's error, nil for
// a game played to its end), and every game rejected (with its error, which
// errors.Is [csaproto.ErrRejected]). An error of each stops the session and is
// returned. A rejected game, by the server or by the bridge (its engine could not
// get ready: it is started again for the next), is not one of the n: Run logs it
// with Bridge.Log, counts it in Rejected and waits for the next game. Run's error
// is for what stopped it before n games: the server unreachable, the login
// refused, an engine that cannot start, a game that could not be played (each was
// called with it), or ctx's end.
func (s *Session) Run(ctx context.Context, n int, each func(g *Game, err error) error) error {
	for played := 0; n <= 0 || played < n; {
		if err := ctx.Err(); err != nil {
			return err
		}
		g, err := s.PlayOne(ctx)
		if g != nil {
			if e := each(g, err); e != nil {
				return e
			}
		}
		switch {
		case err == nil:
			played++
		case errors.Is(err, csaproto.ErrRejected) && ctx.Err() == nil:
			s.Rejected++
			if errors.Is(err, ErrNotReady) && s.engine != nil {
				s.engine.Close() // started again for the next game
				s.engine = nil
			}
			if s.Bridge.Log != nil {
				id := "a game"
				if g != nil && g.Summary != nil {
					id = g.Summary.GameID
				}
				s.Bridge.Log(fmt.Sprintf("%s rejected (%d so far): %v; waiting for the next game", id, s.Rejected, err))
			}
		default:
			return err
		}
	}
	return nil
}

// PlayOne connects, logs in, plays one game with [Play] and logs out. The Game
// comes once its summary was read, with the error of a game not played to its end.
func (s *Session) PlayOne(ctx context.Context) (*Game, error) {
	e, err := s.ready(ctx)
	if err != nil {
		return nil, err
	}
	c, err := csaproto.Dial(ctx, s.Addr, s.Client)
	if err != nil {
		return nil, fmt.Errorf("csabridge: %w", err)
	}
	defer c.Close()
	lctx, cancel := context.WithTimeout(ctx, time.Minute)
	if s.Game != "" {
		err = c.LoginExtended(lctx, s.User, s.Password)
		if err == nil {
			err = c.Command("%%GAME " + s.Game + " *")
		}
	} else {
		err = c.Login(lctx, s.User, s.Password)
	}
	cancel()
	if err != nil {
		return nil, err
	}
	g, err := Play(ctx, c, e, s.Bridge)
	if errors.Is(err, csaproto.ErrLoggedOut) || c.Err() != nil {
		return g, err // the connection is over already
	}
	octx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTime)
	defer cancel()
	if lerr := c.Logout(octx); lerr != nil && !closedBy(lerr) && err == nil {
		err = fmt.Errorf("csabridge: logout: %w", lerr)
	}
	return g, err
}

// closedBy reports whether err is the connection closed by the server, as a
// shogi-server closes a plain login's connection after its game.
func closedBy(err error) bool {
	return errors.Is(err, csaproto.ErrServerClosed) || errors.Is(err, csaproto.ErrClosed) ||
		strings.Contains(err.Error(), "broken pipe") || strings.Contains(err.Error(), "connection reset")
}

// ready returns the engine, started when it is not running.
func (s *Session) ready(ctx context.Context) (*usi.Engine, error) {
	if s.engine != nil && s.engine.Err() == nil {
		return s.engine, nil
	}
	if s.engine != nil {
		s.engine.Close()
		s.engine = nil
	}
	if s.Engine == nil {
		return nil, errors.New("csabridge: no engine")
	}
	e, err := s.Engine(ctx)
	if err != nil {
		return nil, err
	}
	s.engine = e
	return e, nil
}
