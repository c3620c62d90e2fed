// Package clock models shogi's time controls and the clocks that keep them.
//
// A [Control] gives each side an [Allowance]: the main time (持ち時間), then
// consideration periods (考慮時間), then byoyomi (秒読み), or a Fischer increment;
// and how a move is charged: the unit and rounding (whole seconds on CSA servers,
// whole minutes rounded down for professionals, CSA's Time_Roundup), the least time
// a move is charged (CSA's Least_Time_Per_Move), and a delay. Black and White may
// have different allowances (CSA's Time+ and Time-). Its Margin is the time
// withheld from an engine for the lines to travel ([Clock.Go]).
//
// The rules, from the source documents and the practice of CSA servers:
//
//   - Professionals: each move's time is rounded down to the minute, so a move
//     under a minute costs nothing, and with a minute left byoyomi starts: a move
//     loses when its time reaches the time left ([Professional]).
//   - The NHK Cup: 10 minutes measured in seconds, then ten periods of a minute, a
//     used period rounded down (a move under a minute keeps every period), then 30
//     seconds of byoyomi ([NHKCup]).
//   - Amateurs: 切れ負け, sudden death ([SuddenDeath]); or byoyomi ([Byoyomi]).
//   - Computer shogi: Fischer increments, which CSA adds before each move, the first
//     included ([Fischer]); servers charge whole seconds rounded down, at least
//     Least_Time_Per_Move, and a move is on time when the time charged is less than
//     the time left plus the byoyomi (and the increment).
//
// A [Clock] charges the moves of a game against a Control, reading the time from an
// injected function so that tests are deterministic: [Clock.Start] and
// [Clock.Stop], or [Clock.Charge] with a measured time; [Clock.Deadline] says when
// the running move's flag falls, and each [Charge] whether its move was on time.
//
// The spellings, each read and written (a round trip wherever the spelling can
// express the control; a control it cannot express is an [ErrInexpressible]):
//
//   - CSA records: $TIME_LIMIT:00:25+10 ([ParseCSATimeLimit], [FormatCSATimeLimit]) and
//     V3.0's $TIME:900+0+5 with $TIME+ and $TIME- ([ParseCSATime], [FormatCSATime],
//     [ParseCSATimes]).
//   - The CSA server protocol's Game_Summary time section ([ParseSummaryTime],
//     [FormatSummaryTime]).
//   - KIF's 持ち時間: 各10分（秒読み30秒）, 10分切れ負け, 5分+5秒追加, … ([ParseKIF],
//     [ParseKIFFields] with the 秒読み field, [FormatKIF]).
//   - shogi-server's and floodgate's game names: floodgate-600-10F
//     ([ParseGameName], [FormatGameName]).
//   - USI's go arguments: btime wtime byoyomi binc winc ([Clock.Go], [GoArgs.String],
//     [ParseGo]).
//
// [CheckTimes] checks a record's times against the control its header states
// ([ControlOf]): totals that do not add up and moves over the time, as [Warning]s
// with the move, allowing for the rounding of the records' whole seconds.
//
// Parse errors are [*ParseError]s with the column (and line) of the problem,
// wrapping [ErrSyntax] or [ErrRange]; [Code] gives each a stable machine code.
package clock
