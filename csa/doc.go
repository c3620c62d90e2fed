// Package csa reads and writes game records in the CSA standard record file format,
// versions 2.2 and 3.0 (the format of computer shogi servers such as floodgate).
//
// # Reading
//
// A [Reader] streams the records of a file (several records are separated by "/"
// lines); [Parse] reads text holding one record. Every move is checked against the
// rules with [shogi.Position.CheckMove] as it is read, so a record the reader
// returns replays without error. Reading is strict by default: the first problem
// stops it with a [*SyntaxError] carrying the line and column. An illegal move is
// a SyntaxError whose Err is the root package's [*shogi.IllegalMoveError], so
//
//	errors.Is(err, shogi.ErrNifu)
//
// tells a 二歩 and errors.As finds the move number. Set [Reader.Lenient] to keep going
// with warnings instead ([Reader.Warnings]); an illegal move is then kept as the
// ending of the game, never dropped silently.
//
// A start position may be a composed one that could not arise in a game (nine pawns
// on a file, as in the 九歩 curiosity): see [shogi.Setup.AllowUnreachable]; the moves
// from it obey every rule.
//
// The reader maps the game information to the header keys of the root package: N+
// and N- to [shogi.HeaderBlack] and [shogi.HeaderWhite] (下手 and 上手 when the start
// position is a handicap of the standard list), $EVENT, $SITE, $START_TIME,
// $END_TIME, $TIME_LIMIT and $OPENING to 棋戦, 場所, 開始日時, 終了日時, 持ち時間 and 戦型.
// Other keys are kept as "$KEY" in their order.
//
// Comments: a "'*text" line is the comment "text" of the move before it (of the
// start position before the first move, of the ending after a % statement), so an evaluation line "'** 30 …" is the
// comment "* 30 …". A plain "'text" line, which the standard tells programs to
// skip, is kept as well, whole: the comment "'text". Times (T) are the seconds a
// move (or the special move) took; the reader also fills in each side's running total.
//
// Special moves (% statements) become the [shogi.Ending] of the line with the result
// they imply: %TORYO, %TSUMI, %CHUDAN, %SENNICHITE, %OUTE_SENNICHITE (won by the
// side to move), %TIME_UP, %ILLEGAL_MOVE, %+ILLEGAL_ACTION and %-ILLEGAL_ACTION (the
// sign names the side that committed the foul), %JISHOGI, %KACHI, %HIKIWAKE,
// %MAX_MOVES, %FUZUMI, %ERROR and %MATTA.
//
// # Writing
//
// A [Writer] writes V2.2 (the default) or V3.0, in UTF-8 or Shift_JIS; [Format]
// writes one record. The text it writes reads back to the same record, and writing
// that record again gives the same bytes. CSA cannot carry everything a record may
// hold, so the writer leaves out:
//
//   - variations: CSA has none; the main line is written with its comments;
//   - bookmarks, and header keys without a CSA counterpart (KIF's 表題, 手合割, …;
//     the start position itself is written as the board);
//   - the move number of the start position (CSA records start at move 1);
//   - each side's total time, which the reader recomputes from the move times, and
//     fractions of a second in V2.2 (V3.0 keeps milliseconds);
//   - endings CSA has no code for (不戦勝, 不戦敗, 封じ手, unknown words), which are
//     written as a plain comment instead.
//
// Comments and header values cannot hold line breaks; such a record is an error.
package csa
