// Package csaserver is a CSA game server: the protocol of shogi-server and floodgate
// (CSA server protocol 1.2 with shogi-server's extended mode), for local tournaments
// of engines and for testing clients.
//
// Clients log in with "LOGIN NAME PASSWORD". In the plain (CSA) mode the password
// names the game the client wants, as shogi-server reads it: "GAMENAME",
// "GAMENAME,PASSWORD", or "GAMENAME-B"/"GAMENAME-W" for a side. A game name is
// NAME-TOTAL-BYOYOMI or NAME-TOTAL-INCREMENTF (seconds; "floodgate-600-10F" is 600
// seconds and a 10-second increment added before each move), read by
// [clock.ParseGameName]. With "LOGIN NAME PASSWORD x1" the client is in extended mode
// and asks for games with %%GAME NAME [+|-|*] or %%CHALLENGE; it may also use %%LIST,
// %%WHO, %%SHOW GAME_ID, %%MONITORON/%%MONITOROFF and %%MONITOR2ON/%%MONITOR2OFF
// GAME_ID (a monitor sees each move of the game), %%CHAT, %%VERSION and %%HELP.
// Two players asking for the same game name are paired at once, except for the names
// of [Config.FloodgateGames], paired at random on a schedule. As in shogi-server, a
// name that begins hclance_, hcbishop_, hcrook_, hcrooklance_, hc2p_, hc4p_, hc6p_,
// hc8p_ or hc10p_ is a handicap game (香落ち … 十枚落ち), the giver White and first to
// move; other games start from [Config.StartPosition] or the even-game position.
//
// A game follows the protocol: the Game_Summary, AGREE (or REJECT) from both, START,
// then the moves, each checked by the rules of the root package and echoed to both
// players with the time charged ("+7776FU,T12"), until a result: %TORYO #RESIGN,
// #TIME_UP, #ILLEGAL_MOVE (with the foul in the record and the log), %KACHI #JISHOGI or
// %KACHI #ILLEGAL_MOVE (入玉宣言 judged by the 27- or 24-point rule), #SENNICHITE,
// #OUTE_SENNICHITE, #MAX_MOVES, each followed by #WIN, #LOSE, #DRAW or #CENSORED. The
// time is charged by the clock package as CSA servers charge it: whole seconds
// rounded down (up with [Config.TimeRoundup]), at least [Config.LeastTimePerMove], the
// increment added before the move; a move is on time when its charged time is less
// than the time left plus the byoyomi plus the increment. Each game's record is
// written in CSA, with the times, and a line of the results log ([Result]).
//
// # Where it differs from shogi-server
//
//   - The flag falls at the deadline: a timer ends the game with #TIME_UP the moment
//     the player on move has used its time. shogi-server notices a time-up only when
//     that player next sends a line or its 60-second read timeout fires, so a silent
//     player with 5 seconds left lost about a minute later. A move is timed when its
//     line has been read, so one read before the deadline is on time even when the
//     timer fires while it is being handled.
//   - 千日手 counts the start position: the game ends on the fourth occurrence of a
//     position, the start position included, where shogi-server, which does not count
//     it, ends such a game one move late: the king shuffle +5958OU -5152OU +5859OU
//     -5251OU played three times is 千日手 at move 12 here, at move 13 there.
//   - A move sent out of turn is a foul (二手指し, the foul "wrong-side"): the sender
//     loses with #ILLEGAL_MOVE. shogi-server queues such a move and plays it when the
//     sender's turn comes, so that a move made before the opponent's was seen is
//     played against a position its sender never saw. As in shogi-server, a move sent
//     again, the same as the sender's last, is passed over; %TORYO is accepted at any
//     moment. %CHUDAN from a player is an illegal move, as in shogi-server (a
//     player cannot void a game); the server sends #CHUDAN only when it stops.
//   - The move limit does not draw a game whose last move mates: as after any mate,
//     the mated side resigns (or loses on time). shogi-server draws it, and its record
//     then ends in #MAX_MOVES on a checkmated position.
//   - A player whose connection ends loses at once (%TORYO #RESIGN and #WIN to the
//     other), whichever side is to move; shogi-server waits for the player on move.
//   - The T of a move is the time charged in the Time_Unit (whole seconds rounded
//     down, the figure clients rely on); the record keeps the same times.
//   - Limits: a line is at most [Config.MaxLine] bytes; a client must log in within
//     [Config.LoginTimeout], finish a line within [Config.LineTimeout] of its first
//     byte (a client that stalls mid-line is dropped: no slow loris), and say
//     something within [Config.IdleTimeout] when not playing; a client that does not
//     read its lines is dropped once its queue is full; connections and games are
//     capped. A dropped player loses its game as one that left.
//   - Passwords are neither checked nor logged nor echoed: [Command.String] hides them.
//     Files are written through an os.Root on [Config.RecordDir], named by the
//     Game_ID, whose parts are identifiers ([ValidIdentifier]): nothing a client sends
//     can write outside it.
//   - A game drawn by 千日手 or 持将棋 may be replayed at once with the colours reversed
//     and each side's remaining time ([Config.RematchOnDraw]; the summary says
//     Rematch_On_Draw:YES and gives each side's time in Time+ and Time- blocks).
//   - Players of the plain mode are disconnected after their game as in shogi-server,
//     but after a grace ([Config.LogoutGrace]) in which a LOGOUT is answered
//     LOGOUT:completed (shogi-server closes the connection at once).
//   - A failed or successful %KACHI is sent once, "%KACHI" then the reason and the
//     result; shogi-server first echoes it like a move with its time ("%KACHI,T3").
//   - A line that is no command of the protocol drops a plain-mode client (which speaks
//     only CSA) and is answered ##[ERROR] in extended mode, up to 16 in a row; an empty
//     line before LOGIN is passed over, a malformed LOGIN closes the connection
//     (shogi-server answers LOGIN:incorrect to both and keeps the connection).
//
// Transcripts of shogi-server's own behaviour in these cases are in the csaproto
// package's testdata/conformance/shogi-server.
package csaserver
