// Package csabridge plays a USI engine on a CSA server: the bridge engine authors
// run to join floodgate or a tournament (as ShogiHome's usi-csa-bridge does).
//
// [Play] plays one game on a logged-in [csaproto.Client]: it waits for the
// Game_Summary, gets the engine ready (isready, usinewgame) and agrees, then
// relays the moves both ways until the server states the result, and returns the
// [Game] with its record: the start position of the summary, every move with the
// time the server charged it (its T), the players, the time control and the
// ending as the server stated it.
//
// Time: the bridge keeps the server's clock with package clock, from the
// summary's time section (Total_Time, Byoyomi, Increment, added before each move
// as CSA has it, Least_Time_Per_Move, Time_Roundup, Time_Unit, and Time+/Time- for
// each side) and the server's T of each move, and tells the engine what
// [clock.Clock.Go] says: its time less the margin ([Config.Margin], the clock's
// default when zero), the byoyomi or the increments (go btime wtime byoyomi binc
// winc). The engine is told to stop when the time it was told runs out, so that a
// move that keeps to it reaches the server with the margin to spare. USI has one
// byoyomi: with Time+/Time- the engine is told its own.
//
// The bridge never sends what the rules refuse: an engine's illegal move, a
// malformed answer, an engine that dies or hangs, or a "bestmove win" the position
// does not allow (入玉宣言, judged by the 27-point rule unless [Config.Declaration]
// says otherwise) is resigned (%TORYO), and [Game.EngineErr] and [Game.Detail]
// say why. "bestmove resign" is %TORYO, "bestmove win" %KACHI. With [Config.PV]
// each move carries the engine's evaluation as floodgate's comment ("'* 30
// -3334FU +2726FU", the score from Black's side).
//
// A [Session] plays games one after another on a server, one connection each (a
// CSA server closes the connection of a plain login after its game), with an
// engine it starts and starts again after it died. A game rejected, by the
// server or by the bridge (its engine did not get ready), is logged and counted,
// and the session waits for the next. When the session's context
// ends, the game in progress is resigned and the bridge logs out (LOGOUT), and a
// wait for a game ends with LOGOUT too.
package csabridge
