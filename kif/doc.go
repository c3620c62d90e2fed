// Package kif reads and writes shogi game records in the KIF and KI2 formats of
// Kakinoki (柿木), the formats of Kifu for Windows, Shogidokoro, ShogiHome and most
// Japanese shogi sites.
//
// A [Reader] reads one record into a [shogi.Record]: the header in its order (unknown
// keys kept), the start position (a 手合割 name of the Kakinoki list, or a board
// diagram with hands and 手番), the moves with their times, comments (*), bookmarks (&)
// and variations (変化：N手, attached to the branch they name), and how each line ended
// (投了, 詰み, 千日手, 中断, 反則勝ち, … or the まで line of KI2). KIF moves give their
// origin and are checked against the rules as they are read; KI2 moves are resolved with
// the Japanese notation of the notation package. Both kinds of move lines are read
// unless [Reader.Format] restricts them.
//
// A 変化 at the ply of a line's special move (moves played instead of 投了) is a
// variation of the node where that line ends; a 変化 that holds nothing but a special
// move is an ending given as an alternative to the move at its ply, a child without a
// move (see [shogi.Node]). The writer writes both back the same way.
//
// The encoding is detected, never taken from the file name (.kif is Shift_JIS and
// .kifu UTF-8 by the specification, but both occur the other way round): a UTF-8 byte
// order mark, then a first line "#KIF version=2.0 encoding=…", then UTF-8 if the head
// of the input is valid UTF-8, else Shift_JIS (CP932). Lines may end in CRLF, LF or a
// lone CR, and may be at most [MaxLineLength] bytes long.
//
// A Reader is strict by default: the first problem stops it with a [*SyntaxError] that
// gives the line and the column (in characters) and wraps one of the package's
// sentinel errors, or the root package's *shogi.IllegalMoveError for a move that breaks
// the rules, so that errors.Is(err, shogi.ErrNifu) tells a 二歩. With
// [Reader.Lenient] set it reads on and lists every problem in [Reader.Warnings]; an
// illegal move then ends its line with an ending of kind shogi.EndIllegalLoss that
// keeps the move as written, and the moves after it in that line are skipped with a
// warning each: nothing is dropped silently.
//
// A [Writer] writes KIF (the default) or KI2, in UTF-8 (the default) or Shift_JIS, as
// Kifu for Windows lays them out. A character that Shift_JIS cannot hold is an
// [ErrUnencodable] error rather than a question mark. Reading what a Writer wrote gives
// the record back, and writing it again gives the same bytes; KI2 has no times.
//
// [Parse], [ParseKI2], [Format] and [FormatKI2] are shortcuts for whole records in
// memory.
package kif
