// Package csa reads and writes game records in the CSA standard record file format,
// versions 2.2 and 3.0 (the format of computer shogi servers such as floodgate).
//
// # Reading
//
// A [Reader] streams the records of a file (several records are separated by "/"
// lines); [Parse] reads text holding one record, and reports text that holds none
// (nothing, or only blank lines and comments) with an error that wraps
// [shogi.ErrNoRecord]. Every move is checked against the rules with
// [shogi.Position.CheckMove] as it is read, so a record the reader returns replays
// without error. Reading is strict by default: the first problem stops the record
// with a [*SyntaxError] carrying the line and column (in characters of the decoded
// line). An illegal move is a SyntaxError whose Err is the root package's
// [*shogi.IllegalMoveError], so
//
//	errors.Is(err, shogi.ErrNifu)
//
// tells a 二歩 and errors.As finds the move number. A move whose piece is not the
// piece on its origin square (+7776KI) is a [shogi.ErrPieceMismatch] that says which
// piece is there ("7七 holds a pawn (FU), not a gold (KI)"); a move or a side to move
// with no P1–P9 or PI line before it is an [ErrNoPosition].
//
// A record that cannot be read does not stop the stream: the next [Reader.Read] goes
// on with the record after the next "/" line, and [Reader.RecordLine] tells where
// each record starts, so that a caller can say "record 3, starting at line 240".
//
// Reading allocates per record and per block of nodes, not per move (but for what a
// record keeps: a comment's text, a header's values): a record's nodes come in blocks
// of its own, and the reader keeps the position of the last record, to take it back
// to its start for the next record when both start alike (Parse, that of an earlier
// Parse).
//
// Set [Reader.Lenient] to step over problems with warnings ([Reader.Warnings])
// instead. A problem that does not touch the moves (an unknown line before them, a
// time that cannot be read) is a warning and only that thing is skipped. A move that
// cannot be read — malformed, illegal, or a line the reader does not understand where
// moves are expected — ends the line of play: the record keeps the moves before it
// and ends with a [shogi.EndUnread] ending whose Text is the text not read, with one
// warning, and the rest of the record is not read; so does a % line of no known code.
// A lenient read never makes up an ending or a winner: only the file's own % line
// gives one.
//
// A start position may be a composed one that could not arise in a game (nine pawns
// on a file, as in the 九歩 curiosity): see [shogi.Setup.AllowUnreachable]; the moves
// from it obey every rule.
//
// Text encodings: UTF-8 (with or without a byte order mark), Shift_JIS and EUC-JP (old
// archives). The first line may name the encoding ("'CSA encoding=SHIFT_JIS",
// "'encoding=EUC-JP"); otherwise the reader takes UTF-8 until the first line that is
// not valid UTF-8, and tells Shift_JIS from EUC-JP by which reading of that line is
// valid and plausible Japanese text (a tie goes to Shift_JIS; see [Reader]).
//
// The reader maps the game information to the header keys of the root package: N+
// and N- to [shogi.HeaderBlack] and [shogi.HeaderWhite] (下手 and 上手 when the start
// position is a handicap of the standard list), $EVENT, $SITE, $START_TIME,
// $END_TIME, $TIME_LIMIT and $OPENING to 棋戦, 場所, 開始日時, 終了日時, 持ち時間 and 戦型.
// Other keys are kept as "$KEY" in their order.
//
// Comments: a "'*text" line is the comment "text" of the move before it (of the
// start position before the first move, of the ending after a % statement), so an
// evaluation line "'** 30 …" is the comment "* 30 …". A plain "'text" line, which the
// standard tells programs to skip, is kept as well, whole: the comment "'text". A
// comment may also follow a comma on a statement line, as published records write it
// ("+7776FU,T0,'** 30 -3334FU", "%KACHI,'* -5000 win"): it runs to the end of the
// line, commas included, and reads exactly as the same comment on the next line.
// Times (T) are the seconds a move (or the special move) took; the reader also fills
// in each side's running total.
//
// Special moves (% statements) become the [shogi.Ending] of the line with the result
// they imply: %TORYO, %TSUMI, %CHUDAN, %SENNICHITE (a draw, or lost by the side that
// gave every check when the rules show a perpetual check, as KIF's 千日手 and JKF's
// SENNICHITE), %OUTE_SENNICHITE (not in the format, sent by servers: lost by the side
// the rules show gave every check), %TIME_UP, %ILLEGAL_MOVE, %+ILLEGAL_ACTION and %-ILLEGAL_ACTION (the
// sign names the side that committed the foul), %JISHOGI, %KACHI, %HIKIWAKE,
// %MAX_MOVES, %FUZUMI, %ERROR and %MATTA.
//
// A special move that the next statement repeats word for word, with only times and
// comments between them, is read once: floodgate's records of a declaration hold the
// engine's "%KACHI" and the server's echo of it ("%KACHI,'* -5000 win", "T10",
// "%KACHI"). Any other statement after the special move is an [ErrAfterEnd] error.
//
// # Writing
//
// A [Writer] writes V2.2 (the default) or V3.0, in UTF-8 or Shift_JIS; [Format]
// writes one record. The text it writes reads back to the same record, and writing
// that record again gives the same bytes. CSA cannot carry everything a record may
// hold, so the writer leaves out:
//
//   - variations: CSA has none; the main line is written with its comments;
//   - bookmarks, and header fields CSA has no place or no form for (KIF's 表題 or
//     消費時間, a 持ち時間 such as "60分 切れたら1分将棋"): [DroppedHeader] lists
//     them, and record.Losses reports them (手合割 is not lost: the start position is
//     written as the board);
//   - the move number of the start position (CSA records start at move 1);
//   - each side's total time, which the reader recomputes from the move times, and
//     fractions of a second in V2.2 (V3.0 keeps milliseconds);
//   - endings CSA has no code for (不戦勝, 不戦敗, 封じ手, unknown words), which are
//     written as a plain comment instead;
//   - an [shogi.EndUnread] ending (where a lenient read stopped): nothing is written
//     for it, so the text reads back as the same moves with no ending.
//
// Header values are written in CSA's forms: 持ち時間 (with 秒読み) as
// $TIME_LIMIT:HH:MM+SS ("各10分" is "00:10+00"), 開始日時 (or 対局日) and 終了日時 as
// $START_TIME and $END_TIME YYYY/MM/DD HH:MM:SS ("2014/09/13 14：59" is "2014/09/13
// 14:59:00"). The kif package's writer writes a $TIME_LIMIT value back as 持ち時間
// and 秒読み. Comments and header values cannot hold line breaks; such a record is an
// error.
//
// # Positions alone
//
// [FormatBoard] writes a position alone as P1–P9, P+/P- and the side to move;
// [ParseBoard] reads one back (at move 1, as CSA has no move numbers); text with moves
// is [ErrNotPosition].
package csa
