// Package jkf reads and writes game records in JKF, the JSON Kifu Format of
// json-kifu-format and the web viewers built on it (Kifu for JS). Records are written
// with encoding/json; they are read by a decoder of the package's own that takes a
// valid record in one pass over its bytes, where they lie in the reader's buffer,
// without reflection and without allocating per move, and leaves any other input
// (invalid JSON, a key unknown, repeated or in another case, 1.0 for an integer, text
// that is not UTF-8) to encoding/json, whose errors and results are the reference.
//
// A record is a JSON object with a header (an object of strings, kept in order), an
// initial position (a preset such as "HIRATE" or "KY", or "OTHER" with the board,
// hands and side to move), and the moves: moves[0] holds the comments on the start
// position, moves[n] the n-th move with its comments and time, a "special" entry ends
// the line (TORYO, CHUDAN, … as in CSA), and "forks" on an entry are alternatives to
// that entry's move, each a line of its own. They map to the root package's
// [shogi.Record] and its tree of [shogi.Node]: forks become the variations
// (Children[1:]) of the node before the entry.
//
// # Reading
//
// [Parse] reads one record and a [Reader] reads a stream of them: JSON objects one
// after the other, as JSON Lines (one record a line), concatenated or pretty-printed.
// The reader holds only the record being read and a buffer, so that a stream of any
// length reads in memory bounded by its longest record; [Reader.MaxBytes] bounds one
// record ([DefaultMaxBytes], 64 MiB, when 0, as for every record format) and a
// longer one is an [ErrTooLarge] error where it passes the bound, not at its end. A
// record that cannot be read does not stop the stream: Read returns its
// error and the next call reads the next record, and [Reader.RecordLine] gives the
// line at which the record starts. A value that is not valid JSON (a truncated record,
// garbage between records) is an [ErrJSON] error at the fault, and the reader resumes
// at the next line that may start a value; a top-level value that is not an object is
// an [ErrNotObject] error. Parse of a text without a record is an error that wraps
// [shogi.ErrNoRecord]; a Reader returns io.EOF for it.
//
// Every move is resolved against the position and checked with
// [shogi.Position.CheckMove]; an illegal move is a [*SyntaxError] (with the line,
// column and JSON path of the move object) whose Err is the root package's
// [*shogi.IllegalMoveError], so errors.Is(err, shogi.ErrNifu) tells a 二歩 and
// errors.As gives the move number. Lines and columns are those of the stream, the
// column counted in characters. An OTHER start position may be a composed one that
// could not arise in a game (see [shogi.Setup.AllowUnreachable]). A move's "piece"
// must be the piece on its origin square ([shogi.ErrPieceMismatch], whose error says
// which piece is there), its "color" the side to move; "capture" and "same", when
// given, must agree with the position; "relative" is not needed to read a move and is
// not checked. Keys JKF does not define are an error.
//
// Set [Reader.Lenient] to step over these problems with warnings
// ([Reader.Warnings]) instead. A move a lenient read cannot read, or an illegal one,
// ends its line with an ending of kind [shogi.EndUnread] whose Text is the move's
// JSON, and one warning that wraps the move's error; the moves before it are kept
// and nothing of the line after it is read. (The first move of a fork that cannot be
// read makes the fork an unread alternative: a child without a move, with the
// EndUnread ending.) A lenient read never records a result the text does not state:
// an illegal move is no loss by a foul.
//
// json-kifu-format's first layout is read in strict reads as in lenient ones, as every
// JKF reader reads it, with warnings that wrap [ErrOldLayout] ([Reader.Warnings]
// returns them even in a strict read): moves without "color" (which the format now
// requires) are read as the side to move's, with one warning for the record, and the
// top-level keys "result" and "type" are skipped, with a warning each. Any other key
// JKF does not define is still an error in a strict read.
//
// # Writing
//
// Reading and writing take time and memory in proportion to the record, however deep
// its variations nest: a fork is played on the position and taken back, never copied.
// Forks may nest at most [MaxForkDepth] levels in what a Writer writes ([ErrTooDeep]
// beyond), since JSON decoders refuse deeper nesting.
//
// [Format] and [Writer] write every line of the record, with "relative" (左 L, 直 C,
// 右 R, 上 U, 寄 M, 引 D, 打 H) wherever a KI2 move needs the words (JSA rules, from
// the notation package), "same" for a move to the previous move's square, "capture",
// and "promote": true for a promotion and false for a promotion declined. JKF cannot
// carry some of what a record may hold, so the writer leaves out:
//
//   - bookmarks;
//   - the move number of the start position (JKF records start at move 1);
//   - fractions of a second in times;
//   - the Text of an ending of a known kind;
//   - an ending of kind [shogi.EndUnread], the mark of a line a lenient read could
//     not finish: no special entry is written for it and the line simply stops; the
//     variations that branch where it stops are left out too (JKF has no entry to
//     hang them on, and writing the first as the continuation would promote it to
//     the line), and an unread alternative (a child without a move) is left out.
//
// A line whose ending has no special (see [WritesEnding]) stops there, its variations
// left out like those of an unread line. Endings CSA has no code for are written with
// their KIF words as the special:
// 不戦勝, 不戦敗, 封じ手; an ending of no known kind is written as its Text and read
// back the same way. The comments and time of a special entry are the ending's
// ([shogi.Ending] Comments, Time and HasTime). A line that ends with variations
// branching at its ending (a node with both an End and Children) is written as a
// special entry whose forks are those variations, and an ending given as an
// alternative to a move (a child without a move) as a fork of one special entry.
package jkf
