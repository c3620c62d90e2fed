package usi

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kifu-go/shogi"
	"github.com/kifu-go/shogi/sfen"
)

// Result is an engine's answer to a search: its bestmove line and what its info lines
// said last.
type Result struct {
	// BestMove is the move the engine chose, checked against the rules (an illegal one
	// is an error, which the Result comes with); NoMove when it resigned or declared.
	BestMove shogi.Move
	// Resign is "bestmove resign"; Win is "bestmove win", an entering-king declaration
	// (入玉宣言), which the caller judges with shogi.Position.Declare.
	Resign, Win bool
	// Ponder is the reply the engine expects ("ponder" after the best move), NoMove
	// when it gave none or gave one that is not legal, which PonderError then reports.
	Ponder      shogi.Move
	PonderError error
	// Lines holds, for each MultiPV rank, the last info line with a score: Lines[0] is
	// the best line. It is empty when the engine sent no score (a book move, say).
	Lines []Info
	// InfoLines counts the info lines the engine sent during the search; none at all,
	// before a best move, is how engines answer from their opening book.
	InfoLines int
	// Stopped says that stop was sent (by Search.Stop, the context's end or a protocol
	// error) before the answer came.
	Stopped bool
	// Elapsed is the time from sending go to receiving the answer.
	Elapsed time.Duration
}

// Best returns the best line, Lines[0], and whether there is one.
func (r *Result) Best() (Info, bool) {
	if len(r.Lines) == 0 {
		return Info{}, false
	}
	return r.Lines[0], true
}

// MateKind is the kind of an engine's answer to a mate search.
type MateKind uint8

// Answers to "go mate".
const (
	MateFound          MateKind = iota + 1 // "checkmate <moves>"
	NoMate                                 // "checkmate nomate": there is no mate
	MateTimeout                            // "checkmate timeout": no mate found in the time
	MateNotImplemented                     // "checkmate notimplemented"
	// MateNone: "checkmate none", YaneuraOu's mate engine's answer when its search
	// ended without an answer (its memory or node limit reached): neither a mate nor a
	// proof of none, and not a protocol error.
	MateNone
)

var mateKindNames = [...]string{MateFound: "mate", NoMate: "nomate", MateTimeout: "timeout",
	MateNotImplemented: "notimplemented", MateNone: "none"}

func (k MateKind) String() string {
	if int(k) < len(mateKindNames) && mateKindNames[k] != "" {
		return mateKindNames[k]
	}
	return "invalid"
}

// MateResult is an engine's answer to a mate search.
type MateResult struct {
	Kind MateKind
	// Moves is the mate, checked against the rules, for MateFound.
	Moves []shogi.Move
	// Complete says that Moves end in checkmate. It is always so for a "checkmate"
	// answer, which the client checks (an answer that does not mate is an error). An
	// engine that answers go mate as a UCI engine does, with a bestmove after a "score
	// mate" info line (Fairy-Stockfish), gives its PV, which may stop short.
	Complete bool
	Elapsed  time.Duration
}

// Search is a search that [Engine.Go] started. Its methods may be called from any
// goroutine.
type Search struct {
	e      *Engine
	req    *request
	pos    *shogi.Position // the client's copy of the position searched; the reader's only
	ponder bool
	onInfo func(Info)
	goCmd  string // the go command sent

	mu        sync.Mutex
	start     time.Time
	stopSent  bool
	ponderHit bool
	result    *Result
	mate      *MateResult

	// The reading goroutine's own state.
	lines    []Info
	infos    int
	protoErr error
}

// maxRank bounds the MultiPV ranks a Result keeps: no position has more legal moves.
const maxRank = shogi.MoveListCapacity

// Go sends the position (as "position startpos moves …" or "position sfen … moves …",
// with the moves played on pos, so that the engine sees repetitions) and "go" with the
// limits, and returns the running search. onInfo, when not nil, is called with each
// info line, read against pos, from the client's reading goroutine (which waits for
// it); it may stop the search.
//
// Every search has a deadline derived from its limits (see [Limits.Within]): the time
// of the side to move and its byoyomi plus [Config.Margin] for a clock, or
// [Config.MoveTimeout] for a depth or a node limit alone. An infinite or ponder search
// has none of its own, and needs a context that can end (ctx.Done() not nil); without
// one it is refused with [ErrNoLimit].
//
// When ctx ends, or the deadline passes, before the engine answers, the client sends
// stop and waits the grace period for bestmove: the search then ends normally, with
// Result.Stopped set. An engine that does not answer by then is killed, and the
// search's error wraps [ErrNoResponse] and says what it failed to do (with ctx's error
// when ctx ended).
func (e *Engine) Go(ctx context.Context, pos *shogi.Position, lim Limits, onInfo func(Info)) (*Search, error) {
	side := shogi.Black
	if pos != nil {
		side = pos.SideToMove()
	}
	return e.goWithin(ctx, pos, lim, lim.Within(side, e.cfg.margin(), e.cfg.moveTimeout()), onInfo)
}

// GoWithin is [Engine.Go] with the search's deadline given instead of the one its
// limits give ([Limits.Within]): stop is sent within that time of go (none when
// not positive: ctx must then be able to end). A caller that tells the engine
// times by its own rules (a CSA server's clock, whose increment comes before the
// move) says when the engine's time is up.
func (e *Engine) GoWithin(ctx context.Context, pos *shogi.Position, lim Limits, within time.Duration, onInfo func(Info)) (*Search, error) {
	return e.goWithin(ctx, pos, lim, within, onInfo)
}

// goWithin is Go with the search's deadline given: stop is sent within that time of go
// (none when not positive: ctx must then be able to end).
func (e *Engine) goWithin(ctx context.Context, pos *shogi.Position, lim Limits, within time.Duration, onInfo func(Info)) (*Search, error) {
	cmd, ok := lim.command()
	if !ok {
		return nil, e.errorf("search", "", ErrNoLimit)
	}
	if within <= 0 && ctx.Done() == nil {
		return nil, e.errorf("search", "", fmt.Errorf("%w: %q has no end of its own, and the context cannot end", ErrNoLimit, cmd))
	}
	return e.startSearch(ctx, "search", waitBestMove, pos, cmd, lim.Ponder, within, onInfo)
}

// Search runs a search to its end: [Engine.Go] and [Search.Wait].
func (e *Engine) Search(ctx context.Context, pos *shogi.Position, lim Limits) (*Result, error) {
	s, err := e.Go(ctx, pos, lim, nil)
	if err != nil {
		return nil, err
	}
	return s.Wait()
}

// Mate runs a mate search ("go mate <ms>", or "go mate infinite" when limit is not
// positive) on pos and returns the engine's answer. A "checkmate" answer must be a
// legal sequence that ends in checkmate; anything else is an error wrapping
// [ErrIllegalMove] or [ErrFalseMate]. When ctx ends first, or limit plus
// [Config.Margin] passes, stop is sent as for a search, and the engine's answer to it
// returned. "go mate infinite" needs a context that can end.
func (e *Engine) Mate(ctx context.Context, pos *shogi.Position, limit time.Duration) (*MateResult, error) {
	cmd := "go mate infinite"
	var within time.Duration
	if limit > 0 {
		cmd = fmt.Sprintf("go mate %d", limit.Milliseconds())
		within = limit + e.cfg.margin()
	} else if ctx.Done() == nil {
		return nil, e.errorf("mate search", "", fmt.Errorf("%w: %q has no end of its own, and the context cannot end", ErrNoLimit, cmd))
	}
	s, err := e.startSearch(ctx, "mate search", waitCheckmate, pos, cmd, false, within, nil)
	if err != nil {
		return nil, err
	}
	<-s.req.done
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mate, s.req.err
}

func (e *Engine) startSearch(ctx context.Context, op string, kind requestKind, pos *shogi.Position, goCmd string, ponder bool, within time.Duration, onInfo func(Info)) (*Search, error) {
	if pos == nil {
		return nil, e.errorf(op, "", errors.New("usi: no position"))
	}
	s := &Search{e: e, pos: pos.Clone(), ponder: ponder, onInfo: onInfo, goCmd: goCmd}
	req := &request{kind: kind, op: op, search: s, done: make(chan struct{})}
	s.req = req
	if err := e.begin(req); err != nil {
		return nil, err
	}
	if err := e.send(op, sfen.FormatPosition(pos)); err != nil {
		e.complete(req, err)
		return nil, err
	}
	s.mu.Lock()
	s.start = time.Now()
	s.mu.Unlock()
	if err := e.send(op, goCmd); err != nil {
		e.complete(req, err)
		return nil, err
	}
	go s.watch(ctx, within)
	return s, nil
}

// watch stops the search when ctx ends or, when within is positive, that long after
// go, and kills the engine if it does not answer within the grace period after stop.
func (s *Search) watch(ctx context.Context, within time.Duration) {
	var deadline <-chan time.Time
	if within > 0 {
		t := time.NewTimer(within)
		defer t.Stop()
		deadline = t.C
	}
	var why error
	select {
	case <-s.req.done:
		return
	case <-ctx.Done():
		why = ctx.Err()
	case <-deadline:
		why = fmt.Errorf("sent at its deadline, %v after %q", within, s.goCmd)
	}
	s.Stop()
	grace := s.e.cfg.grace()
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-s.req.done:
	case <-t.C:
		want := "bestmove"
		if s.req.kind == waitCheckmate {
			want = "checkmate"
		}
		s.e.kill(withCause(ErrNoResponse, fmt.Errorf("no %s %v after stop (%w); it was killed", want, grace, why)))
	}
}

// Done returns a channel that is closed when the search has ended.
func (s *Search) Done() <-chan struct{} { return s.req.done }

// Wait waits for the search to end and returns the engine's answer. The error says
// what went wrong: the engine died ([ErrExited]), did not answer ([ErrNoResponse]),
// sent a malformed or unexpected line during the search ([ErrMalformed],
// [ErrUnexpected]; the search was stopped, and the Result of its answer comes with the
// error), or an illegal best move ([ErrIllegalMove], with the *shogi.IllegalMoveError
// that errors.As finds, and the Result).
func (s *Search) Wait() (*Result, error) {
	<-s.req.done
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.result, s.req.err
}

// Stop sends stop, once, unless the search has ended.
func (s *Search) Stop() error {
	s.mu.Lock()
	if s.stopSent || s.ended() {
		s.mu.Unlock()
		return nil
	}
	s.stopSent = true
	s.mu.Unlock()
	return s.e.send(s.req.op, "stop")
}

// PonderHit tells a ponder search that the opponent played the expected move: the
// search goes on as a normal one with the limits it was started with.
func (s *Search) PonderHit() error {
	s.mu.Lock()
	switch {
	case !s.ponder:
		s.mu.Unlock()
		return s.e.errorf(s.req.op, "", ErrNotPondering)
	case s.ponderHit || s.stopSent || s.ended():
		s.mu.Unlock()
		return nil
	}
	s.ponderHit = true
	s.mu.Unlock()
	return s.e.send(s.req.op, "ponderhit")
}

func (s *Search) ended() bool {
	select {
	case <-s.req.done:
		return true
	default:
		return false
	}
}

// info handles an info line (on the reading goroutine).
func (s *Search) info(line string) {
	if s.protoErr != nil {
		return
	}
	s.infos++
	info, err := parseInfo(s.pos, line)
	if err != nil {
		s.protocolError(s.e.errorf(s.req.op, line, err))
		return
	}
	if info.Score.Kind != NoScore && info.Rank() <= maxRank {
		for len(s.lines) < info.Rank() {
			s.lines = append(s.lines, Info{})
		}
		s.lines[info.Rank()-1] = info
	}
	if s.onInfo != nil {
		s.onInfo(info)
	}
}

// protocolError stops the search after a line it cannot accept; the search ends with
// err when the engine answers stop, and the engine is killed when it does not within
// the grace period.
func (s *Search) protocolError(err error) {
	if s.protoErr != nil {
		return
	}
	s.protoErr = err
	s.mu.Lock()
	send := !s.stopSent
	s.stopSent = true
	s.mu.Unlock()
	if send {
		s.e.write(s.req.op, "stop", true)
	}
	go func() {
		t := time.NewTimer(s.e.cfg.grace())
		defer t.Stop()
		select {
		case <-s.req.done:
		case <-t.C:
			s.e.complete(s.req, err)
			s.e.kill(fmt.Errorf("%w: it did not stop after a protocol error", ErrNoResponse))
		}
	}()
}

// answered returns the common part of a result: the lines, whether stop was sent and
// the time taken.
func (s *Search) answered() (lines []Info, stopped bool, elapsed time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, l := range s.lines {
		if l.Score.Kind != NoScore { // ranks the engine skipped are left out
			lines = append(lines, l)
		}
	}
	return lines, s.stopSent, time.Since(s.start)
}

// bestMove handles the bestmove line that ends a search (on the reading goroutine).
func (s *Search) bestMove(line string) {
	lines, stopped, elapsed := s.answered()
	res := &Result{Lines: lines, InfoLines: s.infos, Stopped: stopped, Elapsed: elapsed}
	err := s.readBestMove(line, res)
	if err != nil {
		err = s.e.errorf(s.req.op, line, err)
	}
	if s.req.kind == waitCheckmate {
		// A UCI-style answer to go mate: the mate, if any, is in the last score.
		mr := &MateResult{Kind: NoMate, Elapsed: elapsed}
		if stopped {
			mr.Kind = MateTimeout
		}
		if best, ok := res.Best(); ok && best.Score.Kind == Mate && best.Score.Value > 0 && len(best.PV) > 0 {
			mr.Kind, mr.Moves, mr.Complete = MateFound, best.PV, s.mates(best.PV)
		}
		s.mu.Lock()
		s.mate = mr
		s.mu.Unlock()
	} else {
		s.mu.Lock()
		s.result = res
		s.mu.Unlock()
	}
	if s.protoErr != nil {
		err = s.protoErr
	}
	s.e.complete(s.req, err)
}

// readBestMove reads "bestmove <move> [ponder <move>]", "bestmove resign" or
// "bestmove win" into res.
func (s *Search) readBestMove(line string, res *Result) error {
	ts := tokens(line)
	if len(ts) < 2 {
		return syntaxAt(line, len(line), "bestmove without a move")
	}
	switch t := ts[1]; t.text {
	case "resign":
		res.Resign = true
	case "win":
		res.Win = true
	default:
		m, err := shogi.ParseUSIMove(t.text)
		if err != nil {
			return syntaxAt(line, t.start, fmt.Sprintf("bestmove %q is not a USI move", t.text))
		}
		res.BestMove = m
		if err := s.pos.CheckMove(m); err != nil {
			return withCause(ErrIllegalMove, err)
		}
	}
	if len(ts) >= 3 && ts[2].text == "ponder" {
		if len(ts) < 4 {
			return syntaxAt(line, ts[2].end, "ponder without a move")
		}
		if res.BestMove != shogi.NoMove {
			s.pos.PlayUnchecked(res.BestMove)
			pv, _, err := parseMoves(s.pos, line, ts[:4], 3)
			s.pos.Undo()
			if err != nil {
				res.PonderError = err
			} else {
				res.Ponder = pv[0]
			}
		}
	}
	return nil
}

// checkmate handles the checkmate line that answers a mate search.
func (s *Search) checkmate(line string) {
	_, _, elapsed := s.answered()
	mr := &MateResult{Elapsed: elapsed}
	err := s.readCheckmate(line, mr)
	if err != nil {
		err = s.e.errorf(s.req.op, line, err)
	}
	if s.protoErr != nil {
		err = s.protoErr
	}
	s.mu.Lock()
	s.mate = mr
	s.mu.Unlock()
	s.e.complete(s.req, err)
}

func (s *Search) readCheckmate(line string, mr *MateResult) error {
	ts := tokens(line)
	if len(ts) < 2 {
		return syntaxAt(line, len(line), "checkmate without moves or nomate, timeout, notimplemented or none")
	}
	switch ts[1].text {
	case "nomate":
		mr.Kind = NoMate
		return nil
	case "timeout":
		mr.Kind = MateTimeout
		return nil
	case "notimplemented":
		mr.Kind = MateNotImplemented
		return nil
	case "none":
		mr.Kind = MateNone
		return nil
	}
	moves, next, err := parseMoves(s.pos, line, ts, 1)
	mr.Kind, mr.Moves = MateFound, moves
	if err != nil {
		return err
	}
	if next < len(ts) {
		return syntaxAt(line, ts[next].start, fmt.Sprintf("%q in a mate", ts[next].text))
	}
	if !s.mates(moves) {
		return ErrFalseMate
	}
	mr.Complete = true
	return nil
}

// mates reports whether the legal moves, played from the search's position, end in
// checkmate.
func (s *Search) mates(moves []shogi.Move) bool {
	for _, m := range moves {
		s.pos.PlayUnchecked(m)
	}
	mate := len(moves)%2 == 1 && s.pos.IsCheckmate()
	for range moves {
		s.pos.Undo()
	}
	return mate
}
