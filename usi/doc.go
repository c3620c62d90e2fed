// Package usi drives shogi engines that speak the USI protocol: it starts them, asks
// them to search, reads what they say into typed values checked against the rules,
// annotates game records with their evaluations, and plays games between them that the
// library's rules adjudicate.
//
// # Engines
//
// [Start] starts an engine's program ([Config] gives its path, arguments, directory and
// environment) and [New] attaches to one that speaks on any io.ReadWriter; both perform
// the handshake (usi … usiok), after which [Engine.Name], [Engine.Author] and
// [Engine.Options] give what the engine said about itself. An [Option] is typed (check,
// spin, combo, button, string, filename) with its default, range and choices, and
// [Engine.SetOption] refuses a value the option does not take. [Engine.IsReady] sends
// isready and waits for readyok, [Engine.NewGame] gets the engine ready for a game
// (isready, usinewgame), [Engine.GameOver] tells it how the game ended, and
// [Engine.Close] sends quit and kills the engine if it does not leave within the grace
// period.
//
//	e, err := usi.Start(ctx, usi.Config{Path: "/usr/games/fairy-stockfish"})
//	if err != nil { … }
//	defer e.Close()
//	res, err := e.Search(ctx, p, usi.Limits{Byoyomi: time.Second})
//	if err != nil { … }
//	best, _ := res.Best()
//	fmt.Println(res.BestMove, best.BlackScore(), best.PV)
//
// # Searches
//
// [Engine.Go] sends the position — "position startpos moves …" or "position sfen …
// moves …", written by the sfen package from a *shogi.Position and the moves played on
// it, so that the engine sees repetitions — and go with the [Limits]: the clock (btime,
// wtime, byoyomi, binc, winc), depth, nodes, infinite, ponder. The [Search] it returns
// can be stopped ([Search.Stop]) or told that the ponder move was played
// ([Search.PonderHit]) from any goroutine; [Search.Wait] returns the [Result]: the best
// move, checked against the rules, the ponder move, "resign" or "win" (an
// entering-king declaration, which the caller judges with shogi.Position.Declare), and
// the last scored info line of each MultiPV rank. [Engine.Search] does both.
// [Engine.Mate] runs go mate and returns the [MateResult]: the mate (checked to be
// legal and to end in checkmate), nomate, timeout, notimplemented or none (unknown:
// YaneuraOu's mate engine at its memory or node limit).
//
// Each info line is read into an [Info] by [ParseInfo]: depth, seldepth, time, nodes,
// nps, hashfull, multipv, currmove, string, and the [Score] in centipawns or plies to
// mate, with its bound, from the engine's side (the side to move) as the engine sends
// it; [Info.BlackScore] normalises it to Black. The PV is read move by move against the
// position: its legal moves are kept, and the first move that is malformed or illegal
// is reported in Info.PVError (a [*MoveError] wrapping the *shogi.IllegalMoveError),
// not trusted. [ParseOption] reads option lines the same way; both give a
// [*SyntaxError] with the column for a line that breaks the protocol's syntax.
//
// # Contexts, time and misbehaving engines
//
// Every call takes a context, and every call that waits has a deadline of its own
// besides. A search's comes from its limits ([Limits.Within]): its side's time and
// the byoyomi plus [Config.Margin] for a clock, [Config.MoveTimeout] for a depth or a
// node limit alone; an infinite or ponder search, or go mate infinite, needs a context
// that can end. When the context ends or the deadline passes, the client sends stop
// and waits the grace period ([Config.Grace]) for the engine's answer, which the search
// then returns as usual (Result.Stopped is set); an engine that does not answer is
// killed, and the error says what it failed to do. A call that waits for another
// answer (the handshake, isready) kills the engine when its context ends first, or
// after [Config.ReadyTimeout] when the context has no deadline. Nothing waits for
// ever, and once Close has
// returned no goroutine or process of the engine is left behind (for an engine that
// [New] attached to, when its io.ReadWriter is an io.Closer).
//
// What went wrong is an [*EngineError] that names the engine, what the client was doing
// and the line at fault, and wraps a sentinel: [ErrExited] for an engine that died
// (with its exit status and the last lines of its error output), [ErrNoResponse] for
// one that did not answer in time, [ErrMalformed] for a line of a known kind that
// breaks the syntax (a garbled info line stops the search, whose answer comes with the
// error), [ErrUnexpected] for an answer to a command that was not sent (a bestmove
// with no search running, a readyok without isready), [ErrLineTooLong] for an engine
// that floods one line, and [ErrIllegalMove] for an illegal best move (errors.As finds
// the *shogi.IllegalMoveError, and shogi.FoulOf its foul). Lines the protocol does not
// define (banners, debugging output) are passed over, as the protocol asks. A hook
// ([Config.Hook]) sees every line sent and received.
//
// # Evaluations in game records
//
// An [Evaluation] is what analysis comments in records carry: the score from Black's
// point of view, the engine's line, its depth, nodes and name, and for a move the
// engine's preferred move and the move's loss. [Evaluation.KIFComments] writes
// ShogiHome's analysis comments ("#評価値=158", "#読み筋=▲７六歩△３四歩", …) and
// [Evaluation.CSAComments] floodgate's ("'** 158 -3334FU +2726FU"), and
// [ParseEvaluationComment] reads either back from a node's comments, so that analysed
// collections (and floodgate's own records) can be queried.
//
// [Analyse] annotates the main line of a record (or a range of its moves): it searches
// each position and comments each move with the evaluation after it, the engine's
// best move before it and the move's loss, with ShogiHome's label (緩手, 疑問手, 悪手,
// 大悪手; see [LossLabel]) when the winning chance it lost is large. A position the
// engine answers without a score — from its opening book, with no info line at all
// ([Result.InfoLines]) — gets no comment, and [PositionEvaluation.Unevaluated] says
// which positions those are and why.
//
// # Games between engines
//
// [PlayGame] plays a game between two engines from the start position, a handicap or
// an opening, with a clock ([TimeControl]: byoyomi, Fischer increment or sudden death)
// or a depth or node limit, and adjudicates it by the library's rules: every move is
// checked (an illegal move loses, with its foul), 千日手 draws and 連続王手の千日手 loses,
// "bestmove win" is judged by the 27-point (default) or 24-point declaration rule, the
// move limit draws, a late answer loses on time, and an engine that dies, hangs or
// breaks the protocol loses. The engines are told their clock less a margin
// ([TimeControl.Margin], [DefaultMargin]) while the game's clock charges the real
// time, so that the lines' travel and the processes' scheduling do not decide games;
// the [Game] says how late a lost move was and how far each engine went past the time
// it was told. The [Game] holds the record, with each move's time and the
// engine's evaluation as floodgate's comment, ready for the kif and csa writers.
// [EloDifference] turns a match's wins, losses and draws into an Elo difference with
// its 95% margin.
//
// # Engines in the wild
//
// The package is tested against two engines Debian packages, and against a fake
// engine that misbehaves on purpose. gpsusi (gpsshogi) answers isready after a few
// seconds of loading, knows only the clock and infinite (it exits on go depth, nodes,
// binc or ponder — an [ErrExited] with its last words), and writes lines the protocol
// does not have ("delay go …"). Fairy-Stockfish speaks USI when usi is its first
// command (its variant is then shogi), prints a banner first, and answers go mate as a
// UCI engine does, with a bestmove after a "score mate" info line: [Engine.Mate] takes
// that answer too, and says in MateResult.Complete whether its PV reaches the mate.
package usi
