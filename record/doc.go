// Package record reads, judges and writes shogi game records of every format the
// library knows — KIF, KI2, CSA, JKF, USI position lines and SFENs — as one stream of
// records, whatever the input holds: one record or thousands, in a file of any size.
//
// # Reading
//
// A Reader detects the format from the content (Detect; a file name's extension only
// breaks ties) and returns one *shogi.Record per call of Read, or per step of All,
// holding one record in memory at a time. A record that cannot be read is an *Error and
// the reader goes on with the next one:
//
//	r, err := record.Open("games.csa")
//	if err != nil { … }
//	defer r.Close()
//	for rec, err := range r.All() {
//		if err != nil {
//			log.Print(err) // record: games.csa: record 3 (from line 240): line 251, column 1: …
//			continue
//		}
//		…
//	}
//
// Every problem of every format is an *Error, the one type errors.As needs: the input's
// path and format, the record's index and first line, the line and column (in
// characters) and the move number, its Severity, and the cause — the format package's
// sentinel, or a *shogi.IllegalMoveError whose foul errors.Is tests (shogi.ErrNifu) and
// whose code (Error.Code: "nifu") is stable for machines.
//
// Before it detects the format, a Reader looks at the head of its input: gzip data is
// decompressed as it is read (a stream expanding past MaxExpansion times its size stops
// with ErrExpansion), UTF-16 and UTF-32 text with a byte order mark is decoded to UTF-8,
// and binary data, archives and other compressions are an ErrNotText error that names
// them. UTF-8 and Shift_JIS are told apart by each format's reader.
//
// A lenient Reader (Reader.Lenient) reads on past problems, which become warnings
// (Reader.Warnings). It keeps every move it could read and stops a line of play at the
// first thing it cannot read, with an ending of kind shogi.EndUnread: it never makes up
// a result the file does not state, and writers write no result for that ending.
//
// A Reader's AdjustStart reads the moves of each record from a start of the caller's
// making rather than the file's: that of a tsume problem, say, whose defender holds
// every piece the file places nowhere (tsume.DefenderHoldsRest), so that his drops in
// the recorded solution read. It is given the start the file sets up or none: a
// problem with that start is the record's error in lenient reads too, in KIF as in CSA
// and JKF (a lenient KIF read otherwise passes over a malformed diagram or hand, and
// reads from the even start when it drops the diagram).
//
// # Judging
//
// Validate reads and judges every record of a Reader: its Verdict lists the problems,
// each with the severity that this package's policy gives it (see Check), with the
// moves and the position reached. Every rule ending is judged: checkmate, 千日手 (a
// perpetual check loses, whatever format wrote 千日手, %SENNICHITE or SENNICHITE),
// moves played after the game ended by rule, the move limit and entering-king
// declarations. The rules are those the record states (CSA V3's $MAX_MOVES and
// $JISHOGI), else the defaults (500 moves, past which moves are only warned of; the
// 27-point declaration rule); ValidateRules and CheckRules take the caller's. The command line's validate and the examples use it,
// so that a record gets the same verdict everywhere. [Verdict.Report] is a verdict's
// line in the JSON that `shogi validate -json` prints ([Report.AppendJSON]), which the
// Beam pipeline of the repository's beam module writes too (but for the Error of a record
// past the bound on its size, which the command words by its flag); [SkippedReport] and
// [InputErrorReport] are the lines of an input passed over or unreadable.
//
// # Writing and walking
//
// A Writer writes records in any format; Marshal writes one. Walk lists the record files
// under a list of paths — directories walked, glob patterns expanded, other files named
// as skipped — for programs that go through collections; a Walker with Archives walks
// zip and tar archives as directories, each member an Entry that Open reads.
//
// Every text a Writer writes reads back with the strict Reader, several records in one
// stream included (CSA's "/" separators, JSON Lines, a line a record; a program that
// joins records it wrote one by one puts [CSASeparator] between CSA records). It reads
// back as the same record, but for what the format cannot hold, which [Losses] lists
// and [Writer.Lost] gives for each record written, one [Loss] per [LossKind] with a
// machine code: variations (CSA, USI and SFEN hold the main line only), the moves
// (SFEN), comments (USI, SFEN), bookmarks (KIF and KI2 alone hold them), times (KI2,
// USI, SFEN), each side's running total where it is not the sum of the move times
// (CSA), fractions of a second, header fields with no place or no form in the format
// (CSA: every key but the players, 棋戦, 場所, 戦型, the dates, the time limit and its
// own $ keys; USI and SFEN: all), an ending the format has no word for (封じ手 in CSA),
// the start's move number (CSA, JKF) and the text where a lenient read stopped. A line
// that stops — unread, or with an ending the format cannot write — stops there in every
// format: the variations that branch at that point are lost, never written as the
// line's continuation, which would read back as the line itself. With
// [Writer.Lossless] set, a record that would lose anything is refused with a
// [*LossError] (errors.Is [ErrLossy]); `shogi convert` warns of the losses of each
// record, and refuses such records with -lossless.
//
// Header values are written in the target format's own forms where it has one: KIF's
// 持ち時間 (with 秒読み) is CSA's $TIME_LIMIT:HH:MM+SS and back, 開始日時 (or 対局日)
// and 終了日時 are CSA's $START_TIME and $END_TIME as YYYY/MM/DD HH:MM:SS (full-width
// digits and colons made ASCII, a weekday dropped), and times per move go both ways
// (KIF "( 0:01/00:00:01)" is CSA "T1", whose reader adds up the totals). A value with
// no form in the target ("60分 切れたら1分将棋") is a lost header field.
package record
