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
// # Judging
//
// Validate reads and judges every record of a Reader: its Verdict lists the problems,
// each with the severity that this package's policy gives it (see Check), with the
// moves and the position reached. The command line's validate and the examples use it,
// so that a record gets the same verdict everywhere. [Verdict.Report] is a verdict's
// line in the JSON that `shogi validate -json` prints ([Report.AppendJSON]), which the
// Beam pipeline of the repository's beam module writes too; [SkippedReport] and
// [InputErrorReport] are the lines of an input passed over or unreadable.
//
// # Writing and walking
//
// A Writer writes records in any format; Marshal writes one. Walk lists the record files
// under a list of paths — directories walked, glob patterns expanded, other files named
// as skipped — for programs that go through collections; a Walker with Archives walks
// zip and tar archives as directories, each member an Entry that Open reads.
package record
