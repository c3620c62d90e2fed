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
// move (see [shogi.Node]). The writer writes both back the same way. A 変化：N手 block
// belongs to the most recent line that holds move N (a move, or the special move of
// its ending) and started before it, as formats.md §2.6 has it: a 変化：5手 after a
// 変化：3手 block whose moves stop at move 4 gives an alternative to move 5 of the line
// below (the main line). Where no line holds move N, a block at the ply after the last
// move of the most recent line, which has no ending, goes on with that line (as
// tsshogi reads it: a record of 3 moves and then 変化：4手). Any other block branches
// from no recorded move: it is an [ErrVariation] error (a lenient read passes over
// its block).
//
// The encoding is detected, never taken from the file name (.kif is Shift_JIS and .kifu
// UTF-8 by the specification, but both occur the other way round): a UTF-8 byte order
// mark, then a first line "#KIF version=2.0 encoding=…", then UTF-8 if the head of the
// input (its first 64 KiB) is valid UTF-8, else Shift_JIS (CP932) if it is valid
// Shift_JIS. A head that is valid in neither is read in the encoding whose first
// invalid byte comes later (UTF-8 on a tie), so that the error is reported where the
// text really goes wrong; a head of ASCII only leaves the choice, made the same way, to
// the first line that is not ASCII. A declaration gives way to the text when the other
// encoding reads more of it: encoding=UTF-8 over text that is valid Shift_JIS and not
// valid UTF-8, or encoding=Shift_JIS over text that is valid UTF-8, not all ASCII and
// not valid Shift_JIS (both are seen in published files), or text valid in neither that
// goes wrong sooner in the declared encoding. A lenient read then reads the text as it
// is and warns on line 1 ("the file declares encoding=UTF-8 but its text is
// Shift_JIS"); a strict read fails there with an error that wraps [ErrEncoding]. Bytes
// that the encoding being read cannot decode are an error (lenient: a warning, and the
// line is read with U+FFFD in their place) that wraps [ErrEncoding] and says on which
// line and column (in characters of the decoded line) they are, the encoding tried and
// the bytes: "kif: line 20, column 8: invalid UTF-8 (byte 0xff)", "invalid Shift_JIS
// (bytes 0x81 0x20)"; a UTF-8 file cut inside its last character fails on its last
// line. Lines may end in CRLF, LF or a lone CR, and may be at most [MaxLineLength]
// bytes long. A Reader holds its one record whole, so it reads at most
// [Reader.MaxBytes] of input ([DefaultMaxBytes], 64 MiB, unless set, the bound of
// every record format), and past that fails with [ErrTooLarge] at once, having read one
// byte more than the bound: an input that never ends (a device, a pipe) ends there.
//
// Forms that published records take are read as well: variation headers "変化：3手目"
// and "変化:3手" with or without spaces; move lines with two time groups, as the
// IS-SHOGI app writes them ("   1 ７六歩(77)   ( 0:01/00:00:01) ( 0:01/00:00:01)"),
// of which the first is the move's time and the second, when it is a well-formed time
// group, is passed over and not kept (what it records is not documented, and the
// reader does not guess); and header values with leading spaces ("先手：  羽生善治"),
// which are kept as written, so that reading, writing and reading again gives the
// header lines byte for byte (spaces at the end of a line are dropped). A KIF file
// whose board diagram is commented out with # reads its moves from the even-game start;
// the error (or warning) of the first move that then fails says so.
//
// A Reader is strict by default: the first problem stops it with a [*SyntaxError] that
// gives the line and the column (in characters) and wraps one of the package's
// sentinel errors, or the root package's *shogi.IllegalMoveError for a move that breaks
// the rules, so that errors.Is(err, shogi.ErrNifu) tells a 二歩. A move that names
// another piece than the one on its origin square is such an illegal move, whose
// reason wraps shogi.ErrPieceMismatch and says which piece is there.
//
// With [Reader.Lenient] set it reads on and lists the problems in [Reader.Warnings]
// (at most one a line), and it never records an ending or a winner that the input
// does not state. A move it cannot read, an illegal move, a move whose number is not
// the expected one, a まで line it cannot read or that counts other moves than the
// line holds, or a line it does not understand where moves are expected ends that
// line of play: the moves before it are kept, the line ends with an ending of kind
// shogi.EndUnread (Result NoResult, Text the text not read), and the rest of that line
// of play, up to the next 変化 header, is not read; one warning, which wraps the cause,
// says so. A time it cannot read is left out and the move kept; a variation header it
// cannot read, or a variation that branches from no recorded move, passes over that
// variation's block and leaves the other lines alone; other problems (an unknown line
// before the moves, a malformed diagram) are a warning each. [Reader.RecordLine] gives
// the line where the record starts.
//
// The first KIF move is numbered 1, or N+1 after a board diagram with 手数＝N (which
// may number from 1 all the same); every later move line must carry the number that
// follows the move before it in its line (a variation's first move, the number of the
// move it replaces). Only the special moves of the format (投了, 中断, 千日手, …, and
// the words of a まで line that name the winner, "先手の勝ち") end a line: a numbered
// line whose word is no move and no such word (a garbled move, "△８四歩", or a word no
// format defines, "パス") is a move that cannot be read, an [ErrMoveSyntax] error (a
// lenient read ends the line there, unread), never an ending; so is a まで line whose
// words name no known ending. A [Writer] refuses an ending of kind shogi.EndNone with
// a Text ([ErrEndingText]): KIF has no word for it.
//
// A [Writer] writes KIF (the default) or KI2, in UTF-8 (the default) or Shift_JIS, as
// Kifu for Windows lays them out. A character that Shift_JIS cannot hold is an
// [ErrUnencodable] error rather than a question mark. Reading what a Writer wrote gives
// the record back, and writing it again gives the same bytes; KI2 has no times. For an
// ending of kind shogi.EndUnread the Writer writes nothing (no special move, no まで
// line, no result): the line simply stops, and reads back without an ending; the
// variations that branch where such a line stopped are left out (a 変化 block after
// the last move would read back as the line's continuation, promoting a variation;
// record.Losses reports them). A 持ち時間 in CSA's form ("00:10+30", as the csa
// package reads $TIME_LIMIT) is written in KIF's, 持ち時間：各10分 and 秒読み：30秒.
//
// [Parse] and [ParseKI2] return an error that wraps shogi.ErrNoRecord for input that
// holds no record (empty, or only blank lines and # comments); a Reader returns io.EOF
// for it.
//
// [Parse], [ParseKI2], [Format] and [FormatKI2] are shortcuts for whole records in
// memory.
//
// Reading allocates per block, not per move: the decoded lines share blocks of text
// (a string in the record, a comment say, keeps its block alive), the nodes come in
// blocks, and a long record makes a bounded number of allocations more than a short
// one, in UTF-8 and in Shift_JIS alike (the benchmarks report bytes and allocations
// per move).
//
// # Board diagrams alone
//
// [FormatBoard] writes a position's board diagram alone (with 手数＝N and the last
// move when known), as the writer writes it in a record, and [ParseBoard] reads a
// diagram given alone back as a position; text with moves is [ErrNotPosition].
package kif
